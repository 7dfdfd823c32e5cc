/*
 * mappic.h - the PNG of a Diplomacy map board, drawn from a view alone.
 *
 * The picture sees nothing but struct game_mapview (game.h), the map's
 * drawing (mapgeo.h) and the reader's catalog (for the title and the
 * legend), so it cannot show what the view does not hold. Same view, same
 * catalog, same bytes: no time stamp, named font files, fixed font
 * options.
 *
 * A picture is one board: its title line, the map, and a legend of the
 * powers with their centres. A view of two boards (Zombie-Diplomacy: the
 * NR-board and the Zombie-board) gives two pictures, one per board: both
 * stacked in one would be over 150 KB, and each stays readable at full
 * size in a mail.
 */
#ifndef PBEMD_MAPPIC_H
#define PBEMD_MAPPIC_H

#include "adjudicator/game/game.h"
#include "adjudicator/render/catalog.h"
#include "adjudicator/render/mapgeo.h"
#include "common/util.h"

struct paintbox;

/*
 * Appends the PNG of board b of the view (0 <= b < mv->nboards), drawn on
 * the standard map with the paintbox's fonts (paintbox.h), to out. Returns
 * 0, or -1 (out unchanged) when the view has no such board, the
 * compiled-in geometry does not load, or cairo failed. A place the
 * geometry does not know is left out of the picture, not refused.
 */
int	mappic_png_box(struct paintbox *, const struct catalog *,
	    const struct game_mapview *, int b, struct buf *out);
/*
 * The same with a paintbox of its own for this one picture: the fonts
 * opened and the geometry read and checked at each call (about a
 * millisecond and a half); also -1 when the fonts do not open.
 */
int	mappic_png(const struct catalog *, const struct game_mapview *,
	    int b, struct buf *out);

/*
 * The picture's size (the map's width; its height and a title line and a
 * legend) and where the map's (0, 0) is in it, the same for every board;
 * for tests and tools.
 */
void	mappic_size(const struct mapgeo *, int *width, int *height);
void	mappic_origin(const struct mapgeo *, double *x, double *y);

#endif
