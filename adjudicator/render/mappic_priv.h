/*
 * mappic_priv.h - between the files that draw a map picture: mappic.c (the
 * picture: layout, title, legend, PNG) on top; mappic_board.c (areas,
 * borders, names, centres), mappic_orders.c (the orders and their
 * outcomes), mappic_units.c (units and their marks) under it, in that
 * order; mappic_palette.c (256 colours) and mappic_paint.c (colours and
 * text) at the bottom. Each calls only files below it.
 */
#ifndef PBEMD_MAPPIC_PRIV_H
#define PBEMD_MAPPIC_PRIV_H

#include <cairo.h>
#include <stdbool.h>

#include "adjudicator/render/font.h"
#include "adjudicator/render/mappic.h"

#define MAPPIC_UNIT_R	10.0	/* a unit's disc */

struct mappic_rgb {
	double	 r, g, b;
};

#define MAPPIC_RGB(x)	{ ((x) >> 16) / 255.0, (((x) >> 8) & 255) / 255.0, \
	    ((x) & 255) / 255.0 }

/* One board being drawn; cairo's origin is the map's (0, 0). */
struct mappic {
	cairo_t				*cr;
	const struct mapgeo		*geo;
	const struct font		*font;
	const struct game_map_board	*b;
};

/* Text placement: which edge of the text's box sits at the point. */
enum mappic_align { MAPPIC_START, MAPPIC_MIDDLE, MAPPIC_END };

/* mappic_paint.c: colours and text, below every other file. */
void	mappic_paint_set(cairo_t *, const struct mappic_rgb *);
/* A power's colour (out of range: a neutral grey), and the ink (black
 * or white) that reads on it. */
const struct mappic_rgb *mappic_paint_power(int power);
const struct mappic_rgb *mappic_paint_ink(int power);
/* a mixed with b; t = 0 is a, 1 is b. */
struct mappic_rgb mappic_paint_mix(const struct mappic_rgb *a,
	    const struct mappic_rgb *b, double t);
/* Text with its box's edge or middle at (x, y), in the source colour. */
void	mappic_paint_text(cairo_t *, const char *s, double size, double x,
	    enum mappic_align ha, double y, enum mappic_align va);
/* Text centred at (x, y) in ink, over a halo of the given width. */
void	mappic_paint_halo(cairo_t *, const char *s, double size, double x,
	    double y, const struct mappic_rgb *ink,
	    const struct mappic_rgb *halo, double width);

/* mappic_board.c: areas, borders and centres; the names go on top. */
void	mappic_board_draw(struct mappic *);
void	mappic_board_names(struct mappic *);

/* mappic_units.c: where a location's unit stands (its coast, or the
 * province's spot); 0 or -1 for a place the geometry does not know. */
int	mappic_units_at(const struct mappic *, const char *loc, double *x,
	    double *y);
int	mappic_units_dislodged_at(const struct mappic *, const char *loc,
	    double *x, double *y);
/* The units on their places, or (aside) the dislodged ones and the
 * zombies waiting to be placed, with their retreat options. */
void	mappic_units_draw(struct mappic *, bool aside);
void	mappic_units_token(const struct mappic *, char kind, int power,
	    double x, double y, double scale, bool ghost);

/* mappic_orders.c */
void	mappic_orders_draw(struct mappic *);

/* mappic_palette.c: at most 256 colours, the rarest as their nearest
 * frequent one; 0, or -1 (the picture unchanged) for too many colours. */
int	mappic_palette_reduce(cairo_surface_t *);

#endif
