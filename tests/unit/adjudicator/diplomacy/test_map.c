/*
 * test_map.c - adjudicator/diplomacy/map.c: the standard map loads with
 * the counts of the research data, names resolve (the German ones in
 * every spelling, and the names the catalogs print), and a damaged map
 * file is refused with the line that is wrong.
 */
#include "tests/unit/test.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/diplomacy/dip.h"
#include "adjudicator/render/catalog.h"


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

/*
 * "Did you mean" is asked for keys of several words joined, up to twice
 * as long as a name (order.c, unknown_province). A key of DIP_NAME_MAX
 * letters is still near a long name; a longer one is near none. Issue
 * 18: the names by length were read past their table for a key of 49
 * letters or more (found by fuzz_case; UBSan reports it here).
 */
START_TEST(suggests_for_keys_as_long_as_any_name_and_longer)
{
	char	 key[DIP_NAME_MAX * 2];
	int	 out[3];

	/* 32 letters, 9 edits from "mittelatlantischerozean" (limit 10). */
	snprintf(key, sizeof(key), "%sxxxxxxxxx", "mittelatlantischerozean");
	ck_assert_int_eq(dip_map_suggest(&map, key, out, 3), 1);
	ck_assert_str_eq(map.prov[out[0]].abbr, "MAO");
	strcat(key, "mittelatlantischerozean");
	ck_assert_int_eq(dip_map_suggest(&map, key, out, 3), 0);
	memset(key, 'q', sizeof(key) - 1);
	key[sizeof(key) - 1] = '\0';
	ck_assert_int_eq(dip_map_suggest(&map, key, out, 3), 0);
}
END_TEST

/* Issue 18: names and locations are found through hash indexes; every
 * one of them is found there, in any case, and nothing else is. */
START_TEST(the_indexes_find_every_name_and_location)
{
	char	 low[8];
	size_t	 j;
	int	 i;

	for (i = 0; i < map.nnames; i++)
		ck_assert_msg(dip_map_find(&map, map.names[i].key) ==
		    map.names[i].prov, "%s", map.names[i].key);
	for (i = 0; i < map.nlocs; i++) {
		ck_assert_int_eq(dip_map_locname(&map, map.loc[i].name), i);
		for (j = 0; j < sizeof(low) && map.loc[i].name[j]; j++)
			low[j] = (char)tolower((unsigned char)map.loc[i].name[j]);
		low[j] = '\0';
		ck_assert_int_eq(dip_map_locname(&map, low), i);
	}
	ck_assert_int_eq(dip_map_locname(&map, "StP/nC"),
	    dip_map_loc(&map, dip_map_locname(&map, "STP"), DIP_NC));
	ck_assert_int_eq(dip_map_find(&map, ""), -1);
	ck_assert_int_eq(dip_map_find(&map, "xqz"), -1);
	ck_assert_int_eq(dip_map_find(&map, "parisparisparisparisparisparisparis"),
	    -1);
	ck_assert_int_eq(dip_map_locname(&map, ""), -1);
	ck_assert_int_eq(dip_map_locname(&map, "Paris"), -1);
	ck_assert_int_eq(dip_map_locname(&map, "STP/NCXXXXXX"), -1);
	ck_assert_int_gt(map.nwords, 50);
}
END_TEST

/* The province a name as written finds, or -1. */
static int
find(const char *name)
{
	char	 key[DIP_NAME_MAX];

	dip_map_key(name, strlen(name), key, sizeof(key));
	return dip_map_find(&map, key);
}

static void
finds(const char *name, const char *abbr)
{
	ck_assert_msg(find(name) == dip_map_locname(&map, abbr),
	    "%s is not %s", name, abbr);
}

/* Issue 16: the German names of the NAME records, as German players
 * write them: with umlauts, without, as ae/oe/ue, ß as ss, any case. */
START_TEST(finds_the_german_names_in_every_spelling)
{
	finds("M\xc3\xbcnchen", "MUN");
	finds("Munchen", "MUN");
	finds("MUENCHEN", "MUN");
	finds("D\xc3\xa4nemark", "DEN");
	finds("Daenemark", "DEN");
	finds("Wien", "VIE");
	finds("Nordsee", "NTH");
	finds("\xc3\x84g\xc3\xa4is", "AEG");
	finds("Aegaeis", "AEG");
	finds("Agais", "AEG");
	finds("Aegais", "AEG");
	finds("\xc3\x84G\xc3\x84ISCHES MEER", "AEG");
	finds("Preu\xc3\x9f" "en", "PRU");
	finds("Preussen", "PRU");
	finds("\xc3\x96stliches Mittelmeer", "EAS");
	finds("Oestliches Mittelmeer", "EAS");
	finds("Golf von Lyon", "LYO");
	finds("L\xc3\xb6wengolf", "LYO");
	finds("Sankt Petersburg", "STP");
	finds("Konstantinopel", "CON");
	finds("Kiel", "KIE");
	/* The English names and aliases stay. */
	finds("Munich", "MUN");
	finds("Vienna", "VIE");
	/* A letter outside ASCII that is no German one is left out of the
	 * key, and the word says so. */
	ck_assert(dip_map_plain("M\xc3\xbcnchen Stra\xc3\x9f" "e", 16));
	ck_assert(!dip_map_plain("Caf\xc3\xa9", 5));
	ck_assert(map.nnames < DIP_MAX_NAMES);
}
END_TEST

/*
 * The reports print a province's name from the reader's catalog
 * (templates/LANG/provinces.txt, "@dip.prov.mun"; issue 16): every
 * province has one in each language, the English one is the map's, the
 * German one reads back as the same province in orders, and there is
 * no other.
 */
START_TEST(the_catalogs_name_every_province)
{
	static const char *const langs[] = { "en", "de" };
	struct catalog	*c;
	const char	*t, *k;
	char		 why[256] = "", key[32], abbr[4];
	size_t		 l, i, n;
	int		 p;

	for (l = 0; l < 2; l++) {
		c = catalog_load("templates", langs[l], NULL, why, sizeof(why));
		ck_assert_msg(c != NULL, "%s", why);
		for (p = 0; p < map.nprov; p++) {
			for (i = 0; i < 4; i++)
				abbr[i] = (char)tolower(
				    (unsigned char)map.prov[p].abbr[i]);
			snprintf(key, sizeof(key), "dip.prov.%s", abbr);
			ck_assert_msg((t = catalog_get(c, key)) != NULL,
			    "%s: no %s", langs[l], key);
			if (l == 0)
				ck_assert_str_eq(t, map.prov[p].name);
			ck_assert_msg(find(t) == p, "%s: %s is not %s",
			    langs[l], t, map.prov[p].abbr);
		}
		for (i = 0, n = 0; i < catalog_size(c); i++) {
			k = catalog_key_at(c, i);
			n += strncmp(k, "dip.prov.", 9) == 0;
		}
		ck_assert_uint_eq(n, (size_t)map.nprov);
		catalog_free(c);
	}
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

/* A German name is checked as any name: one naming another province,
 * an unknown province, a language code that is none, an empty form. */
START_TEST(refuses_a_bad_name_record)
{
	refuses("NAME KIE de Kiel", "NAME KIE de Kiel | Berlin");
	refuses("NAME KIE de Kiel", "NAME KIE de Kiel | M\xc3\xbcnchen");
	refuses("NAME KIE de Kiel", "NAME XYZ de Kiel");
	refuses("NAME KIE de Kiel", "NAME KIE deu Kiel");
	refuses("NAME KIE de Kiel", "NAME KIE de Kiel | ");
	refuses("NAME KIE de Kiel", "NAME KIE de");
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
	tcase_add_test(t, suggests_for_keys_as_long_as_any_name_and_longer);
	tcase_add_test(t, the_indexes_find_every_name_and_location);
	tcase_add_test(t, finds_the_german_names_in_every_spelling);
	tcase_add_test(t, the_catalogs_name_every_province);
	tcase_add_test(t, refuses_a_one_sided_adjacency);
	tcase_add_test(t, refuses_wrong_counts);
	tcase_add_test(t, refuses_an_unknown_record);
	tcase_add_test(t, refuses_an_unknown_province);
	tcase_add_test(t, refuses_names_and_records_too_long_for_their_fields);
	tcase_add_test(t, refuses_a_bad_name_record);
	suite_add_tcase(s, t);
	return s;
}
