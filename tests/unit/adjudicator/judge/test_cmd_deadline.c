/*
 * test_cmd_deadline.c - adjudicator/judge/cmd_deadline.c: the GM's hand on
 * the phase clock, by mail on a fake clock (env.now). The judge proposes
 * a deadline and the GM APPROVEs it; PAUSE stops the clock and RESUME adds
 * the pause; a player asks to EXTEND, the GM grants (EXTEND GRANT) or
 * refuses (EXTEND REFUSE); SET DEADLINE is the GM's and is announced.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/clock_fixture.h"

START_TEST(the_judge_proposes_and_the_gm_approves)
{
	struct db_clock	 c;
	char		 when[64];
	time_t		 start;

	clock_game("g", "move=1h grace=30m tz=" ZONE);
	start = F.env.now;
	c = clock_of("g");
	ck_assert_int_eq(c.proposed, start + 3600);
	ck_assert_int_eq(c.deadline, 0);
	shown(c.proposed, when, sizeof(when));
	expect(ALICE, "Deadline proposed by the judge: ", when,
	    "awaiting the game master's approval", NULL);
	expect(BOB, "Vom Schiedsrichter vorgeschlagener Abgabetermin", NULL);
	expect(GM, "Send APPROVE to confirm it", NULL);
	/* The GM is reminded of the proposal halfway to it (remind=24h is
	 * longer than the phase). */
	ck_assert_int_eq(judge_next_wake(&F.env), start + 1800);
	/* A player cannot approve. */
	mailf(ALICE, "SIGNON g alice-secret\nAPPROVE");
	expect(ALICE, "Only the game master", NULL);
	gm("g", "APPROVE");
	expect(GM, "The game master approved the deadline of game g: ", when,
	    NULL);
	expect(ALICE, "Subject: [pbemd] g: deadline",
	    "The game master approved the deadline of game g: ", when, NULL);
	expect(BOB, "Der Spielleiter hat den Abgabetermin der Partie g "
	    "best", NULL);
	c = clock_of("g");
	ck_assert_int_eq(c.deadline, start + 3600);
	ck_assert_int_eq(c.grace_end, start + 3600 + 1800);
	/* Next: the reminder of powers not complete, halfway (remind=24h is
	 * longer than the phase). */
	ck_assert_int_eq(judge_next_wake(&F.env), start + 1800);
	gm("g", "APPROVE");
	expect(GM, "The deadline is approved already", NULL);
	/* The report shows the approved deadline and its grace. */
	mailf(ALICE, "SIGNON g alice-secret");
	expect(ALICE, "Deadline: ", when, "Grace period until", NULL);
}
END_TEST

START_TEST(pause_stops_the_clock_and_resume_adds_the_pause)
{
	struct db_clock	 c;
	char		 d[64];
	time_t		 paused;

	clock_game("g", "move=1h grace=30m tz=" ZONE);
	gm("g", "APPROVE");
	drain();
	c = clock_of("g");
	gm("g", "PAUSE\nPAUSE");
	paused = F.env.now;
	expect(GM, "paused game g", "Game g is paused already", NULL);
	expect(ALICE, "The game master paused game g", NULL);
	expect(BOB, "angehalten", NULL);
	mailf(ALICE, "SIGNON g alice-secret\nSETUP RPWS");
	mailf(BOB, "SIGNON g bob-secret\nSETUP RPWS");
	expect(ALICE, "The game is paused by the game master", NULL);
	F.env.now = c.grace_end + 3600;
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 1);
	ck_assert_int_eq(judge_next_wake(&F.env), 0);
	drain();
	gm("g", "RESUME");
	c.deadline += F.env.now - paused;
	ck_assert_int_eq(clock_of("g").deadline, c.deadline);
	ck_assert_int_eq(clock_of("g").grace_end, c.deadline + 1800);
	shown(c.deadline, d, sizeof(d));
	expect(ALICE, "The game master resumed game g", d, NULL);
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 2);
}
END_TEST

START_TEST(an_extension_is_asked_granted_and_refused)
{
	struct db_clock	 c;
	char		 d[64];

	clock_game("g", "move=1h grace=30m remind=0 tz=" ZONE);
	gm("g", "APPROVE");
	drain();
	c = clock_of("g");
	mailf(BOB, "SIGNON g bob-secret\nEXTEND 2h");
	expect(BOB, "ging an den Spielleiter", NULL);
	expect(GM, "Black asks to extend the deadline of game g by 2h",
	    "EXTEND GRANT", NULL);
	expect_not(ALICE, "extend");
	gm("g", "EXTEND GRANT\nEXTEND GRANT");
	shown(c.deadline + 7200, d, sizeof(d));
	expect(GM, "extended the deadline of game g to ", d,
	    "Nobody has asked for an extension", NULL);
	expect(ALICE, "The game master extended the deadline of game g to ",
	    d, NULL);
	expect(BOB, "verl", NULL);
	ck_assert_int_eq(clock_of("g").deadline, c.deadline + 7200);
	ck_assert_int_eq(judge_next_wake(&F.env), c.deadline + 7200);
	mailf(ALICE, "SIGNON g alice-secret\nEXTEND 1h\nEXTEND soon");
	expect(ALICE, "went to the game master",
	    "Players write EXTEND <duration>", NULL);
	gm("g", "EXTEND REFUSE Blue\nEXTEND REFUSE White");
	expect(GM, "no power called \"Blue\"", "Refused", NULL);
	expect(ALICE, "refused your request", d, NULL);
	expect_not(BOB, "refused");
	ck_assert_int_eq(clock_of("g").deadline, c.deadline + 7200);
	/* The GM's own EXTEND moves it on too. */
	gm("g", "EXTEND 30m");
	ck_assert_int_eq(clock_of("g").deadline, c.deadline + 9000);
}
END_TEST

START_TEST(set_deadline_is_the_gm_s_and_is_announced)
{
	char	 d[64];

	clock_game("g", "move=1h tz=" ZONE);
	drain();
	gm("g", "SET DEADLINE +3h");
	shown(F.env.now + 3 * 3600, d, sizeof(d));
	expect(ALICE, "The game master set the deadline of game g: ", d, NULL);
	ck_assert_int_eq(clock_of("g").deadline, F.env.now + 3 * 3600);
	gm("g", "SET DEADLINE 2026-12-24 18:00");
	ck_assert_int_eq(clock_of("g").deadline, 1798131600); /* 17:00 UTC */
	expect(ALICE, "Thu 2026-12-24 18:00 CET", NULL);
	gm("g", "SET DEADLINE 2020-01-01 10:00\nSET DEADLINE tomorrow\n"
	    "SET DEADLINE 2027-12-24 18:00");
	expect(GM, "That time has already passed", "Write the time as",
	    "more than 120 days ahead", NULL);
	mailf(ALICE, "SIGNON g alice-secret\nSET DEADLINE +1h");
	expect(ALICE, "Only the game master", NULL);
	ck_assert_int_eq(clock_of("g").deadline, 1798131600);
}
END_TEST

/*
 * Issue "The judge in layers": the GM settles at most sixteen requests at
 * once; a seat has one open request a phase, a second is refused.
 */
START_TEST(a_second_request_in_a_phase_waits_for_the_answer)
{
	clock_game("g", "move=1h tz=" ZONE);
	drain();
	mail(ALICE, "SIGNON g alice-secret\nEXTEND 2h\nEXTEND 3h");
	expect(ALICE, "went to the game master",
	    "You asked for more time in this phase already", NULL);
	gm("g", "EXTEND REFUSE White");
	drain();
	mail(ALICE, "SIGNON g alice-secret\nEXTEND 3h");
	expect_not(ALICE, "already");
}
END_TEST

/*
 * SET APPROVE AUTO in a running game: the proposal waiting for the GM
 * holds at once and is announced; later phases hold theirs. SET APPROVE
 * GM takes it back. The GM's command alone, with gm or auto.
 */
START_TEST(set_approve_auto_makes_the_waiting_proposal_hold)
{
	struct db_clock	 c;
	char		 when[64];

	clock_game("g", "move=1h grace=30m tz=" ZONE);
	drain();
	c = clock_of("g");
	ck_assert_int_eq(c.deadline, 0);
	ck_assert_int_eq(c.approve, DB_APPROVE_GM);
	mailf(ALICE, "SIGNON g alice-secret\nSET APPROVE AUTO");
	expect(ALICE, "Only the game master", NULL);
	gm("g", "SET APPROVE sometimes");
	expect(GM, "Write SET APPROVE GM", NULL);
	gm("g", "SET APPROVE AUTO");
	shown(c.proposed, when, sizeof(when));
	expect(GM, "hold unless you change them",
	    "The game master approved the deadline of game g: ", when, NULL);
	expect(ALICE, "The game master approved the deadline of game g: ",
	    when, NULL);
	c = clock_of("g");
	ck_assert_int_eq(c.approve, DB_APPROVE_AUTO);
	ck_assert_int_eq(c.deadline, c.proposed);
	ck_assert_int_eq(c.grace_end, c.proposed + 1800);
	gm("g", "SET APPROVE gm\nSET REMIND 2h\nSET REMIND soon");
	expect(GM, "waits for your APPROVE", "reminded 2h before",
	    "Write SET REMIND 24h", NULL);
	c = clock_of("g");
	ck_assert_int_eq(c.approve, DB_APPROVE_GM);
	ck_assert_int_eq(c.remind, 7200);
	ck_assert_int_eq(c.deadline, c.proposed);	/* this one stays */
}
END_TEST

/* Paused: the proposal holds as it stands, and RESUME moves both on. */
START_TEST(set_approve_auto_in_a_pause_holds_the_proposal_as_it_stands)
{
	struct db_clock	 c;
	time_t		 proposed;

	clock_game("g", "move=1h grace=30m tz=" ZONE);
	gm("g", "PAUSE");
	proposed = clock_of("g").proposed;
	F.env.now += 2 * 3600;		/* past the proposal, in the pause */
	gm("g", "SET APPROVE AUTO");
	c = clock_of("g");
	ck_assert_int_eq(c.deadline, proposed);
	gm("g", "RESUME");
	c = clock_of("g");
	/* Moved on by the pause (two hours and the mails' seconds). */
	ck_assert_int_ge(c.deadline, proposed + 2 * 3600);
	ck_assert_int_eq(c.proposed, c.deadline);
	ck_assert_int_eq(c.grace_end, c.deadline + 1800);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_deadline");
	TCase	*tc;

	tc = tcase_create("clock");
	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, the_judge_proposes_and_the_gm_approves);
	tcase_add_test(tc, pause_stops_the_clock_and_resume_adds_the_pause);
	tcase_add_test(tc, an_extension_is_asked_granted_and_refused);
	tcase_add_test(tc, set_deadline_is_the_gm_s_and_is_announced);
	tcase_add_test(tc, a_second_request_in_a_phase_waits_for_the_answer);
	tcase_add_test(tc, set_approve_auto_makes_the_waiting_proposal_hold);
	tcase_add_test(tc,
	    set_approve_auto_in_a_pause_holds_the_proposal_as_it_stands);
	suite_add_tcase(s, tc);
	return s;
}
