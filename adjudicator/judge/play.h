/*
 * play.h - playing a phase over the order book (play.c): as soon as the
 * orders are ready in a game without a clock, or when the clock says so,
 * with the orders there are. Layer L2 of the judge.
 */
#ifndef PBEMD_JUDGE_PLAY_H
#define PBEMD_JUDGE_PLAY_H

#include <stdbool.h>

#include "adjudicator/game/orderbook.h"
#include "adjudicator/judge/session.h"

/* Why the clock plays a phase (each has its note in the reports). */
enum judge_play_why {
	JUDGE_PLAY_EARLY,	/* every order in */
	JUDGE_PLAY_DEADLINE,	/* the deadline, nobody late */
	JUDGE_PLAY_GRACE,	/* the end of the grace period */
	JUDGE_PLAY_GM		/* PROCESS */
};

/* Who the phase is waiting for. Seats in civil disorder, resigned or (in
 * a game of more than two seats) open are not awaited. */
struct judge_due {
	int	 n;				/* awaited seats */
	int	 seat[GAME_MAX_SEATS];
	bool	 pending[GAME_MAX_SEATS];	/* orders incomplete */
	bool	 none[GAME_MAX_SEATS];		/* ... and not one given */
	bool	 error[GAME_MAX_SEATS];		/* last orders had errors */
	bool	 waits[GAME_MAX_SEATS];		/* SET WAIT for this phase */
	int	 nlate;
	bool	 wait;				/* someone SET WAIT */
	bool	 ready;
};

/* The stored orders of w's current phase into book. 0, or -1 (store). */
int	judge_play_book(struct judge_session *, const struct judge_seat *w,
	    struct orderbook *book);
/*
 * A game without a clock: plays the phase of st when the stored orders
 * make it ready, then stores it and reports.
 */
void	judge_play_try(struct judge_session *, struct judge_seat *w,
	    struct game_state *st);
/* Who the phase of st waits for, given the book. 0, or -1 (store). */
int	judge_play_due(struct judge_session *, const struct judge_seat *w,
	    const struct game_state *st, const struct orderbook *book,
	    struct judge_due *d);
/*
 * The clock plays the phase with the orders there are; missing orders are
 * the game's to fill (Diplomacy: the units hold). 0 when played, 1 when
 * the game refused to play without the missing orders, -1 on a store
 * error.
 */
int	judge_play_process(struct judge_session *, struct judge_seat *w,
	    enum judge_play_why);

#endif
