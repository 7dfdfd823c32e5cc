/*
 * test_print.c - adjudicator/referee/print.c: a side's console name. The
 * English seat name in lower case, blanks as '-'; "seatN" where the
 * catalog has none or one too long for REFEREE_SIDE_MAX. Such a name
 * used to be cut to 31 bytes, and two seats could end up with one name.
 * A cell line's SHADE word: the ground and the marks over it.
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

/*
 * Issue 15: a cell carries its ground and its marks apart; the line
 * names both ("cloud+mark"), and a flat ground beside a mark not at all.
 */
START_TEST(a_cell_line_names_its_ground_and_marks)
{
	static const struct {
		int		 shade, marks;
		const char	*want;		/* NULL: no line */
	} c[] = {
		{ GAME_SHADE_PLAIN, 0, NULL },
		{ GAME_SHADE_DARK, 0, NULL },
		{ GAME_SHADE_PLAIN, GAME_MARK_ZONE, "zone" },
		{ GAME_SHADE_PLAIN, GAME_MARK_LAST, "mark" },
		{ GAME_SHADE_DARK, GAME_MARK_LAST, "mark" },
		{ GAME_SHADE_PLAIN, GAME_MARK_ZONE | GAME_MARK_LAST,
		    "zone+mark" },
		{ GAME_SHADE_CLOUD, 0, "cloud" },
		{ GAME_SHADE_EDGE, 0, "edge" },
		{ GAME_SHADE_CLOUD, GAME_MARK_LAST, "cloud+mark" },
		{ GAME_SHADE_EDGE, GAME_MARK_ZONE, "edge+zone" },
		{ GAME_SHADE_CLOUD, GAME_MARK_ZONE | GAME_MARK_LAST,
		    "cloud+zone+mark" },
		{ 200, GAME_MARK_LAST | 0x80, "mark" },
	};
	struct catalog		*cat = seats("White", "Black");
	struct game_view	*v = calloc(1, sizeof(*v));
	struct referee_out	 o = { NULL, &wkw_ops, cat, cat };
	char			*out = NULL, want[64];
	size_t			 len = 0;
	int			 i, n = (int)(sizeof(c) / sizeof(c[0]));

	ck_assert_ptr_nonnull(v);
	v->seat = GAME_SEAT_GM;
	v->cells.shape = GAME_CELL_SQUARE;
	v->cells.rows = 1;
	v->cells.cols = n;
	v->cells.n = n;
	for (i = 0; i < n; i++) {
		v->cells.cell[i].col = (int16_t)i;
		v->cells.cell[i].shade = (uint8_t)c[i].shade;
		v->cells.cell[i].marks = (uint8_t)c[i].marks;
		snprintf(v->cells.cell[i].name, sizeof(v->cells.cell[i].name),
		    "c%d", i % 100);
	}
	ck_assert_ptr_nonnull(o.f = open_memstream(&out, &len));
	referee_print_view(&o, v);
	fclose(o.f);
	for (i = 0; i < n; i++) {
		snprintf(want, sizeof(want), "\ncell c%d 0 %d none - ", i, i);
		if (c[i].want == NULL) {
			ck_assert_msg(strstr(out, want) == NULL, "%s", out);
			continue;
		}
		strcat(want, c[i].want);
		strcat(want, "\n");
		ck_assert_msg(strstr(out, want) != NULL, "no%s in\n%s", want,
		    out);
	}
	free(out);
	free(v);
	catalog_free(cat);
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
	t = tcase_create("cell");
	tcase_add_test(t, a_cell_line_names_its_ground_and_marks);
	suite_add_tcase(s, t);
	return s;
}
