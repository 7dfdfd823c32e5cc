/*
 * gametable.h - the games as the keepers' overview lists them
 * (gametable.c): a row of cells per game, and the games counted by state.
 * Layer L2 of the judge; overview.c lays the rows out.
 */
#ifndef PBEMD_JUDGE_GAMETABLE_H
#define PBEMD_JUDGE_GAMETABLE_H

#include <stdbool.h>

#include "adjudicator/judge/env.h"
#include "common/util.h"

#define JUDGE_GAMETABLE_COLS	5	/* game, kind, state, phase, deadline */

/* Which games are listed, and how many were found. */
struct judge_gametable_page {
	bool	 all;		/* every game; else the running ones */
	int	 skip;		/* the first skip are left out (a page) */
	int	 max;		/* rows at most, 0: every one */
	int	 total;		/* out: the games listed and left out */
	int	 shown;		/* out: the rows gathered */
};

/* The games by state (paused: running, with the clock paused). */
struct judge_gametable_count {
	int	 n[4];		/* by enum db_game_status */
	int	 paused;
};

/* Rows of rendered cells; row 0 is the head row. */
struct judge_gametable {
	struct buf	*cell;		/* rows * JUDGE_GAMETABLE_COLS, owned */
	int		 rows;
	int		 cap;
};

/*
 * The head row, then a row per game of page, by name, in cat's language:
 * name, kind, state, the phase as the game names it ("move N" where it
 * names none, "-" forming, "?" a state that does not load), the deadline
 * of a running game as its clock acts on it (UTC), "-" for the others.
 * Every game is counted into count (may be NULL). Read only. 0, or -1 on
 * a store error; t is the caller's to free either way.
 */
int	judge_gametable(const struct judge_env *, const struct catalog *cat,
	    struct judge_gametable_page *, struct judge_gametable_count *count,
	    struct judge_gametable *t);
void	judge_gametable_free(struct judge_gametable *);

#endif
