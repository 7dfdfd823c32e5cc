/*
 * clock_fixture.h - games with a phase clock for the judge's tests by mail:
 * the judge on a fake clock in the future (env.now), a weekeewachee game
 * created with clock words and alice (White) and bob (Black, German)
 * seated, the GM's mails, what a mailbox holds or lacks, a time as the
 * English reader sees it, and the seven powers of a standard game with
 * their players and holding orders. Static functions, like
 * judge_fixture.h's.
 */
#ifndef PBEMD_TEST_CLOCK_FIXTURE_H
#define PBEMD_TEST_CLOCK_FIXTURE_H

#include "adjudicator/judge/deadline.h"
#include "tests/unit/adjudicator/judge/judge_fixture.h"

#define ZONE	"Europe/Berlin"

/* The shared judge fixture on a clock in the future, in UTC. */
static void __attribute__((unused))
clock_setup(void)
{
	setup();
	F.env.timezone = "UTC";
	F.env.now = 1795000000;		/* Wed 2026-11-18 12:06:40 UTC */
	gmpw[0] = '\0';
}

/* Asserts that rcpt's new mail contains every string given (NULL ends). */
static void __attribute__((unused))
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
static void __attribute__((unused))
expect_not(const char *rcpt, const char *s)
{
	char	*got = take(rcpt);

	ck_assert_msg(strstr(got, s) == NULL, "%s has \"%s\":\n%s", rcpt, s,
	    got);
	free(got);
}

/* "Sat 2026-11-28 20:00 CET" as the English reader sees it. */
static __attribute__((unused)) const char *
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
static void __attribute__((unused))
clock_game(const char *g, const char *words)
{
	char	*r;

	mailf(GM, "CREATE %s weekeewachee %s", g, words);
	r = take(GM);
	ck_assert_msg(strstr(r, "is created") != NULL, "%s", r);
	gm_password(r, gmpw, sizeof(gmpw));
	free(r);
	mailf(ALICE, "JOIN %s alice-secret", g);
	mailf(BOB, "JOIN %s bob-secret de", g);
}

/* A mail from the GM of g, signed on, with cmds after it. */
static void __attribute__((unused))
gm(const char *g, const char *cmds)
{
	mailf(GM, "SIGNON %s %s\n%s", g, gmpw, cmds);
}

/* The seven powers of a standard game, their players and holding orders. */
static const struct {
	const char	*power, *addr, *hold;
} P[7] __attribute__((unused)) = {
	{ "Austria", "aus@example.test", "A VIE H\nA BUD H\nF TRI H" },
	{ "England", "eng@example.test", "F LON H\nF EDI H\nA LVP H" },
	{ "France", "fra@example.test", "A PAR H\nA MAR H\nF BRE H" },
	{ "Germany", "ger@example.test", "A BER H\nA MUN H\nF KIE H" },
	{ "Italy", "ita@example.test", "A VEN H\nA ROM H\nF NAP H" },
	{ "Russia", "rus@example.test",
	    "A MOS H\nA WAR H\nF SEV H\nF STP/SC H" },
	{ "Turkey", "tur@example.test", "A CON H\nA SMY H\nF ANK H" },
};

#endif
