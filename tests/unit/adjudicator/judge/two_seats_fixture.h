/*
 * two_seats_fixture.h - games of weekeewachee, two seats, for the judge's
 * tests by mail: White and Black taken by alice and bob, their mails
 * signed on. Static functions, like judge_fixture.h's.
 */
#ifndef PBEMD_TEST_TWO_SEATS_FIXTURE_H
#define PBEMD_TEST_TWO_SEATS_FIXTURE_H

#include "tests/unit/adjudicator/judge/judge_fixture.h"

/* Creates game g (blind or not) and seats alice and bob. */
static void __attribute__((unused))
two_players(const char *g, bool blind)
{
	char	 cmd[128], *r;

	snprintf(cmd, sizeof(cmd), "CREATE %s weekeewachee%s", g,
	    blind ? " blind" : "");
	mail("gm@example.test", cmd);
	free(take("gm@example.test"));
	snprintf(cmd, sizeof(cmd), "JOIN %s alice-secret", g);
	mail("alice@example.test", cmd);
	r = take("alice@example.test");
	ck_assert_ptr_nonnull(strstr(r, "You joined game"));
	ck_assert_ptr_nonnull(strstr(r, "> JOIN "));
	ck_assert_ptr_null(strstr(r, "alice-secret"));	/* never echoed */
	free(r);
	snprintf(cmd, sizeof(cmd), "JOIN %s bob-secret de", g);
	mail("bob@example.test", cmd);
}

/* Sends one signed-on order and returns the mover's reply (owned). */
static __attribute__((unused)) char *
play(const char *game, bool white, const char *order)
{
	const char	*addr = white ? "alice@example.test" : "bob@example.test";
	char		 text[128];

	snprintf(text, sizeof(text), "SIGNON %s %s\n%s", game,
	    white ? "alice-secret" : "bob-secret", order);
	mail(addr, text);
	return take(addr);
}

/* Game g of weekeewachee with options; alice White, bob Black. */
static void __attribute__((unused))
game(const char *g, const char *opts)
{
	char	 cmd[160], *r;

	snprintf(cmd, sizeof(cmd), "CREATE %s weekeewachee %s", g, opts);
	mail(GM, cmd);
	r = take(GM);
	hasnt(r, "ERROR");
	gm_password(r, gmpw, sizeof(gmpw));
	free(r);
	snprintf(cmd, sizeof(cmd), "JOIN %s alice-secret", g);
	mail(ALICE, cmd);
	snprintf(cmd, sizeof(cmd), "JOIN %s bob-secret", g);
	mail(BOB, cmd);
	drain();
}

/* A mail from addr, signed on to g with pw, with the lines after it;
 * returns the reply (owned). */
static __attribute__((unused)) char *
as(const char *addr, const char *pw, const char *g, const char *lines)
{
	char	 text[2048];

	snprintf(text, sizeof(text), "SIGNON %s %s\n%s", g, pw, lines);
	mail(addr, text);
	return take(addr);
}

#endif
