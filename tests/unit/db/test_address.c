/*
 * test_address.c - db/address.c: a seat's password and address after it
 * is taken, and the requests to move its mail to a new address. One open
 * request a seat, the newer dropping the older; a request dies with its
 * player's hold on the seat (resign, eject, take-over, the reseating at
 * the start); more open requests than the caller's seats are refused.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"

static char		 path[64];
static struct db	*db;
static int64_t		 game;

static void
setup(void)
{
	struct db_game		 g;
	struct db_player	 p;
	char			 why[256] = "";
	int			 fd, seat;

	strcpy(path, "/tmp/pbemd-addr-XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_msg(db_open(path, &db, why, sizeof(why)) == DB_OK, "%s", why);
	memset(&g, 0, sizeof(g));
	strcpy(g.name, "addr");
	strcpy(g.kind, "standard");
	strcpy(g.gm_address, "gm@example.test");
	strcpy(g.gm_pwhash, "$argon2id$gm");
	g.status = DB_RUNNING;
	g.first_seat = g.winner = -1;
	ck_assert_int_eq(db_game_insert(db, &g, 1000), DB_OK);
	game = g.id;
	for (seat = 0; seat < 3; seat++) {
		memset(&p, 0, sizeof(p));
		p.game_id = game;
		p.seat = seat;
		snprintf(p.address, sizeof(p.address), "p%d@example.test", seat);
		snprintf(p.pwhash, sizeof(p.pwhash), "$argon2id$seat%d", seat);
		ck_assert_int_eq(db_player_insert(db, &p, 1000), DB_OK);
	}
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

/* The open requests of the game; how many. */
static int
open_requests(struct db_address_change *c, int max)
{
	int	 n = -1;

	ck_assert_int_eq(db_address_open(db, game, c, max, &n), DB_OK);
	return n;
}

START_TEST(a_newer_request_for_a_seat_drops_the_older)
{
	struct db_address_change	 c[4];

	ck_assert_int_eq(db_address_request(db, game, 1, "new@example.test",
	    "hash-one", 2000), DB_OK);
	ck_assert_int_eq(db_address_request(db, game, DB_SEAT_GM,
	    "gm2@example.test", "hash-gm", 2001), DB_OK);
	ck_assert_int_eq(db_address_request(db, game, 1, "newer@example.test",
	    "hash-two", 2002), DB_OK);
	ck_assert_int_eq(open_requests(c, 4), 2);
	ck_assert_int_eq(c[0].seat, DB_SEAT_GM);
	ck_assert_str_eq(c[0].address, "gm2@example.test");
	ck_assert_int_eq(c[1].seat, 1);
	ck_assert_str_eq(c[1].address, "newer@example.test");
	ck_assert_str_eq(c[1].code, "hash-two");
	ck_assert_int_eq(c[1].requested, 2002);
	/* Settled, a request is no longer open. */
	ck_assert_int_eq(db_address_settle(db, c[1].id, DB_ADDR_DONE), DB_OK);
	ck_assert_int_eq(open_requests(c, 4), 1);
	ck_assert_int_eq(c[0].seat, DB_SEAT_GM);
}
END_TEST

START_TEST(more_open_requests_than_fit_are_refused_not_cut)
{
	struct db_address_change	 c[2];
	int				 n;

	ck_assert_int_eq(db_address_request(db, game, 0, "a@example.test",
	    "h0", 2000), DB_OK);
	ck_assert_int_eq(db_address_request(db, game, 1, "b@example.test",
	    "h1", 2000), DB_OK);
	ck_assert_int_eq(db_address_request(db, game, 2, "c@example.test",
	    "h2", 2000), DB_OK);
	ck_assert_int_eq(db_address_open(db, game, c, 2, &n), DB_ERR);
}
END_TEST

/* A request is its player's: a seat that changes hands loses it. */
START_TEST(a_request_dies_when_the_seat_changes_hands)
{
	struct db_address_change	 c[4];
	int				 seat;

	for (seat = 0; seat < 3; seat++)
		ck_assert_int_eq(db_address_request(db, game, seat,
		    "new@example.test", "h", 2000), DB_OK);
	ck_assert_int_eq(db_address_request(db, game, DB_SEAT_GM,
	    "gm2@example.test", "h", 2000), DB_OK);
	ck_assert_int_eq(db_player_resign(db, game, 0), DB_OK);
	ck_assert_int_eq(open_requests(c, 4), 3);
	ck_assert_int_eq(db_player_replace(db, game, 1, "x@example.test",
	    "$argon2id$x"), DB_OK);
	ck_assert_int_eq(open_requests(c, 4), 2);
	ck_assert_int_eq(db_player_eject(db, game, 2), DB_OK);
	ck_assert_int_eq(open_requests(c, 4), 1);
	ck_assert_int_eq(c[0].seat, DB_SEAT_GM);	/* the GM's stays */

	/* The reseating at the start drops every player's request. */
	ck_assert_int_eq(db_address_request(db, game, 2, "new@example.test",
	    "h", 2000), DB_OK);
	ck_assert_int_eq(db_player_reseat(db, game, (int[]){ 0, 1, 2 },
	    (int[]){ 2, 0, 1 }, 3), DB_OK);
	ck_assert_int_eq(open_requests(c, 4), 1);
	ck_assert_int_eq(c[0].seat, DB_SEAT_GM);
}
END_TEST

START_TEST(a_seats_address_and_password_change_and_the_gms)
{
	struct db_player	 p[4];
	struct db_game		 g;
	int			 n;

	ck_assert_int_eq(db_player_set_address(db, game, 1,
	    "moved@example.test"), DB_OK);
	ck_assert_int_eq(db_player_set_password(db, game, 2, "$argon2id$new"),
	    DB_OK);
	ck_assert_int_eq(db_players(db, game, p, 4, &n), DB_OK);
	ck_assert_int_eq(n, 3);
	ck_assert_str_eq(p[0].address, "p0@example.test");
	ck_assert_str_eq(p[1].address, "moved@example.test");
	ck_assert_str_eq(p[1].pwhash, "$argon2id$seat1");
	ck_assert_str_eq(p[2].address, "p2@example.test");
	ck_assert_str_eq(p[2].pwhash, "$argon2id$new");
	ck_assert_int_eq(db_game_set_gm(db, game, NULL, "$argon2id$gm2"),
	    DB_OK);
	ck_assert_int_eq(db_game_get(db, "addr", &g), DB_OK);
	ck_assert_str_eq(g.gm_address, "gm@example.test");
	ck_assert_str_eq(g.gm_pwhash, "$argon2id$gm2");
	ck_assert_int_eq(db_game_set_gm(db, game, "gm2@example.test", NULL),
	    DB_OK);
	ck_assert_int_eq(db_game_get(db, "addr", &g), DB_OK);
	ck_assert_str_eq(g.gm_address, "gm2@example.test");
	ck_assert_str_eq(g.gm_pwhash, "$argon2id$gm2");
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("db/address");
	TCase	*tc;

	tc = tcase_create("address");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_newer_request_for_a_seat_drops_the_older);
	tcase_add_test(tc, more_open_requests_than_fit_are_refused_not_cut);
	tcase_add_test(tc, a_request_dies_when_the_seat_changes_hands);
	tcase_add_test(tc, a_seats_address_and_password_change_and_the_gms);
	suite_add_tcase(s, tc);
	return s;
}
