/*
 * cmd_deadline.h - APPROVE, SET DEADLINE, SET APPROVE, SET REMIND, EXTEND,
 * EXTEND GRANT, EXTEND REFUSE, PAUSE and RESUME (cmd_deadline.c). Layer L3 of the judge: called
 * by the command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_DEADLINE_H
#define PBEMD_JUDGE_CMD_DEADLINE_H

#include "adjudicator/judge/session.h"

void	judge_cmd_approve(struct judge_session *, const struct judge_line *);
void	judge_cmd_set_deadline(struct judge_session *,
	    const struct judge_line *);
void	judge_cmd_set_approve(struct judge_session *,
	    const struct judge_line *);
void	judge_cmd_set_remind(struct judge_session *,
	    const struct judge_line *);
void	judge_cmd_extend(struct judge_session *, const struct judge_line *);
void	judge_cmd_extend_grant(struct judge_session *,
	    const struct judge_line *);
void	judge_cmd_extend_refuse(struct judge_session *,
	    const struct judge_line *);
void	judge_cmd_pause(struct judge_session *, const struct judge_line *);
void	judge_cmd_resume(struct judge_session *, const struct judge_line *);

#endif
