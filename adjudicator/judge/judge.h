/*
 * judge.h - the mail command language: one parsed mail in, its effects and
 * replies in the store, in one transaction.
 *
 * The caller (daemon.c, or `pbemd deliver`) lends everything the judge needs
 * in struct judge_env; the judge keeps no state between mails.
 */
#ifndef PBEMD_JUDGE_H
#define PBEMD_JUDGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "adjudicator/judge/password.h"
#include "adjudicator/render/catalog.h"
#include "db/db.h"
#include "mail/message.h"

#define JUDGE_LANGS	2	/* en, de */
#define JUDGE_MAX_LINES	400	/* lines of one mail looked at */

struct judge_env {
	struct db		*db;
	const struct catalog	*cat[JUDGE_LANGS];	/* [0] en, [1] de */
	const char		*address;	/* the judge's address */
	const char		*name;		/* its display name */
	const char		*default_lang;	/* for senders we do not know */
	struct password_cache	*pwcache;	/* may be NULL */
	const char		*failure_key;	/* cleared with the mail, or NULL */
	time_t			 now;
	const char		*timezone;	/* of new clocks; NULL: UTC */
	/* judge_tick(): a silence longer than this many seconds since the
	 * last tick is downtime, and deadlines that passed in it move on
	 * (0: nothing is counted, the heartbeat is not kept). */
	int			 downtime_slack;
	/* With downtime_slack: count downtime and keep the heartbeat only if
	 * serve or tick keep one already (`pbemd deliver`). */
	bool			 downtime_if_kept;
};

enum judge_result {
	JUDGE_HANDLED,		/* committed: replies queued */
	JUDGE_IGNORED,		/* committed: robot mail, recorded, no reply */
	JUDGE_DUPLICATE,	/* already recorded earlier: nothing done */
	JUDGE_TEMPFAIL		/* rolled back: try again later */
};

/*
 * Handles one mail. uidvalidity/uid identify it on the IMAP server (both 0
 * for mail from standard input; then the Message-ID alone dedupes).
 */
enum judge_result judge_handle_message(const struct judge_env *,
		    const struct message *, uint32_t uidvalidity, uint32_t uid,
		    char *why, size_t whylen);

/*
 * Records a mail that failed too often as quarantined (never retried), and
 * tells the sender politely that a human will look at it.
 */
enum judge_result judge_quarantine(const struct judge_env *,
		    const struct message *, uint32_t uidvalidity, uint32_t uid,
		    const char *reason);

/*
 * The phase clock at env->now: shifts deadlines that passed while the judge
 * was down, processes due phases, sends reminders and notices, applies the
 * grace period and civil disorder; each game's step in its own transaction,
 * recorded with what it sent, so a crash neither skips nor repeats one.
 * Returns the next time it has something to do (0: nothing pending).
 */
time_t	judge_tick(const struct judge_env *);
/* The same next time, without doing anything. */
time_t	judge_next_wake(const struct judge_env *);

#endif
