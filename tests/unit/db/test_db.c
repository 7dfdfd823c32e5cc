/*
 * test_db.c - db/db.c, db/games.c and db/mail.c: the store over a real SQLite
 * file in /tmp. Migrations, refusing a newer schema, the game tables, the
 * inbox, failures and the outbox, transactions, history that is never
 * overwritten, and texts too long for their fields refused, never cut.
 */
#include "tests/unit/test.h"
#include <sys/stat.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/util.h"
#include "db/db.h"

extern const char db_schema_sql[];

static char		 path[64];
static struct db	*db;

static void
remove_files(void)
{
	char	 p[96];

	unlink(path);
	snprintf(p, sizeof(p), "%s-wal", path);
	unlink(p);
	snprintf(p, sizeof(p), "%s-shm", path);
	unlink(p);
}

/* A fresh file name; the file itself is created by db_open(). */
static void
new_path(void)
{
	int	 fd;

	strcpy(path, "/tmp/pbemd-db-XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	unlink(path);
}

static void
setup(void)
{
	char	 why[256] = "";

	new_path();
	ck_assert_msg(db_open(path, &db, why, sizeof(why)) == DB_OK, "%s", why);
}

static void
teardown(void)
{
	db_close(db);
	db = NULL;
	remove_files();
}

/* The highest "-- migration N" of db/schema.sql. */
static int
latest_migration(void)
{
	const char	*p = db_schema_sql;
	int		 n, last = 0;

	while ((p = strstr(p, "-- migration ")) != NULL) {
		p += strlen("-- migration ");
		n = atoi(p);
		if (n > last)
			last = n;
	}
	return last;
}

/* Runs one SQL statement on the file directly, outside the store. */
static void
raw_exec(const char *sql)
{
	sqlite3	*h;
	char	*err = NULL;

	ck_assert_int_eq(sqlite3_open(path, &h), SQLITE_OK);
	ck_assert_msg(sqlite3_exec(h, sql, NULL, NULL, &err) == SQLITE_OK,
	    "%s: %s", sql, err ? err : "?");
	sqlite3_close(h);
}

/* The single integer a query returns, read directly from the file. */
static int
raw_int(const char *sql)
{
	sqlite3		*h;
	sqlite3_stmt	*st;
	int		 v = -1;

	ck_assert_int_eq(sqlite3_open(path, &h), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(h);
	return v;
}

static void
make_game(struct db_game *g, const char *name, const char *kind,
    enum db_game_status status)
{
	memset(g, 0, sizeof(*g));
	snprintf(g->name, sizeof(g->name), "%s", name);
	snprintf(g->kind, sizeof(g->kind), "%s", kind);
	snprintf(g->options, sizeof(g->options), "blind");
	g->seed = 0x7fffffffffff1234ULL;
	snprintf(g->gm_address, sizeof(g->gm_address), "gm@example.test");
	snprintf(g->gm_pwhash, sizeof(g->gm_pwhash), "$argon2id$hash-%s", name);
	g->status = status;
	g->first_seat = g->winner = -1;
}

static int64_t
insert_game(const char *name, const char *kind, enum db_game_status status,
    time_t now)
{
	struct db_game	 g;

	make_game(&g, name, kind, status);
	ck_assert_int_eq(db_game_insert(db, &g, now), DB_OK);
	ck_assert_int_gt(g.id, 0);
	return g.id;
}

static void
insert_player(int64_t game, int seat, const char *addr)
{
	struct db_player	 p;

	memset(&p, 0, sizeof(p));
	p.game_id = game;
	p.seat = seat;
	snprintf(p.address, sizeof(p.address), "%s", addr);
	snprintf(p.pwhash, sizeof(p.pwhash), "$argon2id$seat%d", seat);
	ck_assert_int_eq(db_player_insert(db, &p, 1000), DB_OK);
}

/* ---- migrations ---- */

START_TEST(a_new_file_is_migrated_to_the_latest_version)
{
	int	 latest = latest_migration();

	ck_assert_int_ge(latest, 1);
	ck_assert_int_eq(db_schema_version(db), latest);
	ck_assert_int_eq(raw_int("PRAGMA user_version"), latest);
	/* Every table of the schema is there; the outbox is a view of two
	 * (migration 8). */
	ck_assert_int_eq(raw_int("SELECT count(*) FROM sqlite_master WHERE "
	    "type = 'table' AND name IN ('people', 'games', 'players', "
	    "'phases', 'orders', 'inbox', 'failures', 'outbox_state', "
	    "'outbox_message', 'quarantine')"), 10);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM sqlite_master WHERE "
	    "type = 'view' AND name = 'outbox'"), 1);
}
END_TEST

/* The store and its WAL are the owner's alone, whatever the umask. */
START_TEST(a_new_store_and_its_wal_are_created_0600)
{
	struct stat	 sb;
	char		 wal[sizeof(path) + 8], why[256] = "";
	mode_t		 old;

	db_close(db);
	remove_files();
	new_path();
	old = umask(022);
	ck_assert_msg(db_open(path, &db, why, sizeof(why)) == DB_OK, "%s", why);
	umask(old);
	ck_assert_int_eq(db_begin(db), DB_OK);
	ck_assert_int_eq(db_meta_set(db, "k", 1), DB_OK);
	ck_assert_int_eq(db_commit(db), DB_OK);
	ck_assert_int_eq(stat(path, &sb), 0);
	ck_assert_int_eq(sb.st_mode & 0777, 0600);
	snprintf(wal, sizeof(wal), "%s-wal", path);
	ck_assert_int_eq(stat(wal, &sb), 0);
	ck_assert_int_eq(sb.st_mode & 0777, 0600);
}
END_TEST

START_TEST(a_second_open_changes_nothing)
{
	struct db_game	 g;
	char		 why[256] = "";
	int		 objects;

	insert_game("Kept", "wkw", DB_RUNNING, 1000);
	db_close(db);
	db = NULL;
	objects = raw_int("SELECT count(*) FROM sqlite_master");
	ck_assert_int_gt(objects, 0);

	ck_assert_msg(db_open(path, &db, why, sizeof(why)) == DB_OK, "%s", why);
	ck_assert_int_eq(db_schema_version(db), latest_migration());
	ck_assert_int_eq(db_game_get(db, "Kept", &g), DB_OK);
	ck_assert_str_eq(g.kind, "wkw");
	db_close(db);
	db = NULL;
	ck_assert_int_eq(raw_int("SELECT count(*) FROM sqlite_master"), objects);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM games"), 1);
}
END_TEST

START_TEST(a_newer_database_is_refused_with_a_reason)
{
	struct db	*d2 = (struct db *)0x1;
	char		 why[256] = "", want[32];

	db_close(db);
	db = NULL;
	raw_exec("PRAGMA user_version = 999");
	ck_assert_int_eq(db_open(path, &d2, why, sizeof(why)), DB_ERR);
	ck_assert_ptr_eq(d2, (struct db *)0x1);	/* untouched on failure */
	ck_assert_msg(strstr(why, "newer") != NULL, "why: %s", why);
	ck_assert_msg(strstr(why, "999") != NULL, "why: %s", why);
	snprintf(want, sizeof(want), "(%d)", latest_migration());
	ck_assert_msg(strstr(why, want) != NULL, "why: %s", why);
	/* Refusing did not change the file. */
	ck_assert_int_eq(raw_int("PRAGMA user_version"), 999);
}
END_TEST

START_TEST(an_unopenable_path_is_refused_with_a_reason)
{
	struct db	*d2 = NULL;
	char		 why[256] = "";

	ck_assert_int_eq(db_open("/nonexistent-pbemd-dir/x/store.db", &d2, why,
	    sizeof(why)), DB_ERR);
	ck_assert_ptr_null(d2);
	ck_assert_msg(strstr(why, "/nonexistent-pbemd-dir/x/store.db") != NULL,
	    "why: %s", why);
}
END_TEST

/* ---- games, players, phases, orders ---- */

START_TEST(a_game_round_trips)
{
	struct db_game	 g, r;

	make_game(&g, "Alpha", "weekeewachee", DB_FORMING);
	g.phase = 0;
	ck_assert_int_eq(db_game_insert(db, &g, 1700000000), DB_OK);
	ck_assert_int_gt(g.id, 0);
	ck_assert_int_eq(g.created, 1700000000);

	ck_assert_int_eq(db_game_get(db, "Alpha", &r), DB_OK);
	ck_assert_int_eq(r.id, g.id);
	ck_assert_str_eq(r.name, "Alpha");
	ck_assert_str_eq(r.kind, "weekeewachee");
	ck_assert_str_eq(r.options, "blind");
	ck_assert_uint_eq(r.seed, 0x7fffffffffff1234ULL);
	ck_assert_str_eq(r.gm_address, "gm@example.test");
	ck_assert_str_eq(r.gm_pwhash, "$argon2id$hash-Alpha");
	ck_assert_int_eq(r.status, DB_FORMING);
	ck_assert_int_eq(r.phase, 0);
	ck_assert_int_eq(r.first_seat, -1);
	ck_assert_int_eq(r.winner, -1);
	ck_assert_int_eq(r.created, 1700000000);

	/* Names are unique regardless of case. */
	ck_assert_int_eq(db_game_get(db, "ALPHA", &r), DB_OK);
	ck_assert_int_eq(r.id, g.id);
	make_game(&r, "alpha", "x", DB_FORMING);
	ck_assert_int_eq(db_game_insert(db, &r, 1), DB_ERR);

	ck_assert_int_eq(db_game_get(db, "Beta", &r), DB_NONE);
}
END_TEST

START_TEST(a_game_update_sets_status_phase_winner_and_first_seat)
{
	struct db_game	 g, r;

	make_game(&g, "Upd", "wkw", DB_FORMING);
	ck_assert_int_eq(db_game_insert(db, &g, 5), DB_OK);

	g.status = DB_RUNNING;
	g.phase = 3;
	g.first_seat = 1;
	ck_assert_int_eq(db_game_update(db, &g), DB_OK);
	ck_assert_int_eq(db_game_get(db, "Upd", &r), DB_OK);
	ck_assert_int_eq(r.status, DB_RUNNING);
	ck_assert_int_eq(r.phase, 3);
	ck_assert_int_eq(r.first_seat, 1);
	ck_assert_int_eq(r.winner, -1);

	g.status = DB_OVER;
	g.phase = 4;
	g.winner = -2;		/* a draw */
	ck_assert_int_eq(db_game_update(db, &g), DB_OK);
	ck_assert_int_eq(db_game_get(db, "Upd", &r), DB_OK);
	ck_assert_int_eq(r.status, DB_OVER);
	ck_assert_int_eq(r.phase, 4);
	ck_assert_int_eq(r.winner, -2);

	g.winner = 0;
	ck_assert_int_eq(db_game_update(db, &g), DB_OK);
	ck_assert_int_eq(db_game_get(db, "Upd", &r), DB_OK);
	ck_assert_int_eq(r.winner, 0);

	g.status = DB_HALTED;
	g.first_seat = -1;
	g.winner = -1;
	ck_assert_int_eq(db_game_update(db, &g), DB_OK);
	ck_assert_int_eq(db_game_get(db, "Upd", &r), DB_OK);
	ck_assert_int_eq(r.status, DB_HALTED);
	ck_assert_int_eq(r.first_seat, -1);
	ck_assert_int_eq(r.winner, -1);
	/* The unchanged fields stay. */
	ck_assert_str_eq(r.gm_pwhash, "$argon2id$hash-Upd");
	ck_assert_int_eq(r.created, 5);
}
END_TEST

struct each_arg {
	char	 names[8][DB_NAME_MAX];
	int	 n, stop_after;
};

static int
each_cb(void *arg, const struct db_game *g)
{
	struct each_arg	*a = arg;

	snprintf(a->names[a->n++], DB_NAME_MAX, "%s", g->name);
	return a->n == a->stop_after;
}

START_TEST(game_each_visits_every_game_by_name_and_can_stop)
{
	struct each_arg	 a;

	memset(&a, 0, sizeof(a));
	ck_assert_int_eq(db_game_each(db, each_cb, &a), DB_OK);
	ck_assert_int_eq(a.n, 0);

	insert_game("Charlie", "wkw", DB_RUNNING, 1);
	insert_game("Alpha", "wkw", DB_OVER, 2);
	insert_game("Bravo", "dip", DB_FORMING, 3);

	memset(&a, 0, sizeof(a));
	ck_assert_int_eq(db_game_each(db, each_cb, &a), DB_OK);
	ck_assert_int_eq(a.n, 3);
	ck_assert_str_eq(a.names[0], "Alpha");
	ck_assert_str_eq(a.names[1], "Bravo");
	ck_assert_str_eq(a.names[2], "Charlie");

	memset(&a, 0, sizeof(a));
	a.stop_after = 2;
	ck_assert_int_eq(db_game_each(db, each_cb, &a), DB_OK);
	ck_assert_int_eq(a.n, 2);

	/* A stopped walk leaves the statement usable. */
	memset(&a, 0, sizeof(a));
	ck_assert_int_eq(db_game_each(db, each_cb, &a), DB_OK);
	ck_assert_int_eq(a.n, 3);
}
END_TEST

START_TEST(players_come_back_ordered_by_seat)
{
	struct db_player	 p[8];
	int64_t			 g = insert_game("Seats", "wkw", DB_FORMING, 1);
	int64_t			 other = insert_game("Other", "wkw", DB_FORMING, 1);
	int			 n = -1;

	ck_assert_int_eq(db_players(db, g, p, 8, &n), DB_OK);
	ck_assert_int_eq(n, 0);

	insert_player(g, 2, "c@example.test");
	insert_player(g, 0, "a@example.test");
	insert_player(other, 0, "z@example.test");
	insert_player(g, 1, "b@example.test");
	ck_assert_int_eq(db_players(db, g, p, 8, &n), DB_OK);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(p[0].seat, 0);
	ck_assert_str_eq(p[0].address, "a@example.test");
	ck_assert_str_eq(p[0].pwhash, "$argon2id$seat0");
	ck_assert_int_eq(p[1].seat, 1);
	ck_assert_str_eq(p[1].address, "b@example.test");
	ck_assert_int_eq(p[2].seat, 2);
	ck_assert_str_eq(p[2].address, "c@example.test");
	ck_assert(p[0].game_id == g && p[2].game_id == g);
	ck_assert(!p[0].resigned && !p[1].resigned && !p[2].resigned);

	/* A seat is taken once. */
	memset(&p[7], 0, sizeof(p[7]));
	p[7].game_id = g;
	p[7].seat = 1;
	strcpy(p[7].address, "d@example.test");
	strcpy(p[7].pwhash, "x");
	ck_assert_int_eq(db_player_insert(db, &p[7], 2), DB_ERR);

	ck_assert_int_eq(db_player_resign(db, g, 1), DB_OK);
	ck_assert_int_eq(db_players(db, g, p, 8, &n), DB_OK);
	ck_assert_int_eq(n, 3);
	ck_assert(!p[0].resigned && p[1].resigned && !p[2].resigned);

	/* max is respected. */
	ck_assert_int_eq(db_players(db, g, p, 2, &n), DB_OK);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(p[1].seat, 1);
}
END_TEST

START_TEST(a_player_of_a_missing_game_is_refused)
{
	insert_game("Real", "wkw", DB_FORMING, 1);
	{
		struct db_player p;

		memset(&p, 0, sizeof(p));
		p.game_id = 4242;
		strcpy(p.address, "a@example.test");
		strcpy(p.pwhash, "x");
		ck_assert_int_eq(db_player_insert(db, &p, 1), DB_ERR);
	}
	ck_assert_int_eq(raw_int("SELECT count(*) FROM players"), 0);
}
END_TEST

/*
 * A stored text longer than its field (a store damaged by hand or by an
 * old version) is never handed on cut: the row is refused (DB_ERR, logged).
 * db_game_each() leaves the game out and goes on; db_clock_games() keeps
 * the page going with an empty name, which names no game.
 */
START_TEST(a_text_too_long_for_its_field_is_refused_not_cut)
{
	struct db_player	 p[8];
	struct db_game		 gg;
	struct db_game_ref	 ref[4];
	struct each_arg		 a;
	char			 sql[512], big[301];
	int64_t			 g = insert_game("Long", "wkw", DB_RUNNING, 1);
	int			 n;

	insert_game("Short", "wkw", DB_RUNNING, 2);
	insert_player(g, 0, "a@example.test");
	insert_player(g, 1, "b@example.test");
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	memcpy(big + sizeof(big) - 1 - 13, "@example.test", 13);
	snprintf(sql, sizeof(sql), "UPDATE players SET address = '%s' "
	    "WHERE seat = 1", big);
	raw_exec(sql);
	ck_assert_int_eq(db_players(db, g, p, 8, &n), DB_ERR);

	snprintf(sql, sizeof(sql), "UPDATE games SET gm_address = '%s' "
	    "WHERE name = 'Long'", big);
	raw_exec(sql);
	ck_assert_int_eq(db_game_get(db, "Long", &gg), DB_ERR);
	ck_assert_int_eq(db_game_get(db, "Short", &gg), DB_OK);
	memset(&a, 0, sizeof(a));
	ck_assert_int_eq(db_game_each(db, each_cb, &a), DB_OK);
	ck_assert_int_eq(a.n, 1);
	ck_assert_str_eq(a.names[0], "Short");

	/* A name of 100 bytes in the clock's page of running games. */
	snprintf(sql, sizeof(sql), "INSERT INTO clocks(game_id, move, retreat, "
	    "adjust, grace, days, at, tz, cd) SELECT id, 1, 1, 1, 0, 'SMTWTFS', "
	    "-1, 'UTC', 0 FROM games; UPDATE games SET name = '%.100s' "
	    "WHERE name = 'Long'", big);
	raw_exec(sql);
	ck_assert_int_eq(db_clock_games(db, 0, ref, 4, &n), DB_OK);
	ck_assert_int_eq(n, 2);
	ck_assert_str_eq(ref[0].name, "");
	ck_assert_str_eq(ref[1].name, "Short");
}
END_TEST

START_TEST(phases_round_trip_and_a_missing_phase_is_none)
{
	int64_t	 g = insert_game("Ph", "wkw", DB_RUNNING, 1);
	char	*s = (char *)"sentinel";

	ck_assert_int_eq(db_phase_insert(db, g, 0, "state zero", 0, 10), DB_OK);
	ck_assert_int_eq(db_phase_insert(db, g, 1, "state one\nline 2", 0, 11),
	    DB_OK);
	ck_assert_int_eq(db_phase_state(db, g, 0, &s), DB_OK);
	ck_assert_str_eq(s, "state zero");
	free(s);
	ck_assert_int_eq(db_phase_state(db, g, 1, &s), DB_OK);
	ck_assert_str_eq(s, "state one\nline 2");
	free(s);
	s = (char *)"sentinel";
	ck_assert_int_eq(db_phase_state(db, g, 2, &s), DB_NONE);
	ck_assert_ptr_null(s);
	ck_assert_int_eq(db_phase_state(db, g + 100, 0, &s), DB_NONE);
	ck_assert_ptr_null(s);
}
END_TEST

START_TEST(the_phases_table_never_loses_a_row)
{
	int64_t	 g = insert_game("Hist", "wkw", DB_RUNNING, 1);
	char	*s;

	ck_assert_int_eq(db_phase_insert(db, g, 0, "first", 0, 10), DB_OK);
	ck_assert_int_eq(db_phase_insert(db, g, 0, "second", 0, 11), DB_ERR);
	ck_assert_int_eq(db_phase_state(db, g, 0, &s), DB_OK);
	ck_assert_str_eq(s, "first");
	free(s);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM phases"), 1);
	/* The statement still works after the failure. */
	ck_assert_int_eq(db_phase_insert(db, g, 1, "next", 0, 12), DB_OK);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM phases"), 2);
}
END_TEST

START_TEST(order_put_replaces_the_same_slot)
{
	int64_t		 g = insert_game("Ord", "wkw", DB_RUNNING, 1);
	struct db_order	 o, out[8];
	int		 n = -1;

	ck_assert_int_eq(db_orders(db, g, 1, out, 8, &n), DB_OK);
	ck_assert_int_eq(n, 0);

	memset(&o, 0, sizeof(o));
	o.seat = 1;
	strcpy(o.slot, "move");
	strcpy(o.text, "a1-a2");
	ck_assert_int_eq(db_order_put(db, g, 1, &o, 0), DB_OK);
	strcpy(o.text, "b1-b2");
	ck_assert_int_eq(db_order_put(db, g, 1, &o, 0), DB_OK);
	ck_assert_int_eq(db_orders(db, g, 1, out, 8, &n), DB_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(out[0].seat, 1);
	ck_assert_str_eq(out[0].slot, "move");
	ck_assert_str_eq(out[0].text, "b1-b2");

	/* Another seat, another slot, another phase: separate rows. */
	o.seat = 0;
	strcpy(o.text, "c1-c2");
	ck_assert_int_eq(db_order_put(db, g, 1, &o, 0), DB_OK);
	o.seat = 1;
	strcpy(o.slot, "build");
	strcpy(o.text, "d1");
	ck_assert_int_eq(db_order_put(db, g, 1, &o, 0), DB_OK);
	strcpy(o.slot, "move");
	strcpy(o.text, "phase two");
	ck_assert_int_eq(db_order_put(db, g, 2, &o, 0), DB_OK);

	ck_assert_int_eq(db_orders(db, g, 1, out, 8, &n), DB_OK);
	ck_assert_int_eq(n, 3);
	/* Ordered by seat, then slot. */
	ck_assert_int_eq(out[0].seat, 0);
	ck_assert_str_eq(out[0].text, "c1-c2");
	ck_assert_int_eq(out[1].seat, 1);
	ck_assert_str_eq(out[1].slot, "build");
	ck_assert_int_eq(out[2].seat, 1);
	ck_assert_str_eq(out[2].slot, "move");
	ck_assert_str_eq(out[2].text, "b1-b2");

	ck_assert_int_eq(db_orders(db, g, 2, out, 8, &n), DB_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_str_eq(out[0].text, "phase two");

	ck_assert_int_eq(db_orders(db, g, 1, out, 2, &n), DB_OK);
	ck_assert_int_eq(n, 2);
}
END_TEST

/* The handicap ledger's input (Way of the Knight, judge/ledger.c). */
static int64_t
insert_result(const char *name, const char *kind, enum db_game_status st,
    int winner, const char *seat0, const char *seat1)
{
	struct db_game	 g;

	make_game(&g, name, kind, st);
	ck_assert_int_eq(db_game_insert(db, &g, 1000), DB_OK);
	g.winner = winner;	/* as the judge notes the end of a game */
	ck_assert_int_eq(db_game_update(db, &g), DB_OK);
	insert_player(g.id, 0, seat0);
	insert_player(g.id, 1, seat1);
	return g.id;
}

START_TEST(match_results_list_the_pair_oldest_first)
{
	const char	*a = "ann@example.test", *b = "bob@example.test";
	int64_t		 last;
	int		 r[8], n;

	ck_assert_int_eq(db_match_results(db, "wotk", a, b, 0, r, 8, &n),
	    DB_OK);
	ck_assert_int_eq(n, 0);
	insert_result("L1", "wotk", DB_OVER, 0, a, b);		/* a won */
	insert_result("L2", "wotk", DB_OVER, -2, b, a);		/* drawn */
	insert_result("L3", "wkw", DB_OVER, 0, b, a);		/* other kind */
	insert_result("L4", "wotk", DB_OVER, 0, a, "cy@example.test");
	insert_result("L5", "wotk", DB_RUNNING, -1, a, b);
	last = insert_result("L6", "wotk", DB_OVER, 0, b, a);	/* b won */
	ck_assert_int_eq(db_match_results(db, "wotk", a, b, 0, r, 8, &n),
	    DB_OK);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(r[0], 1);
	ck_assert_int_eq(r[1], 0);
	ck_assert_int_eq(r[2], -1);
	/* Seen from the other player, with another case. */
	ck_assert_int_eq(db_match_results(db, "wotk", "BOB@example.test", a,
	    0, r, 8, &n), DB_OK);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(r[0], -1);
	ck_assert_int_eq(r[2], 1);
	ck_assert_int_eq(db_match_results(db, "wotk", a, b, last, r, 8, &n),
	    DB_OK);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(db_match_results(db, "wotk", a, b, 0, r, 1, &n),
	    DB_OK);
	ck_assert_int_eq(n, 1);
}
END_TEST

START_TEST(last_match_finds_the_newest_finished_game_and_maps_seats)
{
	struct db_game	 g;
	char		 seats[2][DB_ADDR_MAX];
	int64_t		 old, newer, running, otherkind, third;
	const char	*a = "ann@example.test", *b = "bob@example.test";

	ck_assert_int_eq(db_last_match(db, "wkw", a, b, 0, &g, seats, 2),
	    DB_NONE);

	old = insert_game("M1", "wkw", DB_OVER, 1);
	insert_player(old, 0, a);
	insert_player(old, 1, b);
	newer = insert_game("M2", "wkw", DB_OVER, 2);
	insert_player(newer, 0, b);
	insert_player(newer, 1, a);
	/* Newer still, but not finished, another kind, or another pair. */
	running = insert_game("M3", "wkw", DB_RUNNING, 3);
	insert_player(running, 0, a);
	insert_player(running, 1, b);
	otherkind = insert_game("M4", "dip", DB_OVER, 4);
	insert_player(otherkind, 0, a);
	insert_player(otherkind, 1, b);
	third = insert_game("M5", "wkw", DB_OVER, 5);
	insert_player(third, 0, a);
	insert_player(third, 1, "cy@example.test");

	ck_assert_int_eq(db_last_match(db, "wkw", a, b, 0, &g, seats, 2), DB_OK);
	ck_assert_int_eq(g.id, newer);
	ck_assert_str_eq(g.name, "M2");
	ck_assert_str_eq(seats[0], b);
	ck_assert_str_eq(seats[1], a);

	/* Either order of the two addresses; case does not matter. */
	ck_assert_int_eq(db_last_match(db, "wkw", "BOB@example.test", a, 0, &g,
	    seats, 2), DB_OK);
	ck_assert_int_eq(g.id, newer);

	/* The excluded game is skipped. */
	ck_assert_int_eq(db_last_match(db, "wkw", a, b, newer, &g, seats, 2),
	    DB_OK);
	ck_assert_int_eq(g.id, old);
	ck_assert_str_eq(seats[0], a);
	ck_assert_str_eq(seats[1], b);

	ck_assert_int_eq(db_last_match(db, "dip", a, b, 0, &g, seats, 2), DB_OK);
	ck_assert_int_eq(g.id, otherkind);
	ck_assert_int_eq(db_last_match(db, "wkw", b, "cy@example.test", 0, &g,
	    seats, 2), DB_NONE);
	ck_assert_int_eq(db_last_match(db, "wkw", a, "cy@example.test", 0, &g,
	    seats, 2), DB_OK);
	ck_assert_int_eq(g.id, third);
}
END_TEST

START_TEST(a_language_is_kept_per_address)
{
	char	 lang[8] = "";

	ck_assert_int_eq(db_person_lang(db, "p@example.test", lang, sizeof(lang)),
	    DB_NONE);
	ck_assert_int_eq(db_person_set_lang(db, "p@example.test", "de", 1),
	    DB_OK);
	ck_assert_int_eq(db_person_lang(db, "P@Example.test", lang, sizeof(lang)),
	    DB_OK);
	ck_assert_str_eq(lang, "de");
	ck_assert_int_eq(db_person_set_lang(db, "P@EXAMPLE.TEST", "en", 2),
	    DB_OK);
	ck_assert_int_eq(db_person_lang(db, "p@example.test", lang, sizeof(lang)),
	    DB_OK);
	ck_assert_str_eq(lang, "en");
	ck_assert_int_eq(raw_int("SELECT count(*) FROM people"), 1);
}
END_TEST

/* ---- transactions ---- */

START_TEST(a_rolled_back_transaction_leaves_nothing)
{
	struct db_game	 g;
	int64_t		 id;
	char		*s;
	int		 n;

	ck_assert_int_eq(db_begin(db), DB_OK);
	id = insert_game("Gone", "wkw", DB_FORMING, 1);
	insert_player(id, 0, "a@example.test");
	ck_assert_int_eq(db_phase_insert(db, id, 0, "s", 0, 1), DB_OK);
	ck_assert_int_eq(db_outbox_add(db, 0, id, "a@example.test", "m", 1, 1),
	    DB_OK);
	ck_assert_int_eq(db_game_get(db, "Gone", &g), DB_OK);	/* visible inside */
	db_rollback(db);

	ck_assert_int_eq(db_game_get(db, "Gone", &g), DB_NONE);
	ck_assert_int_eq(db_phase_state(db, id, 0, &s), DB_NONE);
	ck_assert_int_eq(db_outbox_pending(db, &n), DB_OK);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM players"), 0);
	/* Rolling back outside a transaction is harmless. */
	db_rollback(db);

	/* A committed one stays, also for another connection. */
	ck_assert_int_eq(db_begin(db), DB_OK);
	insert_game("Kept", "wkw", DB_FORMING, 1);
	ck_assert_int_eq(db_commit(db), DB_OK);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM games WHERE name = 'Kept'"),
	    1);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM games"), 1);
}
END_TEST

/* ---- inbox, failures ---- */

START_TEST(inbox_known_by_uid_and_by_message_id)
{
	struct db_inbox	 in;
	int64_t		 id1 = 0, id2 = 0;

	ck_assert_int_eq(db_inbox_known(db, 7, 42, "<m1@example.test>"), DB_NONE);

	memset(&in, 0, sizeof(in));
	in.uidvalidity = 7;
	in.uid = 42;
	in.message_id = "<m1@example.test>";
	in.sender = "a@example.test";
	in.outcome = "handled";
	ck_assert_int_eq(db_inbox_insert(db, &in, 100, &id1), DB_OK);
	ck_assert_int_gt(id1, 0);

	/* From `pbemd deliver`: no UID. */
	in.uidvalidity = 0;
	in.uid = 0;
	in.message_id = "<m2@example.test>";
	in.outcome = "robot";
	in.note = "auto-submitted";
	ck_assert_int_eq(db_inbox_insert(db, &in, 101, &id2), DB_OK);
	ck_assert_int_gt(id2, id1);

	ck_assert_int_eq(db_inbox_known(db, 7, 42, NULL), DB_OK);
	ck_assert_int_eq(db_inbox_known(db, 8, 42, NULL), DB_NONE);
	ck_assert_int_eq(db_inbox_known(db, 7, 43, NULL), DB_NONE);
	ck_assert_int_eq(db_inbox_known(db, 7, 43, ""), DB_NONE);
	ck_assert_int_eq(db_inbox_known(db, 0, 0, "<m1@example.test>"), DB_OK);
	/* An unknown UID falls back to the Message-ID. */
	ck_assert_int_eq(db_inbox_known(db, 9, 9, "<m1@example.test>"), DB_OK);
	ck_assert_int_eq(db_inbox_known(db, 0, 0, "<m2@example.test>"), DB_OK);
	ck_assert_int_eq(db_inbox_known(db, 0, 0, "<m3@example.test>"), DB_NONE);
	ck_assert_int_eq(db_inbox_known(db, 0, 0, NULL), DB_NONE);

	/* The same UID is recorded once. */
	in.uidvalidity = 7;
	in.uid = 42;
	in.message_id = "<other@example.test>";
	ck_assert_int_eq(db_inbox_insert(db, &in, 102, NULL), DB_ERR);
	/* An outcome outside the list is refused. */
	in.uid = 44;
	in.outcome = "lost";
	ck_assert_int_eq(db_inbox_insert(db, &in, 102, NULL), DB_ERR);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM inbox"), 2);
}
END_TEST

START_TEST(failures_are_counted_per_key_and_cleared)
{
	int	 n = -1;

	ck_assert_int_eq(db_failure_get(db, "k1", &n), DB_NONE);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(db_failure_bump(db, "k1", "boom", 10, &n), DB_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(db_failure_bump(db, "k1", "boom again", 11, &n), DB_OK);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(db_failure_bump(db, "k2", "other", 12, &n), DB_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(db_failure_bump(db, "k1", "third", 13, &n), DB_OK);
	ck_assert_int_eq(n, 3);

	ck_assert_int_eq(db_failure_get(db, "k1", &n), DB_OK);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(db_failure_get(db, "k2", &n), DB_OK);
	ck_assert_int_eq(n, 1);

	ck_assert_int_eq(db_failure_clear(db, "k1"), DB_OK);
	ck_assert_int_eq(db_failure_get(db, "k1", &n), DB_NONE);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(db_failure_get(db, "k2", &n), DB_OK);
	ck_assert_int_eq(n, 1);
	/* Counting starts again after a clear. */
	ck_assert_int_eq(db_failure_bump(db, "k1", "again", 14, &n), DB_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(db_failure_clear(db, "nope"), DB_OK);
}
END_TEST

/* ---- outbox ---- */

static void
due(time_t now, int max, int want, int64_t *ids)
{
	struct db_outbox_row	 r[8];
	int			 n = -1, i;

	memset(r, 0, sizeof(r));
	ck_assert_int_eq(db_outbox_due(db, now, r, max, &n), DB_OK);
	ck_assert_msg(n == want, "due(%ld): %d rows, want %d", (long)now, n,
	    want);
	for (i = 0; i < n; i++) {
		if (ids)
			ids[i] = r[i].id;
		db_outbox_row_clear(&r[i]);
		ck_assert_ptr_null(r[i].rcpt);
	}
}

/*
 * Issue 18: the page cache is bounded by DB_CACHE_KIB (512), not SQLite's
 * 2000 KiB. 6 MB of messages go through the cache as the outbox gets
 * them; all of SQLite's memory stays under a megabyte (2.2 MB with the
 * default cache).
 */
START_TEST(the_page_cache_stays_small_when_big_mails_are_queued)
{
	struct buf	 big;
	char		 rcpt[64];
	int		 i;

	buf_init(&big);
	buf_puts(&big, "Subject: map\r\n\r\n");
	for (i = 0; i < 2000; i++)
		buf_printf(&big, "%076d\r\n", i);
	for (i = 0; i < 40; i++) {
		snprintf(rcpt, sizeof(rcpt), "p%d@example.test", i);
		ck_assert_int_eq(db_outbox_add(db, 0, 0, rcpt, big.data,
		    big.len, 1000), DB_OK);
	}
	ck_assert_msg(sqlite3_memory_used() < 1024 * 1024, "SQLite holds "
	    "%lld bytes", (long long)sqlite3_memory_used());
	buf_free(&big);
}
END_TEST

/* The size of the file at p, or -1. */
static long long
file_size(const char *p)
{
	struct stat	 st;

	return stat(p, &st) == 0 ? (long long)st.st_size : -1;
}

/*
 * Issue 18: a backlog's commits leave the WAL as it grows (up to 64 MB),
 * and the daemon copies it back when it waits (db_checkpoint()): 12 MB
 * of messages (3,000 pages, past SQLite's default of 1,000) stay in the
 * WAL, the database file does not grow, until the checkpoint copies them.
 */
START_TEST(the_wal_is_copied_back_when_asked_not_at_4_mb)
{
	struct buf	 big;
	char		 rcpt[64], wal[sizeof(path) + 8];
	long long	 before, after;
	int		 i;

	buf_init(&big);
	buf_puts(&big, "Subject: map\r\n\r\n");
	for (i = 0; i < 4000; i++)
		buf_printf(&big, "%076d\r\n", i);
	before = file_size(path);
	for (i = 0; i < 40; i++) {
		snprintf(rcpt, sizeof(rcpt), "p%d@example.test", i);
		ck_assert_int_eq(db_outbox_add(db, 0, 0, rcpt, big.data,
		    big.len, 1000), DB_OK);
	}
	snprintf(wal, sizeof(wal), "%s-wal", path);
	ck_assert_int_gt(file_size(wal), 12 * 1000 * 1000);
	ck_assert_int_lt(file_size(path), before + 1024 * 1024);
	ck_assert_int_eq(db_checkpoint(db), DB_OK);
	after = file_size(path);
	ck_assert_msg(after > before + 12 * 1000 * 1000, "the file grew from "
	    "%lld to %lld bytes only", before, after);
	buf_free(&big);
}
END_TEST

/* The message of outbox row id as the view outbox gives it; owned. */
static char *
view_message(int64_t id)
{
	sqlite3		*h;
	sqlite3_stmt	*st;
	char		 sql[64], *m = NULL;

	ck_assert_int_eq(sqlite3_open(path, &h), SQLITE_OK);
	snprintf(sql, sizeof(sql), "SELECT message FROM outbox WHERE id = %lld",
	    (long long)id);
	ck_assert_int_eq(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		m = xstrndup(sqlite3_column_blob(st, 0),
		    (size_t)sqlite3_column_bytes(st, 0));
	sqlite3_finalize(st);
	sqlite3_close(h);
	return m;
}

/*
 * Issue 18: a picture's base64 lines that many messages carry are kept
 * once (outbox_part); each message keeps its text without them and where
 * they go. The sender (db_outbox_message()) and the view outbox give
 * every message whole; a message written through the view is kept whole.
 */
START_TEST(a_part_many_messages_carry_is_kept_once)
{
	static const char	 b64[] = "iVBORw0KGgoAAAANSUhEUgAAA8AAAANGCAMAAAC"
				    "\r\nABCDEFGH\r\n";
	struct db_outbox_part	 part;
	struct db_outbox_row	 r[4];
	struct buf		 b;
	char			 msg[3][128], rest[128], *v;
	int			 i, n = 0;

	memset(&part, 0, sizeof(part));
	part.data = b64;
	part.len = sizeof(b64) - 1;
	memset(part.hash, 7, sizeof(part.hash));
	for (i = 0; i < 3; i++) {
		snprintf(msg[i], sizeof(msg[i]), "Subject: map %d\r\n\r\n--x"
		    "\r\n%s--x--\r\n", i, b64);
		part.at = strstr(msg[i], b64) - msg[i];
		snprintf(rest, sizeof(rest), "%.*s%s", (int)part.at, msg[i],
		    msg[i] + part.at + part.len);
		ck_assert_int_eq(db_outbox_add_part(db, 0, 0, "a@example.test",
		    rest, strlen(rest), &part, 1000), DB_OK);
	}
	ck_assert_int_eq(raw_int("SELECT count(*) FROM outbox_part"), 1);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM outbox"), 3);
	ck_assert_int_eq(raw_int("SELECT max(length(message)) FROM "
	    "outbox_message"), (int)(strlen(msg[2]) - part.len));
	ck_assert_int_eq(db_outbox_due(db, 1000, r, 4, &n), DB_OK);
	ck_assert_int_eq(n, 3);
	buf_init(&b);
	for (i = 0; i < 3; i++) {
		ck_assert_uint_eq(r[i].len, strlen(msg[i]));
		ck_assert_mem_eq(r[i].message, msg[i], r[i].len);
		v = view_message(r[i].id);
		ck_assert_str_eq(v, msg[i]);
		free(v);
		ck_assert_int_eq(db_outbox_message(db, r[i].id, &b), DB_OK);
		ck_assert_mem_eq(b.data, msg[i], b.len);
		db_outbox_row_clear(&r[i]);
	}
	buf_free(&b);
	/* Written whole through the view, it is read whole. */
	raw_exec("UPDATE outbox SET message = CAST('Subject: new' AS BLOB) "
	    "WHERE id = 2");
	v = view_message(2);
	ck_assert_str_eq(v, "Subject: new");
	free(v);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM outbox_message WHERE "
	    "part IS NULL"), 1);
}
END_TEST

/* Issue 18: the sender reads the due rows without their messages, then
 * each message on its own, into a buffer it reuses. */
START_TEST(outbox_heads_come_without_messages_read_one_by_one)
{
	struct db_outbox_row	 r[4];
	static const char	 msg1[] = "Subject: one\r\n\r\nbody\0tail";
	struct buf		 b;
	int			 n = -1;

	ck_assert_int_eq(db_outbox_add(db, 0, 0, "a@example.test", msg1,
	    sizeof(msg1) - 1, 1000), DB_OK);
	ck_assert_int_eq(db_outbox_add(db, 0, 0, "b@example.test", "two", 3,
	    1000), DB_OK);
	ck_assert_int_eq(db_outbox_heads(db, 1000, r, 4, &n), DB_OK);
	ck_assert_int_eq(n, 2);
	ck_assert_str_eq(r[0].rcpt, "a@example.test");
	ck_assert_ptr_null(r[0].message);
	ck_assert_uint_eq(r[0].len, 0);
	ck_assert_str_eq(r[1].rcpt, "b@example.test");
	ck_assert_ptr_null(r[1].message);
	buf_init(&b);
	ck_assert_int_eq(db_outbox_message(db, r[0].id, &b), DB_OK);
	ck_assert_uint_eq(b.len, sizeof(msg1) - 1);
	ck_assert_mem_eq(b.data, msg1, sizeof(msg1) - 1);
	/* The buffer's content is replaced, not appended to. */
	ck_assert_int_eq(db_outbox_message(db, r[1].id, &b), DB_OK);
	ck_assert_str_eq(b.data, "two");
	ck_assert_int_eq(db_outbox_message(db, r[1].id + 100, &b), DB_NONE);
	ck_assert_uint_eq(b.len, 0);
	buf_free(&b);
	db_outbox_row_clear(&r[0]);
	db_outbox_row_clear(&r[1]);
}
END_TEST

START_TEST(outbox_rows_are_due_until_sent_or_failed)
{
	struct db_outbox_row	 r[8];
	static const char	 msg1[] = "Subject: one\r\n\r\nbody\0tail";
	int64_t			 ids[8];
	time_t			 when = 0;
	int			 n = -1;

	ck_assert_int_eq(db_outbox_next(db, &when), DB_NONE);
	ck_assert_int_eq(db_outbox_pending(db, &n), DB_OK);
	ck_assert_int_eq(n, 0);
	due(1000, 8, 0, NULL);

	ck_assert_int_eq(db_outbox_add(db, 0, 0, "a@example.test", msg1,
	    sizeof(msg1) - 1, 1000), DB_OK);
	ck_assert_int_eq(db_outbox_add(db, 0, 0, "b@example.test", "two", 3,
	    1001), DB_OK);
	ck_assert_int_eq(db_outbox_pending(db, &n), DB_OK);
	ck_assert_int_eq(n, 2);

	/* Not before its time; the bytes come back unchanged, NUL and all. */
	due(999, 8, 0, NULL);
	due(1000, 8, 1, NULL);
	memset(r, 0, sizeof(r));
	ck_assert_int_eq(db_outbox_due(db, 1001, r, 8, &n), DB_OK);
	ck_assert_int_eq(n, 2);
	ck_assert_str_eq(r[0].rcpt, "a@example.test");
	ck_assert_uint_eq(r[0].len, sizeof(msg1) - 1);
	ck_assert_mem_eq(r[0].message, msg1, sizeof(msg1) - 1);
	ck_assert_int_eq(r[0].message[r[0].len], '\0');
	ck_assert_int_eq(r[0].attempts, 0);
	ck_assert_str_eq(r[1].rcpt, "b@example.test");
	ck_assert_str_eq(r[1].message, "two");
	ck_assert_int_gt(r[1].id, r[0].id);
	ids[0] = r[0].id;
	ids[1] = r[1].id;
	db_outbox_row_clear(&r[0]);
	db_outbox_row_clear(&r[1]);
	due(1001, 1, 1, NULL);		/* max */

	ck_assert_int_eq(db_outbox_next(db, &when), DB_OK);
	ck_assert_int_eq(when, 1000);

	/* The first is retried later: it waits, the second does not. */
	ck_assert_int_eq(db_outbox_retry(db, ids[0], 1, 2000, "421 busy"),
	    DB_OK);
	due(1999, 8, 1, &ids[2]);
	ck_assert_int_eq(ids[2], ids[1]);
	ck_assert_int_eq(db_outbox_next(db, &when), DB_OK);
	ck_assert_int_eq(when, 1001);

	ck_assert_int_eq(db_outbox_sent(db, ids[1], 1500), DB_OK);
	due(1999, 8, 0, NULL);
	ck_assert_int_eq(db_outbox_pending(db, &n), DB_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(db_outbox_next(db, &when), DB_OK);
	ck_assert_int_eq(when, 2000);

	memset(r, 0, sizeof(r));
	ck_assert_int_eq(db_outbox_due(db, 2000, r, 8, &n), DB_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(r[0].id, ids[0]);
	ck_assert_int_eq(r[0].attempts, 1);
	db_outbox_row_clear(&r[0]);

	ck_assert_int_eq(db_outbox_failed(db, ids[0], 2000, "550 no such user"),
	    DB_OK);
	due(1000000, 8, 0, NULL);
	ck_assert_int_eq(db_outbox_pending(db, &n), DB_OK);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(db_outbox_next(db, &when), DB_NONE);

	/* Nothing is deleted: both rows remain as history. */
	ck_assert_int_eq(raw_int("SELECT count(*) FROM outbox"), 2);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM outbox WHERE sent = 1500"),
	    1);
	ck_assert_int_eq(raw_int("SELECT attempts FROM outbox WHERE failed = 2000"),
	    2);
}
END_TEST

/*
 * A store at schema version 7, made with the schema's own blocks, whose
 * outbox is one table holding the messages: one mail sent, one waiting
 * for its third attempt.
 */
static void
make_v7_store(void)
{
	const char	*mark = "-- migration ", *p, *next, *body;
	char		*block;

	for (p = strstr(db_schema_sql, mark); p != NULL; p = next) {
		body = strchr(p, '\n') + 1;
		next = strstr(body, mark);
		if (atoi(p + strlen(mark)) > 7)
			break;
		block = strndup(body, next ? (size_t)(next - body) :
		    strlen(body));
		raw_exec(block);
		free(block);
	}
	raw_exec("PRAGMA user_version = 7");
	raw_exec("INSERT INTO outbox(id, rcpt, message, created, attempts, "
	    "next_try, sent) VALUES (5, 'a@example.test', "
	    "CAST('Subject: a' AS BLOB), 100, 1, 100, 150)");
	raw_exec("INSERT INTO outbox(id, rcpt, message, created, attempts, "
	    "next_try, last_error) VALUES (9, 'b@example.test', "
	    "CAST('Subject: b' AS BLOB), 200, 2, 300, '421 busy')");
}

/* Issue 18: the outbox's rows survive its split into state and message. */
START_TEST(migration_8_keeps_every_outbox_row_and_its_message)
{
	struct db_outbox_row	 r[4];
	char			 why[256] = "";
	int			 n = -1;

	db_close(db);
	remove_files();
	make_v7_store();
	ck_assert_msg(db_open(path, &db, why, sizeof(why)) == DB_OK, "%s", why);
	ck_assert_int_eq(db_schema_version(db), latest_migration());
	ck_assert_int_eq(raw_int("SELECT count(*) FROM outbox_state"), 2);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM outbox WHERE id = 5 "
	    "AND sent = 150 AND CAST(message AS TEXT) = 'Subject: a'"), 1);
	memset(r, 0, sizeof(r));
	ck_assert_int_eq(db_outbox_due(db, 300, r, 4, &n), DB_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(r[0].id, 9);
	ck_assert_int_eq(r[0].attempts, 2);
	ck_assert_str_eq(r[0].rcpt, "b@example.test");
	ck_assert_str_eq(r[0].message, "Subject: b");
	db_outbox_row_clear(&r[0]);
	/* New rows number on after the old ones. */
	ck_assert_int_eq(db_outbox_add(db, 0, 0, "c@example.test", "c", 1,
	    400), DB_OK);
	ck_assert_int_eq(raw_int("SELECT id FROM outbox WHERE rcpt = "
	    "'c@example.test'"), 10);
}
END_TEST

/* The view takes what the operator (or a test) writes into it. */
START_TEST(the_outbox_view_takes_updates)
{
	ck_assert_int_eq(db_outbox_add(db, 0, 0, "a@example.test", "m", 1,
	    1000), DB_OK);
	raw_exec("UPDATE outbox SET next_try = 0, last_error = 'x'");
	ck_assert_int_eq(raw_int("SELECT next_try FROM outbox_state"), 0);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM outbox WHERE "
	    "last_error = 'x' AND CAST(message AS TEXT) = 'm'"), 1);
	raw_exec("UPDATE outbox SET message = CAST('n' AS BLOB)");
	ck_assert_int_eq(raw_int("SELECT count(*) FROM outbox_message WHERE "
	    "CAST(message AS TEXT) = 'n'"), 1);
}
END_TEST

/* Frames in the store's WAL now, read from a connection of its own. */
static int
wal_frames(void)
{
	sqlite3		*h;
	sqlite3_stmt	*st;
	int		 v = -1;

	ck_assert_int_eq(sqlite3_open(path, &h), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(h, "PRAGMA wal_checkpoint(PASSIVE)",
	    -1, &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int(st, 1);
	sqlite3_finalize(st);
	sqlite3_close(h);
	return v;
}

/*
 * Issue 18: a mark wrote the whole row again, the message with its
 * picture, seven pages and more for 28 KB; now the row of its state.
 */
START_TEST(marking_a_mail_sent_does_not_write_its_message_again)
{
	struct db_outbox_row	 r[1];
	static char		 big[28 * 1024];
	int			 n = -1;

	memset(big, 'x', sizeof(big));
	ck_assert_int_eq(db_outbox_add(db, 0, 0, "a@example.test", big,
	    sizeof(big), 1000), DB_OK);
	ck_assert_int_eq(db_outbox_due(db, 1000, r, 1, &n), DB_OK);
	ck_assert_int_eq(n, 1);
	raw_exec("PRAGMA wal_checkpoint(TRUNCATE)");
	ck_assert_int_eq(wal_frames(), 0);
	ck_assert_int_eq(db_outbox_sent(db, r[0].id, 1001), DB_OK);
	/* The state's table page and the page of the index of due rows. */
	ck_assert_int_le(wal_frames(), 3);
	db_outbox_row_clear(&r[0]);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("db/db");
	TCase	*tc;

	tc = tcase_create("migrations");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_new_file_is_migrated_to_the_latest_version);
	tcase_add_test(tc, a_second_open_changes_nothing);
	tcase_add_test(tc, a_new_store_and_its_wal_are_created_0600);
	tcase_add_test(tc, a_newer_database_is_refused_with_a_reason);
	tcase_add_test(tc, an_unopenable_path_is_refused_with_a_reason);
	suite_add_tcase(s, tc);

	tc = tcase_create("games");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_game_round_trips);
	tcase_add_test(tc, a_game_update_sets_status_phase_winner_and_first_seat);
	tcase_add_test(tc, game_each_visits_every_game_by_name_and_can_stop);
	tcase_add_test(tc, players_come_back_ordered_by_seat);
	tcase_add_test(tc, a_player_of_a_missing_game_is_refused);
	tcase_add_test(tc, a_text_too_long_for_its_field_is_refused_not_cut);
	tcase_add_test(tc, phases_round_trip_and_a_missing_phase_is_none);
	tcase_add_test(tc, the_phases_table_never_loses_a_row);
	tcase_add_test(tc, order_put_replaces_the_same_slot);
	tcase_add_test(tc,
	    last_match_finds_the_newest_finished_game_and_maps_seats);
	tcase_add_test(tc, match_results_list_the_pair_oldest_first);
	tcase_add_test(tc, a_language_is_kept_per_address);
	suite_add_tcase(s, tc);

	tc = tcase_create("transactions");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_rolled_back_transaction_leaves_nothing);
	suite_add_tcase(s, tc);

	tc = tcase_create("mail");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, inbox_known_by_uid_and_by_message_id);
	tcase_add_test(tc, failures_are_counted_per_key_and_cleared);
	tcase_add_test(tc, outbox_rows_are_due_until_sent_or_failed);
	tcase_add_test(tc, outbox_heads_come_without_messages_read_one_by_one);
	tcase_add_test(tc, the_page_cache_stays_small_when_big_mails_are_queued);
	tcase_add_test(tc, the_wal_is_copied_back_when_asked_not_at_4_mb);
	tcase_add_test(tc, a_part_many_messages_carry_is_kept_once);
	tcase_add_test(tc, migration_8_keeps_every_outbox_row_and_its_message);
	tcase_add_test(tc, the_outbox_view_takes_updates);
	tcase_add_test(tc, marking_a_mail_sent_does_not_write_its_message_again);
	suite_add_tcase(s, tc);
	return s;
}
