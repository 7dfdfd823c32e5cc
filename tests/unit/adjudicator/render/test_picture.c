/*
 * test_picture.c - adjudicator/render/picture.c: PNGs of hand-built cells for the
 * three geometries (chess 8x8 and ARI 15x15 squares, weekeewachee 4x6, the
 * KlinZha triangle), decoded back with cairo and sampled at cell centres.
 */
#include "tests/unit/test.h"
#include <cairo.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/render/paintbox.h"
#include "adjudicator/render/picture.h"
#include "common/util.h"

static const unsigned char png_sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n',
	0x1a, '\n' };

static struct game_cell *
add(struct game_cells *cs, int row, int col, int shade, int owner,
    const char *name, const char *label)
{
	struct game_cell	*c = &cs->cell[cs->n++];

	memset(c, 0, sizeof(*c));
	c->row = (int16_t)row;
	c->col = (int16_t)col;
	c->shade = (uint8_t)shade;
	c->owner = (uint8_t)owner;
	snprintf(c->name, sizeof(c->name), "%s", name);
	snprintf(c->label, sizeof(c->label), "%s", label);
	return c;
}

static void
chess(struct game_cells *cs)
{
	static const char	 back[] = "RNBQKBNR";
	char			 name[8], label[2] = "";
	int			 r, c, owner;

	memset(cs, 0, sizeof(*cs));
	cs->shape = GAME_CELL_SQUARE;
	cs->rows = cs->cols = 8;
	for (r = 0; r < 8; r++)
		for (c = 0; c < 8; c++) {
			snprintf(name, sizeof(name), "%c%d", 'a' + c, 8 - r);
			owner = r < 2 ? GAME_OWNER_SEAT1 : r > 5 ?
			    GAME_OWNER_SEAT0 : GAME_OWNER_NONE;
			label[0] = r == 0 || r == 7 ? back[c] :
			    r == 1 || r == 6 ? 'P' : '\0';
			add(cs, r, c, (r + c) % 2 ? GAME_SHADE_DARK :
			    GAME_SHADE_PLAIN, owner, name, label);
		}
}

static void
ari(struct game_cells *cs)
{
	static const char	*faces[] = { "3", "5", "4", "6" };
	struct game_cell	*cell;
	char			 name[8];
	int			 r, c, i;

	memset(cs, 0, sizeof(*cs));
	cs->shape = GAME_CELL_SQUARE;
	cs->rows = cs->cols = 15;
	for (r = 0; r < 15; r++)
		for (c = 0; c < 15; c++) {
			snprintf(name, sizeof(name), "%c%d", 'a' + c, 15 - r);
			cell = add(cs, r, c, GAME_SHADE_PLAIN, GAME_OWNER_NONE,
			    name, "");
			if ((r == 7 && c == 7) || (r == 3 && c == 10)) {
				cell->owner = r == 7 ? GAME_OWNER_SEAT0 :
				    GAME_OWNER_SEAT1;
				snprintf(cell->label, sizeof(cell->label), "V");
				for (i = 0; i < 4; i++)
					snprintf(cell->side[i],
					    sizeof(cell->side[i]), "%s",
					    faces[(i + r) % 4]);
			}
			if (r == 12 && c == 2)
				cell->marks = GAME_MARK_ZONE;
		}
	cs->cell[14 * 15 + 7].owner = GAME_OWNER_SEAT0;
	snprintf(cs->cell[14 * 15 + 7].label, 12, "Q");
}

static void
wkw(struct game_cells *cs)
{
	static const char	*pieces = "RPSW";
	char			 name[8], label[2] = "";
	int			 r, c;

	memset(cs, 0, sizeof(*cs));
	cs->shape = GAME_CELL_SQUARE;
	cs->rows = 6;
	cs->cols = 4;
	for (r = 0; r < 6; r++)
		for (c = 0; c < 4; c++) {
			snprintf(name, sizeof(name), "%c%d", 'a' + c, 6 - r);
			label[0] = r == 0 || r == 5 ? pieces[c] : '\0';
			add(cs, r, c, GAME_SHADE_PLAIN, r == 0 ?
			    GAME_OWNER_SEAT1 : r == 5 ? GAME_OWNER_SEAT0 :
			    GAME_OWNER_NONE, name, r == 0 && c == 2 ? "?" :
			    label);
		}
}

/* The KlinZha triangle: 81 fields, a cloud, its edge, a zone, a move. */
static void
klz(struct game_cells *cs)
{
	struct game_cell	*cell;
	char			 name[8];
	int			 r, c, shade, owner;

	memset(cs, 0, sizeof(*cs));
	cs->shape = GAME_CELL_TRI;
	cs->rows = 9;
	cs->cols = 17;
	for (r = 0; r < 9; r++)
		for (c = 0; c <= 2 * r; c++) {
			snprintf(name, sizeof(name), "%c-%c%c", 'A' + r,
			    '1' + c / 2, '9' - (2 * r - c) / 2);
			shade = GAME_SHADE_PLAIN;
			if (r >= 2 && r <= 3 && c >= 1 && c <= 3)
				shade = GAME_SHADE_CLOUD;
			else if (r == 4 && c >= 1 && c <= 5)
				shade = GAME_SHADE_EDGE;
			owner = r == 8 && c % 4 == 0 ? GAME_OWNER_SEAT0 :
			    r == 0 ? GAME_OWNER_SEAT1 :
			    r == 4 && c == 3 ? GAME_OWNER_UNKNOWN :
			    GAME_OWNER_NONE;
			cell = add(cs, r, c, shade, owner, name,
			    owner == GAME_OWNER_SEAT0 ? "N3" :
			    owner == GAME_OWNER_SEAT1 ? "G" : "");
			if (r == 6 && c >= 6 && c <= 8)
				cell->marks = GAME_MARK_ZONE;
			else if (r == 8 && (c == 0 || c == 2))
				cell->marks = GAME_MARK_LAST;
		}
}

static void (*const boards[])(struct game_cells *) = { chess, ari, wkw, klz };
static const char *const board_names[] = { "chess", "ari", "wkw", "klz" };

static struct buf
png(const struct game_cells *cs)
{
	struct buf	 b;

	buf_init(&b);
	ck_assert_int_eq(picture_png(cs, &b), 0);
	return b;
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

/* 0xRRGGBB at (x, y). */
static uint32_t
pixel(cairo_surface_t *s, double x, double y)
{
	unsigned char	*d = cairo_image_surface_get_data(s);
	int		 stride = cairo_image_surface_get_stride(s);

	return ((uint32_t *)(void *)(d + (int)y * stride))[(int)x] & 0xffffff;
}

/* Mean luminance (0..255) of the 9x9 pixels around (x, y). */
static double
luma(cairo_surface_t *s, double x, double y)
{
	double		 sum = 0;
	uint32_t	 p;
	int		 dx, dy;

	for (dy = -4; dy <= 4; dy++)
		for (dx = -4; dx <= 4; dx++) {
			p = pixel(s, x + dx, y + dy);
			sum += 0.299 * (p >> 16) + 0.587 * ((p >> 8) & 255) +
			    0.114 * (p & 255);
		}
	return sum / 81;
}

static int
find(const struct game_cells *cs, int row, int col)
{
	int	 i;

	for (i = 0; i < cs->n; i++)
		if (cs->cell[i].row == row && cs->cell[i].col == col)
			return i;
	ck_abort_msg("no cell %d,%d", row, col);
	return -1;
}

/* PNG chunk types in order, e.g. "IHDR IDAT IEND ". */
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

START_TEST(png_has_signature_size_and_no_time_stamp)
{
	struct game_cells	 cs;
	struct buf		 b;
	cairo_surface_t		*s;
	char			 types[256];
	int			 w, h;

	boards[_i](&cs);
	b = png(&cs);
	ck_assert_msg(b.len > 8 && memcmp(b.data, png_sig, 8) == 0,
	    "%s: no PNG signature", board_names[_i]);
	ck_assert_msg(b.len >= 2000 && b.len <= 80000, "%s: %zu bytes",
	    board_names[_i], b.len);
	chunks(&b, types, sizeof(types));
	ck_assert_msg(strncmp(types, "IHDR ", 5) == 0 &&
	    strstr(types, "tIME") == NULL && strstr(types, "tEXt") == NULL &&
	    strstr(types, "zTXt") == NULL && strstr(types, "iTXt") == NULL,
	    "%s: chunks %s", board_names[_i], types);
	ck_assert_int_eq(picture_size(&cs, &w, &h), 0);
	s = decode(&b);
	ck_assert_int_eq(cairo_image_surface_get_width(s), w);
	ck_assert_int_eq(cairo_image_surface_get_height(s), h);
	ck_assert_int_ge(w, 200);
	ck_assert_int_le(w, 800);
	cairo_surface_destroy(s);
	buf_free(&b);
}
END_TEST

/*
 * picture_png.c writes an indexed PNG when the board has at most 256
 * colours and RGB otherwise; both must decode to the drawn board. A board
 * of bare fields has a handful of colours, the chess board's smoothed
 * text and discs many more.
 */
/*
 * A square board is RGB, built row by row (picture_rows.c, issue 18); a
 * triangle of few colours is indexed, one of many RGB.
 */
START_TEST(squares_are_rgb_triangles_indexed_when_they_can)
{
	struct game_cells	 cs;
	struct buf		 b;
	cairo_surface_t		*s;
	double			 x, y;
	int			 i;

	klz(&cs);
	for (i = 0; i < cs.n; i++) {
		cs.cell[i].name[0] = cs.cell[i].label[0] = '\0';
		cs.cell[i].owner = GAME_OWNER_NONE;
	}
	b = png(&cs);
	ck_assert_uint_eq((unsigned char)b.data[25], 3);	/* IHDR: palette */
	buf_free(&b);
	klz(&cs);
	b = png(&cs);
	ck_assert_uint_eq((unsigned char)b.data[25], 2);	/* IHDR: RGB */
	buf_free(&b);

	chess(&cs);
	for (i = 0; i < cs.n; i++) {
		cs.cell[i].name[0] = cs.cell[i].label[0] = '\0';
		cs.cell[i].owner = GAME_OWNER_NONE;
	}
	b = png(&cs);
	ck_assert_uint_eq((unsigned char)b.data[25], 2);	/* IHDR: RGB */
	s = decode(&b);
	ck_assert_int_eq(picture_cell_centre(&cs, find(&cs, 0, 0), &x, &y), 0);
	ck_assert_uint_eq(pixel(s, x, y), 0xefe4cc);	/* plain field */
	ck_assert_int_eq(picture_cell_centre(&cs, find(&cs, 0, 1), &x, &y), 0);
	ck_assert_uint_eq(pixel(s, x, y), 0xa8805a);	/* dark field */
	cairo_surface_destroy(s);
	buf_free(&b);

	chess(&cs);
	b = png(&cs);
	ck_assert_uint_eq((unsigned char)b.data[25], 2);	/* IHDR: RGB */
	s = decode(&b);
	ck_assert_int_eq(picture_cell_centre(&cs, find(&cs, 3, 1), &x, &y), 0);
	ck_assert_uint_eq(pixel(s, x, y), 0xefe4cc);
	cairo_surface_destroy(s);
	buf_free(&b);
}
END_TEST

/*
 * Issue 18: a paintbox keeps square boards' rows; a picture built from
 * kept rows is byte for byte the picture drawn with a fresh paintbox,
 * whatever changed between two pictures: a mark, an owner, a label, a
 * name, a ground, a side text, a field missing in the row or above it.
 */
START_TEST(kept_rows_give_the_same_bytes_as_fresh_ones)
{
	struct game_cells	*cs = malloc(sizeof(*cs));
	struct paintbox		*box;
	struct buf		 kept, fresh;
	char			 why[256];
	int			 step, i;

	ck_assert_ptr_nonnull(cs);
	box = paintbox_new(why, sizeof(why));
	ck_assert_msg(box != NULL, "%s", why);
	for (step = 0; step < 12; step++) {
		wkw(cs);
		i = find(cs, 2, 1);
		switch (step) {
		case 1: cs->cell[i].marks = GAME_MARK_LAST; break;
		case 2: cs->cell[i].owner = GAME_OWNER_UNKNOWN; break;
		case 3: snprintf(cs->cell[i].label, 12, "W"); break;
		case 4: snprintf(cs->cell[i].name, 8, "x9"); break;
		case 5: cs->cell[i].shade = GAME_SHADE_DARK; break;
		case 6: snprintf(cs->cell[i].side[1], 4, "6"); break;
		case 7:		/* the field above (1, 1) goes: its line stays */
			cs->cell[find(cs, 1, 1)] = cs->cell[--cs->n];
			break;
		case 8:		/* (2, 1) and the one above it go */
			cs->cell[find(cs, 1, 1)] = cs->cell[--cs->n];
			cs->cell[find(cs, 2, 1)] = cs->cell[--cs->n];
			break;
		case 9:		/* only (2, 1) goes: the line above it stays */
			cs->cell[i] = cs->cell[--cs->n];
			break;
		case 10: chess(cs); break;
		case 11: ari(cs); break;
		}
		buf_init(&kept);
		buf_init(&fresh);
		ck_assert_int_eq(picture_png_box(box, cs, &kept), 0);
		ck_assert_int_eq(picture_png(cs, &fresh), 0);
		ck_assert_msg(kept.len == fresh.len && memcmp(kept.data,
		    fresh.data, kept.len) == 0, "step %d", step);
		buf_free(&kept);
		buf_free(&fresh);
	}
	paintbox_free(box);
	free(cs);
}
END_TEST

/*
 * Past the kept rows' budget (picture_band.c: 512 bands, 1.5 MB): twenty
 * ARI boards with every row new fill it several times over; what is
 * replaced is drawn anew, and every picture stays the fresh one's bytes.
 */
START_TEST(rows_past_the_budget_are_drawn_anew)
{
	struct game_cells	*cs = malloc(sizeof(*cs));
	struct paintbox		*box;
	struct buf		 kept, fresh;
	char			 why[256];
	int			 step, i;

	ck_assert_ptr_nonnull(cs);
	box = paintbox_new(why, sizeof(why));
	ck_assert_msg(box != NULL, "%s", why);
	for (step = 0; step <= 20; step++) {
		ari(cs);
		for (i = 0; i < cs->n; i++)
			snprintf(cs->cell[i].label, sizeof(cs->cell[i].label),
			    "%d", step % 20);
		buf_init(&kept);
		ck_assert_int_eq(picture_png_box(box, cs, &kept), 0);
		if (step % 10 == 0) {
			buf_init(&fresh);
			ck_assert_int_eq(picture_png(cs, &fresh), 0);
			ck_assert_msg(kept.len == fresh.len &&
			    memcmp(kept.data, fresh.data, kept.len) == 0,
			    "step %d", step);
			buf_free(&fresh);
		}
		buf_free(&kept);
	}
	paintbox_free(box);
	free(cs);
}
END_TEST

START_TEST(same_cells_give_the_same_bytes)
{
	struct game_cells	 cs, other;
	struct buf		 a, b, c;

	boards[_i](&cs);
	boards[(_i + 1) % 4](&other);
	a = png(&cs);
	c = png(&other);	/* no state may carry over from call to call */
	b = png(&cs);
	ck_assert_uint_eq(a.len, b.len);
	ck_assert_msg(memcmp(a.data, b.data, a.len) == 0, "%s differs",
	    board_names[_i]);
	buf_free(&a);
	buf_free(&b);
	buf_free(&c);
}
END_TEST

START_TEST(one_changed_cell_changes_the_bytes)
{
	struct game_cells	 cs;
	struct buf		 a, b;
	int			 i;

	boards[_i](&cs);
	a = png(&cs);
	i = cs.n / 2;
	cs.cell[i].owner = cs.cell[i].owner == GAME_OWNER_UNKNOWN ?
	    GAME_OWNER_SEAT0 : GAME_OWNER_UNKNOWN;
	b = png(&cs);
	ck_assert_msg(a.len != b.len || memcmp(a.data, b.data, a.len) != 0,
	    "%s: owner change not drawn", board_names[_i]);
	buf_free(&b);
	boards[_i](&cs);
	snprintf(cs.cell[0].name, sizeof(cs.cell[0].name), "zz9");
	b = png(&cs);
	ck_assert_msg(a.len != b.len || memcmp(a.data, b.data, a.len) != 0,
	    "%s: name change not drawn", board_names[_i]);
	buf_free(&a);
	buf_free(&b);
}
END_TEST

/*
 * An empty KlinZha field in each shade: the cloud is darkest, its edge
 * lighter, plain lightest; a plain field in a zone and one of the last
 * move each differ from plain.
 */
START_TEST(shades_are_distinct_at_the_cell_centre)
{
	static const int	 shades[] = { GAME_SHADE_PLAIN,
	    GAME_SHADE_EDGE, GAME_SHADE_CLOUD, GAME_SHADE_PLAIN,
	    GAME_SHADE_PLAIN, GAME_SHADE_DARK };
	static const int	 bits[] = { 0, 0, 0, GAME_MARK_ZONE,
	    GAME_MARK_LAST, 0 };
	struct game_cells	 cs;
	struct buf		 b;
	cairo_surface_t		*s;
	double			 x, y, l[6];
	uint32_t		 px[6];
	int			 i, k, j;

	klz(&cs);
	i = find(&cs, 5, 4);
	ck_assert_int_eq(cs.cell[i].owner, GAME_OWNER_NONE);
	ck_assert_int_eq(picture_cell_centre(&cs, i, &x, &y), 0);
	for (k = 0; k < 6; k++) {
		cs.cell[i].shade = (uint8_t)shades[k];
		cs.cell[i].marks = (uint8_t)bits[k];
		b = png(&cs);
		s = decode(&b);
		l[k] = luma(s, x, y);
		px[k] = pixel(s, x, y);
		cairo_surface_destroy(s);
		buf_free(&b);
	}
	ck_assert_msg(l[0] > l[1] + 15 && l[1] > l[2] + 40,
	    "plain %.0f, edge %.0f, cloud %.0f", l[0], l[1], l[2]);
	for (k = 0; k < 6; k++)
		for (j = k + 1; j < 6; j++)
			ck_assert_msg(px[k] != px[j], "looks %d and %d: %06x",
			    k, j, px[k]);
	ck_assert_uint_eq(px[3], 0xeeb0a2);	/* a zone fills a plain field */
	ck_assert_uint_eq(px[4], 0xd2e27c);	/* so does the last move */
}
END_TEST

/*
 * Where a mark's frame lies: a point t px inside the middle of the left
 * side of KlinZha field i, from its centroid and the side of the
 * triangles (the distance between row neighbours' centres).
 */
static void
frame_point(const struct game_cells *cs, int i, double t, double *x,
    double *y)
{
	double	 cx, cy, nx, ny, u, h, k;
	int	 j;

	ck_assert_int_eq(picture_cell_centre(cs, i, &cx, &cy), 0);
	j = find(cs, cs->cell[i].row, cs->cell[i].col +
	    (cs->cell[i].col + 2 <= 2 * cs->cell[i].row ? 2 : -2));
	ck_assert_int_eq(picture_cell_centre(cs, j, &nx, &ny), 0);
	u = fabs(nx - cx);
	h = u * sqrt(3.0) / 2;
	/* The side's middle lies u/4 left and h/6 up (pointing up) or
	 * down (pointing down) of the centroid, h/3 away. */
	k = 1 - t / (h / 3);
	*x = cx - u / 4 * k;
	*y = cy + (cs->cell[i].col % 2 == 0 ? -h / 6 : h / 6) * k;
}

/*
 * Issue 15: a zone and the last move on a cloud or cloud-edge field are
 * drawn on top of it, as a frame of their colour inside the outline; the
 * hatch inside stays, so the field still reads as clouded. The last move
 * wins over a zone, as in the diagram.
 */
START_TEST(marks_are_framed_on_cloud_and_edge_fields)
{
	/* Cloud pointing up and down, cloud edge up and down. */
	static const int	 at[][2] = { { 3, 2 }, { 3, 1 }, { 4, 2 },
	    { 4, 1 } };
	static const struct {
		int		 bits;
		uint32_t	 frame;
	} look[] = {
		{ GAME_MARK_ZONE, 0xc0392b },
		{ GAME_MARK_LAST, 0x9ccc1a },
		{ GAME_MARK_ZONE | GAME_MARK_LAST, 0x9ccc1a },
	};
	struct game_cells	 cs;
	struct buf		 b;
	cairo_surface_t		*s;
	double			 x, y, cx, cy;
	int			 i, k, m;
	uint32_t		 bare;

	for (k = 0; k < 4; k++) {
		klz(&cs);
		i = find(&cs, at[k][0], at[k][1]);
		ck_assert(cs.cell[i].shade == GAME_SHADE_CLOUD ||
		    cs.cell[i].shade == GAME_SHADE_EDGE);
		frame_point(&cs, i, 2.5, &x, &y);
		b = png(&cs);
		s = decode(&b);
		bare = pixel(s, x, y);
		cairo_surface_destroy(s);
		buf_free(&b);
		for (m = 0; m < 3; m++) {
			cs.cell[i].marks = (uint8_t)look[m].bits;
			b = png(&cs);
			s = decode(&b);
			ck_assert_msg(pixel(s, x, y) == look[m].frame,
			    "field %d,%d marks %d: %06x at %.1f,%.1f, bare "
			    "%06x", at[k][0], at[k][1], look[m].bits,
			    pixel(s, x, y), x, y, bare);
			/* The ground still shows inside the frame. */
			ck_assert_int_eq(picture_cell_centre(&cs, i, &cx, &cy),
			    0);
			if (cs.cell[i].shade == GAME_SHADE_CLOUD)
				ck_assert_double_lt(luma(s, cx, cy), 160);
			else
				ck_assert_double_lt(luma(s, cx, cy), 215);
			cairo_surface_destroy(s);
			buf_free(&b);
		}
		ck_assert_uint_ne(bare, look[0].frame);
		ck_assert_uint_ne(bare, look[1].frame);
	}
}
END_TEST

/* The pixels in which two pictures of the same size differ: true in
 * mask, their count returned, with the box around them. */
static int
differ(cairo_surface_t *a, cairo_surface_t *b, bool *mask, int box[4])
{
	int	 w = cairo_image_surface_get_width(a);
	int	 h = cairo_image_surface_get_height(a);
	int	 x, y, n = 0;

	box[0] = w;
	box[1] = h;
	box[2] = box[3] = -1;
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			mask[y * w + x] = pixel(a, x, y) != pixel(b, x, y);
			if (!mask[y * w + x])
				continue;
			n++;
			box[0] = x < box[0] ? x : box[0];
			box[1] = y < box[1] ? y : box[1];
			box[2] = x > box[2] ? x : box[2];
			box[3] = y > box[3] ? y : box[3];
		}
	return n;
}

static cairo_surface_t *
drawn(const struct game_cells *cs)
{
	struct buf	 b = png(cs);
	cairo_surface_t	*s = decode(&b);

	buf_free(&b);
	return s;
}

/*
 * Issue 15: a field's name stays readable under a piece. The name's
 * pixels (where the picture with the name differs from the one without)
 * are the same with each kind of piece on the field, and no hatch line
 * runs through the name on a cloud or cloud-edge field.
 */
START_TEST(names_stay_readable_under_pieces)
{
	static const struct {
		int		 board;		/* 1 ari, 3 klz */
		int		 row, col, shade;
		const char	*name;
		uint32_t	 hatch;		/* 0: none */
	} at[] = {
		{ 3, 8, 0, GAME_SHADE_PLAIN, "I-11", 0 },
		{ 3, 7, 1, GAME_SHADE_PLAIN, "H-12", 0 },
		{ 3, 3, 2, GAME_SHADE_CLOUD, "D-28", 0x555b64 },
		{ 3, 3, 1, GAME_SHADE_CLOUD, "D-17", 0x555b64 },
		{ 3, 4, 2, GAME_SHADE_EDGE, "E-26", 0x8c939d },
		{ 3, 4, 1, GAME_SHADE_EDGE, "E-16", 0x8c939d },
		{ 1, 0, 14, GAME_SHADE_PLAIN, "o15", 0 },
	};
	static const int	 owners[] = { GAME_OWNER_SEAT0,
	    GAME_OWNER_SEAT1, GAME_OWNER_UNKNOWN };
	struct game_cells	 cs;
	struct game_cell	*c;
	cairo_surface_t		*none, *named, *piece;
	bool			*mask, *moved;
	int			 box[4], other[4], k, o, i, x, y, w, n;

	for (k = 0; k < (int)(sizeof(at) / sizeof(at[0])); k++) {
		boards[at[k].board](&cs);
		c = &cs.cell[find(&cs, at[k].row, at[k].col)];
		c->shade = (uint8_t)at[k].shade;
		c->owner = GAME_OWNER_NONE;
		c->label[0] = c->name[0] = '\0';
		none = drawn(&cs);
		snprintf(c->name, sizeof(c->name), "%s", at[k].name);
		named = drawn(&cs);
		w = cairo_image_surface_get_width(none);
		n = w * cairo_image_surface_get_height(none);
		mask = calloc((size_t)n, sizeof(*mask));
		moved = calloc((size_t)n, sizeof(*moved));
		ck_assert(mask != NULL && moved != NULL);
		ck_assert_int_gt(differ(none, named, mask, box), 20);
		/* No hatch colour left among the letters. */
		for (y = box[1]; at[k].hatch != 0 && y <= box[3]; y++)
			for (x = box[0]; x <= box[2]; x++)
				ck_assert_msg(pixel(named, x, y) != at[k].hatch,
				    "%s: hatch at %d,%d", at[k].name, x, y);
		for (o = 0; o < 3; o++) {
			c->owner = (uint8_t)owners[o];
			snprintf(c->label, sizeof(c->label), "%s",
			    o == 2 ? "?" : "N3*");
			piece = drawn(&cs);
			ck_assert_int_gt(differ(named, piece, moved, other), 0);
			for (i = 0; i < n; i++)
				ck_assert_msg(!mask[i] || !moved[i],
				    "%s, owner %d: the piece covers the name "
				    "at %d,%d", at[k].name, owners[o], i % w,
				    i / w);
			cairo_surface_destroy(piece);
		}
		free(mask);
		free(moved);
		cairo_surface_destroy(none);
		cairo_surface_destroy(named);
	}
}
END_TEST

/* The cloud drawn by picture_png lies where the cells say, in every
 * geometry: sampled at the centres of the klz() cloud and its neighbour. */
START_TEST(cloud_fields_are_drawn_where_they_are)
{
	struct game_cells	 cs;
	struct buf		 b;
	cairo_surface_t		*s;
	double			 x, y;
	int			 cloud, plain;

	klz(&cs);
	cloud = find(&cs, 3, 2);
	plain = find(&cs, 3, 5);
	ck_assert_int_eq(cs.cell[cloud].shade, GAME_SHADE_CLOUD);
	b = png(&cs);
	s = decode(&b);
	ck_assert_int_eq(picture_cell_centre(&cs, cloud, &x, &y), 0);
	ck_assert_double_lt(luma(s, x, y), 160);
	ck_assert_int_eq(picture_cell_centre(&cs, plain, &x, &y), 0);
	ck_assert_double_gt(luma(s, x, y), 200);
	cairo_surface_destroy(s);
	buf_free(&b);

	ari(&cs);
	cs.cell[find(&cs, 0, 0)].shade = GAME_SHADE_CLOUD;
	b = png(&cs);
	s = decode(&b);
	ck_assert_int_eq(picture_cell_centre(&cs, find(&cs, 0, 0), &x, &y), 0);
	ck_assert_double_lt(luma(s, x, y), 160);
	ck_assert_int_eq(picture_cell_centre(&cs, find(&cs, 0, 1), &x, &y), 0);
	ck_assert_double_gt(luma(s, x, y), 200);
	cairo_surface_destroy(s);
	buf_free(&b);
}
END_TEST

/* Light pieces light, dark pieces dark, unknown ones neither. */
START_TEST(owners_are_drawn_apart)
{
	static const int	 owners[] = { GAME_OWNER_NONE,
	    GAME_OWNER_SEAT0, GAME_OWNER_SEAT1, GAME_OWNER_UNKNOWN };
	struct game_cells	 cs;
	struct buf		 b;
	cairo_surface_t		*s;
	double			 x, y, l[4];
	uint32_t		 px[4];
	int			 i, k;

	wkw(&cs);
	i = find(&cs, 2, 1);
	cs.cell[i].marks = GAME_MARK_ZONE;
	ck_assert_int_eq(picture_cell_centre(&cs, i, &x, &y), 0);
	for (k = 0; k < 4; k++) {
		cs.cell[i].owner = (uint8_t)owners[k];
		b = png(&cs);
		s = decode(&b);
		/* Left of the middle: inside the disc, beside its label. */
		l[k] = luma(s, x - 12, y);
		px[k] = pixel(s, x - 14, y);
		cairo_surface_destroy(s);
		buf_free(&b);
	}
	ck_assert_msg(l[1] > 230 && l[2] < 60 && l[3] > 70 && l[3] < 160,
	    "light %.0f, dark %.0f, unknown %.0f", l[1], l[2], l[3]);
	ck_assert_msg(px[0] != px[1] && px[0] != px[3] && px[1] != px[3],
	    "%06x %06x %06x", px[0], px[1], px[3]);
}
END_TEST

START_TEST(unknown_draws_a_question_mark)
{
	struct game_cells	 cs;
	struct buf		 a, b;
	int			 i;

	wkw(&cs);
	i = find(&cs, 3, 3);
	cs.cell[i].owner = GAME_OWNER_UNKNOWN;
	a = png(&cs);
	snprintf(cs.cell[i].label, sizeof(cs.cell[i].label), "?");
	b = png(&cs);
	/* An unknown object with no label shows "?" all the same. */
	ck_assert_uint_eq(a.len, b.len);
	ck_assert(memcmp(a.data, b.data, a.len) == 0);
	buf_free(&a);
	buf_free(&b);
}
END_TEST

START_TEST(bad_cells_are_refused)
{
	struct game_cells	 cs;
	struct buf		 b;

	buf_init(&b);
	memset(&cs, 0, sizeof(cs));
	ck_assert_int_eq(picture_png(&cs, &b), -1);
	klz(&cs);
	cs.cell[5].col = (int16_t)(2 * cs.cell[5].row + 1);
	ck_assert_int_eq(picture_png(&cs, &b), -1);
	klz(&cs);
	cs.rows = PICTURE_TRI_MAX + 1;
	ck_assert_int_eq(picture_png(&cs, &b), -1);
	wkw(&cs);
	cs.cell[3].row = 6;
	ck_assert_int_eq(picture_png(&cs, &b), -1);
	wkw(&cs);
	cs.shape = 7;
	ck_assert_int_eq(picture_png(&cs, &b), -1);
	wkw(&cs);
	cs.cols = PICTURE_GRID_MAX + 1;
	ck_assert_int_eq(picture_png(&cs, &b), -1);
	ck_assert_uint_eq(b.len, 0);
	buf_free(&b);
}
END_TEST

/* Unterminated fields, control bytes, broken UTF-8 and real UTF-8 all draw. */
START_TEST(odd_texts_still_draw)
{
	struct game_cells	 cs;
	struct buf		 b;

	chess(&cs);
	memset(cs.cell[0].name, 'x', sizeof(cs.cell[0].name));
	memset(cs.cell[1].label, 'W', sizeof(cs.cell[1].label));
	memcpy(cs.cell[2].label, "\xff\xfe\x01", 4);
	memcpy(cs.cell[3].label, "\xe2\x99\x94", 4);	/* U+2654 */
	memcpy(cs.cell[4].label, "\xed\xa0\x80", 4);	/* a surrogate */
	memset(cs.cell[5].side, '9', sizeof(cs.cell[5].side));
	cs.cell[6].shade = 200;
	cs.cell[6].marks = 0xff;
	cs.cell[7].owner = 200;
	b = png(&cs);
	ck_assert(memcmp(b.data, png_sig, 8) == 0);
	buf_free(&b);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/render/picture");
	TCase	*tc;

	tc = tcase_create("picture_png");
	tcase_add_loop_test(tc, png_has_signature_size_and_no_time_stamp, 0, 4);
	tcase_add_loop_test(tc, same_cells_give_the_same_bytes, 0, 4);
	tcase_add_loop_test(tc, one_changed_cell_changes_the_bytes, 0, 4);
	tcase_add_test(tc, shades_are_distinct_at_the_cell_centre);
	tcase_add_test(tc, marks_are_framed_on_cloud_and_edge_fields);
	tcase_add_test(tc, names_stay_readable_under_pieces);
	tcase_add_test(tc, cloud_fields_are_drawn_where_they_are);
	tcase_add_test(tc, owners_are_drawn_apart);
	tcase_add_test(tc, unknown_draws_a_question_mark);
	tcase_add_test(tc, bad_cells_are_refused);
	tcase_add_test(tc, odd_texts_still_draw);
	tcase_add_test(tc, squares_are_rgb_triangles_indexed_when_they_can);
	tcase_add_test(tc, kept_rows_give_the_same_bytes_as_fresh_ones);
	tcase_add_test(tc, rows_past_the_budget_are_drawn_anew);
	suite_add_tcase(s, tc);
	return s;
}
