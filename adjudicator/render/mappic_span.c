/*
 * mappic_span.c - which rows of a map picture each order and unit inks,
 * and what a band of rows shows, written down as the key its deflated
 * part is kept by (mappic_bands.c).
 *
 * The orders and units are measured, not drawn: the layers stroke, fill
 * and letter through mappic_paint.c, which adds up what they would ink
 * while a measure is set (cairo's extents of the very paths they draw),
 * and a few rows more for smoothed edges. A band shows the ground (who
 * owns which centre), the names (the same in every picture), the title
 * and legend where it holds their rows, and the orders and units whose
 * rows it holds; an order may be drawn after others (a support reaches
 * the middle of the move it supports, a convoyed army's route runs
 * through its fleets, two moves against each other step aside), so a
 * band with an order in it also names all the board's orders. Two bands
 * with one key show the same pixels. No I/O.
 */
#include <cairo.h>
#include <math.h>
#include <string.h>

#include "adjudicator/render/mappic_priv.h"

/* Rows beyond cairo's extents: the smoothing of a stroke's edge. */
#define SPAN_SLACK	2

/* The rows m's one wanted order or unit inks, into s[0]..s[1] - 1. */
static void
span_take(struct mappic *m, struct mappic_measure *k, bool aside,
    bool orders, int16_t s[2])
{
	mappic_paint_measure(m->cr, k);
	if (orders)
		mappic_orders_draw(m);
	else
		mappic_units_draw(m, aside);
	mappic_paint_measure(m->cr, NULL);
	s[0] = s[1] = 0;
	if (!k->any || !(k->y1 >= k->y0))
		return;
	s[0] = (int16_t)fmax(floor(k->y0) - SPAN_SLACK, 0);
	s[1] = (int16_t)fmin(ceil(k->y1) + SPAN_SLACK + 1,
	    MAPPIC_BANDS_MAX * MAPPIC_BAND_ROWS);
}

void
mappic_spans_measure(struct mappic *m, struct mappic_bands *kept, double y0,
    struct mappic_spans *sp)
{
	struct mappic_measure	 k;
	struct {
		double			 y0;
		struct game_map_unit	 u;
	}			 key;
	uint64_t		 h1, h2;
	uint8_t			 one[GAME_MAP_ORDERS > GAME_MAP_UNITS ?
				    GAME_MAP_ORDERS : GAME_MAP_UNITS];
	int16_t			 s[2];
	int			 i, n;

	memset(sp, 0, sizeof(*sp));
	memset(one, 0, sizeof(one));
	cairo_save(m->cr);
	cairo_translate(m->cr, 0, y0);
	mappic_board_pen(m->cr);
	n = m->b->norders < 0 ? 0 : m->b->norders > GAME_MAP_ORDERS ?
	    GAME_MAP_ORDERS : m->b->norders;
	m->want_order = one;
	for (i = 0; i < n; i++) {
		one[i] = 1;
		span_take(m, &k, false, true, sp->order[i]);
		one[i] = 0;
	}
	m->want_order = NULL;
	n = m->b->nunits < 0 ? 0 : m->b->nunits > GAME_MAP_UNITS ?
	    GAME_MAP_UNITS : m->b->nunits;
	m->want_unit = one;
	memset(&key, 0, sizeof(key));
	key.y0 = y0;
	for (i = 0; i < n; i++) {
		/* A unit's rows follow from what it is and the map's top. */
		key.u = m->b->unit[i];
		mappic_bands_hash(&key, sizeof(key), &h1, &h2);
		if (mappic_bands_span(kept, h1, h2, sp->unit[i]))
			continue;
		one[i] = 1;
		/* A unit stands in one layer: on its place, or aside. */
		span_take(m, &k, false, false, sp->unit[i]);
		if (sp->unit[i][1] == 0) {
			span_take(m, &k, true, false, s);
			sp->unit[i][0] = s[0];
			sp->unit[i][1] = s[1];
		}
		one[i] = 0;
		mappic_bands_span_keep(kept, h1, h2, sp->unit[i]);
	}
	m->want_unit = NULL;
	cairo_restore(m->cr);
	n = m->b->norders < 0 ? 0 : m->b->norders > GAME_MAP_ORDERS ?
	    GAME_MAP_ORDERS : m->b->norders;
	mappic_bands_hash(m->b->order, (size_t)n * sizeof(m->b->order[0]),
	    &sp->orders_h1, &sp->orders_h2);
}

static bool
span_in(const int16_t s[2], int r0, int r1)
{
	return s[0] < s[1] && s[0] < r1 && s[1] > r0;
}

void
mappic_spans_key(const struct mappic *m, const struct mappic_spans *sp,
    const struct mappic_band_rows *rows, int r0, int r1, struct buf *key,
    uint64_t *h1, uint64_t *h2)
{
	int		 i, n;
	bool		 orders = false;
	const uint8_t	 tag[4] = { 'M', 'B', 1, 0 };

	buf_reset(key);
	buf_add(key, tag, sizeof(tag));
	buf_add(key, &r0, sizeof(r0));
	buf_add(key, &r1, sizeof(r1));
	buf_add(key, &rows->width, sizeof(rows->width));
	buf_add(key, m->owner, MAPGEO_AREAS);
	if (r0 < rows->map_y0 && rows->title != NULL)
		buf_add(key, rows->title, strlen(rows->title));
	buf_add(key, "", 1);
	if (r1 > rows->map_y1 && rows->legend != NULL)
		buf_add(key, rows->legend, strlen(rows->legend));
	buf_add(key, "", 1);
	n = m->b->norders < 0 ? 0 : m->b->norders > GAME_MAP_ORDERS ?
	    GAME_MAP_ORDERS : m->b->norders;
	for (i = 0; i < n; i++)
		if (span_in(sp->order[i], r0, r1)) {
			if (!orders) {
				buf_add(key, "O", 1);
				buf_add(key, &sp->orders_h1, 8);
				buf_add(key, &sp->orders_h2, 8);
				orders = true;
			}
			buf_add(key, &i, sizeof(i));
		}
	n = m->b->nunits < 0 ? 0 : m->b->nunits > GAME_MAP_UNITS ?
	    GAME_MAP_UNITS : m->b->nunits;
	for (i = 0; i < n; i++)
		if (span_in(sp->unit[i], r0, r1)) {
			buf_add(key, "U", 1);
			buf_add(key, &m->b->unit[i], sizeof(m->b->unit[i]));
		}
	mappic_bands_hash(key->data, key->len, h1, h2);
}

void
mappic_spans_want(const struct mappic *m, const struct mappic_spans *sp,
    const uint8_t *band, int nbands, uint8_t *want_order, uint8_t *want_unit)
{
	int	 i, b, n;

	n = m->b->norders < 0 ? 0 : m->b->norders > GAME_MAP_ORDERS ?
	    GAME_MAP_ORDERS : m->b->norders;
	for (i = 0; i < n; i++)
		for (want_order[i] = 0, b = 0; b < nbands && !want_order[i];
		    b++)
			want_order[i] = band[b] && span_in(sp->order[i],
			    b * MAPPIC_BAND_ROWS, (b + 1) * MAPPIC_BAND_ROWS);
	n = m->b->nunits < 0 ? 0 : m->b->nunits > GAME_MAP_UNITS ?
	    GAME_MAP_UNITS : m->b->nunits;
	for (i = 0; i < n; i++)
		for (want_unit[i] = 0, b = 0; b < nbands && !want_unit[i]; b++)
			want_unit[i] = band[b] && span_in(sp->unit[i],
			    b * MAPPIC_BAND_ROWS, (b + 1) * MAPPIC_BAND_ROWS);
}
