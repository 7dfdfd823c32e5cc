/*
 * mappic_bands.c - the deflated bands of map pictures, kept between
 * pictures and found by what they hold.
 *
 * A map's scanlines are cut into bands of MAPPIC_BAND_ROWS rows, each
 * deflated on its own (picture_deflate_part()), so that kept bands join
 * into one stream. Every picture on one ground has one palette
 * (mappic_ground.c), so a band that shows the same pixels in two pictures
 * is the same bytes: the seven replies of a Diplomacy phase carry one map
 * (the game as it stands), the map of its results keeps the rows where
 * no order is drawn, the next phase's those where no unit moved, and the
 * title and legend rows repeat. A band is found by two 64-bit hashes of what it shows, which
 * mappic.c writes down (a false match is as likely as 1 in 2^128, and
 * what a map shows is not chosen bit by bit by a correspondent); at most
 * MAPPIC_BANDS are kept, the one used longest ago replaced, never one of
 * the picture being built (mappic_bands_begin()). What is kept never
 * changes a picture's bytes: a band found is the band that would be
 * drawn and deflated. No I/O.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/render/mappic_priv.h"

/*
 * A map is 53 bands of some 1.5 KB deflated: 256 hold five pictures with
 * nothing in common, or a phase's replies and results, in some 400 KB.
 */
#define MAPPIC_BANDS	256
#if MAPPIC_BANDS < MAPPIC_BANDS_MAX
#error "a picture's bands must all fit"
#endif

struct mappic_band {
	uint64_t		 h1, h2;
	size_t			 n;		/* bytes of scanlines; 0: empty */
	struct picture_zpart	 z;
	uint64_t		 used;
};

/*
 * The rows a unit inks, by the unit (mappic_span.c): the same in every
 * picture it stands in the same way, and measuring them is most of what a
 * map whose bands are all kept costs. Direct-mapped by the hash.
 */
#define MAPPIC_SPANS	512

struct mappic_span_memo {
	uint64_t		 h1, h2;	/* 0, 0: empty */
	int16_t			 s[2];
};

struct mappic_bands {
	struct mappic_band	 b[MAPPIC_BANDS];
	uint64_t		 clock;
	uint64_t		 mark;		/* the picture being built's start */
	struct mappic_span_memo	 span[MAPPIC_SPANS];
};

struct mappic_bands *
mappic_bands_new(void)
{
	return xcalloc(1, sizeof(struct mappic_bands));
}

void
mappic_bands_free(struct mappic_bands *k)
{
	int	 i;

	if (k == NULL)
		return;
	for (i = 0; i < MAPPIC_BANDS; i++)
		picture_zpart_free(&k->b[i].z);
	free(k);
}

void
mappic_bands_begin(struct mappic_bands *k)
{
	k->mark = k->clock + 1;
}

/*
 * Two hashes of n bytes, eight at a time: each word multiplied into its
 * own accumulator with its own odd constant, then mixed (the finaliser of
 * MurmurHash3).
 */
void
mappic_bands_hash(const void *v, size_t n, uint64_t *h1, uint64_t *h2)
{
	const unsigned char	*p = v;
	uint64_t		 a = 0x9e3779b97f4a7c15ull ^ n;
	uint64_t		 b = 0xc2b2ae3d27d4eb4full, w;
	size_t			 i;

	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&w, p + i, 8);
		a = (a ^ w) * 0xff51afd7ed558ccdull;
		a ^= a >> 29;
		b = (b + w) * 0xc4ceb9fe1a85ec53ull;
		b ^= b >> 31;
	}
	for (w = 0; i < n; i++)
		w = w << 8 | p[i];
	a = (a ^ w) * 0xff51afd7ed558ccdull;
	b = (b + w) * 0xc4ceb9fe1a85ec53ull;
	a ^= a >> 33;
	a *= 0xff51afd7ed558ccdull;
	a ^= a >> 33;
	b ^= b >> 33;
	b *= 0xc4ceb9fe1a85ec53ull;
	b ^= b >> 33;
	*h1 = a;
	*h2 = b;
}

const struct picture_zpart *
mappic_bands_find(struct mappic_bands *k, uint64_t h1, uint64_t h2)
{
	int	 i;

	for (i = 0; i < MAPPIC_BANDS; i++)
		if (k->b[i].n != 0 && k->b[i].h1 == h1 && k->b[i].h2 == h2) {
			k->b[i].used = ++k->clock;
			return &k->b[i].z;
		}
	return NULL;
}

const struct picture_zpart *
mappic_bands_keep(struct mappic_bands *k, uint64_t h1, uint64_t h2,
    const unsigned char *raw, size_t n, size_t stride)
{
	struct mappic_band	*slot = NULL;
	struct picture_zpart	 z;
	int			 i;

	/* An empty slot, or the one of an earlier picture used longest
	 * ago. */
	for (i = 0; i < MAPPIC_BANDS; i++) {
		if (k->b[i].n == 0) {
			slot = &k->b[i];
			break;
		}
		if (k->b[i].used < k->mark && (slot == NULL ||
		    k->b[i].used < slot->used))
			slot = &k->b[i];
	}
	/* Every band kept is this picture's: more than MAPPIC_BANDS_MAX
	 * bands, which the caller does not ask for. */
	if (slot == NULL || n == 0)
		return NULL;
	picture_deflate_part(raw, n, stride, 1, &z);
	picture_zpart_free(&slot->z);
	slot->z = z;
	slot->n = n;
	slot->h1 = h1;
	slot->h2 = h2;
	slot->used = ++k->clock;
	return &slot->z;
}

bool
mappic_bands_span(const struct mappic_bands *k, uint64_t h1, uint64_t h2,
    int16_t s[2])
{
	const struct mappic_span_memo	*e = &k->span[h1 % MAPPIC_SPANS];

	if (e->h1 != h1 || e->h2 != h2 || (h1 == 0 && h2 == 0))
		return false;
	s[0] = e->s[0];
	s[1] = e->s[1];
	return true;
}

void
mappic_bands_span_keep(struct mappic_bands *k, uint64_t h1, uint64_t h2,
    const int16_t s[2])
{
	struct mappic_span_memo	*e = &k->span[h1 % MAPPIC_SPANS];

	e->h1 = h1;
	e->h2 = h2;
	e->s[0] = s[0];
	e->s[1] = s[1];
}
