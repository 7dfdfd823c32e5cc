/*
 * test_board.c - the KlinZha board tables against the numbers of the rules
 * (rules/klinzha.md 2.1-2.7, 3.7): 81 fields, 45 up and 36 down, the
 * points 24/24/24/9 and the nine half fields, the corner labels, E-38 as a
 * down field, the honeycomb distances, the rays from E-37, the zones of
 * the worked examples, Meder's fortress and the cloud layouts of maps/.
 * The expected values are copied from the rules text into this file.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <string.h>

#include "adjudicator/klinzha/kz.h"

static int
field(const char *name)
{
	int	 len, f = kz_board_field(name, &len);

	ck_assert_msg(f >= 0, "no field %s", name);
	return f;
}

/* "E-27 D-27 ..." into a sorted list of names, for comparing sets. */
static void
names(const int *f, int n, char *out, size_t outlen)
{
	char	 list[KZ_FIELDS][6], t[6];
	size_t	 m = 0;
	int	 i, j;

	for (i = 0; i < n; i++)
		kz_board_name(f[i], list[i]);
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (strcmp(list[j], list[i]) < 0) {
				memcpy(t, list[i], 6);
				memcpy(list[i], list[j], 6);
				memcpy(list[j], t, 6);
			}
	out[0] = '\0';
	for (i = 0; i < n; i++)
		m += (size_t)snprintf(out + m, outlen - m, "%s%s", i ? " " : "",
		    list[i]);
}

START_TEST(has_81_fields_45_up_36_down)
{
	int	 f, up = 0, down = 0;

	for (f = 0; f < KZ_FIELDS; f++) {
		int s = kz_abc[f][0] + kz_abc[f][1] + kz_abc[f][2];

		ck_assert(s == 10 || s == 11);
		if (kz_board_up(f))
			up++;
		else
			down++;
		/* Dense index (r-1)^2 + k-1 (2.2). */
		ck_assert_int_eq(kz_board_row(f) * kz_board_row(f) +
		    kz_board_col(f), f);
		ck_assert_int_eq(kz_board_col(f) % 2 == 0, kz_board_up(f));
	}
	ck_assert_int_eq(up, 45);
	ck_assert_int_eq(down, 36);
}
END_TEST

START_TEST(labels_corners_and_e38)
{
	char	 n[6];
	int	 f;

	kz_board_name(0, n);
	ck_assert_str_eq(n, "A-19");
	kz_board_name(64, n);
	ck_assert_str_eq(n, "I-11");
	kz_board_name(80, n);
	ck_assert_str_eq(n, "I-99");
	f = field("E-38");
	ck_assert(!kz_board_up(f));
	ck_assert_int_eq(kz_abc[f][0], 3);
	ck_assert_int_eq(kz_abc[f][1], 2);
	ck_assert_int_eq(kz_abc[f][2], 5);
	ck_assert_int_eq(field("e38"), f);
	ck_assert_int_eq(field("E38"), f);
	ck_assert_int_lt(kz_board_field("E-39x", NULL), 0 + 81);
	ck_assert_int_lt(kz_board_field("J-11", NULL), 0);
	ck_assert_int_lt(kz_board_field("E-11", NULL), 0);	/* no field */
	ck_assert_int_lt(kz_board_field("E-385", NULL), 0);
	/* Every label is unique and reads back. */
	for (f = 0; f < KZ_FIELDS; f++) {
		kz_board_name(f, n);
		ck_assert_int_eq(field(n), f);
	}
}
END_TEST

START_TEST(points_24_24_24_and_9_half_fields)
{
	int	 n[4] = { 0 }, half[KZ_FIELDS], nh = 0, f;
	char	 s[256];

	for (f = 0; f < KZ_FIELDS; f++) {
		n[kz_point[f]]++;
		if (kz_point[f] == KZ_HALF)
			half[nh++] = f;
	}
	ck_assert_int_eq(n[KZ_APEX], 24);
	ck_assert_int_eq(n[KZ_LEFT], 24);
	ck_assert_int_eq(n[KZ_RIGHT], 24);
	ck_assert_int_eq(n[KZ_HALF], 9);
	names(half, nh, s, sizeof(s));
	ck_assert_str_eq(s, "E-15 E-59 F-26 F-36 F-47 F-48 G-46 H-46 I-55");
	/* Full fields of different points never share a side. */
	for (f = 0; f < KZ_FIELDS; f++)
		for (int i = 0; i < 3; i++) {
			int g = kz_nb[f][i];

			if (g >= 0 && kz_point[f] != KZ_HALF &&
			    kz_point[g] != KZ_HALF)
				ck_assert_int_eq(kz_point[f], kz_point[g]);
		}
	/* Donick's Gold set-up lies in the apex point, Green's in the left. */
	ck_assert_int_eq(kz_point[field("E-37")], KZ_APEX);
	ck_assert_int_eq(kz_point[field("D-39")], KZ_APEX);
	ck_assert_int_eq(kz_point[field("G-35")], KZ_LEFT);
	ck_assert_int_eq(kz_point[field("G-25")], KZ_LEFT);
	/* With half-fields a point has 30 set-up fields. */
	for (int p = 0; p < 3; p++) {
		int k = 0;

		for (f = 0; f < KZ_FIELDS; f++)
			k += kz_board_in_point(f, p, true);
		ck_assert_int_eq(k, 30);
	}
	ck_assert(kz_board_in_point(field("E-15"), KZ_APEX, true));
	ck_assert(kz_board_in_point(field("E-15"), KZ_LEFT, true));
	ck_assert(!kz_board_in_point(field("E-15"), KZ_RIGHT, true));
	ck_assert(!kz_board_in_point(field("E-15"), KZ_APEX, false));
}
END_TEST

START_TEST(neighbours_and_honeycomb_distances)
{
	int	 f, i, deg[4] = { 0 }, ring[5] = { 0 }, c = field("E-37");

	for (f = 0; f < KZ_FIELDS; f++) {
		int d = 0;

		for (i = 0; i < 3; i++)
			if (kz_nb[f][i] >= 0) {
				d++;
				/* Symmetric, and up borders down. */
				ck_assert_int_eq(kz_dist[kz_nb[f][i]][f], 1);
				ck_assert(kz_board_up(kz_nb[f][i]) !=
				    kz_board_up(f));
			}
		deg[d]++;
	}
	ck_assert_int_eq(deg[1], 3);	/* the corners */
	ck_assert_int_eq(deg[2], 21);	/* 7 more edge up fields a side */
	ck_assert_int_eq(deg[3], 57);
	for (f = 0; f < KZ_FIELDS; f++)
		if (kz_dist[c][f] >= 1 && kz_dist[c][f] <= 4)
			ring[kz_dist[c][f]]++;
	ck_assert_int_eq(ring[1], 3);
	ck_assert_int_eq(ring[2], 6);
	ck_assert_int_eq(ring[3], 9);
	ck_assert_int_eq(ring[4], 12);
	/* Meder S2: C-28 is four side-steps from the corner A-19. */
	ck_assert_int_eq(kz_dist[field("A-19")][field("C-28")], 4);
}
END_TEST

/* 2.4: the rays from E-37, in order along each direction. */
START_TEST(rays_from_e37)
{
	static const char *const want[] = {
		"E-38 E-48 E-49 E-59",
		"E-27 E-26 E-16 E-15",
		"F-37 F-36 G-36 G-35 H-35 H-34 I-34 I-33",
		"E-38 D-38 D-39 C-39",
		"F-37 F-47 G-47 G-57 H-57 H-67 I-67 I-77",
		"E-27 D-27 D-17 C-17",
	};
	char	 got[KZ_DIRS][128], n[6];
	int	 c = field("E-37"), d, i, w, found;

	for (d = 0; d < KZ_DIRS; d++) {
		size_t m = 0;

		got[d][0] = '\0';
		for (i = 0; kz_ray[c][d][i] >= 0; i++) {
			kz_board_name(kz_ray[c][d][i], n);
			m += (size_t)snprintf(got[d] + m, sizeof(got[d]) - m,
			    "%s%s", i ? " " : "", n);
		}
	}
	for (w = 0; w < KZ_DIRS; w++) {
		found = 0;
		for (d = 0; d < KZ_DIRS; d++)
			found += strcmp(got[d], want[w]) == 0;
		ck_assert_msg(found == 1, "ray %s", want[w]);
	}
	/* A straight line keeps the row letter or one of the digits. */
	for (d = 0; d < KZ_DIRS; d++)
		for (i = 0; kz_ray[c][d][i] >= 0; i++) {
			const char *l = kz_label[kz_ray[c][d][i]];

			ck_assert(l[0] == 'E' || l[1] == '3' || l[2] == '7');
		}
	ck_assert_int_eq(kz_board_ray_index(c, field("H-34"), NULL), 6);
	ck_assert_int_eq(kz_board_ray_index(c, field("D-28"), NULL), -1);
}
END_TEST

/* 3.7: zones of the worked examples are the side neighbours. */
START_TEST(zones_of_the_examples)
{
	static const char *const ex[][2] = {
		{ "D-27", "D-17 D-28 E-27" },
		{ "C-28", "C-18 C-29 D-28" },
		{ "A-19", "B-19" },
		{ "D-38", "D-28 D-39 E-38" },
	};
	char	 s[64];
	int	 z[3], n, i, e;

	for (e = 0; e < 4; e++) {
		int b = field(ex[e][0]);

		for (n = i = 0; i < 3; i++)
			if (kz_nb[b][i] >= 0)
				z[n++] = kz_nb[b][i];
		names(z, n, s, sizeof(s));
		ck_assert_str_eq(s, ex[e][1]);
	}
}
END_TEST

/* Meder S2: a Blockader on C-28 seals A-19, B-18, B-19, B-29 against every
 * walking piece: no path from outside avoids its zone. */
START_TEST(meders_fortress)
{
	bool	 seen[KZ_FIELDS] = { false };
	int	 queue[KZ_FIELDS], head = 0, tail = 0, b = field("C-28"), f, i;

	seen[b] = true;
	for (i = 0; i < 3; i++)
		seen[kz_nb[b][i]] = true;	/* the zone is closed */
	queue[tail++] = field("I-55");
	seen[queue[0]] = true;
	while (head < tail) {
		f = queue[head++];
		for (i = 0; i < 3; i++) {
			int g = kz_nb[f][i];

			if (g >= 0 && !seen[g]) {
				seen[g] = true;
				queue[tail++] = g;
			}
		}
	}
	ck_assert(!seen[field("A-19")] || false);
	ck_assert_int_eq(tail, KZ_FIELDS - 4 - 4);
	/* The reached set misses exactly the four corner fields. */
	for (f = 0; f < KZ_FIELDS; f++)
		if (!seen[f]) {
			char n[6];

			kz_board_name(f, n);
			ck_assert_msg(strstr("A-19 B-18 B-19 B-29", n) != NULL,
			    "%s cut off", n);
		}
}
END_TEST

/* maps/klinzha/: every layout reads, the clouded ones keep the limit. */
START_TEST(cloud_layouts_of_maps)
{
	struct game_diag	 why;
	char			 c[KZ_FIELDS];
	int			 i, point, n = 0;

	for (i = 0; kz_layouts[i].name != NULL; i++, n++)
		ck_assert_int_eq(kz_clouds_layout(kz_layouts[i].name, c,
		    &why), 0);
	ck_assert_int_ge(n, 3);
	ck_assert_int_eq(kz_clouds_layout("light", c, &why), 0);
	ck_assert_int_eq(kz_clouds_check(c, &point), 0);
	ck_assert_int_eq(kz_clouds_layout("heavy", c, &why), 0);
	ck_assert_int_eq(kz_clouds_check(c, &point), 0);
	ck_assert_int_eq(kz_clouds_layout("blind", c, &why), 0);
	ck_assert_int_eq(kz_clouds_check(c, &point), -1);
	ck_assert_int_eq(kz_clouds_layout("nosuch", c, &why), -1);
	ck_assert_str_eq(why.msg.key, "kz.err.layout");
	/* 7 cloud fields in a corner pass, 8 fail; half fields not counted. */
	memset(c, KZ_CLEAR, sizeof(c));
	c[field("I-55")] = c[field("G-46")] = c[field("H-46")] = KZ_CLOUD;
	for (i = 64, n = 0; n < 7; i++)
		if (kz_point[i] == KZ_LEFT) {
			c[i] = KZ_CLOUD;
			n++;
		}
	ck_assert_int_eq(kz_clouds_check(c, &point), 0);
	for (; kz_point[i] != KZ_LEFT || c[i] == KZ_CLOUD; i++)
		;
	c[i] = KZ_CLOUD;
	ck_assert_int_eq(kz_clouds_check(c, &point), -1);
	ck_assert_int_eq(point, KZ_LEFT);
}
END_TEST

/* Decision 11: a lattice step keeps up fields up and loses what leaves. */
START_TEST(cloud_shift_is_a_translation)
{
	int	 f, d, g, back[KZ_DIRS] = { 1, 0, 3, 2, 5, 4 };

	for (d = 0; d < KZ_DIRS; d++)
		for (f = 0; f < KZ_FIELDS; f++)
			if ((g = kz_board_shift(f, d)) >= 0) {
				ck_assert_int_eq(kz_board_up(f),
				    kz_board_up(g));
				ck_assert_int_eq(kz_board_shift(g, back[d]), f);
			}
	/* East along row E. */
	ck_assert_int_eq(kz_board_shift(field("E-37"), 0), field("E-48"));
	ck_assert_int_eq(kz_board_shift(field("E-59"), 0), -1);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/klinzha/board");
	TCase	*t = tcase_create("board");

	tcase_add_test(t, has_81_fields_45_up_36_down);
	tcase_add_test(t, labels_corners_and_e38);
	tcase_add_test(t, points_24_24_24_and_9_half_fields);
	tcase_add_test(t, neighbours_and_honeycomb_distances);
	tcase_add_test(t, rays_from_e37);
	tcase_add_test(t, zones_of_the_examples);
	tcase_add_test(t, meders_fortress);
	tcase_add_test(t, cloud_layouts_of_maps);
	tcase_add_test(t, cloud_shift_is_a_translation);
	suite_add_tcase(s, t);
	return s;
}
