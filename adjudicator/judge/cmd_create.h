/*
 * cmd_create.h - CREATE <name> <game> [options] (cmd_create.c). Layer L3
 * of the judge: called by the command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_CREATE_H
#define PBEMD_JUDGE_CMD_CREATE_H

#include "adjudicator/judge/session.h"

void	judge_cmd_create(struct judge_session *, const struct judge_line *);

#endif
