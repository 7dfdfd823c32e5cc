/*
 * quarantine.c - mails set aside after failing too often, kept whole for
 * the operator (`pbemd quarantine`): their text beside their inbox row,
 * what the operator's retries made of them.
 *
 * Keeps what it is given: the caller bounds the text (serve/intake.h) and
 * says the mail's real size, so a cut text is never taken for the mail.
 * No transactions of its own: the quarantine is written in the mail's.
 */
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "db_priv.h"

/* The columns of a quarantined mail, its inbox row's and its own. */
#define DB_QUARANTINE_COLS "q.id, q.inbox_id, i.uidvalidity, i.uid, " \
	"i.message_id, i.sender, i.note, i.received, q.size, q.released, " \
	"q.retries, q.last_retry, q.last_error"
#define DB_QUARANTINE_NCOLS 13

int
db_quarantine_add(struct db *db, int64_t inbox_id, const char *raw,
    size_t len, size_t size, time_t now)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_QUARANTINE_ADD, "INSERT INTO quarantine(inbox_id, "
	    "raw, size, created) VALUES (?, ?, ?, ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, inbox_id);
	/* A NULL pointer would bind NULL: an empty mail is an empty blob. */
	sqlite3_bind_blob64(st, 2, len ? raw : "", len, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, (sqlite3_int64)size);
	sqlite3_bind_int64(st, 4, (sqlite3_int64)now);
	return db_step_done(db, st, "quarantine add");
}

/* An owned copy of a text column, NULL for NULL. */
static char *
db_quarantine_text(sqlite3_stmt *st, int col)
{
	const unsigned char	*s = sqlite3_column_text(st, col);

	return s ? xstrdup((const char *)s) : NULL;
}

/* The row st stands on, in the columns of DB_QUARANTINE_COLS. */
static void
db_quarantine_row(sqlite3_stmt *st, struct db_quarantine *q)
{
	memset(q, 0, sizeof(*q));
	q->id = sqlite3_column_int64(st, 0);
	q->inbox_id = sqlite3_column_int64(st, 1);
	q->uidvalidity = (uint32_t)sqlite3_column_int64(st, 2);
	q->uid = (uint32_t)sqlite3_column_int64(st, 3);
	q->message_id = db_quarantine_text(st, 4);
	q->sender = db_quarantine_text(st, 5);
	q->reason = db_quarantine_text(st, 6);
	q->received = (time_t)sqlite3_column_int64(st, 7);
	q->size = (size_t)sqlite3_column_int64(st, 8);
	q->released = (time_t)sqlite3_column_int64(st, 9);
	q->retries = sqlite3_column_int(st, 10);
	q->last_retry = (time_t)sqlite3_column_int64(st, 11);
	q->last_error = db_quarantine_text(st, 12);
}

int
db_quarantine_get(struct db *db, int64_t id, struct db_quarantine *out)
{
	sqlite3_stmt	*st;
	const void	*raw;
	int		 rc;

	memset(out, 0, sizeof(*out));
	st = db_stmt(db, DBS_QUARANTINE_GET, "SELECT " DB_QUARANTINE_COLS
	    ", q.raw FROM quarantine q JOIN inbox i ON i.id = q.inbox_id "
	    "WHERE q.id = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, id);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		db_quarantine_row(st, out);
		raw = sqlite3_column_blob(st, DB_QUARANTINE_NCOLS);
		out->len = (size_t)sqlite3_column_bytes(st,
		    DB_QUARANTINE_NCOLS);
		out->raw = xmalloc(out->len + 1);
		if (out->len)
			memcpy(out->raw, raw, out->len);
		out->raw[out->len] = '\0';
	}
	sqlite3_reset(st);
	if (rc == SQLITE_ROW)
		return DB_OK;
	return rc == SQLITE_DONE ? DB_NONE : db_fail(db, "quarantine get");
}

int
db_quarantine_held(struct db *db,
    int (*cb)(void *, const struct db_quarantine *), void *arg)
{
	struct db_quarantine	 q;
	sqlite3_stmt		*st;
	int			 rc, stop = 0;

	st = db_stmt(db, DBS_QUARANTINE_HELD, "SELECT " DB_QUARANTINE_COLS
	    ", length(q.raw) FROM quarantine q JOIN inbox i ON "
	    "i.id = q.inbox_id WHERE q.released IS NULL "
	    "ORDER BY i.received DESC, q.id DESC");
	if (st == NULL)
		return DB_ERR;
	while (stop == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		db_quarantine_row(st, &q);
		q.len = (size_t)sqlite3_column_int64(st, DB_QUARANTINE_NCOLS);
		stop = cb(arg, &q);
		db_quarantine_clear(&q);
	}
	sqlite3_reset(st);
	if (stop != 0 || rc == SQLITE_DONE)
		return DB_OK;
	return db_fail(db, "quarantine held");
}

int
db_quarantine_release(struct db *db, int64_t id, time_t now,
    int64_t *inbox_id)
{
	sqlite3_stmt	*st;
	int		 rc;

	st = db_stmt(db, DBS_QUARANTINE_RELEASE, "UPDATE quarantine SET "
	    "released = ? WHERE id = ? AND released IS NULL "
	    "RETURNING inbox_id");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, (sqlite3_int64)now);
	sqlite3_bind_int64(st, 2, id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*inbox_id = sqlite3_column_int64(st, 0);
	/* RETURNING: the update is done when the statement is stepped to
	 * its end or reset. */
	sqlite3_reset(st);
	if (rc == SQLITE_ROW)
		return DB_OK;
	return rc == SQLITE_DONE ? DB_NONE : db_fail(db, "quarantine release");
}

int
db_quarantine_failed(struct db *db, int64_t id, const char *err, time_t now)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_QUARANTINE_FAILED, "UPDATE quarantine SET "
	    "retries = retries + 1, last_retry = ?, last_error = ? "
	    "WHERE id = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, (sqlite3_int64)now);
	sqlite3_bind_text(st, 2, err, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, id);
	return db_step_done(db, st, "quarantine failed");
}

void
db_quarantine_clear(struct db_quarantine *q)
{
	free(q->message_id);
	free(q->sender);
	free(q->reason);
	free(q->raw);
	free(q->last_error);
	memset(q, 0, sizeof(*q));
}
