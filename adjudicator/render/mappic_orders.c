/*
 * mappic_orders.c - a phase's orders on the map, each with its outcome.
 *
 * A move is an arrow in its power's colour from the unit to its target;
 * by convoy it curves through the convoying fleets. A support is a thinner
 * line to the middle of the supported move's arrow, or to a ring round
 * the unit it keeps in place; a convoy rings its fleet; a hold is a
 * hexagon round the unit. A retreat is an arrow from the dislodged unit's
 * spot, a disband or a removal a cross over the unit's pale ghost, a build
 * or a zombie's placement a ring with a sign. Succeeded orders are solid;
 * failed ones dashed, and a failed move or retreat ends in a bar where it
 * bounced; void ones thin, grey and dotted. Every line has a dark casing
 * so that it reads on land and sea. Reads only the board's orders and
 * the geometry. No I/O.
 */
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/render/mappic_priv.h"

#define ORDERS_PATH_MAX		64	/* points of one route */
#define ORDERS_CURVE_STEPS	10	/* points per stretch of a curve */
#define ORDERS_RING_R		(MAPPIC_UNIT_R + 4.5)
#define ORDERS_HEAD_LEN		11.0
#define ORDERS_HEAD_HALF	6.0

static const struct mappic_rgb orders_ink = MAPPIC_RGB(0x161616);
static const struct mappic_rgb orders_white = MAPPIC_RGB(0xffffff);
static const struct mappic_rgb orders_void = MAPPIC_RGB(0x8c8c8c);

void
mappic_orders_inks(struct mappic_inks *k)
{
	int	 p;

	mappic_paint_note(k, &orders_ink);
	mappic_paint_note(k, &orders_white);
	mappic_paint_note(k, &orders_void);
	for (p = -1; p < GAME_MAP_POWERS; p++)
		mappic_paint_note(k, mappic_paint_power(p));
}

/* How an order is stroked, from its kind and outcome. */
struct orders_pen {
	struct mappic_rgb	 rgb;
	double			 width;
	bool			 casing;
	int			 outcome;
};

struct orders_path {
	int		 n;
	double		 x[ORDERS_PATH_MAX], y[ORDERS_PATH_MAX];
};

static void
orders_pen(const struct game_map_order *o, double width,
    struct orders_pen *pen)
{
	pen->outcome = o->outcome;
	if (o->outcome == GAME_MAP_VOID) {
		pen->rgb = orders_void;
		pen->width = 1.5;
		pen->casing = false;
		return;
	}
	pen->rgb = *mappic_paint_power(o->power);
	pen->width = width;
	pen->casing = true;
}

/* Dashes of a failed order; dots of a void one. */
static void
orders_dash(cairo_t *cr, const struct orders_pen *pen)
{
	static const double	 failed[] = { 7.0, 4.5 };
	static const double	 dotted[] = { 2.0, 3.0 };

	if (pen->outcome == GAME_MAP_FAILED)
		cairo_set_dash(cr, failed, 2, 0);
	else if (pen->outcome == GAME_MAP_VOID)
		cairo_set_dash(cr, dotted, 2, 0);
	else
		cairo_set_dash(cr, NULL, 0, 0);
}

/* Strokes the current path with the pen: casing, then colour. */
static void
orders_stroke(cairo_t *cr, const struct orders_pen *pen)
{
	cairo_set_line_cap(cr, pen->outcome == GAME_MAP_OK ?
	    CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
	orders_dash(cr, pen);
	if (pen->casing) {
		mappic_paint_set(cr, &orders_ink);
		cairo_set_line_width(cr, pen->width + 2.2);
		mappic_paint_stroke(cr, true);
	}
	mappic_paint_set(cr, &pen->rgb);
	cairo_set_line_width(cr, pen->width);
	mappic_paint_stroke(cr, false);
	cairo_set_dash(cr, NULL, 0, 0);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
}

static void
orders_path_add(struct orders_path *p, double x, double y)
{
	if (p->n < ORDERS_PATH_MAX) {
		p->x[p->n] = x;
		p->y[p->n] = y;
		p->n++;
	}
}

static double
orders_path_len(const struct orders_path *p)
{
	double	 len = 0;
	int	 i;

	for (i = 1; i < p->n; i++)
		len += hypot(p->x[i] - p->x[i - 1], p->y[i] - p->y[i - 1]);
	return len;
}

/* The point at distance d along the path, and the direction there. */
static void
orders_path_at(const struct orders_path *p, double d, double *x, double *y,
    double *ux, double *uy)
{
	double	 seg;
	int	 i;

	*ux = 1;
	*uy = 0;
	for (i = 1; i < p->n; i++) {
		seg = hypot(p->x[i] - p->x[i - 1], p->y[i] - p->y[i - 1]);
		if (seg <= 0)
			continue;
		*ux = (p->x[i] - p->x[i - 1]) / seg;
		*uy = (p->y[i] - p->y[i - 1]) / seg;
		if (d <= seg || i == p->n - 1) {
			d = fmin(d, seg);
			*x = p->x[i - 1] + *ux * d;
			*y = p->y[i - 1] + *uy * d;
			return;
		}
		d -= seg;
	}
	*x = p->n > 0 ? p->x[0] : 0;
	*y = p->n > 0 ? p->y[0] : 0;
}

/* The part of the path from distance a to the length less b. */
static void
orders_path_trim(struct orders_path *p, double a, double b)
{
	struct orders_path	 q;
	double			 len = orders_path_len(p), d = 0, seg, x, y;
	double			 ux, uy;
	int			 i;

	if (len <= a + b + 4)
		a = b = fmax(0, (len - 4) / 2);
	q.n = 0;
	orders_path_at(p, a, &x, &y, &ux, &uy);
	orders_path_add(&q, x, y);
	for (i = 1; i < p->n; i++) {
		seg = hypot(p->x[i] - p->x[i - 1], p->y[i] - p->y[i - 1]);
		d += seg;
		if (d > a && d < len - b)
			orders_path_add(&q, p->x[i], p->y[i]);
	}
	orders_path_at(p, len - b, &x, &y, &ux, &uy);
	orders_path_add(&q, x, y);
	*p = q;
}

/* One coordinate of a Catmull-Rom stretch from b to c at t (0..1). */
static double
orders_cr(double a, double b, double c, double d, double t)
{
	return 0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) *
	    t * t + (3 * b - a - 3 * c + d) * t * t * t);
}

/* A Catmull-Rom curve through the points, as a polyline; the ends are
 * continued straight. */
static void
orders_curve(const double *px, const double *py, int n,
    struct orders_path *out)
{
	double	 t, x0, y0, x3, y3;
	int	 i, k;

	out->n = 0;
	orders_path_add(out, px[0], py[0]);
	for (i = 0; i + 1 < n; i++) {
		x0 = i > 0 ? px[i - 1] : 2 * px[i] - px[i + 1];
		y0 = i > 0 ? py[i - 1] : 2 * py[i] - py[i + 1];
		x3 = i + 2 < n ? px[i + 2] : 2 * px[i + 1] - px[i];
		y3 = i + 2 < n ? py[i + 2] : 2 * py[i + 1] - py[i];
		for (k = 1; k <= ORDERS_CURVE_STEPS; k++) {
			t = (double)k / ORDERS_CURVE_STEPS;
			orders_path_add(out,
			    orders_cr(x0, px[i], px[i + 1], x3, t),
			    orders_cr(y0, py[i], py[i + 1], y3, t));
		}
	}
}

/* Whether two places of the view (fields that need no NUL) are in one
 * province: "STP/NC" and "stp" are. */
static bool
orders_same_prov(const char *a, const char *b)
{
	char	 x[GAME_MAP_PLACE], y[GAME_MAP_PLACE];
	size_t	 lx, ly;

	snprintf(x, sizeof(x), "%.*s", GAME_MAP_PLACE - 1, a);
	snprintf(y, sizeof(y), "%.*s", GAME_MAP_PLACE - 1, b);
	lx = strcspn(x, "/");
	ly = strcspn(y, "/");
	return lx == ly && lx > 0 && strncasecmp(x, y, lx) == 0;
}

/*
 * The route of a move by convoy: through the fleets that convoy this
 * army to this target, nearest first, bent to the side if none is known
 * so that it still reads as a convoy.
 */
static void
orders_convoy_route(const struct mappic *m, const struct game_map_order *mv,
    double sx, double sy, double tx, double ty, struct orders_path *out)
{
	double	 px[GAME_MAP_ORDERS + 2], py[GAME_MAP_ORDERS + 2], x, y;
	double	 best, d;
	bool	 used[GAME_MAP_ORDERS];
	int	 i, n = 0, pick, k;

	memset(used, 0, sizeof(used));
	px[n] = sx;
	py[n++] = sy;
	for (k = 0; k < m->b->norders && k < GAME_MAP_ORDERS; k++) {
		pick = -1;
		best = 0;
		for (i = 0; i < m->b->norders && i < GAME_MAP_ORDERS; i++) {
			const struct game_map_order *c = &m->b->order[i];

			if (used[i] || c->kind != GAME_MAP_CONVOY ||
			    !orders_same_prov(c->from, mv->unit) ||
			    !orders_same_prov(c->to, mv->to) ||
			    mappic_units_at(m, c->unit, &x, &y) != 0)
				continue;
			d = hypot(x - px[n - 1], y - py[n - 1]);
			if (pick < 0 || d < best) {
				pick = i;
				best = d;
			}
		}
		if (pick < 0 || n + 2 > ORDERS_PATH_MAX / ORDERS_CURVE_STEPS)
			break;
		used[pick] = true;
		mappic_units_at(m, m->b->order[pick].unit, &px[n], &py[n]);
		n++;
	}
	if (n == 1) {
		/* No fleet known: a bow of a fifth of the way. */
		px[n] = (sx + tx) / 2 + (ty - sy) * 0.2;
		py[n++] = (sy + ty) / 2 - (tx - sx) * 0.2;
	}
	px[n] = tx;
	py[n++] = ty;
	orders_curve(px, py, n, out);
}

/*
 * A move's route, trimmed off the units at both ends; a move against a
 * move the other way is set aside to the right, so both arrows show.
 * Returns -1 when a place is not on the map.
 */
static int
orders_move_route(const struct mappic *m, const struct game_map_order *o,
    struct orders_path *p)
{
	double	 sx, sy, tx, ty, d, nx, ny;
	int	 i;

	if (mappic_units_at(m, o->unit, &sx, &sy) != 0 ||
	    mappic_units_at(m, o->to, &tx, &ty) != 0)
		return -1;
	if (o->kind == GAME_MAP_RETREAT &&
	    mappic_units_dislodged_at(m, o->unit, &sx, &sy) != 0)
		return -1;
	if ((d = hypot(tx - sx, ty - sy)) < 1)
		return -1;
	for (i = 0; i < m->b->norders && i < GAME_MAP_ORDERS; i++) {
		const struct game_map_order *r = &m->b->order[i];

		if (r->kind == o->kind && orders_same_prov(r->unit, o->to) &&
		    orders_same_prov(r->to, o->unit) && !o->convoyed) {
			nx = -(ty - sy) / d * 5;
			ny = (tx - sx) / d * 5;
			sx += nx;
			sy += ny;
			tx += nx;
			ty += ny;
			break;
		}
	}
	if (o->kind == GAME_MAP_MOVE && o->convoyed)
		orders_convoy_route(m, o, sx, sy, tx, ty, p);
	else {
		p->n = 0;
		orders_path_add(p, sx, sy);
		orders_path_add(p, tx, ty);
	}
	orders_path_trim(p, MAPPIC_UNIT_R + 3, MAPPIC_UNIT_R + 4);
	return 0;
}

static void
orders_path_draw(cairo_t *cr, const struct orders_path *p)
{
	int	 i;

	cairo_move_to(cr, p->x[0], p->y[0]);
	for (i = 1; i < p->n; i++)
		cairo_line_to(cr, p->x[i], p->y[i]);
}

/* A filled head at the end of the path. */
static void
orders_head(cairo_t *cr, const struct orders_path *p,
    const struct orders_pen *pen)
{
	double	 x, y, ux, uy, len = orders_path_len(p);
	double	 hl = pen->outcome == GAME_MAP_VOID ? 7 : ORDERS_HEAD_LEN;
	double	 hw = pen->outcome == GAME_MAP_VOID ? 4 : ORDERS_HEAD_HALF;

	orders_path_at(p, len, &x, &y, &ux, &uy);
	cairo_move_to(cr, x + ux * 2, y + uy * 2);
	cairo_line_to(cr, x - ux * hl - uy * hw, y - uy * hl + ux * hw);
	cairo_line_to(cr, x - ux * hl + uy * hw, y - uy * hl - ux * hw);
	cairo_close_path(cr);
	mappic_paint_set(cr, &pen->rgb);
	mappic_paint_fill(cr, true);
	mappic_paint_set(cr, pen->casing ? &orders_ink : &pen->rgb);
	cairo_set_line_width(cr, 1.0);
	mappic_paint_stroke(cr, false);
}

/* Where a failed move bounced: a bar across the arrow's tip. */
static void
orders_bounce(cairo_t *cr, const struct orders_path *p)
{
	double	 x, y, ux, uy;

	orders_path_at(p, orders_path_len(p), &x, &y, &ux, &uy);
	x += ux * 4;
	y += uy * 4;
	cairo_move_to(cr, x - uy * 9, y + ux * 9);
	cairo_line_to(cr, x + uy * 9, y - ux * 9);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	mappic_paint_set(cr, &orders_white);
	cairo_set_line_width(cr, 6.0);
	mappic_paint_stroke(cr, true);
	mappic_paint_set(cr, &orders_ink);
	cairo_set_line_width(cr, 3.5);
	mappic_paint_stroke(cr, false);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
}

/* An arrow: a move or a retreat. The body stops short of the head. */
static void
orders_arrow(struct mappic *m, const struct game_map_order *o)
{
	struct orders_pen	 pen;
	struct orders_path	 p, body;

	if (orders_move_route(m, o, &p) != 0)
		return;
	orders_pen(o, o->kind == GAME_MAP_RETREAT ? 2.5 : 3.5, &pen);
	body = p;
	orders_path_trim(&body, 0, ORDERS_HEAD_LEN - 2);
	orders_path_draw(m->cr, &body);
	orders_stroke(m->cr, &pen);
	orders_head(m->cr, &p, &pen);
	if (o->outcome == GAME_MAP_FAILED)
		orders_bounce(m->cr, &p);
}

/* The middle of the arrow of the move from -> to, drawn or not. */
static int
orders_move_middle(const struct mappic *m, const char *from, const char *to,
    double *x, double *y)
{
	struct orders_path	 p;
	double			 ux, uy, fx, fy, tx, ty;
	int			 i;

	for (i = 0; i < m->b->norders && i < GAME_MAP_ORDERS; i++) {
		const struct game_map_order *o = &m->b->order[i];

		if (o->kind == GAME_MAP_MOVE &&
		    orders_same_prov(o->unit, from) &&
		    orders_same_prov(o->to, to) &&
		    orders_move_route(m, o, &p) == 0) {
			orders_path_at(&p, orders_path_len(&p) / 2, x, y, &ux,
			    &uy);
			return 0;
		}
	}
	if (mappic_units_at(m, from, &fx, &fy) != 0 ||
	    mappic_units_at(m, to, &tx, &ty) != 0)
		return -1;
	*x = (fx + tx) / 2;
	*y = (fy + ty) / 2;
	return 0;
}

static void
orders_ring(cairo_t *cr, double x, double y, double r,
    const struct orders_pen *pen)
{
	cairo_new_sub_path(cr);
	cairo_arc(cr, x, y, r, 0, 2 * M_PI);
	orders_stroke(cr, pen);
}

/* A support: to the middle of the move, or to a ring round the unit. */
static void
orders_support(struct mappic *m, const struct game_map_order *o)
{
	struct orders_pen	 pen;
	struct orders_path	 p;
	double			 sx, sy, tx, ty, ux, uy, end;
	bool			 hold = o->to[0] == '\0';

	if (mappic_units_at(m, o->unit, &sx, &sy) != 0)
		return;
	if (hold ? mappic_units_at(m, o->from, &tx, &ty) != 0 :
	    orders_move_middle(m, o->from, o->to, &tx, &ty) != 0)
		return;
	orders_pen(o, 2.0, &pen);
	p.n = 0;
	orders_path_add(&p, sx, sy);
	orders_path_add(&p, tx, ty);
	end = hold ? ORDERS_RING_R : 4.5;
	orders_path_trim(&p, MAPPIC_UNIT_R + 3, end);
	orders_path_draw(m->cr, &p);
	orders_stroke(m->cr, &pen);
	if (hold) {
		orders_ring(m->cr, tx, ty, ORDERS_RING_R, &pen);
		return;
	}
	/* A dot where it meets the supported arrow. */
	orders_path_at(&p, orders_path_len(&p), &tx, &ty, &ux, &uy);
	cairo_arc(m->cr, tx + ux * 1.5, ty + uy * 1.5, 3.5, 0, 2 * M_PI);
	mappic_paint_set(m->cr, &pen.rgb);
	mappic_paint_fill(m->cr, true);
	mappic_paint_set(m->cr, pen.casing ? &orders_ink : &pen.rgb);
	cairo_set_line_width(m->cr, 1.0);
	mappic_paint_stroke(m->cr, false);
}

/* A convoy: a ring round the fleet; its army's route runs through it. */
static void
orders_convoy(struct mappic *m, const struct game_map_order *o)
{
	struct orders_pen	 pen;
	double			 x, y;

	if (mappic_units_at(m, o->unit, &x, &y) != 0)
		return;
	orders_pen(o, 2.0, &pen);
	orders_ring(m->cr, x, y, ORDERS_RING_R, &pen);
}

/* A hold: a hexagon round the unit. */
static void
orders_hold(struct mappic *m, const struct game_map_order *o)
{
	struct orders_pen	 pen;
	double			 x, y, a;
	int			 k;

	if (mappic_units_at(m, o->unit, &x, &y) != 0)
		return;
	orders_pen(o, 2.0, &pen);
	for (k = 0; k < 6; k++) {
		a = M_PI / 6 + k * M_PI / 3;
		if (k == 0)
			cairo_move_to(m->cr, x + cos(a) * (ORDERS_RING_R + 1),
			    y + sin(a) * (ORDERS_RING_R + 1));
		else
			cairo_line_to(m->cr, x + cos(a) * (ORDERS_RING_R + 1),
			    y + sin(a) * (ORDERS_RING_R + 1));
	}
	cairo_close_path(m->cr);
	orders_stroke(m->cr, &pen);
}

/* A cross over the pale ghost of a unit that is gone. */
static void
orders_cross(struct mappic *m, const struct game_map_order *o, double x,
    double y)
{
	cairo_t	*cr = m->cr;
	int	 pass;

	mappic_units_token(m, o->ukind, o->power, x, y, 1, true);
	for (pass = 0; pass < 2; pass++) {
		cairo_move_to(cr, x - 9, y - 9);
		cairo_line_to(cr, x + 9, y + 9);
		cairo_move_to(cr, x + 9, y - 9);
		cairo_line_to(cr, x - 9, y + 9);
		mappic_paint_set(cr, pass == 0 ? &orders_white : o->outcome ==
		    GAME_MAP_OK ? &orders_ink : &orders_void);
		cairo_set_line_width(cr, pass == 0 ? 6.0 : 3.0);
		mappic_paint_stroke(cr, false);
	}
}

/* A build or a zombie's placement: a ring and a sign; a unit that did
 * not come is a grey ghost. */
static void
orders_new(struct mappic *m, const struct game_map_order *o)
{
	struct orders_pen	 pen;
	cairo_t			*cr = m->cr;
	double			 x, y, bx, by;

	if (mappic_units_at(m, o->unit, &x, &y) != 0)
		return;
	orders_pen(o, 2.0, &pen);
	if (o->outcome != GAME_MAP_OK)
		mappic_units_token(m, o->ukind, o->power, x, y, 1, true);
	orders_ring(cr, x, y, ORDERS_RING_R, &pen);
	bx = x - ORDERS_RING_R * 0.7;
	by = y - ORDERS_RING_R * 0.7;
	cairo_arc(cr, bx, by, 5.5, 0, 2 * M_PI);
	mappic_paint_set(cr, &orders_white);
	mappic_paint_fill(cr, true);
	mappic_paint_set(cr, &orders_ink);
	cairo_set_line_width(cr, 1.0);
	mappic_paint_stroke(cr, false);
	if (o->kind == GAME_MAP_PLACE_ZOMBIE) {
		font_use(cr, m->font, FONT_BOLD);
		mappic_paint_text(cr, "Z", 7.5, bx, MAPPIC_MIDDLE, by,
		    MAPPIC_MIDDLE);
		return;
	}
	cairo_move_to(cr, bx - 3.2, by);
	cairo_line_to(cr, bx + 3.2, by);
	cairo_move_to(cr, bx, by - 3.2);
	cairo_line_to(cr, bx, by + 3.2);
	cairo_set_line_width(cr, 1.5);
	mappic_paint_stroke(cr, false);
}

static void
orders_one(struct mappic *m, const struct game_map_order *o)
{
	double	 x, y;

	switch (o->kind) {
	case GAME_MAP_HOLD:
		orders_hold(m, o);
		break;
	case GAME_MAP_MOVE:
	case GAME_MAP_RETREAT:
		orders_arrow(m, o);
		break;
	case GAME_MAP_SUPPORT:
		orders_support(m, o);
		break;
	case GAME_MAP_CONVOY:
		orders_convoy(m, o);
		break;
	case GAME_MAP_DISBAND:
		if (mappic_units_dislodged_at(m, o->unit, &x, &y) == 0)
			orders_cross(m, o, x, y);
		break;
	case GAME_MAP_REMOVE:
		if (mappic_units_at(m, o->unit, &x, &y) == 0)
			orders_cross(m, o, x, y);
		break;
	case GAME_MAP_BUILD:
	case GAME_MAP_PLACE_ZOMBIE:
		orders_new(m, o);
		break;
	default:
		break;
	}
}

/*
 * Void orders first and faint, then supports and convoys under the moves
 * they serve, then holds, moves and the rest; within a layer in the
 * view's order, so the same view gives the same picture.
 */
void
mappic_orders_draw(struct mappic *m)
{
	static const int	 layer[] = {
		[GAME_MAP_HOLD] = 2, [GAME_MAP_MOVE] = 2,
		[GAME_MAP_SUPPORT] = 1, [GAME_MAP_CONVOY] = 1,
		[GAME_MAP_RETREAT] = 2, [GAME_MAP_DISBAND] = 2,
		[GAME_MAP_BUILD] = 2, [GAME_MAP_REMOVE] = 2,
		[GAME_MAP_PLACE_ZOMBIE] = 2,
	};
	const struct game_map_order *o;
	int			 pass, i, n = m->b->norders, l;

	if (n < 0 || n > GAME_MAP_ORDERS)
		n = n < 0 ? 0 : GAME_MAP_ORDERS;
	cairo_set_line_join(m->cr, CAIRO_LINE_JOIN_ROUND);
	for (pass = 0; pass < 3; pass++)
		for (i = 0; i < n; i++) {
			o = &m->b->order[i];
			if (o->kind >= sizeof(layer) / sizeof(layer[0]))
				continue;
			l = o->outcome == GAME_MAP_VOID ? 0 : layer[o->kind];
			if (l == pass && (m->want_order == NULL ||
			    m->want_order[i]))
				orders_one(m, o);
		}
}
