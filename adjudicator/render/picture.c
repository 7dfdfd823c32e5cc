/*
 * picture.c - the PNG of a board, drawn with cairo from struct game_cells.
 *
 * Reads nothing but the cells a view holds (game.h): no state, no options,
 * so the picture shows exactly what the reader's text diagram shows. How
 * a field is drawn is picture_field.c's; a square board (chess 8x8, ARI
 * 15x15, weekeewachee 4x6) is built row by row, the rows kept in the
 * paintbox (picture_rows.c), the KlinZha triangle drawn whole here. The
 * output is deterministic: the PNG carries no time stamp (picture_png.c),
 * the font is read from a named file (font.c) and its options
 * (antialiasing, hinting) fixed, a kept row is the row drawn anew, so the
 * same cells give the same bytes. No I/O but the font files, when the
 * caller lends no paintbox.
 */
#include <cairo.h>

#include "adjudicator/render/paintbox.h"
#include "adjudicator/render/picture.h"
#include "adjudicator/render/picture_priv.h"

/* The whole board at once, field after field (the triangle's way). */
static int
picture_draw(cairo_t *cr, const struct game_cells *cells,
    const struct picture_geom *g)
{
	struct picture_poly	 p;
	const struct game_cell	*c;
	int			 i;

	picture_field_begin(cr);
	for (i = 0; i < cells->n; i++) {
		c = &cells->cell[i];
		if (picture_field_poly(g, c, &p) != 0)
			return -1;
		picture_field_draw(cr, g, &p, c);
	}
	return cairo_status(cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
}

int
picture_png_box(struct paintbox *box, const struct game_cells *cells,
    struct buf *out)
{
	struct picture_geom	 g;
	struct picture_poly	 p;
	cairo_surface_t		*sf;
	cairo_t			*cr;
	struct buf		 png;
	int			 i, rc = -1;

	if (picture_field_geom(cells, &g) != 0)
		return -1;
	for (i = 0; i < cells->n; i++)
		if (picture_field_poly(&g, &cells->cell[i], &p) != 0)
			return -1;
	g.font = paintbox_font(box);
	/* A square board row by row, its rows kept (picture_rows.c). */
	if (g.shape == GAME_CELL_SQUARE)
		return picture_rows_png(paintbox_bands(box), &g, cells, out);
	buf_init(&png);
	/* RGB24: no alpha channel, so the PNG is RGB and smaller. */
	sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, g.width, g.height);
	cr = cairo_create(sf);
	if (picture_draw(cr, cells, &g) != 0)
		goto out;
	cairo_surface_flush(sf);
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
picture_png(const struct game_cells *cells, struct buf *out)
{
	struct paintbox	*box;
	char		 why[256];
	int		 rc;

	if ((box = paintbox_new(why, sizeof(why))) == NULL)
		return -1;
	rc = picture_png_box(box, cells, out);
	paintbox_free(box);
	return rc;
}

int
picture_size(const struct game_cells *cells, int *width, int *height)
{
	struct picture_geom	 g;

	if (picture_field_geom(cells, &g) != 0)
		return -1;
	*width = g.width;
	*height = g.height;
	return 0;
}

int
picture_cell_centre(const struct game_cells *cells, int i, double *x,
    double *y)
{
	struct picture_geom	 g;
	struct picture_poly	 p;

	if (picture_field_geom(cells, &g) != 0 || i < 0 || i >= cells->n ||
	    picture_field_poly(&g, &cells->cell[i], &p) != 0)
		return -1;
	*x = p.cx;
	*y = p.cy;
	return 0;
}
