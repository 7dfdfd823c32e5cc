/*
 * events.c - what one address or one seat did lately (db/schema.sql,
 * migration 5): the rows the judge's limits count (judge/limits.c).
 *
 * Nothing here knows a limit; it adds a row and counts rows in a window.
 * A row lives a day at most: every add drops the rows older than that, so
 * the table stays as small as the traffic of one day, whoever sends it.
 */
#include "db_priv.h"

#define DB_EVENT_KEEP	(24 * 3600)	/* seconds a row is kept */

int
db_event_add(struct db *db, const char *kind, const char *key, time_t at)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_EVENT_PRUNE, "DELETE FROM events WHERE at < ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, (sqlite3_int64)(at - DB_EVENT_KEEP));
	if (db_step_done(db, st, "event prune") != DB_OK)
		return DB_ERR;
	st = db_stmt(db, DBS_EVENT_ADD, "INSERT INTO events(kind, key, at) "
	    "VALUES (?, ?, ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, key, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, (sqlite3_int64)at);
	return db_step_done(db, st, "event add");
}

int
db_event_count(struct db *db, const char *kind, const char *key,
    time_t since, int *n, time_t *first)
{
	sqlite3_stmt	*st;

	*n = 0;
	*first = 0;
	st = db_stmt(db, DBS_EVENT_COUNT, "SELECT count(*), min(at) FROM "
	    "events WHERE kind = ? AND key = ? AND at >= ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, key, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, (sqlite3_int64)since);
	if (sqlite3_step(st) != SQLITE_ROW) {
		(void)db_fail(db, "event count");
		sqlite3_reset(st);
		return DB_ERR;
	}
	*n = sqlite3_column_int(st, 0);
	*first = (time_t)sqlite3_column_int64(st, 1);
	/* A statement left on its row keeps a read transaction open. */
	sqlite3_reset(st);
	return DB_OK;
}
