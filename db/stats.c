/*
 * stats.c - what the operator's overview counts (judge/overview.c,
 * `pbemd status`): the outbox queue and the mails failing in it, the
 * quarantine, the last mail recorded.
 *
 * Read only, one query a call, each prepared for that call: the overview
 * is asked for now and then, never in the judge's loop. Texts that come
 * from outside (a sender, a server's answer) are only shown: they are cut
 * to their field at a character's boundary and their control characters
 * become '?', so they cannot drive the operator's terminal.
 */
#include <string.h>

#include "common/util.h"
#include "db_priv.h"

/* One statement of this file, prepared for one call; NULL when not. */
static sqlite3_stmt *
db_stats_prepare(struct db *db, const char *sql)
{
	sqlite3_stmt	*st = NULL;

	if (sqlite3_prepare_v2(db->h, sql, -1, &st, NULL) != SQLITE_OK) {
		(void)db_fail(db, "stats");
		return NULL;
	}
	return st;
}

/* Steps st to its one row (DB_OK) and finalizes it on failure. */
static int
db_stats_row(struct db *db, sqlite3_stmt *st)
{
	if (sqlite3_step(st) == SQLITE_ROW)
		return DB_OK;
	(void)db_fail(db, "stats");
	sqlite3_finalize(st);
	return DB_ERR;
}

/*
 * A text column to be shown, into out (outlen bytes): cut before the
 * character that does not fit, control characters as '?'; "" for NULL.
 */
static void
db_stats_shown(sqlite3_stmt *st, int col, char *out, size_t outlen)
{
	const char	*s = (const char *)sqlite3_column_text(st, col);
	size_t		 i, cut;

	if (s == NULL)
		s = "";
	if (strlcpy_(out, s, outlen) >= outlen) {
		/* s[cut] is the first byte left out: if it continues a
		 * character, that character goes too. */
		cut = outlen - 1;
		while (cut > 0 && ((unsigned char)s[cut] & 0xc0) == 0x80)
			cut--;
		out[cut] = '\0';
	}
	for (i = 0; out[i] != '\0'; i++)
		if ((unsigned char)out[i] < 0x20 || out[i] == 0x7f)
			out[i] = '?';
}

int
db_stats_outbox(struct db *db, struct db_outbox_stats *out)
{
	sqlite3_stmt	*st;

	memset(out, 0, sizeof(*out));
	st = db_stats_prepare(db, "SELECT "
	    "count(*) FILTER (WHERE sent IS NULL AND failed IS NULL), "
	    "count(*) FILTER (WHERE sent IS NULL AND failed IS NULL AND "
	    "attempts > 0), "
	    "count(*) FILTER (WHERE failed IS NOT NULL), "
	    "count(*) FILTER (WHERE sent IS NOT NULL), "
	    "coalesce(min(created) FILTER (WHERE sent IS NULL AND failed IS "
	    "NULL), 0) FROM outbox_state");
	if (st == NULL || db_stats_row(db, st) != DB_OK)
		return DB_ERR;
	out->waiting = sqlite3_column_int(st, 0);
	out->failing = sqlite3_column_int(st, 1);
	out->refused = sqlite3_column_int(st, 2);
	out->sent = sqlite3_column_int64(st, 3);
	out->oldest = (time_t)sqlite3_column_int64(st, 4);
	sqlite3_finalize(st);
	return DB_OK;
}

int
db_stats_failing(struct db *db, struct db_outbox_failing *out, int max,
    int *n)
{
	sqlite3_stmt	*st;
	int		 rc;

	*n = 0;
	st = db_stats_prepare(db, "SELECT o.id, coalesce(g.name, ''), o.rcpt, "
	    "o.attempts, o.created, o.next_try, coalesce(o.last_error, '') "
	    "FROM outbox_state o LEFT JOIN games g ON g.id = o.game_id WHERE "
	    "o.sent IS NULL AND o.failed IS NULL AND o.attempts > 0 "
	    "ORDER BY o.id LIMIT ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int(st, 1, max);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max) {
		struct db_outbox_failing *f = &out[(*n)++];

		memset(f, 0, sizeof(*f));
		f->id = sqlite3_column_int64(st, 0);
		db_stats_shown(st, 1, f->game, sizeof(f->game));
		db_stats_shown(st, 2, f->rcpt, sizeof(f->rcpt));
		f->attempts = sqlite3_column_int(st, 3);
		f->created = (time_t)sqlite3_column_int64(st, 4);
		f->next_try = (time_t)sqlite3_column_int64(st, 5);
		db_stats_shown(st, 6, f->error, sizeof(f->error));
	}
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		(void)db_fail(db, "stats failing");
	sqlite3_finalize(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? DB_OK : DB_ERR;
}

int
db_stats_quarantine(struct db *db, struct db_quarantine_stats *out)
{
	sqlite3_stmt	*st;

	memset(out, 0, sizeof(*out));
	st = db_stats_prepare(db, "SELECT "
	    "(SELECT count(*) FROM quarantine WHERE released IS NULL), "
	    "(SELECT count(*) FROM quarantine WHERE released IS NOT NULL), "
	    "n.id, n.received, n.sender, n.note FROM (SELECT 1) LEFT JOIN "
	    "(SELECT q.id, i.received, i.sender, i.note FROM quarantine q "
	    "JOIN inbox i ON i.id = q.inbox_id WHERE q.released IS NULL "
	    "ORDER BY i.received DESC, q.id DESC LIMIT 1) n");
	if (st == NULL || db_stats_row(db, st) != DB_OK)
		return DB_ERR;
	out->held = sqlite3_column_int(st, 0);
	out->released = sqlite3_column_int(st, 1);
	out->newest_id = sqlite3_column_int64(st, 2);
	out->newest = (time_t)sqlite3_column_int64(st, 3);
	db_stats_shown(st, 4, out->sender, sizeof(out->sender));
	db_stats_shown(st, 5, out->reason, sizeof(out->reason));
	sqlite3_finalize(st);
	return DB_OK;
}

int
db_stats_last_mail(struct db *db, time_t *when)
{
	sqlite3_stmt	*st;
	int		 rc;

	/* The newest row has the highest id: no index on received needed. */
	st = db_stats_prepare(db, "SELECT received FROM inbox ORDER BY id "
	    "DESC LIMIT 1");
	if (st == NULL)
		return DB_ERR;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*when = (time_t)sqlite3_column_int64(st, 0);
	else if (rc != SQLITE_DONE)
		(void)db_fail(db, "stats last mail");
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return DB_OK;
	return rc == SQLITE_DONE ? DB_NONE : DB_ERR;
}
