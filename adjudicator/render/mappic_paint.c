/*
 * mappic_paint.c - the colours and the lettering of a map picture, for
 * the files that draw it (mappic*.c); they call down to here, never up.
 *
 * The powers' colours, mixing colours, and text placed by its middle or
 * edges, with or without a halo. Text that is not valid UTF-8 is not
 * drawn: it would put the cairo context in an error state. Every colour
 * set goes through mappic_paint_set(), which notes it for the palette
 * when asked to (mappic_paint_inks()). No I/O.
 */
#include <cairo.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/render/mappic_priv.h"
#include "common/util.h"

/*
 * The powers' colours, in the order of the map (Austria, England, France,
 * Germany, Italy, Russia, Turkey): the Okabe-Ito set, which stays apart
 * for the common colour blindnesses, given as near the boards' customary
 * colours as it allows; Germany's black a dark grey, so its units'
 * outlines show. The eighth is spare.
 */
static const struct mappic_rgb paint_powers[GAME_MAP_POWERS] = {
	MAPPIC_RGB(0xd55e00),	/* vermillion */
	MAPPIC_RGB(0x0072b2),	/* blue */
	MAPPIC_RGB(0x56b4e9),	/* sky blue */
	MAPPIC_RGB(0x5a5a5a),	/* dark grey */
	MAPPIC_RGB(0x009e73),	/* bluish green */
	MAPPIC_RGB(0xcc79a7),	/* reddish purple */
	MAPPIC_RGB(0xf0e442),	/* yellow */
	MAPPIC_RGB(0xe69f00),	/* orange */
};
static const struct mappic_rgb paint_nobody = MAPPIC_RGB(0xb0aca4);
static const struct mappic_rgb paint_black = MAPPIC_RGB(0x161616);
static const struct mappic_rgb paint_white = MAPPIC_RGB(0xffffff);

static const cairo_user_data_key_t paint_inks_key;
static const cairo_user_data_key_t paint_measure_key;

void
mappic_paint_measure(cairo_t *cr, struct mappic_measure *k)
{
	cairo_set_user_data(cr, &paint_measure_key, k, NULL);
	if (k != NULL)
		k->any = false;
}

/* Adds the user-space box (x0, y0)-(x1, y1) to the measure, in device
 * space: the picture's only transformations are translations and
 * scales, so its corners bound it. */
static void
paint_measured(cairo_t *cr, struct mappic_measure *k, double x0, double y0,
    double x1, double y1)
{
	double	 dx0 = x0, dy0 = y0, dx1 = x1, dy1 = y1, t;

	if (x1 < x0 || y1 < y0)
		return;
	cairo_user_to_device(cr, &dx0, &dy0);
	cairo_user_to_device(cr, &dx1, &dy1);
	if (dx1 < dx0) {
		t = dx0;
		dx0 = dx1;
		dx1 = t;
	}
	if (dy1 < dy0) {
		t = dy0;
		dy0 = dy1;
		dy1 = t;
	}
	if (!k->any || dy0 < k->y0)
		k->y0 = dy0;
	if (!k->any || dy1 > k->y1)
		k->y1 = dy1;
	if (!k->any || dx0 < k->x0)
		k->x0 = dx0;
	if (!k->any || dx1 > k->x1)
		k->x1 = dx1;
	k->any = true;
}

void
mappic_paint_stroke(cairo_t *cr, bool preserve)
{
	struct mappic_measure	*k = cairo_get_user_data(cr,
				    &paint_measure_key);
	double			 x0, y0, x1, y1, w;

	if (k == NULL) {
		if (preserve)
			cairo_stroke_preserve(cr);
		else
			cairo_stroke(cr);
		return;
	}
	/* The path's box grown by what a stroke adds round it: half the
	 * width, or at a mitred corner up to the miter limit's times that.
	 * cairo_stroke_extents() is exact but strokes the path to tell,
	 * which cost most of a map whose bands are all kept. */
	cairo_path_extents(cr, &x0, &y0, &x1, &y1);
	w = cairo_get_line_width(cr) / 2;
	if (cairo_get_line_join(cr) == CAIRO_LINE_JOIN_MITER)
		w *= fmax(cairo_get_miter_limit(cr), 1);
	if (cairo_get_line_cap(cr) == CAIRO_LINE_CAP_SQUARE)
		w *= M_SQRT2;
	paint_measured(cr, k, x0 - w, y0 - w, x1 + w, y1 + w);
	if (!preserve)
		cairo_new_path(cr);
}

void
mappic_paint_fill(cairo_t *cr, bool preserve)
{
	struct mappic_measure	*k = cairo_get_user_data(cr,
				    &paint_measure_key);
	double			 x0, y0, x1, y1;

	if (k == NULL) {
		if (preserve)
			cairo_fill_preserve(cr);
		else
			cairo_fill(cr);
		return;
	}
	cairo_fill_extents(cr, &x0, &y0, &x1, &y1);
	paint_measured(cr, k, x0, y0, x1, y1);
	if (!preserve)
		cairo_new_path(cr);
}

void
mappic_paint_inks(cairo_t *cr, struct mappic_inks *k)
{
	cairo_set_user_data(cr, &paint_inks_key, k, NULL);
}

/* A channel as cairo hands it to pixman: 16 bits rounded, the high 8. */
static uint32_t
paint_byte(double d)
{
	d = d < 0 ? 0 : d > 1 ? 1 : d;
	return (uint32_t)(d * 65535.0 + 0.5) >> 8;
}

void
mappic_paint_note(struct mappic_inks *k, const struct mappic_rgb *c)
{
	uint32_t		 rgb;
	int			 i;

	rgb = paint_byte(c->r) << 16 | paint_byte(c->g) << 8 |
	    paint_byte(c->b);
	for (i = 0; i < k->n; i++)
		if (k->rgb[i] == rgb)
			return;
	/* More than MAPPIC_INKS: the rest compete by their count alone. */
	if (k->n < MAPPIC_INKS)
		k->rgb[k->n++] = rgb;
}

void
mappic_paint_set(cairo_t *cr, const struct mappic_rgb *c)
{
	struct mappic_inks	*k = cairo_get_user_data(cr, &paint_inks_key);

	cairo_set_source_rgb(cr, c->r, c->g, c->b);
	if (k != NULL)
		mappic_paint_note(k, c);
}

void
mappic_paint_ramp(struct mappic_inks *k, const struct mappic_rgb *a,
    const struct mappic_rgb *b, int steps)
{
	struct mappic_rgb	 m;
	int			 i;

	for (i = 0; i <= steps + 1; i++) {
		m = mappic_paint_mix(a, b, (double)i / (steps + 1));
		mappic_paint_note(k, &m);
	}
}

const struct mappic_rgb *
mappic_paint_power(int power)
{
	return power >= 0 && power < GAME_MAP_POWERS ? &paint_powers[power] :
	    &paint_nobody;
}

/* Dark ink on light colours, white on dark ones (relative luminance). */
const struct mappic_rgb *
mappic_paint_ink(int power)
{
	const struct mappic_rgb	*c = mappic_paint_power(power);

	return 0.2126 * c->r + 0.7152 * c->g + 0.0722 * c->b > 0.45 ?
	    &paint_black : &paint_white;
}

struct mappic_rgb
mappic_paint_mix(const struct mappic_rgb *a, const struct mappic_rgb *b,
    double t)
{
	struct mappic_rgb	 m;

	m.r = a->r + (b->r - a->r) * t;
	m.g = a->g + (b->g - a->g) * t;
	m.b = a->b + (b->b - a->b) * t;
	return m;
}

/* Strict UTF-8 (RFC 3629): invalid text would put cairo in an error
 * state, so it is not drawn. */
static bool
paint_utf8(const unsigned char *s)
{
	size_t	 k, j;

	for (; *s != '\0'; s += k) {
		k = *s < 0x80 ? 1 : *s >= 0xc2 && *s <= 0xdf ? 2 :
		    *s >= 0xe0 && *s <= 0xef ? 3 : *s >= 0xf0 && *s <= 0xf4 ?
		    4 : 0;
		if (k == 0)
			return false;
		for (j = 1; j < k; j++)
			if ((s[j] & 0xc0) != 0x80)
				return false;
		if ((k == 3 && s[0] == 0xe0 && s[1] < 0xa0) ||
		    (k == 3 && s[0] == 0xed && s[1] > 0x9f) ||
		    (k == 4 && s[0] == 0xf0 && s[1] < 0x90) ||
		    (k == 4 && s[0] == 0xf4 && s[1] > 0x8f))
			return false;
	}
	return true;
}

/* Draws text with its box's edge or middle at (x, y). */
void
mappic_paint_text(cairo_t *cr, const char *s, double size, double x,
    enum mappic_align ha, double y, enum mappic_align va)
{
	cairo_text_extents_t	 e;
	cairo_font_extents_t	 f;
	struct mappic_measure	*k;

	if (s[0] == '\0' || !paint_utf8((const unsigned char *)s))
		return;
	cairo_set_font_size(cr, size);
	cairo_text_extents(cr, s, &e);
	cairo_font_extents(cr, &f);
	/* Vertically by the font's capital height, so that names of one
	 * size line up whatever their letters. */
	x -= e.x_bearing + (ha == MAPPIC_START ? 0 : ha == MAPPIC_MIDDLE ?
	    e.width / 2 : e.width);
	y += va == MAPPIC_START ? f.ascent * 0.72 : va == MAPPIC_MIDDLE ?
	    f.ascent * 0.36 : 0;
	if ((k = cairo_get_user_data(cr, &paint_measure_key)) != NULL) {
		/* The glyphs' inked box, and a pixel round it for their
		 * smoothed edges (paint_measured()'s callers add more). */
		paint_measured(cr, k, x + e.x_bearing - 1, y + e.y_bearing - 1,
		    x + e.x_bearing + e.width + 1,
		    y + e.y_bearing + e.height + 1);
		return;
	}
	cairo_move_to(cr, x, y);
	cairo_show_text(cr, s);
	cairo_new_path(cr);
}

/*
 * Texts over halos: each text's glyphs drawn in the halo's colour eight
 * times round its place (cheaper than stroking the glyphs' outlines, since
 * cairo keeps the glyphs drawn), then in ink, two calls to cairo a text.
 * Not one call for all the texts: cairo smooths glyphs that overlap
 * through a mask of them all, so a text's pixels would depend on which
 * other texts were drawn with it, and a map drawn band by band
 * (mappic.c) draws only some.
 */
void
mappic_paint_halos(cairo_t *cr, const struct mappic_label *l, int n,
    double size, const struct mappic_rgb *ink, const struct mappic_rgb *halo,
    double width)
{
	cairo_scaled_font_t	*sf;
	cairo_font_extents_t	 f;
	cairo_text_extents_t	 e;
	cairo_glyph_t		*g, around[8 * MAPPIC_LABEL_GLYPHS];
	double			 d = width / 2, tx, ty;
	int			 i, j, k, ng;

	cairo_set_font_size(cr, size);
	cairo_font_extents(cr, &f);
	sf = cairo_get_scaled_font(cr);
	for (i = 0; i < n; i++) {
		if (l[i].s[0] == '\0' ||
		    !paint_utf8((const unsigned char *)l[i].s))
			continue;
		g = NULL;
		if (cairo_scaled_font_text_to_glyphs(sf, 0, 0, l[i].s, -1, &g,
		    &ng, NULL, NULL, NULL) != CAIRO_STATUS_SUCCESS)
			continue;
		if (ng > MAPPIC_LABEL_GLYPHS)
			ng = MAPPIC_LABEL_GLYPHS;
		cairo_scaled_font_glyph_extents(sf, g, ng, &e);
		tx = l[i].x - e.x_bearing - e.width / 2;
		ty = l[i].y + f.ascent * 0.36;
		for (j = 0; j < ng; j++) {
			g[j].x += tx;
			g[j].y += ty;
		}
		for (k = 0; k < 8; k++)
			for (j = 0; j < ng; j++) {
				around[k * ng + j] = g[j];
				around[k * ng + j].x += d * (k < 3 ? -1 :
				    k > 4 ? 1 : 0);
				around[k * ng + j].y += d * (k == 0 || k == 3 ||
				    k == 5 ? -1 : k == 2 || k == 4 || k == 7 ?
				    1 : 0);
			}
		mappic_paint_set(cr, halo);
		cairo_show_glyphs(cr, around, 8 * ng);
		mappic_paint_set(cr, ink);
		cairo_show_glyphs(cr, g, ng);
		cairo_glyph_free(g);
	}
	cairo_new_path(cr);
}

bool
mappic_paint_wanted(cairo_t *cr, const uint8_t *band, int top, double y0,
    double y1)
{
	double	 x = 0;
	int	 b, b1;

	if (band == NULL)
		return true;
	cairo_user_to_device(cr, &x, &y0);
	x = 0;
	cairo_user_to_device(cr, &x, &y1);
	y0 += top;
	y1 += top;
	if (y1 < 0 || y0 >= MAPPIC_BANDS_MAX * MAPPIC_BAND_ROWS)
		return false;
	b = y0 < 0 ? 0 : (int)y0 / MAPPIC_BAND_ROWS;
	b1 = (int)y1 / MAPPIC_BAND_ROWS;
	for (; b <= b1 && b < MAPPIC_BANDS_MAX; b++)
		if (band[b])
			return true;
	return false;
}
