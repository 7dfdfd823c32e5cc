/*
 * cmd_press.h - PRESS TO <powers> and BROADCAST, each with its text up to
 * ENDPRESS (cmd_press.c). Layer L3 of the judge: called by the command
 * table alone; judge.c keeps the text being read for the mail, feeds it
 * the lines while judge_press_reading() and calls judge_press_end() when
 * the mail ends.
 */
#ifndef PBEMD_JUDGE_CMD_PRESS_H
#define PBEMD_JUDGE_CMD_PRESS_H

#include <stdbool.h>

#include "adjudicator/game/game.h"
#include "adjudicator/judge/session.h"

/* A PRESS or BROADCAST being read; all zero at the start of a mail. */
struct judge_press {
	bool		 active;
	bool		 broadcast;
	bool		 to[GAME_MAX_SEATS];
	bool		 to_gm;
	int		 lines;
	struct buf	 body;
};

/* own: the mail's struct judge_press. */
void	judge_cmd_press(struct judge_session *, const struct judge_line *,
	    void *own);
void	judge_cmd_broadcast(struct judge_session *, const struct judge_line *,
	    void *own);
/* Whether a text is being read: the next line is the press's. */
bool	judge_press_reading(const void *own);
/* One line of the text as written; ENDPRESS ends and sends it. */
void	judge_press_line(struct judge_session *, void *own, const char *raw);
/* The end of the mail: a text without its ENDPRESS is not sent. */
void	judge_press_end(struct judge_session *, void *own);

#endif
