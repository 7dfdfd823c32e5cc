/*
 * cmd_observers.h - OBSERVE (WATCH), UNOBSERVE and the observer's SIGNOFF
 * <game> (cmd_observe.c). Layer L3 of the judge: called by the command
 * table alone.
 */
#ifndef PBEMD_JUDGE_CMD_OBSERVE_H
#define PBEMD_JUDGE_CMD_OBSERVE_H

#include "adjudicator/judge/session.h"

/* OBSERVE <game> [en|de], WATCH <game> [en|de] */
void	judge_cmd_observe(struct judge_session *, const struct judge_line *);
/* UNOBSERVE <game> */
void	judge_cmd_unobserve(struct judge_session *,
	    const struct judge_line *);
/*
 * SIGNOFF <game>: the sender stops observing game name if he does (and
 * is told so); quiet when he does not or there is no such game, for
 * SIGNOFF ends the reading of the mail either way.
 */
void	judge_observe_signoff(struct judge_session *, const char *name);

#endif
