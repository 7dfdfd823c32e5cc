/*
 * test_map_standard.c - adjudicator/diplomacy/map_standard.c: the map
 * compiled in when the program is built (mapgen.c) is, byte for byte,
 * the map dip_map_load() makes of maps/standard.map now, so the text
 * stays the one source; and it plays: the opening position and a move
 * of the DATC read and adjudicate on it as on the loaded map (issue 18).
 */
#include "tests/unit/test.h"
#include <string.h>

#include "adjudicator/diplomacy/dip.h"

static struct dip_map	 loaded, compiled;

static void
setup(void)
{
	struct game_diag why;

	ck_assert_int_eq(dip_map_load(dip_standard_map_text, &loaded, &why),
	    0);
	memset(&compiled, 0xa5, sizeof(compiled));
	dip_map_standard(&compiled);
}

START_TEST(is_the_map_the_text_loads_to)
{
	const unsigned char	*a = (const unsigned char *)&loaded;
	const unsigned char	*b = (const unsigned char *)&compiled;
	size_t			 i;

	for (i = 0; i < sizeof(loaded) && a[i] == b[i]; i++)
		;
	ck_assert_msg(i == sizeof(loaded), "byte %zu of %zu differs: "
	    "rebuild build/gen/dip_standard_image.c", i, sizeof(loaded));
}
END_TEST

START_TEST(plays_as_the_loaded_map)
{
	struct dip_state	 st;
	struct dip_order	 o[2];
	struct game_diag	 why;
	static struct dip_report	 rep;
	static struct dip_scratch	 sc;

	ck_assert_int_eq(compiled.nprov, 75);
	ck_assert_int_eq(compiled.nstart, 22);
	ck_assert_int_eq(dip_map_find(&compiled, "stpetersburg"),
	    dip_map_locname(&compiled, "STP"));
	dip_state_init(&st, &compiled, 0);
	ck_assert_int_eq(st.nunits, 22);
	ck_assert_int_eq(dip_order_parse(&compiled, dip_map_power(&compiled,
	    "GER"), "A Munich - Burgundy", &o[0], 1, &why), 1);
	ck_assert_int_eq(dip_order_parse(&compiled, dip_map_power(&compiled,
	    "FRA"), "A Paris - Burgundy", &o[1], 1, &why), 1);
	ck_assert_int_eq(dip_adjudicate(&st, o, 2, &rep, &sc), 0);
	/* A bounce, as in DATC 6.A.11. */
	ck_assert_int_eq(rep.out[0].result, DIP_FAILS);
	ck_assert_int_eq(rep.out[1].result, DIP_FAILS);
	ck_assert_int_eq(rep.out[0].why, DIP_W_BOUNCE);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/diplomacy/map_standard");
	TCase	*t = tcase_create("map_standard");

	tcase_add_checked_fixture(t, setup, NULL);
	tcase_add_test(t, is_the_map_the_text_loads_to);
	tcase_add_test(t, plays_as_the_loaded_map);
	suite_add_tcase(s, t);
	return s;
}
