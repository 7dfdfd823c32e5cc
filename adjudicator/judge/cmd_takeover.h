/*
 * cmd_takeover.h - TAKEOVER, APPROVE TAKEOVER and REFUSE TAKEOVER
 * (cmd_takeover.c). Layer L3 of the judge: called by the command table
 * alone.
 */
#ifndef PBEMD_JUDGE_CMD_TAKEOVER_H
#define PBEMD_JUDGE_CMD_TAKEOVER_H

#include "adjudicator/judge/session.h"

void	judge_cmd_takeover(struct judge_session *, const struct judge_line *);
void	judge_cmd_approve_takeover(struct judge_session *,
	    const struct judge_line *);
void	judge_cmd_refuse_takeover(struct judge_session *,
	    const struct judge_line *);

#endif
