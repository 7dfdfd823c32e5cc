/*
 * mappic_palette.c - brings a drawn map down to at most 256 colours, so
 * that picture_png.c writes it as an indexed PNG.
 *
 * A map is flat fields with smoothed edges and text: some ten thousand
 * colours, of which the 256 most frequent cover some 94 pixels in 100.
 * Every other colour (a pixel of a smoothed edge) becomes the nearest of
 * those 256. The PNG shrinks to less than half its RGB size (a Spring
 * with 31 orders: 100 KB, not 228 KB). The colours are counted as the
 * caller hands them (mappic_palette_count(), mappic_palette_add(): a
 * ground already counted comes as its colours and their counts), chosen
 * once (mappic_palette_choose()), and numbered in the order the caller
 * asks for them (mappic_palette_index()), the order they first appear in
 * the picture. The result is a function of the counts alone (ties broken
 * by the colour). No I/O.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/render/mappic_priv.h"
#include "common/util.h"

#define PALETTE_COLOURS	256
#define PALETTE_SLOTS	(1 << 15)	/* hash of the picture's colours */
#define PALETTE_FULL	(PALETTE_SLOTS / 4 * 3)

struct palette_entry {
	uint32_t	 key;		/* colour + 1; 0 empty */
	uint32_t	 count;
	uint32_t	 to;		/* the colour it becomes */
	int16_t		 idx;		/* its index, once asked; -1 */
	bool		 pinned;	/* kept whatever its count */
};

struct mappic_palette {
	struct palette_entry	*slot;
	int			 n;
	bool			 full;		/* a colour was not counted */
	int			 nidx;
	int			 max;		/* colours chosen */
	uint32_t		 rgb[PALETTE_COLOURS];	/* by index */
};

struct mappic_palette *
mappic_palette_new(void)
{
	struct mappic_palette	*p;

	p = xcalloc(1, sizeof(*p));
	p->slot = xcalloc(PALETTE_SLOTS, sizeof(*p->slot));
	p->max = PALETTE_COLOURS;
	return p;
}

void
mappic_palette_free(struct mappic_palette *p)
{
	if (p == NULL)
		return;
	free(p->slot);
	free(p);
}

static struct palette_entry *
palette_find(struct mappic_palette *p, uint32_t rgb, int add)
{
	uint32_t	 h = ((rgb + 1) * 2654435761u) >> 17;

	while (p->slot[h].key != 0) {
		if (p->slot[h].key == rgb + 1)
			return &p->slot[h];
		h = (h + 1) & (PALETTE_SLOTS - 1);
	}
	if (!add || p->n == PALETTE_FULL)
		return NULL;
	p->n++;
	p->slot[h].key = rgb + 1;
	p->slot[h].to = rgb;
	p->slot[h].idx = -1;
	return &p->slot[h];
}

void
mappic_palette_add(struct mappic_palette *p, uint32_t rgb, uint32_t count)
{
	struct palette_entry	*e;

	if ((e = palette_find(p, rgb & 0xffffff, 1)) == NULL)
		p->full = true;
	else
		e->count += count;
}

void
mappic_palette_count(struct mappic_palette *p, const uint32_t *px, int n)
{
	struct palette_entry	*e = NULL;
	uint32_t		 last = 0, rgb;
	int			 x;

	for (x = 0; x < n && !p->full; x++) {
		rgb = px[x] & 0xffffff;
		if (e == NULL || rgb != last) {
			if ((e = palette_find(p, rgb, 1)) == NULL) {
				p->full = true;
				return;
			}
			last = rgb;
		}
		e->count++;
	}
}

void
mappic_palette_pin(struct mappic_palette *p, uint32_t rgb)
{
	struct palette_entry	*e;

	if ((e = palette_find(p, rgb & 0xffffff, 0)) != NULL)
		e->pinned = true;
}

/*
 * A colour's rank: pinned first, then its count, the colour (reversed)
 * below, so that a larger number is a colour kept sooner and no two are
 * equal. Counts stay below 2^31 (a picture's pixels).
 */
static uint64_t
palette_rank(const struct palette_entry *e)
{
	return (uint64_t)e->pinned << 63 | (uint64_t)e->count << 32 |
	    (0xffffffffu - e->key);
}

static void
palette_swap(struct palette_entry **e, int i, int k)
{
	struct palette_entry	*t = e[i];

	e[i] = e[k];
	e[k] = t;
}

/*
 * Puts the PALETTE_COLOURS most frequent colours first (in no order):
 * a selection (Hoare's), not a sort, since only the first few hundred of
 * some ten thousand matter. The pivot is the middle element, so the
 * result depends on the colours alone.
 */
static void
palette_select(struct palette_entry **e, int n, int keep)
{
	uint64_t	 pivot;
	int		 lo = 0, hi = n - 1, i, k;

	while (lo < hi) {
		pivot = palette_rank(e[lo + (hi - lo) / 2]);
		i = lo;
		k = hi;
		while (i <= k) {
			while (palette_rank(e[i]) > pivot)
				i++;
			while (palette_rank(e[k]) < pivot)
				k--;
			if (i <= k)
				palette_swap(e, i++, k--);
		}
		if (keep - 1 <= k)
			hi = k;
		else if (keep - 1 >= i)
			lo = i;
		else
			break;
	}
}

/* Squared distance, green weighted most as the eye does. */
static uint32_t
palette_dist(uint32_t a, uint32_t b)
{
	int	 dr = (int)(a >> 16 & 255) - (int)(b >> 16 & 255);
	int	 dg = (int)(a >> 8 & 255) - (int)(b >> 8 & 255);
	int	 db = (int)(a & 255) - (int)(b & 255);

	return (uint32_t)(3 * dr * dr + 4 * dg * dg + 2 * db * db);
}

static int
palette_green_cmp(const void *a, const void *b)
{
	uint32_t	 x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	if ((x >> 8 & 255) != (y >> 8 & 255))
		return (int)(x >> 8 & 255) - (int)(y >> 8 & 255);
	return x < y ? -1 : x > y;
}

/*
 * The nearest of the palette for every other colour. The palette is
 * sorted by green, the heaviest weight, and searched outwards from the
 * colour's green until the green alone is farther than the best found.
 */
static void
palette_nearest(struct palette_entry **e, int n, int keep)
{
	uint32_t	 pal[PALETTE_COLOURS], rgb, best, d, dg;
	int		 i, k, lo, hi, mid, g, step;

	for (k = 0; k < keep; k++)
		pal[k] = e[k]->key - 1;
	qsort(pal, (size_t)keep, sizeof(pal[0]), palette_green_cmp);
	for (i = keep; i < n; i++) {
		rgb = e[i]->key - 1;
		g = (int)(rgb >> 8 & 255);
		for (lo = 0, hi = keep; lo < hi;) {
			mid = (lo + hi) / 2;
			if ((int)(pal[mid] >> 8 & 255) < g)
				lo = mid + 1;
			else
				hi = mid;
		}
		best = UINT32_MAX;
		for (step = 0; step < 2; step++)
			for (k = step == 0 ? lo : lo - 1;
			    k >= 0 && k < keep;
			    k += step == 0 ? 1 : -1) {
				dg = (uint32_t)abs((int)(pal[k] >> 8 & 255) -
				    g);
				if (4 * dg * dg >= best)
					break;
				if ((d = palette_dist(rgb, pal[k])) < best ||
				    (d == best && pal[k] < e[i]->to)) {
					best = d;
					e[i]->to = pal[k];
				}
			}
	}
}

int
mappic_palette_choose(struct mappic_palette *p)
{
	return mappic_palette_choose_max(p, PALETTE_COLOURS);
}

int
mappic_palette_choose_max(struct mappic_palette *p, int max)
{
	struct palette_entry	**e;
	int			 i, k;

	if (p->full || max < 1 || max > PALETTE_COLOURS)
		return -1;
	p->max = max;
	if (p->n <= max)
		return 0;
	e = xmalloc((size_t)p->n * sizeof(*e));
	for (i = k = 0; i < PALETTE_SLOTS; i++)
		if (p->slot[i].key != 0)
			e[k++] = &p->slot[i];
	palette_select(e, k, max);
	palette_nearest(e, k, max);
	free(e);
	return 0;
}

int
mappic_palette_nearest(const uint32_t *pal, int n, uint32_t rgb)
{
	uint32_t	 d, best = UINT32_MAX;
	int		 i, k = -1;

	rgb &= 0xffffff;
	for (i = 0; i < n; i++)
		if ((d = palette_dist(rgb, pal[i])) < best) {
			best = d;
			k = i;
		}
	return k;
}

int
mappic_palette_index(struct mappic_palette *p, uint32_t rgb)
{
	struct palette_entry	*e, *t;

	if ((e = palette_find(p, rgb & 0xffffff, 0)) == NULL)
		return -1;
	if (e->idx >= 0)
		return e->idx;
	t = e->to == e->key - 1 ? e : palette_find(p, e->to, 0);
	if (t == NULL)
		return -1;
	if (t->idx < 0) {
		if (p->nidx == p->max)
			return -1;
		p->rgb[p->nidx] = t->to;
		t->idx = (int16_t)p->nidx++;
	}
	e->idx = t->idx;
	return e->idx;
}

int
mappic_palette_colours(const struct mappic_palette *p, uint32_t *rgb)
{
	memcpy(rgb, p->rgb, (size_t)p->nidx * sizeof(*rgb));
	return p->nidx;
}
