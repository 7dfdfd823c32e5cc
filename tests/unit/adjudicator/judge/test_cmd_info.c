/*
 * test_cmd_info.c - adjudicator/judge/cmd_info.c: LIST <game>, the press
 * rules and the clock of one game, its settings and the deadline of the
 * phase with its zone and whether the GM approved it, in English and
 * German; LIST of all games stays one line a game; SET LANGUAGE switches
 * the replies. By mail over a real SQLite file. (HELP is answered in
 * test_judge.c's threaded reply.)
 */
#include "adjudicator/judge/deadline.h"
#include "tests/unit/adjudicator/judge/judge_fixture.h"
#include "tests/unit/test.h"

#define ZONE	"Europe/Berlin"

/* Creates g with words, GM password kept; seats alice and bob if seat. */
static void
game(const char *g, const char *words, bool seat)
{
	char	 cmd[256], *r;

	snprintf(cmd, sizeof(cmd), "CREATE %s weekeewachee %s", g, words);
	/* Games created over days: not the hourly limit (limits.h). */
	F.env.now += 3600 / 9;
	mail(GM, cmd);
	r = take(GM);
	hasnt(r, "ERROR");
	gm_password(r, gmpw, sizeof(gmpw));
	free(r);
	if (seat) {
		snprintf(cmd, sizeof(cmd), "JOIN %s alice-secret", g);
		mail(ALICE, cmd);
		snprintf(cmd, sizeof(cmd), "JOIN %s bob-secret", g);
		mail(BOB, cmd);
	}
	drain();
}

/* A mail from the GM, signed on to g, with the lines after it; every
 * mailbox is drained. */
static void
gm_sends(const char *g, const char *lines)
{
	char	 text[512];

	snprintf(text, sizeof(text), "SIGNON %s %s\n%s", g, gmpw, lines);
	mail(GM, text);
	drain();
}

/* What DAVE, who plays in no game, reads for text; owned. */
static char *
ask(const char *text)
{
	mail(DAVE, text);
	return take(DAVE);
}

/* "Wed 2023-11-15 00:13 CET", or in German "Mi ...". */
static const char *
shown(time_t t, bool de, char *buf, size_t len)
{
	static const char *const day[2][7] = {
		{ "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" },
		{ "So", "Mo", "Di", "Mi", "Do", "Fr", "Sa" },
	};
	struct tm	 tm;
	char		 abbr[TZ_ABBR_MAX];
	const char	*zone = abbr;

	tz_local(t, ZONE, &tm, abbr, sizeof(abbr));
	if (de) {
		/* Issue 16: "Mi 15.11.2023 00:20 MEZ". */
		zone = strcmp(abbr, "CET") == 0 ? "MEZ" :
		    strcmp(abbr, "CEST") == 0 ? "MESZ" : abbr;
		snprintf(buf, len, "%s %02d.%02d.%04d %02d:%02d %s",
		    day[1][tm.tm_wday], tm.tm_mday, tm.tm_mon + 1,
		    tm.tm_year + 1900, tm.tm_hour, tm.tm_min, zone);
	} else
		snprintf(buf, len, "%s %04d-%02d-%02d %02d:%02d %s",
		    day[0][tm.tm_wday], tm.tm_year + 1900, tm.tm_mon + 1,
		    tm.tm_mday, tm.tm_hour, tm.tm_min, zone);
	return buf;
}

START_TEST(a_game_without_options_has_white_press_and_no_deadlines)
{
	char	*r;

	game("pl", "", false);
	r = ask("LIST pl");
	has(r, "pl: weekeewachee, waiting for players, seats taken 0/2");
	has(r, "Press: white");
	has(r, "No deadlines: each phase is played as soon as its orders");
	hasnt(r, "copy of private press");
	free(r);
}
END_TEST

/* approve=auto and remind= are shown, and the deadline as the judge's. */
/* LIST shows at most 50 games, the forming ones first, and says how many
 * more there are. */
START_TEST(list_is_bounded_and_shows_forming_games_first)
{
	char	 name[16], *r;
	int	 i;

	game("aaa", "", true);		/* running, first by name */
	for (i = 0; i < 52; i++) {
		snprintf(name, sizeof(name), "f%02d", i);
		game(name, "", false);
	}
	r = ask("LIST");
	has(r, "f00: ");
	has(r, "f49: ");
	hasnt(r, "f50: ");
	hasnt(r, "aaa: ");
	has(r, "... and 3 more, not listed here");
	free(r);
	r = ask("LIST aaa");
	has(r, "aaa: ");
	free(r);
	/* LIST ALL pages through every game, 50 a page, in the same order. */
	r = ask("LIST ALL");
	has(r, "f49: ");
	hasnt(r, "f50: ");
	has(r, "... page 1 of 2: LIST ALL 2 shows the next 50 games.");
	free(r);
	r = ask("LIST ALL 2");
	hasnt(r, "f49: ");
	has(r, "f50: ");
	has(r, "f51: ");
	has(r, "aaa: ");
	has(r, "... page 2 of 2, the last.");
	free(r);
	r = ask("LIST ALL 3");
	has(r, "No games on this page");
	free(r);
	r = ask("LIST ALL two");
	has(r, "\"two\" is no page number");
	free(r);
}
END_TEST

START_TEST(the_approval_mode_and_reminders_are_shown)
{
	struct db_clock	 c;
	char		 d[64], *r;

	game("la", "move=1h grace=30m approve=auto remind=12h tz=" ZONE, false);
	mail(ALICE, "JOIN la alice-secret");
	mail(BOB, "JOIN la bob-secret");
	drain();
	c = clock_of("la");
	r = ask("LIST la");
	has(r, "holds unless the game master changes it (approve=auto).");
	has(r, "reminded 12h before the deadline.");
	has(r, "Deadline: ");
	has(r, shown(c.deadline, false, d, sizeof(d)));
	has(r, " (approve=auto); grace period until ");
	hasnt(r, "approved by the game master");
	free(r);
}
END_TEST

START_TEST(the_clock_is_shown_from_forming_to_approval_and_pause)
{
	struct db_clock	 c;
	char		 d[64], g[64], *r;

	game("lg", "press=grey gm-sees-press move=1h grace=30m tz=" ZONE,
	    false);
	r = ask("LIST lg");
	has(r, "(press=grey gm-sees-press)");
	has(r, "Press: grey (players' press is anonymous).");
	has(r, "The game master gets a copy of private press.");
	has(r, "Deadlines: movement 1h, retreats 1d, adjustments 1d; grace "
	    "period 30m.");
	has(r, "Time zone Europe/Berlin, deadline days SMTWTFS (Sunday "
	    "first).");
	has(r, "proposes the first deadline when the game starts");
	hasnt(r, "civil disorder");
	free(r);
	mail(ALICE, "JOIN lg alice-secret");
	mail(BOB, "JOIN lg bob-secret");
	drain();
	c = clock_of("lg");
	ck_assert(c.proposed > 0 && c.deadline == 0);
	r = ask("LIST lg");
	has(r, "Deadline proposed by the judge: ");
	has(r, shown(c.proposed, false, d, sizeof(d)));
	has(r, "not yet approved by the game master");
	hasnt(r, "approved by the game master;");
	free(r);
	gm_sends("lg", "APPROVE");
	c = clock_of("lg");
	r = ask("LIST lg");
	has(r, "Deadline: ");
	has(r, shown(c.deadline, false, d, sizeof(d)));
	has(r, "approved by the game master; grace period until ");
	has(r, shown(c.grace_end, false, g, sizeof(g)));
	hasnt(r, "proposed");
	free(r);
	/* German, in the game's zone as well. */
	r = ask("SET LANGUAGE de\nLIST lg");
	has(r, "Presse: grau");
	has(r, "Kopie jeder privaten Nachricht");
	has(r, "Abgabetermine: Bewegung 1h, Rückzüge 1d, Anpassungen 1d; "
	    "Nachfrist 30m.");
	has(r, "Zeitzone Europe/Berlin");
	has(r, "Abgabetermin: ");
	has(r, shown(c.deadline, true, d, sizeof(d)));
	has(r, "vom Spielleiter bestätigt; Nachfrist bis ");
	has(r, shown(c.grace_end, true, g, sizeof(g)));
	free(r);
	gm_sends("lg", "PAUSE");
	r = ask("SET LANGUAGE de\nLIST lg");	/* an answer's language */
	has(r, "angehalten");
	hasnt(r, "Abgabetermin: ");
	free(r);
	/* LIST of every game stays one line a game. */
	r = ask("LIST");
	has(r, "lg: weekeewachee");
	hasnt(r, "Presse");
	hasnt(r, "Abgabetermine");
	free(r);
}
END_TEST

START_TEST(clock_time_days_cd_and_no_grace_are_shown)
{
	char	 d[64], *r;

	game("ng", "press=none move=2d grace=0 days=-MTWTF- at=20:00 cd tz="
	    ZONE, true);
	gm_sends("ng", "SET DEADLINE 2023-11-20 18:00");
	r = ask("LIST ng");
	has(r, "Press: none (only the game master broadcasts).");
	has(r, "Deadlines: movement 2d, retreats 1d, adjustments 1d; grace "
	    "period 0.");
	has(r, "Time zone Europe/Berlin, deadline days -MTWTF- (Sunday "
	    "first), deadlines at 20:00.");
	has(r, "goes into civil disorder");
	has(r, "Deadline: ");
	has(r, shown(clock_of("ng").deadline, false, d, sizeof(d)));
	has(r, "Mon 2023-11-20 18:00 CET");
	has(r, "approved by the game master; no grace period.");
	free(r);
}
END_TEST

/*
 * Before a sign-on SET LANGUAGE is this answer's language only (issue 13:
 * a forged From must not switch a player's mail); after one it is kept.
 */
START_TEST(set_language_switches_the_replies)
{
	char	*r;

	mail("carol@example.test", "SET LANGUAGE de\nLIST");
	r = take("carol@example.test");
	has(r, "Diese Antwort ist auf Deutsch");
	has(r, "Noch keine Partien");
	free(r);
	mail("carol@example.test", "FOO");
	r = take("carol@example.test");
	hasnt(r, "FEHLER");
	free(r);
	game("sl", "", true);
	mail("alice@example.test", "SIGNON sl alice-secret\nSET LANGUAGE de");
	r = take("alice@example.test");
	has(r, "Ab jetzt schreibt");
	free(r);
	mail("alice@example.test", "FOO");
	r = take("alice@example.test");
	has(r, "FEHLER");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_info");
	TCase	*tc;

	tc = tcase_create("list");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc,
	    a_game_without_options_has_white_press_and_no_deadlines);
	tcase_add_test(tc,
	    the_clock_is_shown_from_forming_to_approval_and_pause);
	tcase_add_test(tc, clock_time_days_cd_and_no_grace_are_shown);
	tcase_add_test(tc, the_approval_mode_and_reminders_are_shown);
	tcase_add_test(tc, list_is_bounded_and_shows_forming_games_first);
	suite_add_tcase(s, tc);

	tc = tcase_create("judge");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, set_language_switches_the_replies);
	suite_add_tcase(s, tc);
	return s;
}
