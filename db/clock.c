/*
 * clock.c - the phase clock in the store: a game's clock row, per-seat
 * flags (WAIT, order errors, civil disorder), absences, extension requests,
 * and the judge's heartbeat in meta.
 *
 * Only storage: what the rows mean is decided in adjudicator/judge/clock.c
 * and judge/tick.c.
 */
#include <string.h>

#include "common/util.h"
#include "db_priv.h"

#define DB_CLOCK_COLS "game_id, move, retreat, adjust, grace, days, at, " \
	"tz, cd, phase, kind, started, proposed, deadline, grace_end, " \
	"last_deadline, paused, sent, approve, remind"

int
db_clock_get(struct db *db, int64_t game_id, struct db_clock *c)
{
	sqlite3_stmt	*st;
	int		 rc, fit = DB_OK;

	st = db_stmt(db, DBS_CLOCK_GET, "SELECT " DB_CLOCK_COLS
	    " FROM clocks WHERE game_id = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		memset(c, 0, sizeof(*c));
		c->game_id = sqlite3_column_int64(st, 0);
		c->secs[0] = sqlite3_column_int(st, 1);
		c->secs[1] = sqlite3_column_int(st, 2);
		c->secs[2] = sqlite3_column_int(st, 3);
		c->grace = sqlite3_column_int(st, 4);
		fit = db_col_text(st, 5, c->days, sizeof(c->days));
		c->at = sqlite3_column_int(st, 6);
		if (db_col_text(st, 7, c->tz, sizeof(c->tz)) != DB_OK)
			fit = DB_ERR;
		c->cd = sqlite3_column_int(st, 8) != 0;
		c->phase = sqlite3_column_int(st, 9);
		c->kind = sqlite3_column_int(st, 10);
		c->started = (time_t)sqlite3_column_int64(st, 11);
		c->proposed = (time_t)sqlite3_column_int64(st, 12);
		c->deadline = (time_t)sqlite3_column_int64(st, 13);
		c->grace_end = (time_t)sqlite3_column_int64(st, 14);
		c->last_deadline = (time_t)sqlite3_column_int64(st, 15);
		c->paused = (time_t)sqlite3_column_int64(st, 16);
		c->sent = sqlite3_column_int(st, 17);
		c->approve = sqlite3_column_int(st, 18);
		c->remind = sqlite3_column_int(st, 19);
	}
	sqlite3_reset(st);
	if (rc == SQLITE_ROW)
		return fit;
	return rc == SQLITE_DONE ? DB_NONE : db_fail(db, "clock get");
}

int
db_clock_put(struct db *db, const struct db_clock *c)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_CLOCK_PUT, "INSERT OR REPLACE INTO clocks("
	    DB_CLOCK_COLS ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
	    "?, ?, ?, ?, ?, ?, ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, c->game_id);
	sqlite3_bind_int(st, 2, c->secs[0]);
	sqlite3_bind_int(st, 3, c->secs[1]);
	sqlite3_bind_int(st, 4, c->secs[2]);
	sqlite3_bind_int(st, 5, c->grace);
	sqlite3_bind_text(st, 6, c->days, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 7, c->at);
	sqlite3_bind_text(st, 8, c->tz, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 9, c->cd);
	sqlite3_bind_int(st, 10, c->phase);
	sqlite3_bind_int(st, 11, c->kind);
	sqlite3_bind_int64(st, 12, (sqlite3_int64)c->started);
	sqlite3_bind_int64(st, 13, (sqlite3_int64)c->proposed);
	sqlite3_bind_int64(st, 14, (sqlite3_int64)c->deadline);
	sqlite3_bind_int64(st, 15, (sqlite3_int64)c->grace_end);
	sqlite3_bind_int64(st, 16, (sqlite3_int64)c->last_deadline);
	sqlite3_bind_int64(st, 17, (sqlite3_int64)c->paused);
	sqlite3_bind_int(st, 18, c->sent);
	sqlite3_bind_int(st, 19, c->approve);
	sqlite3_bind_int(st, 20, c->remind);
	return db_step_done(db, st, "clock put");
}

int
db_clock_games(struct db *db, int64_t after, struct db_game_ref *out,
    int max, int *n)
{
	sqlite3_stmt	*st;
	int		 rc;

	*n = 0;
	st = db_stmt(db, DBS_CLOCK_GAMES, "SELECT g.id, g.name FROM clocks c "
	    "JOIN games g ON g.id = c.game_id WHERE g.status = 'running' "
	    "AND g.id > ? ORDER BY g.id LIMIT ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, (sqlite3_int64)after);
	sqlite3_bind_int(st, 2, max);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max) {
		out[*n].id = sqlite3_column_int64(st, 0);
		/* A name that does not fit (logged) names no game: the
		 * page goes on, so one damaged row stops no other clock. */
		if (db_col_text(st, 1, out[*n].name, DB_NAME_MAX) != DB_OK)
			out[*n].name[0] = '\0';
		(*n)++;
	}
	sqlite3_reset(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? DB_OK :
	    db_fail(db, "clock games");
}

int
db_clock_seats(struct db *db, int64_t game_id, struct db_clock_seat *out,
    int max, int *n)
{
	sqlite3_stmt	*st;
	int		 rc;

	*n = 0;
	st = db_stmt(db, DBS_CLOCK_SEATS, "SELECT seat, wait_phase, "
	    "error_phase, cd FROM clock_seats WHERE game_id = ? ORDER BY seat");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max) {
		struct db_clock_seat *s = &out[(*n)++];

		s->seat = sqlite3_column_int(st, 0);
		s->wait_phase = sqlite3_column_int(st, 1);
		s->error_phase = sqlite3_column_int(st, 2);
		s->cd = sqlite3_column_int(st, 3) != 0;
	}
	sqlite3_reset(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? DB_OK :
	    db_fail(db, "clock seats");
}

int
db_clock_seat_put(struct db *db, int64_t game_id, const struct db_clock_seat *s)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_CLOCK_SEAT_PUT, "INSERT OR REPLACE INTO "
	    "clock_seats(game_id, seat, wait_phase, error_phase, cd) "
	    "VALUES (?, ?, ?, ?, ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, s->seat);
	sqlite3_bind_int(st, 3, s->wait_phase);
	sqlite3_bind_int(st, 4, s->error_phase);
	sqlite3_bind_int(st, 5, s->cd);
	return db_step_done(db, st, "clock seat put");
}

int
db_absence_add(struct db *db, int64_t game_id, int seat, time_t from,
    time_t to, time_t now)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_ABSENCE_ADD, "INSERT INTO absences(game_id, "
	    "seat, away_from, away_to, created) VALUES (?, ?, ?, ?, ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_int64(st, 3, (sqlite3_int64)from);
	sqlite3_bind_int64(st, 4, (sqlite3_int64)to);
	sqlite3_bind_int64(st, 5, (sqlite3_int64)now);
	return db_step_done(db, st, "absence add");
}

int
db_absence_clear(struct db *db, int64_t game_id, int seat)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_ABSENCE_CLEAR, "DELETE FROM absences "
	    "WHERE game_id = ? AND seat = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, seat);
	return db_step_done(db, st, "absence clear");
}

int
db_absences(struct db *db, int64_t game_id, time_t now,
    struct db_absence *out, int max, int *n)
{
	sqlite3_stmt	*st;
	int		 rc;

	*n = 0;
	st = db_stmt(db, DBS_ABSENCES, "SELECT id, seat, away_from, away_to "
	    "FROM absences WHERE game_id = ? AND away_to >= ? "
	    "ORDER BY away_from, id");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int64(st, 2, (sqlite3_int64)now);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max) {
		struct db_absence *a = &out[(*n)++];

		a->id = sqlite3_column_int64(st, 0);
		a->seat = sqlite3_column_int(st, 1);
		a->from = (time_t)sqlite3_column_int64(st, 2);
		a->to = (time_t)sqlite3_column_int64(st, 3);
	}
	sqlite3_reset(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? DB_OK :
	    db_fail(db, "absences");
}

int
db_extension_add(struct db *db, int64_t game_id, int phase, int seat,
    int secs, time_t now)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_EXT_ADD, "INSERT INTO extensions(game_id, phase, "
	    "seat, secs, asked) VALUES (?, ?, ?, ?, ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, phase);
	sqlite3_bind_int(st, 3, seat);
	sqlite3_bind_int(st, 4, secs);
	sqlite3_bind_int64(st, 5, (sqlite3_int64)now);
	return db_step_done(db, st, "extension add");
}

int
db_extensions_open(struct db *db, int64_t game_id, int phase,
    struct db_extension *out, int max, int *n)
{
	sqlite3_stmt	*st;
	int		 rc;

	*n = 0;
	st = db_stmt(db, DBS_EXT_OPEN, "SELECT id, seat, secs, asked "
	    "FROM extensions WHERE game_id = ? AND phase = ? AND "
	    "status = 'open' ORDER BY id");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, phase);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max) {
		struct db_extension *e = &out[(*n)++];

		e->id = sqlite3_column_int64(st, 0);
		e->seat = sqlite3_column_int(st, 1);
		e->secs = sqlite3_column_int(st, 2);
		e->asked = (time_t)sqlite3_column_int64(st, 3);
	}
	sqlite3_reset(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? DB_OK :
	    db_fail(db, "extensions open");
}

int
db_extension_settle(struct db *db, int64_t id, enum db_ext_status status,
    time_t now)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_EXT_SETTLE, "UPDATE extensions SET status = ?, "
	    "settled = ? WHERE id = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, status == DB_EXT_GRANTED ? "granted" :
	    status == DB_EXT_REFUSED ? "refused" : "open", -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, (sqlite3_int64)now);
	sqlite3_bind_int64(st, 3, id);
	return db_step_done(db, st, "extension settle");
}

int
db_meta_get(struct db *db, const char *key, int64_t *value)
{
	sqlite3_stmt	*st;
	int		 rc;

	st = db_stmt(db, DBS_META_GET, "SELECT value FROM meta WHERE key = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*value = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	if (rc == SQLITE_ROW)
		return DB_OK;
	return rc == SQLITE_DONE ? DB_NONE : db_fail(db, "meta get");
}

int
db_meta_set(struct db *db, const char *key, int64_t value)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_META_SET, "INSERT OR REPLACE INTO meta(key, value) "
	    "VALUES (?, ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, value);
	return db_step_done(db, st, "meta set");
}

int
db_clock_carry(struct db *db, int64_t game_id, int from, int to)
{
	static const struct {
		enum db_stmt_id	 id;
		const char	*sql;
	} q[] = {
		{ DBS_CARRY_CLOCK, "UPDATE clocks SET phase = ?1 "
		    "WHERE game_id = ?2 AND phase = ?3" },
		{ DBS_CARRY_WAIT, "UPDATE clock_seats SET wait_phase = ?1 "
		    "WHERE game_id = ?2 AND wait_phase = ?3" },
		{ DBS_CARRY_ERROR, "UPDATE clock_seats SET error_phase = ?1 "
		    "WHERE game_id = ?2 AND error_phase = ?3" },
		{ DBS_CARRY_EXT, "UPDATE extensions SET phase = ?1 "
		    "WHERE game_id = ?2 AND phase = ?3" },
	};
	sqlite3_stmt	*st;
	size_t		 i;

	for (i = 0; i < sizeof(q) / sizeof(q[0]); i++) {
		if ((st = db_stmt(db, q[i].id, q[i].sql)) == NULL)
			return DB_ERR;
		sqlite3_bind_int(st, 1, to);
		sqlite3_bind_int64(st, 2, game_id);
		sqlite3_bind_int(st, 3, from);
		if (db_step_done(db, st, "clock carry") != DB_OK)
			return DB_ERR;
	}
	return DB_OK;
}
