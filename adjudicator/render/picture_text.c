/*
 * picture_text.c - the texts of a board picture: a cell's bytes made safe
 * for cairo, and a text placed by an edge or the middle of its box.
 *
 * The cells come from a view, and a view's texts need not be terminated
 * nor valid UTF-8; cairo's context would fall into an error state on bad
 * UTF-8, so every text is cleaned before it is measured. Nothing here
 * knows a game or a geometry (picture.c places the texts). No I/O.
 */
#include <cairo.h>
#include <stdbool.h>
#include <string.h>

#include "adjudicator/render/picture_priv.h"

/* Strict UTF-8 (RFC 3629): no overlong forms, surrogates or > U+10FFFF. */
static bool
picture_text_utf8(const unsigned char *s, size_t len)
{
	size_t		 i, j, k;
	unsigned char	 lo, hi;

	for (i = 0; i < len; i += k) {
		lo = 0x80;
		hi = 0xbf;
		if (s[i] < 0x80)
			k = 1;
		else if (s[i] >= 0xc2 && s[i] <= 0xdf)
			k = 2;
		else if (s[i] >= 0xe0 && s[i] <= 0xef) {
			k = 3;
			lo = s[i] == 0xe0 ? 0xa0 : 0x80;
			hi = s[i] == 0xed ? 0x9f : 0xbf;
		} else if (s[i] >= 0xf0 && s[i] <= 0xf4) {
			k = 4;
			lo = s[i] == 0xf0 ? 0x90 : 0x80;
			hi = s[i] == 0xf4 ? 0x8f : 0xbf;
		} else
			return false;
		if (i + k > len)
			return false;
		for (j = 1; j < k; j++)
			if (s[i + j] < (j == 1 ? lo : 0x80) ||
			    s[i + j] > (j == 1 ? hi : 0xbf))
				return false;
	}
	return true;
}

/*
 * A cell's text as cairo may draw it: at most n bytes of src (the fields
 * need not be terminated), control characters as '?', and bytes over 0x7f
 * as '?' unless the whole is valid UTF-8: invalid UTF-8 would put the cairo
 * context in an error state.
 */
void
picture_text_clean(const char *src, size_t n, char out[PICTURE_TEXT_MAX])
{
	const unsigned char	*s = (const unsigned char *)out;
	size_t			 len, i;
	bool			 ok;

	len = strnlen(src, n < PICTURE_TEXT_MAX ? n : PICTURE_TEXT_MAX - 1);
	memcpy(out, src, len);
	out[len] = '\0';
	ok = picture_text_utf8(s, len);
	for (i = 0; i < len; i++)
		if (s[i] < ' ' || s[i] == 0x7f || (!ok && s[i] >= 0x80))
			out[i] = '?';
}

/*
 * Draws text with its box's edge or middle at (x, y), shrunk to maxw, in
 * the source colour. With a plate, the box and a pixel and a half around
 * it are filled with that colour first, so no hatch line or disc rim runs
 * through the letters.
 */
void
picture_text_draw(cairo_t *cr, const char *s, double size, double maxw,
    double x, enum picture_align ha, double y, enum picture_align va,
    const struct picture_rgb *plate)
{
	cairo_text_extents_t	 e;

	if (s[0] == '\0')
		return;
	cairo_set_font_size(cr, size);
	cairo_text_extents(cr, s, &e);
	if (e.width > maxw && e.width > 0) {
		cairo_set_font_size(cr, size * maxw / e.width);
		cairo_text_extents(cr, s, &e);
	}
	x -= e.x_bearing + (ha == PICTURE_START ? 0 :
	    ha == PICTURE_MIDDLE ? e.width / 2 : e.width);
	y -= e.y_bearing + (va == PICTURE_START ? 0 :
	    va == PICTURE_MIDDLE ? e.height / 2 : e.height);
	if (plate != NULL) {
		cairo_save(cr);		/* keeps the ink as the source */
		cairo_rectangle(cr, x + e.x_bearing - PICTURE_PLATE_PAD,
		    y + e.y_bearing - PICTURE_PLATE_PAD,
		    e.width + 2 * PICTURE_PLATE_PAD,
		    e.height + 2 * PICTURE_PLATE_PAD);
		cairo_set_source_rgb(cr, plate->r, plate->g, plate->b);
		cairo_fill(cr);
		cairo_restore(cr);
	}
	cairo_move_to(cr, x, y);
	cairo_show_text(cr, s);
	cairo_new_path(cr);
}
