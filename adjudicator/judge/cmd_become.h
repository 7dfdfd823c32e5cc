/*
 * cmd_become.h - BECOME <power> (cmd_become.c): the GM speaks for a power
 * for the rest of a mail, and its player gets a copy. Layer L3 of the
 * judge: called by the command table alone; judge.c keeps its state for
 * the mail and calls judge_become_end() when the mail ends.
 */
#ifndef PBEMD_JUDGE_CMD_BECOME_H
#define PBEMD_JUDGE_CMD_BECOME_H

#include <stdbool.h>
#include <stddef.h>

#include "adjudicator/judge/session.h"

/* BECOME's state for one mail; all zero at its start. */
struct judge_become {
	bool	 became;	/* BECOME was used (once a mail) */
	size_t	 at;		/* reply offset after the BECOME line */
};

/* own: the mail's struct judge_become. */
void	judge_cmd_become(struct judge_session *, const struct judge_line *,
	    void *own);
/* At the end of the mail: the power's player gets his copy. */
void	judge_become_end(struct judge_session *, void *own);

#endif
