/*
 * paintbox.h - what the pictures draw with, opened once and lent to every
 * picture: the fonts (font.h), the standard map's drawing (mapgeo.h), the
 * map grounds drawn so far (mappic_ground.c), the maps' bands
 * (mappic_bands.c) and the square boards' bands (picture_band.c).
 *
 * The judge keeps one for its whole life (serve/runtime.c); a caller that
 * draws one picture may open one for it (picture_png(), mappic_png() do).
 * Pictures drawn with any paintbox are the same bytes.
 */
#ifndef PBEMD_PAINTBOX_H
#define PBEMD_PAINTBOX_H

#include <stddef.h>

#include "adjudicator/render/font.h"
#include "adjudicator/render/mapgeo.h"

struct paintbox;

/*
 * Opens the fonts (from FONT_DIR). Returns an owned paintbox
 * (paintbox_free()), or NULL with the reason in why.
 */
struct paintbox	*paintbox_new(char *why, size_t whylen);
void		 paintbox_free(struct paintbox *);	/* accepts NULL */

/* The fonts; borrowed, valid as long as the paintbox. */
const struct font	*paintbox_font(const struct paintbox *);
/*
 * The standard map's drawing, read and checked at the first call and kept;
 * borrowed. NULL, with the reason in why, when it does not load.
 */
const struct mapgeo	*paintbox_map(struct paintbox *, char *why,
			    size_t whylen);
/* The map grounds kept between pictures (mappic_ground.c); borrowed. */
struct mappic_grounds	*paintbox_grounds(struct paintbox *);
/* The square boards' bands kept between pictures (picture_band.c). */
struct picture_bands	*paintbox_bands(struct paintbox *);
/* The maps' bands kept between pictures (mappic_bands.c). */
struct mappic_bands	*paintbox_mapbands(struct paintbox *);

#endif
