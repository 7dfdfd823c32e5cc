/*
 * observers.c - the addresses that watch a game (OBSERVE; db/schema.sql,
 * migration 7): added, dropped and listed. Who may observe, and what an
 * observer is sent, is the judge's (judge/observers.c); here only the rows.
 */
#include <string.h>

#include "common/log.h"
#include "db_priv.h"

int
db_observer_add(struct db *db, int64_t game_id, const char *addr,
    time_t now)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_OBSERVER_ADD, "INSERT INTO observers(game_id, "
	    "address, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_text(st, 2, addr, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, (sqlite3_int64)now);
	if (db_step_done(db, st, "observer add") != DB_OK)
		return DB_ERR;
	return sqlite3_changes(db->h) > 0 ? DB_OK : DB_NONE;
}

int
db_observer_drop(struct db *db, int64_t game_id, const char *addr)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_OBSERVER_DROP, "DELETE FROM observers WHERE "
	    "game_id = ? AND address = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_text(st, 2, addr, -1, SQLITE_STATIC);
	if (db_step_done(db, st, "observer drop") != DB_OK)
		return DB_ERR;
	return sqlite3_changes(db->h) > 0 ? DB_OK : DB_NONE;
}

int
db_observers(struct db *db, int64_t game_id, struct db_observer *out,
    int max, int *n)
{
	sqlite3_stmt	*st;
	int		 rc, fit = DB_OK;

	*n = 0;
	st = db_stmt(db, DBS_OBSERVERS, "SELECT address, since FROM observers "
	    "WHERE game_id = ? ORDER BY since, rowid");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n == max) {
			log_warnx("db: observers of game %lld: more than %d",
			    (long long)game_id, max);
			fit = DB_ERR;
			break;
		}
		fit |= db_col_text(st, 0, out[*n].address,
		    sizeof(out[*n].address));
		out[*n].since = (time_t)sqlite3_column_int64(st, 1);
		(*n)++;
	}
	sqlite3_reset(st);
	if (rc == SQLITE_ROW || rc == SQLITE_DONE)
		return fit == DB_OK ? DB_OK : DB_ERR;
	return db_fail(db, "observers");
}
