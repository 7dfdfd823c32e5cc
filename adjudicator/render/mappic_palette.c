/*
 * mappic_palette.c - brings a drawn map down to at most 256 colours, so
 * that picture_png.c writes it as an indexed PNG.
 *
 * A map is flat fields with smoothed edges and text: some ten thousand
 * colours, of which the 256 most frequent cover some 94 pixels in 100.
 * Every other colour (a pixel of a smoothed edge) becomes the nearest of
 * those 256. The PNG shrinks to less than half its RGB size (a Spring
 * with 31 orders: 100 KB, not 228 KB) in the same time, the deflating of
 * a third of the bytes paying for the counting; the edges stay smooth
 * enough to read. The result is a function of the pixels alone (ties
 * broken by the colour), so the same picture gives the same bytes. No
 * I/O.
 */
#include <cairo.h>
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
};

struct palette {
	struct palette_entry	*slot;
	int			 n;
};

static struct palette_entry *
palette_find(struct palette *p, uint32_t rgb, int add)
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
	return &p->slot[h];
}

/*
 * A colour's rank: its count above, the colour (reversed) below, so that
 * a larger number is a more frequent colour and no two are equal.
 */
static uint64_t
palette_rank(const struct palette_entry *e)
{
	return (uint64_t)e->count << 32 | (0xffffffffu - e->key);
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
palette_select(struct palette_entry **e, int n)
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
		if (PALETTE_COLOURS - 1 <= k)
			hi = k;
		else if (PALETTE_COLOURS - 1 >= i)
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
palette_nearest(struct palette_entry **e, int n)
{
	uint32_t	 pal[PALETTE_COLOURS], rgb, best, d, dg;
	int		 i, k, lo, hi, mid, g, step;

	for (k = 0; k < PALETTE_COLOURS; k++)
		pal[k] = e[k]->key - 1;
	qsort(pal, PALETTE_COLOURS, sizeof(pal[0]), palette_green_cmp);
	for (i = PALETTE_COLOURS; i < n; i++) {
		rgb = e[i]->key - 1;
		g = (int)(rgb >> 8 & 255);
		for (lo = 0, hi = PALETTE_COLOURS; lo < hi;) {
			mid = (lo + hi) / 2;
			if ((int)(pal[mid] >> 8 & 255) < g)
				lo = mid + 1;
			else
				hi = mid;
		}
		best = UINT32_MAX;
		for (step = 0; step < 2; step++)
			for (k = step == 0 ? lo : lo - 1;
			    k >= 0 && k < PALETTE_COLOURS;
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

/* Counts the colours; -1 if there are too many to count. */
static int
palette_count(struct palette *p, const unsigned char *data, int width,
    int height, int stride)
{
	const uint32_t		*px;
	struct palette_entry	*e = NULL;
	uint32_t		 last = 0, rgb;
	int			 x, y;

	for (y = 0; y < height; y++) {
		px = (const uint32_t *)(const void *)(data + (size_t)y *
		    (size_t)stride);
		for (x = 0; x < width; x++) {
			rgb = px[x] & 0xffffff;
			if (e == NULL || rgb != last) {
				if ((e = palette_find(p, rgb, 1)) == NULL)
					return -1;
				last = rgb;
			}
			e->count++;
		}
	}
	return 0;
}

static void
palette_apply(struct palette *p, unsigned char *data, int width, int height,
    int stride)
{
	uint32_t		*px;
	struct palette_entry	*e = NULL;
	uint32_t		 last = 0, rgb;
	int			 x, y;

	for (y = 0; y < height; y++) {
		px = (uint32_t *)(void *)(data + (size_t)y * (size_t)stride);
		for (x = 0; x < width; x++) {
			rgb = px[x] & 0xffffff;
			if (e == NULL || rgb != last) {
				e = palette_find(p, rgb, 0);
				last = rgb;
			}
			px[x] = e->to;
		}
	}
}

int
mappic_palette_reduce(cairo_surface_t *sf)
{
	struct palette		 p;
	struct palette_entry	**e;
	unsigned char		*data;
	int			 width, height, stride, i, k, rc = -1;

	cairo_surface_flush(sf);
	data = cairo_image_surface_get_data(sf);
	width = cairo_image_surface_get_width(sf);
	height = cairo_image_surface_get_height(sf);
	stride = cairo_image_surface_get_stride(sf);
	if (data == NULL)
		return -1;
	p.slot = xcalloc(PALETTE_SLOTS, sizeof(*p.slot));
	p.n = 0;
	if (palette_count(&p, data, width, height, stride) != 0)
		goto out;
	rc = 0;
	if (p.n <= PALETTE_COLOURS)
		goto out;
	e = xmalloc((size_t)p.n * sizeof(*e));
	for (i = k = 0; i < PALETTE_SLOTS; i++)
		if (p.slot[i].key != 0)
			e[k++] = &p.slot[i];
	palette_select(e, k);
	palette_nearest(e, k);
	free(e);
	palette_apply(&p, data, width, height, stride);
	cairo_surface_mark_dirty(sf);
out:
	free(p.slot);
	return rc;
}
