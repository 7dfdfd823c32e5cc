/*
 * phase.h - a game's phases (phase.c): finding the game a command names,
 * loading the state of a phase (one function, one error policy), storing
 * the next phase, the round of reports after it, and the start of a game.
 * Layer L2 of the judge.
 */
#ifndef PBEMD_JUDGE_PHASE_H
#define PBEMD_JUDGE_PHASE_H

#include <stdbool.h>

#include "adjudicator/judge/session.h"

/*
 * The game called name and its rules into w (nobody speaking yet); false,
 * and the reason said, when there is none or its kind is unknown here.
 */
bool	judge_phase_find(struct judge_session *, const char *name,
	    struct judge_seat *w);
/*
 * The same for the clock, quietly: true only for a running game of a kind
 * this judge knows, with w speaking as its GM.
 */
bool	judge_phase_running(struct judge_session *, const char *name,
	    struct judge_seat *w);
/*
 * Calls fn(arg, game) for every running game with a clock, however many:
 * they are read from the store a page at a time, in id order. Stops when
 * fn returns other than 0 (-1 there, or a store error: -1; else 0).
 */
int	judge_phase_each_clock(const struct judge_env *,
	    int (*fn)(void *, const struct db_game_ref *), void *arg);
/* The players of game g into p[GAME_MAX_SEATS]; false on a store error. */
bool	judge_phase_players(struct judge_session *, const struct db_game *g,
	    struct db_player *p, int *n);
/* The catalog argument naming a game's status (enum db_status). */
const char *judge_phase_status_arg(int status);
/*
 * The state of w's stored phase row no (w->game.phase: the current one),
 * owned by the caller. NULL when it cannot be had: a store error marks the
 * session failed; a missing or unreadable state is a broken invariant,
 * logged and said to the sender as such, and the other games go on.
 */
struct game_state *judge_phase_load(struct judge_session *,
	    const struct judge_seat *w, int no);
/*
 * Stores st as the next phase of w's game and notes its status and winner
 * in w->game; a game with a clock begins the phase with the judge's
 * proposal. 0, or -1 on a store error.
 *
 * judge_phase_amend() stores st, a new state of the same phase of play
 * (RESIGN, a take-over: nothing was adjudicated), as a phase row of its
 * own: the orders given so far stay given, and the clock keeps its
 * deadline, grace period, notices sent, the seats' WAIT and error marks
 * and the open EXTEND requests. Only for a game that goes on.
 */
int	judge_phase_amend(struct judge_session *, struct judge_seat *w,
	    const struct game_state *st);
int	judge_phase_advance(struct judge_session *, struct judge_seat *w,
	    const struct game_state *st);
/*
 * The game master ends w's running game (TERMINATE): st, ended by the
 * game where it can (game_ops.terminate), is stored as the last phase,
 * the game is over without a winner, and everyone gets his final report
 * with note (may be NULL) and the seed revealed. 0; -1 when the game
 * refused (said) or on a store error.
 */
int	judge_phase_terminate(struct judge_session *, struct judge_seat *w,
	    struct game_state *st, const struct game_msg *note);
/*
 * The reports after a phase of w's game, to everyone, with the clock's
 * notes (may be NULL) and, when the game is over, its seed revealed.
 */
void	judge_phase_report(struct judge_session *, const struct judge_seat *w,
	    const struct game_state *st, const struct game_msg *notes,
	    int nnotes);
/*
 * Every seat of w's game is taken: who moves first, the handicap, start()
 * and the first reports with the seed's commitment (and, in a white-press
 * game, who plays which seat).
 */
void	judge_phase_start(struct judge_session *, struct judge_seat *w);

#endif
