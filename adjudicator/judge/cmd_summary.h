/*
 * cmd_summary.h - SUMMARY <name> (cmd_summary.c). Layer L3 of the
 * judge: called by the command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_SUMMARY_H
#define PBEMD_JUDGE_CMD_SUMMARY_H

#include "adjudicator/judge/session.h"

void	judge_cmd_summary(struct judge_session *, const struct judge_line *);

#endif
