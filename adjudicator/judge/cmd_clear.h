/*
 * cmd_clear.h - CLEAR (cmd_clear.c). Layer L3 of the judge: called by
 * the command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_CLEAR_H
#define PBEMD_JUDGE_CMD_CLEAR_H

#include "adjudicator/judge/session.h"

void	judge_cmd_clear(struct judge_session *, const struct judge_line *);

#endif
