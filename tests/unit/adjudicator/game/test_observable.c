/*
 * test_observable.c - game_ops.observable (adjudicator/game/game.h) of
 * every game in the registry (issue 16): the judge shows the GM's view to
 * observers only where the state hides nothing from anyone. Diplomacy,
 * Zombie-Diplomacy, Way of the Knight, ARI, weekeewachee Classic and open
 * KlinZha say so; Blind-Fun and KlinZha in clouds or blind do not. Every
 * game of the registry is named here, so a new one must say what it hides.
 */
#include "tests/unit/test.h"
#include <string.h>

#include "adjudicator/game/game.h"

static const struct {
	const char	*kind, *options;
	bool		 open;
} cases[] = {
	{ "standard",		"",			true },
	{ "zombie",		"",			true },
	{ "wotk",		"",			true },
	{ "ari",		"",			true },
	{ "weekeewachee",	"",			true },
	{ "weekeewachee",	"blind",		false },
	{ "klinzha",		"",			true },
	{ "klinzha",		"clouded layout=light",	false },
	{ "klinzha",		"blind",		false },
};

#define NCASES	(int)(sizeof(cases) / sizeof(cases[0]))

START_TEST(observable_says_what_each_game_hides)
{
	const struct game_ops	*ops = game_find(cases[_i].kind);
	struct game_state	*st = NULL;
	struct game_diag	 why;

	ck_assert_ptr_nonnull(ops);
	memset(&why, 0, sizeof(why));
	ck_assert_msg(ops->create(cases[_i].options, 7, &st, &why) == 0,
	    "%s %s: %s", cases[_i].kind, cases[_i].options, why.msg.key);
	ck_assert_msg((ops->observable != NULL && ops->observable(st)) ==
	    cases[_i].open, "%s %s", cases[_i].kind, cases[_i].options);
	ops->free(st);
}
END_TEST

START_TEST(every_game_of_the_registry_is_named_here)
{
	const struct game_ops	*ops;
	int			 i, k;

	for (i = 0; (ops = game_at(i)) != NULL; i++) {
		for (k = 0; k < NCASES; k++)
			if (game_find(cases[k].kind) == ops)
				break;
		ck_assert_msg(k < NCASES, "%s says nothing of observers",
		    ops->name);
	}
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/game/observable");
	TCase	*tc = tcase_create("observable");

	tcase_add_loop_test(tc, observable_says_what_each_game_hides, 0,
	    NCASES);
	tcase_add_test(tc, every_game_of_the_registry_is_named_here);
	suite_add_tcase(s, tc);
	return s;
}
