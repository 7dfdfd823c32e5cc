/*
 * test_tick.c - adjudicator/judge/tick.c: the clock driver over every
 * running game, however many. The driver reads the games a page at a time;
 * an earlier version read at most 512 and the 513th never ticked (issue
 * "The judge in layers"). 2,000 copies of a weekeewachee game with a clock
 * are written straight into the store, each with a phase its clock has not
 * begun yet, and one judge_tick() must begin every one of them.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/judge/judge.h"
#include "db/db.h"
#include "tests/unit/adjudicator/judge/judge_fixture.h"

#define GM		"gm@example.test"
#define ALICE		"alice@example.test"
#define BOB		"bob@example.test"
#define TICK_GAMES	2000

/* A running weekeewachee game g on a clock, both seats taken. */
static void
clock_game(const char *g)
{
	char	*r;

	mailf(GM, "CREATE %s weekeewachee move=1h", g);
	r = take(GM);
	has(r, "is created");
	free(r);
	mailf(ALICE, "JOIN %s alicepw", g);
	mailf(BOB, "JOIN %s bobpw", g);
	drain();
}

/* Writes a copy of game tpl called name whose clock lags one phase. */
static void
copy_game(const struct db_game *tpl, const struct db_player *p, int np,
    const char *state, const struct db_clock *ctpl, const char *name)
{
	struct db_game		 g = *tpl;
	struct db_player	 q;
	struct db_clock		 c = *ctpl;
	int			 i;

	g.id = 0;
	snprintf(g.name, sizeof(g.name), "%s", name);
	ck_assert_int_eq(db_game_insert(F.db, &g, F.env.now), DB_OK);
	for (i = 0; i < np; i++) {
		q = p[i];
		q.game_id = g.id;
		ck_assert_int_eq(db_player_insert(F.db, &q, F.env.now), DB_OK);
	}
	ck_assert_int_eq(db_phase_insert(F.db, g.id, g.phase, state, 0,
	    F.env.now), DB_OK);
	c.game_id = g.id;
	c.phase = g.phase - 1;
	ck_assert_int_eq(db_clock_put(F.db, &c), DB_OK);
}

/* Whether the clock of game name has begun the game's current phase. */
static bool
begun(const char *name)
{
	struct db_game	 g;
	struct db_clock	 c;

	ck_assert_int_eq(db_game_get(F.db, name, &g), DB_OK);
	ck_assert_int_eq(db_clock_get(F.db, g.id, &c), DB_OK);
	return c.phase == g.phase && c.proposed > F.env.now;
}

START_TEST(every_one_of_two_thousand_running_games_ticks)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct db_game		 tpl;
	struct db_clock		 c;
	char			*state = NULL, name[DB_NAME_MAX];
	int			 np, i, queued = 0;

	clock_game("t0000");
	ck_assert_int_eq(db_game_get(F.db, "t0000", &tpl), DB_OK);
	ck_assert_int_eq(tpl.status, DB_RUNNING);
	ck_assert_int_eq(db_players(F.db, tpl.id, p, GAME_MAX_SEATS, &np),
	    DB_OK);
	ck_assert_int_eq(db_phase_state(F.db, tpl.id, tpl.phase, &state),
	    DB_OK);
	ck_assert_int_eq(db_clock_get(F.db, tpl.id, &c), DB_OK);
	ck_assert_int_eq(db_begin(F.db), DB_OK);
	c.phase = tpl.phase - 1;
	ck_assert_int_eq(db_clock_put(F.db, &c), DB_OK);
	for (i = 1; i < TICK_GAMES; i++) {
		snprintf(name, sizeof(name), "t%04d", i);
		copy_game(&tpl, p, np, state, &c, name);
	}
	ck_assert_int_eq(db_commit(F.db), DB_OK);
	free(state);
	ck_assert(!begun("t0000"));
	ck_assert(!begun("t1999"));

	F.env.now += 60;
	judge_tick(&F.env);

	for (i = 0; i < TICK_GAMES; i++) {
		snprintf(name, sizeof(name), "t%04d", i);
		ck_assert_msg(begun(name), "game %s did not tick", name);
	}
	/* Each game told its two players and its GM the new proposal. */
	ck_assert_int_eq(db_outbox_pending(F.db, &queued), DB_OK);
	ck_assert_int_eq(queued, 3 * TICK_GAMES);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/tick");
	TCase	*tc;

	tc = tcase_create("many games");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, every_one_of_two_thousand_running_games_ticks);
	suite_add_tcase(s, tc);
	return s;
}
