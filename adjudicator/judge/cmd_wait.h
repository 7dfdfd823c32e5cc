/*
 * cmd_wait.h - SET WAIT and SET NOWAIT (cmd_wait.c). Layer L3 of the
 * judge: called by the command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_WAIT_H
#define PBEMD_JUDGE_CMD_WAIT_H

#include "adjudicator/judge/session.h"

void	judge_cmd_set_wait(struct judge_session *, const struct judge_line *);
void	judge_cmd_set_nowait(struct judge_session *,
	    const struct judge_line *);

#endif
