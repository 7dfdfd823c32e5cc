/*
 * cmd_process.h - PROCESS [phase] (cmd_process.c). Layer L3 of the
 * judge: called by the command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_PROCESS_H
#define PBEMD_JUDGE_CMD_PROCESS_H

#include "adjudicator/judge/session.h"

void	judge_cmd_process(struct judge_session *, const struct judge_line *);

#endif
