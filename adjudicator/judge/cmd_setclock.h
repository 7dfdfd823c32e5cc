/*
 * cmd_setclock.h - SET MOVE, SET RETREAT, SET ADJUST, SET GRACE, SET DAYS and
 * SET AT (cmd_setclock.c). Layer L3 of the judge: called by the command
 * table alone.
 */
#ifndef PBEMD_JUDGE_CMD_SETCLOCK_H
#define PBEMD_JUDGE_CMD_SETCLOCK_H

#include "adjudicator/judge/session.h"

/* SET <MOVE|RETREAT|ADJUST|GRACE|DAYS|AT> <value>: one handler, the
 * setting named by the line's second word. */
void	judge_cmd_set_clock(struct judge_session *, const struct judge_line *);

#endif
