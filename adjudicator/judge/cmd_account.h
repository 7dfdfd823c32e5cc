/*
 * cmd_account.h - a seat's credentials after it is taken (cmd_account.c):
 * SET PASSWORD <new>, SET ADDRESS <new> and CONFIRM ADDRESS <name>
 * <code>. Layer L3 of the judge: called by the command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_ACCOUNT_H
#define PBEMD_JUDGE_CMD_ACCOUNT_H

#include "adjudicator/judge/session.h"

/* A code mailed by SET ADDRESS holds this many days. */
#define JUDGE_ADDRESS_DAYS	7

void	judge_cmd_set_password(struct judge_session *,
	    const struct judge_line *);
void	judge_cmd_set_address(struct judge_session *, const struct judge_line *);
void	judge_cmd_confirm_address(struct judge_session *,
	    const struct judge_line *);

#endif
