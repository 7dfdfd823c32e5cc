/*
 * mappic_board.c - the map under the pieces: land, sea and walls, the
 * borders, the supply centres with their owners and every province's name.
 *
 * A province with an owned supply centre is tinted with its owner's
 * colour, so a glance shows who holds what; the centre's dot is filled
 * with the owner's colour, or white when nobody owns it. Borders between
 * land provinces are thin, coasts heavier, borders at sea dashed. The
 * ground reads only the centres' owners (mappic_board_owners()) and the
 * geometry, so mappic_ground.c can keep it for pictures alike. No I/O.
 */
#include <cairo.h>
#include <math.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/render/mappic_priv.h"

#define BOARD_NAME_SIZE		10.0
#define BOARD_CENTRE_R		4.5
#define BOARD_TINT		0.78	/* of the land in an owned province */
#define BOARD_BAND_TINT		0.25	/* of the land in its band */
#define BOARD_BAND		4.5	/* the band's width inside */
#define BOARD_HALO		2.2	/* round a name, on land or sea */
/* How far a name's ink reaches up or down from its label's point: half
 * its capitals' height and the halo, with room to spare. */
#define BOARD_NAME_REACH	(BOARD_NAME_SIZE + BOARD_HALO + 2)

static const struct mappic_rgb board_land = MAPPIC_RGB(0xf0e7cf);
static const struct mappic_rgb board_sea = MAPPIC_RGB(0xa9cae6);
static const struct mappic_rgb board_wall = MAPPIC_RGB(0xc9c3b6);
static const struct mappic_rgb board_hatch = MAPPIC_RGB(0xa9a293);
static const struct mappic_rgb board_line = MAPPIC_RGB(0x8b7d66);
static const struct mappic_rgb board_coast = MAPPIC_RGB(0x4d6a85);
static const struct mappic_rgb board_sealine = MAPPIC_RGB(0x7d9fbd);
static const struct mappic_rgb board_frame = MAPPIC_RGB(0x33393f);
static const struct mappic_rgb board_name_land = MAPPIC_RGB(0x3a3226);
static const struct mappic_rgb board_name_sea = MAPPIC_RGB(0x2a5276);
static const struct mappic_rgb board_ink = MAPPIC_RGB(0x161616);
static const struct mappic_rgb board_white = MAPPIC_RGB(0xffffff);

/*
 * The owner of the centre in each area as the ground shows it: a power,
 * or -1 (no centre listed, nobody, or an owner out of range); the first
 * centre listed for an area counts.
 */
void
mappic_board_owners(const struct mapgeo *geo, const struct game_map_board *b,
    int8_t owner[MAPGEO_AREAS])
{
	const char	*name;
	int		 a, i, o;

	for (a = 0; a < MAPGEO_AREAS; a++)
		owner[a] = -1;
	for (a = 0; a < mapgeo_areas(geo) && a < MAPGEO_AREAS; a++) {
		name = mapgeo_name(geo, a);
		for (i = 0; i < b->ncentres && i < GAME_MAP_CENTRES; i++)
			if (strncasecmp(b->centre[i].at, name,
			    GAME_MAP_PLACE) == 0)
				break;
		if (i == b->ncentres || i == GAME_MAP_CENTRES)
			continue;
		o = b->centre[i].owner;
		owner[a] = (int8_t)(o >= 0 && o < GAME_MAP_POWERS ? o : -1);
	}
}

/* Walls: hatched, as impassable land is on printed boards. */
static void
board_hatch_area(struct mappic *m, int a)
{
	cairo_t	*cr = m->cr;
	double	 w = mapgeo_width(m->geo), h = mapgeo_height(m->geo), k;

	cairo_save(cr);
	mapgeo_path(m->geo, a, cr);
	cairo_clip(cr);
	mappic_paint_set(cr, &board_hatch);
	cairo_set_line_width(cr, 1.0);
	for (k = -h; k < w; k += 7) {
		cairo_move_to(cr, k, h);
		cairo_line_to(cr, k + h, 0);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/*
 * An owned centre's province: a light tint of its owner and a band of
 * the owner's colour along its inside, so that land stays land-coloured
 * (England's and France's blues would pass for sea as a full fill).
 */
static void
board_owned(struct mappic *m, int a, int owner)
{
	struct mappic_rgb	 c;
	cairo_t			*cr = m->cr;

	c = mappic_paint_mix(mappic_paint_power(owner), &board_land,
	    BOARD_TINT);
	mapgeo_path(m->geo, a, cr);
	mappic_paint_set(cr, &c);
	cairo_fill(cr);
	/* Stroked along the outline moved inwards by half its width: no
	 * clip, which costs cairo a mask per province. */
	c = mappic_paint_mix(mappic_paint_power(owner), &board_land,
	    BOARD_BAND_TINT);
	mapgeo_path_inset(m->geo, a, BOARD_BAND / 2, cr);
	mappic_paint_set(cr, &c);
	cairo_set_line_width(cr, BOARD_BAND);
	cairo_stroke(cr);
}

static void
board_areas(struct mappic *m)
{
	cairo_t		*cr = m->cr;
	int		 a, owner;

	for (a = 0; a < mapgeo_areas(m->geo) && a < MAPGEO_AREAS; a++) {
		switch (mapgeo_terrain(m->geo, a)) {
		case MAPGEO_SEA:
			mappic_paint_set(cr, &board_sea);
			break;
		case MAPGEO_WALL:
			mappic_paint_set(cr, &board_wall);
			break;
		default:
			owner = m->owner[a];
			if (owner >= 0) {
				board_owned(m, a, owner);
				continue;
			}
			mappic_paint_set(cr, &board_land);
			break;
		}
		mapgeo_path(m->geo, a, cr);
		cairo_fill(cr);
		if (mapgeo_terrain(m->geo, a) == MAPGEO_WALL)
			board_hatch_area(m, a);
	}
}

static void
board_borders(struct mappic *m)
{
	static const double	 dash[] = { 4.0, 3.0 };
	cairo_t			*cr = m->cr;
	int			 i, a, b, ta, tb, kind;

	/* Three passes, one style each, so each is one stroke. */
	for (kind = 0; kind < 3; kind++) {
		for (i = 0; i < mapgeo_borders(m->geo); i++) {
			mapgeo_border(m->geo, i, NULL, &a, &b);
			ta = mapgeo_terrain(m->geo, a) == MAPGEO_SEA;
			tb = mapgeo_terrain(m->geo, b) == MAPGEO_SEA;
			if (ta + tb == kind)
				mapgeo_border(m->geo, i, cr, &a, &b);
		}
		if (kind == 0) {
			mappic_paint_set(cr, &board_line);
			cairo_set_line_width(cr, 1.0);
		} else if (kind == 1) {
			mappic_paint_set(cr, &board_coast);
			cairo_set_line_width(cr, 1.6);
		} else {
			mappic_paint_set(cr, &board_sealine);
			cairo_set_line_width(cr, 1.0);
			cairo_set_dash(cr, dash, 2, 0);
		}
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
	cairo_rectangle(cr, 0.75, 0.75, mapgeo_width(m->geo) - 1.5,
	    mapgeo_height(m->geo) - 1.5);
	mappic_paint_set(cr, &board_frame);
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
}

static void
board_centre(struct mappic *m, int a, int owner)
{
	cairo_t	*cr = m->cr;
	double	 x, y;

	if (mapgeo_centre(m->geo, a, &x, &y) != 0)
		return;
	cairo_arc(cr, x, y, BOARD_CENTRE_R, 0, 2 * M_PI);
	if (owner >= 0 && owner < GAME_MAP_POWERS)
		mappic_paint_set(cr, mappic_paint_power(owner));
	else
		mappic_paint_set(cr, &board_white);
	cairo_fill_preserve(cr);
	mappic_paint_set(cr, &board_ink);
	cairo_set_line_width(cr, 1.2);
	cairo_stroke(cr);
	if (owner < 0 || owner >= GAME_MAP_POWERS) {
		/* Neutral: a dot in the ring, apart from any power's. */
		cairo_arc(cr, x, y, 1.4, 0, 2 * M_PI);
		cairo_fill(cr);
	}
}

/* Every area with a centre's spot, listed or not, owned or not. */
static void
board_centres(struct mappic *m)
{
	int	 a;

	for (a = 0; a < mapgeo_areas(m->geo) && a < MAPGEO_AREAS; a++)
		board_centre(m, a, m->owner[a]);
}

/*
 * The provinces' names, over the orders and units with a halo of the
 * ground's colour, so that an arrow across a name leaves it readable.
 * Land names upright, sea names slanted, each style in one pass.
 */
void
mappic_board_names(struct mappic *m)
{
	struct mappic_label	 l[MAPGEO_AREAS];
	cairo_t			*cr = m->cr;
	int			 a, n, sea;

	for (sea = 0; sea < 2; sea++) {
		font_use(cr, m->font, sea ? FONT_BOLD_SLANTED : FONT_BOLD);
		for (a = n = 0; a < mapgeo_areas(m->geo) && n < MAPGEO_AREAS;
		    a++) {
			if ((mapgeo_terrain(m->geo, a) == MAPGEO_SEA) != sea ||
			    mapgeo_label(m->geo, a, &l[n].x, &l[n].y) != 0 ||
			    !mappic_paint_wanted(cr, m->band, m->top,
			    l[n].y - BOARD_NAME_REACH, l[n].y + BOARD_NAME_REACH))
				continue;
			l[n++].s = mapgeo_name(m->geo, a);
		}
		mappic_paint_halos(cr, l, n, BOARD_NAME_SIZE, sea ?
		    &board_name_sea : &board_name_land, sea ? &board_sea :
		    &board_land, BOARD_HALO);
	}
}

/*
 * The pen the ground leaves to the layers drawn over it, the same whether
 * the ground was drawn just now or painted from one kept
 * (mappic_ground.c): smoothed, round caps and joins, the centres' ink.
 */
void
mappic_board_pen(cairo_t *cr)
{
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_set_line_width(cr, 1.2);
	cairo_set_dash(cr, NULL, 0, 0);
	mappic_paint_set(cr, &board_ink);
}

void
mappic_board_draw(struct mappic *m)
{
	cairo_t	*cr = m->cr;

	/* Crisp fills: flat fields compress well and need no smoothing
	 * where every border is stroked over them. */
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL);
	board_areas(m);
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
	/* The smoothed borders turn a few degrees a point: bevels look as
	 * round as round joins there, and cost a fraction. */
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	board_borders(m);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	board_centres(m);
	mappic_board_pen(cr);
}
