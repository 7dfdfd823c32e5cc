/*
 * cmd_absence.h - SET ABSENCE and SET NOABSENCE (cmd_absence.c). Layer
 * L3 of the judge: called by the command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_ABSENCE_H
#define PBEMD_JUDGE_CMD_ABSENCE_H

#include "adjudicator/judge/session.h"

void	judge_cmd_set_absence(struct judge_session *,
	    const struct judge_line *);
void	judge_cmd_set_noabsence(struct judge_session *,
	    const struct judge_line *);

#endif
