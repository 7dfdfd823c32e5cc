/*
 * cmd_rollback.h - ROLLBACK (cmd_rollback.c). Layer L3 of the judge:
 * called by the command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_ROLLBACK_H
#define PBEMD_JUDGE_CMD_ROLLBACK_H

#include "adjudicator/judge/session.h"

void	judge_cmd_rollback(struct judge_session *, const struct judge_line *);

#endif
