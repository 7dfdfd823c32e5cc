/*
 * test_picture_deflate.c - adjudicator/render/picture_deflate.c: every
 * stream it writes inflates (zlib's inflate, as libpng and every browser
 * read it) to the bytes it was given: flat fields, rows repeated, noise,
 * every byte value, a single byte, more than one block, a match at the
 * far end of the window; and it stays smaller than its input where a
 * board is. Parts deflated apart and joined (picture_rows.c's bands)
 * inflate to the parts' bytes in order.
 */
#include "tests/unit/test.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "adjudicator/render/picture_priv.h"

/* A small fixed generator: the tests are the same at every run. */
static uint32_t
rnd(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* Deflates raw and inflates it back; fails unless the same bytes come
 * back. Returns the compressed size. */
static size_t
round_trip(const unsigned char *raw, size_t n, size_t stride, int bpp)
{
	struct buf	 z;
	unsigned char	*back;
	uLongf		 blen = n + 1;
	size_t		 zlen;

	buf_init(&z);
	picture_deflate(raw, n, stride, bpp, &z);
	back = malloc(blen);
	ck_assert_ptr_nonnull(back);
	ck_assert_int_eq(uncompress(back, &blen, (const Bytef *)z.data,
	    z.len), Z_OK);
	ck_assert_uint_eq(blen, n);
	ck_assert(n == 0 || memcmp(back, raw, n) == 0);
	zlen = z.len;
	free(back);
	buf_free(&z);
	return zlen;
}

/* Scanlines of width pixels of bpp bytes: a filter byte, then pixels. */
static unsigned char *
lines(int width, int height, int bpp, size_t *n)
{
	*n = ((size_t)width * (size_t)bpp + 1) * (size_t)height;
	return calloc(1, *n);
}

/* A board: fields of four colours, a line between, a few noisy spots. */
START_TEST(a_board_of_fields_inflates_and_shrinks)
{
	static const int	 bpps[] = { 1, 3 };
	int			 bpp = bpps[_i], w = 600, h = 400, x, y, k;
	size_t			 n, stride = (size_t)w * (size_t)bpp + 1;
	unsigned char		*raw = lines(w, h, bpp, &n), *p;
	uint32_t		 s = 7;

	for (y = 0; y < h; y++) {
		p = raw + (size_t)y * stride;
		for (x = 0; x < w; x++)
			for (k = 0; k < bpp; k++)
				p[1 + x * bpp + k] = (unsigned char)(x % 75 == 0 ||
				    y % 75 == 0 ? 20 : 100 + 10 * ((x / 75 + y /
				    75) % 4) + k);
		if (y % 37 == 0)
			for (x = 0; x < 40; x++)
				p[1 + (rnd(&s) % (size_t)(w * bpp))] =
				    (unsigned char)rnd(&s);
	}
	ck_assert_uint_lt(round_trip(raw, n, stride, bpp), n / 20);
	free(raw);
}
END_TEST

START_TEST(noise_and_every_byte_value_inflate)
{
	size_t		 n = 300000, i;
	unsigned char	*raw = malloc(n);
	uint32_t	 s = 99;

	ck_assert_ptr_nonnull(raw);
	for (i = 0; i < n; i++)
		raw[i] = i < 256 ? (unsigned char)i : (unsigned char)rnd(&s);
	/* Noise does not compress; it must still come back whole, and
	 * cost little more than its size. */
	ck_assert_uint_lt(round_trip(raw, n, 1001, 1), n + n / 8);
	free(raw);
}
END_TEST

START_TEST(tiny_inputs_inflate)
{
	unsigned char	 raw[8] = { 0, 5, 5, 5, 5, 5, 5, 5 };
	size_t		 n;

	for (n = 0; n <= sizeof(raw); n++)
		round_trip(raw, n, 4, 1);
}
END_TEST

/* Over one block of symbols (16384), with matches at the window's far
 * end (32768 back) and the longest length (258). */
START_TEST(long_inputs_and_far_matches_inflate)
{
	size_t		 n = 32768 * 3 + 1000, i;
	unsigned char	*raw = malloc(n);
	uint32_t	 s = 1234;

	ck_assert_ptr_nonnull(raw);
	for (i = 0; i < 32768; i++)
		raw[i] = (unsigned char)(rnd(&s) % 7);
	for (; i < n; i++)
		raw[i] = raw[i - 32768];
	round_trip(raw, n, 32768, 1);
	memset(raw, 0x42, n);
	ck_assert_uint_lt(round_trip(raw, n, 1000, 3), 2000);
	free(raw);
}
END_TEST

/* Text-like rows: short repeats at many distances, one row up and not. */
START_TEST(rows_of_repeats_at_many_distances_inflate)
{
	int		 w = 913, h = 300, x, y;
	size_t		 n, stride = (size_t)w + 1;
	unsigned char	*raw = lines(w, h, 1, &n);
	uint32_t	 s = 5;

	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			raw[(size_t)y * stride + 1 + x] = y % 9 == 0 ?
			    (unsigned char)rnd(&s) : (unsigned char)((x * 7 +
			    y / 3) % 23);
	round_trip(raw, n, stride, 1);
	free(raw);
}
END_TEST

/* Parts of 0 to 70000 bytes, joined in order, some of them twice. */
START_TEST(parts_joined_inflate_to_their_bytes_in_order)
{
	static const size_t	 lens[] = { 913 * 72, 0, 1, 913 * 3, 70000, 17 };
	struct picture_zpart	 z[6];
	const struct picture_zpart *order[9];
	unsigned char		*raw[6], *all, *back;
	struct buf		 out;
	uLongf			 blen;
	size_t			 total = 0, off = 0, i, k;
	uint32_t		 s = 77;
	int			 j, n = 0;

	for (j = 0; j < 6; j++) {
		raw[j] = malloc(lens[j] + 1);
		ck_assert_ptr_nonnull(raw[j]);
		for (i = 0; i < lens[j]; i++)
			raw[j][i] = (unsigned char)(i % 913 == 0 ? 0 :
			    j % 2 ? rnd(&s) % 3 : (i / 40 + j) % 5);
		picture_deflate_part(raw[j], lens[j], 913, 3, &z[j]);
	}
	/* 0 1 2 3 4 5 0 3 5 */
	for (j = 0; j < 6; j++)
		order[n++] = &z[j];
	order[n++] = &z[0];
	order[n++] = &z[3];
	order[n++] = &z[5];
	for (j = 0; j < n; j++)
		total += order[j]->len;
	all = malloc(total + 1);
	ck_assert_ptr_nonnull(all);
	for (j = 0; j < n; j++) {
		k = (size_t)(order[j] - z);
		memcpy(all + off, raw[k], lens[k]);
		off += lens[k];
	}
	buf_init(&out);
	picture_deflate_join(order, n, &out);
	blen = total + 1;
	back = malloc(blen);
	ck_assert_ptr_nonnull(back);
	ck_assert_int_eq(uncompress(back, &blen, (const Bytef *)out.data,
	    out.len), Z_OK);
	ck_assert_uint_eq(blen, total);
	ck_assert(memcmp(back, all, total) == 0);
	buf_free(&out);
	free(back);
	free(all);
	for (j = 0; j < 6; j++) {
		picture_zpart_free(&z[j]);
		free(raw[j]);
	}
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/render/picture_deflate");
	TCase	*tc;

	tc = tcase_create("picture_deflate");
	tcase_add_loop_test(tc, a_board_of_fields_inflates_and_shrinks, 0, 2);
	tcase_add_test(tc, noise_and_every_byte_value_inflate);
	tcase_add_test(tc, tiny_inputs_inflate);
	tcase_add_test(tc, long_inputs_and_far_matches_inflate);
	tcase_add_test(tc, rows_of_repeats_at_many_distances_inflate);
	tcase_add_test(tc, parts_joined_inflate_to_their_bytes_in_order);
	suite_add_tcase(s, tc);
	return s;
}
