/*
 * test_mapgeo.c - adjudicator/render/mapgeo.c and mapgeo_outline.c: the
 * standard map's drawing (maps/standard.geo, compiled in) against the map
 * itself (maps/standard.map through dip_map_load()): every province drawn
 * with its anchors inside it, no drawn border between provinces that are
 * not adjacent, outlines that cover their tiles; and small texts the
 * loader must refuse.
 */
#include "tests/unit/test.h"
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/diplomacy/dip.h"
#include "adjudicator/render/mapgeo.h"

static struct mapgeo	*geo;
static struct dip_map	*map;

static void
setup(void)
{
	struct game_diag	 why;
	char			 msg[256];

	geo = mapgeo_standard(msg, sizeof(msg));
	ck_assert_msg(geo != NULL, "maps/standard.geo: %s", msg);
	map = malloc(sizeof(*map));
	ck_assert_ptr_nonnull(map);
	ck_assert_int_eq(dip_map_load(dip_standard_map_text, map, &why), 0);
}

static void
teardown(void)
{
	mapgeo_free(geo);
	free(map);
}

/* The map's province numbered like the drawing's area a, or -1. */
static int
prov_of(int a)
{
	char	 key[DIP_NAME_MAX];

	if (mapgeo_terrain(geo, a) == MAPGEO_WALL)
		return -1;
	dip_map_key(mapgeo_name(geo, a), strlen(mapgeo_name(geo, a)), key,
	    sizeof(key));
	return dip_map_find(map, key);
}

static bool
adjacent(int p, int q)
{
	return dip_set_has(&map->any_adj[p], q);
}

START_TEST(standard_geometry_loads_with_its_size)
{
	ck_assert_int_eq(mapgeo_width(geo), 960);
	ck_assert_int_eq(mapgeo_height(geo), 780);
	/* 75 provinces and Switzerland; no other wall is needed. */
	ck_assert_int_eq(mapgeo_areas(geo), 76);
	ck_assert_int_eq(mapgeo_terrain(geo, mapgeo_find(geo, "SWI")),
	    MAPGEO_WALL);
	ck_assert_int_gt(mapgeo_borders(geo), 150);
}
END_TEST

START_TEST(every_province_is_drawn_with_its_kind_and_anchors)
{
	static const int	 terrain[] = { [DIP_LAND] = MAPGEO_LAND,
	    [DIP_COAST] = MAPGEO_COAST, [DIP_SEA] = MAPGEO_SEA };
	const struct dip_province *p;
	double			 x, y;
	int			 i, a, drawn = 0;

	for (i = 0; i < map->nprov; i++) {
		p = &map->prov[i];
		a = mapgeo_find(geo, p->abbr);
		ck_assert_msg(a >= 0, "%s is not drawn", p->abbr);
		ck_assert_msg((int)mapgeo_terrain(geo, a) ==
		    terrain[p->terrain], "%s: terrain %d", p->abbr,
		    mapgeo_terrain(geo, a));
		ck_assert_msg(mapgeo_label(geo, a, &x, &y) == 0 &&
		    mapgeo_unit(geo, p->abbr, &x, &y) == 0 &&
		    mapgeo_dislodged(geo, a, &x, &y) == 0, "%s: anchors",
		    p->abbr);
		ck_assert_msg((mapgeo_centre(geo, a, &x, &y) == 0) ==
		    p->centre, "%s: centre", p->abbr);
		drawn++;
	}
	ck_assert_int_eq(drawn, 75);
	/* Every area of the drawing is a province, or a wall. */
	for (a = 0; a < mapgeo_areas(geo); a++)
		ck_assert_msg(prov_of(a) >= 0 || mapgeo_terrain(geo, a) ==
		    MAPGEO_WALL, "area %s", mapgeo_name(geo, a));
}
END_TEST

/* A fleet on a split coast has a spot of its own, in its province, on
 * the side of that coast's seas. */
START_TEST(each_coast_has_its_own_spot)
{
	static const struct {
		const char	*loc, *sea;
	} coasts[] = {
		{ "STP/NC", "BAR" }, { "STP/SC", "BOT" }, { "SPA/NC", "MAO" },
		{ "SPA/SC", "WES" }, { "BUL/EC", "BLA" }, { "BUL/SC", "AEG" },
	};
	double	 x, y, ox, oy, sx, sy, dmine, dother;
	size_t	 i;
	int	 n = 0, l;

	for (l = 0; l < map->nlocs; l++)
		if (map->loc[l].coast != DIP_NOCOAST) {
			ck_assert_msg(mapgeo_unit(geo, map->loc[l].name, &x,
			    &y) == 0, "%s has no spot", map->loc[l].name);
			ck_assert(mapgeo_inside(geo, mapgeo_find(geo,
			    map->loc[l].name), x, y));
			n++;
		}
	ck_assert_int_eq(n, 6);
	for (i = 0; i < sizeof(coasts) / sizeof(coasts[0]); i++) {
		ck_assert_int_eq(mapgeo_unit(geo, coasts[i].loc, &x, &y), 0);
		/* The other coast of the same province. */
		ck_assert_int_eq(mapgeo_unit(geo, coasts[i ^ 1].loc, &ox, &oy),
		    0);
		ck_assert_int_eq(mapgeo_label(geo, mapgeo_find(geo,
		    coasts[i].sea), &sx, &sy), 0);
		dmine = (x - sx) * (x - sx) + (y - sy) * (y - sy);
		dother = (ox - sx) * (ox - sx) + (oy - sy) * (oy - sy);
		ck_assert_msg(dmine < dother, "%s is farther from %s than %s",
		    coasts[i].loc, coasts[i].sea, coasts[i ^ 1].loc);
	}
	ck_assert_int_eq(mapgeo_unit(geo, "PAR/NC", &x, &y), -1);
	ck_assert_int_eq(mapgeo_unit(geo, "stp/nc", &x, &y), 0);
}
END_TEST

/*
 * The rule the drawing is made by: two provinces whose drawn areas share
 * a border are adjacent on the map (for an army or a fleet, any coast).
 * Checked on the drawn borders and again on the tiles they come from.
 */
START_TEST(drawn_borders_join_only_adjacent_provinces)
{
	int	 i, a, b, p, q, c, r, cols, rows, k, n = 0;
	double	 x, y;

	for (i = 0; i < mapgeo_borders(geo); i++) {
		mapgeo_border(geo, i, NULL, &a, &b);
		ck_assert_int_lt(a, b);
		if ((p = prov_of(a)) < 0 || (q = prov_of(b)) < 0)
			continue;
		ck_assert_msg(adjacent(p, q), "%s and %s share a border but "
		    "are not adjacent", mapgeo_name(geo, a),
		    mapgeo_name(geo, b));
		n++;
	}
	ck_assert_int_gt(n, 150);
	/* The tiles: each with its six neighbours (odd rows sit right). */
	mapgeo_grid(geo, &cols, &rows);
	for (r = 0; r < rows; r++)
		for (c = 0; c < cols; c++) {
			static const int d[2][6][2] = {
				{ { -1, 0 }, { 1, 0 }, { -1, -1 }, { 0, -1 },
				    { -1, 1 }, { 0, 1 } },
				{ { -1, 0 }, { 1, 0 }, { 0, -1 }, { 1, -1 },
				    { 0, 1 }, { 1, 1 } } };

			a = mapgeo_tile(geo, c, r);
			ck_assert_int_ge(a, 0);
			for (k = 0; k < 6; k++) {
				b = mapgeo_tile(geo, c + d[r & 1][k][0],
				    r + d[r & 1][k][1]);
				if (b < 0 || b == a || (p = prov_of(a)) < 0 ||
				    (q = prov_of(b)) < 0)
					continue;
				mapgeo_tile_centre(geo, c, r, &x, &y);
				ck_assert_msg(adjacent(p, q), "tile %d,%d "
				    "(%.0f %.0f): %s touches %s", c, r, x, y,
				    mapgeo_name(geo, a), mapgeo_name(geo, b));
			}
		}
}
END_TEST

/*
 * The other way round is the ideal, not the rule: a map adjacency with
 * no shared border is reported. The standard drawing has none; a few
 * would still leave the arrows between neighbours readable.
 */
START_TEST(map_adjacencies_without_a_border_are_reported)
{
	bool	 drawn[DIP_MAX_PROVINCES][DIP_MAX_PROVINCES];
	int	 i, a, b, p, q, pairs = 0, missing = 0;

	memset(drawn, 0, sizeof(drawn));
	for (i = 0; i < mapgeo_borders(geo); i++) {
		mapgeo_border(geo, i, NULL, &a, &b);
		if ((p = prov_of(a)) >= 0 && (q = prov_of(b)) >= 0)
			drawn[p][q] = drawn[q][p] = true;
	}
	for (p = 0; p < map->nprov; p++)
		for (q = p + 1; q < map->nprov; q++) {
			if (!adjacent(p, q))
				continue;
			pairs++;
			if (!drawn[p][q]) {
				fprintf(stderr, "test_mapgeo: %s-%s adjacent, "
				    "no shared border\n", map->prov[p].abbr,
				    map->prov[q].abbr);
				missing++;
			}
		}
	/* The map's 111 army and 141 fleet pairs make 206 pairs of
	 * provinces (coasts merged, many pairs both). */
	ck_assert_int_eq(pairs, 206);
	ck_assert_int_le(missing, 3);
}
END_TEST

/*
 * A province's label, unit, dislodged unit and centre lie inside its own
 * area as drawn, and inside no other; the same with cairo's own test of
 * the path mapgeo_path() gives.
 */
START_TEST(anchors_lie_inside_their_own_area)
{
	cairo_surface_t	*sf = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
	cairo_t		*cr = cairo_create(sf);
	double		 pt[4][2];
	int		 a, o, k, n;

	for (a = 0; a < mapgeo_areas(geo); a++) {
		if (mapgeo_terrain(geo, a) == MAPGEO_WALL)
			continue;
		n = 0;
		n += mapgeo_label(geo, a, &pt[n][0], &pt[n][1]) == 0;
		n += mapgeo_unit(geo, mapgeo_name(geo, a), &pt[n][0],
		    &pt[n][1]) == 0;
		n += mapgeo_dislodged(geo, a, &pt[n][0], &pt[n][1]) == 0;
		n += mapgeo_centre(geo, a, &pt[n][0], &pt[n][1]) == 0;
		ck_assert_int_ge(n, 3);
		cairo_new_path(cr);
		mapgeo_path(geo, a, cr);
		for (k = 0; k < n; k++) {
			ck_assert_msg(cairo_in_fill(cr, pt[k][0], pt[k][1]),
			    "%s: anchor %d (%.1f %.1f) outside its path",
			    mapgeo_name(geo, a), k, pt[k][0], pt[k][1]);
			for (o = 0; o < mapgeo_areas(geo); o++)
				ck_assert_msg(mapgeo_inside(geo, o, pt[k][0],
				    pt[k][1]) == (o == a), "%s: anchor %d "
				    "in %s", mapgeo_name(geo, a), k,
				    mapgeo_name(geo, o));
		}
	}
	cairo_destroy(cr);
	cairo_surface_destroy(sf);
}
END_TEST

/* A label of three capitals (about 26 by 12 pixels) fits in its area. */
START_TEST(labels_have_room_in_their_area)
{
	double	 x, y;
	int	 a, dx, dy;

	for (a = 0; a < mapgeo_areas(geo); a++) {
		if (mapgeo_label(geo, a, &x, &y) != 0)
			continue;
		for (dx = -1; dx <= 1; dx++)
			for (dy = -1; dy <= 1; dy += 2)
				ck_assert_msg(mapgeo_inside(geo, a,
				    x + 12 * dx, y + 5 * dy), "%s: label box",
				    mapgeo_name(geo, a));
	}
}
END_TEST

/* Smoothing moves no border past a tile's centre: every tile's centre
 * is inside its own area's outline, and no tile is left uncovered. */
START_TEST(outlines_cover_their_tiles)
{
	double	 x, y;
	int	 c, r, cols, rows, a;

	mapgeo_grid(geo, &cols, &rows);
	for (r = 0; r < rows; r++)
		for (c = 0; c < cols; c++) {
			mapgeo_tile_centre(geo, c, r, &x, &y);
			a = mapgeo_tile(geo, c, r);
			ck_assert_msg(mapgeo_inside(geo, a, x, y), "tile %d,%d "
			    "of %s", c, r, mapgeo_name(geo, a));
		}
}
END_TEST

START_TEST(find_ignores_case_and_coast)
{
	int	 a = mapgeo_find(geo, "STP");

	ck_assert_int_ge(a, 0);
	ck_assert_int_eq(mapgeo_find(geo, "stp/sc"), a);
	ck_assert_int_eq(mapgeo_find(geo, "Stp"), a);
	ck_assert_int_eq(mapgeo_find(geo, "XYZ"), -1);
	ck_assert_str_eq(mapgeo_name(geo, a), "STP");
	ck_assert_int_eq(mapgeo_label(geo, -1, NULL, NULL), -1);
	ck_assert_int_eq(mapgeo_centre(geo, mapgeo_find(geo, "NTH"), NULL,
	    NULL), -1);
}
END_TEST

/*
 * A three-area geometry the loader accepts (two land provinces A and B
 * and a sea S, in columns), and what it refuses when one thing is wrong.
 */
#define TINY_HEAD	"GEO tiny 1\nSIZE 40 40\nGRID 6 6 10\n"	\
	"AREA AAA LAND\nAREA BBB COAST\nAREA SSS SEA\n"
#define TINY_ROW	"ROW AAA AAA BBB BBB SSS SSS\n"
#define TINY_ROWS	TINY_ROW TINY_ROW TINY_ROW TINY_ROW TINY_ROW TINY_ROW
#define TINY_ANCHORS	"LABEL AAA 5 20\nUNIT AAA 5 25\nDISLODGED AAA 6 30\n" \
	"LABEL BBB 25 20\nUNIT BBB 25 25\nDISLODGED BBB 26 30\n"	\
	"LABEL SSS 38 20\nUNIT SSS 38 25\nDISLODGED SSS 38 30\n"

static const struct {
	const char	*name, *text, *why;
} tiny[] = {
	{ "good", TINY_HEAD TINY_ROWS TINY_ANCHORS, NULL },
	{ "version", "GEO tiny 2\n", "version" },
	{ "first record", "SIZE 40 40\n", "begin with GEO" },
	{ "unknown record", TINY_HEAD "COLOUR AAA red\n", "unknown record" },
	{ "unknown area", TINY_HEAD "ROW AAA QQQ BBB BBB SSS SSS\n",
	    "unknown area" },
	{ "short row", TINY_HEAD "ROW AAA BBB SSS\n", "3 tiles, not 6" },
	{ "missing rows", TINY_HEAD TINY_ROW TINY_ANCHORS, "rows of tiles" },
	{ "grid too small", "GEO tiny 1\nSIZE 400 40\nGRID 6 6 10\n",
	    "do not cover" },
	{ "twice", TINY_HEAD "AREA AAA SEA\n", "twice" },
	{ "in pieces", TINY_HEAD TINY_ROW TINY_ROW
	    "ROW BBB AAA BBB BBB SSS SSS\nROW AAA BBB BBB BBB SSS SSS\n"
	    TINY_ROW TINY_ROW TINY_ANCHORS, "in pieces" },
	{ "no unit", TINY_HEAD TINY_ROWS "LABEL AAA 5 20\nDISLODGED AAA 6 30\n",
	    "lacks" },
	{ "label outside", TINY_HEAD TINY_ROWS
	    "LABEL AAA 25 20\nUNIT AAA 5 25\nDISLODGED AAA 6 30\n"
	    "LABEL BBB 25 20\nUNIT BBB 25 25\nDISLODGED BBB 26 30\n"
	    "LABEL SSS 38 20\nUNIT SSS 38 25\nDISLODGED SSS 38 30\n",
	    "label of AAA" },
	{ "anchor off the map", TINY_HEAD "LABEL AAA 5 41\n", "from 0 to 40" },
	{ "coast of a wall", TINY_HEAD "AREA WWW WALL\nUNIT WWW/NC 1 1\n",
	    "no province" },
};

START_TEST(broken_geometries_are_refused)
{
	struct mapgeo	*g;
	char		 why[256] = "";

	g = mapgeo_load(tiny[_i].text, why, sizeof(why));
	if (tiny[_i].why == NULL) {
		ck_assert_msg(g != NULL, "%s: %s", tiny[_i].name, why);
		ck_assert_int_eq(mapgeo_areas(g), 3);
		ck_assert_int_eq(mapgeo_borders(g), 2);
	} else {
		ck_assert_msg(g == NULL, "%s: accepted", tiny[_i].name);
		ck_assert_msg(strstr(why, tiny[_i].why) != NULL, "%s: \"%s\"",
		    tiny[_i].name, why);
	}
	mapgeo_free(g);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/render/mapgeo");
	TCase	*tc = tcase_create("standard");
	TCase	*tb = tcase_create("refused");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, standard_geometry_loads_with_its_size);
	tcase_add_test(tc, every_province_is_drawn_with_its_kind_and_anchors);
	tcase_add_test(tc, each_coast_has_its_own_spot);
	tcase_add_test(tc, drawn_borders_join_only_adjacent_provinces);
	tcase_add_test(tc, map_adjacencies_without_a_border_are_reported);
	tcase_add_test(tc, anchors_lie_inside_their_own_area);
	tcase_add_test(tc, labels_have_room_in_their_area);
	tcase_add_test(tc, outlines_cover_their_tiles);
	tcase_add_test(tc, find_ignores_case_and_coast);
	suite_add_tcase(s, tc);
	tcase_add_loop_test(tb, broken_geometries_are_refused, 0,
	    (int)(sizeof(tiny) / sizeof(tiny[0])));
	suite_add_tcase(s, tb);
	return s;
}
