/*
 * picture_priv.h - between picture.c (drawing), picture_text.c (its texts),
 * picture_png.c (the PNG) and picture_deflate.c (its compressed data); the
 * map pictures (mappic.c) write their PNG through picture_png.c too.
 */
#ifndef PBEMD_PICTURE_PRIV_H
#define PBEMD_PICTURE_PRIV_H

#include <cairo.h>
#include <stddef.h>
#include <stdint.h>

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

/*
 * picture_png.c. encode: appends the PNG of an RGB24 image surface to out,
 * indexed when it has at most 256 colours; 0 or -1. indexed: the PNG of
 * width x height indexes (pix, row after row) into pal (npal 0xRRGGBB
 * colours, 1 to 256); 0 or -1.
 */
int	picture_png_encode(cairo_surface_t *, struct buf *out);
int	picture_png_indexed(int width, int height, const unsigned char *pix,
	    const uint32_t *pal, int npal, struct buf *out);

/*
 * picture_deflate.c: appends the zlib stream (RFC 1950) of the n bytes of
 * PNG scanlines raw (rows of stride bytes: a filter byte, then pixels of
 * bpp bytes) to out.
 */
void	picture_deflate(const unsigned char *raw, size_t n, size_t stride,
	    int bpp, struct buf *out);

#endif
