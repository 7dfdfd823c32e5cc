/*
 * games.c - games, players, phases and orders in the store.
 *
 * Phases are only ever inserted: a game's history is its phase rows. The
 * current phase number lives in games.phase.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/util.h"
#include "db_priv.h"

static const char *const db_status_names[] = {
	"forming", "running", "over", "halted"
};

static enum db_game_status
db_status_parse(const char *s)
{
	int	 i;

	for (i = 0; i < 4; i++)
		if (strcmp(s, db_status_names[i]) == 0)
			return (enum db_game_status)i;
	return DB_HALTED;
}

#define DB_GAME_COLS "id, name, kind, options, seed, gm_address, gm_pwhash, " \
	"status, phase, coalesce(first_seat, -1), coalesce(winner, -1), created"

/* One row of DB_GAME_COLS; DB_ERR (logged) if a text does not fit. */
static int
db_game_row(sqlite3_stmt *st, struct db_game *g)
{
	char	 status[16];	/* "running": longer is no status */
	int	 fit = DB_OK;

	memset(g, 0, sizeof(*g));
	g->id = sqlite3_column_int64(st, 0);
	fit |= db_col_text(st, 1, g->name, sizeof(g->name));
	fit |= db_col_text(st, 2, g->kind, sizeof(g->kind));
	fit |= db_col_text(st, 3, g->options, sizeof(g->options));
	g->seed = (uint64_t)sqlite3_column_int64(st, 4);
	fit |= db_col_text(st, 5, g->gm_address, sizeof(g->gm_address));
	fit |= db_col_text(st, 6, g->gm_pwhash, sizeof(g->gm_pwhash));
	fit |= db_col_text(st, 7, status, sizeof(status));
	g->status = db_status_parse(status);
	g->phase = sqlite3_column_int(st, 8);
	g->first_seat = sqlite3_column_int(st, 9);
	g->winner = sqlite3_column_int(st, 10);
	g->created = (time_t)sqlite3_column_int64(st, 11);
	return fit == DB_OK ? DB_OK : DB_ERR;
}

int
db_game_get(struct db *db, const char *name, struct db_game *out)
{
	sqlite3_stmt	*st;
	int		 rc, fit = DB_OK;

	st = db_stmt(db, DBS_GAME_GET, "SELECT " DB_GAME_COLS
	    " FROM games WHERE name = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		fit = db_game_row(st, out);
	sqlite3_reset(st);
	if (rc == SQLITE_ROW)
		return fit;
	return rc == SQLITE_DONE ? DB_NONE : db_fail(db, "game get");
}

int
db_game_insert(struct db *db, struct db_game *g, time_t now)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_GAME_INSERT, "INSERT INTO games(name, kind, "
	    "options, seed, gm_address, gm_pwhash, status, phase, created) "
	    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, g->kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, g->options, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4, (sqlite3_int64)g->seed);
	sqlite3_bind_text(st, 5, g->gm_address, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, g->gm_pwhash, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 7, db_status_names[g->status], -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 8, g->phase);
	sqlite3_bind_int64(st, 9, (sqlite3_int64)now);
	if (db_step_done(db, st, "game insert") != DB_OK)
		return DB_ERR;
	g->id = sqlite3_last_insert_rowid(db->h);
	g->created = now;
	return DB_OK;
}

int
db_game_update(struct db *db, const struct db_game *g)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_GAME_UPDATE, "UPDATE games SET status = ?, "
	    "phase = ?, first_seat = nullif(?, -1), winner = nullif(?, -1) "
	    "WHERE id = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, db_status_names[g->status], -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 2, g->phase);
	sqlite3_bind_int(st, 3, g->first_seat);
	sqlite3_bind_int(st, 4, g->winner);
	sqlite3_bind_int64(st, 5, g->id);
	return db_step_done(db, st, "game update");
}

int
db_game_each(struct db *db, int (*cb)(void *, const struct db_game *),
    void *arg)
{
	sqlite3_stmt	*st;
	struct db_game	 g;
	int		 rc;

	st = db_stmt(db, DBS_GAME_EACH, "SELECT " DB_GAME_COLS
	    " FROM games ORDER BY name");
	if (st == NULL)
		return DB_ERR;
	/* A damaged row (logged) is left out: the other games are
	 * listed, ticked and summed up all the same. */
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (db_game_row(st, &g) != DB_OK)
			continue;
		if (cb(arg, &g) != 0)
			break;
	}
	sqlite3_reset(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? DB_OK :
	    db_fail(db, "game each");
}

int
db_players(struct db *db, int64_t game_id, struct db_player *out, int max,
    int *n)
{
	sqlite3_stmt	*st;
	int		 rc, fit = DB_OK;

	*n = 0;
	st = db_stmt(db, DBS_PLAYERS, "SELECT seat, address, pwhash, status, "
	    "prefs, assigned FROM players WHERE game_id = ? ORDER BY seat");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max) {
		struct db_player *p = &out[(*n)++];
		char status[16];

		memset(p, 0, sizeof(*p));
		p->game_id = game_id;
		p->seat = sqlite3_column_int(st, 0);
		fit |= db_col_text(st, 1, p->address, sizeof(p->address));
		fit |= db_col_text(st, 2, p->pwhash, sizeof(p->pwhash));
		fit |= db_col_text(st, 3, status, sizeof(status));
		p->resigned = strcmp(status, "resigned") == 0;
		p->ejected = strcmp(status, "ejected") == 0;
		fit |= db_col_text(st, 4, p->prefs, sizeof(p->prefs));
		p->assigned = sqlite3_column_int(st, 5);
	}
	sqlite3_reset(st);
	if (rc == SQLITE_ROW || rc == SQLITE_DONE)
		return fit == DB_OK ? DB_OK : DB_ERR;
	return db_fail(db, "players");
}

int
db_player_insert(struct db *db, const struct db_player *p, time_t now)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_PLAYER_INSERT, "INSERT INTO players(game_id, "
	    "seat, address, pwhash, joined) VALUES (?, ?, ?, ?, ?)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, p->game_id);
	sqlite3_bind_int(st, 2, p->seat);
	sqlite3_bind_text(st, 3, p->address, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, p->pwhash, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 5, (sqlite3_int64)now);
	return db_step_done(db, st, "player insert");
}

int
db_player_resign(struct db *db, int64_t game_id, int seat)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_PLAYER_RESIGN, "UPDATE players SET status = "
	    "'resigned' WHERE game_id = ? AND seat = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, seat);
	if (db_step_done(db, st, "player resign") != DB_OK)
		return DB_ERR;
	return db_address_drop(db, game_id, seat);	/* address.c */
}

/*
 * The newest finished game of a kind in which both addresses sat; fills the
 * address of each seat so the caller can map the old seats to the new.
 */
int
db_last_match(struct db *db, const char *kind, const char *a, const char *b,
    int64_t exclude, struct db_game *out, char seat_addr[][DB_ADDR_MAX],
    int nseats)
{
	sqlite3_stmt	*st;
	struct db_player p[8];
	int		 rc, n, i, fit = DB_OK;

	st = db_stmt(db, DBS_LAST_MATCH, "SELECT " DB_GAME_COLS " FROM games g "
	    "WHERE kind = ? AND status = 'over' AND id <> ? "
	    "AND EXISTS (SELECT 1 FROM players WHERE game_id = g.id AND address = ?) "
	    "AND EXISTS (SELECT 1 FROM players WHERE game_id = g.id AND address = ?) "
	    "ORDER BY id DESC LIMIT 1");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, exclude);
	sqlite3_bind_text(st, 3, a, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, b, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		fit = db_game_row(st, out);
	sqlite3_reset(st);
	if (rc != SQLITE_ROW)
		return rc == SQLITE_DONE ? DB_NONE : db_fail(db, "last match");
	if (fit != DB_OK)
		return DB_ERR;
	for (i = 0; i < nseats; i++)
		seat_addr[i][0] = '\0';
	if (db_players(db, out->id, p, 8, &n) != DB_OK)
		return DB_ERR;
	for (i = 0; i < n; i++)
		if (p[i].seat >= 0 && p[i].seat < nseats)
			strlcpy_(seat_addr[p[i].seat], p[i].address,
			    DB_ADDR_MAX);	/* both DB_ADDR_MAX */
	return DB_OK;
}

/*
 * The ledger's input (Way of the Knight's handicap): every finished game
 * of a kind between two addresses, oldest first, as who won it.
 */
int
db_match_results(struct db *db, const char *kind, const char *a,
    const char *b, int64_t exclude, int *out, int max, int *n)
{
	sqlite3_stmt	*st;
	char		 w[DB_ADDR_MAX];
	int		 rc, fit = DB_OK;

	*n = 0;
	st = db_stmt(db, DBS_MATCH_RESULTS, "SELECT (SELECT address FROM "
	    "players WHERE game_id = g.id AND seat = g.winner) FROM games g "
	    "WHERE kind = ? AND status = 'over' AND id <> ? "
	    "AND EXISTS (SELECT 1 FROM players WHERE game_id = g.id AND address = ?) "
	    "AND EXISTS (SELECT 1 FROM players WHERE game_id = g.id AND address = ?) "
	    "ORDER BY id");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, exclude);
	sqlite3_bind_text(st, 3, a, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, b, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max) {
		fit |= db_col_text(st, 0, w, sizeof(w));
		out[(*n)++] = strcasecmp(w, a) == 0 ? 1 :
		    strcasecmp(w, b) == 0 ? -1 : 0;
	}
	sqlite3_reset(st);
	if (rc == SQLITE_ROW || rc == SQLITE_DONE)
		return fit == DB_OK ? DB_OK : DB_ERR;
	return db_fail(db, "match results");
}

int
db_phase_insert(struct db *db, int64_t game_id, int no, const char *state,
    int64_t inbox_id, time_t now)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_PHASE_INSERT, "INSERT INTO phases(game_id, no, "
	    "state, created, inbox_id) VALUES (?, ?, ?, ?, nullif(?, 0))");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, no);
	sqlite3_bind_text(st, 3, state, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4, (sqlite3_int64)now);
	sqlite3_bind_int64(st, 5, inbox_id);
	return db_step_done(db, st, "phase insert");
}

/* *state is owned by the caller. */
int
db_phase_state(struct db *db, int64_t game_id, int no, char **state)
{
	sqlite3_stmt	*st;
	int		 rc;

	*state = NULL;
	st = db_stmt(db, DBS_PHASE_STATE, "SELECT state FROM phases "
	    "WHERE game_id = ? AND no = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, no);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*state = xstrdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_reset(st);
	if (rc == SQLITE_ROW)
		return DB_OK;
	return rc == SQLITE_DONE ? DB_NONE : db_fail(db, "phase state");
}

int
db_order_put(struct db *db, int64_t game_id, int phase,
    const struct db_order *o, int64_t inbox_id)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_ORDER_PUT, "INSERT INTO orders(game_id, phase, "
	    "seat, slot, text, inbox_id, by_gm) VALUES (?, ?, ?, ?, ?, "
	    "nullif(?, 0), ?) ON CONFLICT(game_id, phase, seat, slot) DO UPDATE "
	    "SET text = excluded.text, inbox_id = excluded.inbox_id, "
	    "by_gm = excluded.by_gm");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, phase);
	sqlite3_bind_int(st, 3, o->seat);
	sqlite3_bind_text(st, 4, o->slot, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, o->text, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 6, inbox_id);
	sqlite3_bind_int(st, 7, o->by_gm);
	return db_step_done(db, st, "order put");
}

int
db_orders(struct db *db, int64_t game_id, int phase, struct db_order *out,
    int max, int *n)
{
	sqlite3_stmt	*st;
	int		 rc, fit = DB_OK;

	*n = 0;
	st = db_stmt(db, DBS_ORDERS, "SELECT seat, slot, text, by_gm FROM "
	    "orders WHERE game_id = ? AND phase = ? ORDER BY seat, slot");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, phase);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max) {
		struct db_order *o = &out[(*n)++];

		o->seat = sqlite3_column_int(st, 0);
		fit |= db_col_text(st, 1, o->slot, sizeof(o->slot));
		fit |= db_col_text(st, 2, o->text, sizeof(o->text));
		o->by_gm = sqlite3_column_int(st, 3) != 0;
	}
	sqlite3_reset(st);
	if (rc == SQLITE_ROW || rc == SQLITE_DONE)
		return fit == DB_OK ? DB_OK : DB_ERR;
	return db_fail(db, "orders");
}
