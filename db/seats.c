/*
 * seats.c - who sits where in a game beyond JOIN: preferences and the GM's
 * assignments before the start, the reseating at the start, ejection,
 * take-over requests and their approval, and the GM's orders for a seat.
 *
 * A player row is the seat's current holder; an approved take-over row
 * keeps who held it before, so SUMMARY can tell the seat's story.
 */
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "db_priv.h"

/* Seats are moved out of the way first: (game_id, seat) is the key. */
#define DB_SEAT_SHIFT	1000

int
db_player_prefs(struct db *db, int64_t game_id, int seat, const char *prefs,
    int assigned)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_PLAYER_PREFS, "UPDATE players SET prefs = ?, "
	    "assigned = ? WHERE game_id = ? AND seat = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, prefs, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 2, assigned);
	sqlite3_bind_int64(st, 3, game_id);
	sqlite3_bind_int(st, 4, seat);
	return db_step_done(db, st, "player prefs");
}

int
db_player_eject(struct db *db, int64_t game_id, int seat)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_PLAYER_EJECT, "UPDATE players SET status = "
	    "'ejected' WHERE game_id = ? AND seat = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, seat);
	if (db_step_done(db, st, "player eject") != DB_OK)
		return DB_ERR;
	return db_address_drop(db, game_id, seat);	/* address.c */
}

int
db_player_delete(struct db *db, int64_t game_id, int seat)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_PLAYER_DELETE, "DELETE FROM players "
	    "WHERE game_id = ? AND seat = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, seat);
	if (db_step_done(db, st, "player delete") != DB_OK)
		return DB_ERR;
	return db_address_drop(db, game_id, seat);	/* address.c */
}

int
db_player_reseat(struct db *db, int64_t game_id, const int *from,
    const int *to, int n)
{
	sqlite3_stmt	*st;
	int		 i;

	st = db_stmt(db, DBS_PLAYER_SHIFT, "UPDATE players SET seat = seat + ? "
	    "WHERE game_id = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int(st, 1, DB_SEAT_SHIFT);
	sqlite3_bind_int64(st, 2, game_id);
	if (db_step_done(db, st, "player shift") != DB_OK)
		return DB_ERR;
	for (i = 0; i < n; i++) {
		st = db_stmt(db, DBS_PLAYER_MOVE, "UPDATE players SET seat = ? "
		    "WHERE game_id = ? AND seat = ?");
		if (st == NULL)
			return DB_ERR;
		sqlite3_bind_int(st, 1, to[i]);
		sqlite3_bind_int64(st, 2, game_id);
		sqlite3_bind_int(st, 3, DB_SEAT_SHIFT + from[i]);
		if (db_step_done(db, st, "player move") != DB_OK)
			return DB_ERR;
	}
	/* A request for a place in the queue is no request for a power. */
	return db_address_drop_players(db, game_id);	/* address.c */
}

int
db_player_replace(struct db *db, int64_t game_id, int seat,
    const char *address, const char *pwhash)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_PLAYER_REPLACE, "UPDATE players SET address = ?, "
	    "pwhash = ?, status = 'active' WHERE game_id = ? AND seat = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, address, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, pwhash, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, game_id);
	sqlite3_bind_int(st, 4, seat);
	if (db_step_done(db, st, "player replace") != DB_OK)
		return DB_ERR;
	return db_address_drop(db, game_id, seat);	/* address.c */
}

int
db_orders_clear(struct db *db, int64_t game_id, int phase, int seat)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_ORDERS_CLEAR, "DELETE FROM orders "
	    "WHERE game_id = ? AND phase = ? AND seat = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, phase);
	sqlite3_bind_int(st, 3, seat);
	return db_step_done(db, st, "orders clear");
}

int
db_orders_copy(struct db *db, int64_t game_id, int from, int to)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_ORDERS_COPY, "INSERT OR REPLACE INTO orders("
	    "game_id, phase, seat, slot, text, inbox_id, by_gm) SELECT game_id, "
	    "?, seat, slot, text, inbox_id, by_gm FROM orders WHERE "
	    "game_id = ? AND phase = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int(st, 1, to);
	sqlite3_bind_int64(st, 2, game_id);
	sqlite3_bind_int(st, 3, from);
	return db_step_done(db, st, "orders copy");
}

int
db_orders_by_gm(struct db *db, int64_t game_id, int phase, bool *seats,
    int nseats)
{
	sqlite3_stmt	*st;
	int		 rc, seat;

	st = db_stmt(db, DBS_ORDERS_BY_GM, "SELECT DISTINCT seat FROM orders "
	    "WHERE game_id = ? AND phase = ? AND by_gm <> 0");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, phase);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		seat = sqlite3_column_int(st, 0);
		if (seat >= 0 && seat < nseats)
			seats[seat] = true;
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? DB_OK : db_fail(db, "orders by gm");
}

int
db_takeover_request(struct db *db, int64_t game_id, int seat,
    const char *address, const char *pwhash, time_t now)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_TAKEOVER_DROP, "DELETE FROM takeovers WHERE "
	    "game_id = ? AND seat = ? AND address = ? AND status = 'pending'");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_text(st, 3, address, -1, SQLITE_STATIC);
	if (db_step_done(db, st, "takeover drop") != DB_OK)
		return DB_ERR;
	st = db_stmt(db, DBS_TAKEOVER_ADD, "INSERT INTO takeovers(game_id, "
	    "seat, address, pwhash, requested) VALUES (?, ?, ?, ?, ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_text(st, 3, address, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, pwhash, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 5, (sqlite3_int64)now);
	return db_step_done(db, st, "takeover add");
}

int
db_takeovers_pending(struct db *db, int64_t game_id, int seat,
    struct db_takeover *out, int max, int *n)
{
	sqlite3_stmt	*st;
	int		 rc, fit = DB_OK;

	*n = 0;
	st = db_stmt(db, DBS_TAKEOVERS_PENDING, "SELECT id, seat, address, "
	    "pwhash, requested FROM takeovers WHERE game_id = ? AND "
	    "(seat = ? OR ? < 0) AND status = 'pending' ORDER BY id");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_int(st, 3, seat);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max) {
		struct db_takeover *t = &out[(*n)++];

		memset(t, 0, sizeof(*t));
		t->id = sqlite3_column_int64(st, 0);
		t->seat = sqlite3_column_int(st, 1);
		fit |= db_col_text(st, 2, t->address, sizeof(t->address));
		fit |= db_col_text(st, 3, t->pwhash, sizeof(t->pwhash));
		t->requested = (time_t)sqlite3_column_int64(st, 4);
	}
	sqlite3_reset(st);
	if (rc == SQLITE_ROW || rc == SQLITE_DONE)
		return fit == DB_OK ? DB_OK : DB_ERR;
	return db_fail(db, "takeovers pending");
}

int
db_takeover_decide(struct db *db, int64_t id, bool approve, int phase,
    const char *old_address, time_t now)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_TAKEOVER_DECIDE, "UPDATE takeovers SET status = ?, "
	    "decided = ?, phase = ?, old_address = ? WHERE id = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, approve ? "approved" : "refused", -1,
	    SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, (sqlite3_int64)now);
	sqlite3_bind_int(st, 3, phase);
	sqlite3_bind_text(st, 4, old_address, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 5, id);
	return db_step_done(db, st, "takeover decide");
}

int
db_seat_changes(struct db *db, int64_t game_id, struct db_seat_change *out,
    int max, int *n)
{
	sqlite3_stmt	*st;
	int		 rc, fit = DB_OK;

	*n = 0;
	st = db_stmt(db, DBS_SEAT_CHANGES, "SELECT seat, phase, address, "
	    "coalesce(old_address, '') FROM takeovers WHERE game_id = ? AND "
	    "status = 'approved' ORDER BY decided, id");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max) {
		struct db_seat_change *c = &out[(*n)++];

		memset(c, 0, sizeof(*c));
		c->seat = sqlite3_column_int(st, 0);
		c->phase = sqlite3_column_int(st, 1);
		fit |= db_col_text(st, 2, c->address, sizeof(c->address));
		fit |= db_col_text(st, 3, c->old_address,
		    sizeof(c->old_address));
	}
	sqlite3_reset(st);
	if (rc == SQLITE_ROW || rc == SQLITE_DONE)
		return fit == DB_OK ? DB_OK : DB_ERR;
	return db_fail(db, "seat changes");
}
