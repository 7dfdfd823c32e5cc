/*
 * env.h - what the caller lends the judge for one mail or one tick: the
 * store, the catalogs, the judge's address, the password cache, the time.
 * Owned by serve/ (runtime.c) and handed down; the judge keeps nothing of
 * it between calls. Layer L0 of the judge; the entry points that take it
 * are in judge.h.
 */
#ifndef PBEMD_JUDGE_ENV_H
#define PBEMD_JUDGE_ENV_H

#include <stdbool.h>
#include <time.h>

#include "adjudicator/judge/password.h"
#include "adjudicator/render/catalog.h"
#include "adjudicator/render/paintbox.h"
#include "db/db.h"
#include "mail/message.h"

#define JUDGE_LANGS	2	/* en, de */

struct judge_env {
	struct db		*db;
	const struct catalog	*cat[JUDGE_LANGS];	/* [0] en, [1] de */
	/* The fonts and the map's drawing, opened and checked once at start
	 * (NULL: each picture opens its own, as the tests' judge does). */
	struct paintbox		*box;
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
	/* Hourly limits per address (limits.c), 0: the judge's own. */
	int			 creates_per_hour;	/* CREATE */
	int			 joins_per_hour;	/* JOIN, TAKEOVER, OBSERVE */
	int			 answers_per_hour;	/* answers to mails */
	/* [judge] keepers: addresses parted by commas or blanks, who may
	 * read the judge's overview by mail (keeper.c); NULL: nobody. */
	const char		*keepers;
};

#endif
