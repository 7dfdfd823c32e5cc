/*
 * picture_field.c - how one field of a board picture is drawn with cairo
 * from its struct game_cell: where the board's fields sit, and a field's
 * ground, hatch, a mark's frame, outline, piece, side texts and name.
 *
 * Reads nothing but the cell and the board's size. Square grids (chess
 * 8x8, ARI 15x15, weekeewachee 4x6) and the KlinZha triangle share one
 * drawing order: ground, hatch, a mark's frame, outline, piece, side
 * texts, and the field's name last, on a plate of its field's colour
 * (docs/pictures.md). A square field draws nothing outside its square
 * and the lines round it, which picture_rows.c builds on. No I/O.
 */
#include <cairo.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "adjudicator/render/font.h"
#include "adjudicator/render/picture.h"
#include "adjudicator/render/picture_priv.h"

#define PICTURE_BOARD_PX	560.0	/* a square board's target size */
#define PICTURE_SQ_MIN		44.0	/* ARI: room for four side texts */
#define PICTURE_SQ_MAX		72.0
#define PICTURE_TRI_SIDE	80.0	/* KlinZha: 9 rows, 736 px wide */

/* Per ground (enum game_cell_shade): fill, hatch, ink for the name. */
struct picture_look {
	struct picture_rgb	 fill, hatch, ink;
	int			 hatch_dirs;	/* 0, 1 or 2 (cross) */
	double			 spacing;
};

/*
 * Per mark (enum game_cell_mark): a flat ground (plain, dark) takes the
 * mark's fill and ink; a hatched one (cloud, edge) keeps its hatch, which
 * says what the field is, and gets a frame of the mark's colour inside its
 * outline.
 */
struct picture_mark {
	struct picture_rgb	 fill, ink, frame;
};

#define RGB(x)	{ ((x) >> 16) / 255.0, (((x) >> 8) & 255) / 255.0, \
	    ((x) & 255) / 255.0 }

static const struct picture_look picture_looks[] = {
	[GAME_SHADE_PLAIN] = { RGB(0xefe4cc), RGB(0), RGB(0x3c342a), 0, 0 },
	[GAME_SHADE_DARK] = { RGB(0xa8805a), RGB(0), RGB(0xf6eedd), 0, 0 },
	/* rules/klinzha.md 5: a cloud hides; drawn cross-hatched grey. */
	[GAME_SHADE_CLOUD] = { RGB(0x979da6), RGB(0x555b64), RGB(0xffffff),
	    2, 8.0 },
	/* The cloud edge is half covered: lighter, hatched one way. */
	[GAME_SHADE_EDGE] = { RGB(0xcdd2d8), RGB(0x8c939d), RGB(0x2a2f36),
	    1, 8.0 },
};

/* A zone red, the last move green; the frames darker and stronger than
 * the fills, to stand out against either grey. */
static const struct picture_mark picture_zone = { RGB(0xeeb0a2),
	RGB(0x3c2a24), RGB(0xc0392b) };
static const struct picture_mark picture_last = { RGB(0xd2e27c),
	RGB(0x303a10), RGB(0x9ccc1a) };

static const struct picture_rgb picture_white = RGB(0xffffff);
static const struct picture_rgb picture_line = RGB(0x4a4036);
static const struct picture_rgb picture_light = RGB(0xfbf8f0);
static const struct picture_rgb picture_dark = RGB(0x26231f);
static const struct picture_rgb picture_unknown = RGB(0x6e737b);
static const struct picture_rgb picture_black = RGB(0x111111);

/* A cell's colours once its ground and marks are resolved. */
struct picture_paint {
	struct picture_look		 look;
	const struct picture_rgb	*frame;		/* NULL: none */
};

int
picture_field_geom(const struct game_cells *cells, struct picture_geom *g)
{
	int	 big;

	memset(g, 0, sizeof(*g));
	if (cells == NULL || cells->n <= 0 || cells->n > GAME_CELLS_MAX)
		return -1;
	g->shape = cells->shape;
	g->rows = cells->rows;
	g->cols = cells->cols;
	if (g->shape == GAME_CELL_SQUARE) {
		if (g->rows < 1 || g->cols < 1 || g->rows > PICTURE_GRID_MAX ||
		    g->cols > PICTURE_GRID_MAX)
			return -1;
		big = g->rows > g->cols ? g->rows : g->cols;
		g->unit = floor(PICTURE_BOARD_PX / big);
		g->unit = fmax(PICTURE_SQ_MIN, fmin(PICTURE_SQ_MAX, g->unit));
		g->width = (int)(2 * PICTURE_MARGIN + g->cols * g->unit);
		g->height = (int)(2 * PICTURE_MARGIN + g->rows * g->unit);
		return 0;
	}
	if (g->shape != GAME_CELL_TRI || g->rows < 1 ||
	    g->rows > PICTURE_TRI_MAX)
		return -1;
	g->unit = PICTURE_TRI_SIDE;
	g->h = g->unit * sqrt(3.0) / 2;
	g->width = (int)ceil(2 * PICTURE_MARGIN + g->rows * g->unit);
	g->height = (int)ceil(2 * PICTURE_MARGIN + g->rows * g->h);
	return 0;
}

/*
 * game.h: square cells at (row, col), row 0 at the top; triangle row r
 * holds cols 0..2r, even cols pointing up, odd ones down, apex on top.
 */
int
picture_field_poly(const struct picture_geom *g, const struct game_cell *c,
    struct picture_poly *p)
{
	double	 x0, y0, mid, top, bot;
	int	 k;

	memset(p, 0, sizeof(*p));
	if (g->shape == GAME_CELL_SQUARE) {
		if (c->row < 0 || c->row >= g->rows || c->col < 0 ||
		    c->col >= g->cols)
			return -1;
		x0 = PICTURE_MARGIN + c->col * g->unit;
		y0 = PICTURE_MARGIN + c->row * g->unit;
		p->n = 4;
		p->x[0] = p->x[3] = x0;
		p->x[1] = p->x[2] = x0 + g->unit;
		p->y[0] = p->y[1] = y0;
		p->y[2] = p->y[3] = y0 + g->unit;
		p->cx = p->dx = x0 + g->unit / 2;
		p->cy = p->dy = y0 + g->unit / 2;
		p->r = g->unit * 0.36;
		p->frame = g->unit * 0.07;
		return 0;
	}
	if (c->row < 0 || c->row >= g->rows || c->col < 0 ||
	    c->col > 2 * c->row)
		return -1;
	mid = g->width / 2.0;
	top = PICTURE_MARGIN + c->row * g->h;
	bot = top + g->h;
	k = c->col / 2;
	p->n = 3;
	p->up = c->col % 2 == 0;
	if (p->up) {
		p->x[0] = mid - c->row * g->unit / 2 + k * g->unit;
		p->y[0] = top;
		p->x[1] = p->x[0] + g->unit / 2;
		p->x[2] = p->x[0] - g->unit / 2;
		p->y[1] = p->y[2] = bot;
	} else {
		p->x[0] = mid - c->row * g->unit / 2 + k * g->unit;
		p->x[1] = p->x[0] + g->unit;
		p->y[0] = p->y[1] = top;
		p->x[2] = p->x[0] + g->unit / 2;
		p->y[2] = bot;
	}
	p->cx = p->dx = (p->x[0] + p->x[1] + p->x[2]) / 3;
	p->cy = (p->y[0] + p->y[1] + p->y[2]) / 3;
	/*
	 * The name sits at the flat side (picture_name), so the disc moves
	 * from the centroid (h/3 from that side) to 0.42 h: a disc of
	 * radius r at height d keeps (h - d) / 2 - r from the slanted sides,
	 * here 5.8 px, room for a frame, and d - r = 14.8 px from the flat
	 * side, clear of the name (2.5 to about 9 px).
	 */
	p->r = g->h / 3 * 0.62;
	p->dy = p->up ? bot - 0.42 * g->h : top + 0.42 * g->h;
	p->frame = g->unit * 0.07;
	return 0;
}

static void
picture_set(cairo_t *cr, const struct picture_rgb *c)
{
	cairo_set_source_rgb(cr, c->r, c->g, c->b);
}

static void
picture_path(cairo_t *cr, const struct picture_poly *p)
{
	int	 i;

	cairo_move_to(cr, p->x[0], p->y[0]);
	for (i = 1; i < p->n; i++)
		cairo_line_to(cr, p->x[i], p->y[i]);
	cairo_close_path(cr);
}

/*
 * Diagonal lines anchored to the picture, not the cell, so the hatch of
 * neighbouring cloud fields runs on as one cloud.
 */
static void
picture_hatch(cairo_t *cr, const struct picture_poly *p,
    const struct picture_look *look)
{
	double	 x0 = p->x[0], x1 = p->x[0], y0 = p->y[0], y1 = p->y[0], s, k;
	int	 i, dir;

	for (i = 1; i < p->n; i++) {
		x0 = fmin(x0, p->x[i]);
		x1 = fmax(x1, p->x[i]);
		y0 = fmin(y0, p->y[i]);
		y1 = fmax(y1, p->y[i]);
	}
	s = look->spacing;
	cairo_save(cr);
	picture_path(cr, p);
	cairo_clip(cr);
	picture_set(cr, &look->hatch);
	cairo_set_line_width(cr, 1.0);
	for (dir = 0; dir < look->hatch_dirs; dir++) {
		/* dir 0: x - y = k s; dir 1: x + y = k s. */
		if (dir == 0)
			for (k = floor((x0 - y1) / s); k * s <= x1 - y0; k++) {
				cairo_move_to(cr, k * s + y0, y0);
				cairo_line_to(cr, k * s + y1, y1);
			}
		else
			for (k = floor((x0 + y0) / s); k * s <= x1 + y1; k++) {
				cairo_move_to(cr, k * s - y0, y0);
				cairo_line_to(cr, k * s - y1, y1);
			}
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* The field's name, small at an edge: a square's top left corner, a
 * triangle's flat side; on a plate of the field's colour. */
static void
picture_name(cairo_t *cr, const struct picture_geom *g,
    const struct picture_poly *p, const struct game_cell *c,
    const struct picture_paint *pt)
{
	char	 s[PICTURE_TEXT_MAX];
	double	 size;

	picture_text_clean(c->name, sizeof(c->name), s);
	picture_set(cr, &pt->look.ink);
	font_use(cr, g->font, FONT_REGULAR);
	if (g->shape == GAME_CELL_SQUARE) {
		size = fmax(7.0, g->unit * 0.15);
		picture_text_draw(cr, s, size, g->unit * 0.45, p->x[0] + 2,
		    PICTURE_START, p->y[0] + 2, PICTURE_START, &pt->look.fill);
	} else if (p->up)
		picture_text_draw(cr, s, 8.5, g->unit * 0.5, p->cx,
		    PICTURE_MIDDLE, p->y[1] - 2.5, PICTURE_END, &pt->look.fill);
	else
		picture_text_draw(cr, s, 8.5, g->unit * 0.5, p->cx,
		    PICTURE_MIDDLE, p->y[0] + 2.5, PICTURE_START, &pt->look.fill);
}

/* ARI: the four small side texts N, E, S, W of a square. */
static void
picture_sides(cairo_t *cr, const struct picture_geom *g,
    const struct picture_poly *p, const struct game_cell *c,
    const struct picture_paint *pt)
{
	char	 s[4][PICTURE_TEXT_MAX];
	double	 size = fmax(7.0, g->unit * 0.17), w = g->unit * 0.3;
	int	 i;

	if (g->shape != GAME_CELL_SQUARE)
		return;
	for (i = 0; i < 4; i++)
		picture_text_clean(c->side[i], sizeof(c->side[i]), s[i]);
	picture_set(cr, &pt->look.ink);
	font_use(cr, g->font, FONT_BOLD);
	picture_text_draw(cr, s[0], size, w, p->cx, PICTURE_MIDDLE, p->y[0] + 2,
	    PICTURE_START, NULL);
	picture_text_draw(cr, s[1], size, w, p->x[1] - 2, PICTURE_END, p->cy,
	    PICTURE_MIDDLE, NULL);
	picture_text_draw(cr, s[2], size, w, p->cx, PICTURE_MIDDLE, p->y[2] - 2,
	    PICTURE_END, NULL);
	picture_text_draw(cr, s[3], size, w, p->x[0] + 2, PICTURE_START, p->cy,
	    PICTURE_MIDDLE, NULL);
}

/*
 * The object on the field: a light disc for seat 0, a dark one for seat 1,
 * a grey disc with a dashed rim and "?" for an enemy object of unknown
 * kind; the label in the middle (on its own when nobody owns the field).
 */
static void
picture_piece(cairo_t *cr, const struct picture_geom *g,
    const struct picture_poly *p, const struct game_cell *c,
    const struct picture_paint *pt)
{
	static const double	 dash[] = { 3.0, 2.0 };
	char			 s[PICTURE_TEXT_MAX];
	const struct picture_rgb *fill = NULL, *rim = &picture_black,
				*ink = &pt->look.ink;

	picture_text_clean(c->label, sizeof(c->label), s);
	if (c->owner == GAME_OWNER_SEAT0) {
		fill = &picture_light;
		ink = &picture_black;
	} else if (c->owner == GAME_OWNER_SEAT1) {
		fill = &picture_dark;
		ink = &picture_light;
		rim = &picture_light;
	} else if (c->owner == GAME_OWNER_UNKNOWN) {
		fill = &picture_unknown;
		ink = &picture_white;
		if (s[0] == '\0')
			strlcpy_(s, "?", sizeof(s));
	}
	cairo_save(cr);
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY);
	if (fill != NULL) {
		cairo_arc(cr, p->dx, p->dy, p->r, 0, 2 * M_PI);
		picture_set(cr, fill);
		cairo_fill_preserve(cr);
		cairo_set_line_width(cr, c->owner == GAME_OWNER_UNKNOWN ? 2.0 :
		    1.5);
		if (c->owner == GAME_OWNER_UNKNOWN)
			cairo_set_dash(cr, dash, 2, 0);
		picture_set(cr, c->owner == GAME_OWNER_SEAT1 ? &picture_black :
		    rim);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		if (c->owner == GAME_OWNER_SEAT1) {
			/* A light inner ring keeps it apart from dark fields. */
			cairo_arc(cr, p->dx, p->dy, p->r - 2.5, 0, 2 * M_PI);
			picture_set(cr, rim);
			cairo_set_line_width(cr, 0.8);
			cairo_stroke(cr);
		}
	}
	picture_set(cr, ink);
	font_use(cr, g->font, FONT_BOLD);
	picture_text_draw(cr, s, p->r * 0.9, p->r * 1.6, p->dx, PICTURE_MIDDLE,
	    p->dy, PICTURE_MIDDLE, NULL);
	cairo_restore(cr);
}

/*
 * The ground's look, and the marks over it: the last move before a zone,
 * as in the text diagrams (one character tells one). An unknown ground is
 * drawn plain, unknown mark bits are ignored.
 */
static void
picture_resolve(const struct game_cell *c, struct picture_paint *pt)
{
	const struct picture_mark	*m = NULL;
	int				 ground = c->shade;

	if ((size_t)ground >= sizeof(picture_looks) / sizeof(picture_looks[0]))
		ground = GAME_SHADE_PLAIN;
	pt->look = picture_looks[ground];
	pt->frame = NULL;
	if (c->marks & GAME_MARK_LAST)
		m = &picture_last;
	else if (c->marks & GAME_MARK_ZONE)
		m = &picture_zone;
	if (m == NULL)
		return;
	if (pt->look.hatch_dirs > 0)
		pt->frame = &m->frame;
	else {
		pt->look.fill = m->fill;
		pt->look.ink = m->ink;
	}
}

/* A mark's frame: the outline stroked twice as wide, inside only. */
static void
picture_frame(cairo_t *cr, const struct picture_poly *p,
    const struct picture_rgb *frame)
{
	cairo_save(cr);
	picture_path(cr, p);
	cairo_clip_preserve(cr);
	picture_set(cr, frame);
	cairo_set_line_width(cr, 2 * p->frame);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/*
 * Drawing order: ground, hatch, a mark's frame, outline, piece, and the
 * name last, on its plate, so that nothing covers it.
 */
void
picture_field_draw(cairo_t *cr, const struct picture_geom *g,
    const struct picture_poly *p, const struct game_cell *c)
{
	struct picture_paint	 pt;
	struct picture_poly	 q = *p;

	picture_resolve(c, &pt);
	/* ARI: a smaller die, so that the faces around it stay readable. */
	if (c->side[0][0] || c->side[1][0] || c->side[2][0] || c->side[3][0])
		q.r = g->unit * 0.25;

	picture_path(cr, p);
	picture_set(cr, &pt.look.fill);
	cairo_fill(cr);
	if (pt.look.hatch_dirs > 0)
		picture_hatch(cr, p, &pt.look);
	if (pt.frame != NULL)
		picture_frame(cr, p, pt.frame);
	picture_path(cr, p);
	picture_set(cr, &picture_line);
	cairo_set_line_width(cr, 1.0);
	cairo_stroke(cr);
	picture_piece(cr, g, &q, c, &pt);
	picture_sides(cr, g, p, c, &pt);
	picture_name(cr, g, p, c, &pt);
}

/* Only the lines round a field: what a field reaches of the fields next
 * to it. */
void
picture_field_outline(cairo_t *cr, const struct picture_poly *p)
{
	picture_path(cr, p);
	picture_set(cr, &picture_line);
	cairo_set_line_width(cr, 1.0);
	cairo_stroke(cr);
}

/* Fixed font options: the system's fontconfig defaults must not reach
 * the bytes. */
static void
picture_fonts(cairo_t *cr)
{
	cairo_font_options_t	*o;

	o = cairo_font_options_create();
	cairo_font_options_set_antialias(o, CAIRO_ANTIALIAS_GRAY);
	cairo_font_options_set_hint_style(o, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(o, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_subpixel_order(o, CAIRO_SUBPIXEL_ORDER_DEFAULT);
	cairo_set_font_options(cr, o);
	cairo_font_options_destroy(o);
}

void
picture_field_begin(cairo_t *cr)
{
	picture_fonts(cr);
	/* Crisp fields and hatches: half the PNG's size of smoothed ones;
	 * text and discs are smoothed (font options, picture_piece). */
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
	picture_set(cr, &picture_white);
	cairo_paint(cr);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
}
