/*
 * cmd_resign.h - RESIGN (cmd_resign.c). Layer L3 of the judge: called
 * by the command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_RESIGN_H
#define PBEMD_JUDGE_CMD_RESIGN_H

#include "adjudicator/judge/session.h"

void	judge_cmd_resign(struct judge_session *, const struct judge_line *);

#endif
