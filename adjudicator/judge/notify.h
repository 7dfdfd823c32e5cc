/*
 * notify.h - short mails about a game that are not reports (notify.c): a
 * seat was taken over, a player removed, a deadline set, a reminder. Each
 * reader gets the text in his own language. Layer L1 of the judge.
 */
#ifndef PBEMD_JUDGE_NOTIFY_H
#define PBEMD_JUDGE_NOTIFY_H

#include <time.h>

#include "adjudicator/judge/session.h"

#define JUDGE_NOTIFY_ALL	(-100)	/* the players, the GM, observers */
#define JUDGE_NOTIFY_PLAYERS	(-101)	/* every player, not the GM */

/* One notice to addr: key with nargs string arguments. */
void	judge_notify(struct judge_session *, const struct db_game *,
	    const char *addr, const char *key, int nargs, ...);
/*
 * The same with a text after a blank line: a copy of lines the judge
 * wrote to someone else (BECOME's, SIGNON's). tail is added as it is: the
 * caller renders what of it is the judge's own in the reader's language,
 * judge_reader_catalog(addr).
 */
void	judge_notify_copy(struct judge_session *, const struct db_game *,
	    const char *addr, const struct buf *tail, const char *key,
	    int nargs, ...);
/*
 * The same notice to every active player of the game, to its GM and to
 * its observers, except the address except (may be NULL: the sender reads
 * it in his reply).
 */
void	judge_notify_all(struct judge_session *, const struct db_game *,
	    const char *except, const char *key, int nargs, ...);
/*
 * Clock messages (notice.h: their instants shown in zone tz) as one mail
 * to seat to of w's game, to GAME_SEAT_GM, JUDGE_NOTIFY_PLAYERS or
 * JUDGE_NOTIFY_ALL; never to
 * the sender of the mail being handled, who reads them in his reply.
 */
void	judge_notify_notes(struct judge_session *, const struct judge_seat *w,
	    const char *tz, int to, const struct game_msg *, int nmsgs);

#endif
