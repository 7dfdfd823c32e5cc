/*
 * test_clock.c - the phase clock through the mail command language and
 * judge_tick(): parsed mails in, a real SQLite file, a fake clock (env.now),
 * the outbox read back. A weekeewachee game created with clock options
 * (its set-up phase awaits both seats) and standard Diplomacy games of
 * seven players, where missing orders hold and civil disorder applies.
 */
#include "tests/unit/test.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adjudicator/judge/deadline.h"
#include "adjudicator/judge/judge.h"
#include "common/util.h"
#include "db/db.h"
#include "tests/unit/adjudicator/judge/judge_fixture.h"

#define GM	"gm@example.test"
#define ALICE	"alice@example.test"
#define BOB	"bob@example.test"
#define ZONE	"Europe/Berlin"

/* The GM password of the last game created. */
static char	 gmpw[32];

/* The shared judge fixture on a clock in the future, in UTC. */
static void
clock_setup(void)
{
	setup();
	F.env.timezone = "UTC";
	F.env.now = 1795000000;		/* Wed 2026-11-18 12:06:40 UTC */
	gmpw[0] = '\0';
}

static int
pending(void)
{
	int	 n = 0;

	ck_assert_int_eq(db_outbox_pending(F.db, &n), DB_OK);
	return n;
}

/* Asserts that rcpt's new mail contains every string given (NULL ends). */
static void
expect(const char *rcpt, ...)
{
	const char	*want;
	char		*got = take(rcpt);
	va_list		 ap;

	va_start(ap, rcpt);
	while ((want = va_arg(ap, const char *)) != NULL)
		ck_assert_msg(strstr(got, want) != NULL, "%s lacks \"%s\":\n%s",
		    rcpt, want, got);
	va_end(ap);
	free(got);
}

/* Asserts that rcpt's new mail does not contain s. */
static void
expect_not(const char *rcpt, const char *s)
{
	char	*got = take(rcpt);

	ck_assert_msg(strstr(got, s) == NULL, "%s has \"%s\":\n%s", rcpt, s,
	    got);
	free(got);
}

static struct db_clock
clock_of(const char *game)
{
	struct db_game	 g;
	struct db_clock	 c;

	ck_assert_int_eq(db_game_get(F.db, game, &g), DB_OK);
	ck_assert_int_eq(db_clock_get(F.db, g.id, &c), DB_OK);
	return c;
}

static int
phase_of(const char *game)
{
	struct db_game	 g;

	ck_assert_int_eq(db_game_get(F.db, game, &g), DB_OK);
	return g.phase;
}

/* "Sat 2026-11-28 20:00 CET" as the English reader sees it. */
static const char *
shown(time_t t, char *buf, size_t len)
{
	static const char *const day[] = {
		"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"
	};
	char	 b[48];
	int	 wday;

	deadline_format(t, ZONE, b, sizeof(b), &wday);
	snprintf(buf, len, "%s %s", day[wday], b);
	return buf;
}

/* Creates game g with clock words and seats alice (White) and bob (Black,
 * German); returns with every mailbox read. */
static void
clock_game(const char *g, const char *words)
{
	char	*r;

	mailf(GM, "CREATE %s weekeewachee %s", g, words);
	r = take(GM);
	ck_assert_msg(strstr(r, "is created") != NULL, "%s", r);
	gm_password(r, gmpw, sizeof(gmpw));
	free(r);
	mailf(ALICE, "JOIN %s alicepw", g);
	mailf(BOB, "JOIN %s bobpw de", g);
}

static void
gm(const char *g, const char *cmds)
{
	mailf(GM, "SIGNON %s %s\n%s", g, gmpw, cmds);
}

START_TEST(create_strips_the_clock_words_and_confirms_them)
{
	char	*r;

	mailf(GM, "CREATE g1 weekeewachee blind move=1h grace=30m tz=" ZONE
	    " days=-MTWTF- at=20:00 cd");
	r = take(GM);
	ck_assert_ptr_nonnull(strstr(r, "Game g1 (weekeewachee) is created"));
	ck_assert_ptr_nonnull(strstr(r, "Deadlines: movement 1h, retreats 1d, "
	    "adjustments 1d; grace period 30m"));
	ck_assert_ptr_nonnull(strstr(r, "Time zone Europe/Berlin, days "
	    "-MTWTF-, deadlines at 20:00"));
	ck_assert_ptr_nonnull(strstr(r, "goes into civil disorder"));
	free(r);
	/* The game got its own word only. */
	mailf(GM, "LIST g1");
	expect(GM, "(blind)", NULL);
	mailf(GM, "CREATE g2 weekeewachee move=soon\nLIST g2");
	expect(GM, "The clock option \"move=soon\" is not valid",
	    "There is no game called g2", NULL);
	mailf(GM, "CREATE g3 weekeewachee tz=Mars/Olympus");
	expect(GM, "\"tz=Mars/Olympus\" is not valid", NULL);
}
END_TEST

START_TEST(a_game_without_clock_options_works_as_before)
{
	int		 before;
	char		*r;

	mailf(GM, "CREATE plain weekeewachee");
	r = take(GM);
	ck_assert_ptr_null(strstr(r, "Deadlines:"));
	gm_password(r, gmpw, sizeof(gmpw));
	free(r);
	mailf(ALICE, "JOIN plain alicepw");
	mailf(BOB, "JOIN plain bobpw");
	expect_not(ALICE, "Deadline");
	drain();
	mailf(ALICE, "SIGNON plain alicepw\nSETUP RPWS");
	mailf(BOB, "SIGNON plain bobpw\nSETUP RPWS");
	/* Adjudicated inside the mail, without any tick. */
	expect(ALICE, "Both setups are revealed", NULL);
	drain();
	ck_assert_int_eq(judge_next_wake(&F.env), 0);
	before = pending();
	ck_assert_int_eq(judge_tick(&F.env), 0);
	ck_assert_int_eq(pending(), before);
	gm("plain", "APPROVE\nPAUSE");
	expect(GM, "Game plain has no deadlines", NULL);
}
END_TEST

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
	ck_assert_int_eq(judge_next_wake(&F.env), c.proposed);
	/* A player cannot approve. */
	mailf(ALICE, "SIGNON g alicepw\nAPPROVE");
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
	ck_assert_int_eq(judge_next_wake(&F.env), c.deadline);
	gm("g", "APPROVE");
	expect(GM, "The deadline is approved already", NULL);
	/* The report shows the approved deadline and its grace. */
	mailf(ALICE, "SIGNON g alicepw");
	expect(ALICE, "Deadline: ", when, "Grace period until", NULL);
}
END_TEST

START_TEST(complete_orders_are_processed_early_at_the_next_tick)
{
	clock_game("g", "move=1h tz=" ZONE);
	drain();
	mailf(ALICE, "SIGNON g alicepw\nSETUP RPWS");
	mailf(BOB, "SIGNON g bobpw\nSETUP RPWS");
	/* The orders are in, but only the tick processes a game with a clock. */
	expect_not(ALICE, "Both setups are revealed");
	ck_assert_int_eq(phase_of("g"), 1);
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 2);
	expect(ALICE, "Both setups are revealed", "Every order was in",
	    "Deadline proposed by the judge", NULL);
	expect(BOB, "Alle Befehle lagen vor", NULL);
	expect(GM, "Every order was in", NULL);
	/* The new phase has its own proposal; a second tick does nothing. */
	ck_assert_int_eq(clock_of("g").phase, 2);
	ck_assert_int_eq(clock_of("g").proposed, F.env.now + 3600);
	judge_tick(&F.env);
	ck_assert_int_eq(pending(), 0);
}
END_TEST

START_TEST(set_wait_holds_the_phase_until_its_deadline)
{
	struct db_clock	 c;

	clock_game("g", "move=1h grace=1h tz=" ZONE);
	gm("g", "APPROVE");
	drain();
	mailf(ALICE, "SIGNON g alicepw\nSET WAIT\nSETUP RPWS");
	expect(ALICE, "will not be processed before its deadline", NULL);
	mailf(BOB, "SIGNON g bobpw\nSETUP RPWS");
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 1);
	/* SET NOWAIT and SET WAIT again: still waiting. */
	mailf(ALICE, "SIGNON g alicepw\nSET NOWAIT\nSET NO WAIT\nSET WAIT");
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 1);
	c = clock_of("g");
	F.env.now = c.deadline;
	drain();
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 2);
	expect(ALICE, "processed at its deadline", "Both setups", NULL);
	/* WAIT held one phase only. */
	ck_assert_int_eq(clock_of("g").phase, 2);
}
END_TEST

START_TEST(late_players_are_reminded_once_and_the_gm_told)
{
	struct db_clock	 c;
	char		 d[64], g[64];
	int		 before;

	clock_game("g", "move=1h grace=30m tz=" ZONE);
	gm("g", "APPROVE");
	mailf(ALICE, "SIGNON g alicepw\nSETUP RPWS");
	drain();
	c = clock_of("g");
	F.env.now = c.deadline - 1;
	judge_tick(&F.env);
	ck_assert_int_eq(pending(), 0);
	F.env.now = c.deadline;
	judge_tick(&F.env);
	shown(c.deadline, d, sizeof(d));
	shown(c.grace_end, g, sizeof(g));
	expect(BOB, "Ihre Befehle f", "Partie g fehlen", NULL);
	expect(GM, "The deadline of game g passed at ", d,
	    "The grace period ends at ", g, "Late:", "- Black", NULL);
	expect_not(ALICE, "missing");
	ck_assert_int_eq(judge_next_wake(&F.env), c.grace_end);
	/* Never twice, however often the judge wakes. */
	before = pending();
	judge_tick(&F.env);
	F.env.now += 60;
	judge_tick(&F.env);
	ck_assert_int_eq(pending(), before);
	/* At the end of grace weekeewachee cannot move without Black's
	 * set-up: the GM is told once, and the game waits for it. */
	F.env.now = c.grace_end;
	judge_tick(&F.env);
	judge_tick(&F.env);
	expect(GM, "cannot go on without the missing orders", "- Black", NULL);
	ck_assert_int_eq(pending(), 0);
	ck_assert_int_eq(phase_of("g"), 1);
	ck_assert_int_eq(judge_next_wake(&F.env), 0);
	mailf(BOB, "SIGNON g bobpw\nSETUP RPWS");
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 2);
	expect(ALICE, "Both setups are revealed", NULL);
}
END_TEST

START_TEST(orders_with_errors_do_not_count_as_ready)
{
	clock_game("g", "move=1h tz=" ZONE);
	mailf(ALICE, "SIGNON g alicepw\nSETUP RPWS\nSETUP RPWX");
	mailf(BOB, "SIGNON g bobpw\nSETUP RPWS");
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 1);
	/* A later mail without errors clears the mark. */
	mailf(ALICE, "SIGNON g alicepw\nSETUP RPWS");
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 2);
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
	mailf(ALICE, "SIGNON g alicepw\nSETUP RPWS");
	mailf(BOB, "SIGNON g bobpw\nSETUP RPWS");
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
	mailf(ALICE, "SIGNON g alicepw\nSETUP RPWS");
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

START_TEST(an_extension_is_asked_granted_and_refused)
{
	struct db_clock	 c;
	char		 d[64];

	clock_game("g", "move=1h grace=30m tz=" ZONE);
	gm("g", "APPROVE");
	drain();
	c = clock_of("g");
	mailf(BOB, "SIGNON g bobpw\nEXTEND 2h");
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
	mailf(ALICE, "SIGNON g alicepw\nEXTEND 1h\nEXTEND soon");
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
	mailf(ALICE, "SIGNON g alicepw\nSET DEADLINE +1h");
	expect(ALICE, "Only the game master", NULL);
	ck_assert_int_eq(clock_of("g").deadline, 1798131600);
}
END_TEST

START_TEST(process_runs_the_phase_now_and_guards_its_phase)
{
	clock_game("g", "move=1h tz=" ZONE);
	mailf(ALICE, "SIGNON g alicepw\nSETUP RPWS\nSET WAIT");
	drain();
	/* Black has no set-up: the game refuses, and says why. */
	gm("g", "PROCESS");
	expect(GM, "ERROR", NULL);
	ck_assert_int_eq(phase_of("g"), 1);
	mailf(BOB, "SIGNON g bobpw\nSETUP RPWS");
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 1);	/* White waits */
	gm("g", "PROCESS S1901M");
	expect(GM, "nothing was processed", NULL);
	gm("g", "PROCESS");
	ck_assert_int_eq(phase_of("g"), 2);
	expect(GM, "Game g was processed", "The game master had the phase "
	    "processed", NULL);
	expect(ALICE, "The game master had the phase processed",
	    "Both setups", NULL);
}
END_TEST

START_TEST(rollback_restores_the_phase_and_keeps_its_orders)
{
	char	*a;

	clock_game("g", "move=1h tz=" ZONE);
	mailf(ALICE, "SIGNON g alicepw\nSETUP RPWS");
	mailf(BOB, "SIGNON g bobpw\nSETUP SWPR");
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 2);
	drain();
	gm("g", "ROLLBACK");
	ck_assert_int_eq(phase_of("g"), 3);
	expect(GM, "Game g went back one phase", NULL);
	a = take(ALICE);
	ck_assert_msg(strstr(a, "took game g back one phase") != NULL, "%s", a);
	ck_assert_msg(strstr(a, "Both setups are revealed") == NULL, "%s", a);
	free(a);
	/* The orders are kept, but the phase is not run again by itself. */
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 3);
	gm("g", "PROCESS");
	ck_assert_int_eq(phase_of("g"), 4);
	expect(ALICE, "Both setups are revealed", NULL);
	/* Back twice: to the set-up, then nothing before it. */
	gm("g", "ROLLBACK\nROLLBACK");
	expect(GM, "went back one phase", "has no earlier phase", NULL);
}
END_TEST

START_TEST(an_absence_moves_the_proposal_and_tells_the_gm)
{
	struct db_clock	 c;
	struct deadline_span day;
	char		 day_text[16];
	struct tm	 tm;

	clock_game("g", "move=1d at=20:00 tz=" ZONE);
	drain();
	c = clock_of("g");
	tz_local(c.proposed, ZONE, &tm, NULL, 0);
	snprintf(day_text, sizeof(day_text), "%04d-%02d-%02d",
	    tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
	ck_assert_int_eq(deadline_parse_day(day_text, ZONE, &day), 0);
	ck_assert(c.proposed >= day.from && c.proposed <= day.to);
	mailf(BOB, "SIGNON g bobpw\nSET ABSENCE %s", day_text);
	expect(BOB, "Notiert", NULL);
	expect(GM, "Black will be away from game g", "The judge now proposes",
	    NULL);
	expect(ALICE, "The judge now proposes", NULL);
	ck_assert_int_eq(clock_of("g").proposed, c.proposed + 86400);
	mailf(BOB, "SIGNON g bobpw\nSET ABSENCE 2026-12-01 TO 2026-12-31\n"
	    "SET ABSENCE 2026-12-02 2026-12-01\nSET NOABSENCE");
	expect(BOB, "höchstens 15 Tage", "SET ABSENCE jjjj-mm-tt",
	    "gelöscht", NULL);
	/* Approved deadlines stay: the GM is warned instead. */
	gm("g", "APPROVE");
	drain();
	c = clock_of("g");
	tz_local(c.deadline, ZONE, &tm, NULL, 0);
	snprintf(day_text, sizeof(day_text), "%04d-%02d-%02d",
	    tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
	mailf(ALICE, "SIGNON g alicepw\nSET ABSENCE %s", day_text);
	expect(GM, "White will be away", "The current deadline", NULL);
	ck_assert_int_eq(clock_of("g").deadline, c.deadline);
}
END_TEST

/* The seven powers of a standard game, their players and holding orders. */
static const struct {
	const char	*power, *addr, *hold;
} P[7] = {
	{ "Austria", "aus@example.test", "A VIE H\nA BUD H\nF TRI H" },
	{ "England", "eng@example.test", "F LON H\nF EDI H\nA LVP H" },
	{ "France", "fra@example.test", "A PAR H\nA MAR H\nF BRE H" },
	{ "Germany", "ger@example.test", "A BER H\nA MUN H\nF KIE H" },
	{ "Italy", "ita@example.test", "A VEN H\nA ROM H\nF NAP H" },
	{ "Russia", "rus@example.test", "A MOS H\nA WAR H\nF SEV H\nF STP/SC H" },
	{ "Turkey", "tur@example.test", "A CON H\nA SMY H\nF ANK H" },
};

static void
seven(const char *g, const char *words)
{
	char		*r;
	int		 i;

	mailf(GM, "CREATE %s standard %s", g, words);
	r = take(GM);
	ck_assert_msg(strstr(r, "is created") != NULL, "%s", r);
	gm_password(r, gmpw, sizeof(gmpw));
	free(r);
	for (i = 0; i < 7; i++)
		mailf(P[i].addr, "JOIN %s pass%d %s", g, i, P[i].power);
	gm(g, "START");
	for (i = 0; i < 7; i++)
		free(take(P[i].addr));
	r = take(GM);
	ck_assert_msg(strstr(r, "ERROR") == NULL, "%s", r);
	free(r);
}

static void
orders(const char *g, int i, const char *text)
{
	mailf(P[i].addr, "SIGNON %s pass%d\n%s", g, i, text);
	free(take(P[i].addr));
}

START_TEST(a_power_without_orders_holds_and_goes_into_civil_disorder)
{
	struct db_clock	 c;
	char		*r;
	int		 i;

	seven("dg", "move=1h grace=30m cd tz=" ZONE);
	ck_assert_int_eq(clock_of("dg").proposed, F.env.now + 3600);
	gm("dg", "APPROVE");
	free(take(GM));
	for (i = 0; i < 7; i++)
		if (i != 4)	/* Italy sends nothing */
			orders("dg", i, P[i].hold);
	judge_tick(&F.env);
	ck_assert_int_eq(clock_of("dg").phase, phase_of("dg"));
	c = clock_of("dg");
	F.env.now = c.deadline;
	judge_tick(&F.env);
	expect(P[4].addr, "Your orders for game dg are missing", "A VEN", NULL);
	expect(GM, "Late:", "- Italy", NULL);
	F.env.now = c.grace_end;
	judge_tick(&F.env);
	r = take(P[0].addr);
	ck_assert_msg(strstr(r, "processed at the end of the grace period") &&
	    strstr(r, "Italy had no complete orders: units without orders "
	    "held") && strstr(r, "Italy sent no orders at all and is now in "
	    "civil disorder") && strstr(r, "no order, the unit holds"), "%s", r);
	free(r);
	expect(P[4].addr, "Your power is in civil disorder", NULL);
	/* Italy is not awaited any more: the six others finish the phase. */
	for (i = 0; i < 7; i++)
		if (i != 4)
			orders("dg", i, P[i].hold);
	c = clock_of("dg");
	judge_tick(&F.env);
	ck_assert_int_eq(clock_of("dg").phase, c.phase + 1);
	expect(P[0].addr, "Every order was in", NULL);
	/* A sign-on ends the disorder, and the GM is told. */
	mailf(P[4].addr, "SIGNON dg pass4");
	expect(P[4].addr, "no longer in civil disorder", NULL);
	expect(GM, "Italy signed on again", NULL);
	for (i = 0; i < 7; i++)
		if (i != 4)
			orders("dg", i, P[i].hold);
	judge_tick(&F.env);
	ck_assert_int_eq(clock_of("dg").phase, c.phase + 1);	/* waits */
	orders("dg", 4, P[4].hold);
	judge_tick(&F.env);
	ck_assert_int_eq(clock_of("dg").phase, c.phase + 2);
}
END_TEST

START_TEST(without_cd_a_late_power_only_holds_for_the_phase)
{
	struct db_clock	 c;
	int		 i;

	seven("dh", "move=1h grace=0 tz=" ZONE);
	gm("dh", "SET DEADLINE +2h");
	for (i = 0; i < 6; i++)
		orders("dh", i, P[i].hold);
	c = clock_of("dh");
	F.env.now = c.deadline;
	judge_tick(&F.env);
	expect(P[0].addr, "processed at the end of the grace period",
	    "Turkey had no complete orders", NULL);
	expect_not(P[0].addr, "civil disorder");
	/* Turkey is awaited again in the next phase. */
	for (i = 0; i < 6; i++)
		orders("dh", i, P[i].hold);
	judge_tick(&F.env);
	ck_assert_int_eq(clock_of("dh").phase, c.phase + 1);
	orders("dh", 6, P[6].hold);
	judge_tick(&F.env);
	ck_assert_int_eq(clock_of("dh").phase, c.phase + 2);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/clock");
	TCase	*tc = tcase_create("clock");

	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, create_strips_the_clock_words_and_confirms_them);
	tcase_add_test(tc, a_game_without_clock_options_works_as_before);
	tcase_add_test(tc, the_judge_proposes_and_the_gm_approves);
	tcase_add_test(tc, complete_orders_are_processed_early_at_the_next_tick);
	tcase_add_test(tc, set_wait_holds_the_phase_until_its_deadline);
	tcase_add_test(tc, late_players_are_reminded_once_and_the_gm_told);
	tcase_add_test(tc, orders_with_errors_do_not_count_as_ready);
	tcase_add_test(tc, pause_stops_the_clock_and_resume_adds_the_pause);
	tcase_add_test(tc, a_judge_that_was_down_moves_the_deadlines_on);
	tcase_add_test(tc, an_extension_is_asked_granted_and_refused);
	tcase_add_test(tc, set_deadline_is_the_gm_s_and_is_announced);
	tcase_add_test(tc, process_runs_the_phase_now_and_guards_its_phase);
	tcase_add_test(tc, rollback_restores_the_phase_and_keeps_its_orders);
	tcase_add_test(tc, an_absence_moves_the_proposal_and_tells_the_gm);
	tcase_add_test(tc,
	    a_power_without_orders_holds_and_goes_into_civil_disorder);
	tcase_add_test(tc, without_cd_a_late_power_only_holds_for_the_phase);
	suite_add_tcase(s, tc);
	return s;
}
