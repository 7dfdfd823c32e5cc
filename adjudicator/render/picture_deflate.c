/*
 * picture_deflate.c - the zlib stream (RFC 1950, deflate of RFC 1951) of a
 * picture's PNG scanlines, made for what a board is: flat fields, lines
 * and a little text.
 *
 * zlib's fastest level looks for repeats through a hash of every position;
 * a board repeats in known ways: the pixel before (a field), the same
 * place a row up (a field's next row). Those two are tried first, a small
 * hash of four bytes catches the rest (letters, hatching), and every block
 * gets Huffman codes of its own. Against zlib level 1 on the same
 * scanlines (tests/bench/bench_mappic: a map of 800 KB, weekeewachee RGB of
 * 400 KB): about half the time, a fifth fewer bytes. The output depends
 * on the bytes alone. No I/O; no state between calls.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "adjudicator/render/picture_priv.h"

#define DEFLATE_MIN	4		/* shortest match taken */
#define DEFLATE_MAX	258		/* longest match deflate has */
#define DEFLATE_NICE	32		/* long enough: do not look further */
#define DEFLATE_WINDOW	32768
#define DEFLATE_HASH	14		/* bits of the hash of four bytes */
#define DEFLATE_HASH_SMALL 11		/* ... for a part of at most */
#define DEFLATE_SMALL	32768		/* this many bytes */
#define DEFLATE_BLOCK	16384		/* symbols in one block */
#define DEFLATE_LITLEN	286		/* literal/length codes */
#define DEFLATE_DIST	30		/* distance codes */
#define DEFLATE_CLEN	19		/* code length codes */
#define DEFLATE_NONE	UINT32_MAX

/* RFC 1951 3.2.5: the lengths and distances each code starts at. */
static const uint16_t deflate_lbase[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11,
	13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
	163, 195, 227, 258 };
static const uint8_t deflate_lextra[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1,
	1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
static const uint16_t deflate_dbase[30] = { 1, 2, 3, 4, 5, 7, 9, 13, 17,
	25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
	3073, 4097, 6145, 8193, 12289, 16385, 24577 };
static const uint8_t deflate_dextra[30] = { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3,
	4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13 };
/* RFC 1951 3.2.7: the order the code length codes are sent in. */
static const uint8_t deflate_clorder[DEFLATE_CLEN] = { 16, 17, 18, 0, 8, 7,
	9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };

/*
 * A symbol: a literal byte (len 0), or a match of len bytes dist back.
 */
struct deflate_sym {
	uint16_t	 len;
	uint16_t	 val;		/* the byte, or the distance */
};

/* Which code a length or a distance has, looked up. */
struct deflate_tables {
	uint8_t		 lcode[DEFLATE_MAX + 1];
	uint8_t		 dcode[512];	/* d - 1 < 256; else 256 + (d - 1) / 128 */
};

/* The output, bits least significant first (RFC 1951 3.1.1). */
struct deflate_bits {
	unsigned char	*p;
	size_t		 len, cap;
	uint64_t	 acc;
	int		 nacc;
};

struct deflate_code {
	uint8_t		 len[DEFLATE_LITLEN];
	uint16_t	 code[DEFLATE_LITLEN];	/* bit-reversed, ready to send */
};

static void
deflate_tables(struct deflate_tables *t)
{
	unsigned	 d;
	int		 c, k;

	/* Each table by one pass along the codes: it is built for every
	 * part deflated (a map's band of 15 KB), so not by walking every
	 * distance up to the window's 32768. */
	for (k = 3, c = 0; k <= DEFLATE_MAX; k++) {
		while (c < 28 && k >= deflate_lbase[c + 1])
			c++;
		t->lcode[k] = (uint8_t)c;
	}
	t->lcode[DEFLATE_MAX] = 28;
	for (k = 0, c = 0; k < 512; k++) {
		d = k < 256 ? (unsigned)k + 1 : ((unsigned)(k - 256) << 7) + 1;
		while (c < 29 && d >= deflate_dbase[c + 1])
			c++;
		t->dcode[k] = (uint8_t)c;
	}
}

static int
deflate_dcode(const struct deflate_tables *t, unsigned d)
{
	return d <= 256 ? t->dcode[d - 1] : t->dcode[256 + ((d - 1) >> 7)];
}

/* Room for extra more bytes than are written. */
static void
deflate_room(struct deflate_bits *b, size_t extra)
{
	if (b->cap - b->len >= extra + 8)
		return;
	while (b->cap - b->len < extra + 8)
		b->cap = b->cap ? 2 * b->cap : 4096;
	b->p = xrealloc(b->p, b->cap);
}

/* n <= 32 bits of v; deflate_room() made room for them. */
static inline void
deflate_put(struct deflate_bits *b, uint32_t v, int n)
{
	b->acc |= (uint64_t)v << b->nacc;
	b->nacc += n;
	if (b->nacc >= 32) {
		b->p[b->len++] = (unsigned char)b->acc;
		b->p[b->len++] = (unsigned char)(b->acc >> 8);
		b->p[b->len++] = (unsigned char)(b->acc >> 16);
		b->p[b->len++] = (unsigned char)(b->acc >> 24);
		b->acc >>= 32;
		b->nacc -= 32;
	}
}

static void
deflate_flush(struct deflate_bits *b)
{
	deflate_room(b, 8);
	while (b->nacc > 0) {
		b->p[b->len++] = (unsigned char)b->acc;
		b->acc >>= 8;
		b->nacc -= 8;
	}
	b->acc = 0;
	b->nacc = 0;
}

/* A used symbol and its count, sorted ascending, ties by symbol. */
struct deflate_leaf {
	uint32_t	 freq;
	uint16_t	 sym;
};

static int
deflate_leaf_cmp(const void *a, const void *b)
{
	const struct deflate_leaf	*x = a, *y = b;

	if (x->freq != y->freq)
		return x->freq < y->freq ? -1 : 1;
	return x->sym < y->sym ? -1 : x->sym > y->sym;
}

/*
 * Huffman code lengths of at most limit bits for n symbols (freq 0: no
 * code). Two queues over the leaves sorted by frequency build the tree;
 * a tree too deep is built again from halved frequencies, which keeps
 * every used symbol and flattens the rarest.
 */
static void
deflate_lengths(const uint32_t *freq, int n, int limit, uint8_t *len)
{
	struct deflate_leaf	 leaf[DEFLATE_LITLEN];
	uint32_t		 f[DEFLATE_LITLEN], w[2 * DEFLATE_LITLEN];
	int			 parent[2 * DEFLATE_LITLEN];
	int			 depth[2 * DEFLATE_LITLEN];
	int			 i, k, nl, nn, a, b, x[2], deepest;

	for (i = 0; i < n; i++)
		f[i] = freq[i];
	for (;;) {
		for (i = nl = 0; i < n; i++) {
			len[i] = 0;
			if (f[i] > 0) {
				leaf[nl].freq = f[i];
				leaf[nl++].sym = (uint16_t)i;
			}
		}
		if (nl == 0)
			return;
		if (nl == 1) {
			len[leaf[0].sym] = 1;
			return;
		}
		qsort(leaf, (size_t)nl, sizeof(leaf[0]), deflate_leaf_cmp);
		for (i = 0; i < nl; i++)
			w[i] = leaf[i].freq;
		/* Leaves a..nl-1 and inner nodes b..nn-1 both ascend. */
		for (a = 0, b = nn = nl; nn < 2 * nl - 1; nn++) {
			for (k = 0; k < 2; k++)
				x[k] = a < nl && (b >= nn || w[a] <= w[b]) ?
				    a++ : b++;
			w[nn] = w[x[0]] + w[x[1]];
			parent[x[0]] = parent[x[1]] = nn;
		}
		depth[nn - 1] = 0;
		deepest = 0;
		for (i = nn - 2; i >= 0; i--) {
			depth[i] = depth[parent[i]] + 1;
			if (i < nl && depth[i] > deepest)
				deepest = depth[i];
		}
		for (i = 0; i < nl; i++)
			len[leaf[i].sym] = (uint8_t)depth[i];
		if (deepest <= limit)
			return;
		for (i = 0; i < n; i++)
			if (f[i] > 0)
				f[i] = (f[i] >> 1) | 1;
	}
}

/* Canonical codes (RFC 1951 3.2.2), bit-reversed for sending. */
static void
deflate_codes(const uint8_t *len, int n, uint16_t *code)
{
	int		 count[16] = { 0 }, next[16], i, k, c = 0;
	unsigned	 v, r;

	for (i = 0; i < n; i++)
		count[len[i]]++;
	count[0] = 0;
	for (i = 1; i < 16; i++) {
		c = (c + count[i - 1]) << 1;
		next[i] = c;
	}
	for (i = 0; i < n; i++) {
		code[i] = 0;
		if (len[i] == 0)
			continue;
		v = (unsigned)next[len[i]]++;
		for (r = 0, k = 0; k < len[i]; k++, v >>= 1)
			r = (r << 1) | (v & 1);
		code[i] = (uint16_t)r;
	}
}

/*
 * The code lengths of both alphabets as RFC 1951 3.2.7 sends them: runs
 * of zeros as 17 or 18, runs of a length as that length and 16s. Returns
 * the count of codes written to sym (and their extra bits to extra).
 */
static int
deflate_clens(const uint8_t *seq, int n, uint8_t *sym, uint8_t *extra)
{
	int	 i, run, r, m = 0;

	for (i = 0; i < n; i += run) {
		for (run = 1; i + run < n && seq[i + run] == seq[i]; run++)
			;
		if (seq[i] == 0 && run >= 3) {
			r = run > 138 ? 138 : run;
			sym[m] = r >= 11 ? 18 : 17;
			extra[m++] = (uint8_t)(r - (r >= 11 ? 11 : 3));
			run = r;
		} else if (seq[i] != 0 && run >= 4) {
			r = run - 1 > 6 ? 6 : run - 1;
			sym[m] = seq[i];
			extra[m++] = 0;
			sym[m] = 16;
			extra[m++] = (uint8_t)(r - 3);
			run = r + 1;
		} else {
			sym[m] = seq[i];
			extra[m++] = 0;
			run = 1;
		}
	}
	return m;
}

/* The header of a dynamic block: its two codes, as code lengths. */
static void
deflate_header(struct deflate_bits *b, const struct deflate_code *lit,
    const struct deflate_code *dist, bool last)
{
	uint8_t		 seq[DEFLATE_LITLEN + DEFLATE_DIST];
	uint8_t		 sym[DEFLATE_LITLEN + DEFLATE_DIST];
	uint8_t		 extra[DEFLATE_LITLEN + DEFLATE_DIST], cl[DEFLATE_CLEN];
	uint32_t	 cf[DEFLATE_CLEN] = { 0 };
	uint16_t	 cc[DEFLATE_CLEN];
	int		 hlit, hdist, hclen, n, i, k;

	for (hlit = DEFLATE_LITLEN; hlit > 257 && lit->len[hlit - 1] == 0;
	    hlit--)
		;
	for (hdist = DEFLATE_DIST; hdist > 1 && dist->len[hdist - 1] == 0;
	    hdist--)
		;
	memcpy(seq, lit->len, (size_t)hlit);
	memcpy(seq + hlit, dist->len, (size_t)hdist);
	n = deflate_clens(seq, hlit + hdist, sym, extra);
	for (i = 0; i < n; i++)
		cf[sym[i]]++;
	deflate_lengths(cf, DEFLATE_CLEN, 7, cl);
	/* zlib refuses a code length code of a single code: give it a
	 * second, unused one (1 bit each, complete). */
	for (i = k = 0; i < DEFLATE_CLEN; i++)
		k += cl[i] != 0;
	if (k == 1)
		cl[cl[0] != 0 ? 1 : 0] = 1;
	deflate_codes(cl, DEFLATE_CLEN, cc);
	for (hclen = DEFLATE_CLEN; hclen > 4 &&
	    cl[deflate_clorder[hclen - 1]] == 0; hclen--)
		;
	deflate_room(b, 512);
	deflate_put(b, last ? 1 : 0, 1);
	deflate_put(b, 2, 2);		/* dynamic Huffman codes */
	deflate_put(b, (uint32_t)(hlit - 257), 5);
	deflate_put(b, (uint32_t)(hdist - 1), 5);
	deflate_put(b, (uint32_t)(hclen - 4), 4);
	for (i = 0; i < hclen; i++)
		deflate_put(b, cl[deflate_clorder[i]], 3);
	for (i = 0; i < n; i++) {
		deflate_put(b, cc[sym[i]], cl[sym[i]]);
		if (sym[i] >= 16)
			deflate_put(b, extra[i], sym[i] == 16 ? 2 :
			    sym[i] == 17 ? 3 : 7);
	}
}

/* One block of n symbols, with codes made for them (RFC 1951 3.2.7). */
static void
deflate_block(struct deflate_bits *b, const struct deflate_tables *t,
    const struct deflate_sym *s, int n, bool last)
{
	struct deflate_code	 lit, dist;
	uint32_t		 lf[DEFLATE_LITLEN] = { 0 };
	uint32_t		 df[DEFLATE_DIST] = { 0 };
	int			 i, c, e, used;

	for (i = 0; i < n; i++)
		if (s[i].len == 0)
			lf[s[i].val]++;
		else {
			lf[257 + t->lcode[s[i].len]]++;
			df[deflate_dcode(t, s[i].val)]++;
		}
	lf[256] = 1;			/* the block's end */
	deflate_lengths(lf, DEFLATE_LITLEN, 15, lit.len);
	deflate_lengths(df, DEFLATE_DIST, 15, dist.len);
	/* A block of literals still sends a distance code; one code of one
	 * bit is complete enough for every inflater (zlib's included). */
	for (i = used = 0; i < DEFLATE_DIST; i++)
		used += dist.len[i] != 0;
	if (used == 0)
		dist.len[0] = 1;
	deflate_codes(lit.len, DEFLATE_LITLEN, lit.code);
	deflate_codes(dist.len, DEFLATE_DIST, dist.code);
	deflate_header(b, &lit, &dist, last);
	/* At most 15 + 5 + 15 + 13 bits a symbol. */
	deflate_room(b, (size_t)n * 6 + 16);
	for (i = 0; i < n; i++) {
		if (s[i].len == 0) {
			deflate_put(b, lit.code[s[i].val], lit.len[s[i].val]);
			continue;
		}
		c = t->lcode[s[i].len];
		deflate_put(b, lit.code[257 + c], lit.len[257 + c]);
		if (deflate_lextra[c] > 0)
			deflate_put(b, s[i].len - deflate_lbase[c],
			    deflate_lextra[c]);
		e = deflate_dcode(t, s[i].val);
		deflate_put(b, dist.code[e], dist.len[e]);
		if (deflate_dextra[e] > 0)
			deflate_put(b, s[i].val - deflate_dbase[e],
			    deflate_dextra[e]);
	}
	deflate_put(b, lit.code[256], lit.len[256]);
}

/* How many of the first max bytes of a and b are equal. */
static inline size_t
deflate_same(const unsigned char *a, const unsigned char *b, size_t max)
{
	uint64_t	 x, y;
	size_t		 n = 0;

	while (n + 8 <= max) {
		memcpy(&x, a + n, 8);
		memcpy(&y, b + n, 8);
		if (x != y)
			return n + (size_t)(__builtin_ctzll(x ^ y) >> 3);
		n += 8;
	}
	while (n < max && a[n] == b[n])
		n++;
	return n;
}

/*
 * The blocks of n bytes of scanlines into b, from a fresh state: nothing
 * refers to a byte before raw. The last block is marked final if final.
 */
static void
deflate_run(const unsigned char *raw, size_t n, size_t stride, int bpp,
    struct deflate_bits *b, bool final)
{
	struct deflate_tables	 t;
	struct deflate_sym	*s;
	uint32_t		*head, v, c, h;
	size_t			 i, max, best, dist, l, nsym;
	int			 ns = 0, bits;

	deflate_tables(&t);
	deflate_room(b, n / 8 + 1024);
	/* A small part (a map's band) gets a small hash: filling the big
	 * one cost more than deflating 15 KB. The size follows from n, so
	 * the bits do too. */
	bits = n <= DEFLATE_SMALL ? DEFLATE_HASH_SMALL : DEFLATE_HASH;
	nsym = n < DEFLATE_BLOCK ? n + 1 : DEFLATE_BLOCK;
	s = xmalloc(nsym * sizeof(*s));
	head = xmalloc(sizeof(*head) << bits);
	memset(head, 0xff, sizeof(*head) << bits);
	for (i = 0; i < n; ) {
		max = n - i < DEFLATE_MAX ? n - i : DEFLATE_MAX;
		best = dist = 0;
		if (max >= DEFLATE_MIN) {
			if (i >= stride)
				best = deflate_same(raw + i, raw + i - stride,
				    max), dist = stride;
			if (best < max && i >= (size_t)bpp &&
			    (l = deflate_same(raw + i, raw + i - bpp, max)) >
			    best)
				best = l, dist = (size_t)bpp;
			if (best < DEFLATE_NICE) {
				memcpy(&v, raw + i, 4);
				h = (v * 2654435761u) >> (32 - bits);
				c = head[h];
				head[h] = (uint32_t)i;
				if (c != DEFLATE_NONE && i - c <= DEFLATE_WINDOW &&
				    (l = deflate_same(raw + i, raw + c, max)) >
				    best)
					best = l, dist = i - c;
			}
		}
		if (best >= DEFLATE_MIN) {
			s[ns].len = (uint16_t)best;
			s[ns].val = (uint16_t)dist;
			i += best;
		} else {
			s[ns].len = 0;
			s[ns].val = raw[i++];
		}
		if (++ns == DEFLATE_BLOCK) {
			deflate_block(b, &t, s, ns, final && i == n);
			ns = 0;
		}
	}
	if (ns > 0 || n == 0)
		deflate_block(b, &t, s, ns, final);
	free(head);
	free(s);
}

/* RFC 1950: deflate, a 32 KB window, the fastest level's flag. */
static void
deflate_zlib_head(struct deflate_bits *b)
{
	deflate_room(b, 2);
	b->p[b->len++] = 0x78;
	b->p[b->len++] = 0x01;
}

static void
deflate_zlib_tail(struct deflate_bits *b, uint32_t adler, struct buf *out)
{
	deflate_flush(b);
	deflate_room(b, 4);
	b->p[b->len++] = (unsigned char)(adler >> 24);
	b->p[b->len++] = (unsigned char)(adler >> 16);
	b->p[b->len++] = (unsigned char)(adler >> 8);
	b->p[b->len++] = (unsigned char)adler;
	buf_add(out, b->p, b->len);
	free(b->p);
}

void
picture_deflate(const unsigned char *raw, size_t n, size_t stride, int bpp,
    struct buf *out)
{
	struct deflate_bits	 b;

	memset(&b, 0, sizeof(b));
	deflate_zlib_head(&b);
	deflate_run(raw, n, stride, bpp, &b, true);
	deflate_zlib_tail(&b, (uint32_t)adler32_z(adler32(0, NULL, 0), raw, n),
	    out);
}

void
picture_deflate_part(const unsigned char *raw, size_t n, size_t stride,
    int bpp, struct picture_zpart *out)
{
	struct deflate_bits	 b;

	memset(&b, 0, sizeof(b));
	deflate_run(raw, n, stride, bpp, &b, false);
	/* The bits of the last byte not yet full, kept as they are. */
	out->nbits = b.len * 8 + (size_t)b.nacc;
	deflate_room(&b, 8);
	while (b.nacc > 0) {
		b.p[b.len++] = (unsigned char)b.acc;
		b.acc >>= 8;
		b.nacc -= 8;
	}
	/* Kept, maybe long (picture_band.c): no room to spare. */
	out->bits = xrealloc(b.p, b.len > 0 ? b.len : 1);
	out->len = n;
	out->adler = (uint32_t)adler32_z(adler32(0, NULL, 0), raw, n);
}

void
picture_zpart_free(struct picture_zpart *z)
{
	free(z->bits);
	memset(z, 0, sizeof(*z));
}

/*
 * Appends nbits bits (least significant first) to b, which has room for
 * them: eight bytes at a time, shifted past the bits b holds (at most 31,
 * deflate_put()), or copied as they are when it holds none. A map joins
 * some 90 KB of parts for every picture.
 */
static void
deflate_append(struct deflate_bits *b, const unsigned char *bits,
    size_t nbits)
{
	uint64_t	 w;
	size_t		 i, k, nbytes = nbits / 8;

	if (b->nacc == 0) {
		memcpy(b->p + b->len, bits, nbytes);
		b->len += nbytes;
		i = nbytes;
	} else {
		for (i = 0; i + 8 <= nbytes; i += 8) {
			for (w = 0, k = 0; k < 8; k++)
				w |= (uint64_t)bits[i + k] << (8 * k);
			b->acc |= w << b->nacc;
			for (k = 0; k < 8; k++)
				b->p[b->len++] = (unsigned char)(b->acc >>
				    (8 * k));
			b->acc = w >> (64 - b->nacc);
		}
		for (; i < nbytes; i++)
			deflate_put(b, bits[i], 8);
	}
	if (nbits % 8 != 0)
		deflate_put(b, bits[i] & ((1u << (nbits % 8)) - 1),
		    (int)(nbits % 8));
}

void
picture_deflate_join(const struct picture_zpart *const *parts, int nparts,
    struct buf *out)
{
	struct deflate_bits	 b;
	uint32_t		 adler = (uint32_t)adler32(0, NULL, 0);
	int			 j;

	memset(&b, 0, sizeof(b));
	deflate_zlib_head(&b);
	for (j = 0; j < nparts; j++) {
		deflate_room(&b, parts[j]->nbits / 8 + 16);
		deflate_append(&b, parts[j]->bits, parts[j]->nbits);
		adler = (uint32_t)adler32_combine(adler, parts[j]->adler,
		    (z_off_t)parts[j]->len);
	}
	/* The final block: fixed codes (RFC 1951 3.2.6), only its end. */
	deflate_room(&b, 8);
	deflate_put(&b, 1, 1);
	deflate_put(&b, 1, 2);
	deflate_put(&b, 0, 7);
	deflate_zlib_tail(&b, adler, out);
}
