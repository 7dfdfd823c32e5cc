/*
 * test_dip_ops.c - adjudicator/diplomacy/ops.c and board*.c: standard
 * Diplomacy through its game_ops, as the judge drives it.
 *
 * Two game years with a retreat and builds, orders checked on arrival,
 * pending orders and readiness, the defaults at a deadline (holds,
 * disbands, civil-disorder removals, forfeited builds) visible in every
 * view, civil disorder after RESIGN, draws (DIAS and, with draw=named,
 * among the powers named), a solo, the GM's TERMINATE,
 * and the state text
 * round trip over seeded random games.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/unit/adjudicator/diplomacy/support_game.h"

extern const struct game_ops dip_ops;

enum { AUS, ENG, FRA, GER, ITA, RUS, TUR };

static int
pending(struct tg *g, int seat, struct game_msg *m)
{
	return dip_ops.pending(g->st, seat, g->o, g->n, m, 16);
}

START_TEST(create_takes_the_options_and_refuses_unknown_words)
{
	struct game_state	*st;
	struct game_diag	 why;
	struct tg		*g;

	ck_assert_ptr_eq(game_find("standard"), &dip_ops);
	ck_assert_ptr_eq(game_find("Diplomacy"), &dip_ops);
	ck_assert_int_eq(dip_ops.nseats, 7);
	ck_assert_int_eq(dip_ops.create("no-retreat gunboat", 1, &st, &why),
	    -1);
	ck_assert_str_eq(why.msg.key, "dip.err.option");
	ck_assert_str_eq(why.msg.args[0], "gunboat");
	g = tg_new(&dip_ops, "1898 no-retreat");
	ck_assert_str_eq(tg_view(g, AUS)->phase, "S1899M");
	ck_assert_ptr_nonnull(strstr(g->v.board, "AUS SC   1 | TRI\n    U    1 | A TRI\n"));
	tg_free(g);
}
END_TEST

START_TEST(orders_are_checked_on_arrival)
{
	struct tg	*g = tg_new(&dip_ops, "");

	tg_refused(g, AUS, "F TRI - ION", "dip.err.illegal");
	ck_assert_str_eq(g->why.msg.args[1], "@dip.why.not_adjacent");
	/* Issue 16: no chain of seas could ever join them, so they do not
	 * border; a convoy route that lacks only its fleets is another
	 * matter. */
	tg_refused(g, AUS, "A VIE - LON", "dip.err.illegal");
	ck_assert_str_eq(g->why.msg.args[1], "@dip.why.not_adjacent");
	tg_refused(g, TUR, "A Smy - Sev", "dip.err.illegal");
	ck_assert_str_eq(g->why.msg.args[1], "@dip.why.not_adjacent");
	tg_refused(g, ITA, "A ROM - TUN", "dip.err.illegal");
	ck_assert_str_eq(g->why.msg.args[1], "@dip.why.no_route");
	tg_refused(g, ENG, "A LVP - NWY", "dip.err.illegal");
	ck_assert_str_eq(g->why.msg.args[1], "@dip.why.no_route");
	tg_refused(g, AUS, "A PAR - BUR", "dip.err.not_yours");
	tg_refused(g, AUS, "A GAL - UKR", "dip.err.no_unit");
	tg_refused(g, GER, "A BER - MUNN", "dip.err.unknown_province_hint");
	tg_refused(g, AUS, "A VIE R BOH", "dip.err.wrong_phase");
	tg_refused(g, AUS, "BUILD A VIE", "dip.err.wrong_phase");
	tg_refused(g, AUS, "WAIVE", "dip.err.wrong_phase");
	tg_refused(g, ITA, "F NAP - ADR", "dip.err.illegal");
	/* Full names, and a wrong unit type is corrected in the echo. */
	ck_assert_int_eq(tg_order(g, FRA, "Fleet Paris -> Burgundy"), 1);
	ck_assert_str_eq(g->o[0].text, "A PAR - BUR");
	ck_assert_str_eq(g->o[0].slot, "PAR");
	ck_assert_str_eq(g->o[0].echo.key, "dip.ok.order");
	/* A later order for the same unit replaces the earlier one. */
	tg_ok(g, FRA, "A PAR - PIC");
	ck_assert_int_eq(g->n, 1);
	ck_assert_str_eq(g->o[0].text, "A PAR - PIC");
	ck_assert_int_eq(tg_order(g, FRA, "F BRE - MAO, A MAR S A PAR - BUR"),
	    2);
	ck_assert_int_eq(g->n, 3);
	tg_free(g);
}
END_TEST

/*
 * Issue 16: a German player orders in German with the German names; the
 * stored texts are the canonical ones, the echoes and results name the
 * order words by reference (the reader's catalog says "hält"), and a
 * refusal names the province so too.
 */
START_TEST(a_german_player_orders_in_german)
{
	struct tg		*g = tg_new(&dip_ops, "");
	const struct game_view	*v;
	const struct game_msg	*r;

	tg_ok(g, GER, "A M\xc3\xbcnchen - Ruhr, A Berlin nach M\xc3\xbcnchen");
	tg_ok(g, GER, "F Kiel - D\xc3\xa4nemark");
	ck_assert_str_eq(g->o[2].text, "F KIE - DEN");
	ck_assert_str_eq(g->o[2].echo.args[0], "F KIE - DEN");
	tg_refused(g, GER, "A Wien h\xc3\xa4lt", "dip.err.not_yours");
	ck_assert_str_eq(g->why.msg.args[1], "@dip.prov.vie");
	tg_refused(g, GER, "A Muenchn H", "dip.err.unknown_province_hint");
	ck_assert_str_eq(g->why.msg.args[2], "@dip.prov.mun (MUN)");
	tg_play(g);
	tg_ok(g, GER, "A Ruhr h\xc3\xa4lt, A M\xc3\xbcnchen unterst\xc3\xbctzt "
	    "A Ruhr, F D\xc3\xa4nemark H");
	ck_assert_str_eq(g->o[1].text, "A MUN S A RUH");
	ck_assert_str_eq(g->o[1].echo.args[0], "A MUN @dip.ord.support A RUH");
	tg_play(g);
	v = tg_view(g, GER);
	ck_assert_str_eq(v->phase, "W1901A");
	ck_assert_ptr_nonnull(r = tg_find(v, "dip.res.ok", "A RUH H"));
	ck_assert_str_eq(r->args[1], "A RUH @dip.ord.hold");
	tg_ok(g, GER, "kein Aufbau");
	ck_assert_str_eq(g->o[0].text, "WAIVE 1");
	tg_ok(g, GER, "Baue A Berlin");
	ck_assert_str_eq(g->o[1].text, "BUILD A BER");
	ck_assert_str_eq(g->o[1].echo.args[0], "@dip.ord.build A BER");
	tg_play(g);
	v = tg_view(g, AUS);
	ck_assert_ptr_nonnull(r = tg_find(v, "dip.res.ok", "BUILD A BER"));
	ck_assert_str_eq(r->args[1], "@dip.ord.build A BER");
	tg_free(g);
}
END_TEST

START_TEST(two_years_with_a_retreat_and_builds)
{
	struct tg		*g = tg_new(&dip_ops, "");
	struct game_msg		 m[16];
	const struct game_view	*v;

	/* Spring 1901: only France and Germany order. */
	tg_ok(g, FRA, "A PAR - BUR");
	tg_ok(g, FRA, "A MAR - SPA; F BRE - MAO");
	tg_ok(g, GER, "A MUN - RUH, A BER - MUN, F KIE - DEN");
	ck_assert_int_eq(pending(g, FRA, m), 0);
	ck_assert_int_eq(pending(g, AUS, m), 3);
	ck_assert_str_eq(m[0].key, "dip.pend.unit");
	ck_assert(!dip_ops.ready(g->st, g->o, g->n));
	tg_play(g);	/* the deadline */
	v = tg_view(g, ENG);
	ck_assert_str_eq(v->phase, "F1901M");
	ck_assert_int_eq(v->phase_kind, GAME_PHASE_MOVE);
	ck_assert_int_eq(tg_count(v, "dip.res.nmr", NULL), 16);
	ck_assert_int_eq(tg_count(v, "dip.res.nmr", "A VIE H"), 1);
	ck_assert_int_eq(tg_count(v, "dip.res.ok", "A PAR - BUR"), 1);

	/* Fall 1901: everybody orders; Germany dislodges A BUR. */
	tg_ok(g, GER, "A RUH - BUR, A MUN S A RUH - BUR, F DEN H");
	tg_ok(g, FRA, "A BUR H, A SPA H, F MAO - POR");
	tg_ok(g, AUS, "A VIE H, A BUD H, F TRI H");
	tg_ok(g, ENG, "F LON H; F EDI H; A LVP H");
	tg_ok(g, ITA, "A ROM H, A VEN H, F NAP H");
	tg_ok(g, RUS, "A MOS H, A WAR H, F SEV H");
	ck_assert(!dip_ops.ready(g->st, g->o, g->n));
	ck_assert_int_eq(pending(g, RUS, m), 1);
	ck_assert_str_eq(m[0].args[0], "F STP/SC");
	tg_ok(g, RUS, "F STP/SC H");
	tg_ok(g, TUR, "A CON H, A SMY H, F ANK H");
	ck_assert(dip_ops.ready(g->st, g->o, g->n));
	tg_play(g);
	v = tg_view(g, GER);
	ck_assert_str_eq(v->phase, "F1901R");
	ck_assert_int_eq(v->phase_kind, GAME_PHASE_RETREAT);
	ck_assert(v->due[FRA] && !v->due[GER]);
	ck_assert_ptr_nonnull(tg_find(v, "dip.view.dislodged", "A BUR"));
	ck_assert_str_eq(tg_find(v, "dip.view.dislodged", "A BUR")->args[3],
	    "BEL, GAS, MAR, PAR, PIC");
	ck_assert_ptr_nonnull(tg_find(v, "dip.view.must_retreat", "A BUR"));
	ck_assert_int_eq(tg_count(v, "dip.res.fails", "A BUR H"), 1);

	tg_refused(g, FRA, "A BUR R RUH", "dip.err.illegal");
	ck_assert_str_eq(g->why.msg.args[1], "@dip.why.retreat_attacker");
	tg_refused(g, FRA, "A SPA R GAS", "dip.err.not_dislodged");
	tg_refused(g, GER, "A BUR R PIC", "dip.err.not_yours");
	ck_assert_int_eq(pending(g, FRA, m), 1);
	ck_assert_str_eq(m[0].key, "dip.pend.retreat");
	tg_ok(g, FRA, "A BUR - PIC");
	ck_assert_str_eq(g->o[0].text, "A BUR R PIC");
	ck_assert(dip_ops.ready(g->st, g->o, g->n));
	tg_play(g);

	/* Winter 1901: Germany builds one, France two. */
	v = tg_view(g, FRA);
	ck_assert_str_eq(v->phase, "W1901A");
	ck_assert_int_eq(v->phase_kind, GAME_PHASE_ADJUST);
	ck_assert_ptr_nonnull(tg_find(v, "dip.view.power", "@dip.power.2"));
	ck_assert_str_eq(tg_find(v, "dip.view.power", "@dip.power.2")->args[1],
	    "5");
	ck_assert_str_eq(tg_find(v, "dip.view.may_build",
	    "@dip.power.2")->args[1], "2");
	ck_assert(v->due[FRA] && v->due[GER] && !v->due[AUS]);
	tg_refused(g, GER, "BUILD A MUN", "dip.err.illegal");
	tg_refused(g, GER, "BUILD A WAR", "dip.err.illegal");
	tg_refused(g, AUS, "BUILD A VIE", "dip.err.no_builds");
	tg_ok(g, GER, "BUILD F KIE");
	tg_ok(g, FRA, "build a par");
	ck_assert_int_eq(pending(g, FRA, m), 1);
	ck_assert_str_eq(m[0].key, "dip.pend.builds");
	ck_assert(!dip_ops.ready(g->st, g->o, g->n));
	tg_play(g);	/* the deadline: France forfeits one build */
	v = tg_view(g, AUS);
	ck_assert_str_eq(v->phase, "S1902M");
	ck_assert_int_eq(tg_count(v, "dip.res.ok", "BUILD F KIE"), 1);
	ck_assert_int_eq(tg_count(v, "dip.view.unbuilt", "@dip.power.2"), 1);
	ck_assert_str_eq(tg_find(v, "dip.view.power", "@dip.power.3")->args[2],
	    "4");
	ck_assert_ptr_nonnull(strstr(v->board, "A PIC"));
	ck_assert_ptr_nonnull(strstr(v->board, "F KIE"));

	/* 1902: nobody orders; France waives its build in the winter. */
	tg_play(g);
	tg_play(g);
	v = tg_view(g, FRA);
	ck_assert_str_eq(v->phase, "W1902A");
	tg_ok(g, FRA, "WAIVE");
	ck_assert_str_eq(g->o[0].text, "WAIVE 1");
	ck_assert(dip_ops.ready(g->st, g->o, g->n));
	tg_play(g);
	v = tg_view(g, FRA);
	ck_assert_str_eq(v->phase, "S1903M");
	ck_assert_int_eq(tg_count(v, "dip.view.waived", "@dip.power.2"), 1);
	ck_assert_int_eq(v->ply, 7);
	tg_free(g);
}
END_TEST

/* A position as state text: the header, then board lines. */
static struct tg *
position(const char *options, const char *board)
{
	char		 text[4096];
	struct tg	*g;

	snprintf(text, sizeof(text), "dip 1\noptions: %s\nseed: "
	    "000000000000002a\nstarted: 1\nply: 9\n%s", options, board);
	g = tg_load(&dip_ops, text);
	return g;
}

START_TEST(missing_retreats_disband_and_missing_removals_follow_disorder)
{
	struct tg		*g;
	const struct game_view	*v;

	g = position("-", "phase: F1901R\ncd: -\nalive: AUS TUR\nend: none\n"
	    "owns: AUS BUD\nowns: TUR SMY\nunit: AUS A VIE\nunit: AUS A TRI\n"
	    "unit: TUR A SER\nunit: TUR A SMY\n"
	    "retreat: AUS A BUD SER 0 GAL RUM\nlast: -\neliminated: -\n");
	tg_play(g);
	v = tg_view(g, TUR);
	ck_assert_ptr_nonnull(tg_find(v, "dip.gone.no_order", "A BUD"));
	ck_assert_str_eq(v->phase, "W1901A");
	tg_free(g);

	g = position("-", "phase: W1901A\ncd: -\nalive: AUS\nend: none\n"
	    "owns: AUS BUD\nunit: AUS A VIE\nunit: AUS A TRI\n"
	    "unit: AUS A BUD\nlast: -\neliminated: -\n");
	tg_refused(g, AUS, "BUILD A VIE", "dip.err.no_builds");
	tg_ok(g, AUS, "REMOVE A VIE");
	ck_assert_int_eq(dip_ops.pending(g->st, AUS, g->o, g->n, NULL, 0), 0);
	ck_assert(!dip_ops.ready(g->st, g->o, g->n));
	tg_play(g);
	v = tg_view(g, AUS);
	/* DATC 6.J: the unit farthest from an owned centre goes. */
	ck_assert_ptr_nonnull(tg_find(v, "dip.gone.removed", "A VIE"));
	ck_assert_ptr_nonnull(tg_find(v, "dip.gone.disorder", "A TRI"));
	ck_assert_str_eq(tg_find(v, "dip.view.power", "@dip.power.0")->args[2],
	    "1");
	tg_free(g);
}
END_TEST

START_TEST(resigned_power_is_in_civil_disorder)
{
	struct tg		*g = tg_new(&dip_ops, "");
	const struct game_view	*v;
	int			 p;

	ck_assert_int_eq(dip_ops.resign(g->st, TUR), 0);
	tg_roundtrip(g);
	for (p = AUS; p < TUR; p++)
		tg_ok(g, p, "DRAW");
	v = tg_view(g, AUS);
	ck_assert(!v->due[TUR] && v->due[AUS]);
	ck_assert_int_eq(tg_count(v, "dip.view.cd", "@dip.power.6"), 1);
	/* The survivors but Turkey voted: DIAS, Turkey included. */
	ck_assert(dip_ops.ready(g->st, g->o, g->n));
	tg_play(g);
	v = tg_view(g, TUR);
	ck_assert_int_eq(v->status, GAME_STATUS_OVER);
	ck_assert_int_eq(v->winner, GAME_DRAWN);
	ck_assert_int_eq(tg_count(v, "dip.view.in_draw", NULL), 7);
	ck_assert_int_eq(tg_order(g, AUS, "A VIE H"), -1);
	ck_assert_int_eq(dip_ops.adjudicate(g->st, NULL, 0, &g->why), -1);
	tg_free(g);
}
END_TEST

START_TEST(one_no_draw_vote_keeps_the_game_going)
{
	struct tg		*g = tg_new(&dip_ops, "");
	const struct game_view	*v;
	struct game_msg		 m[16];
	int			 p;

	for (p = AUS; p <= TUR; p++)
		tg_ok(g, p, "draw");
	ck_assert_str_eq(g->o[0].slot, "draw");
	ck_assert_str_eq(g->o[0].echo.key, "dip.ok.draw");
	/* A vote is no order: units still owe theirs. */
	ck_assert_int_eq(pending(g, AUS, m), 3);
	ck_assert(dip_ops.ready(g->st, g->o, g->n));
	tg_ok(g, ENG, "No Draw");
	ck_assert_int_eq(g->n, 7);
	ck_assert(!dip_ops.ready(g->st, g->o, g->n));
	tg_play(g);
	v = tg_view(g, AUS);
	ck_assert_int_eq(v->status, GAME_STATUS_RUNNING);
	ck_assert_str_eq(v->phase, "F1901M");
	tg_free(g);
}
END_TEST

/* Issue 16: TERMINATE ends the game as it stands, without a winner. */
START_TEST(terminate_ends_the_game_with_the_standings)
{
	struct tg		*g = tg_new(&dip_ops, "");
	const struct game_view	*v;
	struct game_stat	 s;

	tg_ok(g, FRA, "A PAR - BUR");
	tg_play(g);
	ck_assert_int_eq(dip_ops.terminate(g->st), 0);
	tg_roundtrip(g);
	dip_ops.stat(g->st, &s);
	ck_assert_int_eq(s.status, GAME_STATUS_OVER);
	ck_assert_int_eq(s.winner, GAME_NOBODY);
	ck_assert_int_eq(s.ply, 2);
	v = tg_view(g, GAME_SEAT_GM);
	ck_assert_int_eq(v->status, GAME_STATUS_OVER);
	ck_assert_str_eq(tg_find(v, "dip.view.stopped", NULL)->args[0],
	    "1901");
	ck_assert_int_eq(tg_count(v, "dip.view.power", NULL), 7);
	ck_assert_str_eq(tg_find(v, "dip.view.power", "@dip.power.2")->args[1],
	    "3");
	/* The last phase's results are not told again; nothing is next. */
	ck_assert_int_eq(tg_count(v, "dip.view.results", NULL), 0);
	ck_assert_int_eq(tg_count(v, "dip.view.next", NULL), 0);
	ck_assert(!v->due[AUS] && !v->due[FRA]);
	ck_assert_int_eq(tg_order(g, FRA, "A BUR H"), -1);
	ck_assert_int_eq(dip_ops.terminate(g->st), -1);
	ck_assert_int_eq(dip_ops.adjudicate(g->st, NULL, 0, &g->why), -1);
	tg_free(g);
}
END_TEST

/*
 * Issue 16: with draw=named, DRAW may name the powers; the draw passes
 * when every survivor votes the same powers, and only those share it.
 */
START_TEST(a_named_draw_passes_when_every_survivor_names_the_same)
{
	struct tg		*g = tg_new(&dip_ops, "draw=named");
	const struct game_view	*v;
	int			 p;

	ck_assert_int_eq(tg_order(g, FRA, "DRAW F G I"), 1);
	ck_assert_str_eq(g->o[0].text, "DRAW FRA GER ITA");
	ck_assert_str_eq(g->o[0].slot, "draw");
	ck_assert_str_eq(g->o[0].echo.key, "dip.ok.draw_named");
	ck_assert_str_eq(g->o[0].echo.args[0], "FRA GER ITA");
	/* Names, abbreviations and initials run together say the same. */
	tg_refused(g, AUS, "draw Italy, France and Germany",
	    "dip.err.draw_power");
	ck_assert_str_eq(g->why.msg.args[1], "and");
	tg_ok(g, AUS, "draw Italy, France, Germany");
	tg_ok(g, ENG, "DRAW fgi");
	tg_ok(g, GER, "Draw GER ITA FRA");
	for (p = ITA; p <= TUR; p++)
		tg_ok(g, p, "DRAW F G I");
	ck_assert_int_eq(g->n, 7);
	for (p = 0; p < 7; p++)
		ck_assert_str_eq(g->o[p].text, "DRAW FRA GER ITA");
	tg_roundtrip(g);
	ck_assert(dip_ops.ready(g->st, g->o, g->n));
	tg_play(g);
	v = tg_view(g, ENG);
	ck_assert_int_eq(v->status, GAME_STATUS_OVER);
	ck_assert_int_eq(v->winner, GAME_DRAWN);
	ck_assert_ptr_nonnull(tg_find(v, "dip.view.draw_named", "1901"));
	ck_assert_int_eq(tg_count(v, "dip.view.in_draw", NULL), 3);
	ck_assert_ptr_nonnull(tg_find(v, "dip.view.in_draw", "@dip.power.3"));
	ck_assert_ptr_null(tg_find(v, "dip.view.in_draw", "@dip.power.1"));
	tg_free(g);
}
END_TEST

START_TEST(named_draws_that_differ_play_on_and_plain_draw_is_dias)
{
	struct tg		*g = tg_new(&dip_ops, "draw=named");
	const struct game_view	*v;
	int			 p;

	for (p = AUS; p < TUR; p++)
		tg_ok(g, p, "DRAW F G I");
	/* Turkey's plain DRAW names every survivor: not the same draw. */
	tg_ok(g, TUR, "DRAW");
	ck_assert_str_eq(g->o[g->n - 1].text, "DRAW");
	ck_assert(!dip_ops.ready(g->st, g->o, g->n));
	tg_play(g);
	ck_assert_int_eq(tg_view(g, AUS)->status, GAME_STATUS_RUNNING);
	/* Everyone's plain DRAW is DIAS, as in any game. */
	for (p = AUS; p <= TUR; p++)
		tg_ok(g, p, "DRAW");
	tg_play(g);
	v = tg_view(g, AUS);
	ck_assert_int_eq(v->winner, GAME_DRAWN);
	ck_assert_ptr_nonnull(tg_find(v, "dip.view.draw", NULL));
	ck_assert_int_eq(tg_count(v, "dip.view.in_draw", NULL), 7);
	tg_free(g);
}
END_TEST

START_TEST(a_named_draw_is_refused_where_it_cannot_be)
{
	struct tg	*g = tg_new(&dip_ops, "");

	/* A DIAS game (the default) takes DRAW alone. */
	tg_refused(g, FRA, "DRAW F G I", "dip.err.draw_dias");
	tg_free(g);
	g = tg_new(&dip_ops, "draw=dias");
	tg_refused(g, FRA, "DRAW F G", "dip.err.draw_dias");
	tg_free(g);
	g = position("draw=named", "phase: S1905M\ncd: -\nalive: GER RUS "
	    "FRA\nend: none\nowns: GER BER\nowns: RUS SEV\nowns: FRA PAR\n"
	    "unit: GER A BER\nunit: RUS A SEV\nunit: FRA A PAR\nlast: -\n"
	    "eliminated: -\n");
	tg_refused(g, GER, "DRAW G X", "dip.err.draw_power");
	ck_assert_str_eq(g->why.msg.args[1], "x");
	tg_refused(g, GER, "DRAW G", "dip.err.draw_few");
	tg_refused(g, GER, "DRAW G G", "dip.err.draw_few");
	tg_refused(g, GER, "DRAW G R E", "dip.err.draw_dead");
	ck_assert_str_eq(g->why.msg.args[1], "@dip.power.1");
	/* The survivors draw among two; the third votes it too. */
	tg_ok(g, GER, "DRAW G R");
	tg_ok(g, RUS, "DRAW Russia Germany");
	ck_assert(!dip_ops.ready(g->st, g->o, g->n));
	tg_ok(g, FRA, "DRAW GER RUS");
	ck_assert(dip_ops.ready(g->st, g->o, g->n));
	tg_play(g);
	ck_assert_int_eq(tg_count(tg_view(g, FRA), "dip.view.in_draw", NULL),
	    2);
	tg_free(g);
}
END_TEST

START_TEST(eighteen_centres_after_the_fall_win)
{
	struct tg		*g;
	const struct game_view	*v;

	g = position("-", "phase: F1905M\ncd: -\nalive: GER RUS\nend: none\n"
	    "owns: GER BER KIE MUN DEN HOL BEL SWE NWY PAR BRE MAR WAR MOS "
	    "STP VIE BUD TRI\nowns: RUS SEV\nunit: GER A BUD\n"
	    "unit: RUS A SEV\nlast: -\neliminated: -\n");
	tg_ok(g, GER, "A BUD - SER");
	tg_play(g);
	v = tg_view(g, RUS);
	ck_assert_int_eq(v->status, GAME_STATUS_OVER);
	ck_assert_int_eq(v->winner, GER);
	ck_assert_str_eq(tg_find(v, "dip.view.solo", NULL)->args[1], "18");
	ck_assert_str_eq(tg_find(v, "dip.view.solo", NULL)->args[2], "1905");
	ck_assert(!v->due[GER] && !v->due[RUS]);
	tg_free(g);
}
END_TEST

START_TEST(no_retreat_destroys_and_says_so)
{
	struct tg		*g;
	const struct game_view	*v;

	g = position("no-retreat", "phase: S1902M\ncd: -\nalive: AUS GER\n"
	    "end: none\nowns: AUS VIE\nowns: GER BER MUN\nunit: GER A BOH\n"
	    "unit: GER A GAL\nunit: AUS A VIE\nlast: -\neliminated: -\n");
	tg_ok(g, GER, "A BOH - VIE, A GAL S A BOH - VIE");
	tg_play(g);
	v = tg_view(g, AUS);
	/* rules/diplomacy-notes.md (b): never a retreat phase. */
	ck_assert_str_eq(v->phase, "F1902M");
	ck_assert_ptr_nonnull(tg_find(v, "dip.res.nmr_fails", "A VIE H"));
	ck_assert_ptr_nonnull(tg_find(v, "dip.gone.no_retreat", "A VIE"));
	ck_assert_ptr_nonnull(tg_find(v, "dip.view.dislodged_only", "A VIE"));
	tg_free(g);
}
END_TEST

/* Issue 12: STATUS says "out" for a power with neither unit nor centre. */
START_TEST(stat_says_which_powers_are_out)
{
	struct game_stat	 at;
	struct tg		*g = tg_new(&dip_ops, "");
	int			 p;

	dip_ops.stat(g->st, &at);
	for (p = 0; p < 7; p++)
		ck_assert_msg(!at.out[p], "power %d out at the start", p);
	tg_free(g);
	g = position("-", "phase: S1902M\ncd: -\nalive: AUS GER\n"
	    "end: none\nowns: AUS VIE\nowns: GER BER MUN\nunit: GER A BOH\n"
	    "unit: AUS A VIE\nlast: -\neliminated: ENG\n");
	dip_ops.stat(g->st, &at);
	ck_assert(!at.out[AUS] && !at.out[GER]);
	ck_assert(at.out[ENG] && at.out[FRA] && at.out[TUR]);
	ck_assert(!at.due[ENG]);
	tg_free(g);
}
END_TEST

/* ---- random games ---- */

static uint64_t
next(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return *s >> 33;
}

/* Units and retreats of the saved text: "POW K LOC" lines. */
static int
lines_of(const char *text, const char *key, char out[][24], int max)
{
	const char	*p = text;
	size_t		 kl = strlen(key);
	int		 n = 0;

	while ((p = strstr(p, key)) != NULL && n < max) {
		if (p == text || p[-1] == '\n')
			sscanf(p + kl, "%23[^\n]", out[n++]);
		p += kl;
	}
	return n;
}

static void
random_orders(struct tg *g, uint64_t *s)
{
	static const char *const pw[] = {
		"AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"
	};
	char	 u[96][24], line[96], pow[8], kind[4], loc[8];
	char	*text = tg_save(g);
	int	 n, i, p, l, tries;
	const char *ph = strstr(text, "\nphase: ") + 8;

	tg_mail(g);
	if (ph[5] == 'A') {
		for (p = 0; p < 7; p++) {
			snprintf(line, sizeof(line), "BUILD %s %s",
			    next(s) % 2 ? "A" : "F",
			    tg_map.prov[next(s) % tg_map.nprov].abbr);
			tg_order(g, p, line);
			tg_order(g, p, next(s) % 3 ? "WAIVE" : "WAIVE ALL");
		}
		n = lines_of(text, "unit: ", u, 96);
		for (i = 0; i < n; i++) {
			sscanf(u[i], "%7s %3s %7s", pow, kind, loc);
			snprintf(line, sizeof(line), "REMOVE %s %s", kind,
			    loc);
			for (p = 0; p < 7 && strcmp(pw[p], pow); p++)
				;
			if (next(s) % 2)
				tg_order(g, p, line);
		}
		free(text);
		return;
	}
	n = lines_of(text, ph[5] == 'R' ? "retreat: " : "unit: ", u, 96);
	for (i = 0; i < n; i++) {
		sscanf(u[i], "%7s %3s %7s", pow, kind, loc);
		for (p = 0; p < 7 && strcmp(pw[p], pow); p++)
			;
		for (tries = 0; tries < 6; tries++) {
			l = (int)(next(s) % (uint64_t)tg_map.nlocs);
			snprintf(line, sizeof(line), "%s %s %s %s", kind, loc,
			    ph[5] == 'R' ? "R" : next(s) % 4 ? "-" : "H",
			    tg_map.loc[l].name);
			if (line[strlen(kind) + strlen(loc) + 3] == 'H')
				snprintf(line, sizeof(line), "%s %s H", kind,
				    loc);
			if (tg_order(g, p, line) > 0)
				break;
		}
	}
	free(text);
}

START_TEST(random_games_round_trip)
{
	uint64_t	 s = 1000 + (uint64_t)_i;
	struct tg	*g = tg_new(&dip_ops, _i % 2 ? "no-retreat" : "");
	int		 ph;

	for (ph = 0; ph < 30; ph++) {
		random_orders(g, &s);
		tg_play(g);
		tg_view(g, (int)(next(&s) % 7));
		ck_assert_int_lt(g->v.nmsgs, GAME_VIEW_MSGS);
		ck_assert_int_lt((int)strlen(g->v.board), GAME_BOARD_MAX - 1);
		/* Every order of the record reads back onto the map, and
		 * everything fits it (board_map.c). */
		ck_assert_int_eq(g->v.map.nboards, 1);
		ck_assert_int_eq(g->v.map.board[0].left_out, 0);
		if (g->v.status == GAME_STATUS_OVER)
			break;
	}
	tg_free(g);
}
END_TEST

/* The line a refusal quotes is cut to 63 bytes between characters: the
 * umlauts after the order are a word of it (issue 16: letters German
 * names are written in), one too many, and the line is quoted. */
START_TEST(a_refused_line_is_quoted_between_characters)
{
	struct tg	*g = tg_new(&dip_ops, "");
	char		 line[128];
	int		 i, n;

	for (n = 1; n <= 2; n++) {
		snprintf(line, sizeof(line), "A PAR - BUR%*s", n, "");
		for (i = 0; i < 40; i++)
			strcat(line, "ä");
		tg_refused(g, AUS, line, "dip.err.trailing");
		ck_assert_msg(tg_utf8_complete(g->why.msg.args[0]), "%s",
		    g->why.msg.args[0]);
		ck_assert_uint_ge(strlen(g->why.msg.args[0]), GAME_ARG_MAX - 2);
		ck_assert_int_eq(strncmp(g->why.msg.args[0], line,
		    strlen(g->why.msg.args[0])), 0);
	}
	tg_free(g);
}
END_TEST

/* An unknown option word is quoted cut between characters. */
START_TEST(a_long_option_word_is_quoted_between_characters)
{
	tg_long_option_quoted(&dip_ops, "dip.err.option", 30);
}
END_TEST

/* A state line with more words than load() reads (40) is refused, not
 * read in part (here England's Belgium would be left out). */
START_TEST(a_state_line_with_too_many_words_is_refused)
{
	struct tg		*g = tg_new(&dip_ops, "");
	struct game_state	*st;
	struct game_diag	 why;
	char			*text = tg_save(g), *at, *bad, owns[512];
	int			 i;

	snprintf(owns, sizeof(owns), "owns: ENG EDI LON LVP");
	for (i = 0; i < 36; i++)
		strcat(owns, " LON");
	strcat(owns, " BEL");
	at = strstr(text, "owns: ENG EDI LON LVP");
	ck_assert_ptr_nonnull(at);
	bad = calloc(1, strlen(text) + sizeof(owns));
	memcpy(bad, text, (size_t)(at - text));
	strcat(bad, owns);
	strcat(bad, at + strlen("owns: ENG EDI LON LVP"));
	ck_assert_int_eq(dip_ops.load(bad, &st, &why), -1);
	ck_assert_str_eq(why.msg.key, "dip.err.state");
	/* One word fewer is read whole: Belgium is England's. */
	strcpy(strstr(bad, " LON BEL"), " BEL");
	strcat(bad, at + strlen("owns: ENG EDI LON LVP"));
	ck_assert_int_eq(dip_ops.load(bad, &st, &why), 0);
	dip_ops.free(st);
	free(bad);
	free(text);
	tg_free(g);
}
END_TEST

/*
 * A diagram that grows past GAME_BOARD_MAX (game.h): a stored retreat
 * phase with 24 units that could each retreat to 35 places. It used to
 * be cut in the middle of a line, without a word; now it ends with the
 * marker line after a whole line and the report says it is cut.
 */
START_TEST(a_diagram_too_long_is_cut_after_a_whole_line)
{
	static const char *const powers[] = { "AUS", "ENG", "FRA", "GER",
	    "ITA", "RUS", "TUR" };
	struct tg	*g = tg_new(&dip_ops, "");
	struct game_state *st;
	struct game_diag why;
	struct game_view *v = calloc(1, sizeof(*v));
	char		*text = tg_save(g), *big, *at;
	size_t		 len;
	int		 i, l;

	big = calloc(1, strlen(text) + 24 * 256);
	strcpy(big, text);
	at = strstr(big, "phase: S1901M");
	ck_assert_ptr_nonnull(at);
	memcpy(at, "phase: S1901R", 13);
	for (i = 0; i < 24; i++) {
		at = big + strlen(big);
		sprintf(at, "retreat: %s A %s %s 0", powers[i % 7],
		    tg_map.prov[i].abbr, tg_map.prov[i + 1].abbr);
		for (l = 0; l < 35; l++)
			sprintf(at + strlen(at), " %s", tg_map.prov[l + 30].abbr);
		strcat(at, "\n");
	}
	ck_assert_int_eq(dip_ops.load(big, &st, &why), 0);
	dip_ops.view(st, GAME_SEAT_GM, v);
	len = strlen(v->board);
	ck_assert_uint_lt(len, GAME_BOARD_MAX);
	ck_assert_str_eq(v->board + len - strlen(GAME_BOARD_CUT),
	    GAME_BOARD_CUT);
	ck_assert_int_eq(v->board[len - strlen(GAME_BOARD_CUT) - 1], '\n');
	ck_assert_str_eq(v->msgs[0].key, "game.board_cut");
	ck_assert_ptr_nonnull(tg_find(v, "dip.view.must_retreat", NULL));
	dip_ops.free(st);
	free(v);
	free(big);
	free(text);
	tg_free(g);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/diplomacy/ops");
	TCase	*tc;

	tc = tcase_create("game_ops");
	tcase_add_unchecked_fixture(tc, tg_map_setup, NULL);
	tcase_add_test(tc, create_takes_the_options_and_refuses_unknown_words);
	tcase_add_test(tc, a_long_option_word_is_quoted_between_characters);
	tcase_add_test(tc, orders_are_checked_on_arrival);
	tcase_add_test(tc, a_refused_line_is_quoted_between_characters);
	tcase_add_test(tc, a_state_line_with_too_many_words_is_refused);
	tcase_add_test(tc, a_diagram_too_long_is_cut_after_a_whole_line);
	tcase_add_test(tc, two_years_with_a_retreat_and_builds);
	tcase_add_test(tc, a_german_player_orders_in_german);
	tcase_add_test(tc,
	    missing_retreats_disband_and_missing_removals_follow_disorder);
	tcase_add_test(tc, resigned_power_is_in_civil_disorder);
	tcase_add_test(tc, one_no_draw_vote_keeps_the_game_going);
	tcase_add_test(tc, terminate_ends_the_game_with_the_standings);
	tcase_add_test(tc,
	    a_named_draw_passes_when_every_survivor_names_the_same);
	tcase_add_test(tc,
	    named_draws_that_differ_play_on_and_plain_draw_is_dias);
	tcase_add_test(tc, a_named_draw_is_refused_where_it_cannot_be);
	tcase_add_test(tc, eighteen_centres_after_the_fall_win);
	tcase_add_test(tc, no_retreat_destroys_and_says_so);
	tcase_add_test(tc, stat_says_which_powers_are_out);
	tcase_add_loop_test(tc, random_games_round_trip, 0, 8);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}
