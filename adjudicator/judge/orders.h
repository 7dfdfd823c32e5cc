/*
 * orders.h - the order lines of a mail (orders.c): parsed by the game for
 * the seat that speaks, stored by seat and slot, tried as a phase when the
 * mail or the speaker ends, and confirmed as a whole set in the reply.
 * Layer L2 of the judge.
 */
#ifndef PBEMD_JUDGE_ORDERS_H
#define PBEMD_JUDGE_ORDERS_H

#include "adjudicator/judge/session.h"

/*
 * One order line of the signed-on player (or the GM after BECOME). near:
 * the commands its first word was nearest ("APPROVE"), or "": when the
 * game says that word begins no order (game_diag.foreign), the line is
 * answered as a mistyped command instead (issue 16).
 */
void	judge_orders_line(struct judge_session *, const struct judge_line *,
	    const char *near);
/*
 * A line of the GM signed on as such that is no command: the GM gives no
 * orders, but his greeting or footer is ignored as a player's is, not an
 * error; near as for judge_orders_line().
 */
void	judge_orders_gm_line(struct judge_session *, const struct judge_line *,
	    const char *near);
/* This mail changed the speaker's order set of the current phase (CLEAR). */
void	judge_orders_touched(struct judge_session *);
/*
 * Tries the phase the mail's orders went to, once: at the end of the mail
 * or before the sender speaks for another game or seat.
 */
void	judge_orders_flush(struct judge_session *);
/*
 * The sender speaks as w from the next line on: the orders so far are
 * tried first when w is another game or seat, and the game's parse
 * context starts afresh.
 */
void	judge_orders_speak_as(struct judge_session *, const struct judge_seat *w);
/*
 * Appends the confirmation block to out in cat's language, when this mail
 * gave orders (or CLEAR) in a game of more than two seats whose phase has
 * not moved on since (if it has, the report that follows tells the rest).
 */
void	judge_orders_confirm(struct judge_session *, const struct catalog *cat,
	    struct buf *out);

#endif
