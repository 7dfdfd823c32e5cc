/*
 * test_order.c - adjudicator/diplomacy/order.c: orders as players write
 * them, errors that quote the order and suggest names, no coast guessed;
 * quotes and suggestions that do not fit an argument are cut between
 * characters and between names, never inside one.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <string.h>

#include "adjudicator/diplomacy/dip.h"
#include "tests/unit/adjudicator/diplomacy/support_game.h"



static struct dip_order
one(const char *text)
{
	struct dip_order	 o[4];
	struct game_diag	 why;
	int			 n;

	n = dip_order_parse(&tg_map, 2, text, o, 4, &why);
	ck_assert_msg(n == 1, "%s: %d orders (%s)", text, n, why.msg.key);
	return o[0];
}

static const char *
error_of(const char *text, struct game_diag *why)
{
	struct dip_order	 o[4];

	ck_assert_int_eq(dip_order_parse(&tg_map, 2, text, o, 4, why), -1);
	return why->msg.key;
}

START_TEST(reads_the_usual_move_spellings)
{
	static const char *const texts[] = { "A PAR - BUR", "a par-bur",
	    "Army Paris to Burgundy", "PAR -> BUR", "par m bur",
	    "A Paris move burgandy", "  A   PAR  -   BUR  " };
	size_t	 i;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		struct dip_order o = one(texts[i]);

		ck_assert_int_eq(o.kind, DIP_MOVE);
		ck_assert_int_eq(o.uloc, tg_loc("PAR"));
		ck_assert_int_eq(o.dest, tg_loc("BUR"));
		ck_assert(!o.via);
	}
	ck_assert_int_eq(one("PAR-BUR").ukind, DIP_ANYKIND);
	ck_assert_int_eq(one("A PAR-BUR").ukind, DIP_ARMY);
}
END_TEST

START_TEST(reads_coast_spellings)
{
	static const char *const texts[] = { "F MAO - SPA/NC",
	    "F MAO - SPA(nc)", "F MAO - SPA nc", "f mao - spa (NC)",
	    "fleet mid-atlantic ocean to spain north coast",
	    "F Mid Atlantic - Spain/nc" };
	size_t	 i;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		struct dip_order o = one(texts[i]);

		ck_assert_msg(o.dest == tg_loc("SPA/NC"), "%s", texts[i]);
		ck_assert_int_eq(o.uloc, tg_loc("MAO"));
	}
}
END_TEST

START_TEST(never_guesses_a_coast)
{
	/* DATC 6.B.1: the board decides, the parser keeps what was written. */
	ck_assert_int_eq(one("F MAO - SPA").dest, tg_loc("SPA"));
	ck_assert_int_eq(one("BUILD F STP").uloc, tg_loc("STP"));
}
END_TEST

START_TEST(reads_supports_convoys_and_holds)
{
	struct dip_order o;

	o = one("A TYR S A VEN - TRI");
	ck_assert_int_eq(o.kind, DIP_SUPPORT);
	ck_assert_int_eq(o.tloc, tg_loc("VEN"));
	ck_assert_int_eq(o.dest, tg_loc("TRI"));
	o = one("Tyrolia supports Venice");
	ck_assert_int_eq(o.kind, DIP_SUPPORT);
	ck_assert_int_eq(o.dest, -1);
	o = one("A TYR S A VEN H");
	ck_assert_int_eq(o.dest, -1);
	o = one("F NTH convoys army London to Belgium");
	ck_assert_int_eq(o.kind, DIP_CONVOY);
	ck_assert_int_eq(o.tkind, DIP_ARMY);
	ck_assert_int_eq(o.tloc, tg_loc("LON"));
	ck_assert_int_eq(o.dest, tg_loc("BEL"));
	ck_assert_int_eq(one("F NTH H").kind, DIP_HOLD);
	ck_assert_int_eq(one("north sea holds").kind, DIP_HOLD);
}
END_TEST

START_TEST(a_name_never_eats_an_order_word)
{
	/* "mars" is an alias of Marseilles: "MAR S" must stay two words. */
	struct dip_order o = one("A MAR S A PAR - BUR");

	ck_assert_int_eq(o.kind, DIP_SUPPORT);
	ck_assert_int_eq(o.uloc, tg_loc("MAR"));
	o = one("F PRU S F BAL");
	ck_assert_int_eq(o.kind, DIP_SUPPORT);
	ck_assert_int_eq(o.tloc, tg_loc("BAL"));
}
END_TEST

START_TEST(reads_via_convoy_and_spelled_routes)
{
	ck_assert(one("A LON - BEL via convoy").via);
	ck_assert(one("A LON - BEL VIA").via);
	ck_assert(one("A LON - NTH - BEL").via);
	ck_assert_int_eq(one("A LON - NTH - BEL").dest, tg_loc("BEL"));
}
END_TEST

START_TEST(reads_several_orders_per_line)
{
	struct dip_order	 o[4];
	struct game_diag	 why;

	ck_assert_int_eq(dip_order_parse(&tg_map, 2,
	    "A PAR - BUR, A MAR S A PAR - BUR; F BRE - MAO", o, 4, &why), 3);
	ck_assert_int_eq(o[2].uloc, tg_loc("BRE"));
}
END_TEST

START_TEST(reads_retreats_builds_and_removals)
{
	ck_assert_int_eq(one("A HOL R BEL").kind, DIP_RETREAT_TO);
	ck_assert_int_eq(one("BUILD F STP/NC").uloc, tg_loc("STP/NC"));
	ck_assert_int_eq(one("build army kiel").ukind, DIP_ARMY);
	ck_assert_int_eq(one("REMOVE A PAR").kind, DIP_REMOVE);
	ck_assert_int_eq(one("A PAR D").kind, DIP_DISBAND);
	ck_assert_int_eq(one("disband a par").kind, DIP_DISBAND);
	ck_assert_int_eq(one("waive").kind, DIP_WAIVE);
}
END_TEST

START_TEST(quotes_the_order_and_suggests_names)
{
	struct game_diag why;

	ck_assert_str_eq(error_of("A Pariss - BUR", &why),
	    "dip.err.unknown_province_hint");
	ck_assert_str_eq(why.msg.args[0], "A Pariss - BUR");
	ck_assert_str_eq(why.msg.args[1], "Pariss");
	ck_assert_ptr_nonnull(strstr(why.msg.args[2], "@dip.prov.par (PAR)"));
	ck_assert_str_eq(error_of("A PAR - Qqqqqqqqq", &why),
	    "dip.err.unknown_province");
	ck_assert_str_eq(error_of("A PAR X BUR", &why),
	    "dip.err.expected_verb");
	ck_assert_str_eq(error_of("A PAR - BUR BUR", &why), "dip.err.trailing");
	ck_assert_str_eq(error_of("F STP/EC - BAR", &why),
	    "dip.err.no_such_coast");
	ck_assert_str_eq(error_of("  ", &why), "dip.err.empty");
	ck_assert_str_eq(error_of("A PAR - BUR, A PAX H", &why),
	    "dip.err.unknown_province_hint");
	ck_assert_str_eq(why.msg.args[0], " A PAX H");
}
END_TEST

/* Three suggestions in English names were 82 bytes, and the third used
 * to be cut to "Western ?" in the reply; as catalog references (issue 16:
 * the reader's catalog names them) three always fit whole. */
START_TEST(suggests_whole_names_that_fit_the_argument)
{
	struct game_diag why;

	ck_assert_str_eq(error_of("F LON - Med", &why),
	    "dip.err.unknown_province_hint");
	ck_assert_str_eq(why.msg.args[2], "@dip.prov.eas (EAS), "
	    "@dip.prov.mao (MAO), @dip.prov.wes (WES)");
	ck_assert_str_eq(error_of("F LON - Nort", &why),
	    "dip.err.unknown_province_hint");
	ck_assert_str_eq(why.msg.args[2], "@dip.prov.naf (NAF), "
	    "@dip.prov.nwg (NWG), @dip.prov.nwy (NWY)");
}
END_TEST

/* The quoted order and the quoted word are cut at 63 bytes: never in
 * the middle of an umlaut, which a mail reader shows as garbage. */
START_TEST(quotes_are_cut_between_characters)
{
	struct game_diag why;
	char		 text[128];
	size_t		 i, n;

	for (n = 0; n < 2; n++) {
		/* "A PAR - X" or "A PAR - XY", then umlauts: the cut at 63
		 * bytes falls once on each byte of an "ä". */
		snprintf(text, sizeof(text), "A PAR - X%s", n ? "Y" : "");
		for (i = 0; i < 40; i++)
			strcat(text, "ä");
		ck_assert_str_eq(error_of(text, &why),
		    "dip.err.unknown_province");
		ck_assert_msg(tg_utf8_complete(why.msg.args[0]), "%s",
		    why.msg.args[0]);
		ck_assert_msg(tg_utf8_complete(why.msg.args[1]), "%s",
		    why.msg.args[1]);
		ck_assert_uint_ge(strlen(why.msg.args[0]), GAME_ARG_MAX - 2);
		ck_assert_int_eq(strncmp(why.msg.args[0], text,
		    strlen(why.msg.args[0])), 0);
		ck_assert_int_eq(strncmp(why.msg.args[1], text + 8,
		    strlen(why.msg.args[1])), 0);
	}
}
END_TEST

/* Issue 16: German players write German orders, with the map's German
 * names in every spelling; both languages are read in every order. */
START_TEST(reads_german_orders)
{
	static const char *const holds[] = { "A M\xc3\xbcnchen h\xc3\xa4lt",
	    "A Muenchen haelt", "A Munchen halt", "Armee M\xc3\x9cNCHEN H",
	    "M\xc3\xbcnchen H\xc3\x84LT", "A Munich h\xc3\xa4lt" };
	struct dip_order o;
	size_t		 i;

	for (i = 0; i < sizeof(holds) / sizeof(holds[0]); i++) {
		o = one(holds[i]);
		ck_assert_msg(o.kind == DIP_HOLD && o.uloc == tg_loc("MUN"),
		    "%s", holds[i]);
	}
	o = one("F Kiel - D\xc3\xa4nemark");
	ck_assert_int_eq(o.kind, DIP_MOVE);
	ck_assert_int_eq(o.ukind, DIP_FLEET);
	ck_assert_int_eq(o.uloc, tg_loc("KIE"));
	ck_assert_int_eq(o.dest, tg_loc("DEN"));
	o = one("Flotte Kiel nach Daenemark");
	ck_assert_int_eq(o.kind, DIP_MOVE);
	ck_assert_int_eq(o.dest, tg_loc("DEN"));
	o = one("A Berlin unterst\xc3\xbctzt A M\xc3\xbcnchen");
	ck_assert_int_eq(o.kind, DIP_SUPPORT);
	ck_assert_int_eq(o.tloc, tg_loc("MUN"));
	ck_assert_int_eq(o.dest, -1);
	o = one("A Berlin U A M\xc3\xbcnchen - Kiel");
	ck_assert_int_eq(o.kind, DIP_SUPPORT);
	ck_assert_int_eq(o.dest, tg_loc("KIE"));
	o = one("A Berlin unterstuetzt A Muenchen nach Kiel");
	ck_assert_int_eq(o.dest, tg_loc("KIE"));
	o = one("Flotte Nordsee konvoiert Armee London nach Norwegen");
	ck_assert_int_eq(o.kind, DIP_CONVOY);
	ck_assert_int_eq(o.uloc, tg_loc("NTH"));
	ck_assert_int_eq(o.tloc, tg_loc("LON"));
	ck_assert_int_eq(o.dest, tg_loc("NWY"));
	ck_assert_int_eq(one("F NTH K A LON - NWY").kind, DIP_CONVOY);
	ck_assert(one("Armee London nach Norwegen per Konvoi").via);
	o = one("F \xc3\x84g\xc3\xa4is - Bulgarien S\xc3\xbc" "dk\xc3\xbcste");
	ck_assert_int_eq(o.uloc, tg_loc("AEG"));
	ck_assert_int_eq(o.dest, tg_loc("BUL/SC"));
	ck_assert_int_eq(one("F Golf von Lyon - Spanien/SK").dest,
	    tg_loc("SPA/SC"));
	o = one("A M\xc3\xbcnchen R\xc3\xbc" "ckzug nach B\xc3\xb6hmen");
	ck_assert_int_eq(o.kind, DIP_RETREAT_TO);
	ck_assert_int_eq(o.dest, tg_loc("BOH"));
	ck_assert_int_eq(one("A Muenchen R Boehmen").dest, tg_loc("BOH"));
}
END_TEST

START_TEST(reads_german_builds_removals_and_waives)
{
	struct dip_order o;

	o = one("Baue A Berlin");
	ck_assert_int_eq(o.kind, DIP_BUILD);
	ck_assert_int_eq(o.ukind, DIP_ARMY);
	ck_assert_int_eq(o.uloc, tg_loc("BER"));
	ck_assert_int_eq(one("Aufbau Flotte Kiel").ukind, DIP_FLEET);
	ck_assert_int_eq(one("Baue F StP/NK").uloc, tg_loc("STP/NC"));
	ck_assert_int_eq(one("Aufbau Flotte Sankt Petersburg "
	    "Nordk\xc3\xbcste").uloc, tg_loc("STP/NC"));
	o = one("Entferne A Wien");
	ck_assert_int_eq(o.kind, DIP_REMOVE);
	ck_assert_int_eq(o.uloc, tg_loc("VIE"));
	ck_assert_int_eq(one("A Wien aufl\xc3\xb6sen").kind, DIP_DISBAND);
	ck_assert_int_eq(one("Verzichte").kind, DIP_WAIVE);
	ck_assert_int_eq(one("kein Aufbau").kind, DIP_WAIVE);
}
END_TEST

/* The suggestions name provinces by catalog reference, so a German
 * reader reads German names: "Muenchn" finds München. */
START_TEST(suggests_german_names_by_reference)
{
	struct game_diag why;

	ck_assert_str_eq(error_of("A Muenchn - Ruhr", &why),
	    "dip.err.unknown_province_hint");
	ck_assert_str_eq(why.msg.args[1], "Muenchn");
	ck_assert_str_eq(why.msg.args[2], "@dip.prov.mun (MUN)");
	ck_assert_str_eq(error_of("F Spanien/OK - MAO", &why),
	    "dip.err.no_such_coast");
	ck_assert_str_eq(why.msg.args[2], "@dip.prov.spa");
}
END_TEST

/* What a reader sees: the canonical text's order words as catalog
 * references, which templates/LANG/dip.txt renders. */
START_TEST(formats_orders_for_the_reader)
{
	static const char *const texts[][2] = {
		{ "A PAR H", "A PAR @dip.ord.hold" },
		{ "A PAR - BUR", "A PAR - BUR" },
		{ "A LON - BEL VIA", "A LON - BEL @dip.ord.via" },
		{ "A TYR S A VEN - TRI", "A TYR @dip.ord.support A VEN - TRI" },
		{ "F NTH C A LON - BEL", "F NTH @dip.ord.convoy A LON - BEL" },
		{ "A HOL R BEL", "A HOL @dip.ord.retreat BEL" },
		{ "A PAR D", "A PAR @dip.ord.disband" },
		{ "BUILD F STP/NC", "@dip.ord.build F STP/NC" },
		{ "REMOVE A PAR", "@dip.ord.remove A PAR" },
		{ "WAIVE", "@dip.ord.waive" },
	};
	struct dip_order o;
	char		 buf[GAME_ARG_MAX];
	size_t		 i;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		o = one(texts[i][0]);
		dip_order_reader(&tg_map, &o, buf, sizeof(buf));
		ck_assert_str_eq(buf, texts[i][1]);
	}
	o = one("F STP/NC S F STP/NC - STP/NC");
	ck_assert_int_lt(dip_order_reader(&tg_map, &o, buf, sizeof(buf)),
	    GAME_ARG_MAX - 4);	/* with a board's prefix "NR: " */
}
END_TEST

START_TEST(formats_what_it_reads_back)
{
	static const char *const texts[] = { "A PAR - BUR", "F MAO - SPA/NC",
	    "A LON - BEL VIA", "A TYR S A VEN - TRI", "A TYR S A VEN",
	    "F NTH C A LON - BEL", "F NTH H", "BUILD F STP/NC",
	    "REMOVE A PAR", "WAIVE", "A HOL R BEL", "A PAR D" };
	size_t	 i;
	char	 buf[64];

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		struct dip_order a = one(texts[i]), b;

		dip_order_format(&tg_map, &a, buf, sizeof(buf));
		ck_assert_str_eq(buf, texts[i]);
		b = one(buf);
		ck_assert_int_eq(memcmp(&a, &b, sizeof(a)), 0);
	}
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/diplomacy/order");
	TCase	*t = tcase_create("order");

	tcase_add_checked_fixture(t, tg_map_setup, NULL);
	tcase_add_test(t, reads_the_usual_move_spellings);
	tcase_add_test(t, reads_coast_spellings);
	tcase_add_test(t, never_guesses_a_coast);
	tcase_add_test(t, reads_supports_convoys_and_holds);
	tcase_add_test(t, a_name_never_eats_an_order_word);
	tcase_add_test(t, reads_via_convoy_and_spelled_routes);
	tcase_add_test(t, reads_several_orders_per_line);
	tcase_add_test(t, reads_retreats_builds_and_removals);
	tcase_add_test(t, quotes_the_order_and_suggests_names);
	tcase_add_test(t, suggests_whole_names_that_fit_the_argument);
	tcase_add_test(t, quotes_are_cut_between_characters);
	tcase_add_test(t, formats_what_it_reads_back);
	tcase_add_test(t, reads_german_orders);
	tcase_add_test(t, reads_german_builds_removals_and_waives);
	tcase_add_test(t, suggests_german_names_by_reference);
	tcase_add_test(t, formats_orders_for_the_reader);
	suite_add_tcase(s, t);
	return s;
}
