/*
 * mappic.c - the PNG of one board of a Diplomacy view, drawn with cairo.
 *
 * Lays the picture out (a title line, the map, a legend of the powers),
 * writes the title and the legend from the reader's catalog, and has the
 * map drawn in layers: the ground (mappic_board.c), the orders
 * (mappic_orders.c), the units (mappic_units.c), the names, the units out
 * of their place. Reads nothing but the view, the geometry and the
 * catalog. The output is deterministic: the font is read from a named file
 * (font.c), its options fixed, the colours brought to a palette by the
 * pixels alone (mappic_palette.c), and the PNG carries no time stamp
 * (picture_png.c). No I/O but the font files and the map's drawing, when
 * the caller lends no paintbox.
 */
#include <cairo.h>
#include <stdio.h>
#include <string.h>

#include "adjudicator/render/mappic_priv.h"
#include "adjudicator/render/paintbox.h"
#include "adjudicator/render/picture_priv.h"

#define MAPPIC_TITLE_H		30.0	/* the title line of a board */
#define MAPPIC_LEGEND_H		28.0	/* the legend under it */
#define MAPPIC_TITLE_SIZE	15.0
#define MAPPIC_LEGEND_SIZE	12.5

static const struct mappic_rgb mappic_title_bg = MAPPIC_RGB(0x2e3a44);
static const struct mappic_rgb mappic_title_ink = MAPPIC_RGB(0xf4f1ea);
static const struct mappic_rgb mappic_legend_bg = MAPPIC_RGB(0xf4f1ea);
static const struct mappic_rgb mappic_legend_ink = MAPPIC_RGB(0x26231f);
static const struct mappic_rgb mappic_black = MAPPIC_RGB(0x161616);

/* Fixed font options: the system's fontconfig defaults must not reach
 * the bytes. */
static void
mappic_fonts(cairo_t *cr)
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
mappic_size(const struct mapgeo *geo, int *width, int *height)
{
	*width = mapgeo_width(geo);
	*height = (int)(MAPPIC_TITLE_H + mapgeo_height(geo) + MAPPIC_LEGEND_H);
}

void
mappic_origin(const struct mapgeo *geo, double *x, double *y)
{
	(void)geo;
	*x = 0;
	*y = MAPPIC_TITLE_H;
}

/* "S1901M" as the catalog's words: @season, the year, @kind. */
static void
mappic_phase_args(const char *code, char season[GAME_ARG_MAX],
    char year[GAME_ARG_MAX], char kind[GAME_ARG_MAX])
{
	size_t	 n = strnlen(code, GAME_PHASE_MAX - 1);
	char	 last = n > 0 ? code[n - 1] : '\0';

	snprintf(season, GAME_ARG_MAX, "@dip.season.%s", code[0] == 'S' ?
	    "spring" : code[0] == 'F' ? "fall" : "winter");
	snprintf(year, GAME_ARG_MAX, "%.*s", n > 2 ? (int)n - 2 : 0, code + 1);
	snprintf(kind, GAME_ARG_MAX, "@dip.kind.%s", last == 'M' ?
	    "movement" : last == 'R' ? "retreat" : "adjust");
}

static void
mappic_title(cairo_t *cr, const struct font *font, const struct catalog *cat,
    const struct game_map_board *b, double width)
{
	char		 season[GAME_ARG_MAX], year[GAME_ARG_MAX];
	char		 kind[GAME_ARG_MAX], title[GAME_ARG_MAX];
	struct buf	 phase, line;

	buf_init(&phase);
	buf_init(&line);
	mappic_phase_args(b->phase, season, year, kind);
	catalog_say(cat, &phase, b->results ? "map.title.results" :
	    "map.title", 3, season, year, kind);
	snprintf(title, sizeof(title), "%.*s", (int)sizeof(b->title) - 1,
	    b->title);
	if (title[0] != '\0')
		catalog_say(cat, &line, "map.title.board", 2, title,
		    phase.data);
	else
		buf_puts(&line, phase.data);
	cairo_rectangle(cr, 0, 0, width, MAPPIC_TITLE_H);
	mappic_paint_set(cr, &mappic_title_bg);
	cairo_fill(cr);
	mappic_paint_set(cr, &mappic_title_ink);
	font_use(cr, font, FONT_BOLD);
	mappic_paint_text(cr, line.data, MAPPIC_TITLE_SIZE, 12, MAPPIC_START,
	    MAPPIC_TITLE_H / 2, MAPPIC_MIDDLE);
	buf_free(&phase);
	buf_free(&line);
}

/* Each power's colour, name and centres, in columns of equal width. */
static void
mappic_legend(cairo_t *cr, const struct font *font,
    const struct catalog *cat, const struct game_mapview *mv,
    const struct game_map_board *b, double width)
{
	char		 key[GAME_KEY_MAX + 1], count[16];
	struct buf	 s;
	double		 col, x;
	int		 i, n = mv->npowers;

	if (n < 1 || n > GAME_MAP_POWERS)
		n = n < 1 ? 0 : GAME_MAP_POWERS;
	cairo_rectangle(cr, 0, 0, width, MAPPIC_LEGEND_H);
	mappic_paint_set(cr, &mappic_legend_bg);
	cairo_fill(cr);
	if (n == 0)
		return;
	col = width / n;
	buf_init(&s);
	for (i = 0; i < n; i++) {
		x = i * col + 10;
		cairo_rectangle(cr, x, MAPPIC_LEGEND_H / 2 - 7, 14, 14);
		mappic_paint_set(cr, mappic_paint_power(i));
		cairo_fill_preserve(cr);
		mappic_paint_set(cr, &mappic_black);
		cairo_set_line_width(cr, 1.0);
		cairo_stroke(cr);
		snprintf(key, sizeof(key), "%.*s", GAME_KEY_MAX, mv->power[i]);
		snprintf(count, sizeof(count), "%d", b->count[i]);
		buf_reset(&s);
		catalog_say(cat, &s, "map.legend", 2, key, count);
		mappic_paint_set(cr, &mappic_legend_ink);
		font_use(cr, font, FONT_REGULAR);
		mappic_paint_text(cr, s.data, MAPPIC_LEGEND_SIZE, x + 20,
		    MAPPIC_START, MAPPIC_LEGEND_H / 2, MAPPIC_MIDDLE);
	}
	buf_free(&s);
}

static void
mappic_draw(cairo_t *cr, const struct mapgeo *geo, const struct font *font,
    const struct catalog *cat, const struct game_mapview *mv,
    const struct game_map_board *b)
{
	struct mappic	 m;
	double		 w = mapgeo_width(geo), h = mapgeo_height(geo);

	mappic_fonts(cr);
	mappic_title(cr, font, cat, b, w);
	cairo_translate(cr, 0, MAPPIC_TITLE_H);
	cairo_save(cr);
	cairo_rectangle(cr, 0, 0, w, h);
	cairo_clip(cr);
	m.cr = cr;
	m.geo = geo;
	m.font = font;
	m.b = b;
	/* Orders under the units, so that a route through a convoying
	 * fleet or past another unit leaves the units readable; names over
	 * both, with a halo. */
	mappic_board_draw(&m);
	mappic_orders_draw(&m);
	mappic_units_draw(&m, false);
	mappic_board_names(&m);
	mappic_units_draw(&m, true);
	cairo_restore(cr);
	cairo_translate(cr, 0, h);
	mappic_legend(cr, font, cat, mv, b, w);
}

int
mappic_png_box(struct paintbox *box, const struct catalog *cat,
    const struct game_mapview *mv, int b, struct buf *out)
{
	const struct mapgeo	*geo;
	cairo_surface_t		*sf;
	cairo_t			*cr;
	struct buf		 png;
	char			 why[256];
	int			 width, height, rc = -1;

	if (mv == NULL || mv->nboards > GAME_MAP_BOARDS || b < 0 ||
	    b >= mv->nboards || (geo = paintbox_map(box, why,
	    sizeof(why))) == NULL)
		return -1;
	mappic_size(geo, &width, &height);
	buf_init(&png);
	sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
	cr = cairo_create(sf);
	mappic_draw(cr, geo, paintbox_font(box), cat, mv, &mv->board[b]);
	if (cairo_status(cr) != CAIRO_STATUS_SUCCESS)
		goto out;
	cairo_surface_flush(sf);
	/* Too many colours to count: the PNG is RGB, larger but right. */
	(void)mappic_palette_reduce(sf);
	if (picture_png_encode(sf, &png) != 0)
		goto out;
	buf_add(out, png.data, png.len);
	rc = 0;
out:
	cairo_destroy(cr);
	cairo_surface_destroy(sf);
	buf_free(&png);
	return rc;
}

int
mappic_png(const struct catalog *cat, const struct game_mapview *mv, int b,
    struct buf *out)
{
	struct paintbox	*box;
	char		 why[256];
	int		 rc;

	if (mv == NULL || mv->nboards > GAME_MAP_BOARDS || b < 0 ||
	    b >= mv->nboards)
		return -1;
	if ((box = paintbox_new(why, sizeof(why))) == NULL)
		return -1;
	rc = mappic_png_box(box, cat, mv, b, out);
	paintbox_free(box);
	return rc;
}
