/*
 * outbox.c - flushes the outbox through one SMTP connection.
 *
 * Stops at the first failure that concerns the connection rather than the
 * recipient, so a server that is down costs one attempt per round, not one
 * per queued mail.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "adjudicator/serve/outbox.h"
#include "common/backoff.h"
#include "common/log.h"

#define OUTBOX_BATCH		64
#define OUTBOX_RETRY_BASE	30	/* seconds */
#define OUTBOX_RETRY_CAP	3600

static int
outbox_send_row(struct db *db, struct smtp *smtp, const char *from,
    const struct db_outbox_row *r, time_t now)
{
	char			 why[256];
	enum smtp_result	 res;
	int			 next;

	why[0] = '\0';
	res = smtp_send(smtp, from, r->rcpt, r->message, r->len, why,
	    sizeof(why));
	switch (res) {
	case SMTP_OK:
		db_outbox_sent(db, r->id, now);
		log_debug("outbox id=%lld sent", (long long)r->id);
		return 1;
	case SMTP_PERMFAIL:
		log_warnx("outbox id=%lld refused for good: %s",
		    (long long)r->id, why);
		db_outbox_failed(db, r->id, now, why);
		return 0;
	default:
		next = backoff_delay(r->attempts + 1, OUTBOX_RETRY_BASE,
		    OUTBOX_RETRY_CAP);
		log_warnx("outbox id=%lld attempt=%d failed, retry in %ds: %s",
		    (long long)r->id, r->attempts + 1, next, why);
		db_outbox_retry(db, r->id, r->attempts + 1, now + next, why);
		return -1;
	}
}

int
outbox_flush(struct db *db, struct smtp *smtp, const char *from, time_t now)
{
	struct db_outbox_row	 rows[OUTBOX_BATCH];
	int			 n, i, rc, sent = 0;
	bool			 down = false;

	do {
		if (db_outbox_due(db, now, rows, OUTBOX_BATCH, &n) != DB_OK)
			return -1;
		if (n == 0)
			break;
		/* One commit per batch: a crash before it re-sends a few
		 * accepted mails (same Message-ID), which at-least-once allows. */
		if (db_begin(db) != DB_OK)
			down = true;
		for (i = 0; i < n; i++) {
			if (!down) {
				rc = outbox_send_row(db, smtp, from, &rows[i], now);
				if (rc > 0)
					sent++;
				down = rc < 0;
			}
			db_outbox_row_clear(&rows[i]);
		}
		if (db_commit(db) != DB_OK) {
			db_rollback(db);
			return -1;
		}
	} while (n == OUTBOX_BATCH && !down);
	return down ? -1 : sent;
}
