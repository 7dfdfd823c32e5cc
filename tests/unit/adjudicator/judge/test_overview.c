/*
 * test_overview.c - adjudicator/judge/overview.c, the judge at a glance
 * for its keepers (issue 17): `pbemd status` and a keeper's STATUS by
 * mail. On a store with a game of every state, a mail failing in the
 * outbox, one refused, a quarantined mail and the clock's heartbeat, the
 * text counts the games by state, lists the running ones with kind,
 * phase and deadline in aligned columns, the outbox with its oldest
 * waiting mail and its failing ones, the quarantine's newest mail, the
 * last mail and tick, in English and in German; the running games are
 * cut at max and the rest counted; LIST ALL's table pages through every
 * game; and it reads the store without writing it.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/clock_fixture.h"
#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"

/* The newest row of the outbox. */
static int64_t
pending_id(void)
{
	struct db_outbox_row	 r[128];
	int64_t			 id = 0;
	int			 n, i;

	ck_assert_int_eq(db_outbox_due(F.db, F.env.now + 100000, r, 128, &n),
	    DB_OK);
	for (i = 0; i < n; i++) {
		if (r[i].id > id)
			id = r[i].id;
		db_outbox_row_clear(&r[i]);
	}
	ck_assert_int_gt(id, 0);
	return id;
}

/*
 * Games: "clocked" (weekeewachee, move=1h, deadline approved), "held"
 * (the same, paused), "free" (no clock), "st" (standard, move=1h, its
 * proposal not approved), "lobby" (forming), "ended" (terminated). In the
 * outbox a mail to carol failing for the second time and one refused for
 * good; a quarantined mail from a sender with an escape in it.
 */
static void
scenario(void)
{
	struct db_inbox	 in;
	int64_t		 id;
	char		*r;

	clock_game("clocked", "move=1h");
	gm("clocked", "APPROVE");
	clock_game("held", "move=1h");
	gm("held", "PAUSE");
	clock_game("free", "");
	seven("st", "move=1h");
	mail(GM, "CREATE lobby weekeewachee");
	drain();
	clock_game("ended", "");
	gm("ended", "TERMINATE");
	r = take(GM);
	has(r, "Game ended is ended.");
	free(r);
	drain();
	/* A tick keeps the heartbeat. */
	F.env.downtime_slack = 300;
	judge_tick(&F.env);
	F.env.downtime_slack = 0;
	drain();
	F.env.now += 60;
	ck_assert_int_eq(db_outbox_add(F.db, 0, 0, CAROL, "x", 1, F.env.now),
	    DB_OK);
	id = pending_id();
	ck_assert_int_eq(db_outbox_retry(F.db, id, 2, F.env.now + 600,
	    "451 4.7.1 try again later"), DB_OK);
	ck_assert_int_eq(db_outbox_add(F.db, 0, 0, DAVE, "y", 1, F.env.now),
	    DB_OK);
	ck_assert_int_eq(db_outbox_failed(F.db, pending_id(), F.env.now,
	    "550 5.1.1 no such user"), DB_OK);
	memset(&in, 0, sizeof(in));
	in.sender = "eve\x1b[2J@example.test";
	in.outcome = "quarantined";
	in.note = "failed 3 times: a bug";
	ck_assert_int_eq(db_inbox_insert(F.db, &in, F.env.now - 30, &id),
	    DB_OK);
	ck_assert_int_eq(db_quarantine_add(F.db, id, "raw", 3, 3, F.env.now),
	    DB_OK);
	(void)r;
}

/* An instant as the overview writes it: "2026-11-18 12:06 UTC". */
static const char *
utc(time_t t, char *out, size_t len)
{
	struct tm	 tm;

	gmtime_r(&t, &tm);
	strftime(out, len, "%Y-%m-%d %H:%M UTC", &tm);
	return out;
}

/* The overview in cat's language, at most max running games; owned. */
static char *
overview(const struct catalog *cat, int max)
{
	struct buf	 b;

	buf_init(&b);
	ck_assert_int_eq(judge_overview(&F.env, cat, max, &b), 0);
	return buf_steal(&b);
}

START_TEST(games_are_counted_by_state_and_the_running_ones_listed_aligned)
{
	char	 want[1024], t1[32], t2[32], t3[32], *r;

	scenario();
	r = overview(F.en, 0);
	has(r, "Judge judge@example.test at ");
	has(r, "\n\nGames\n"
	    "  waiting for players  1\n"
	    "  running              4, 1 of them paused\n"
	    "  finished             1\n"
	    "  halted               0\n\n");
	snprintf(want, sizeof(want), "\n\nRunning games\n"
	    "  GAME     KIND          STATE    PHASE   DEADLINE\n"
	    "  clocked  weekeewachee  running  move 0  %s\n"
	    "  free     weekeewachee  running  move 0  no deadlines\n"
	    "  held     weekeewachee  paused   move 0  since %s\n"
	    "  st       standard      running  S1901M  %s, not approved\n\n",
	    utc(clock_of("clocked").deadline, t1, sizeof(t1)),
	    utc(clock_of("held").paused, t2, sizeof(t2)),
	    utc(clock_of("st").proposed, t3, sizeof(t3)));
	has(r, want);
	/* Neither the forming game nor the ended one is a running game. */
	hasnt(r, "lobby");
	hasnt(r, "  ended");
	free(r);
}
END_TEST

START_TEST(the_outbox_says_its_oldest_waiting_mail_and_each_failing_one)
{
	char	 want[512], t1[32], t2[32], *r;
	time_t	 queued;

	scenario();
	queued = F.env.now;
	F.env.now += 125;
	r = overview(F.en, 0);
	snprintf(want, sizeof(want), "\n\nOutbox\n"
	    "  waiting           1, the oldest since %s (2m5s ago)\n"
	    "  failing           1\n"
	    "  refused for good  1\n"
	    "  sent              ", utc(queued, t1, sizeof(t1)));
	has(r, want);
	snprintf(want, sizeof(want), "  #%lld to carol@example.test, 2 "
	    "attempts, next %s: 451 4.7.1 try again later\n\n",
	    (long long)pending_id(), utc(queued + 600, t2, sizeof(t2)));
	has(r, want);
	/* The refused mail is counted, not listed. */
	hasnt(r, "dave@");
	free(r);
}
END_TEST

START_TEST(the_quarantine_says_its_newest_mail_its_sender_cleaned)
{
	char	 want[512], t[32], *r;

	scenario();
	r = overview(F.en, 0);
	snprintf(want, sizeof(want), "\n\nQuarantine\n"
	    "  held      1, the newest #1 received %s from "
	    "eve?[2J@example.test: failed 3 times: a bug\n"
	    "  released  0\n\n", utc(F.env.now - 30, t, sizeof(t)));
	has(r, want);
	/* Nothing from a mail reaches the terminal as a control character. */
	hasnt(r, "\x1b");
	free(r);
}
END_TEST

START_TEST(the_last_mail_and_tick_are_told_with_their_age)
{
	char	 want[256], t1[32], t2[32], *r;
	time_t	 tick, last;

	scenario();
	last = F.env.now - 30;		/* the quarantined mail */
	tick = F.env.now - 60;		/* scenario()'s judge_tick() */
	F.env.now += 3600;
	r = overview(F.en, 0);
	snprintf(want, sizeof(want), "\n\nMail and clock\n"
	    "  last mail  %s (1h0m ago)\n"
	    "  last tick  %s (1h1m ago)\n", utc(last, t1, sizeof(t1)),
	    utc(tick, t2, sizeof(t2)));
	has(r, want);
	ck_assert_str_eq(r + strlen(r) - strlen(want), want);
	free(r);
}
END_TEST

START_TEST(a_new_judge_has_no_game_no_mail_and_no_tick)
{
	char	*r = overview(F.en, 0);

	has(r, "  running              0\n");
	has(r, "\n\nRunning games\n  none\n\n");
	has(r, "  waiting           0\n");
	has(r, "  held      0\n");
	has(r, "  last mail  never\n"
	    "  last tick  never (serve and tick run the clock)\n");
	free(r);
}
END_TEST

START_TEST(a_keeper_reads_it_in_german)
{
	char	*r;

	scenario();
	r = overview(F.de, 0);
	has(r, "Schiedsrichter judge@example.test am ");
	has(r, "\n\nPartien\n"
	    "  wartet auf Spieler  1\n"
	    "  läuft               4, davon 1 pausiert\n"
	    "  beendet             1\n");
	has(r, "\n\nLaufende Partien\n"
	    "  PARTIE   SPIEL         STAND     PHASE   ABGABETERMIN\n"
	    "  clocked  weekeewachee  läuft     Zug 0   ");
	has(r, "  held     weekeewachee  pausiert  Zug 0   seit ");
	has(r, "\n\nPostausgang\n  wartend               1, die älteste "
	    "seit ");
	has(r, "  Nr. ");
	has(r, " an carol@example.test, 2 Versuche, nächster ");
	has(r, "\n\nQuarantäne\n  zurückgehalten  1, die neueste Nr. 1 ");
	has(r, "\n\nPost und Uhr\n  letzte Mail   ");
	hasnt(r, "Running");
	free(r);
}
END_TEST

START_TEST(the_running_games_are_cut_at_max_and_the_rest_counted)
{
	char	*r;

	scenario();
	r = overview(F.en, 2);
	has(r, "  clocked  ");
	has(r, "  free     ");
	hasnt(r, "  held     weekeewachee");
	has(r, "  ... and 2 more\n\nOutbox\n");
	/* The counts are of every game still. */
	has(r, "  running              4, 1 of them paused\n");
	free(r);
}
END_TEST

START_TEST(the_table_of_every_game_pages)
{
	struct judge_gametable_page	 p = { true, 2, 2, 0, 0 };
	struct buf			 b;

	scenario();
	buf_init(&b);
	ck_assert_int_eq(judge_overview_games(&F.env, F.en, &p, 4, &b), 0);
	ck_assert_int_eq(p.total, 6);
	ck_assert_int_eq(p.shown, 2);
	/* By name: clocked, ended | free, held | lobby, st. */
	has(b.data, "    GAME  KIND          STATE    PHASE   DEADLINE\n"
	    "    free  weekeewachee  running  move 0  no deadlines\n"
	    "    held  weekeewachee  paused   move 0  since ");
	hasnt(b.data, "clocked");
	p.skip = 0;
	buf_reset(&b);
	ck_assert_int_eq(judge_overview_games(&F.env, F.en, &p, 0, &b), 0);
	has(b.data, "ended    weekeewachee  finished  move 0  -\n");
	p.skip = 4;
	buf_reset(&b);
	ck_assert_int_eq(judge_overview_games(&F.env, F.en, &p, 0, &b), 0);
	has(b.data, "lobby  weekeewachee  waiting for players  -       -\n");
	has(b.data, "st     standard      running              S1901M  ");
	/* Past the end: nothing, not even the head row. */
	p.skip = 6;
	buf_reset(&b);
	ck_assert_int_eq(judge_overview_games(&F.env, F.en, &p, 0, &b), 0);
	ck_assert_int_eq(p.shown, 0);
	ck_assert_str_eq(b.data, "");
	buf_free(&b);
}
END_TEST

/* `pbemd status` opens the store for reading only: that is enough. */
START_TEST(the_overview_reads_a_store_it_cannot_write)
{
	struct judge_env	 env;
	struct buf		 b;
	struct db		*ro = NULL;
	char			 why[256] = "", *rw;

	scenario();
	rw = overview(F.en, 0);
	ck_assert_msg(db_open_readonly(F.path, &ro, why, sizeof(why)) == DB_OK,
	    "%s", why);
	env = F.env;
	env.db = ro;
	buf_init(&b);
	ck_assert_int_eq(judge_overview(&env, F.en, 0, &b), 0);
	ck_assert_str_eq(b.data, rw);
	buf_free(&b);
	db_close(ro);
	free(rw);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("judge/overview");
	TCase	*tc = tcase_create("overview");

	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_add_test(tc,
	    games_are_counted_by_state_and_the_running_ones_listed_aligned);
	tcase_add_test(tc,
	    the_outbox_says_its_oldest_waiting_mail_and_each_failing_one);
	tcase_add_test(tc,
	    the_quarantine_says_its_newest_mail_its_sender_cleaned);
	tcase_add_test(tc, the_last_mail_and_tick_are_told_with_their_age);
	tcase_add_test(tc, a_new_judge_has_no_game_no_mail_and_no_tick);
	tcase_add_test(tc, a_keeper_reads_it_in_german);
	tcase_add_test(tc,
	    the_running_games_are_cut_at_max_and_the_rest_counted);
	tcase_add_test(tc, the_table_of_every_game_pages);
	tcase_add_test(tc, the_overview_reads_a_store_it_cannot_write);
	suite_add_tcase(s, tc);
	return s;
}
