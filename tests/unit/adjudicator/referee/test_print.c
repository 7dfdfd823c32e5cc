/*
 * test_print.c - adjudicator/referee/print.c: a side's console name. The
 * English seat name in lower case, blanks as '-'; "seatN" where the
 * catalog has none or one too long for REFEREE_SIDE_MAX. Such a name
 * used to be cut to 31 bytes, and two seats could end up with one name.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "adjudicator/referee/referee.h"

extern const struct game_ops wkw_ops;

static char	 dir[64];

static void
path_of(char *p, size_t len, const char *rel)
{
	snprintf(p, len, "%s/%s", dir, rel);
}

/* A catalog whose two weekeewachee seats have the given names. */
static struct catalog *
seats(const char *white, const char *black)
{
	struct catalog	*c;
	char		 p[128], why[256];
	FILE		*f;

	strcpy(dir, "/tmp/pbemd-referee-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	path_of(p, sizeof(p), "en");
	ck_assert_int_eq(mkdir(p, 0700), 0);
	path_of(p, sizeof(p), "en/wkw.txt");
	ck_assert_ptr_nonnull(f = fopen(p, "w"));
	fprintf(f, "wkw.seat.0 = %s\nwkw.seat.1 = %s\n", white, black);
	fclose(f);
	c = catalog_load(dir, "en", NULL, why, sizeof(why));
	ck_assert_msg(c != NULL, "%s", why);
	remove(p);
	path_of(p, sizeof(p), "en");
	remove(p);
	remove(dir);
	return c;
}

START_TEST(a_side_is_named_by_its_english_seat_name)
{
	struct catalog		*c = seats("Light Side", "Black");
	struct referee_out	 o = { stdout, &wkw_ops, c, c };
	char			 name[REFEREE_SIDE_MAX];

	referee_print_side(&o, 0, name);
	ck_assert_str_eq(name, "light-side");
	referee_print_side(&o, GAME_SEAT_GM, name);
	ck_assert_str_eq(name, "gm");
	ck_assert_int_eq(referee_print_parse_side(&o, "Light-Side"), 0);
	ck_assert_int_eq(referee_print_parse_side(&o, "black"), 1);
	catalog_free(c);
}
END_TEST

START_TEST(a_seat_name_too_long_for_a_side_is_seat_n)
{
	struct catalog		*c = seats(
	    "The Players Of The Light Pieces Of This Board",
	    "The Players Of The Light Pieces Of That Board");
	struct referee_out	 o = { stdout, &wkw_ops, c, c };
	char			 name[REFEREE_SIDE_MAX];

	referee_print_side(&o, 0, name);
	ck_assert_str_eq(name, "seat0");
	referee_print_side(&o, 1, name);
	ck_assert_str_eq(name, "seat1");
	ck_assert_int_eq(referee_print_parse_side(&o, "seat1"), 1);
	ck_assert_int_eq(referee_print_parse_side(&o,
	    "the-players-of-the-light-pieces"), REFEREE_NOSIDE);
	catalog_free(c);
	/* 31 bytes still fit. */
	c = seats("The Players Of The Light Pieces", "Black");
	o.cat = o.en = c;
	referee_print_side(&o, 0, name);
	ck_assert_str_eq(name, "the-players-of-the-light-pieces");
	catalog_free(c);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/referee/print");
	TCase	*t = tcase_create("side");

	tcase_add_test(t, a_side_is_named_by_its_english_seat_name);
	tcase_add_test(t, a_seat_name_too_long_for_a_side_is_seat_n);
	suite_add_tcase(s, t);
	return s;
}
