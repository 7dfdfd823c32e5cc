/*
 * outbox.c - sends the outbox through one SMTP connection.
 *
 * Each mail is sent outside any transaction and marked sent in a commit
 * of its own as soon as the server accepted it, so a crash re-sends at
 * most the one mail that was in flight (same Message-ID), and a slow
 * server never holds the store's write lock against intake. A recipient
 * the server defers (4xx on RCPT: a full mailbox, greylisting) waits for
 * its own backoff while the others go out; a failure of the connection
 * stops the round, so a server that is down costs one attempt per round,
 * not one per queued mail. A round may have a time budget: the daemon
 * reads new mail between rounds while a long queue drains.
 *
 * Within a round the marks commit without waiting for the disk, and every
 * OUTBOX_SYNC_EVERY of them and the round's last are synced at once (issue
 * 18): one sync a mail can cost more than sending it (0.1 ms on a quiet
 * disk, 2.5 ms on a busy one). A crash of the process loses no mark all
 * the same, so the promise above holds; a power cut loses the marks since
 * the last sync, so it may re-send up to OUTBOX_SYNC_EVERY mails. Intake's
 * commits wait for the disk as before: the connection goes back to that
 * at the round's end.
 *
 * The due rows are read a page at a time without their messages, and each
 * message only when its turn comes, into one buffer the round reuses: a
 * report with a map is some 150 KB, and a page of 64 read whole was the
 * largest thing on the daemon's heap (issue 18: 7.5 MB of a 16.8 MB peak).
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "adjudicator/serve/outbox.h"
#include "common/backoff.h"
#include "common/log.h"
#include "common/util.h"

#define OUTBOX_BATCH		64	/* rows (not messages) read at once */
#define OUTBOX_RETRY_BASE	30	/* seconds */
#define OUTBOX_RETRY_CAP	3600

enum outbox_step {
	OUTBOX_SENT,
	OUTBOX_NEXT,		/* this one waits or failed: go on */
	OUTBOX_STOP		/* the server or the store failed: stop */
};

/* The row waits for its next attempt; each autocommits. */
static enum outbox_step
outbox_later(struct db *db, const struct db_outbox_row *r, time_t now,
    const char *why, enum outbox_step step)
{
	int	 next;

	next = backoff_delay(r->attempts + 1, OUTBOX_RETRY_BASE,
	    OUTBOX_RETRY_CAP);
	log_warnx("outbox id=%lld attempt=%d failed, retry in %ds: %s",
	    (long long)r->id, r->attempts + 1, next, why);
	if (db_outbox_retry(db, r->id, r->attempts + 1, now + next, why) !=
	    DB_OK)
		return OUTBOX_STOP;
	return step;
}

/* Reads row r's message into msg and sends it. */
static enum outbox_step
outbox_send_row(struct db *db, struct smtp *smtp, const char *from,
    const struct db_outbox_row *r, struct buf *msg, time_t now)
{
	char	 why[256];

	switch (db_outbox_message(db, r->id, msg)) {
	case DB_OK:
		break;
	case DB_NONE:
		/* Gone since its page was read; the next page skips it too. */
		return OUTBOX_NEXT;
	default:
		return OUTBOX_STOP;
	}
	why[0] = '\0';
	switch (smtp_send(smtp, from, r->rcpt, msg->data, msg->len, why,
	    sizeof(why))) {
	case SMTP_OK:
		/* A mail marked sent is never sent again: a store that
		 * cannot say so stops the round before it sends more. */
		if (db_outbox_sent(db, r->id, now) != DB_OK)
			return OUTBOX_STOP;
		log_debug("outbox id=%lld sent", (long long)r->id);
		return OUTBOX_SENT;
	case SMTP_PERMFAIL:
		log_warnx("outbox id=%lld refused for good: %s",
		    (long long)r->id, why);
		return db_outbox_failed(db, r->id, now, why) == DB_OK ?
		    OUTBOX_NEXT : OUTBOX_STOP;
	case SMTP_RCPT_TEMPFAIL:
		return outbox_later(db, r, now, why, OUTBOX_NEXT);
	default:
		return outbox_later(db, r, now, why, OUTBOX_STOP);
	}
}

int
outbox_flush(struct db *db, struct smtp *smtp, const char *from, time_t now,
    int budget)
{
	return outbox_flush_sync(db, smtp, from, now, budget,
	    OUTBOX_SYNC_EVERY);
}

/* Syncs the marks of the round so far when every is reached or at its end;
 * false when the store cannot. */
static bool
outbox_synced(struct db *db, int *unsynced, int every)
{
	if (*unsynced == 0 || (every > 0 && *unsynced < every))
		return true;
	*unsynced = 0;
	return db_sync(db) == DB_OK;
}

int
outbox_flush_sync(struct db *db, struct smtp *smtp, const char *from,
    time_t now, int budget, int every)
{
	struct db_outbox_row	 rows[OUTBOX_BATCH];
	struct buf		 msg;
	enum outbox_step	 step = OUTBOX_NEXT;
	time_t			 start = time(NULL);
	int			 n, i, sent = 0, unsynced = 0;
	bool			 spent = false, lazy;

	/* With every 1 each mark waits for the disk on its own. */
	lazy = every > 1 && db_sync_each(db, false) == DB_OK;
	buf_init(&msg);
	do {
		if (db_outbox_heads(db, now, rows, OUTBOX_BATCH, &n) != DB_OK) {
			for (i = 0; i < n; i++)
				db_outbox_row_clear(&rows[i]);
			step = OUTBOX_STOP;
			break;
		}
		for (i = 0; i < n; i++) {
			if (step != OUTBOX_STOP && !spent) {
				step = outbox_send_row(db, smtp, from,
				    &rows[i], &msg, now);
				sent += step == OUTBOX_SENT;
				unsynced += lazy;
				if (!outbox_synced(db, &unsynced, every))
					step = OUTBOX_STOP;
				spent = budget > 0 &&
				    time(NULL) - start >= budget;
			}
			db_outbox_row_clear(&rows[i]);
		}
		/* Every row read was sent, refused or put off until later:
		 * the next page holds other rows. The rest of a spent
		 * round stays due for the next. */
	} while (n == OUTBOX_BATCH && step != OUTBOX_STOP && !spent);
	buf_free(&msg);
	if (lazy) {
		if (!outbox_synced(db, &unsynced, 0))
			step = OUTBOX_STOP;
		/* Else intake's next commit would not wait for the disk. */
		if (db_sync_each(db, true) != DB_OK)
			log_fatalx("outbox: the store's commits cannot wait "
			    "for the disk again");
	}
	return step == OUTBOX_STOP ? -1 : sent;
}
