/*
 * address.c - the credentials of a seat after it is taken: its password
 * and its address (SET PASSWORD, SET ADDRESS), and the requests to move a
 * seat's mail to a new address until a code mailed there comes back
 * (CONFIRM ADDRESS; db/schema.sql, migration 4).
 *
 * A request belongs to the player who made it: whatever gives the seat to
 * someone else or takes it from him (resign, eject, take-over, the
 * reseating at the start) drops the seat's open requests (seats.c,
 * games.c), so a code never redirects another player's mail. The code
 * itself is never stored, only what the judge hashed it to.
 */
#include <string.h>

#include "common/log.h"
#include "common/util.h"
#include "db_priv.h"

static const char *const db_addr_status_names[] = {
	"open", "done", "dropped"
};

int
db_address_drop(struct db *db, int64_t game_id, int seat)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_ADDRESS_DROP, "UPDATE address_changes SET "
	    "status = 'dropped' WHERE game_id = ? AND seat = ? AND "
	    "status = 'open'");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, seat);
	return db_step_done(db, st, "address drop");
}

int
db_address_drop_players(struct db *db, int64_t game_id)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_ADDRESS_DROP_PLAYERS, "UPDATE address_changes SET "
	    "status = 'dropped' WHERE game_id = ? AND seat >= 0 AND "
	    "status = 'open'");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	return db_step_done(db, st, "address drop players");
}

int
db_address_request(struct db *db, int64_t game_id, int seat,
    const char *address, const char *code, time_t now)
{
	sqlite3_stmt	*st;

	if (db_address_drop(db, game_id, seat) != DB_OK)
		return DB_ERR;
	st = db_stmt(db, DBS_ADDRESS_ADD, "INSERT INTO address_changes("
	    "game_id, seat, address, code, requested) VALUES (?, ?, ?, ?, ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_text(st, 3, address, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, code, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 5, (sqlite3_int64)now);
	return db_step_done(db, st, "address request");
}

int
db_address_open(struct db *db, int64_t game_id,
    struct db_address_change *out, int max, int *n)
{
	sqlite3_stmt	*st;
	int		 rc, fit = DB_OK;

	*n = 0;
	st = db_stmt(db, DBS_ADDRESS_OPEN, "SELECT id, seat, address, code, "
	    "requested FROM address_changes WHERE game_id = ? AND "
	    "status = 'open' ORDER BY id");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max) {
		struct db_address_change *c = &out[(*n)++];

		memset(c, 0, sizeof(*c));
		c->id = sqlite3_column_int64(st, 0);
		c->seat = sqlite3_column_int(st, 1);
		fit |= db_col_text(st, 2, c->address, sizeof(c->address));
		fit |= db_col_text(st, 3, c->code, sizeof(c->code));
		c->requested = (time_t)sqlite3_column_int64(st, 4);
	}
	sqlite3_reset(st);
	if (rc == SQLITE_ROW) {
		/* One open request a seat (db_address_request): more than
		 * the caller's seats is a damaged store, never cut. */
		log_warnx("db: address changes: more than %d open in game "
		    "%lld", max, (long long)game_id);
		return DB_ERR;
	}
	if (rc != SQLITE_DONE)
		return db_fail(db, "address open");
	return fit == DB_OK ? DB_OK : DB_ERR;
}

int
db_address_settle(struct db *db, int64_t id, enum db_addr_status status)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_ADDRESS_SETTLE, "UPDATE address_changes SET "
	    "status = ? WHERE id = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, db_addr_status_names[status], -1,
	    SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, id);
	return db_step_done(db, st, "address settle");
}

int
db_player_set_address(struct db *db, int64_t game_id, int seat,
    const char *address)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_PLAYER_SET_ADDRESS, "UPDATE players SET "
	    "address = ? WHERE game_id = ? AND seat = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, address, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, game_id);
	sqlite3_bind_int(st, 3, seat);
	return db_step_done(db, st, "player set address");
}

int
db_player_set_password(struct db *db, int64_t game_id, int seat,
    const char *pwhash)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_PLAYER_SET_PASSWORD, "UPDATE players SET "
	    "pwhash = ? WHERE game_id = ? AND seat = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, pwhash, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, game_id);
	sqlite3_bind_int(st, 3, seat);
	return db_step_done(db, st, "player set password");
}

int
db_game_set_gm(struct db *db, int64_t game_id, const char *address,
    const char *pwhash)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_GAME_SET_GM, "UPDATE games SET gm_address = "
	    "coalesce(?, gm_address), gm_pwhash = coalesce(?, gm_pwhash) "
	    "WHERE id = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, address, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, pwhash, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, game_id);
	return db_step_done(db, st, "game set gm");
}
