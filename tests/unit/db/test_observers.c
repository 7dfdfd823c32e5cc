/*
 * test_observers.c - db/observers.c: the addresses that watch a game
 * (migration 7). An address observes a game once, whatever its case; the
 * list comes oldest first, per game; dropping says whether there was
 * one; a game holding more than the caller's room is refused, not cut.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"

static char		 path[64];
static struct db	*db;

static int64_t
new_game(const char *name)
{
	struct db_game	 g;

	memset(&g, 0, sizeof(g));
	snprintf(g.name, sizeof(g.name), "%s", name);
	strcpy(g.kind, "standard");
	strcpy(g.gm_address, "gm@example.test");
	strcpy(g.gm_pwhash, "$argon2id$gm");
	g.status = DB_RUNNING;
	g.first_seat = g.winner = -1;
	ck_assert_int_eq(db_game_insert(db, &g, 1000), DB_OK);
	return g.id;
}

static void
setup(void)
{
	char	 why[256] = "";
	int	 fd;

	strcpy(path, "/tmp/pbemd-obs-XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_msg(db_open(path, &db, why, sizeof(why)) == DB_OK, "%s", why);
}

static void
teardown(void)
{
	char	 p[96];

	db_close(db);
	unlink(path);
	snprintf(p, sizeof(p), "%s-wal", path);
	unlink(p);
	snprintf(p, sizeof(p), "%s-shm", path);
	unlink(p);
}

START_TEST(an_address_observes_a_game_once_and_stops)
{
	struct db_observer	 o[4];
	int64_t			 a = new_game("a"), b = new_game("b");
	int			 n;

	ck_assert_int_eq(db_observer_add(db, a, "eve@example.test", 2000),
	    DB_OK);
	ck_assert_int_eq(db_observer_add(db, a, "Eve@Example.TEST", 2001),
	    DB_NONE);
	ck_assert_int_eq(db_observer_add(db, a, "zoe@example.test", 1999),
	    DB_OK);
	ck_assert_int_eq(db_observer_add(db, b, "eve@example.test", 2002),
	    DB_OK);
	ck_assert_int_eq(db_observers(db, a, o, 4, &n), DB_OK);
	ck_assert_int_eq(n, 2);
	ck_assert_str_eq(o[0].address, "zoe@example.test");	/* oldest */
	ck_assert_int_eq(o[0].since, 1999);
	ck_assert_str_eq(o[1].address, "eve@example.test");
	ck_assert_int_eq(db_observer_drop(db, a, "EVE@example.test"), DB_OK);
	ck_assert_int_eq(db_observer_drop(db, a, "eve@example.test"), DB_NONE);
	ck_assert_int_eq(db_observers(db, a, o, 4, &n), DB_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(db_observers(db, b, o, 4, &n), DB_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_str_eq(o[0].address, "eve@example.test");
}
END_TEST

START_TEST(more_observers_than_room_are_refused_not_cut)
{
	struct db_observer	 o[2];
	int64_t			 a = new_game("a");
	int			 n;

	ck_assert_int_eq(db_observer_add(db, a, "x@example.test", 1), DB_OK);
	ck_assert_int_eq(db_observer_add(db, a, "y@example.test", 2), DB_OK);
	ck_assert_int_eq(db_observers(db, a, o, 2, &n), DB_OK);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(db_observer_add(db, a, "z@example.test", 3), DB_OK);
	ck_assert_int_eq(db_observers(db, a, o, 2, &n), DB_ERR);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("db/observers");
	TCase	*tc = tcase_create("observers");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, an_address_observes_a_game_once_and_stops);
	tcase_add_test(tc, more_observers_than_room_are_refused_not_cut);
	suite_add_tcase(s, tc);
	return s;
}
