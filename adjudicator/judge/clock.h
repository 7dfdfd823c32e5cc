/*
 * clock.h - the phase clock's row of a game (clock.c): created with the
 * game, begun anew with every phase (the judge's proposal), the seats'
 * flags (WAIT, an order error, civil disorder), and the clock's lines of
 * every report. Layer L1 of the judge: it stores and tells, it never
 * plays a phase (judge/play.c does).
 */
#ifndef PBEMD_JUDGE_CLOCK_H
#define PBEMD_JUDGE_CLOCK_H

#include <stdbool.h>
#include <time.h>

#include "adjudicator/judge/deadline.h"
#include "adjudicator/judge/session.h"

/*
 * A player holds at most this many absences that are not over (SET
 * ABSENCE refuses the next one), so the proposal reads every absence of a
 * game: GAME_MAX_SEATS times as many.
 */
#define JUDGE_ABSENCES_SEAT	4
/* How long before it passes the GM is reminded of an unapproved proposal
 * when the game has remind=0 (else remind= says). */
#define JUDGE_GM_REMIND		(24 * 3600)
#define JUDGE_ABSENCES_MAX	(GAME_MAX_SEATS * JUDGE_ABSENCES_SEAT)
/* The meta key of the clock's heartbeat: when judge_tick() last ran
 * (downtime.c keeps it, the operator's overview shows it). */
#define JUDGE_HEARTBEAT		"heartbeat"

/* CREATE with clock options: the row, and the reply lines saying it. */
int	judge_clock_created(struct judge_session *, const struct db_game *,
	    const struct deadline_conf *);
/*
 * Whether w's game runs on a clock (then only the clock plays its phases).
 * A store error counts as yes, with the session marked failed.
 */
bool	judge_clock_owns(struct judge_session *, const struct judge_seat *w);
/*
 * The signed-on game's clock into c, for a command that needs one: false
 * (and the reason said) when the game is not running or has no clock.
 */
bool	judge_clock_here(struct judge_session *, struct db_clock *c);
/*
 * One of CREATE's clock words (move=48h, grace=0, days=-MTWTF-,
 * at=20:00, ...; and at=any: no clock time) applied to c's settings and
 * checked as CREATE checks them (deadline.c). 0; -1 with why (the word
 * or the setting that does not hold) and c unchanged. Pure: nothing is
 * stored.
 */
int	judge_clock_setting(struct db_clock *c, const char *word, char *why,
	    size_t whylen);
/* Stores c; a store error marks the session failed. */
void	judge_clock_store(struct judge_session *, const struct db_clock *c);
/*
 * The judge's proposal for the deadline of c's phase from start: the
 * clock's rules and the absences of the players still in the game. 0, or
 * -1 on a store error.
 */
int	judge_clock_propose(struct judge_session *, const struct judge_seat *w,
	    struct db_clock *c, time_t start);
/*
 * w's game has a new phase, st: its clock row starts the phase with the
 * judge's proposal (no proposal once the game is over). Nothing when the
 * game has no clock.
 */
void	judge_clock_begin(struct judge_session *, const struct judge_seat *w,
	    const struct game_state *st);
/* The flags row of w's seat into f (a fresh one if it has none). 0 or -1. */
int	judge_clock_seat(struct judge_session *, const struct judge_seat *w,
	    struct db_clock_seat *f);
/*
 * rules/judge-conventions.md 1.3: an order line of w's seat; first says
 * it is the first line of this mail for that seat. The first line clears
 * the seat's error mark, any line in error sets it.
 */
void	judge_clock_mark(struct judge_session *, const struct judge_seat *w,
	    bool first, bool error);
/*
 * When the GM is reminded of c's proposal that awaits his approval, and
 * when the powers whose orders are not complete are reminded of c's
 * deadline (remind=): 0 for never. Pure: the tick and its wake-up agree.
 */
time_t	judge_clock_gm_remind_at(const struct db_clock *c);
time_t	judge_clock_remind_at(const struct db_clock *c);
/* The seat goes into civil disorder. 0, or -1 on a store error. */
int	judge_clock_put_cd(struct judge_session *, const struct judge_seat *w,
	    int seat);
/* A sign-on of w's seat ends its civil disorder; the GM is told. */
void	judge_clock_signed_on(struct judge_session *,
	    const struct judge_seat *w);
/* The seat of a reader who plays none (an observer) for
 * judge_clock_report: no seat's marks, no GM's hints. */
#define JUDGE_CLOCK_NO_SEAT	(-2)
/*
 * The notes of a phase change (nnotes of them, may be none) in cat's
 * language and the game's zone, a line each: what a report says about
 * the phase played beside its results.
 */
void	judge_clock_notes(struct judge_session *,
	    const struct judge_seat *w, const struct catalog *cat,
	    const struct game_msg *notes, int nnotes, struct buf *out);
/* The clock's part at the end of seat's report, in cat's language: the
 * deadline as it stands, after a blank line; nothing without a clock. */
void	judge_clock_report(struct judge_session *,
	    const struct judge_seat *w, int seat, const struct catalog *cat,
	    struct buf *out);

#endif
