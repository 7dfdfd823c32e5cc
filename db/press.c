/*
 * press.c - messages between the players of a game (PRESS, BROADCAST).
 *
 * Every piece of press is kept with the phase in which it was sent, so that
 * HISTORY can replay the broadcasts; private press is stored for the GM's
 * records but never read back for anyone else.
 */
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "db_priv.h"

int
db_press_insert(struct db *db, int64_t game_id, const struct db_press *p,
    int64_t inbox_id, time_t now)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_PRESS_INSERT, "INSERT INTO press(game_id, phase, "
	    "from_seat, anonymous, broadcast, to_seats, body, inbox_id, "
	    "created) VALUES (?, ?, ?, ?, ?, ?, ?, nullif(?, 0), ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, p->phase);
	sqlite3_bind_int(st, 3, p->from_seat);
	sqlite3_bind_int(st, 4, p->anonymous);
	sqlite3_bind_int(st, 5, p->broadcast);
	sqlite3_bind_text(st, 6, p->to_seats, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 7, p->body ? p->body : "", -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 8, inbox_id);
	sqlite3_bind_int64(st, 9, (sqlite3_int64)now);
	return db_step_done(db, st, "press insert");
}

int
db_press_broadcasts(struct db *db, int64_t game_id, int phase,
    struct db_press *out, int max, int *n)
{
	sqlite3_stmt	*st;
	int		 rc, fit = DB_OK;

	*n = 0;
	st = db_stmt(db, DBS_PRESS_BROADCASTS, "SELECT id, phase, from_seat, "
	    "anonymous, broadcast, to_seats, body, created FROM press WHERE "
	    "game_id = ? AND phase = ? AND broadcast <> 0 ORDER BY id");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, phase);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max) {
		struct db_press *p = &out[(*n)++];

		memset(p, 0, sizeof(*p));
		p->id = sqlite3_column_int64(st, 0);
		p->phase = sqlite3_column_int(st, 1);
		p->from_seat = sqlite3_column_int(st, 2);
		p->anonymous = sqlite3_column_int(st, 3) != 0;
		p->broadcast = sqlite3_column_int(st, 4) != 0;
		fit |= db_col_text(st, 5, p->to_seats, sizeof(p->to_seats));
		p->body = xstrdup((const char *)sqlite3_column_text(st, 6));
		p->created = (time_t)sqlite3_column_int64(st, 7);
	}
	sqlite3_reset(st);
	if (rc == SQLITE_ROW || rc == SQLITE_DONE)
		return fit == DB_OK ? DB_OK : DB_ERR;
	return db_fail(db, "press broadcasts");
}

void
db_press_clear(struct db_press *p)
{
	free(p->body);
	p->body = NULL;
}
