/*
 * picture_band.c - the bands of square boards' pictures, deflated and kept
 * between pictures.
 *
 * A square board's picture is cut into bands, one a row of cells
 * (picture.c says where and why a band depends on its row alone). Each
 * band is deflated on its own (picture_deflate_part()) and kept here by
 * what it shows: the board's size, the band's row, which cells stand in
 * the row above (whose lines touch it), and every cell of the row as it
 * is drawn (the texts cleaned). A move changes a row or two; the reply,
 * the opponent's report and the GM's share most rows with each other and
 * with the pictures of the game's last move, and empty rows look alike in
 * every game, so most bands are found here, not drawn and deflated again.
 * At most PICTURE_BANDS bands and PICTURE_BANDS_BYTES of them are kept,
 * those used longest ago replaced, but never one of the picture being
 * built (picture_bands_begin()). No I/O.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/render/picture_priv.h"

/*
 * Measured on the mail bench (tests/bench/bench_mail.sh, 20 Blind-Fun
 * games, the mails of each game twenty mails apart): 128 bands found 54 in
 * 100 and took 0.76 ms a picture, 256 took 0.39 ms, 512 0.19 ms. A
 * weekeewachee band is some 2 KB with its key, so 512 are about 1 MB; the
 * byte budget bounds bigger boards'.
 */
#define PICTURE_BANDS		512
#define PICTURE_BANDS_BYTES	(1536 * 1024)

struct picture_band {
	uint64_t		 hash;
	size_t			 keylen;	/* 0: an empty slot */
	unsigned char		*key;
	struct picture_zpart	 z;
	uint64_t		 used;
};

struct picture_bands {
	struct picture_band	 b[PICTURE_BANDS];
	uint64_t		 clock;
	uint64_t		 mark;		/* the picture being built's start */
	size_t			 bytes;		/* keys and bits kept */
};

struct picture_bands *
picture_bands_new(void)
{
	return xcalloc(1, sizeof(struct picture_bands));
}

void
picture_bands_free(struct picture_bands *k)
{
	int	 i;

	if (k == NULL)
		return;
	for (i = 0; i < PICTURE_BANDS; i++) {
		free(k->b[i].key);
		picture_zpart_free(&k->b[i].z);
	}
	free(k);
}

/* The bytes of the key that count: its head and its cells. */
static size_t
band_keylen(const struct picture_band_key *key)
{
	return offsetof(struct picture_band_key, cell) +
	    (size_t)key->n * sizeof(key->cell[0]);
}

/* FNV-1a, 64 bits. */
static uint64_t
band_hash(const void *p, size_t n)
{
	const unsigned char	*s = p;
	uint64_t		 h = 14695981039346656037ull;
	size_t			 i;

	for (i = 0; i < n; i++)
		h = (h ^ s[i]) * 1099511628211ull;
	return h;
}

const struct picture_zpart *
picture_bands_find(struct picture_bands *k, const struct picture_band_key *key)
{
	size_t		 n = band_keylen(key);
	uint64_t	 h = band_hash(key, n);
	int		 i;

	for (i = 0; i < PICTURE_BANDS; i++)
		if (k->b[i].keylen == n && k->b[i].hash == h &&
		    memcmp(k->b[i].key, key, n) == 0) {
			k->b[i].used = ++k->clock;
			return &k->b[i].z;
		}
	return NULL;
}

void
picture_bands_begin(struct picture_bands *k)
{
	k->mark = k->clock + 1;
}

static size_t
band_bytes(const struct picture_band *b)
{
	return b->keylen + (b->z.nbits + 7) / 8;
}

/* An empty slot, or the band used longest ago of an earlier picture;
 * NULL when every slot holds a band of this picture. */
static struct picture_band *
band_oldest(struct picture_bands *k)
{
	struct picture_band	*b = NULL;
	int			 i;

	for (i = 0; i < PICTURE_BANDS; i++) {
		if (k->b[i].keylen == 0)
			return &k->b[i];
		if (k->b[i].used < k->mark && (b == NULL ||
		    k->b[i].used < b->used))
			b = &k->b[i];
	}
	return b;
}

static void
band_drop(struct picture_bands *k, struct picture_band *b)
{
	k->bytes -= band_bytes(b);
	picture_zpart_free(&b->z);
	free(b->key);
	b->key = NULL;
	b->keylen = 0;
}

const struct picture_zpart *
picture_bands_keep(struct picture_bands *k, const struct picture_band_key *key,
    struct picture_zpart *z)
{
	struct picture_band	*b, *old;
	size_t			 n = band_keylen(key);

	/* Room in bytes first: drop the oldest of earlier pictures. */
	while (k->bytes + n + (z->nbits + 7) / 8 > PICTURE_BANDS_BYTES &&
	    (old = band_oldest(k)) != NULL && old->keylen != 0)
		band_drop(k, old);
	if ((b = band_oldest(k)) == NULL)
		return NULL;
	if (b->keylen != 0)
		band_drop(k, b);
	b->key = xmalloc(n);
	memcpy(b->key, key, n);
	b->keylen = n;
	b->hash = band_hash(key, n);
	b->z = *z;
	memset(z, 0, sizeof(*z));
	b->used = ++k->clock;
	k->bytes += band_bytes(b);
	return &b->z;
}
