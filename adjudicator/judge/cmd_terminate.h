/*
 * cmd_terminate.h - TERMINATE (cmd_terminate.c). Layer L3 of the judge:
 * called by the command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_TERMINATE_H
#define PBEMD_JUDGE_CMD_TERMINATE_H

#include "adjudicator/judge/session.h"

void	judge_cmd_terminate(struct judge_session *,
	    const struct judge_line *);

#endif
