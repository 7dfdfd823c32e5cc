/*
 * cmd_history.h - HISTORY <name> [from] [to] (cmd_history.c). Layer L3
 * of the judge: called by the command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_HISTORY_H
#define PBEMD_JUDGE_CMD_HISTORY_H

#include "adjudicator/judge/session.h"

void	judge_cmd_history(struct judge_session *, const struct judge_line *);

#endif
