/*
 * seven_seats_fixture.h - games of seven seats (standard Diplomacy and its
 * kin) for the judge's tests by mail: player i is p<i>@example.test, his
 * password pass<iiii>; seven() has the GM ASSIGN power i to player i and
 * START. Static functions, like judge_fixture.h's.
 */
#ifndef PBEMD_TEST_SEVEN_SEATS_FIXTURE_H
#define PBEMD_TEST_SEVEN_SEATS_FIXTURE_H

#include "tests/unit/adjudicator/judge/judge_fixture.h"

/* The powers in their order, which is player i's in seven(). */
enum { AUS, ENG, FRA, GER, ITA, RUS, TUR };

static const char *const power[7] __attribute__((unused)) = {
	"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"
};

/* Player i's address. */
static void __attribute__((unused))
addr(int i, char *out, size_t len)
{
	snprintf(out, len, "p%d@example.test", i);
}

/* A mail from player i, signed on to g with his password, with the
 * lines after it; returns the reply (owned). */
static __attribute__((unused)) char *
as_power(int i, const char *g, const char *lines)
{
	char	 a[32], text[2048];

	addr(i, a, sizeof(a));
	snprintf(text, sizeof(text), "SIGNON %s pass%d%d%d%d\n%s", g, i, i, i, i,
	    lines);
	mail(a, text);
	return take(a);
}

/* What player i's mailbox holds; owned. */
static __attribute__((unused)) char *
mine(int i)
{
	char	 a[32];

	addr(i, a, sizeof(a));
	return take(a);
}

/* Game g of kind created by GM with opts; its password in gmpw. */
static void __attribute__((unused))
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

/* Game g of standard Diplomacy created with opts. */
static void __attribute__((unused))
create(const char *g, const char *opts)
{
	create_kind(g, "standard", opts);
}

/* Game g of kind started with player i on power i (the GM assigns every
 * seat). */
static void __attribute__((unused))
seven_kind(const char *g, const char *kind, const char *opts)
{
	char	 a[32], cmd[96], lines[1024] = "";
	char	*r;
	int	 i;

	create_kind(g, kind, opts);
	for (i = 0; i < 7; i++) {
		addr(i, a, sizeof(a));
		snprintf(cmd, sizeof(cmd), "JOIN %s pass%d%d%d%d", g, i, i, i, i);
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

/* A standard game g started as by seven_kind(). */
static void __attribute__((unused))
seven(const char *g, const char *opts)
{
	seven_kind(g, "standard", opts);
}

#endif
