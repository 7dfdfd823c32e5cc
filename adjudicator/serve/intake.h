/*
 * intake.h - one raw mail from the server or standard input through MIME
 * parsing and the judge, with failure counting: a mail that keeps failing
 * (or keeps crashing the process) is quarantined, never retried forever.
 */
#ifndef PBEMD_INTAKE_H
#define PBEMD_INTAKE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "adjudicator/judge/judge.h"

/*
 * The largest mail taken whole: deliver refuses a larger one (the MTA
 * bounces it), and the quarantine keeps a mail up to this size, so a
 * delivered mail is kept whole; only a larger one from IMAP is kept cut
 * (its real size recorded beside it).
 */
#define INTAKE_MAIL_MAX		(64 * 1024 * 1024)

enum intake_result {
	INTAKE_DONE,		/* recorded: mark it processed */
	INTAKE_RETRY,		/* not recorded: leave it for the next round */
	INTAKE_UNREADABLE	/* no sender to answer, recorded as quarantined */
};

/*
 * The failure-table key of a mail: "imap:UIDVALIDITY:UID", or for a mail
 * without a UID (pbemd deliver) "msgid:" and its whole Message-ID, which
 * may be long (a header value is kept up to 64 KB): never cut, so two
 * mails never share a key. Owned (free()).
 */
char	*intake_key(uint32_t uidvalidity, uint32_t uid, const char *message_id);

/*
 * Counts one attempt at each of these mails before any is processed, in one
 * transaction, so that a crash while handling one of them still counts.
 */
int	intake_attempts(struct db *, const char *const *keys, size_t n,
	    time_t now);

enum intake_result intake_mail(const struct judge_env *, const char *raw,
		    size_t len, uint32_t uidvalidity, uint32_t uid,
		    bool counted, int max_failures);

#endif
