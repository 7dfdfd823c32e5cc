/*
 * test_deadline.c - adjudicator/judge/deadline.c: the phase clock
 * (durations, clock options, the proposal with clock time, weekday mask,
 * absences and daylight saving, downtime shift, dates in a zone), as pure
 * functions of their arguments.
 */
#include "tests/unit/test.h"
#include <string.h>

#include "adjudicator/judge/deadline.h"

/* An instant from a wall-clock time in zone, for the expectations. */
static time_t
at(const char *zone, int y, int mo, int d, int h, int mi)
{
	struct tm	 tm;

	memset(&tm, 0, sizeof(tm));
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	return tz_mktime(&tm, zone);
}

static void
conf(struct deadline_conf *c, const char *words)
{
	char	 copy[256], why[96], *w, *save = NULL;

	deadline_conf_init(c, "UTC");
	strcpy(copy, words);
	for (w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
		ck_assert_msg(deadline_option(w, c, why, sizeof(why)) == 1,
		    "%s: %s", w, why);
	ck_assert_int_eq(deadline_conf_check(c, why, sizeof(why)), 0);
}

START_TEST(durations_read_every_unit_and_sums)
{
	int	 s;

	ck_assert_int_eq(deadline_duration("48h", &s), 0);
	ck_assert_int_eq(s, 48 * 3600);
	ck_assert_int_eq(deadline_duration("2d", &s), 0);
	ck_assert_int_eq(s, 2 * 86400);
	ck_assert_int_eq(deadline_duration("1d12h", &s), 0);
	ck_assert_int_eq(s, 36 * 3600);
	ck_assert_int_eq(deadline_duration("90m", &s), 0);
	ck_assert_int_eq(s, 5400);
	ck_assert_int_eq(deadline_duration("30s", &s), 0);
	ck_assert_int_eq(s, 30);
	ck_assert_int_eq(deadline_duration("1H30M", &s), 0);
	ck_assert_int_eq(s, 5400);
}
END_TEST

START_TEST(durations_refuse_nonsense)
{
	int	 s = 7;

	ck_assert_int_eq(deadline_duration("", &s), -1);
	ck_assert_int_eq(deadline_duration("48", &s), -1);
	ck_assert_int_eq(deadline_duration("h", &s), -1);
	ck_assert_int_eq(deadline_duration("0h", &s), -1);
	ck_assert_int_eq(deadline_duration("-1h", &s), -1);
	ck_assert_int_eq(deadline_duration("3x", &s), -1);
	ck_assert_int_eq(deadline_duration("61d", &s), -1);
	ck_assert_int_eq(deadline_duration("99999999999999999999d", &s), -1);
	ck_assert_int_eq(deadline_duration("2d 3h", &s), -1);
	ck_assert_int_eq(s, 7);
}
END_TEST

START_TEST(durations_are_written_back_compactly)
{
	char	 b[16];

	deadline_duration_format(36 * 3600, b, sizeof(b));
	ck_assert_str_eq(b, "1d12h");
	deadline_duration_format(90, b, sizeof(b));
	ck_assert_str_eq(b, "1m30s");
	deadline_duration_format(3 * 86400, b, sizeof(b));
	ck_assert_str_eq(b, "3d");
	deadline_duration_format(0, b, sizeof(b));
	ck_assert_str_eq(b, "0s");
}
END_TEST

START_TEST(options_are_told_apart_from_game_words)
{
	struct deadline_conf	 c;
	char			 why[96];

	deadline_conf_init(&c, "Europe/Berlin");
	ck_assert(!c.on);
	ck_assert_str_eq(c.tz, "Europe/Berlin");
	ck_assert_int_eq(deadline_option("blind", &c, why, sizeof(why)), 0);
	ck_assert_int_eq(deadline_option("no-retreat", &c, why, sizeof(why)), 0);
	ck_assert_int_eq(deadline_option("start=1898", &c, why, sizeof(why)), 0);
	ck_assert(!c.on);
	ck_assert_int_eq(deadline_option("MOVE=2d", &c, why, sizeof(why)), 1);
	ck_assert_int_eq(c.secs[0], 2 * 86400);
	ck_assert(c.on);
	ck_assert_int_eq(deadline_option("retreat=12h", &c, why, sizeof(why)), 1);
	ck_assert_int_eq(deadline_option("adjust=6h", &c, why, sizeof(why)), 1);
	ck_assert_int_eq(c.secs[1], 12 * 3600);
	ck_assert_int_eq(c.secs[2], 6 * 3600);
	ck_assert_int_eq(deadline_option("grace=0", &c, why, sizeof(why)), 1);
	ck_assert_int_eq(c.grace, 0);
	ck_assert_int_eq(deadline_option("days=-MTWTf-", &c, why, sizeof(why)), 1);
	ck_assert_str_eq(c.days, "-MTWTf-");
	ck_assert_int_eq(deadline_option("at=20:30", &c, why, sizeof(why)), 1);
	ck_assert_int_eq(c.at, 20 * 60 + 30);
	ck_assert_int_eq(deadline_option("tz=America/New_York", &c, why,
	    sizeof(why)), 1);
	ck_assert_str_eq(c.tz, "America/New_York");
	ck_assert(!c.cd);
	ck_assert_int_eq(deadline_option("CD", &c, why, sizeof(why)), 1);
	ck_assert(c.cd);
}
END_TEST

START_TEST(bad_option_values_are_refused_with_the_word)
{
	static const char *const bad[] = {
		"move=forever", "retreat=", "grace=-1h", "days=MTWTF",
		"days=XMTWTFS", "days=-------", "at=25:00", "at=8", "at=20:60",
		"tz=Mars/Olympus", "tz=../../etc/passwd", "tz=", "adjust=0s"
	};
	struct deadline_conf	 c;
	char			 why[96];
	size_t			 i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		deadline_conf_init(&c, "UTC");
		why[0] = '\0';
		ck_assert_msg(deadline_option(bad[i], &c, why, sizeof(why)) == -1,
		    "%s accepted", bad[i]);
		ck_assert_msg(strstr(bad[i], why) != NULL || why[0] != '\0',
		    "%s: no reason", bad[i]);
	}
	/* A morning clock time and only afternoon days can never meet. */
	conf(&c, "clock");
	ck_assert_int_eq(deadline_option("at=09:00", &c, why, sizeof(why)), 1);
	ck_assert_int_eq(deadline_option("days=-mtwtf-", &c, why, sizeof(why)), 1);
	ck_assert_int_eq(deadline_conf_check(&c, why, sizeof(why)), -1);
}
END_TEST

START_TEST(proposal_is_start_plus_the_kind_s_duration)
{
	struct deadline_conf	 c;
	time_t			 t0 = at("UTC", 2026, 11, 25, 9, 17);

	conf(&c, "move=48h retreat=24h adjust=12h");
	ck_assert_int_eq(deadline_propose(&c, 0, t0, 0, NULL, 0), t0 + 48 * 3600);
	ck_assert_int_eq(deadline_propose(&c, 1, t0, 0, NULL, 0), t0 + 24 * 3600);
	ck_assert_int_eq(deadline_propose(&c, 2, t0, 0, NULL, 0), t0 + 12 * 3600);
	/* Never before the previous phase's deadline (njudge). */
	ck_assert_int_eq(deadline_propose(&c, 1, t0, t0 + 40 * 3600, NULL, 0),
	    t0 + 40 * 3600);
}
END_TEST

START_TEST(proposal_moves_to_the_clock_time)
{
	struct deadline_conf	 c;
	const char		*z = "Europe/Berlin";

	conf(&c, "move=48h at=20:00 tz=Europe/Berlin");
	/* Wed 09:17 + 48h = Fri 09:17, then Fri 20:00. */
	ck_assert_int_eq(deadline_propose(&c, 0, at(z, 2026, 11, 25, 9, 17), 0,
	    NULL, 0), at(z, 2026, 11, 27, 20, 0));
	/* Wed 21:00 + 48h = Fri 21:00: past 20:00, so Saturday 20:00. */
	ck_assert_int_eq(deadline_propose(&c, 0, at(z, 2026, 11, 25, 21, 0), 0,
	    NULL, 0), at(z, 2026, 11, 28, 20, 0));
	/* Exactly on the clock time stays. */
	ck_assert_int_eq(deadline_propose(&c, 0, at(z, 2026, 11, 25, 20, 0), 0,
	    NULL, 0), at(z, 2026, 11, 27, 20, 0));
}
END_TEST

START_TEST(proposal_skips_forbidden_days)
{
	struct deadline_conf	 c;
	const char		*z = "Europe/Berlin";

	conf(&c, "move=48h at=20:00 days=-MTWTF- tz=Europe/Berlin");
	/* Thu 10:00 + 48h = Sat: no deadline on weekends, so Monday 20:00. */
	ck_assert_int_eq(deadline_propose(&c, 0, at(z, 2026, 11, 26, 10, 0), 0,
	    NULL, 0), at(z, 2026, 11, 30, 20, 0));
	/* Without a clock time the time of day is kept. */
	conf(&c, "move=48h days=-MTWTF- tz=Europe/Berlin");
	ck_assert_int_eq(deadline_propose(&c, 0, at(z, 2026, 11, 26, 10, 0), 0,
	    NULL, 0), at(z, 2026, 11, 30, 10, 0));
	/* A small letter: that day only from noon on. */
	conf(&c, "move=1d days=SMTWTfS tz=Europe/Berlin");
	ck_assert_int_eq(deadline_propose(&c, 0, at(z, 2026, 11, 26, 9, 0), 0,
	    NULL, 0), at(z, 2026, 11, 27, 12, 0));
	ck_assert_int_eq(deadline_propose(&c, 0, at(z, 2026, 11, 26, 13, 0), 0,
	    NULL, 0), at(z, 2026, 11, 27, 13, 0));
	/* A morning clock time never fits a small-letter day. */
	conf(&c, "move=1d at=09:00 days=SMTWTfS tz=Europe/Berlin");
	ck_assert_int_eq(deadline_propose(&c, 0, at(z, 2026, 11, 26, 8, 0), 0,
	    NULL, 0), at(z, 2026, 11, 28, 9, 0));
}
END_TEST

START_TEST(proposal_keeps_the_wall_clock_across_daylight_saving)
{
	struct deadline_conf	 c;
	const char		*z = "Europe/Berlin";
	char			 b[48];
	time_t			 t;

	/* 2026-03-29 Berlin springs from CET to CEST. */
	conf(&c, "move=48h at=20:00 tz=Europe/Berlin");
	t = deadline_propose(&c, 0, at(z, 2026, 3, 27, 19, 0), 0, NULL, 0);
	ck_assert_int_eq(t, at(z, 2026, 3, 29, 20, 0));
	deadline_format(t, z, b, sizeof(b), NULL);
	ck_assert_str_eq(b, "2026-03-29 20:00 CEST");
	deadline_format(at(z, 2026, 11, 28, 20, 0), z, b, sizeof(b), NULL);
	ck_assert_str_eq(b, "2026-11-28 20:00 CET");
}
END_TEST

START_TEST(proposal_avoids_absences)
{
	struct deadline_conf	 c;
	struct deadline_span	 away[2];
	const char		*z = "Europe/Berlin";

	conf(&c, "move=48h at=20:00 tz=Europe/Berlin");
	ck_assert_int_eq(deadline_parse_day("2026-11-27", z, &away[0]), 0);
	/* Friday is the day: the proposal moves to Saturday 20:00. */
	ck_assert_int_eq(deadline_propose(&c, 0, at(z, 2026, 11, 25, 9, 0), 0,
	    away, 1), at(z, 2026, 11, 28, 20, 0));
	/* A second absence then pushes on, and the weekday mask still holds. */
	ck_assert_int_eq(deadline_parse_day("2026-11-28", z, &away[1]), 0);
	conf(&c, "move=48h at=20:00 days=-MTWTFS tz=Europe/Berlin");
	ck_assert_int_eq(deadline_propose(&c, 0, at(z, 2026, 11, 25, 9, 0), 0,
	    away, 2), at(z, 2026, 11, 30, 20, 0));
	/* An absence that is over changes nothing. */
	ck_assert_int_eq(deadline_propose(&c, 0, at(z, 2026, 11, 29, 9, 0), 0,
	    away, 2), at(z, 2026, 12, 1, 20, 0));
}
END_TEST

START_TEST(grace_follows_the_deadline)
{
	struct deadline_conf	 c;

	conf(&c, "grace=36h");
	ck_assert_int_eq(deadline_grace_end(&c, 1000), 1000 + 36 * 3600);
	conf(&c, "grace=0");
	ck_assert_int_eq(deadline_grace_end(&c, 1000), 1000);
}
END_TEST

START_TEST(downtime_moves_only_what_passed_meanwhile)
{
	/* Alive at 1000, back at 5000: 4000 seconds lost. */
	ck_assert_int_eq(deadline_shift(3000, 1000, 5000), 7000);
	ck_assert_int_eq(deadline_shift(5000, 1000, 5000), 9000);
	ck_assert_int_eq(deadline_shift(1000, 1000, 5000), 1000);
	ck_assert_int_eq(deadline_shift(900, 1000, 5000), 900);
	ck_assert_int_eq(deadline_shift(5001, 1000, 5000), 5001);
	ck_assert_int_eq(deadline_shift(0, 1000, 5000), 0);
	ck_assert_int_eq(deadline_shift(3000, 5000, 1000), 3000);
}
END_TEST

START_TEST(times_are_read_in_the_game_s_zone)
{
	struct deadline_span	 d;
	time_t			 t, now = at("UTC", 2026, 11, 20, 12, 0);

	ck_assert_int_eq(deadline_parse_when("2026-11-28", "20:00",
	    "Europe/Berlin", now, &t), 0);
	ck_assert_int_eq(t, at("UTC", 2026, 11, 28, 19, 0));
	ck_assert_int_eq(deadline_parse_when("+36h", NULL, "UTC", now, &t), 0);
	ck_assert_int_eq(t, now + 36 * 3600);
	ck_assert_int_eq(deadline_parse_when("+36h", "20:00", "UTC", now, &t), -1);
	ck_assert_int_eq(deadline_parse_when("2026-11-28", NULL, "UTC", now,
	    &t), -1);
	ck_assert_int_eq(deadline_parse_when("2026-02-30", "20:00", "UTC", now,
	    &t), -1);
	ck_assert_int_eq(deadline_parse_when("28.11.2026", "20:00", "UTC", now,
	    &t), -1);
	ck_assert_int_eq(deadline_parse_when("2026-11-28", "24:00", "UTC", now,
	    &t), -1);
	ck_assert_int_eq(deadline_parse_day("2026-12-24", "Europe/Berlin", &d), 0);
	ck_assert_int_eq(d.from, at("UTC", 2026, 12, 23, 23, 0));
	ck_assert_int_eq(d.to, at("UTC", 2026, 12, 24, 23, 0) - 1);
	ck_assert_int_eq(deadline_parse_day("2026-13-01", "UTC", &d), -1);
}
END_TEST

START_TEST(formatting_names_the_weekday_and_zone)
{
	char	 b[48];
	int	 wday = -1;

	deadline_format(at("UTC", 2026, 11, 28, 19, 0), "Europe/Berlin", b,
	    sizeof(b), &wday);
	ck_assert_str_eq(b, "2026-11-28 20:00 CET");
	ck_assert_int_eq(wday, 6);
	deadline_format(at("UTC", 2026, 7, 1, 12, 5), "UTC", b, sizeof(b),
	    &wday);
	ck_assert_str_eq(b, "2026-07-01 12:05 UTC");
	ck_assert_int_eq(wday, 3);
}
END_TEST

/* remind=: lead seconds before, never in the first half of the phase. */
START_TEST(a_reminder_comes_lead_before_but_not_in_the_first_half)
{
	const time_t		 t0 = 1795000000;
	struct deadline_conf	 c;
	char			 why[96];

	deadline_conf_init(&c, "UTC");
	ck_assert_int_eq(c.remind, 86400);
	ck_assert(!c.approve_auto);
	ck_assert_int_eq(deadline_remind_at(t0, t0 + 3 * 86400, 86400),
	    t0 + 2 * 86400);
	ck_assert_int_eq(deadline_remind_at(t0, t0 + 3600, 86400), t0 + 1800);
	ck_assert_int_eq(deadline_remind_at(t0, t0 + 3600, 0), 0);
	ck_assert_int_eq(deadline_remind_at(t0, 0, 86400), 0);
	/* A deadline set before the phase began is reminded at once. */
	ck_assert_int_eq(deadline_remind_at(t0, t0 - 60, 86400), t0);
	ck_assert_int_eq(deadline_option("remind=12h", &c, why, sizeof(why)),
	    1);
	ck_assert_int_eq(c.remind, 12 * 3600);
	ck_assert_int_eq(deadline_option("remind=0", &c, why, sizeof(why)), 1);
	ck_assert_int_eq(c.remind, 0);
	ck_assert_int_eq(deadline_option("approve=auto", &c, why, sizeof(why)),
	    1);
	ck_assert(c.approve_auto);
	ck_assert_int_eq(deadline_option("approve=later", &c, why,
	    sizeof(why)), -1);
	ck_assert_str_eq(why, "approve=later");
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/deadline");
	TCase	*tc;

	tc = tcase_create("options");
	tcase_add_test(tc, durations_read_every_unit_and_sums);
	tcase_add_test(tc, durations_refuse_nonsense);
	tcase_add_test(tc, durations_are_written_back_compactly);
	tcase_add_test(tc, options_are_told_apart_from_game_words);
	tcase_add_test(tc, bad_option_values_are_refused_with_the_word);
	suite_add_tcase(s, tc);

	tc = tcase_create("proposal");
	tcase_add_test(tc, proposal_is_start_plus_the_kind_s_duration);
	tcase_add_test(tc, proposal_moves_to_the_clock_time);
	tcase_add_test(tc, proposal_skips_forbidden_days);
	tcase_add_test(tc, proposal_keeps_the_wall_clock_across_daylight_saving);
	tcase_add_test(tc, proposal_avoids_absences);
	tcase_add_test(tc, grace_follows_the_deadline);
	tcase_add_test(tc,
	    a_reminder_comes_lead_before_but_not_in_the_first_half);
	tcase_add_test(tc, downtime_moves_only_what_passed_meanwhile);
	suite_add_tcase(s, tc);

	tc = tcase_create("times");
	tcase_add_test(tc, times_are_read_in_the_game_s_zone);
	tcase_add_test(tc, formatting_names_the_weekday_and_zone);
	suite_add_tcase(s, tc);
	return s;
}
