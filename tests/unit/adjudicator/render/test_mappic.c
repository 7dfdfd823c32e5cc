/*
 * test_mappic.c - adjudicator/render/mappic*.c: map pictures of hand-built
 * views (support_mapview.c), decoded back with cairo and sampled where
 * the geometry says each thing is: land and sea, owners, units, every
 * order kind with each outcome, dislodged units and zombies, the legend;
 * the PNG itself (size, bytes, no time stamp, same view same bytes).
 */
#include "tests/unit/test.h"
#include <cairo.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/render/catalog.h"
#include "adjudicator/render/mappic.h"
#include "adjudicator/render/paintbox.h"
#include "tests/unit/adjudicator/render/support_mapview.h"

enum { AUS, ENG, FRA, GER, ITA, RUS, TUR };

/* The colours the picture promises (mappic.c, mappic_board.c). */
static const uint32_t power_rgb[7] = {
	0xd55e00, 0x0072b2, 0x56b4e9, 0x5a5a5a, 0x009e73, 0xcc79a7, 0xf0e442
};
#define LAND	0xf0e7cf
#define SEA	0xa9cae6
#define INK	0x161616
#define WHITE	0xffffff
#define FAINT	0x8c8c8c
#define OPTION	0x3a3a3a

static struct catalog		*cat;
static struct mapgeo		*geo;
static struct game_mapview	*mv;

static void
setup(void)
{
	char	 why[256];

	cat = catalog_load("templates", "en", NULL, why, sizeof(why));
	ck_assert_msg(cat != NULL, "%s", why);
	geo = mapgeo_standard(why, sizeof(why));
	ck_assert_msg(geo != NULL, "%s", why);
	mv = malloc(sizeof(*mv));
	ck_assert_ptr_nonnull(mv);
	tmv_init(mv, 1);
	tmv_phase(mv, 0, "S1901M", true, "");
}

static void
teardown(void)
{
	catalog_free(cat);
	mapgeo_free(geo);
	free(mv);
}

static struct buf
png(int b)
{
	struct buf	 out;

	buf_init(&out);
	ck_assert_int_eq(mappic_png(cat, mv, b, &out), 0);
	return out;
}

struct reader {
	const struct buf	*b;
	size_t			 off;
};

static cairo_status_t
read_png(void *closure, unsigned char *data, unsigned int len)
{
	struct reader	*r = closure;

	if (r->b->len - r->off < len)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, r->b->data + r->off, len);
	r->off += len;
	return CAIRO_STATUS_SUCCESS;
}

static cairo_surface_t *
decode(const struct buf *b)
{
	struct reader	 r = { b, 0 };
	cairo_surface_t	*s;

	s = cairo_image_surface_create_from_png_stream(read_png, &r);
	ck_assert_int_eq(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
	return s;
}

/* The picture of board 0 of mv, decoded. */
static cairo_surface_t *
draw(void)
{
	struct buf	 b = png(0);
	cairo_surface_t	*s = decode(&b);

	buf_free(&b);
	return s;
}

/* 0xRRGGBB at map point (x, y). */
static uint32_t
pixel(cairo_surface_t *s, double x, double y)
{
	unsigned char	*d = cairo_image_surface_get_data(s);
	int		 stride = cairo_image_surface_get_stride(s);
	double		 ox, oy;
	int		 px, py;

	mappic_origin(geo, &ox, &oy);
	px = (int)floor(x + ox);
	py = (int)floor(y + oy);
	ck_assert(px >= 0 && py >= 0 && px < cairo_image_surface_get_width(s) &&
	    py < cairo_image_surface_get_height(s));
	return ((uint32_t *)(void *)(d + py * stride))[px] & 0xffffff;
}

static bool
near(uint32_t a, uint32_t b, int tol)
{
	int	 dr = (int)(a >> 16) - (int)(b >> 16);
	int	 dg = (int)(a >> 8 & 255) - (int)(b >> 8 & 255);
	int	 db = (int)(a & 255) - (int)(b & 255);

	return dr * dr + dg * dg + db * db <= tol * tol;
}

/* Whether some pixel within r of (x, y) is near rgb. */
static bool
seen(cairo_surface_t *s, double x, double y, double r, uint32_t rgb)
{
	double	 dx, dy;

	for (dy = -r; dy <= r; dy += 1)
		for (dx = -r; dx <= r; dx += 1)
			if (near(pixel(s, x + dx, y + dy), rgb, 24))
				return true;
	return false;
}

/* The share of points from t0 to t1 of the way a -> b near rgb. */
static double
along(cairo_surface_t *s, const double a[2], const double b[2], double t0,
    double t1, uint32_t rgb)
{
	double	 len = hypot(b[0] - a[0], b[1] - a[1]), t;
	int	 n = 0, hit = 0;

	for (t = t0; t <= t1; t += 0.5 / len) {
		n++;
		hit += near(pixel(s, a[0] + t * (b[0] - a[0]),
		    a[1] + t * (b[1] - a[1])), rgb, 40);
	}
	return n > 0 ? (double)hit / n : 0;
}

static void
at(const char *loc, double p[2])
{
	ck_assert_msg(mapgeo_unit(geo, loc, &p[0], &p[1]) == 0, "%s", loc);
}

static void
aside(const char *prov, double p[2])
{
	ck_assert(mapgeo_dislodged(geo, mapgeo_find(geo, prov), &p[0],
	    &p[1]) == 0);
}

/* PNG chunk types in order, e.g. "IHDR PLTE IDAT IEND ". */
static void
chunks(const struct buf *b, char *out, size_t outlen)
{
	const unsigned char	*p = (const unsigned char *)b->data;
	size_t			 off = 8, n;

	out[0] = '\0';
	while (off + 12 <= b->len) {
		n = (size_t)p[off] << 24 | (size_t)p[off + 1] << 16 |
		    (size_t)p[off + 2] << 8 | p[off + 3];
		if (strlen(out) + 6 < outlen)
			snprintf(out + strlen(out), outlen - strlen(out),
			    "%.4s ", (const char *)p + off + 4);
		off += 12 + n;
	}
	ck_assert_uint_eq(off, b->len);
}

static void (*const samples[])(struct game_mapview *) = {
	tmv_opening, tmv_battle, tmv_zombie, tmv_zombie
};

/* Every sample board: a PNG of the promised size, indexed, at most
 * 150 KB, with no time stamp or text. */
START_TEST(png_decodes_to_its_size_within_150_kb)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r',
	    '\n', 0x1a, '\n' };
	struct buf	 b;
	cairo_surface_t	*s;
	char		 types[256];
	int		 w, h, board = _i == 3;

	samples[_i](mv);
	b = png(board);
	ck_assert(b.len > 8 && memcmp(b.data, sig, 8) == 0);
	ck_assert_msg(b.len <= 150 * 1024, "sample %d: %zu bytes", _i, b.len);
	ck_assert_uint_eq((unsigned char)b.data[25], 3);	/* palette */
	chunks(&b, types, sizeof(types));
	ck_assert_msg(strstr(types, "tIME") == NULL &&
	    strstr(types, "tEXt") == NULL && strstr(types, "zTXt") == NULL &&
	    strstr(types, "iTXt") == NULL, "chunks %s", types);
	mappic_size(geo, &w, &h);
	ck_assert_int_eq(w, 960);
	ck_assert_int_eq(h, 780 + 30 + 28);
	s = decode(&b);
	ck_assert_int_eq(cairo_image_surface_get_width(s), w);
	ck_assert_int_eq(cairo_image_surface_get_height(s), h);
	cairo_surface_destroy(s);
	buf_free(&b);
}
END_TEST

START_TEST(same_view_gives_the_same_bytes)
{
	struct buf	 a, b, c;

	tmv_battle(mv);
	a = png(0);
	tmv_zombie(mv);
	c = png(1);	/* nothing may carry over from call to call */
	tmv_battle(mv);
	b = png(0);
	ck_assert_uint_eq(a.len, b.len);
	ck_assert(memcmp(a.data, b.data, a.len) == 0);
	buf_free(&a);
	buf_free(&b);
	buf_free(&c);
}
END_TEST

static struct buf
png_box(struct paintbox *box, int b)
{
	struct buf	 out;

	buf_init(&out);
	ck_assert_int_eq(mappic_png_box(box, cat, mv, b, &out), 0);
	return out;
}

static void
same_bytes(const struct buf *a, const struct buf *b, const char *what)
{
	ck_assert_msg(a->len == b->len && memcmp(a->data, b->data,
	    a->len) == 0, "%s: %zu and %zu bytes", what, a->len, b->len);
}

/*
 * Issue 18: a paintbox keeps the grounds it drew (who owns which
 * centre); a map on a kept ground, or after others took its place, is
 * the same bytes as one drawn with a fresh paintbox.
 */
START_TEST(kept_grounds_give_the_same_bytes_as_fresh_ones)
{
	static void (*const views[])(struct game_mapview *) = { tmv_opening,
	    tmv_battle, tmv_zombie, tmv_battle, tmv_opening, tmv_zombie,
	    tmv_opening };
	struct paintbox	*box;
	struct buf	 kept, fresh;
	char		 why[256], what[32];
	size_t		 i;
	int		 b;

	box = paintbox_new(why, sizeof(why));
	ck_assert_msg(box != NULL, "%s", why);
	for (i = 0; i < sizeof(views) / sizeof(views[0]); i++) {
		views[i](mv);
		for (b = 0; b < mv->nboards; b++) {
			kept = png_box(box, b);
			fresh = png(b);
			snprintf(what, sizeof(what), "view %zu board %d", i, b);
			same_bytes(&kept, &fresh, what);
			buf_free(&kept);
			buf_free(&fresh);
		}
	}
	/* The opening's ground, with one more centre owned, is another. */
	tmv_opening(mv);
	kept = png_box(box, 0);
	tmv_centre(mv, 0, "BEL", 2);
	fresh = png_box(box, 0);
	ck_assert(kept.len != fresh.len || memcmp(kept.data, fresh.data,
	    kept.len) != 0);
	buf_free(&kept);
	kept = png(0);
	same_bytes(&kept, &fresh, "BEL owned");
	buf_free(&kept);
	buf_free(&fresh);
	paintbox_free(box);
}
END_TEST

/* The PLTE chunk of a PNG (its length in *n), or NULL. */
static const unsigned char *
plte(const struct buf *png, size_t *n)
{
	const unsigned char	*p = (const unsigned char *)png->data + 8;
	const unsigned char	*end = (const unsigned char *)png->data + png->len;
	size_t			 len;

	while (end - p >= 12) {
		len = (size_t)p[0] << 24 | (size_t)p[1] << 16 |
		    (size_t)p[2] << 8 | p[3];
		if ((size_t)(end - p) < 12 + len)
			break;
		if (memcmp(p + 4, "PLTE", 4) == 0) {
			*n = len;
			return p + 8;
		}
		p += 12 + len;
	}
	return NULL;
}

/*
 * Issue 18: the palette of a map is its ground's (who owns which
 * centre), with the colours drawn over it, not chosen from the picture:
 * two pictures on one ground, whatever their units and orders, carry the
 * same palette, so the rows they share are the same bytes.
 */
START_TEST(pictures_on_one_ground_share_their_palette)
{
	struct buf		 a, b;
	const unsigned char	*pa, *pb;
	size_t			 na = 0, nb = 0;

	tmv_opening(mv);
	a = png(0);
	tmv_opening(mv);
	tmv_unit(mv, 0, 0, 'A', "GAL", GAME_MAP_UNIT);
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_FAILED, 0, 'A', "VIE", "VIE",
	    "TYR");
	b = png(0);
	ck_assert(a.len != b.len || memcmp(a.data, b.data, a.len) != 0);
	pa = plte(&a, &na);
	pb = plte(&b, &nb);
	ck_assert(pa != NULL && pb != NULL);
	ck_assert_uint_eq(na, nb);
	ck_assert(memcmp(pa, pb, na) == 0);
	buf_free(&a);
	buf_free(&b);
}
END_TEST

/*
 * Issue 18: a map is drawn band by band, and a band whose orders, units,
 * title and legend a kept band showed is taken, not drawn. So each order
 * and each unit must be found in every band it inks: the battle and the
 * zombie boards drawn just after the same view without one of their
 * orders, or one of their units (most bands kept, the others drawn
 * alone), are the same bytes as drawn with a fresh paintbox.
 */
static void
each_one_left_out(void (*view)(struct game_mapview *), int b)
{
	struct game_mapview	*part;
	struct paintbox		*box;
	struct buf		 fresh, kept, first;
	char			 why[256], what[64];
	int			 i, n, k;

	part = malloc(sizeof(*part));
	ck_assert(part != NULL);
	view(mv);
	fresh = png(b);
	for (k = 0; k < 2; k++) {
		n = k == 0 ? mv->board[b].norders : mv->board[b].nunits;
		for (i = 0; i < n; i++) {
			*part = *mv;
			if (k == 0) {
				memmove(&part->board[b].order[i],
				    &part->board[b].order[i + 1], (size_t)(n -
				    i - 1) * sizeof(part->board[b].order[0]));
				part->board[b].norders--;
			} else {
				memmove(&part->board[b].unit[i],
				    &part->board[b].unit[i + 1], (size_t)(n -
				    i - 1) * sizeof(part->board[b].unit[0]));
				part->board[b].nunits--;
			}
			box = paintbox_new(why, sizeof(why));
			ck_assert_msg(box != NULL, "%s", why);
			buf_init(&first);
			ck_assert_int_eq(mappic_png_box(box, cat, part, b,
			    &first), 0);
			kept = png_box(box, b);
			snprintf(what, sizeof(what), "board %d without %s %d",
			    b, k == 0 ? "order" : "unit", i);
			same_bytes(&kept, &fresh, what);
			buf_free(&first);
			buf_free(&kept);
			paintbox_free(box);
		}
	}
	buf_free(&fresh);
	free(part);
}

START_TEST(bands_kept_from_other_pictures_give_the_same_bytes)
{
	each_one_left_out(tmv_battle, 0);
	each_one_left_out(tmv_zombie, 0);
	each_one_left_out(tmv_zombie, 1);
}
END_TEST

START_TEST(a_changed_view_gives_other_bytes)
{
	struct buf	 a, b;

	tmv_opening(mv);
	a = png(0);
	snprintf(mv->board[0].unit[0].at, GAME_MAP_PLACE, "GAL");
	b = png(0);
	ck_assert(a.len != b.len || memcmp(a.data, b.data, a.len) != 0);
	buf_free(&b);
	tmv_opening(mv);
	mv->board[0].results = true;	/* the title says "results" */
	b = png(0);
	ck_assert(a.len != b.len || memcmp(a.data, b.data, a.len) != 0);
	buf_free(&a);
	buf_free(&b);
}
END_TEST

START_TEST(a_board_the_view_lacks_is_refused)
{
	struct buf	 b;

	buf_init(&b);
	tmv_opening(mv);
	ck_assert_int_eq(mappic_png(cat, mv, 1, &b), -1);
	ck_assert_int_eq(mappic_png(cat, mv, -1, &b), -1);
	mv->nboards = 0;
	ck_assert_int_eq(mappic_png(cat, mv, 0, &b), -1);
	mv->nboards = GAME_MAP_BOARDS + 1;
	ck_assert_int_eq(mappic_png(cat, mv, 0, &b), -1);
	ck_assert_uint_eq(b.len, 0);
	buf_free(&b);
}
END_TEST

/* A place the drawing does not know is left out, not refused. */
START_TEST(unknown_places_are_left_out)
{
	struct buf	 a, b;

	tmv_opening(mv);
	a = png(0);
	tmv_unit(mv, 0, AUS, 'A', "XYZ", GAME_MAP_UNIT);
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_OK, AUS, 'A', "XYZ", "",
	    "PAR");
	tmv_order(mv, 0, GAME_MAP_SUPPORT, GAME_MAP_OK, AUS, 'A', "VIE",
	    "BUD", "QQQ/NC");
	tmv_centre(mv, 0, "ZZZ", AUS);
	mv->board[0].count[AUS]--;	/* the legend's count stays */
	b = png(0);
	ck_assert_uint_eq(a.len, b.len);
	ck_assert(memcmp(a.data, b.data, a.len) == 0);
	buf_free(&a);
	buf_free(&b);
}
END_TEST

/*
 * A view no game would make: every text field full to its last byte with
 * no NUL, counts beyond their arrays, kinds, marks and outcomes out of
 * range. The picture is drawn from what can be read, and nothing is read
 * beyond a field (AddressSanitizer watches).
 */
START_TEST(a_hostile_view_is_drawn_without_harm)
{
	struct game_map_board	*b = &mv->board[0];
	struct buf		 out;
	int			 i;

	memset(mv, 0xc3, sizeof(*mv));
	/* A bool holds true or false, whatever else is wrong. */
	b->results = true;
	for (i = 0; i < GAME_MAP_ORDERS; i++)
		b->order[i].convoyed = i % 2;
	mv->nboards = 1;
	mv->npowers = 99;
	b->ncentres = 1000;
	b->nunits = 1000;
	b->norders = 1000;
	memset(b->title, 'Z', sizeof(b->title));
	memset(b->phase, 'F', sizeof(b->phase));
	buf_init(&out);
	ck_assert_int_eq(mappic_png(cat, mv, 0, &out), 0);
	ck_assert_uint_gt(out.len, 1000);
	buf_reset(&out);
	b->nunits = b->norders = b->ncentres = -7;
	mv->npowers = -1;
	ck_assert_int_eq(mappic_png(cat, mv, 0, &out), 0);
	buf_free(&out);
}
END_TEST

/* Where nothing stands, a province's unit spot shows its ground. */
START_TEST(land_sea_and_walls_are_distinct)
{
	cairo_surface_t	*s = draw();
	double		 p[2], x, y;
	int		 a, c, r, cols, rows, walls = 0;

	for (a = 0; a < mapgeo_areas(geo); a++) {
		if (mapgeo_terrain(geo, a) == MAPGEO_WALL)
			continue;
		at(mapgeo_name(geo, a), p);
		ck_assert_msg(pixel(s, p[0], p[1]) ==
		    (mapgeo_terrain(geo, a) == MAPGEO_SEA ? SEA : LAND),
		    "%s: %06x", mapgeo_name(geo, a), pixel(s, p[0], p[1]));
	}
	mapgeo_grid(geo, &cols, &rows);
	for (r = 0; r < rows; r++)
		for (c = 0; c < cols; c++) {
			if (mapgeo_terrain(geo, mapgeo_tile(geo, c, r)) !=
			    MAPGEO_WALL)
				continue;
			mapgeo_tile_centre(geo, c, r, &x, &y);
			ck_assert(pixel(s, x, y) != LAND && pixel(s, x, y) !=
			    SEA);
			walls++;
		}
	ck_assert_int_gt(walls, 0);
	cairo_surface_destroy(s);
}
END_TEST

/*
 * An owned centre's province is tinted with its owner and its dot filled
 * with the owner's colour; a neutral centre's dot is white with a black
 * dot in it; a province without a centre keeps the land's colour.
 */
START_TEST(centres_show_their_owners)
{
	cairo_surface_t	*s;
	double		 p[2], c[2];

	tmv_centre(mv, 0, "PAR", FRA);
	tmv_centre(mv, 0, "BEL", -1);
	s = draw();
	at("PAR", p);
	ck_assert(pixel(s, p[0], p[1]) != LAND);
	ck_assert(near(pixel(s, p[0], p[1]), LAND, 60));
	ck_assert_int_eq(mapgeo_centre(geo, mapgeo_find(geo, "PAR"), &c[0],
	    &c[1]), 0);
	ck_assert(seen(s, c[0] + 2.4, c[1], 1, power_rgb[FRA]));
	ck_assert(seen(s, c[0], c[1], 0.5, power_rgb[FRA]));
	ck_assert_int_eq(mapgeo_centre(geo, mapgeo_find(geo, "BEL"), &c[0],
	    &c[1]), 0);
	ck_assert(seen(s, c[0] + 2.4, c[1], 1, WHITE));
	ck_assert(seen(s, c[0], c[1], 0.5, INK));
	at("BEL", p);
	ck_assert_uint_eq(pixel(s, p[0], p[1]), LAND);
	at("BUR", p);
	ck_assert_uint_eq(pixel(s, p[0], p[1]), LAND);
	cairo_surface_destroy(s);
}
END_TEST

/* An army's disc and a fleet's hull in the power's colour, a fleet on a
 * split coast on that coast's spot. */
START_TEST(units_stand_in_their_powers_colours)
{
	cairo_surface_t	*s;
	double		 p[2], q[2];

	tmv_unit(mv, 0, FRA, 'A', "PAR", GAME_MAP_UNIT);
	tmv_unit(mv, 0, ENG, 'F', "LON", GAME_MAP_UNIT);
	tmv_unit(mv, 0, RUS, 'F', "STP/NC", GAME_MAP_UNIT);
	tmv_unit(mv, 0, TUR, 'F', "BUL/SC", GAME_MAP_UNIT);
	s = draw();
	at("PAR", p);
	ck_assert_uint_eq(pixel(s, p[0] - 6, p[1] + 3), power_rgb[FRA]);
	at("LON", p);
	ck_assert_uint_eq(pixel(s, p[0], p[1] + 5), power_rgb[ENG]);
	at("STP/NC", p);
	ck_assert_uint_eq(pixel(s, p[0], p[1] + 5), power_rgb[RUS]);
	at("STP", q);
	ck_assert(!seen(s, q[0], q[1], 3, power_rgb[RUS]));
	at("BUL/SC", p);
	ck_assert_uint_eq(pixel(s, p[0], p[1] + 5), power_rgb[TUR]);
	cairo_surface_destroy(s);
}
END_TEST

/*
 * Moves: solid in the power's colour when they succeed; dashed, with a
 * black bar at the tip, when they bounce; grey and dotted when void.
 */
START_TEST(moves_are_solid_dashed_or_faint)
{
	cairo_surface_t	*s;
	double		 a[2], b[2], c[2], d[2], e[2], f[2], u[2], len;

	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_OK, FRA, 'A', "PAR", "",
	    "GAS");
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_FAILED, GER, 'A', "MUN", "",
	    "BOH");
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_VOID, RUS, 'A', "MOS", "",
	    "UKR");
	s = draw();
	/* Sampled in the middle, away from names (drawn over orders). */
	at("PAR", a);
	at("GAS", b);
	ck_assert_double_ge(along(s, a, b, 0.4, 0.6, power_rgb[FRA]), 0.9);
	at("MUN", c);
	at("BOH", d);
	ck_assert_double_ge(along(s, c, d, 0.3, 0.7, power_rgb[GER]), 0.3);
	ck_assert_double_le(along(s, c, d, 0.3, 0.7, power_rgb[GER]), 0.8);
	/* The bar where it bounced: a unit's radius short of the target. */
	len = hypot(d[0] - c[0], d[1] - c[1]);
	u[0] = (d[0] - c[0]) / len;
	u[1] = (d[1] - c[1]) / len;
	ck_assert(seen(s, d[0] - 10 * u[0], d[1] - 10 * u[1], 1, INK));
	ck_assert(!seen(s, b[0] - 10 * (b[0] - a[0]) / hypot(b[0] - a[0],
	    b[1] - a[1]), b[1] - 10 * (b[1] - a[1]) / hypot(b[0] - a[0],
	    b[1] - a[1]), 1, INK));
	at("MOS", e);
	at("UKR", f);
	ck_assert_double_eq(along(s, e, f, 0.3, 0.7, power_rgb[RUS]), 0);
	ck_assert_double_ge(along(s, e, f, 0.3, 0.7, FAINT), 0.15);
	cairo_surface_destroy(s);
}
END_TEST

/* A move by convoy leaves the straight line: it bends through its
 * fleet, which the convoy rings. */
START_TEST(convoyed_moves_bend_through_their_fleets)
{
	cairo_surface_t		*s;
	struct game_map_order	*o;
	double			 a[2], b[2], f[2], dist, k;
	int			 hits;

	o = tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_OK, ENG, 'A', "LON", "",
	    "BEL");
	at("LON", a);
	at("BEL", b);
	at("NTH", f);
	/* The fleet is off the straight line, else this shows nothing. */
	dist = fabs((b[0] - a[0]) * (a[1] - f[1]) - (a[0] - f[0]) *
	    (b[1] - a[1])) / hypot(b[0] - a[0], b[1] - a[1]);
	ck_assert_double_gt(dist, 25);
	s = draw();
	ck_assert_double_ge(along(s, a, b, 0.45, 0.55, power_rgb[ENG]), 0.9);
	cairo_surface_destroy(s);
	o->convoyed = true;
	tmv_order(mv, 0, GAME_MAP_CONVOY, GAME_MAP_OK, ENG, 'F', "NTH", "LON",
	    "BEL");
	s = draw();
	ck_assert_double_le(along(s, a, b, 0.45, 0.55, power_rgb[ENG]), 0.1);
	/* The ring round the fleet (its top under the sea's name). */
	for (hits = 0, k = 0; k < 8; k++)
		hits += seen(s, f[0] + 14.5 * cos(k * M_PI / 4 + 0.2),
		    f[1] + 14.5 * sin(k * M_PI / 4 + 0.2), 1, power_rgb[ENG]);
	ck_assert_int_ge(hits, 5);
	cairo_surface_destroy(s);
}
END_TEST

/*
 * A support of a move runs to the middle of the move's arrow, ending in
 * a dot there; a support to hold rings the unit; a cut one is dashed.
 */
START_TEST(supports_reach_the_move_or_ring_the_unit)
{
	cairo_surface_t	*s;
	double		 a[2], b[2], m[2], g[2], h[2], k;
	int		 hits = 0;

	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_OK, FRA, 'A', "PAR", "",
	    "BUR");
	tmv_order(mv, 0, GAME_MAP_SUPPORT, GAME_MAP_OK, ITA, 'A', "MAR",
	    "PAR", "BUR");
	tmv_order(mv, 0, GAME_MAP_SUPPORT, GAME_MAP_OK, GER, 'A', "KIE",
	    "BER", "");
	tmv_order(mv, 0, GAME_MAP_SUPPORT, GAME_MAP_FAILED, AUS, 'A', "BUD",
	    "VIE", "");
	s = draw();
	at("PAR", a);
	at("BUR", b);
	at("MAR", g);
	/* The arrow is trimmed at both ends: its middle is about here. */
	m[0] = (a[0] + b[0]) / 2 + ((b[0] - a[0]) / hypot(b[0] - a[0],
	    b[1] - a[1])) * 0.5;
	m[1] = (a[1] + b[1]) / 2 + ((b[1] - a[1]) / hypot(b[0] - a[0],
	    b[1] - a[1])) * 0.5;
	ck_assert_double_ge(along(s, g, m, 0.45, 0.6, power_rgb[ITA]), 0.8);
	ck_assert(seen(s, m[0], m[1], 4, power_rgb[ITA]));
	at("BER", h);
	for (k = 0; k < 8; k++)
		hits += seen(s, h[0] + 14.5 * cos(k * M_PI / 4 + 0.2),
		    h[1] + 14.5 * sin(k * M_PI / 4 + 0.2), 1, power_rgb[GER]);
	ck_assert_int_ge(hits, 7);
	at("BUD", g);
	at("VIE", h);
	ck_assert_double_ge(along(s, g, h, 0.35, 0.6, power_rgb[AUS]), 0.25);
	ck_assert_double_le(along(s, g, h, 0.35, 0.6, power_rgb[AUS]), 0.8);
	cairo_surface_destroy(s);
}
END_TEST

/* A hold: a hexagon round the unit, its flat sides left and right. */
START_TEST(holds_are_hexagons_round_the_unit)
{
	cairo_surface_t	*s;
	double		 p[2];

	tmv_unit(mv, 0, TUR, 'A', "SMY", GAME_MAP_UNIT);
	tmv_order(mv, 0, GAME_MAP_HOLD, GAME_MAP_OK, TUR, 'A', "SMY", "", "");
	s = draw();
	at("SMY", p);
	ck_assert(seen(s, p[0] + 13.4, p[1], 1, power_rgb[TUR]));
	ck_assert(seen(s, p[0] - 13.4, p[1], 1, power_rgb[TUR]));
	ck_assert(seen(s, p[0], p[1] + 15.5, 1.5, power_rgb[TUR]));
	cairo_surface_destroy(s);
}
END_TEST

/* A dislodged unit stands on its province's second spot in a dashed
 * ring, with dotted arrows to where it may retreat. */
START_TEST(dislodged_units_stand_aside_with_their_options)
{
	cairo_surface_t		*s;
	struct game_map_unit	*u;
	double			 d[2], o[2], k;
	int			 hits = 0;

	u = tmv_unit(mv, 0, RUS, 'A', "RUM", GAME_MAP_DISLODGED);
	u->noptions = 2;
	snprintf(u->option[0], GAME_MAP_PLACE, "UKR");
	snprintf(u->option[1], GAME_MAP_PLACE, "GAL");
	s = draw();
	aside("RUM", d);
	ck_assert(seen(s, d[0] - 5, d[1] + 2, 1, power_rgb[RUS]));
	for (k = 0; k < 8; k++)
		hits += seen(s, d[0] + 13 * cos(k * M_PI / 4),
		    d[1] + 13 * sin(k * M_PI / 4), 1, INK);
	ck_assert_int_ge(hits, 4);
	at("UKR", o);
	ck_assert_double_ge(along(s, d, o, 0.3, 0.7, OPTION), 0.1);
	at("GAL", o);
	ck_assert_double_ge(along(s, d, o, 0.3, 0.7, OPTION), 0.1);
	at("RUM", o);
	ck_assert(!seen(s, o[0], o[1], 3, power_rgb[RUS]));
	cairo_surface_destroy(s);
}
END_TEST

/* Whether at least need of eight points round (x, y) at radius r show
 * rgb: a ring, whatever crosses part of it. */
static bool
ring(cairo_surface_t *s, const double p[2], double r, uint32_t rgb, int need)
{
	int	 k, hits = 0;

	for (k = 0; k < 8; k++)
		hits += seen(s, p[0] + r * cos(k * M_PI / 4 + 0.2),
		    p[1] + r * sin(k * M_PI / 4 + 0.2), 1, rgb);
	return hits >= need;
}

/* A black cross, both its strokes, at (x, y). */
static bool
cross(cairo_surface_t *s, const double p[2])
{
	return seen(s, p[0] - 5, p[1] - 5, 1, INK) &&
	    seen(s, p[0] + 5, p[1] + 5, 1, INK) &&
	    seen(s, p[0] + 5, p[1] - 5, 1, INK) &&
	    seen(s, p[0] - 5, p[1] + 5, 1, INK);
}

/*
 * The kinds of the retreats and adjustments: a retreat is an arrow from
 * the dislodged unit's spot, dashed with a bar when it bounced; a disband
 * and a removal a black cross over the unit's ghost; a build a ring in
 * the power's colour with a badge, a void build a grey ring; a zombie
 * placed a ring with a badge.
 */
START_TEST(retreats_disbands_builds_and_removals_are_marked)
{
	cairo_surface_t	*s;
	double		 a[2], t[2], u[2], len;

	tmv_phase(mv, 0, "F1902R", true, "");
	tmv_unit(mv, 0, AUS, 'A', "GAL", GAME_MAP_UNIT);
	tmv_order(mv, 0, GAME_MAP_RETREAT, GAME_MAP_OK, AUS, 'A', "VIE", "",
	    "GAL");
	tmv_order(mv, 0, GAME_MAP_RETREAT, GAME_MAP_FAILED, TUR, 'A', "SMY",
	    "", "SYR");
	tmv_order(mv, 0, GAME_MAP_DISBAND, GAME_MAP_OK, RUS, 'F', "SEV", "",
	    "");
	tmv_order(mv, 0, GAME_MAP_REMOVE, GAME_MAP_OK, RUS, 'A', "WAR", "", "");
	tmv_unit(mv, 0, ENG, 'F', "LON", GAME_MAP_UNIT);
	tmv_order(mv, 0, GAME_MAP_BUILD, GAME_MAP_OK, ENG, 'F', "LON", "", "");
	tmv_order(mv, 0, GAME_MAP_BUILD, GAME_MAP_VOID, RUS, 'F', "STP/NC", "",
	    "");
	tmv_unit(mv, 0, RUS, 'A', "MOS", GAME_MAP_UNIT);
	tmv_order(mv, 0, GAME_MAP_PLACE_ZOMBIE, GAME_MAP_OK, RUS, 'A', "MOS",
	    "", "");
	s = draw();
	aside("VIE", a);
	at("GAL", t);
	ck_assert_double_ge(along(s, a, t, 0.35, 0.6, power_rgb[AUS]), 0.9);
	aside("SMY", a);
	at("SYR", t);
	ck_assert_double_ge(along(s, a, t, 0.3, 0.6, power_rgb[TUR]), 0.25);
	ck_assert_double_le(along(s, a, t, 0.3, 0.6, power_rgb[TUR]), 0.8);
	len = hypot(t[0] - a[0], t[1] - a[1]);
	u[0] = (t[0] - a[0]) / len;
	u[1] = (t[1] - a[1]) / len;
	ck_assert(seen(s, t[0] - 10 * u[0], t[1] - 10 * u[1], 1, INK));
	aside("SEV", a);
	ck_assert(cross(s, a));
	at("WAR", a);
	ck_assert(cross(s, a));
	at("LON", a);
	ck_assert(ring(s, a, 14.5, power_rgb[ENG], 6));
	ck_assert(seen(s, a[0] - 10.15, a[1] - 10.15, 1, INK));
	at("STP/NC", a);
	ck_assert(ring(s, a, 14.5, FAINT, 3));
	ck_assert(!ring(s, a, 14.5, power_rgb[RUS], 1));
	at("MOS", a);
	ck_assert(ring(s, a, 14.5, power_rgb[RUS], 6));
	cairo_surface_destroy(s);
}
END_TEST

/* The NR-board of the sample: an undead fleet carries a black badge; a
 * zombie waiting to be placed is pale, on its province's second spot. */
START_TEST(undead_units_and_waiting_zombies_are_marked)
{
	cairo_surface_t	*s;
	double		 p[2];
	uint32_t	 pale;

	tmv_zombie(mv);
	s = draw();
	at("NWG", p);
	ck_assert(seen(s, p[0], p[1] + 5, 1, power_rgb[ENG]));
	ck_assert(seen(s, p[0] + 12.5, p[1] - 9, 1, INK));
	aside("RUM", p);
	/* The power's colour 45 in 100, white 55. */
	pale = (uint32_t)((0xcc * 45 + 255 * 55) / 100) << 16 |
	    (uint32_t)((0x79 * 45 + 255 * 55) / 100) << 8 |
	    (uint32_t)((0xa7 * 45 + 255 * 55) / 100);
	ck_assert(seen(s, p[0] - 5, p[1] + 2, 1, pale));
	ck_assert(seen(s, p[0] + 9, p[1] - 9, 1, INK));
	cairo_surface_destroy(s);
}
END_TEST

/* The legend: a swatch of each power's colour; the texts come from the
 * reader's catalog. */
START_TEST(legend_and_title_follow_the_catalog)
{
	struct catalog	*de;
	cairo_surface_t	*s;
	struct buf	 a, b;
	char		 why[256];
	double		 ox, oy;
	int		 i, w, h;

	tmv_battle(mv);
	a = png(0);
	s = decode(&a);
	mappic_size(geo, &w, &h);
	mappic_origin(geo, &ox, &oy);
	for (i = 0; i < 7; i++)
		ck_assert_uint_eq(pixel(s, i * w / 7.0 + 17, h - oy - 14),
		    power_rgb[i]);
	cairo_surface_destroy(s);
	de = catalog_load("templates", "de", cat, why, sizeof(why));
	ck_assert_msg(de != NULL, "%s", why);
	buf_init(&b);
	ck_assert_int_eq(mappic_png(de, mv, 0, &b), 0);
	ck_assert(a.len != b.len || memcmp(a.data, b.data, a.len) != 0);
	catalog_free(de);
	buf_free(&a);
	buf_free(&b);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/render/mappic");
	TCase	*tp = tcase_create("png");
	TCase	*td = tcase_create("drawing");

	tcase_add_checked_fixture(tp, setup, teardown);
	tcase_add_loop_test(tp, png_decodes_to_its_size_within_150_kb, 0, 4);
	tcase_add_test(tp, same_view_gives_the_same_bytes);
	tcase_add_test(tp, kept_grounds_give_the_same_bytes_as_fresh_ones);
	tcase_add_test(tp, pictures_on_one_ground_share_their_palette);
	tcase_add_test(tp, bands_kept_from_other_pictures_give_the_same_bytes);
	tcase_add_test(tp, a_changed_view_gives_other_bytes);
	tcase_add_test(tp, a_board_the_view_lacks_is_refused);
	tcase_add_test(tp, unknown_places_are_left_out);
	tcase_add_test(tp, a_hostile_view_is_drawn_without_harm);
	suite_add_tcase(s, tp);
	tcase_add_checked_fixture(td, setup, teardown);
	tcase_add_test(td, land_sea_and_walls_are_distinct);
	tcase_add_test(td, centres_show_their_owners);
	tcase_add_test(td, units_stand_in_their_powers_colours);
	tcase_add_test(td, moves_are_solid_dashed_or_faint);
	tcase_add_test(td, convoyed_moves_bend_through_their_fleets);
	tcase_add_test(td, supports_reach_the_move_or_ring_the_unit);
	tcase_add_test(td, holds_are_hexagons_round_the_unit);
	tcase_add_test(td, dislodged_units_stand_aside_with_their_options);
	tcase_add_test(td, retreats_disbands_builds_and_removals_are_marked);
	tcase_add_test(td, undead_units_and_waiting_zombies_are_marked);
	tcase_add_test(td, legend_and_title_follow_the_catalog);
	suite_add_tcase(s, td);
	return s;
}
