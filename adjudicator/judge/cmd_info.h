/*
 * cmd_info.h - HELP, LIST and SET LANGUAGE, the commands that only tell
 * or set the sender's preferences (cmd_info.c); and SET's answer for a
 * setting it does not know. Layer L3 of the judge: called by the command
 * table alone.
 */
#ifndef PBEMD_JUDGE_CMD_INFO_H
#define PBEMD_JUDGE_CMD_INFO_H

#include "adjudicator/judge/session.h"

void	judge_cmd_help(struct judge_session *, const struct judge_line *);
void	judge_cmd_list(struct judge_session *, const struct judge_line *);
void	judge_cmd_set_language(struct judge_session *,
	    const struct judge_line *);

#endif
