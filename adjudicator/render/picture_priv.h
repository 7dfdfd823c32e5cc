/*
 * picture_priv.h - between picture.c (drawing), picture_text.c (its texts)
 * and picture_png.c (encoding).
 */
#ifndef PBEMD_PICTURE_PRIV_H
#define PBEMD_PICTURE_PRIV_H

#include <cairo.h>

#include "common/util.h"

#define PICTURE_TEXT_MAX	16	/* longest cell text (label[12]) */
#define PICTURE_PLATE_PAD	1.5	/* ground around a field's name */

struct picture_rgb {
	double	 r, g, b;
};

/* Text placement: which edge of the text's box sits at the point. */
enum picture_align { PICTURE_START, PICTURE_MIDDLE, PICTURE_END };

/*
 * picture_text.c. clean: at most n bytes of src, made safe for cairo,
 * into out. draw: s in the source colour with its box's edge or middle at
 * (x, y), shrunk to maxw, on a plate of the colour plate (none if NULL).
 */
void	picture_text_clean(const char *src, size_t n,
	    char out[PICTURE_TEXT_MAX]);
void	picture_text_draw(cairo_t *, const char *s, double size,
	    double maxw, double x, enum picture_align ha, double y,
	    enum picture_align va, const struct picture_rgb *plate);

/* Appends the PNG of an RGB24 image surface to out; 0 or -1. */
int	picture_png_encode(cairo_surface_t *, struct buf *out);

#endif
