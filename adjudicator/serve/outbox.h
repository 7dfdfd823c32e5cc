/*
 * outbox.h - sending what the judge queued: each row is marked sent only
 * after the SMTP server accepted it; temporary failures are retried with
 * backoff, permanent ones set aside and logged.
 */
#ifndef PBEMD_OUTBOX_H
#define PBEMD_OUTBOX_H

#include <time.h>

#include "db/db.h"
#include "mail/smtp.h"

/*
 * Sends every due row, or as many as go out in budget seconds (0: no
 * limit), so the daemon's intake gets its turn while a long queue drains.
 * Returns how many were sent, or -1 when the server could not be reached
 * (the rest waits for the next round).
 */
int	outbox_flush(struct db *, struct smtp *, const char *from, time_t now,
	    int budget);

/* Marks a power cut may lose: synced every this many and at a round's end. */
#define OUTBOX_SYNC_EVERY	32

/*
 * outbox_flush() with the marks synced every this many (every > 1) or each
 * on its own (every <= 1, as before issue 18; the send benchmark compares).
 */
int	outbox_flush_sync(struct db *, struct smtp *, const char *from,
	    time_t now, int budget, int every);

#endif
