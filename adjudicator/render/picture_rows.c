/*
 * picture_rows.c - a square board's PNG built row of fields by row, each
 * row's band drawn and deflated on its own and kept (picture_band.c).
 *
 * Why a band depends on its row alone (picture_field.c): a square field
 * at (x0, y0) of side u fills [x0, x0 + u) x [y0, y0 + u) without
 * smoothing, its disc, texts, hatch and frame stay inside, and its
 * outline, drawn last of its ground, lays the line colour on column
 * x0 - 1 and x0 + u - 1 and row y0 - 1 and y0 + u - 1, whatever was drawn
 * there before. So row r's band, picture rows y0 - 1 to y0 + u - 2 (the
 * first band from the top, the last to the bottom, margins included),
 * holds row r's fields and the lines round them; of the row above only
 * the lines of its fields reach it (where row r has no field under one).
 * A band is drawn as the whole picture would draw it, on a surface of its
 * own rows: row r - 1's outlines, then row r's fields; the same pixels,
 * since no field of another row reaches them. Every board is then RGB, a
 * band's bytes depending on its pixels alone. No I/O.
 */
#include <cairo.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/render/picture.h"
#include "adjudicator/render/picture_priv.h"

/* The picture rows of band r: [*y0, *y1). */
static void
picture_rows_span(const struct picture_geom *g, int r, int *y0, int *y1)
{
	*y0 = r == 0 ? 0 : (int)(PICTURE_MARGIN + r * g->unit) - 1;
	*y1 = r == g->rows - 1 ? g->height :
	    (int)(PICTURE_MARGIN + (r + 1) * g->unit) - 1;
}

/* What band r shows: its row's fields as drawn, the row above's places. */
static void
picture_rows_key(const struct picture_geom *g, const struct game_cells *cells,
    int r, struct picture_band_key *k)
{
	struct picture_band_cell	*b;
	const struct game_cell		*c;
	int				 i, j;

	memset(k, 0, offsetof(struct picture_band_key, cell));
	k->rows = (int16_t)g->rows;
	k->cols = (int16_t)g->cols;
	k->band = (int16_t)r;
	for (i = 0; i < cells->n; i++) {
		c = &cells->cell[i];
		if (c->row == r - 1)
			k->above |= 1u << c->col;
		if (c->row != r)
			continue;
		b = &k->cell[k->n++];
		memset(b, 0, sizeof(*b));
		b->col = c->col;
		b->shade = c->shade;
		b->marks = c->marks;
		b->owner = c->owner;
		/* Cleaned as drawn; the bytes after the NUL stay zero. */
		picture_text_clean(c->name, sizeof(c->name), b->name);
		picture_text_clean(c->label, sizeof(c->label), b->label);
		for (j = 0; j < 4; j++)
			picture_text_clean(c->side[j], sizeof(c->side[j]),
			    b->side[j]);
	}
}

/*
 * Draws band r (rows y0..y1) and deflates its scanlines into z; -1 when
 * cairo fails.
 */
static int
picture_rows_band(const struct picture_geom *g,
    const struct game_cells *cells, int r, struct picture_zpart *z)
{
	struct picture_poly	 p;
	cairo_surface_t		*sf;
	cairo_t			*cr;
	unsigned char		*raw = NULL;
	const unsigned char	*data;
	size_t			 line = 3 * (size_t)g->width + 1;
	int			 y0, y1, y, i, stride, rc = -1;

	picture_rows_span(g, r, &y0, &y1);
	sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, g->width, y1 - y0);
	cr = cairo_create(sf);
	cairo_translate(cr, 0, -y0);
	picture_field_begin(cr);
	for (i = 0; i < cells->n; i++)
		if (cells->cell[i].row == r - 1 &&
		    picture_field_poly(g, &cells->cell[i], &p) == 0)
			picture_field_outline(cr, &p);
	for (i = 0; i < cells->n; i++)
		if (cells->cell[i].row == r &&
		    picture_field_poly(g, &cells->cell[i], &p) == 0)
			picture_field_draw(cr, g, &p, &cells->cell[i]);
	if (cairo_status(cr) != CAIRO_STATUS_SUCCESS)
		goto out;
	cairo_surface_flush(sf);
	data = cairo_image_surface_get_data(sf);
	stride = cairo_image_surface_get_stride(sf);
	raw = xmalloc(line * (size_t)(y1 - y0));
	for (y = 0; y < y1 - y0; y++) {
		raw[(size_t)y * line] = 0;
		picture_png_row(data + (size_t)y * (size_t)stride, g->width,
		    raw + (size_t)y * line + 1);
	}
	picture_deflate_part(raw, line * (size_t)(y1 - y0), line, 3, z);
	rc = 0;
out:
	free(raw);
	cairo_destroy(cr);
	cairo_surface_destroy(sf);
	return rc;
}

int
picture_rows_png(struct picture_bands *bands, const struct picture_geom *g,
    const struct game_cells *cells, struct buf *out)
{
	const struct picture_zpart	*part[PICTURE_GRID_MAX];
	struct picture_zpart		 own[PICTURE_GRID_MAX];
	struct picture_band_key		*k;
	struct buf			 zs;
	int				 r, rc = -1;

	memset(own, 0, sizeof(own));
	k = xmalloc(sizeof(*k));
	picture_bands_begin(bands);
	for (r = 0; r < g->rows; r++) {
		picture_rows_key(g, cells, r, k);
		if ((part[r] = picture_bands_find(bands, k)) != NULL)
			continue;
		if (picture_rows_band(g, cells, r, &own[r]) != 0)
			goto out;
		/* Not kept (no room): this picture's own, freed below. */
		if ((part[r] = picture_bands_keep(bands, k, &own[r])) == NULL)
			part[r] = &own[r];
	}
	buf_init(&zs);
	picture_deflate_join(part, g->rows, &zs);
	picture_png_rgb_z(g->width, g->height, &zs, out);
	buf_free(&zs);
	rc = 0;
out:
	for (r = 0; r < g->rows; r++)
		picture_zpart_free(&own[r]);
	free(k);
	return rc;
}
