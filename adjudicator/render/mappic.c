/*
 * mappic.c - the PNG of one board of a Diplomacy view, drawn with cairo.
 *
 * Lays the picture out (a title line, the map, a legend of the powers),
 * writes the title and the legend from the reader's catalog, and has the
 * map drawn in layers: the ground (mappic_board.c, kept between pictures
 * by mappic_ground.c), the orders (mappic_orders.c), the units
 * (mappic_units.c), the names, the units out of their place. Reads
 * nothing but the view, the geometry and the catalog. The output is
 * deterministic: the font is read from a named file (font.c), its options
 * fixed, the ground the same whether kept or drawn anew, the colours
 * brought to the ground's palette (mappic_ground.c) by the pixels alone,
 * and the PNG carries no time stamp (picture_png.c). No I/O but the font files
 * and the map's drawing, when the caller lends no paintbox.
 */
#include <cairo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

/* The title line of board b, in the reader's words. */
static void
mappic_title_line(const struct catalog *cat, const struct game_map_board *b,
    struct buf *line)
{
	char		 season[GAME_ARG_MAX], year[GAME_ARG_MAX];
	char		 kind[GAME_ARG_MAX], title[GAME_ARG_MAX];
	struct buf	 phase;

	buf_init(&phase);
	mappic_phase_args(b->phase, season, year, kind);
	catalog_say(cat, &phase, b->results ? "map.title.results" :
	    "map.title", 3, season, year, kind);
	snprintf(title, sizeof(title), "%.*s", (int)sizeof(b->title) - 1,
	    b->title);
	if (title[0] != '\0')
		catalog_say(cat, line, "map.title.board", 2, title,
		    phase.data);
	else
		buf_puts(line, phase.data);
	buf_free(&phase);
}

static void
mappic_title(cairo_t *cr, const struct font *font, const char *line,
    double width)
{
	if (line == NULL)
		line = "";
	cairo_rectangle(cr, 0, 0, width, MAPPIC_TITLE_H);
	mappic_paint_set(cr, &mappic_title_bg);
	cairo_fill(cr);
	mappic_paint_set(cr, &mappic_title_ink);
	font_use(cr, font, FONT_BOLD);
	mappic_paint_text(cr, line, MAPPIC_TITLE_SIZE, 12, MAPPIC_START,
	    MAPPIC_TITLE_H / 2, MAPPIC_MIDDLE);
}

static int
mappic_legend_n(const struct game_mapview *mv)
{
	int	 n = mv->npowers;

	return n < 1 ? 0 : n > GAME_MAP_POWERS ? GAME_MAP_POWERS : n;
}

/* Power i's words in the legend: its name and centres. */
static void
mappic_legend_line(const struct catalog *cat, const struct game_mapview *mv,
    const struct game_map_board *b, int i, struct buf *s)
{
	char	 key[GAME_KEY_MAX + 1], count[16];

	snprintf(key, sizeof(key), "%.*s", GAME_KEY_MAX, mv->power[i]);
	snprintf(count, sizeof(count), "%d", b->count[i]);
	catalog_say(cat, s, "map.legend", 2, key, count);
}

/* The whole legend's words, a line a power: what its rows show. */
static void
mappic_legend_text(const struct catalog *cat, const struct game_mapview *mv,
    const struct game_map_board *b, struct buf *s)
{
	int	 i;

	for (i = 0; i < mappic_legend_n(mv); i++) {
		mappic_legend_line(cat, mv, b, i, s);
		buf_putc(s, '\n');
	}
}

/* Each power's colour, name and centres, in columns of equal width. */
static void
mappic_legend(cairo_t *cr, const struct font *font,
    const struct catalog *cat, const struct game_mapview *mv,
    const struct game_map_board *b, double width)
{
	struct buf	 s;
	double		 col, x;
	int		 i, n = mappic_legend_n(mv);

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
		buf_reset(&s);
		mappic_legend_line(cat, mv, b, i, &s);
		mappic_paint_set(cr, &mappic_legend_ink);
		font_use(cr, font, FONT_REGULAR);
		mappic_paint_text(cr, s.data, MAPPIC_LEGEND_SIZE, x + 20,
		    MAPPIC_START, MAPPIC_LEGEND_H / 2, MAPPIC_MIDDLE);
	}
	buf_free(&s);
}

/*
 * The picture on m's board, over the ground painted from a kept one
 * (ground drawn: false) or drawn here; only the orders, units and names
 * m wants (mappic_priv.h).
 */
static void
mappic_draw(struct mappic *m, const struct catalog *cat,
    const struct game_mapview *mv, const char *title, bool ground_drawn)
{
	cairo_t		*cr = m->cr;
	double		 w = mapgeo_width(m->geo), h = mapgeo_height(m->geo);

	mappic_fonts(cr);
	mappic_title(cr, m->font, title, w);
	cairo_translate(cr, 0, MAPPIC_TITLE_H);
	cairo_save(cr);
	cairo_rectangle(cr, 0, 0, w, h);
	cairo_clip(cr);
	/* Orders under the units, so that a route through a convoying
	 * fleet or past another unit leaves the units readable; names over
	 * both, with a halo. */
	if (ground_drawn)
		mappic_board_pen(cr);
	else
		mappic_board_draw(m);
	mappic_orders_draw(m);
	mappic_units_draw(m, false);
	mappic_board_names(m);
	mappic_units_draw(m, true);
	cairo_restore(cr);
	cairo_translate(cr, 0, h);
	mappic_legend(cr, m->font, cat, mv, m->b, w);
}

/* Counts the picture's colours, row by row. */
static void
mappic_count(struct mappic_palette *p, cairo_surface_t *sf)
{
	const unsigned char	*data = cairo_image_surface_get_data(sf);
	int			 w = cairo_image_surface_get_width(sf);
	int			 h = cairo_image_surface_get_height(sf);
	int			 stride = cairo_image_surface_get_stride(sf);
	int			 y;

	for (y = 0; y < h; y++)
		mappic_palette_count(p, (const uint32_t *)(const void *)(data +
		    (size_t)y * (size_t)stride), w);
}

/*
 * The picture's scanlines for an indexed PNG (a filter byte 0, then the
 * indexes into p's palette, in the order the colours first appear). -1
 * for a colour p never counted.
 */
static int
mappic_index(struct mappic_palette *p, cairo_surface_t *sf,
    unsigned char *pix)
{
	const unsigned char	*data = cairo_image_surface_get_data(sf);
	const uint32_t		*px;
	uint32_t		 last = 0;
	int			 w = cairo_image_surface_get_width(sf);
	int			 h = cairo_image_surface_get_height(sf);
	int			 stride = cairo_image_surface_get_stride(sf);
	int			 x, y, k = -1;

	for (y = 0; y < h; y++) {
		px = (const uint32_t *)(const void *)(data + (size_t)y *
		    (size_t)stride);
		*pix++ = 0;		/* the row's filter: none */
		for (x = 0; x < w; x++, pix++) {
			if (k < 0 || (px[x] & 0xffffff) != last) {
				last = px[x] & 0xffffff;
				if ((k = mappic_palette_index(p, last)) < 0)
					return -1;
			}
			*pix = (unsigned char)k;
		}
	}
	return 0;
}

/*
 * The colours drawn over a ground, which every picture's palette holds
 * beside the ground's own: the title's and the legend's, with steps
 * between their ink and their paper for the letters' smoothed edges, and
 * the units' and orders' colours.
 */
static void
mappic_extras(struct mappic_inks *k)
{
	static const struct mappic_rgb	 white = MAPPIC_RGB(0xffffff);

	memset(k, 0, sizeof(*k));
	mappic_paint_ramp(k, &mappic_title_ink, &mappic_title_bg, 4);
	mappic_paint_ramp(k, &mappic_legend_ink, &mappic_legend_bg, 4);
	mappic_paint_ramp(k, &mappic_black, &white, 4);
	mappic_units_inks(k);
	mappic_orders_inks(k);
}

/*
 * The scanlines of a picture on the ground g (rows y0..), as indexes into
 * the ground's palette (mappic_ground_palette()): a pixel still the
 * ground's keeps the ground's index, any other takes its nearest colour's.
 * The palette is the ground's alone, not the picture's: so a picture is
 * indexed in one pass, with no colours to count or choose, and the rows
 * two pictures on one ground share come out the same bytes.
 */
static void
mappic_index_ground(struct mappic_ground *g, cairo_surface_t *sf, int y0,
    int r0, int r1, unsigned char *pix)
{
	const unsigned char	*data = cairo_image_surface_get_data(sf);
	const unsigned char	*gi, *gidx;
	const uint32_t		*px, *gpal;
	uint32_t		 last = 0, c;
	int			 w = cairo_image_surface_get_width(sf);
	int			 stride = cairo_image_surface_get_stride(sf);
	int			 gw, gh, x, y, k = -1;

	mappic_ground_rows(g, &gw, &gh, &gidx, &gpal);
	for (y = r0; y < r1; y++) {
		px = (const uint32_t *)(const void *)(data + (size_t)y *
		    (size_t)stride);
		gi = y >= y0 && y < y0 + gh && gw == w ?
		    gidx + (size_t)(y - y0) * (size_t)gw : NULL;
		*pix++ = 0;		/* the row's filter: none */
		for (x = 0; x < w; x++, pix++) {
			c = px[x] & 0xffffff;
			if (gi != NULL && c == gpal[gi[x]])
				*pix = gi[x];
			else {
				if (k < 0 || c != last) {
					last = c;
					k = mappic_ground_index(g, c);
				}
				*pix = (unsigned char)k;
			}
		}
	}
}

/*
 * The picture on the kept ground g, band by band (mappic_bands.c): each
 * band's key is written from what it shows (mappic_span.c); the bands
 * found among the kept ones are neither drawn nor deflated again; the
 * others are painted from the ground, drawn over with the orders, units
 * and names that reach them, indexed into the ground's palette and kept. The bytes are the same whatever was kept.
 * -1 when cairo fails or the picture has too many bands (no map has).
 */
static int
mappic_banded(struct mappic *m, struct mappic_ground *g,
    struct mappic_bands *kb, const struct catalog *cat,
    const struct game_mapview *mv, unsigned char *data, unsigned char *band,
    struct buf *out)
{
	const struct picture_zpart	*part[MAPPIC_BANDS_MAX];
	uint64_t			 h1[MAPPIC_BANDS_MAX];
	uint64_t			 h2[MAPPIC_BANDS_MAX];
	uint8_t				 missing[MAPPIC_BANDS_MAX];
	uint8_t				 want_o[GAME_MAP_ORDERS];
	uint8_t				 want_u[GAME_MAP_UNITS];
	struct mappic_spans		 sp;
	struct mappic_band_rows		 rows;
	uint8_t				 gmiss[MAPPIC_BANDS_MAX];
	const uint32_t			*pal;
	cairo_t				*measure = m->cr;
	cairo_surface_t			*win;
	struct buf			 title, legend, key, z;
	size_t				 stride;
	bool				 any, drawn;
	int				 w, h, n, i, r0, r1, gb, top;
	int				 nmiss = 0, rc = -1;

	mappic_size(m->geo, &w, &h);
	stride = (size_t)cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, w);
	n = (h + MAPPIC_BAND_ROWS - 1) / MAPPIC_BAND_ROWS;
	if (n > MAPPIC_BANDS_MAX)
		return -1;
	buf_init(&title);
	buf_init(&legend);
	buf_init(&key);
	buf_init(&z);
	mappic_title_line(cat, m->b, &title);
	mappic_legend_text(cat, mv, m->b, &legend);
	rows.width = w;
	rows.map_y0 = (int)MAPPIC_TITLE_H;
	rows.map_y1 = h - (int)MAPPIC_LEGEND_H;
	rows.title = title.data;
	rows.legend = legend.data;
	mappic_fonts(m->cr);
	mappic_spans_measure(m, kb, MAPPIC_TITLE_H, &sp);
	mappic_bands_begin(kb);
	for (i = 0; i < n; i++) {
		r0 = i * MAPPIC_BAND_ROWS;
		r1 = r0 + MAPPIC_BAND_ROWS < h ? r0 + MAPPIC_BAND_ROWS : h;
		mappic_spans_key(m, &sp, &rows, r0, r1, &key, &h1[i], &h2[i]);
		part[i] = mappic_bands_find(kb, h1[i], h2[i]);
		missing[i] = part[i] == NULL;
		nmiss += missing[i];
	}
	for (; i < MAPPIC_BANDS_MAX; i++)
		missing[i] = 0;
	/*
	 * The missing bands, a group of MAPPIC_GROUP_BANDS at a time, in a
	 * window of the group's rows (the work buffer: a sixth of the
	 * picture): painted as a new surface and the ground have them,
	 * then drawn over with what reaches them. A band is always drawn
	 * in its group's window, at the same place, and cairo is never
	 * clipped to the bands drawn (a clip changes how it smooths an
	 * edge): so a band comes out the same whichever others are drawn
	 * with it. What is drawn over the bands kept is never read.
	 */
	for (gb = 0; gb < n && nmiss > 0; gb += MAPPIC_GROUP_BANDS) {
		memset(gmiss, 0, sizeof(gmiss));
		for (i = gb, any = false; i < n && i < gb + MAPPIC_GROUP_BANDS;
		    i++)
			any |= gmiss[i] = missing[i];
		if (!any)
			continue;
		top = gb * MAPPIC_BAND_ROWS;
		win = cairo_image_surface_create_for_data(data,
		    CAIRO_FORMAT_RGB24, w, MAPPIC_GROUP_BANDS * MAPPIC_BAND_ROWS,
		    (int)stride);
		for (i = gb; i < n && i < gb + MAPPIC_GROUP_BANDS; i++) {
			if (!gmiss[i])
				continue;
			r0 = i * MAPPIC_BAND_ROWS;
			r1 = r0 + MAPPIC_BAND_ROWS < h ? r0 + MAPPIC_BAND_ROWS : h;
			memset(data + (size_t)(r0 - top) * stride, 0,
			    (size_t)(r1 - r0) * stride);
			cairo_surface_mark_dirty(win);
			mappic_ground_paint(g, win, (int)MAPPIC_TITLE_H - top,
			    r0 - top, r1 - top);
		}
		m->cr = cairo_create(win);
		cairo_translate(m->cr, 0, -top);
		mappic_spans_want(m, &sp, gmiss, n, want_o, want_u);
		m->want_order = want_o;
		m->want_unit = want_u;
		m->band = gmiss;
		m->top = top;
		mappic_draw(m, cat, mv, title.data, true);
		m->want_order = m->want_unit = m->band = NULL;
		m->top = 0;
		drawn = cairo_status(m->cr) == CAIRO_STATUS_SUCCESS;
		cairo_destroy(m->cr);
		m->cr = measure;
		cairo_surface_flush(win);
		for (i = gb; drawn && i < n && i < gb + MAPPIC_GROUP_BANDS;
		    i++) {
			if (!gmiss[i])
				continue;
			r0 = i * MAPPIC_BAND_ROWS;
			r1 = r0 + MAPPIC_BAND_ROWS < h ? r0 + MAPPIC_BAND_ROWS : h;
			mappic_index_ground(g, win, (int)MAPPIC_TITLE_H - top,
			    r0 - top, r1 - top, band);
			if ((part[i] = mappic_bands_keep(kb, h1[i], h2[i], band,
			    (size_t)(r1 - r0) * ((size_t)w + 1),
			    (size_t)w + 1)) == NULL)
				drawn = false;
		}
		cairo_surface_destroy(win);
		if (!drawn)
			goto out;
	}
	picture_deflate_join(part, n, &z);
	picture_png_z(w, h, pal, mappic_ground_palette(g, &pal), &z, out);
	rc = 0;
out:
	buf_free(&title);
	buf_free(&legend);
	buf_free(&key);
	buf_free(&z);
	return rc;
}

/*
 * The PNG of a picture drawn without a kept ground (mappic_ground.c could
 * not keep one), its palette chosen from its own colours: indexed; RGB,
 * larger but right, when its colours are too many to count.
 */
static int
mappic_encode(cairo_surface_t *sf, const struct mappic_inks *inks,
    unsigned char *pix, struct buf *out)
{
	struct mappic_palette	*p;
	uint32_t		 pal[256];
	int			 w = cairo_image_surface_get_width(sf);
	int			 h = cairo_image_surface_get_height(sf);
	int			 i, rc = -1;

	cairo_surface_flush(sf);
	p = mappic_palette_new();
	mappic_count(p, sf);
	for (i = 0; i < inks->n; i++)
		mappic_palette_pin(p, inks->rgb[i]);
	if (mappic_palette_choose(p) != 0) {
		rc = picture_png_encode(sf, out);
		goto out;
	}
	if (mappic_index(p, sf, pix) == 0) {
		picture_png_scanlines(w, h, pal, mappic_palette_colours(p, pal),
		    pix, out);
		rc = 0;
	}
out:
	mappic_palette_free(p);
	return rc;
}

int
mappic_png_box(struct paintbox *box, const struct catalog *cat,
    const struct game_mapview *mv, int b, struct buf *out)
{
	struct mappic_ground		*g;
	struct mappic_grounds		*kept = paintbox_grounds(box);
	struct mappic			 m;
	struct mappic_inks		 inks, extra;
	int8_t				 owner[MAPGEO_AREAS];
	cairo_surface_t			*sf;
	struct buf			 png, title;
	unsigned char			*data, *pix;
	char				 why[256];
	int				 width, height, stride, rc = -1;

	if (mv == NULL || mv->nboards > GAME_MAP_BOARDS || b < 0 ||
	    b >= mv->nboards || (m.geo = paintbox_map(box, why,
	    sizeof(why))) == NULL)
		return -1;
	memset(&m, 0, sizeof(m));
	m.geo = paintbox_map(box, why, sizeof(why));
	m.font = paintbox_font(box);
	m.b = &mv->board[b];
	mappic_board_owners(m.geo, m.b, owner);
	m.owner = owner;
	mappic_extras(&extra);
	g = mappic_ground_get(kept, &m, &extra);
	mappic_size(m.geo, &width, &height);
	buf_init(&png);
	buf_init(&title);
	stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, width);
	/* On a kept ground: a window of a group of bands, and a band's
	 * scanlines; else the whole picture. */
	data = mappic_grounds_work(kept, 0, (size_t)stride * (g != NULL ?
	    MAPPIC_GROUP_BANDS * MAPPIC_BAND_ROWS : (size_t)height));
	pix = mappic_grounds_work(kept, 1, ((size_t)width + 1) *
	    (g != NULL ? MAPPIC_BAND_ROWS : (size_t)height));
	if (g != NULL) {
		/* Measured on a surface of a pixel: the extents are not
		 * bounded by it. */
		sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
		m.cr = cairo_create(sf);
		if (mappic_banded(&m, g, paintbox_mapbands(box), cat, mv, data,
		    pix, &png) != 0)
			goto out;
	} else {
		sf = cairo_image_surface_create_for_data(data,
		    CAIRO_FORMAT_RGB24, width, height, stride);
		m.cr = cairo_create(sf);
		/* No ground kept: the whole picture, as a new surface. */
		memset(data, 0, (size_t)stride * (size_t)height);
		cairo_surface_mark_dirty(sf);
		memset(&inks, 0, sizeof(inks));
		mappic_paint_inks(m.cr, &inks);
		mappic_title_line(cat, m.b, &title);
		mappic_draw(&m, cat, mv, title.data, false);
		if (cairo_status(m.cr) != CAIRO_STATUS_SUCCESS ||
		    mappic_encode(sf, &inks, pix, &png) != 0)
			goto out;
	}
	buf_add(out, png.data, png.len);
	rc = 0;
out:
	cairo_destroy(m.cr);
	cairo_surface_destroy(sf);
	buf_free(&png);
	buf_free(&title);
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
