/*
 * judge.h - the mail command language: one parsed mail in, its effects and
 * replies in the store, in one transaction.
 *
 * The caller (daemon.c, or `pbemd deliver`) lends everything the judge needs
 * in struct judge_env (env.h); the judge keeps no state between mails. The
 * public face of the judge's top layer (judge.c, tick.c, downtime.c) and
 * of the keepers' overview (overview.h, for `pbemd status`): serve/
 * includes this header of the judge and no other.
 */
#ifndef PBEMD_JUDGE_H
#define PBEMD_JUDGE_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "adjudicator/judge/env.h"
#include "adjudicator/judge/overview.h"

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

/* A mail's bytes as they came, kept with its quarantine: len of size. */
struct judge_raw {
	const char	*text;		/* borrowed */
	size_t		 len;		/* bytes kept: < size when cut */
	size_t		 size;
};

/*
 * Records a mail that failed too often as quarantined (never retried by
 * itself), keeps its bytes for the operator, and tells the sender politely
 * that a human will look at it. m is NULL for a mail that cannot be read.
 */
enum judge_result judge_quarantine(const struct judge_env *,
		    const struct message *, uint32_t uidvalidity, uint32_t uid,
		    const char *reason, const struct judge_raw *);

/*
 * Handles the mail held in quarantine qid, at the operator's word: the
 * quarantine is lifted in the mail's own transaction, so the mail is
 * handled as if it came now and its inbox row says so; it is not a
 * duplicate of itself. JUDGE_DUPLICATE when qid is held no longer (unknown,
 * or released already): nothing done. On JUDGE_TEMPFAIL the mail stays
 * held, as it was.
 */
enum judge_result judge_release(const struct judge_env *,
		    const struct message *, int64_t qid, char *why,
		    size_t whylen);

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

/*
 * Mails of a game the SMTP server refused for good since the last call:
 * the GM of each game is told, once (undelivered.c).
 */
void	judge_undelivered(const struct judge_env *);

#endif
