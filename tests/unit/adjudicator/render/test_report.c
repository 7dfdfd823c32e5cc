/*
 * test_report.c - adjudicator/render/report.c: a report as Diplomacy
 * players read it (issue 16). A map game's report gives the results
 * first (every order with its outcome, coasts as ordered), then
 * dislodgements, centres and adjustments, the judge's notes, then the
 * diagram and the next phase; its subject names the phase played
 * ("S1901M results", "Frühjahr 1901 Ergebnisse"), not a move number. A
 * grid game's report keeps its diagram first and its move number.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/render/report.h"
#include "tests/unit/adjudicator/diplomacy/support_game.h"

extern const struct game_ops dip_ops;
extern const struct game_ops wkw_ops;

enum { AUS, ENG, FRA, GER, ITA, RUS, TUR };

static struct catalog	*en, *de;

static void
setup(void)
{
	char	 why[256] = "";

	en = catalog_load("templates", "en", NULL, why, sizeof(why));
	ck_assert_msg(en != NULL, "en: %s", why);
	de = catalog_load("templates", "de", en, why, sizeof(why));
	ck_assert_msg(de != NULL, "de: %s", why);
}

static void
teardown(void)
{
	catalog_free(de);
	catalog_free(en);
}

/* Where needle first stands in text; fails when it does not. */
static const char *
at(const char *text, const char *needle)
{
	const char	*p = strstr(text, needle);

	ck_assert_msg(p != NULL, "no \"%s\" in:\n%s", needle, text);
	return p;
}

/* a stands before b in text. */
#define BEFORE(text, a, b)						\
	ck_assert_msg(at((text), (a)) < at((text), (b)),		\
	    "\"%s\" is not before \"%s\" in:\n%s", (a), (b), (text))

/*
 * Standard Diplomacy to the Winter of 1901: France takes Spain's north
 * coast by F MAO - SPA/NC and may build; Russia and Austria bounce in
 * Galicia in the spring.
 */
static struct tg *
fall_1901(void)
{
	struct tg	*g = tg_new(&dip_ops, "");

	tg_ok(g, FRA, "F BRE - MAO");
	tg_ok(g, RUS, "A WAR - GAL");
	tg_ok(g, AUS, "A VIE - GAL");
	tg_play(g);
	tg_ok(g, FRA, "F MAO - SPA/NC");
	tg_play(g);
	return g;
}

static void
render(const struct catalog *cat, const char *notes, const struct tg *g,
    struct buf *body, struct buf *subj)
{
	struct report_head	 h = { "t", "standard", "", "dip.power.2", 3,
				    notes, false };

	buf_reset(body);
	buf_reset(subj);
	report_render(cat, &h, &g->v, body);
	report_subject(cat, &h, &g->v, subj);
}

START_TEST(a_diplomacy_report_gives_the_results_before_the_diagram)
{
	struct tg	*g = fall_1901();
	struct buf	 b, s;

	buf_init(&b);
	buf_init(&s);
	tg_view(g, FRA);
	render(en, "France had no complete orders.\n", g, &b, &s);
	/* No move number: the phases name themselves. */
	at(b.data, "Game t (standard).\nYou play France.\n\n"
	    "Results of Fall 1901 (movement):\n");
	ck_assert_ptr_null(strstr(b.data, "after move"));
	/* Every order with its outcome, the coast as ordered. */
	at(b.data, "France: F MAO - SPA/NC\n");
	BEFORE(b.data, "Results of Fall 1901 (movement):",
	    "France: F MAO - SPA/NC");
	BEFORE(b.data, "France: F MAO - SPA/NC", "France: 4 supply centres");
	BEFORE(b.data, "France: 4 supply centres", "France may build 1 unit.");
	BEFORE(b.data, "France may build 1 unit.",
	    "France had no complete orders.");
	/* Then the position, then the next phase. */
	BEFORE(b.data, "France had no complete orders.", "\nW1901A\n");
	BEFORE(b.data, "\nW1901A\n", "FRA SC   4 | BRE MAR PAR SPA");
	BEFORE(b.data, "FRA SC   4 | BRE MAR PAR SPA",
	    "Next phase: Winter 1901 (adjustments).");
	/* The same order in German. */
	render(de, NULL, g, &b, &s);
	at(b.data, "Partie t (standard).\nSie spielen Frankreich.\n\n");
	BEFORE(b.data, "Frankreich: F MAO - SPA/NC",
	    "Frankreich darf 1 Einheit aufbauen.");
	BEFORE(b.data, "Frankreich darf 1 Einheit aufbauen.", "\nW1901A\n");
	BEFORE(b.data, "\nW1901A\n", "Nächste Phase: Winter 1901");
	buf_free(&b);
	buf_free(&s);
	tg_free(g);
}
END_TEST

/* Dislodgements with their retreat options come with the results,
 * before the centres. */
START_TEST(dislodgements_follow_the_results)
{
	struct tg	*g = tg_new(&dip_ops, "");
	struct buf	 b, s;

	tg_ok(g, GER, "A MUN - TYR");
	tg_play(g);
	tg_ok(g, GER, "A TYR - VEN");
	tg_ok(g, AUS, "F TRI S A TYR - VEN");
	tg_play(g);
	buf_init(&b);
	buf_init(&s);
	tg_view(g, GAME_SEAT_GM);
	render(en, NULL, g, &b, &s);
	BEFORE(b.data, "Germany: A TYR - VEN", "Italy: A VEN was dislodged");
	BEFORE(b.data, "Italy: A VEN was dislodged", "Italy: 3 supply centres");
	BEFORE(b.data, "Italy: 3 supply centres", "\nF1901R\n");
	BEFORE(b.data, "\nF1901R\n", "Next phase: Fall 1901 (retreats).");
	ck_assert_str_eq(s.data, "[pbemd] t F1901M results");
	buf_free(&b);
	buf_free(&s);
	tg_free(g);
}
END_TEST

START_TEST(a_map_report_is_named_after_the_phase_played)
{
	struct tg	*g = tg_new(&dip_ops, "");
	struct buf	 b, s;

	buf_init(&b);
	buf_init(&s);
	/* Before any phase: the phase to play. */
	tg_view(g, FRA);
	render(en, NULL, g, &b, &s);
	ck_assert_str_eq(s.data, "[pbemd] t S1901M");
	render(de, NULL, g, &b, &s);
	ck_assert_str_eq(s.data, "[pbemd] t Frühjahr 1901");
	tg_play(g);
	tg_view(g, FRA);
	render(en, NULL, g, &b, &s);
	ck_assert_str_eq(s.data, "[pbemd] t S1901M results");
	render(de, NULL, g, &b, &s);
	ck_assert_str_eq(s.data, "[pbemd] t Frühjahr 1901 Ergebnisse");
	tg_play(g);
	tg_view(g, FRA);
	render(de, NULL, g, &b, &s);
	ck_assert_str_eq(s.data, "[pbemd] t Herbst 1901 Ergebnisse");
	/* Retreats and adjustments by their names; of two boards (Zombie-
	 * Diplomacy) the later phase. */
	g->v.map.board[0].results = true;
	strcpy(g->v.map.board[0].phase, "F1902R");
	render(en, NULL, g, &b, &s);
	ck_assert_str_eq(s.data, "[pbemd] t F1902R results");
	render(de, NULL, g, &b, &s);
	ck_assert_str_eq(s.data,
	    "[pbemd] t Herbst 1902 (Rückzüge) Ergebnisse");
	g->v.map.nboards = 2;
	g->v.map.board[1].results = true;
	strcpy(g->v.map.board[1].phase, "W1902A");
	render(en, NULL, g, &b, &s);
	ck_assert_str_eq(s.data, "[pbemd] t W1902A results");
	render(de, NULL, g, &b, &s);
	ck_assert_str_eq(s.data, "[pbemd] t Winter 1902 Ergebnisse");
	strcpy(g->v.map.board[1].phase, "S1902M");
	render(en, NULL, g, &b, &s);
	ck_assert_str_eq(s.data, "[pbemd] t F1902R results");
	buf_free(&b);
	buf_free(&s);
	tg_free(g);
}
END_TEST

/* The two-player games keep their layout: the diagram first, the move
 * number in the head and the subject, the notes at the end. */
START_TEST(a_grid_game_keeps_its_diagram_first_and_its_move_number)
{
	struct game_state	*st;
	struct game_diag	 why;
	struct game_view	*v = calloc(1, sizeof(*v));
	struct report_head	 h = { "w", "weekeewachee", "", "wkw.seat.0",
				    3, "A note.\n", false };
	struct buf		 b, s;

	ck_assert_ptr_nonnull(v);
	ck_assert_int_eq(wkw_ops.create("", 1, &st, &why), 0);
	ck_assert_int_eq(wkw_ops.start(st, 0, &why), 0);
	wkw_ops.view(st, 0, v);
	ck_assert_int_eq(v->nresults, 0);
	ck_assert_int_gt(v->nmsgs, 0);
	buf_init(&b);
	buf_init(&s);
	report_render(en, &h, v, &b);
	report_subject(en, &h, v, &s);
	ck_assert_str_eq(s.data, "[pbemd] w: move 3");
	at(b.data, "Game w (weekeewachee) after move 0.\nYou play White.\n\n"
	    "    a  b  c  d");
	BEFORE(b.data, "    a  b  c  d", "\nA note.\n");
	ck_assert_int_eq(b.data[b.len - 1], '\n');
	ck_assert_str_eq(b.data + b.len - strlen("\nA note.\n"), "\nA note.\n");
	buf_free(&b);
	buf_free(&s);
	wkw_ops.free(st);
	free(v);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/render/report");
	TCase	*tc = tcase_create("report");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc,
	    a_diplomacy_report_gives_the_results_before_the_diagram);
	tcase_add_test(tc, dislodgements_follow_the_results);
	tcase_add_test(tc, a_map_report_is_named_after_the_phase_played);
	tcase_add_test(tc,
	    a_grid_game_keeps_its_diagram_first_and_its_move_number);
	suite_add_tcase(s, tc);
	return s;
}
