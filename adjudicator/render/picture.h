/*
 * picture.h - a PNG of the board drawn from a view's cells alone.
 *
 * The picture sees nothing but struct game_cells (game.h), so it cannot show
 * what the reader's view does not hold. Same cells, same bytes: the output
 * carries no time stamp and the text is drawn from named font files with
 * fixed font options.
 */
#ifndef PBEMD_PICTURE_H
#define PBEMD_PICTURE_H

#include "adjudicator/game/game.h"
#include "common/util.h"

struct paintbox;

/*
 * Appends the PNG of the cells to out, drawn with the paintbox's fonts
 * (paintbox.h). Returns 0, or -1 (out unchanged) when there is no picture
 * (cells->n == 0), the geometry is out of range (a square grid over
 * PICTURE_GRID_MAX a side, a triangle over PICTURE_TRI_MAX rows, a cell
 * outside its grid) or cairo failed.
 */
#define PICTURE_GRID_MAX	32
#define PICTURE_TRI_MAX		16
int	picture_png_box(struct paintbox *, const struct game_cells *,
	    struct buf *out);
/* The same with a paintbox of its own, opened and closed for this one
 * picture (the fonts read again); also -1 when the fonts do not open. */
int	picture_png(const struct game_cells *, struct buf *out);

/*
 * The pixel centre of cell i (its centroid for a triangle) in the picture
 * picture_png() draws, and the picture's size; for tests and tools.
 * Returns -1 on the same conditions as picture_png().
 */
int	picture_cell_centre(const struct game_cells *, int i, double *x,
	    double *y);
int	picture_size(const struct game_cells *, int *width, int *height);

#endif
