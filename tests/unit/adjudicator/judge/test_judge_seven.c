/*
 * test_judge_seven.c - games of seven seats by mail (standard Diplomacy):
 * JOIN with wishes, ASSIGN and START by the GM, the confirmation of a
 * power's orders (whole set, pending units, complete or not), CLEAR,
 * private press among seven, take-over of a resigned power, HISTORY and
 * SUMMARY.
 */
#include "tests/unit/adjudicator/judge/judge_fixture.h"
#include "tests/unit/test.h"

#define GM	"gm@example.test"

enum { AUS, ENG, FRA, GER, ITA, RUS, TUR };

static const char *const power[7] = {
	"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"
};

static char	 gmpw[32];

static void
addr(int i, char *out, size_t len)
{
	snprintf(out, len, "p%d@example.test", i);
}

static char *
as(int i, const char *g, const char *lines)
{
	char	 a[32], text[2048];

	addr(i, a, sizeof(a));
	snprintf(text, sizeof(text), "SIGNON %s pw%d%d%d%d\n%s", g, i, i, i, i,
	    lines);
	mail(a, text);
	return take(a);
}

static char *
as_gm(const char *g, const char *lines)
{
	char	 text[2048];

	snprintf(text, sizeof(text), "SIGNON %s %s\n%s", g, gmpw, lines);
	mail(GM, text);
	return take(GM);
}

static char *
mine(int i)
{
	char	 a[32];

	addr(i, a, sizeof(a));
	return take(a);
}

static void
create_kind(const char *g, const char *kind, const char *opts)
{
	char	 cmd[128], *r;

	snprintf(cmd, sizeof(cmd), "CREATE %s %s %s", g, kind, opts);
	mail(GM, cmd);
	r = take(GM);
	hasnt(r, "ERROR");
	gm_password(r, gmpw, sizeof(gmpw));
	free(r);
}

static void
create(const char *g, const char *opts)
{
	create_kind(g, "standard", opts);
}

/* Game g of kind started with player i on power i (the GM assigns every
 * seat). */
static void
seven_kind(const char *g, const char *kind, const char *opts)
{
	char	 a[32], cmd[96], lines[1024] = "";
	char	*r;
	int	 i;

	create_kind(g, kind, opts);
	for (i = 0; i < 7; i++) {
		addr(i, a, sizeof(a));
		snprintf(cmd, sizeof(cmd), "JOIN %s pw%d%d%d%d", g, i, i, i, i);
		mail(a, cmd);
		snprintf(lines + strlen(lines), sizeof(lines) - strlen(lines),
		    "ASSIGN %s %s\n", power[i], a);
	}
	strlcpy_(lines + strlen(lines), "START", sizeof(lines) - strlen(lines));
	r = as_gm(g, lines);
	hasnt(r, "ERROR");
	free(r);
	drain();
}

static void
seven(const char *g, const char *opts)
{
	seven_kind(g, "standard", opts);
}

START_TEST(wishes_assignment_and_the_gms_start)
{
	static const char *const join[7] = {
		"F,E,G", "Austria Russia", "GAI de", "", "R", "T", "I"
	};
	char	 a[32], cmd[96], *r;
	int	 i;

	create("sev", "");
	mail("x@example.test", "JOIN sev pwxxxx Xyz");
	r = take("x@example.test");
	has(r, "\"Xyz\" names no power of this game. The powers are: Austria, "
	    "England, France, Germany, Italy, Russia, Turkey.");
	free(r);
	for (i = 0; i < 7; i++) {
		addr(i, a, sizeof(a));
		snprintf(cmd, sizeof(cmd), "JOIN sev pw%d%d%d%d %s", i, i, i, i,
		    join[i]);
		mail(a, cmd);
		r = take(a);
		hasnt(r, "ERROR");
		if (i == 0)
			has(r, "your wishes, in this order: France, England, "
			    "Germany");
		if (i == 2)
			has(r, "Ihre Wünsche, in dieser Reihenfolge: "
			    "Deutschland, Österreich, Italien");
		if (i == 3) {
			has(r, "without wishes");
			free(r);
			r = as_gm("sev", "START");
			has(r, "Game sev cannot start yet: seats taken 4/7");
		}
		free(r);
	}
	mail("x@example.test", "JOIN sev pwxxxx");
	r = take("x@example.test");
	has(r, "Every seat of game sev is taken");
	free(r);
	r = take(GM);
	has(r, "All 7 seats of game sev are taken");
	free(r);
	/* Nothing has started by itself; a player cannot start it. */
	r = as(0, "sev", "START\nA PAR - BUR");
	has(r, "Signed on to game sev. The powers are given out when");
	has(r, "Only the game master");
	has(r, "has not started yet");
	free(r);
	r = as_gm("sev", "ASSIGN France p3@example.test\n"
	    "ASSIGN F p4@example.test\nASSIGN France nobody@example.test\n"
	    "START");
	has(r, "France goes to p3@example.test when the game starts");
	has(r, "France is given to p3@example.test already");
	has(r, "nobody@example.test has not joined game sev");
	has(r, "France: p3@example.test");
	has(r, "England: p0@example.test");
	has(r, "Austria: p1@example.test");
	has(r, "Germany: p2@example.test");
	has(r, "Russia: p4@example.test");
	has(r, "Turkey: p5@example.test");
	has(r, "Italy: p6@example.test");
	has(r, "SHA-256");
	free(r);
	r = mine(0);
	has(r, "You play England.");
	free(r);
	r = mine(2);
	has(r, "Sie spielen Deutschland.");
	free(r);
	r = as(3, "sev", "");
	has(r, "Signed on to game sev as France");
	free(r);
}
END_TEST

/* Counts the occurrences of needle in text. */
static int
count(const char *text, const char *needle)
{
	int	 n = 0;

	while ((text = strstr(text, needle)) != NULL) {
		n++;
		text += strlen(needle);
	}
	return n;
}

START_TEST(every_order_mail_is_confirmed_with_the_whole_set)
{
	char	*r;

	seven("conf", "");
	free(as(GER, "conf", "A MUN - RUH"));
	r = as(FRA, "conf", "A PAR - BUR\nA XYZ - BUR");
	has(r, "Orders of France for S1901M, as the judge holds them now:");
	has(r, "order: A PAR - BUR");
	has(r, "Still without orders:");
	has(r, "F BRE has no order yet.");
	has(r, "A MAR has no order yet.");
	has(r, "Your orders are NOT complete yet.");
	hasnt(r, "RUH");		/* another power's orders stay private */
	ck_assert_int_ge(count(r, "ERROR"), 1);
	free(r);
	r = as(FRA, "conf", "F BRE - MAO\nA MAR H");
	/* The whole set: this mail's orders and the earlier one. */
	has(r, "order: A PAR - BUR");
	has(r, "order: F BRE - MAO");
	has(r, "order: A MAR H");
	hasnt(r, "has no order yet");
	has(r, "Your orders are complete.");
	free(r);
	r = as(FRA, "conf", "A PAR H");
	has(r, "order: A PAR H");
	hasnt(r, "A PAR - BUR");	/* the last order for a unit counts */
	free(r);
	r = as(FRA, "conf", "CLEAR");
	has(r, "All your orders for this phase are withdrawn");
	has(r, "(none)");
	ck_assert_int_eq(count(r, "has no order yet."), 3);
	free(r);
	/* The GM acting for France: France's player gets the copy. */
	r = as_gm("conf", "BECOME France\nA PAR - PIC");
	has(r, "order: A PAR - PIC");
	free(r);
	r = mine(FRA);
	has(r, "The game master acted for France in game conf");
	has(r, "order: A PAR - PIC");
	has(r, "Orders of France for S1901M");
	free(r);
	r = mine(GER);
	hasnt(r, "A PAR - PIC");
	free(r);
}
END_TEST

START_TEST(private_press_reaches_only_its_recipients)
{
	char	*r;
	int	 i;

	seven("prs", "");
	r = as(ENG, "prs", "PRESS TO F,G\nLet us share Belgium.\nENDPRESS");
	has(r, "Sent to France, Germany (1 lines)");
	free(r);
	for (i = 0; i < 7; i++) {
		r = mine(i);
		if (i == FRA || i == GER) {
			has(r, "Press in game prs from England to France, "
			    "Germany:");
			has(r, "Let us share Belgium.");
			hasnt(r, "p1@example.test");
		} else
			hasnt(r, "Belgium");
		free(r);
	}
	r = take(GM);
	hasnt(r, "Belgium");
	free(r);
	/* With gm-sees-press the GM gets a copy, and nobody else more. */
	drain();
	seven("prg", "gm-sees-press");
	free(as(TUR, "prg", "PRESS TO Russia\nBlack Sea?\nENDPRESS"));
	r = take(GM);
	has(r, "Copy for the game master: press in game prg from Turkey to "
	    "Russia:");
	free(r);
	for (i = 0; i < 7; i++) {
		r = mine(i);
		if (i == RUS)
			has(r, "Black Sea?");
		else
			hasnt(r, "Black Sea?");
		free(r);
	}
}
END_TEST

START_TEST(a_resigned_power_is_taken_over_and_plays_on)
{
	char	*r;

	seven("tko", "");
	free(as(GER, "tko", "A MUN - RUH"));
	free(as(FRA, "tko", "RESIGN"));
	drain();
	/* The resignation kept the orders the others had given. */
	r = as(GER, "tko", "A BER H");
	has(r, "order: A MUN - RUH");
	free(r);
	mail("new@example.test", "TAKEOVER tko France newpw");
	free(take("new@example.test"));
	r = as_gm("tko", "APPROVE TAKEOVER France");
	has(r, "France now belongs to new@example.test");
	free(r);
	r = take("new@example.test");
	has(r, "You play France.");
	free(r);
	mail("new@example.test", "SIGNON tko newpw\nA PAR - BUR");
	r = take("new@example.test");
	has(r, "order: A PAR - BUR");
	has(r, "F BRE has no order yet.");
	has(r, "Your orders are NOT complete yet.");
	free(r);
	/* The old password is gone with the old player. */
	r = as(FRA, "tko", "A PAR H");
	has(r, "password does not match");
	free(r);
}
END_TEST

/* Zombie-Diplomacy: the take-over ends disorder on both boards. */
START_TEST(a_resigned_zombie_power_is_due_again_after_a_takeover)
{
	char	*r;

	seven_kind("zmb", "zombie", "");
	free(as(FRA, "zmb", "RESIGN"));
	drain();
	mail("new@example.test", "TAKEOVER zmb France newpw");
	free(as_gm("zmb", "APPROVE TAKEOVER France"));
	drain();
	mail("new@example.test", "SIGNON zmb newpw\nCLEAR");
	r = take("new@example.test");
	has(r, "Orders of France for S1901M");
	has(r, "Your orders are NOT complete yet.");
	hasnt(r, "Nothing is due from you");
	free(r);
}
END_TEST

START_TEST(history_and_summary_of_a_seven_player_game)
{
	char	*r;

	seven("his", "");
	r = as(ITA, "his", "BROADCAST\nPeace in our time.\nENDPRESS\n"
	    "HISTORY his");
	has(r, "=== S1901M (phase 1) ===");
	has(r, "Broadcast from Italy:");
	has(r, "  | Peace in our time.");
	free(r);
	mail("x@example.test", "SUMMARY his");
	r = take("x@example.test");
	has(r, "Game his (standard), running.");
	has(r, "Current phase: S1901M");
	has(r, "France: playing");
	hasnt(r, "<p2@example.test>");
	free(r);
	r = as_gm("his", "SUMMARY his");
	has(r, "France: playing <p2@example.test>");
	free(r);
}
END_TEST

static const char *const holds[7] = {
	"A BUD H, A VIE H, F TRI H", "A LVP H, F EDI H, F LON H", NULL,
	"A BER H, A MUN H, F KIE H", "A ROM H, A VEN H, F NAP H",
	"A MOS H, A WAR H, F SEV H, F STP/SC H", "A CON H, A SMY H, F ANK H"
};

/* France walks into Belgium while everyone else holds. */
START_TEST(summary_tabulates_centres_per_year)
{
	static const char *const fra[2] = {
		"A PAR - BUR, A MAR H, F BRE H",
		"A BUR - BEL, A MAR H, F BRE H"
	};
	char	*r;
	int	 y, i;

	seven("tal", "");
	for (y = 0; y < 2; y++)
		for (i = 0; i < 7; i++) {
			r = as(i, "tal", i == FRA ? fra[y] : holds[i]);
			hasnt(r, "ERROR");
			free(r);
		}
	mail("x@example.test", "SUMMARY tal");
	r = take("x@example.test");
	has(r, "Current phase: W1901A");
	has(r, "Supply centres at the end of each year:");
	has(r, "        Aus  Eng  Fra  Ger  Ita  Rus  Tur");
	has(r, "1900      3    3    3    3    3    4    3");
	has(r, "1901      3    3    4    3    3    4    3");
	free(r);
}
END_TEST

/*
 * The GM's reply to a mail of several PROCESS lines carries the report of
 * every phase it played, not only of the last.
 */
START_TEST(a_gm_processing_two_phases_gets_both_reports)
{
	char	*r, *first, *second;

	seven("gp", "move=1h retreat=1h adjust=1h");
	r = as_gm("gp", "PROCESS\nPROCESS");
	hasnt(r, "ERROR");
	first = strstr(r, "Spring 1901");
	second = strstr(r, "Fall 1901");
	ck_assert_msg(first != NULL && second != NULL && first < second,
	    "%s", r);
	free(r);
	/* Every player got both reports, one mail each. */
	r = mine(FRA);
	has(r, "Spring 1901");
	has(r, "Fall 1901");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge_seven");
	TCase	*tc = tcase_create("seven_seats");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, wishes_assignment_and_the_gms_start);
	tcase_add_test(tc, every_order_mail_is_confirmed_with_the_whole_set);
	tcase_add_test(tc, private_press_reaches_only_its_recipients);
	tcase_add_test(tc, a_resigned_power_is_taken_over_and_plays_on);
	tcase_add_test(tc, a_resigned_zombie_power_is_due_again_after_a_takeover);
	tcase_add_test(tc, history_and_summary_of_a_seven_player_game);
	tcase_add_test(tc, summary_tabulates_centres_per_year);
	tcase_add_test(tc, a_gm_processing_two_phases_gets_both_reports);
	suite_add_tcase(s, tc);
	return s;
}
