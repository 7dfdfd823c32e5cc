/*
 * zombie_map.c - Zombie-Diplomacy's two boards for a map picture (game.h,
 * struct game_mapview): the NR-board, and the Zombie-board once it has
 * started, each as board_map.c draws one; on the Zombie-board also the
 * zombies waiting to be placed (where they fell on the NR-board) and the
 * placements of the phase just played (rules/zombie-diplomacy.md).
 *
 * A zombie placed where its owner chose or by the judge's default is a
 * PLACE_ZOMBIE order that succeeded; a lost zombie is not drawn (nothing
 * of it is on either board). A Zombie-board unit that rose as undead
 * left the Zombie-board: a disband there, and an undead unit on the
 * NR-board. Pure: no I/O, no allocation.
 */
#include <stdio.h>
#include <string.h>

#include "zombie.h"

/*
 * The code of the placement phase just played, from the clock after it
 * (zombie_phase.c season_end()): a Spring placement leads to the Fall
 * movement, a Fall one to the winter or the next spring; a game that
 * ended in it keeps its clock there.
 */
static void
zombie_map_placement_code(const struct game_state *st, char *out, size_t len)
{
	if (st->over)
		zombie_code(st, out, len);
	else if (st->season == DIP_FALL)
		snprintf(out, len, "S%dR", st->year);
	else if (st->season == DIP_WINTER)
		snprintf(out, len, "F%dR", st->year);
	else
		snprintf(out, len, "F%dR", st->year - 1);
}

/* The placements and undead rises of the phase just played. */
static void
zombie_map_placed(const struct game_state *st, struct game_map_board *mb)
{
	const struct dip_map	*m = &st->map;
	bool			 any = st->nrose > 0;
	int			 i;

	for (i = 0; i < st->nplaced; i++) {
		const struct zombie_placed *p = &st->placed[i];

		if (p->how != ZOMBIE_CHOSEN && p->how != ZOMBIE_DEFAULT)
			continue;
		any = true;
		dip_board_map_order(mb, GAME_MAP_PLACE_ZOMBIE, GAME_MAP_OK,
		    p->unit.power, p->unit.kind, m->loc[p->unit.loc].name);
	}
	for (i = 0; i < st->nrose; i++)
		dip_board_map_order(mb, GAME_MAP_DISBAND, GAME_MAP_OK,
		    st->rose[i].unit.power, st->rose[i].unit.kind,
		    m->prov[st->rose[i].from].abbr);
	/* Placements without Zombie-board retreats leave no record of
	 * their phase on the board (z.last): it is the clock's. */
	if (any && !mb->results) {
		mb->results = true;
		zombie_map_placement_code(st, mb->phase, sizeof(mb->phase));
	}
}

/* Both boards (the Zombie-board once started) into mv; now: the clock. */
void
zombie_map(const struct game_state *st, const char *now,
    struct game_mapview *mv)
{
	struct game_map_board	*z = &mv->board[1];
	int			 i;

	memset(mv, 0, sizeof(*mv));
	dip_board_map_powers(&st->map, mv);
	dip_board_map(&st->nr, "@zombie.board.nr", now, &mv->board[0]);
	mv->nboards = 1;
	if (!st->zstarted)
		return;
	dip_board_map(&st->z, "@zombie.board.z", now, z);
	mv->nboards = 2;
	for (i = 0; i < st->nwait; i++)
		dip_board_map_unit(z, &st->map, &st->wait[i].unit,
		    GAME_MAP_WAITING);
	zombie_map_placed(st, z);
}
