/*
 * mappic_ground.c - the ground of a map picture (land, sea, walls,
 * borders, centres: mappic_board_draw()), kept between pictures.
 *
 * The ground is two fifths of a map's drawing time and depends on nothing
 * but the geometry and who owns which centre, which changes once a game
 * year: the seven replies of a phase, its results and the next phase's
 * replies are all drawn on one ground. It is kept brought down to at most
 * 256 colours, as a palette and an index a pixel (750 KB for the standard
 * map, a quarter of its RGB); a picture starts from it (mappic_ground_
 * paint()) and draws the orders, units and names over it. The last
 * MAPPIC_GROUNDS grounds are kept, the one used longest ago replaced. A
 * ground is the same whether kept or drawn anew, so a picture does not
 * depend on what was drawn before it. No I/O.
 */
#include <sys/mman.h>

#include <cairo.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/render/mappic_priv.h"
#include "common/util.h"

#define MAPPIC_GROUNDS	2	/* a game's ground before and after a Fall */
/* Colours looked up, kept; a power of 2. A map picture has some ten
 * thousand colours, most of them the ground's and its names'. */
#define GROUND_MEMO	32768

struct mappic_ground {
	const struct mapgeo	*geo;		/* NULL: an empty slot */
	int8_t			 owner[MAPGEO_AREAS];
	int			 width, height;
	unsigned char		*idx;		/* width * height */
	uint32_t		 pal[256];	/* its colours, then the extras */
	int			 npal;		/* its own */
	int			 nfull;		/* with the extras */
	struct mappic_inks	 inks;		/* the colours it was drawn in */
	uint64_t		 used;		/* when, by the kept's clock */
	/* Each colour met in a picture and the index of its nearest in
	 * pal, so that it is searched for once while the ground is kept. */
	uint32_t		 memo_key[GROUND_MEMO];	/* colour + 1; 0 empty */
	uint8_t			 memo_idx[GROUND_MEMO];
	int			 nmemo;
};

struct mappic_grounds {
	struct mappic_ground	 g[MAPPIC_GROUNDS];
	uint64_t		 clock;
	/* What a map is drawn in, kept too: its pixels (3.2 MB) and its
	 * indexes (0.8 MB), allocated afresh for each map, were kept by
	 * malloc anyway, and cost a page fault a page to touch again. */
	unsigned char		*work[MAPPIC_WORKS];
	size_t			 worklen[MAPPIC_WORKS];
};

struct mappic_grounds *
mappic_grounds_new(void)
{
	return xcalloc(1, sizeof(struct mappic_grounds));
}

void
mappic_grounds_free(struct mappic_grounds *k)
{
	int	 i;

	if (k == NULL)
		return;
	for (i = 0; i < MAPPIC_GROUNDS; i++)
		free(k->g[i].idx);
	for (i = 0; i < MAPPIC_WORKS; i++)
		free(k->work[i]);
	free(k);
}

unsigned char *
mappic_grounds_work(struct mappic_grounds *k, int which, size_t len)
{
	if (k->worklen[which] < len) {
		free(k->work[which]);
		k->work[which] = xmalloc(len);
		k->worklen[which] = len;
	}
	return k->work[which];
}

/*
 * Draws the ground of m into g: on an RGB surface of the map's size, then
 * counted, brought to 256 colours and indexed row after row. -1 when
 * cairo fails or the colours are too many to count (the caller draws the
 * ground into its picture then).
 */
static int
ground_draw(struct mappic_ground *g, const struct mappic *m)
{
	struct mappic_palette	*p;
	struct mappic		 d = *m;
	cairo_surface_t		*sf;
	const unsigned char	*data;
	const uint32_t		*px;
	void			*map;
	size_t			 maplen;
	int			 stride, x, y, i, rc = -1;

	g->width = mapgeo_width(m->geo);
	g->height = mapgeo_height(m->geo);
	/* Its own mapping, not malloc's: glibc raises its threshold for
	 * mapping to the size of a mapped block freed, so 3.2 MB freed
	 * would leave every later buffer below that size on the heap,
	 * which does not shrink. */
	stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, g->width);
	maplen = (size_t)stride * (size_t)g->height;
	if ((map = mmap(NULL, maplen, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)) == MAP_FAILED)
		return -1;
	sf = cairo_image_surface_create_for_data(map, CAIRO_FORMAT_RGB24,
	    g->width, g->height, stride);
	d.cr = cairo_create(sf);
	memset(&g->inks, 0, sizeof(g->inks));
	mappic_paint_inks(d.cr, &g->inks);
	mappic_board_draw(&d);
	if (cairo_status(d.cr) != CAIRO_STATUS_SUCCESS)
		goto out;
	cairo_surface_flush(sf);
	data = cairo_image_surface_get_data(sf);
	stride = cairo_image_surface_get_stride(sf);
	p = mappic_palette_new();
	for (y = 0; y < g->height; y++)
		mappic_palette_count(p, (const uint32_t *)(const void *)(data +
		    (size_t)y * (size_t)stride), g->width);
	for (i = 0; i < g->inks.n; i++)
		mappic_palette_pin(p, g->inks.rgb[i]);
	if (mappic_palette_choose_max(p, MAPPIC_GROUND_COLOURS) == 0) {
		g->idx = xrealloc(g->idx, (size_t)g->width *
		    (size_t)g->height);
		for (y = 0, i = 0; y < g->height; y++) {
			px = (const uint32_t *)(const void *)(data +
			    (size_t)y * (size_t)stride);
			for (x = 0; x < g->width; x++)
				g->idx[i++] = (unsigned char)
				    mappic_palette_index(p, px[x]);
		}
		g->npal = g->nfull = mappic_palette_colours(p, g->pal);
		rc = 0;
	}
	mappic_palette_free(p);
out:
	cairo_destroy(d.cr);
	cairo_surface_destroy(sf);
	munmap(map, maplen);
	return rc;
}

/* The extras after the ground's own colours, those it lacks. */
static void
ground_extras(struct mappic_ground *g, const struct mappic_inks *extra)
{
	int	 i, k;

	for (i = 0; i < extra->n && g->nfull < 256; i++) {
		for (k = 0; k < g->nfull && g->pal[k] != extra->rgb[i]; k++)
			;
		if (k == g->nfull)
			g->pal[g->nfull++] = extra->rgb[i];
	}
	memset(g->memo_key, 0, sizeof(g->memo_key));
	g->nmemo = 0;
}

struct mappic_ground *
mappic_ground_get(struct mappic_grounds *k, const struct mappic *m,
    const struct mappic_inks *extra)
{
	struct mappic_ground	*g = NULL;
	int			 i;

	k->clock++;
	for (i = 0; i < MAPPIC_GROUNDS; i++)
		if (k->g[i].geo == m->geo && memcmp(k->g[i].owner, m->owner,
		    sizeof(k->g[i].owner)) == 0) {
			k->g[i].used = k->clock;
			return &k->g[i];
		}
	for (i = 0; i < MAPPIC_GROUNDS; i++)
		if (g == NULL || k->g[i].used < g->used)
			g = &k->g[i];
	g->geo = NULL;
	if (ground_draw(g, m) != 0)
		return NULL;
	ground_extras(g, extra);
	g->geo = m->geo;
	memcpy(g->owner, m->owner, sizeof(g->owner));
	g->used = k->clock;
	return g;
}

int
mappic_ground_index(struct mappic_ground *g, uint32_t rgb)
{
	uint32_t	 h;

	rgb &= 0xffffff;
	h = ((rgb + 1) * 2654435761u) >> 17 & (GROUND_MEMO - 1);
	while (g->memo_key[h] != 0) {
		if (g->memo_key[h] == rgb + 1)
			return g->memo_idx[h];
		h = (h + 1) & (GROUND_MEMO - 1);
	}
	/* Full to three quarters: the rest are searched for each time,
	 * rather than probed for long or forgotten and searched again. */
	if (g->nmemo == GROUND_MEMO / 4 * 3)
		return mappic_palette_nearest(g->pal, g->nfull, rgb);
	g->memo_key[h] = rgb + 1;
	g->memo_idx[h] = (uint8_t)mappic_palette_nearest(g->pal, g->nfull,
	    rgb);
	g->nmemo++;
	return g->memo_idx[h];
}

int
mappic_ground_palette(const struct mappic_ground *g, const uint32_t **pal)
{
	*pal = g->pal;
	return g->nfull;
}

void
mappic_ground_paint(const struct mappic_ground *g, cairo_surface_t *sf,
    int y0, int r0, int r1)
{
	unsigned char		*data = cairo_image_surface_get_data(sf);
	int			 stride = cairo_image_surface_get_stride(sf);
	const unsigned char	*ix;
	uint32_t		*px;
	int			 x, y;

	if (r0 < y0)
		r0 = y0;
	if (r1 > y0 + g->height)
		r1 = y0 + g->height;
	cairo_surface_flush(sf);
	for (y = r0; y < r1; y++) {
		px = (uint32_t *)(void *)(data + (size_t)y * (size_t)stride);
		ix = g->idx + (size_t)(y - y0) * (size_t)g->width;
		for (x = 0; x < g->width; x++)
			px[x] = g->pal[ix[x]];
	}
	cairo_surface_mark_dirty(sf);
}

int
mappic_ground_rows(const struct mappic_ground *g, int *width, int *height,
    const unsigned char **idx, const uint32_t **pal)
{
	*width = g->width;
	*height = g->height;
	*idx = g->idx;
	*pal = g->pal;
	return g->npal;
}
