/*
 * opts.h - the option words of CREATE that are the judge's (opts.c): the
 * press rules and the phase clock; the rest are the game's. Pure; layer
 * L0 of the judge.
 */
#ifndef PBEMD_JUDGE_OPTS_H
#define PBEMD_JUDGE_OPTS_H

#include <stdbool.h>
#include <stddef.h>

#include "adjudicator/game/game.h"
#include "adjudicator/judge/deadline.h"
#include "common/util.h"

struct judge_opts {
	struct deadline_conf	 clock;		/* clock.on: some clock word */
	struct buf		 stored;	/* for games.options: the press
						 * and the game's words */
	struct buf		 game;		/* the game's words alone */
};

void	judge_opts_init(struct judge_opts *, const char *tz);
void	judge_opts_free(struct judge_opts *);
/*
 * Hands each of CREATE's option words to its family. Returns -1 with why
 * for the first judge word with a bad value, or when the clock's words
 * cannot all hold together.
 */
int	judge_opts_split(char *const *words, int n, struct judge_opts *,
	    struct game_diag *why);
/*
 * Whether the stored options opts hold the word name (a flag) or
 * name=value; the value goes to val (len bytes) when val is not NULL.
 */
bool	judge_opt(const char *opts, const char *name, char *val, size_t len);

#endif
