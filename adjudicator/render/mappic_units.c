/*
 * mappic_units.c - the units of a board: an army is a disc, a fleet a
 * boat, both in their power's colour with a dark outline, so the kind
 * reads by its shape and the power by its colour.
 *
 * A unit stands on its location's spot (a fleet on a split coast on that
 * coast's). A dislodged unit, and a Zombie-Diplomacy zombie waiting to be
 * placed, stand smaller on the province's second spot, down and right of
 * the first, inside a dashed ring; dotted arrows show where a dislodged
 * unit may retreat. An undead unit carries a black badge with a white
 * cross; a waiting zombie is pale, with a dashed outline and a "Z". Reads
 * only the board's units and the geometry. No I/O.
 */
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "adjudicator/render/mappic_priv.h"

#define UNITS_GHOST	0.55	/* how pale a waiting zombie is */
#define UNITS_SMALL	0.85	/* a dislodged unit's size */

static const struct mappic_rgb units_ink = MAPPIC_RGB(0x161616);
static const struct mappic_rgb units_white = MAPPIC_RGB(0xffffff);
static const struct mappic_rgb units_option = MAPPIC_RGB(0x3a3a3a);

/* A place of the view ("STP/NC" in an 8-byte field) as a string. */
static void
units_place(const char *at, char out[GAME_MAP_PLACE])
{
	snprintf(out, GAME_MAP_PLACE, "%.*s", GAME_MAP_PLACE - 1, at);
}

int
mappic_units_at(const struct mappic *m, const char *loc, double *x,
    double *y)
{
	char	 s[GAME_MAP_PLACE], *slash;

	units_place(loc, s);
	if (mapgeo_unit(m->geo, s, x, y) == 0)
		return 0;
	/* A coast the drawing has no spot for stands on the province's. */
	if ((slash = strchr(s, '/')) == NULL)
		return -1;
	*slash = '\0';
	return mapgeo_unit(m->geo, s, x, y);
}

int
mappic_units_dislodged_at(const struct mappic *m, const char *loc,
    double *x, double *y)
{
	char	 s[GAME_MAP_PLACE];

	units_place(loc, s);
	return mapgeo_dislodged(m->geo, mapgeo_find(m->geo, s), x, y);
}

void
mappic_units_inks(struct mappic_inks *k)
{
	struct mappic_rgb	 c;
	int			 p;

	mappic_paint_note(k, &units_ink);
	mappic_paint_note(k, &units_white);
	mappic_paint_note(k, &units_option);
	/* -1: the neutral grey. */
	for (p = -1; p < GAME_MAP_POWERS; p++) {
		mappic_paint_note(k, mappic_paint_power(p));
		c = mappic_paint_mix(mappic_paint_power(p), &units_white,
		    UNITS_GHOST);
		mappic_paint_note(k, &c);
	}
}

/* A boat: a hull and a sail, about as wide as an army's disc. */
static void
units_fleet_path(cairo_t *cr, double x, double y, double s)
{
	cairo_move_to(cr, x - 12.5 * s, y + 1.5 * s);
	cairo_line_to(cr, x + 12.5 * s, y + 1.5 * s);
	cairo_line_to(cr, x + 8 * s, y + 8 * s);
	cairo_line_to(cr, x - 8 * s, y + 8 * s);
	cairo_close_path(cr);
	cairo_move_to(cr, x - 1.5 * s, y + 0.5 * s);
	cairo_line_to(cr, x - 1.5 * s, y - 11 * s);
	cairo_line_to(cr, x + 8.5 * s, y + 0.5 * s);
	cairo_close_path(cr);
}

void
mappic_units_token(const struct mappic *m, char kind, int power, double x,
    double y, double scale, bool ghost)
{
	static const double	 dash[] = { 3.0, 2.0 };
	cairo_t			*cr = m->cr;
	struct mappic_rgb	 fill = *mappic_paint_power(power);

	if (ghost)
		fill = mappic_paint_mix(&fill, &units_white, UNITS_GHOST);
	if (kind == 'F')
		units_fleet_path(cr, x, y, scale);
	else
		cairo_arc(cr, x, y, MAPPIC_UNIT_R * scale, 0, 2 * M_PI);
	mappic_paint_set(cr, &fill);
	mappic_paint_fill(cr, true);
	mappic_paint_set(cr, &units_ink);
	cairo_set_line_width(cr, 1.5);
	if (ghost)
		cairo_set_dash(cr, dash, 2, 0);
	mappic_paint_stroke(cr, false);
	cairo_set_dash(cr, NULL, 0, 0);
	if (kind != 'F') {
		mappic_paint_set(cr, ghost ? &units_ink :
		    mappic_paint_ink(power));
		font_use(cr, m->font, FONT_BOLD);
		mappic_paint_text(cr, "A", 11 * scale, x, MAPPIC_MIDDLE, y,
		    MAPPIC_MIDDLE);
	}
}

/* A small black badge up and right of a unit, with a sign in white. */
static void
units_badge(const struct mappic *m, double x, double y, const char *sign)
{
	cairo_t	*cr = m->cr;
	double	 bx = x + 9, by = y - 9;

	cairo_arc(cr, bx, by, 5.5, 0, 2 * M_PI);
	mappic_paint_set(cr, &units_ink);
	mappic_paint_fill(cr, true);
	mappic_paint_set(cr, &units_white);
	cairo_set_line_width(cr, 1.0);
	mappic_paint_stroke(cr, false);
	if (sign[0] == '+') {
		/* A cross of a grave, longer below. */
		cairo_move_to(cr, bx, by - 3.5);
		cairo_line_to(cr, bx, by + 3.5);
		cairo_move_to(cr, bx - 2.5, by - 1);
		cairo_line_to(cr, bx + 2.5, by - 1);
		cairo_set_line_width(cr, 1.4);
		mappic_paint_stroke(cr, false);
		return;
	}
	font_use(cr, m->font, FONT_BOLD);
	mappic_paint_text(cr, sign, 7.5, bx, MAPPIC_MIDDLE, by, MAPPIC_MIDDLE);
}

/* The dashed ring of a unit out of its place. */
static void
units_ring(cairo_t *cr, double x, double y)
{
	static const double	 dash[] = { 2.5, 2.0 };

	cairo_arc(cr, x, y, MAPPIC_UNIT_R + 3, 0, 2 * M_PI);
	mappic_paint_set(cr, &units_white);
	cairo_set_line_width(cr, 3.0);
	mappic_paint_stroke(cr, true);
	mappic_paint_set(cr, &units_ink);
	cairo_set_line_width(cr, 1.5);
	cairo_set_dash(cr, dash, 2, 0);
	mappic_paint_stroke(cr, false);
	cairo_set_dash(cr, NULL, 0, 0);
}

/* Dotted arrows from a dislodged unit to where it may retreat. */
static void
units_options(struct mappic *m, const struct game_map_unit *u, double x,
    double y)
{
	static const double	 dot[] = { 1.0, 3.0 };
	cairo_t			*cr = m->cr;
	double			 tx, ty, d, ux, uy, ex, ey;
	int			 i;

	for (i = 0; i < u->noptions && i < GAME_MAP_OPTIONS; i++) {
		if (mappic_units_at(m, u->option[i], &tx, &ty) != 0)
			continue;
		d = hypot(tx - x, ty - y);
		if (d < 2 * MAPPIC_UNIT_R + 8)
			continue;
		ux = (tx - x) / d;
		uy = (ty - y) / d;
		ex = tx - ux * (MAPPIC_UNIT_R + 2);
		ey = ty - uy * (MAPPIC_UNIT_R + 2);
		mappic_paint_set(cr, &units_option);
		cairo_set_line_width(cr, 1.6);
		cairo_set_dash(cr, dot, 2, 0);
		cairo_move_to(cr, x + ux * (MAPPIC_UNIT_R + 4),
		    y + uy * (MAPPIC_UNIT_R + 4));
		cairo_line_to(cr, ex, ey);
		mappic_paint_stroke(cr, false);
		cairo_set_dash(cr, NULL, 0, 0);
		/* An open head: two strokes back from the tip. */
		cairo_move_to(cr, ex - 6 * ux - 3.5 * uy,
		    ey - 6 * uy + 3.5 * ux);
		cairo_line_to(cr, ex, ey);
		cairo_line_to(cr, ex - 6 * ux + 3.5 * uy,
		    ey - 6 * uy - 3.5 * ux);
		cairo_set_line_width(cr, 1.4);
		mappic_paint_stroke(cr, false);
	}
}

static void
units_one(struct mappic *m, const struct game_map_unit *u, bool aside)
{
	cairo_t	*cr = m->cr;
	double	 x, y;
	bool	 out = u->mark == GAME_MAP_DISLODGED ||
	    u->mark == GAME_MAP_WAITING;

	if (out != aside)
		return;
	if (out ? mappic_units_dislodged_at(m, u->at, &x, &y) != 0 :
	    mappic_units_at(m, u->at, &x, &y) != 0)
		return;
	if (out)
		units_ring(cr, x, y);
	mappic_units_token(m, u->kind, u->power, x, y, out ? UNITS_SMALL : 1,
	    u->mark == GAME_MAP_WAITING);
	if (u->mark == GAME_MAP_UNDEAD)
		units_badge(m, x, y, "+");
	else if (u->mark == GAME_MAP_WAITING)
		units_badge(m, x, y, "Z");
	else if (u->mark == GAME_MAP_DISLODGED)
		units_options(m, u, x, y);
}

void
mappic_units_draw(struct mappic *m, bool aside)
{
	int	 i, n = m->b->nunits;

	if (n < 0 || n > GAME_MAP_UNITS)
		n = n < 0 ? 0 : GAME_MAP_UNITS;
	for (i = 0; i < n; i++)
		if (m->want_unit == NULL || m->want_unit[i])
			units_one(m, &m->b->unit[i], aside);
}
