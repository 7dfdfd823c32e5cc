/*
 * mapgeo_outline.c - the outline of every area and the borders between
 * areas, traced along the edges of the hexagon tiles and smoothed.
 *
 * Corners of the tiles are points of an integer lattice: x in half tile
 * widths, y in half circumradii, so every corner has one number. An edge
 * lies on a border when the tiles on its two sides belong to different
 * areas (or one side is off the grid). Each area's border edges, directed
 * with the area on the same side, form closed loops: its outline, which
 * cairo fills with the nonzero rule (holes run the other way). A corner
 * where two areas meet is then moved towards its two neighbours on the
 * border a few times, which rounds the zigzag of the tiles into a line;
 * corners where three areas meet and corners on the grid's edge stay, so
 * neighbours keep sharing one line and no gap opens. No I/O.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/render/mapgeo_priv.h"
#include "common/util.h"

/* Smoothing passes, and how far a corner moves to its neighbours' mean
 * per pass: three passes of a half leave the tiles' steps invisible and
 * move no border by more than a quarter tile. */
#define OUTLINE_PASSES	3
#define OUTLINE_PULL	0.5

/* A tile's corners, clockwise on screen from the top, in lattice steps;
 * edge k runs from corner k to corner k + 1. */
static const int outline_corner[6][2] = {
	{ 0, -2 }, { 1, -1 }, { 1, 1 }, { 0, 2 }, { -1, 1 }, { -1, -1 }
};

struct outline_edge {
	int	 from, to;	/* lattice corners */
	int	 area, other;	/* other: -1 off the grid */
};

struct outline {
	struct mapgeo		*g;
	int			 nx, ny;	/* lattice size */
	int			*vidx;		/* corner -> point, or -1 */
	int			 nv;
	struct mapgeo_pt	*pos;		/* border points */
	int			*nbr;		/* 3 neighbours a point */
	uint8_t			*deg;
	uint8_t			*fixed;
	struct outline_edge	*edges;
	int			 nedges;
	int			*next;		/* corner -> edge leaving it */
	uint8_t			*used;
	int			*byarea;	/* edges, area by area */
	int			 first[MAPGEO_AREAS + 1];
};

/* The tile across edge k of (c, r), or -1 off the grid; odd rows sit half
 * a tile to the right. */
int
mapgeo_outline_across(const struct mapgeo *g, int c, int r, int k)
{
	int	 odd = r & 1;

	switch (k) {
	case 0:
		c += odd;
		r--;
		break;
	case 1:
		c++;
		break;
	case 2:
		c += odd;
		r++;
		break;
	case 3:
		c += odd - 1;
		r++;
		break;
	case 4:
		c--;
		break;
	default:
		c += odd - 1;
		r--;
		break;
	}
	if (c < 0 || r < 0 || c >= g->cols || r >= g->rows)
		return -1;
	return r * g->cols + c;
}

static int
outline_corner_id(const struct outline *o, int c, int r, int k)
{
	int	 x = 2 * c + (r & 1) + 1 + outline_corner[k][0];
	int	 y = 3 * r + 2 + outline_corner[k][1];

	return y * o->nx + x;
}

static struct mapgeo_pt
outline_corner_pt(const struct outline *o, int id)
{
	struct mapgeo_pt	 p;

	p.x = (id % o->nx - 1) * o->g->hex_w / 2;
	p.y = (id / o->nx - 2) * o->g->hex_r / 2;
	return p;
}

/* A border point for a lattice corner, made on first use. */
static int
outline_point(struct outline *o, int id)
{
	if (o->vidx[id] < 0) {
		o->vidx[id] = o->nv;
		o->pos[o->nv] = outline_corner_pt(o, id);
		o->deg[o->nv] = 0;
		o->fixed[o->nv] = 0;
		o->nv++;
	}
	return o->vidx[id];
}

static void
outline_link(struct outline *o, int u, int v)
{
	int	 i;

	for (i = 0; i < o->deg[u]; i++)
		if (o->nbr[3 * u + i] == v)
			return;
	if (o->deg[u] < 3)
		o->nbr[3 * u + o->deg[u]++] = v;
}

/* Every border edge, once per side that is an area. */
static void
outline_edges(struct outline *o)
{
	struct mapgeo		*g = o->g;
	struct outline_edge	*e;
	int			 c, r, k, t, nb, u, v;

	for (r = 0; r < g->rows; r++)
		for (c = 0; c < g->cols; c++)
			for (k = 0; k < 6; k++) {
				t = r * g->cols + c;
				nb = mapgeo_outline_across(g, c, r, k);
				if (nb >= 0 && g->tile[nb] == g->tile[t])
					continue;
				e = &o->edges[o->nedges++];
				e->from = outline_corner_id(o, c, r, k);
				e->to = outline_corner_id(o, c, r, (k + 1) % 6);
				e->area = g->tile[t];
				e->other = nb < 0 ? -1 : g->tile[nb];
				u = outline_point(o, e->from);
				v = outline_point(o, e->to);
				outline_link(o, u, v);
				outline_link(o, v, u);
				if (nb < 0)
					o->fixed[u] = o->fixed[v] = 1;
			}
}

/*
 * Laplacian smoothing of the points between two areas. Where three
 * areas meet (three border edges) a point stays, so each border keeps
 * its ends and both its areas follow the same line.
 */
static void
outline_smooth(struct outline *o)
{
	struct mapgeo_pt	*next;
	double			 mx, my;
	int			 pass, i, a, b;

	next = xmalloc((size_t)o->nv * sizeof(*next));
	for (pass = 0; pass < OUTLINE_PASSES; pass++) {
		for (i = 0; i < o->nv; i++) {
			next[i] = o->pos[i];
			if (o->fixed[i] || o->deg[i] != 2)
				continue;
			a = o->nbr[3 * i];
			b = o->nbr[3 * i + 1];
			mx = (o->pos[a].x + o->pos[b].x) / 2;
			my = (o->pos[a].y + o->pos[b].y) / 2;
			next[i].x += OUTLINE_PULL * (mx - o->pos[i].x);
			next[i].y += OUTLINE_PULL * (my - o->pos[i].y);
		}
		memcpy(o->pos, next, (size_t)o->nv * sizeof(*next));
	}
	free(next);
}

static void
outline_add_pt(struct mapgeo *g, int id, const struct outline *o)
{
	g->pts[g->npts++] = o->pos[o->vidx[id]];
}

/* Closes the border run being made, if it has a line to draw. */
static void
outline_end_border(struct mapgeo *g, struct mapgeo_run *b)
{
	if (b->n >= 2)
		g->borders[g->nborders++] = *b;
	else
		g->npts -= b->n;
	b->n = 0;
}

/*
 * One loop of an area from edge e0: its points into the outline, and
 * each stretch along an area numbered higher into a border (so that a
 * border is drawn once, from its lower area's side). The loop starts
 * where its neighbour changes when it can, so that a border is one run.
 */
static void
outline_loop(struct outline *o, int e0)
{
	struct mapgeo		*g = o->g;
	struct mapgeo_run	*loop = &g->loops[g->nloops++];
	struct mapgeo_run	 bd = { 0, 0, -1, -1 };
	int			 e = e0, start = e0;

	/* Start where the neighbour changes (or anywhere, if it never does). */
	do {
		int	 f = o->next[o->edges[e].to];

		if (o->edges[f].other != o->edges[e].other) {
			start = f;
			break;
		}
		e = f;
	} while (e != e0);

	loop->first = g->npts;
	loop->n = 0;
	e = start;
	do {
		o->used[e] = 1;
		outline_add_pt(g, o->edges[e].from, o);
		loop->n++;
		e = o->next[o->edges[e].to];
	} while (e != start);

	/* The borders: runs of edges with one neighbour numbered higher. */
	e = start;
	do {
		const struct outline_edge *x = &o->edges[e];

		if (bd.n > 0 && x->other != bd.b)
			outline_end_border(g, &bd);
		if (x->other > x->area) {
			if (bd.n == 0) {
				bd.first = g->npts;
				bd.a = x->area;
				bd.b = x->other;
				outline_add_pt(g, x->from, o);
				bd.n = 1;
			}
			outline_add_pt(g, x->to, o);
			bd.n++;
		}
		e = o->next[x->to];
	} while (e != start);
	outline_end_border(g, &bd);
}

/* The edges sorted by area (a counting sort: it keeps their order). */
static void
outline_by_area(struct outline *o)
{
	int	 fill[MAPGEO_AREAS];
	int	 i, a;

	memset(o->first, 0, sizeof(o->first));
	for (i = 0; i < o->nedges; i++)
		o->first[o->edges[i].area + 1]++;
	for (a = 0; a < MAPGEO_AREAS; a++)
		o->first[a + 1] += o->first[a];
	memcpy(fill, o->first, sizeof(fill));
	for (i = 0; i < o->nedges; i++)
		o->byarea[fill[o->edges[i].area]++] = i;
}

/* Every area's loops, area by area, so an area's loops are contiguous. */
static void
outline_loops(struct outline *o)
{
	struct mapgeo	*g = o->g;
	int		 a, i, e;

	outline_by_area(o);
	for (a = 0; a < g->nareas; a++) {
		g->area[a].loop0 = g->nloops;
		for (i = o->first[a]; i < o->first[a + 1]; i++) {
			e = o->byarea[i];
			o->next[o->edges[e].from] = e;
		}
		for (i = o->first[a]; i < o->first[a + 1]; i++)
			if (!o->used[o->byarea[i]])
				outline_loop(o, o->byarea[i]);
		g->area[a].nloops = g->nloops - g->area[a].loop0;
	}
}

int
mapgeo_outline_build(struct mapgeo *g, char *why, size_t whylen)
{
	struct outline	 o;
	size_t		 ncorners, maxedges;
	int		 rc = -1;

	memset(&o, 0, sizeof(o));
	o.g = g;
	o.nx = 2 * g->cols + 2;
	o.ny = 3 * g->rows + 2;
	ncorners = (size_t)o.nx * (size_t)o.ny;
	maxedges = (size_t)g->cols * (size_t)g->rows * 6;
	if (ncorners > (size_t)1 << 24) {
		snprintf(why, whylen, "the grid is too large");
		return -1;
	}
	o.vidx = xmalloc(ncorners * sizeof(*o.vidx));
	memset(o.vidx, 0xff, ncorners * sizeof(*o.vidx));
	o.next = xcalloc(ncorners, sizeof(*o.next));
	o.pos = xmalloc(ncorners * sizeof(*o.pos));
	o.nbr = xmalloc(ncorners * 3 * sizeof(*o.nbr));
	o.deg = xmalloc(ncorners);
	o.fixed = xmalloc(ncorners);
	o.edges = xmalloc(maxedges * sizeof(*o.edges));
	o.used = xcalloc(maxedges, 1);
	o.byarea = xmalloc(maxedges * sizeof(*o.byarea));
	outline_edges(&o);
	outline_smooth(&o);
	/* Each edge gives at most one loop point and two border points. */
	g->pts = xmalloc((size_t)o.nedges * 3 * sizeof(*g->pts));
	g->loops = xmalloc((size_t)o.nedges * sizeof(*g->loops));
	g->borders = xmalloc((size_t)o.nedges * sizeof(*g->borders));
	outline_loops(&o);
	rc = 0;
	free(o.vidx);
	free(o.next);
	free(o.pos);
	free(o.nbr);
	free(o.deg);
	free(o.fixed);
	free(o.edges);
	free(o.used);
	free(o.byarea);
	return rc;
}
