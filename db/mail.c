/*
 * mail.c - the inbox (what was processed), failures (what keeps failing)
 * and the outbox (what is still to be sent) in the store.
 *
 * An outbox row holds the finished message, so a retry sends the same bytes
 * with the same Message-ID; it is marked sent only after the SMTP server
 * accepted it. The message is kept apart from the row's state
 * (outbox_message, outbox_state: schema.sql, migration 8), so marking a
 * mail writes a few dozen bytes, not the mail again.
 */
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "db_priv.h"

int
db_inbox_known(struct db *db, uint32_t uidvalidity, uint32_t uid,
    const char *message_id)
{
	sqlite3_stmt	*st;
	int		 rc;

	if (uid != 0) {
		st = db_stmt(db, DBS_INBOX_UID, "SELECT 1 FROM inbox "
		    "WHERE uidvalidity = ? AND uid = ?");
		if (st == NULL)
			return DB_ERR;
		sqlite3_bind_int64(st, 1, uidvalidity);
		sqlite3_bind_int64(st, 2, uid);
		rc = sqlite3_step(st);
		sqlite3_reset(st);
		if (rc == SQLITE_ROW)
			return DB_OK;
		if (rc != SQLITE_DONE)
			return db_fail(db, "inbox uid");
	}
	if (message_id == NULL || *message_id == '\0')
		return DB_NONE;
	st = db_stmt(db, DBS_INBOX_MSGID, "SELECT 1 FROM inbox "
	    "WHERE message_id = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, message_id, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc == SQLITE_ROW)
		return DB_OK;
	return rc == SQLITE_DONE ? DB_NONE : db_fail(db, "inbox message-id");
}

int
db_inbox_insert(struct db *db, const struct db_inbox *in, time_t now,
    int64_t *id)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_INBOX_INSERT, "INSERT INTO inbox(uidvalidity, "
	    "uid, message_id, sender, received, outcome, note) VALUES "
	    "(nullif(?, 0), nullif(?, 0), ?, ?, ?, ?, ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, in->uidvalidity);
	sqlite3_bind_int64(st, 2, in->uid);
	sqlite3_bind_text(st, 3, in->message_id, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, in->sender, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 5, (sqlite3_int64)now);
	sqlite3_bind_text(st, 6, in->outcome, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 7, in->note, -1, SQLITE_STATIC);
	if (db_step_done(db, st, "inbox insert") != DB_OK)
		return DB_ERR;
	if (id)
		*id = sqlite3_last_insert_rowid(db->h);
	return DB_OK;
}

int
db_inbox_settle(struct db *db, int64_t id, const char *outcome,
    const char *note)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_INBOX_SETTLE, "UPDATE inbox SET outcome = ?, "
	    "note = coalesce(note || '; ', '') || ? WHERE id = ? AND "
	    "outcome = 'quarantined'");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, outcome, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, note, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, id);
	if (db_step_done(db, st, "inbox settle") != DB_OK)
		return DB_ERR;
	return sqlite3_changes(db->h) == 1 ? DB_OK : DB_NONE;
}

int
db_failure_bump(struct db *db, const char *key, const char *err, time_t now,
    int *count)
{
	sqlite3_stmt	*st;
	int		 rc;

	st = db_stmt(db, DBS_FAILURE_BUMP, "INSERT INTO failures(mail_key, "
	    "count, last_error, last_time) VALUES (?, 1, ?, ?) "
	    "ON CONFLICT(mail_key) DO UPDATE SET count = count + 1, "
	    "last_error = excluded.last_error, last_time = excluded.last_time "
	    "RETURNING count");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, err, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, (sqlite3_int64)now);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*count = sqlite3_column_int(st, 0);
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? DB_OK : db_fail(db, "failure bump");
}

int
db_failure_get(struct db *db, const char *key, int *count)
{
	sqlite3_stmt	*st;
	int		 rc;

	*count = 0;
	st = db_stmt(db, DBS_FAILURE_GET,
	    "SELECT count FROM failures WHERE mail_key = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*count = sqlite3_column_int(st, 0);
	sqlite3_reset(st);
	if (rc == SQLITE_ROW)
		return DB_OK;
	return rc == SQLITE_DONE ? DB_NONE : db_fail(db, "failure get");
}

int
db_failure_unbump(struct db *db, const char *key)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_FAILURE_UNBUMP, "UPDATE failures SET count = "
	    "count - 1 WHERE mail_key = ? AND count > 0");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	return db_step_done(db, st, "failure unbump");
}

int
db_failure_clear(struct db *db, const char *key)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_FAILURE_CLEAR,
	    "DELETE FROM failures WHERE mail_key = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	return db_step_done(db, st, "failure clear");
}

int
db_outbox_add(struct db *db, int64_t inbox_id, int64_t game_id,
    const char *rcpt, const char *msg, size_t len, time_t now)
{
	sqlite3_stmt	*st;

	/* The view's trigger writes the state and the message as one
	 * statement, inside a transaction or not. */
	st = db_stmt(db, DBS_OUTBOX_ADD, "INSERT INTO outbox(inbox_id, "
	    "game_id, rcpt, message, created, next_try) VALUES "
	    "(nullif(?, 0), nullif(?, 0), ?, ?, ?, ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, inbox_id);
	sqlite3_bind_int64(st, 2, game_id);
	sqlite3_bind_text(st, 3, rcpt, -1, SQLITE_STATIC);
	sqlite3_bind_blob(st, 4, msg, (int)len, SQLITE_STATIC);
	sqlite3_bind_int64(st, 5, (sqlite3_int64)now);
	sqlite3_bind_int64(st, 6, (sqlite3_int64)now);
	return db_step_done(db, st, "outbox add");
}

/* The id of the part with hash h, written when it is not kept yet. */
static int
db_outbox_part_id(struct db *db, const struct db_outbox_part *part,
    int64_t *id)
{
	sqlite3_stmt	*st;
	int		 rc;

	st = db_stmt(db, DBS_OUTBOX_PART_PUT, "INSERT OR IGNORE INTO "
	    "outbox_part(hash, data) VALUES (?, ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_blob(st, 1, part->hash, sizeof(part->hash), SQLITE_STATIC);
	sqlite3_bind_blob(st, 2, part->data, (int)part->len, SQLITE_STATIC);
	if (db_step_done(db, st, "outbox part") != DB_OK)
		return DB_ERR;
	st = db_stmt(db, DBS_OUTBOX_PART_ID, "SELECT id FROM outbox_part "
	    "WHERE hash = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_blob(st, 1, part->hash, sizeof(part->hash), SQLITE_STATIC);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? DB_OK : db_fail(db, "outbox part id");
}

/* The steps of db_outbox_add_part(), inside its savepoint. */
static int
db_outbox_add_steps(struct db *db, int64_t inbox_id, int64_t game_id,
    const char *rcpt, const char *msg, size_t len,
    const struct db_outbox_part *part, time_t now)
{
	sqlite3_stmt	*st;
	int64_t		 pid = 0;

	if (db_outbox_part_id(db, part, &pid) != DB_OK)
		return DB_ERR;
	st = db_stmt(db, DBS_OUTBOX_STATE_ADD, "INSERT INTO outbox_state("
	    "inbox_id, game_id, rcpt, created, next_try) VALUES "
	    "(nullif(?, 0), nullif(?, 0), ?, ?, ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, inbox_id);
	sqlite3_bind_int64(st, 2, game_id);
	sqlite3_bind_text(st, 3, rcpt, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4, (sqlite3_int64)now);
	sqlite3_bind_int64(st, 5, (sqlite3_int64)now);
	if (db_step_done(db, st, "outbox add") != DB_OK)
		return DB_ERR;
	st = db_stmt(db, DBS_OUTBOX_MESSAGE_ADD, "INSERT INTO outbox_message("
	    "id, message, part, part_at) VALUES (?, ?, ?, ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, sqlite3_last_insert_rowid(db->h));
	sqlite3_bind_blob(st, 2, msg, (int)len, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, pid);
	sqlite3_bind_int64(st, 4, (sqlite3_int64)part->at);
	return db_step_done(db, st, "outbox add");
}

int
db_outbox_add_part(struct db *db, int64_t inbox_id, int64_t game_id,
    const char *rcpt, const char *msg, size_t len,
    const struct db_outbox_part *part, time_t now)
{
	int	 rc;

	if (part == NULL || part->at > len)
		return db_outbox_add(db, inbox_id, game_id, rcpt, msg, len,
		    now);
	/* One statement's worth, as the view's trigger is, inside the
	 * caller's transaction or not. */
	if (sqlite3_exec(db->h, "SAVEPOINT outbox_add", NULL, NULL, NULL) !=
	    SQLITE_OK)
		return db_fail(db, "outbox add");
	rc = db_outbox_add_steps(db, inbox_id, game_id, rcpt, msg, len, part,
	    now);
	if (rc != DB_OK)
		sqlite3_exec(db->h, "ROLLBACK TO outbox_add", NULL, NULL, NULL);
	if (sqlite3_exec(db->h, "RELEASE outbox_add", NULL, NULL, NULL) !=
	    SQLITE_OK && rc == DB_OK)
		rc = db_fail(db, "outbox add");
	return rc;
}

int
db_outbox_heads(struct db *db, time_t now, struct db_outbox_row *out, int max,
    int *n)
{
	sqlite3_stmt	*st;
	int		 rc;

	*n = 0;
	/* The join keeps a row without its message out, as before the
	 * message was read apart; it reads no byte of the message. */
	st = db_stmt(db, DBS_OUTBOX_DUE, "SELECT s.id, s.rcpt, s.attempts "
	    "FROM outbox_state s JOIN outbox_message m ON m.id = s.id WHERE "
	    "s.sent IS NULL AND s.failed IS NULL AND s.next_try <= ? ORDER BY "
	    "s.id LIMIT ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, (sqlite3_int64)now);
	sqlite3_bind_int(st, 2, max);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max) {
		struct db_outbox_row *r = &out[(*n)++];

		memset(r, 0, sizeof(*r));
		r->id = sqlite3_column_int64(st, 0);
		r->rcpt = xstrdup((const char *)sqlite3_column_text(st, 1));
		r->attempts = sqlite3_column_int(st, 2);
	}
	sqlite3_reset(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? DB_OK :
	    db_fail(db, "outbox due");
}

int
db_outbox_message(struct db *db, int64_t id, struct buf *out)
{
	sqlite3_stmt	*st;
	int		 rc;

	buf_reset(out);
	st = db_stmt(db, DBS_OUTBOX_MESSAGE, "SELECT m.message, m.part_at, "
	    "p.data FROM outbox_message m LEFT JOIN outbox_part p ON "
	    "p.id = m.part WHERE m.id = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, id);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char	*m = sqlite3_column_blob(st, 0);
		size_t		 n = (size_t)sqlite3_column_bytes(st, 0);
		sqlite3_int64	 at = sqlite3_column_int64(st, 1);

		/* The part, kept once for many messages, where it goes. */
		if (sqlite3_column_type(st, 2) == SQLITE_BLOB && at >= 0 &&
		    (size_t)at <= n) {
			buf_add(out, m, (size_t)at);
			buf_add(out, sqlite3_column_blob(st, 2),
			    (size_t)sqlite3_column_bytes(st, 2));
			buf_add(out, m + at, n - (size_t)at);
		} else
			buf_add(out, m, n);
	}
	/* Reset at once: SQLite frees its copy of a message that spans
	 * overflow pages, and the read ends before the mail is sent. */
	sqlite3_reset(st);
	if (rc == SQLITE_ROW)
		return DB_OK;
	return rc == SQLITE_DONE ? DB_NONE : db_fail(db, "outbox message");
}

int
db_outbox_due(struct db *db, time_t now, struct db_outbox_row *out, int max,
    int *n)
{
	struct buf	 b;
	int		 i, rc;

	if ((rc = db_outbox_heads(db, now, out, max, n)) != DB_OK)
		return rc;
	buf_init(&b);
	for (i = 0; i < *n && rc == DB_OK; i++) {
		/* The heads' join found every message: DB_NONE cannot be. */
		if ((rc = db_outbox_message(db, out[i].id, &b)) != DB_OK)
			break;
		out[i].len = b.len;
		out[i].message = xmalloc(b.len + 1);
		memcpy(out[i].message, b.data, b.len + 1);
	}
	buf_free(&b);
	return rc == DB_OK ? DB_OK : DB_ERR;
}

void
db_outbox_row_clear(struct db_outbox_row *r)
{
	free(r->rcpt);
	free(r->message);
	memset(r, 0, sizeof(*r));
}

int
db_outbox_sent(struct db *db, int64_t id, time_t now)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_OUTBOX_SENT, "UPDATE outbox_state SET sent = ?, "
	    "attempts = attempts + 1 WHERE id = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, (sqlite3_int64)now);
	sqlite3_bind_int64(st, 2, id);
	return db_step_done(db, st, "outbox sent");
}

int
db_outbox_retry(struct db *db, int64_t id, int attempts, time_t next,
    const char *err)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_OUTBOX_RETRY, "UPDATE outbox_state SET "
	    "attempts = ?, "
	    "next_try = ?, last_error = ? WHERE id = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int(st, 1, attempts);
	sqlite3_bind_int64(st, 2, (sqlite3_int64)next);
	sqlite3_bind_text(st, 3, err, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4, id);
	return db_step_done(db, st, "outbox retry");
}

int
db_outbox_failed(struct db *db, int64_t id, time_t now, const char *err)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_OUTBOX_FAILED, "UPDATE outbox_state SET "
	    "failed = ?, "
	    "attempts = attempts + 1, last_error = ? WHERE id = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, (sqlite3_int64)now);
	sqlite3_bind_text(st, 2, err, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, id);
	return db_step_done(db, st, "outbox failed");
}

int
db_outbox_refused(struct db *db, bool untold, int64_t game_id,
    struct db_refused *out, int max, int *n)
{
	sqlite3_stmt	*st;
	const char	*why;
	int		 rc;

	*n = 0;
	st = untold ? db_stmt(db, DBS_OUTBOX_UNTOLD, "SELECT o.id, "
	    "coalesce(g.name, ''), o.rcpt, o.failed, coalesce(o.last_error, "
	    "''), EXISTS(SELECT 1 FROM outbox_state p WHERE p.game_id = "
	    "o.game_id AND p.rcpt = o.rcpt AND p.failed IS NOT NULL AND "
	    "p.told IS NOT NULL) FROM outbox_state o LEFT JOIN games g ON "
	    "g.id = o.game_id WHERE o.failed IS NOT NULL AND o.told IS NULL "
	    "ORDER BY o.id LIMIT ?") :
	    db_stmt(db, DBS_OUTBOX_REFUSED, "SELECT * FROM (SELECT o.id, "
	    "g.name, o.rcpt, o.failed, coalesce(o.last_error, ''), 1 FROM "
	    "outbox_state o JOIN games g ON g.id = o.game_id WHERE o.failed "
	    "IS NOT NULL AND o.game_id = ? ORDER BY o.id DESC LIMIT ?) "
	    "ORDER BY 1");
	if (st == NULL)
		return DB_ERR;
	if (untold)
		sqlite3_bind_int(st, 1, max);
	else {
		sqlite3_bind_int64(st, 1, game_id);
		sqlite3_bind_int(st, 2, max);
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max) {
		struct db_refused *r = &out[*n];

		memset(r, 0, sizeof(*r));
		r->id = sqlite3_column_int64(st, 0);
		if (db_col_text(st, 1, r->game, sizeof(r->game)) != DB_OK ||
		    db_col_text(st, 2, r->rcpt, sizeof(r->rcpt)) != DB_OK) {
			sqlite3_reset(st);
			return DB_ERR;
		}
		r->failed = (time_t)sqlite3_column_int64(st, 3);
		/* The server's words are only shown: cut to fit. */
		why = (const char *)sqlite3_column_text(st, 4);
		strlcpy_(r->why, why ? why : "", sizeof(r->why));
		r->known = sqlite3_column_int(st, 5) != 0;
		(*n)++;
	}
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		(void)db_fail(db, "outbox refused");
		sqlite3_reset(st);
		return DB_ERR;
	}
	sqlite3_reset(st);
	return DB_OK;
}

int
db_outbox_told(struct db *db, int64_t id, time_t now)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_OUTBOX_TOLD, "UPDATE outbox_state SET told = ? "
	    "WHERE "
	    "id = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, (sqlite3_int64)now);
	sqlite3_bind_int64(st, 2, id);
	return db_step_done(db, st, "outbox told");
}

int
db_outbox_next(struct db *db, time_t *when)
{
	sqlite3_stmt	*st;
	int		 rc;
	bool		 have = false;

	st = db_stmt(db, DBS_OUTBOX_NEXT, "SELECT min(next_try) FROM "
	    "outbox_state WHERE sent IS NULL AND failed IS NULL");
	if (st == NULL)
		return DB_ERR;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL) {
		*when = (time_t)sqlite3_column_int64(st, 0);
		have = true;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW)
		return db_fail(db, "outbox next");
	return have ? DB_OK : DB_NONE;
}

int
db_outbox_pending(struct db *db, int *n)
{
	sqlite3_stmt	*st;
	int		 rc;

	st = db_stmt(db, DBS_OUTBOX_PENDING, "SELECT count(*) FROM "
	    "outbox_state WHERE sent IS NULL AND failed IS NULL");
	if (st == NULL)
		return DB_ERR;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*n = sqlite3_column_int(st, 0);
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? DB_OK : db_fail(db, "outbox pending");
}
