/*
 * cmd_signon.h - SIGNON <name> <password> (cmd_signon.c). Layer L3 of
 * the judge: called by the command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_SIGNON_H
#define PBEMD_JUDGE_CMD_SIGNON_H

#include "adjudicator/judge/session.h"

void	judge_cmd_signon(struct judge_session *, const struct judge_line *);

#endif
