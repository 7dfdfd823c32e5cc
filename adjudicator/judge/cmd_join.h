/*
 * cmd_join.h - JOIN <name> <password> [powers ...] [en|de] (cmd_join.c).
 * Layer L3 of the judge: called by the command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_JOIN_H
#define PBEMD_JUDGE_CMD_JOIN_H

#include "adjudicator/judge/session.h"

void	judge_cmd_join(struct judge_session *, const struct judge_line *);

#endif
