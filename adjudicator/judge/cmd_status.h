/*
 * cmd_status.h - STATUS [game], the game master's overview (cmd_status.c).
 * Layer L3 of the judge: called by the command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_STATUS_H
#define PBEMD_JUDGE_CMD_STATUS_H

#include "adjudicator/judge/session.h"

void	judge_cmd_status(struct judge_session *, const struct judge_line *);

#endif
