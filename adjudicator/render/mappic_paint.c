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
	cairo_move_to(cr, x, y);
	cairo_show_text(cr, s);
	cairo_new_path(cr);
}

/*
 * Text over a halo: the text drawn in the halo's colour eight times
 * around its place, then in ink. Cheaper than stroking the glyphs'
 * outlines (a fifth of the time), since cairo keeps the glyphs drawn.
 */
void
mappic_paint_halo(cairo_t *cr, const char *s, double size, double x,
    double y, const struct mappic_rgb *ink, const struct mappic_rgb *halo,
    double width)
{
	cairo_text_extents_t	 e;
	cairo_font_extents_t	 f;
	double			 d = width / 2, tx, ty;
	int			 k;

	if (s[0] == '\0' || !paint_utf8((const unsigned char *)s))
		return;
	cairo_set_font_size(cr, size);
	cairo_text_extents(cr, s, &e);
	cairo_font_extents(cr, &f);
	tx = x - e.x_bearing - e.width / 2;
	ty = y + f.ascent * 0.36;
	mappic_paint_set(cr, halo);
	for (k = 0; k < 8; k++) {
		cairo_move_to(cr, tx + d * (k < 3 ? -1 : k > 4 ? 1 : 0),
		    ty + d * (k == 0 || k == 3 || k == 5 ? -1 :
		    k == 2 || k == 4 || k == 7 ? 1 : 0));
		cairo_show_text(cr, s);
	}
	mappic_paint_set(cr, ink);
	cairo_move_to(cr, tx, ty);
	cairo_show_text(cr, s);
	cairo_new_path(cr);
}

/*
 * Many texts over halos, as mappic_paint_halo() draws one, in two calls
 * to cairo: every halo (each text's glyphs eight times round its place),
 * then every text in ink. A map's seventy names drawn one by one, nine
 * times each, were a sixth of a map's time; glyphs drawn in one call are
 * composited one after the other all the same.
 */
void
mappic_paint_halos(cairo_t *cr, const struct mappic_label *l, int n,
    double size, const struct mappic_rgb *ink, const struct mappic_rgb *halo,
    double width)
{
	cairo_scaled_font_t	*sf;
	cairo_font_extents_t	 f;
	cairo_text_extents_t	 e;
	cairo_glyph_t		*g, *all = NULL, *around;
	size_t			 nall = 0, cap = 0, j;
	double			 d = width / 2, tx, ty;
	int			 i, k, ng;

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
		cairo_scaled_font_glyph_extents(sf, g, ng, &e);
		tx = l[i].x - e.x_bearing - e.width / 2;
		ty = l[i].y + f.ascent * 0.36;
		if (nall + (size_t)ng > cap) {
			cap = (nall + (size_t)ng) * 2;
			all = xrealloc(all, cap * sizeof(*all));
		}
		for (k = 0; k < ng; k++) {
			all[nall] = g[k];
			all[nall].x += tx;
			all[nall++].y += ty;
		}
		cairo_glyph_free(g);
	}
	if (nall == 0) {
		free(all);
		return;
	}
	around = xmalloc(8 * nall * sizeof(*around));
	for (k = 0; k < 8; k++)
		for (j = 0; j < nall; j++) {
			around[k * nall + j] = all[j];
			around[k * nall + j].x += d * (k < 3 ? -1 : k > 4 ?
			    1 : 0);
			around[k * nall + j].y += d * (k == 0 || k == 3 ||
			    k == 5 ? -1 : k == 2 || k == 4 || k == 7 ? 1 : 0);
		}
	mappic_paint_set(cr, halo);
	cairo_show_glyphs(cr, around, (int)(8 * nall));
	mappic_paint_set(cr, ink);
	cairo_show_glyphs(cr, all, (int)nall);
	cairo_new_path(cr);
	free(around);
	free(all);
}
