/*
 * test_adjudicate.c - adjudicator/diplomacy/adjudicate.c and the phase
 * files: the options and the season bookkeeping the DATC does not cover
 * (no-retreat, 1898, ownership after the Fall, victory, missing orders).
 */
#include "tests/unit/test.h"
#include <string.h>

#include "adjudicator/diplomacy/dip.h"
#include "tests/unit/adjudicator/diplomacy/support_game.h"


static struct dip_report	 rep;
static struct dip_scratch	 scratch;

static void
unit(struct dip_state *st, int power, int kind, const char *loc)
{
	ck_assert_int_ge(dip_state_add_unit(st, power, kind, tg_loc(loc)), 0);
}

static int
orders(struct dip_order *o, int power, const char *line)
{
	struct game_diag why;

	return dip_order_parse(&tg_map, power, line, o, 16, &why);
}

static void
empty_board(struct dip_state *st, unsigned options)
{
	dip_state_init(st, &tg_map, options);
	dip_state_clear(st);
	dip_state_set_phase(st, "S1901M");
}

START_TEST(no_retreat_destroys_dislodged_units)
{
	struct dip_state	 st;
	struct dip_order	 o[16];
	int			 n;

	empty_board(&st, DIP_OPT_NO_RETREAT);
	unit(&st, 3, DIP_ARMY, "MUN");
	unit(&st, 3, DIP_ARMY, "RUH");
	unit(&st, 2, DIP_ARMY, "BUR");
	n = orders(o, 3, "A MUN - BUR, A RUH S A MUN - BUR");
	ck_assert_int_eq(dip_adjudicate(&st, o, n, &rep, &scratch), 0);
	ck_assert_int_eq(rep.ndislodged, 1);
	ck_assert_int_eq(rep.ndisbanded, 1);
	ck_assert_int_eq(st.nretreats, 0);
	ck_assert_int_eq(st.nunits, 2);
	/* rules/diplomacy-notes.md (b): never a retreat phase. */
	ck_assert_int_eq(st.season, DIP_FALL);
	ck_assert_int_eq(st.phase, DIP_MOVEMENT);
}
END_TEST

START_TEST(a_dislodgement_opens_a_retreat_phase)
{
	struct dip_state	 st;
	struct dip_order	 o[16];
	int			 n;

	empty_board(&st, 0);
	unit(&st, 3, DIP_ARMY, "MUN");
	unit(&st, 3, DIP_ARMY, "RUH");
	unit(&st, 2, DIP_ARMY, "BUR");
	n = orders(o, 3, "A MUN - BUR, A RUH S A MUN - BUR");
	dip_adjudicate(&st, o, n, &rep, &scratch);
	ck_assert_int_eq(st.phase, DIP_RETREAT);
	ck_assert(!dip_set_has(&st.retreat[0].options, tg_loc("MUN")));
	n = orders(o, 2, "A BUR R PAR");
	dip_adjudicate(&st, o, n, &rep, &scratch);
	ck_assert_int_eq(rep.out[0].result, DIP_SUCCEEDS);
	ck_assert_int_eq(st.nunits, 3);
	ck_assert_int_eq(st.season, DIP_FALL);
}
END_TEST

START_TEST(starts_1898_with_one_unit_each)
{
	struct dip_state	 st;
	int			 p;

	dip_state_init(&st, &tg_map, DIP_OPT_START_1898);
	ck_assert_int_eq(st.nunits, 7);
	ck_assert_int_eq(st.year, 1899);
	for (p = 0; p < 7; p++) {
		ck_assert_int_eq(dip_state_centres(&st, p), 1);
		ck_assert_int_eq(dip_state_units(&st, p), 1);
	}
	ck_assert_int_eq(st.owner[tg_loc("TRI")], 0);
	ck_assert_int_eq(st.owner[tg_loc("VIE")], -1);
	ck_assert_int_eq(st.unit[dip_state_unit_at(&st, tg_loc("STP"))].kind,
	    DIP_ARMY);
}
END_TEST

START_TEST(builds_only_in_owned_home_centres_in_1898)
{
	struct dip_state	 st;
	struct dip_order	 o[16];
	int			 n;

	dip_state_init(&st, &tg_map, DIP_OPT_START_1898);
	st.owner[tg_loc("BEL")] = 2;		/* France took Belgium */
	dip_state_set_phase(&st, "W1899A");
	n = orders(o, 2, "BUILD A PAR, BUILD A BEL");
	dip_adjudicate(&st, o, n, &rep, &scratch);
	ck_assert_int_eq(rep.out[0].result, DIP_VOID);
	ck_assert_int_eq(rep.out[0].why, DIP_W_HOME_NOT_OWNED);
	ck_assert_int_eq(rep.out[1].why, DIP_W_NOT_HOME);
	ck_assert_int_eq(st.year, 1900);
}
END_TEST

START_TEST(owners_change_after_the_fall_only)
{
	struct dip_state	 st;
	struct dip_order	 o[16];
	int			 n;

	dip_state_init(&st, &tg_map, 0);
	n = orders(o, 2, "A PAR - BUR, F BRE - MAO");
	dip_adjudicate(&st, o, n, &rep, &scratch);
	ck_assert_int_eq(st.season, DIP_FALL);
	n = orders(o, 2, "F MAO - POR, A BUR - BEL");
	dip_adjudicate(&st, o, n, &rep, &scratch);
	ck_assert(rep.owners_changed);
	ck_assert_int_eq(st.owner[tg_loc("POR")], 2);
	ck_assert_int_eq(st.owner[tg_loc("BEL")], 2);
	ck_assert_int_eq(st.phase, DIP_ADJUST);
	n = orders(o, 2, "BUILD A PAR, BUILD F BRE");
	dip_adjudicate(&st, o, n, &rep, &scratch);
	ck_assert_int_eq(dip_state_units(&st, 2), 5);
	ck_assert_int_eq(st.year, 1902);
}
END_TEST

START_TEST(unordered_units_hold)
{
	struct dip_state	 st;
	int			 i;

	dip_state_init(&st, &tg_map, 0);
	dip_adjudicate(&st, NULL, 0, &rep, &scratch);
	ck_assert_int_eq(st.nunits, 22);
	for (i = 0; i < st.nunits; i++)
		ck_assert_int_eq(st.unit[i].loc, tg_map.start[i].loc);
}
END_TEST

START_TEST(eighteen_centres_win)
{
	struct dip_state	 st;
	int			 p, n = 0;

	empty_board(&st, 0);
	dip_state_set_phase(&st, "F1905M");
	for (p = 0; p < tg_map.nprov && n < 18; p++)
		if (tg_map.prov[p].centre) {
			st.owner[p] = 5;
			n++;
		}
	dip_adjudicate(&st, NULL, 0, &rep, &scratch);
	ck_assert_int_eq(st.winner, 5);
}
END_TEST

START_TEST(civil_disorder_removes_the_farthest_unit)
{
	struct dip_state	 st;

	empty_board(&st, 0);
	dip_state_set_phase(&st, "W1901A");
	st.owner[tg_loc("MOS")] = 5;
	unit(&st, 5, DIP_ARMY, "UKR");
	unit(&st, 5, DIP_FLEET, "NAO");
	dip_adjudicate(&st, NULL, 0, &rep, &scratch);
	ck_assert_int_eq(rep.nautoremoved, 1);
	ck_assert_int_eq(rep.autoremoved[0].loc, tg_loc("NAO"));
	ck_assert_int_eq(st.nunits, 1);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/diplomacy/adjudicate");
	TCase	*t = tcase_create("phases");

	tcase_add_checked_fixture(t, tg_map_setup, NULL);
	tcase_add_test(t, no_retreat_destroys_dislodged_units);
	tcase_add_test(t, a_dislodgement_opens_a_retreat_phase);
	tcase_add_test(t, starts_1898_with_one_unit_each);
	tcase_add_test(t, builds_only_in_owned_home_centres_in_1898);
	tcase_add_test(t, owners_change_after_the_fall_only);
	tcase_add_test(t, unordered_units_hold);
	tcase_add_test(t, eighteen_centres_win);
	tcase_add_test(t, civil_disorder_removes_the_farthest_unit);
	suite_add_tcase(s, t);
	return s;
}
