/*
 * test_downtime.c - adjudicator/judge/downtime.c: who keeps the clock's
 * heartbeat: serve and `pbemd tick` keep it, so a silence longer than the
 * slack is downtime and the deadlines that passed in it move on; `pbemd
 * deliver` (downtime_if_kept) keeps it only where one of them does: alone
 * it never counts a quiet day as downtime, beside a cron tick it must not
 * remind anyone for time lost when the MTA hands over a mail before the
 * first tick after a downtime. A judge that was down moves the deadlines
 * on and says so, and reminds nobody for the time it lost. A real SQLite
 * file and a fake clock (env.now).
 */
#include "tests/unit/adjudicator/judge/clock_fixture.h"
#include "tests/unit/test.h"

#define SLACK	300

/* A weekeewachee game with a clock, its deadline approved; White has set
 * up, Black not. Returns the clock row. */
static struct db_clock
late_game(void)
{
	struct db_game	 g;
	struct db_clock	 c;
	char		 cmd[128], *r;

	mail(GM, "CREATE g weekeewachee move=1h grace=30m remind=0");
	r = take(GM);
	gm_password(r, gmpw, sizeof(gmpw));
	free(r);
	mail(ALICE, "JOIN g alice-secret");
	mail(BOB, "JOIN g bob-secret");
	snprintf(cmd, sizeof(cmd), "SIGNON g %s\nAPPROVE", gmpw);
	mail(GM, cmd);
	mail(ALICE, "SIGNON g alice-secret\nSETUP RPWS");
	drain();
	ck_assert_int_eq(db_game_get(F.db, "g", &g), DB_OK);
	ck_assert_int_eq(db_clock_get(F.db, g.id, &c), DB_OK);
	ck_assert(c.deadline > F.env.now);
	return c;
}

static bool
heartbeat(int64_t *at)
{
	return db_meta_get(F.db, "heartbeat", at) == DB_OK;
}

START_TEST(deliver_alone_keeps_no_heartbeat_and_counts_no_downtime)
{
	struct db_clock	 c = late_game();
	int64_t		 at;
	char		*b;

	F.env.downtime_slack = SLACK;
	F.env.downtime_if_kept = true;
	F.env.now = c.deadline + 60;	/* hours without mail: normal */
	judge_tick(&F.env);
	ck_assert(!heartbeat(&at));
	b = take(BOB);
	has(b, "Your orders for game g are missing");
	hasnt(b, "out of service");
	free(b);
}
END_TEST

START_TEST(a_tick_after_a_silence_moves_the_deadline_on)
{
	struct db_clock	 c = late_game();
	int64_t		 at;
	char		*b;

	F.env.downtime_slack = SLACK;
	judge_tick(&F.env);			/* cron's tick */
	ck_assert(heartbeat(&at) && at == F.env.now);
	F.env.now += 60;
	judge_tick(&F.env);			/* a minute later: no news */
	ck_assert(heartbeat(&at) && at == F.env.now);
	ck_assert_int_eq(judge_next_wake(&F.env), c.deadline);
	/* Cron stopped for two hours, past the deadline and grace. */
	F.env.now += 7200;
	judge_tick(&F.env);
	b = take(BOB);
	has(b, "out of service");
	hasnt(b, "Your orders for game g are missing");
	free(b);
	ck_assert_int_eq(judge_next_wake(&F.env), c.deadline + 7200);
}
END_TEST

START_TEST(deliver_beside_a_tick_does_not_remind_for_lost_time)
{
	struct db_clock	 c = late_game();
	int64_t		 at, alive;
	char		*b;

	F.env.downtime_slack = SLACK;
	judge_tick(&F.env);			/* cron's tick */
	alive = F.env.now;
	/* The machine was down past the deadline; the MTA's queue is run
	 * first: deliver's tick honours the heartbeat and renews it. */
	F.env.now = c.deadline + 600;
	F.env.downtime_if_kept = true;
	mail(ALICE, "SIGNON g alice-secret");
	judge_tick(&F.env);
	ck_assert(heartbeat(&at) && at == F.env.now);
	b = take(BOB);
	has(b, "out of service");
	hasnt(b, "Your orders for game g are missing");
	free(b);
	ck_assert_int_eq(judge_next_wake(&F.env), c.deadline +
	    (F.env.now - alive));
	/* The next cron tick finds a fresh heartbeat: nothing moves twice. */
	F.env.downtime_if_kept = false;
	F.env.now += 60;
	judge_tick(&F.env);
	b = take(BOB);
	hasnt(b, "out of service");
	free(b);
}
END_TEST

START_TEST(a_judge_that_was_down_moves_the_deadlines_on)
{
	struct db_clock	 c;
	time_t		 alive;
	char		 d[64], *b;

	F.env.downtime_slack = 300;
	clock_game("g", "move=1h grace=30m tz=" ZONE);
	gm("g", "APPROVE");
	judge_tick(&F.env);		/* the heartbeat */
	alive = F.env.now;
	mailf(ALICE, "SIGNON g alice-secret\nSETUP RPWS");
	drain();
	c = clock_of("g");
	/* Silent for two hours: the deadline and the grace end passed. */
	F.env.now = alive + 7200;
	judge_tick(&F.env);
	c.deadline += 7200;
	ck_assert_int_eq(clock_of("g").deadline, c.deadline);
	ck_assert_int_eq(clock_of("g").grace_end, c.deadline + 1800);
	shown(c.deadline, d, sizeof(d));
	expect(ALICE, "The judge was out of service from ", "Nobody is late",
	    d, NULL);
	/* Nobody was reminded for the time the judge lost. */
	b = take(BOB);
	ck_assert_msg(strstr(b, "außer Betrieb") != NULL, "%s", b);
	ck_assert_msg(strstr(b, "fehlen") == NULL, "%s", b);
	free(b);
	expect(GM, "out of service", NULL);
	ck_assert_int_eq(phase_of("g"), 1);
	ck_assert_int_eq(judge_next_wake(&F.env), c.deadline);
	/* A short silence is no downtime. */
	F.env.now += 200;
	judge_tick(&F.env);
	ck_assert_int_eq(clock_of("g").deadline, c.deadline);
	ck_assert_int_eq(pending(), 0);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/downtime");
	TCase	*tc;

	tc = tcase_create("heartbeat");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc,
	    deliver_alone_keeps_no_heartbeat_and_counts_no_downtime);
	tcase_add_test(tc, a_tick_after_a_silence_moves_the_deadline_on);
	tcase_add_test(tc, deliver_beside_a_tick_does_not_remind_for_lost_time);
	suite_add_tcase(s, tc);

	tc = tcase_create("clock");
	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, a_judge_that_was_down_moves_the_deadlines_on);
	suite_add_tcase(s, tc);
	return s;
}
