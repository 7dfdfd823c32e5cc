/*
 * notice.h - the texts of the phase clock (notice.c): messages whose time
 * arguments are instants, rendered per reader in his language and the
 * game's time zone. Layer L0 of the judge.
 */
#ifndef PBEMD_JUDGE_NOTICE_H
#define PBEMD_JUDGE_NOTICE_H

#include <stdbool.h>
#include <time.h>

#include "adjudicator/judge/session.h"

/* Sets argument arg of m to the instant t (rendered by judge_note_render). */
void	judge_note_time(struct game_msg *, int arg, time_t t);
/* Sets argument arg of m to the name of seat of w's game. */
void	judge_note_seat(struct game_msg *, int arg, const struct judge_seat *w,
	    int seat);
/* Appends m in cat's language, its instants shown in zone tz. */
void	judge_note_render(const struct catalog *, const char *tz,
	    const struct game_msg *, struct buf *out);
/* The same as a reply line of the session (an error if error). */
void	judge_note_say(struct judge_session *, const char *tz,
	    const struct game_msg *, bool error);

#endif
