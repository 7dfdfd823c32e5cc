/*
 * test_opts.c - adjudicator/judge/opts.c: CREATE's option words by
 * family: the press words and the clock's are the judge's, every other word
 * goes to the game, which refuses what it does not know. Directly through
 * judge_opts_split(), and by mail through CREATE and LIST.
 */
#include "adjudicator/judge/opts.h"
#include "adjudicator/judge/session.h"
#include "tests/unit/adjudicator/judge/judge_fixture.h"
#include "tests/unit/test.h"

#define GM	"gm@example.test"

/* Splits the words of line (modified) into o; returns the split's rc. */
static int
split(char *line, struct judge_opts *o, struct game_diag *why)
{
	char	*w[JUDGE_MAX_ARGS], *p;
	int	 n = 0;

	for (p = strtok(line, " "); p && n < JUDGE_MAX_ARGS;
	    p = strtok(NULL, " "))
		w[n++] = p;
	judge_opts_init(o, "UTC");
	memset(why, 0, sizeof(*why));
	return judge_opts_split(w, n, o, why);
}

static const char *
text(const struct buf *b)
{
	return b->len ? b->data : "";
}

START_TEST(every_judge_word_goes_to_its_family)
{
	struct judge_opts	 o;
	struct game_diag	 why;
	char			 line[] = "Blind PRESS=Grey gm-sees-press "
	    "move=1h retreat=2h Adjust=3h grace=0 days=-MTWTf- at=20:00 "
	    "tz=America/New_York cd clock";

	ck_assert_int_eq(split(line, &o, &why), 0);
	ck_assert_str_eq(text(&o.game), "blind");
	ck_assert_str_eq(text(&o.stored), "blind press=grey gm-sees-press");
	ck_assert(o.clock.on);
	ck_assert_int_eq(o.clock.secs[0], 3600);
	ck_assert_int_eq(o.clock.secs[1], 7200);
	ck_assert_int_eq(o.clock.secs[2], 10800);
	ck_assert_int_eq(o.clock.grace, 0);
	ck_assert_str_eq(o.clock.days, "-MTWTf-");
	ck_assert_int_eq(o.clock.at, 20 * 60);
	/* A zone's name keeps its case: tz files are named so. */
	ck_assert_str_eq(o.clock.tz, "America/New_York");
	ck_assert(o.clock.cd);
	judge_opts_free(&o);
}
END_TEST

START_TEST(words_the_judge_does_not_know_go_to_the_game)
{
	struct judge_opts	 o;
	struct game_diag	 why;
	char			 line[] = "Layout=X moving-clouds movement=1h "
	    "pressure";

	ck_assert_int_eq(split(line, &o, &why), 0);
	ck_assert_str_eq(text(&o.game),
	    "layout=x moving-clouds movement=1h pressure");
	ck_assert_str_eq(text(&o.stored), text(&o.game));
	ck_assert(!o.clock.on);
	ck_assert_str_eq(o.clock.tz, "UTC");
	judge_opts_free(&o);
}
END_TEST

/* Each bad word and the message (key, argument) that names it. */
static const struct {
	const char	*line, *key, *arg;
} bad[] = {
	{ "press=loud", "judge.err.bad_option", "press=loud" },
	{ "blind PRESS=LOUD", "judge.err.bad_option", "press=loud" },
	{ "press=", "judge.err.bad_option", "press=" },
	{ "gm-sees-press=yes", "judge.err.bad_option", "gm-sees-press=yes" },
	{ "move=soon", "clock.err.option", "move=soon" },
	{ "press=grey grace=x", "clock.err.option", "grace=x" },
	{ "tz=Mars/Olympus", "clock.err.option", "tz=Mars/Olympus" },
	{ "days=SMTWTFSS", "clock.err.option", "days=SMTWTFSS" },
	{ "at=25:00", "clock.err.option", "at=25:00" },
	{ "cd=yes", "clock.err.option", "cd=yes" },
	/* A time before noon never fits afternoon-only days. */
	{ "at=09:00 days=smtwtfs", "clock.err.option", "days=smtwtfs" },
};

START_TEST(a_bad_judge_word_is_refused_with_its_family_s_message)
{
	struct judge_opts	 o;
	struct game_diag	 why;
	char			 line[128];

	snprintf(line, sizeof(line), "%s", bad[_i].line);
	ck_assert_msg(split(line, &o, &why) == -1, "%s", bad[_i].line);
	ck_assert_str_eq(why.msg.key, bad[_i].key);
	ck_assert_str_eq(why.msg.args[0], bad[_i].arg);
	judge_opts_free(&o);
}
END_TEST

START_TEST(create_with_press_and_clock_words_gives_the_game_neither)
{
	char	*r, pw[32], line[64];

	/* Standard Diplomacy refuses every option it does not know: it is
	 * created only if it saw none of the judge's words. */
	mail(GM, "CREATE both standard press=grey gm-sees-press move=1h "
	    "grace=0 tz=Europe/Berlin days=-MTWTF- at=20:00 cd");
	r = take(GM);
	has(r, "Game both (standard) is created");
	has(r, "Deadlines: movement 1h, retreats 1d, adjustments 1d; grace "
	    "period 0");
	has(r, "Time zone Europe/Berlin, days -MTWTF-, deadlines at 20:00");
	hasnt(r, "ERROR");
	gm_password(r, pw, sizeof(pw));
	free(r);
	snprintf(line, sizeof(line), "SIGNON both %s", pw);
	mail(GM, line);
	r = take(GM);
	hasnt(r, "ERROR");
	free(r);
	mail(GM, "LIST both");
	r = take(GM);
	has(r, "(press=grey gm-sees-press)");
	hasnt(r, "move=");
	free(r);
	/* The game's own words still reach it, after the judge's. */
	mail(GM, "CREATE old standard press=none 1898 clock");
	drain();
	mail(GM, "LIST old");
	r = take(GM);
	has(r, "(press=none 1898)");
	free(r);
	/* A word nobody knows is the game's to refuse. */
	mail(GM, "CREATE bad weekeewachee press=grey move=1h Bogus\nLIST bad");
	r = take(GM);
	has(r, "Unknown weekeewachee option \"bogus\"");
	has(r, "There is no game called bad");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/opts");
	TCase	*tc = tcase_create("split");
	TCase	*tm = tcase_create("create");

	tcase_add_test(tc, every_judge_word_goes_to_its_family);
	tcase_add_test(tc, words_the_judge_does_not_know_go_to_the_game);
	tcase_add_loop_test(tc,
	    a_bad_judge_word_is_refused_with_its_family_s_message, 0,
	    (int)(sizeof(bad) / sizeof(bad[0])));
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(tm, setup, teardown);
	tcase_set_timeout(tm, 60);
	tcase_add_test(tm,
	    create_with_press_and_clock_words_gives_the_game_neither);
	suite_add_tcase(s, tm);
	return s;
}
