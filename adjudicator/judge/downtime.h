/*
 * downtime.h - the clock's heartbeat, downtime and next wake-up
 * (downtime.c). Layer L4 of the judge, beside tick.c.
 */
#ifndef PBEMD_JUDGE_DOWNTIME_H
#define PBEMD_JUDGE_DOWNTIME_H

#include "adjudicator/judge/judge.h"

/*
 * If the last tick is longer ago than env->downtime_slack, every time of a
 * running clock that passed in between moves on by the time lost, and the
 * game is told; then the heartbeat is kept (rules/judge-conventions.md
 * 7.12).
 */
void	judge_downtime(const struct judge_env *);

#endif
