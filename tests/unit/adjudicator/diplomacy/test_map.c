/*
 * test_map.c - adjudicator/diplomacy/map.c: the standard map loads with
 * the counts of the research data, names resolve, and a damaged map file
 * is refused with the line that is wrong.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/diplomacy/dip.h"


static struct dip_map	 map;

static void
setup(void)
{
	struct game_diag why;

	ck_assert_int_eq(dip_map_load(dip_standard_map_text, &map, &why), 0);
}

START_TEST(loads_the_standard_counts)
{
	int	 i, centres = 0, sea = 0, land = 0;

	ck_assert_int_eq(map.nprov, 75);
	ck_assert_int_eq(map.nlocs, 81);
	ck_assert_int_eq(map.npowers, 7);
	ck_assert_int_eq(map.nstart, 22);
	for (i = 0; i < map.nprov; i++) {
		centres += map.prov[i].centre;
		sea += map.prov[i].terrain == DIP_SEA;
		land += map.prov[i].terrain == DIP_LAND;
	}
	ck_assert_int_eq(centres, 34);
	ck_assert_int_eq(sea, 19);
	ck_assert_int_eq(land, 14);
}
END_TEST

START_TEST(finds_abbreviations_names_and_aliases)
{
	char	 key[DIP_NAME_MAX];
	int	 stp = dip_map_locname(&map, "STP");

	dip_map_key("St. Petersburg", 14, key, sizeof(key));
	ck_assert_int_eq(dip_map_find(&map, key), stp);
	ck_assert_int_eq(dip_map_find(&map, "stp"), stp);
	ck_assert_int_eq(dip_map_find(&map, "midatlanticocean"),
	    dip_map_locname(&map, "MAO"));
	ck_assert_int_eq(dip_map_find(&map, "nor"),
	    dip_map_locname(&map, "NWY"));
	ck_assert_int_eq(dip_map_find(&map, "switzerland"), -1);
}
END_TEST

START_TEST(keeps_coasts_apart)
{
	int	 nc = dip_map_locname(&map, "STP/NC");
	int	 sc = dip_map_locname(&map, "stp/sc");
	int	 bot = dip_map_locname(&map, "BOT");
	int	 bar = dip_map_locname(&map, "BAR");

	ck_assert_int_ge(nc, map.nprov);
	ck_assert(dip_set_has(&map.fleet_adj[sc], bot));
	ck_assert(!dip_set_has(&map.fleet_adj[nc], bot));
	ck_assert(dip_set_has(&map.fleet_adj[nc], bar));
	ck_assert(dip_set_has(&map.fleet_reach[bot], map.loc[sc].prov));
}
END_TEST

START_TEST(suggests_near_names)
{
	int	 out[3], n;

	n = dip_map_suggest(&map, "pariss", out, 3);
	ck_assert_int_ge(n, 1);
	ck_assert_str_eq(map.prov[out[0]].abbr, "PAR");
	ck_assert_int_eq(dip_map_suggest(&map, "qqqqqqqqqq", out, 3), 0);
}
END_TEST

/* The map text with one line replaced, for the refusal tests. */
static char *
damaged(const char *from, const char *to)
{
	const char	*at = strstr(dip_standard_map_text, from);
	size_t		 len = strlen(dip_standard_map_text);
	char		*s;

	ck_assert_ptr_nonnull(at);
	s = calloc(1, len + strlen(to) + 1);
	memcpy(s, dip_standard_map_text, (size_t)(at - dip_standard_map_text));
	strcat(s, to);
	strcat(s, at + strlen(from));
	return s;
}

static void
refuses(const char *from, const char *to)
{
	static struct dip_map	 bad;
	struct game_diag	 why;
	char			*text = damaged(from, to);

	ck_assert_int_eq(dip_map_load(text, &bad, &why), -1);
	ck_assert_str_eq(why.msg.key, "dip.map.bad");
	free(text);
}

START_TEST(refuses_a_one_sided_adjacency)
{
	refuses("ARMY ALB : GRE SER TRI", "ARMY ALB : GRE SER TRI BUD");
}
END_TEST

START_TEST(refuses_wrong_counts)
{
	refuses("COUNTS 75 34", "COUNTS 76 34");
}
END_TEST

START_TEST(refuses_an_unknown_record)
{
	refuses("MAP standard 1", "MAPP standard 1");
}
END_TEST

START_TEST(refuses_an_unknown_province)
{
	refuses("UNIT AUS A BUD", "UNIT AUS A XYZ");
}
END_TEST

/*
 * Names that do not fit their fields are refused, not cut: a cut name
 * could match a word an order cuts the same way (dip.h, DIP_NAME_MAX),
 * and a record's fields past MAP_FIELDS would have been dropped.
 */
START_TEST(refuses_names_and_records_too_long_for_their_fields)
{
	char	 many[512];
	int	 i;

	refuses("PROVINCE BOH  LAND  -  -   -     Bohemia",
	    "PROVINCE BOH  LAND  -  -   -     Kingdom of Bohemia, Margraviate of Moravia");
	refuses("ALIAS ADR adriatic",
	    "ALIAS ADR adriaticadriaticadriaticadriatic");
	refuses("ALIAS ADR adriatic",
	    "ALIAS ADR adriaticadriaticadriaticadriati");
	refuses("POWER AUS Austria Austrian",
	    "POWER AUS Austria-Hungarian Austrian");
	refuses("POWER AUS Austria Austrian", "POWER AUST Austria Austrian");
	snprintf(many, sizeof(many), "ALIAS ADR adriatic");
	for (i = 0; i < 50; i++)
		snprintf(many + strlen(many), sizeof(many) - strlen(many),
		    " adr%c%c", 'a' + i / 26, 'a' + i % 26);
	refuses("ALIAS ADR adriatic", many);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/diplomacy/map");
	TCase	*t = tcase_create("map");

	tcase_add_checked_fixture(t, setup, NULL);
	tcase_add_test(t, loads_the_standard_counts);
	tcase_add_test(t, finds_abbreviations_names_and_aliases);
	tcase_add_test(t, keeps_coasts_apart);
	tcase_add_test(t, suggests_near_names);
	tcase_add_test(t, refuses_a_one_sided_adjacency);
	tcase_add_test(t, refuses_wrong_counts);
	tcase_add_test(t, refuses_an_unknown_record);
	tcase_add_test(t, refuses_an_unknown_province);
	tcase_add_test(t, refuses_names_and_records_too_long_for_their_fields);
	suite_add_tcase(s, t);
	return s;
}
