/*
 * mapgeo.c - reads and checks a map's drawing (maps/standard.geo), and
 * answers where things are.
 *
 * The text is read whole and refused whole: an unknown record or area, a
 * row of the wrong length, a province in two pieces or without its label
 * or unit, an anchor outside its own area. After the tiles are read,
 * mapgeo_outline.c traces the outlines; the anchors are checked against
 * those, so a label point is inside the area as it is drawn. The format is
 * in maps/README.md. No I/O: the standard map's text is compiled in.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/render/mapgeo_priv.h"
#include "common/util.h"

#define MAPGEO_VERSION	1
#define MAPGEO_LINE_MAX	4096	/* a ROW of 512 tiles of three letters */
#define MAPGEO_FIELDS	(MAPGEO_GRID_MAX + 2)

struct mapgeo_reader {
	struct mapgeo	*g;
	int		 line;
	int		 nrows;
	bool		 seen_geo, seen_size, seen_grid;
	char		*why;
	size_t		 whylen;
};

static int
mapgeo_fail(struct mapgeo_reader *rd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int
mapgeo_fail(struct mapgeo_reader *rd, const char *fmt, ...)
{
	char	 msg[256];
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (rd->line > 0)
		snprintf(rd->why, rd->whylen, "line %d: %s", rd->line, msg);
	else
		snprintf(rd->why, rd->whylen, "%s", msg);
	return -1;
}

static int
mapgeo_area_by_name(const struct mapgeo *g, const char *name, size_t len)
{
	int	 i;

	for (i = 0; i < g->nareas; i++)
		if (strlen(g->area[i].name) == len &&
		    strncasecmp(g->area[i].name, name, len) == 0)
			return i;
	return -1;
}

/* A number of the text: finite, within the map's size and some margin. */
static int
mapgeo_num(struct mapgeo_reader *rd, const char *s, double lo, double hi,
    double *out)
{
	char	*end;

	*out = strtod(s, &end);
	if (end == s || *end != '\0' || !isfinite(*out) || *out < lo ||
	    *out > hi)
		return mapgeo_fail(rd, "\"%s\" is not a number from %g to %g",
		    s, lo, hi);
	return 0;
}

static int
mapgeo_rec_geo(struct mapgeo_reader *rd, int n, char **f)
{
	double	 v;

	if (n != 3 || mapgeo_num(rd, f[2], 0, 1000, &v) != 0)
		return mapgeo_fail(rd, "GEO <name> <version>");
	if (v != MAPGEO_VERSION)
		return mapgeo_fail(rd, "version %s is not %d", f[2],
		    MAPGEO_VERSION);
	rd->seen_geo = true;
	return 0;
}

static int
mapgeo_rec_size(struct mapgeo_reader *rd, int n, char **f)
{
	double	 w, h;

	if (n != 3 || mapgeo_num(rd, f[1], 16, 4096, &w) != 0 ||
	    mapgeo_num(rd, f[2], 16, 4096, &h) != 0 || w != floor(w) ||
	    h != floor(h))
		return mapgeo_fail(rd, "SIZE <width> <height> in pixels");
	rd->g->width = (int)w;
	rd->g->height = (int)h;
	rd->seen_size = true;
	return 0;
}

/*
 * GRID cols rows width: pointy-top hexagons, tile (c, r) centred at
 * (width * (c + (r odd ? 1/2 : 0)), 1.5 * radius * r). The tiles must
 * cover the whole map: rows zigzag by half a tile on the left and right
 * and by half a radius at the top and bottom.
 */
static int
mapgeo_rec_grid(struct mapgeo_reader *rd, int n, char **f)
{
	struct mapgeo	*g = rd->g;
	double		 c, r, w;

	if (!rd->seen_size)
		return mapgeo_fail(rd, "GRID before SIZE");
	if (n != 4 || mapgeo_num(rd, f[1], 2, MAPGEO_GRID_MAX, &c) != 0 ||
	    mapgeo_num(rd, f[2], 2, MAPGEO_GRID_MAX, &r) != 0 ||
	    mapgeo_num(rd, f[3], 2, 256, &w) != 0 || c != floor(c) ||
	    r != floor(r))
		return mapgeo_fail(rd, "GRID <columns> <rows> <tile width>");
	g->cols = (int)c;
	g->rows = (int)r;
	g->hex_w = w;
	g->hex_r = w / sqrt(3.0);
	if (g->width > w * (c - 1) + w / 2 ||
	    g->height > 1.5 * g->hex_r * (r - 1) + g->hex_r / 2)
		return mapgeo_fail(rd, "the tiles do not cover %dx%d pixels",
		    g->width, g->height);
	g->tile = xmalloc((size_t)g->cols * (size_t)g->rows);
	memset(g->tile, MAPGEO_NONE, (size_t)g->cols * (size_t)g->rows);
	rd->seen_grid = true;
	return 0;
}

static int
mapgeo_rec_area(struct mapgeo_reader *rd, int n, char **f)
{
	static const char *const terrains[] = { "LAND", "COAST", "SEA",
	    "WALL" };
	struct mapgeo		*g = rd->g;
	struct mapgeo_area	*a;
	size_t			 i;

	if (n != 3)
		return mapgeo_fail(rd, "AREA <name> LAND|COAST|SEA|WALL");
	if (strlen(f[1]) >= MAPGEO_NAME || strchr(f[1], '/') != NULL)
		return mapgeo_fail(rd, "area name \"%s\"", f[1]);
	if (mapgeo_area_by_name(g, f[1], strlen(f[1])) >= 0)
		return mapgeo_fail(rd, "area %s twice", f[1]);
	if (g->nareas == MAPGEO_AREAS || g->nareas == MAPGEO_NONE)
		return mapgeo_fail(rd, "more than %d areas", MAPGEO_AREAS);
	a = &g->area[g->nareas];
	for (i = 0; i < sizeof(terrains) / sizeof(terrains[0]); i++)
		if (strcmp(f[2], terrains[i]) == 0)
			break;
	if (i == sizeof(terrains) / sizeof(terrains[0]))
		return mapgeo_fail(rd, "terrain \"%s\"", f[2]);
	strlcpy_(a->name, f[1], sizeof(a->name));
	a->terrain = (uint8_t)i;
	g->nareas++;
	return 0;
}

static int
mapgeo_rec_row(struct mapgeo_reader *rd, int n, char **f)
{
	struct mapgeo	*g = rd->g;
	int		 c, a = -1;

	if (!rd->seen_grid)
		return mapgeo_fail(rd, "ROW before GRID");
	if (rd->nrows == g->rows)
		return mapgeo_fail(rd, "more than %d rows", g->rows);
	if (n - 1 != g->cols)
		return mapgeo_fail(rd, "%d tiles, not %d", n - 1, g->cols);
	for (c = 0; c < g->cols; c++) {
		/* Rows are long runs of one area: look up only a change. */
		if (c == 0 || strcmp(f[c + 1], f[c]) != 0)
			a = mapgeo_area_by_name(g, f[c + 1], strlen(f[c + 1]));
		if (a < 0)
			return mapgeo_fail(rd, "unknown area \"%s\"", f[c + 1]);
		g->tile[rd->nrows * g->cols + c] = (uint8_t)a;
		g->area[a].ntiles++;
	}
	rd->nrows++;
	return 0;
}

/* LABEL, UNIT, CENTRE, DISLODGED <name> <x> <y>. */
static int
mapgeo_rec_anchor(struct mapgeo_reader *rd, int n, char **f)
{
	struct mapgeo		*g = rd->g;
	struct mapgeo_area	*a;
	struct mapgeo_coast	*k;
	struct mapgeo_pt	 p;
	const char		*slash;
	bool			*has;
	int			 i;

	if (!rd->seen_size || n != 4)
		return mapgeo_fail(rd, "%s <name> <x> <y> after SIZE", f[0]);
	if (mapgeo_num(rd, f[2], 0, g->width, &p.x) != 0 ||
	    mapgeo_num(rd, f[3], 0, g->height, &p.y) != 0)
		return -1;
	slash = strchr(f[1], '/');
	i = mapgeo_area_by_name(g, f[1], slash ? (size_t)(slash - f[1]) :
	    strlen(f[1]));
	if (i < 0 || g->area[i].terrain == MAPGEO_WALL)
		return mapgeo_fail(rd, "no province \"%s\"", f[1]);
	a = &g->area[i];
	if (slash != NULL) {
		if (strcmp(f[0], "UNIT") != 0 || strlen(f[1]) >= MAPGEO_NAME)
			return mapgeo_fail(rd, "%s of a coast", f[0]);
		if (g->ncoasts == MAPGEO_COASTS)
			return mapgeo_fail(rd, "more than %d coasts",
			    MAPGEO_COASTS);
		k = &g->coast[g->ncoasts++];
		strlcpy_(k->loc, f[1], sizeof(k->loc));
		k->area = i;
		k->at = p;
		return 0;
	}
	has = f[0][0] == 'L' ? &a->has_label : f[0][0] == 'U' ? &a->has_unit :
	    f[0][0] == 'C' ? &a->has_centre : &a->has_dislodged;
	if (*has)
		return mapgeo_fail(rd, "%s of %s twice", f[0], a->name);
	*has = true;
	*(f[0][0] == 'L' ? &a->label : f[0][0] == 'U' ? &a->unit :
	    f[0][0] == 'C' ? &a->centre : &a->dislodged) = p;
	return 0;
}

static const struct {
	const char	*word;
	int		(*fn)(struct mapgeo_reader *, int, char **);
} mapgeo_records[] = {
	{ "GEO", mapgeo_rec_geo },
	{ "SIZE", mapgeo_rec_size },
	{ "GRID", mapgeo_rec_grid },
	{ "AREA", mapgeo_rec_area },
	{ "ROW", mapgeo_rec_row },
	{ "LABEL", mapgeo_rec_anchor },
	{ "UNIT", mapgeo_rec_anchor },
	{ "CENTRE", mapgeo_rec_anchor },
	{ "DISLODGED", mapgeo_rec_anchor },
};

static int
mapgeo_line(struct mapgeo_reader *rd, char *s)
{
	char	*f[MAPGEO_FIELDS], *p;
	int	 n = 0;
	size_t	 i;

	if ((p = strchr(s, '#')) != NULL)
		*p = '\0';
	for (p = strtok(s, " \t\r"); p != NULL; p = strtok(NULL, " \t\r")) {
		if (n == MAPGEO_FIELDS)
			return mapgeo_fail(rd, "more than %d fields",
			    MAPGEO_FIELDS);
		f[n++] = p;
	}
	if (n == 0)
		return 0;
	if (!rd->seen_geo && strcmp(f[0], "GEO") != 0)
		return mapgeo_fail(rd, "the text does not begin with GEO");
	for (i = 0; i < sizeof(mapgeo_records) / sizeof(mapgeo_records[0]);
	    i++)
		if (strcmp(f[0], mapgeo_records[i].word) == 0)
			return mapgeo_records[i].fn(rd, n, f);
	return mapgeo_fail(rd, "unknown record \"%s\"", f[0]);
}

/* Whether the area's tiles are one piece (tiles across a shared edge). */
static bool
mapgeo_one_piece(const struct mapgeo *g, int a, int *stack, uint8_t *seen)
{
	int	 i, t, c, r, k, nb, top = 0, found = 0;
	int	 n = g->cols * g->rows;

	memset(seen, 0, (size_t)n);
	for (i = 0; i < n && g->tile[i] != a; i++)
		;
	stack[top++] = i;
	seen[i] = 1;
	while (top > 0) {
		t = stack[--top];
		found++;
		c = t % g->cols;
		r = t / g->cols;
		for (k = 0; k < 6; k++) {
			nb = mapgeo_outline_across(g, c, r, k);
			if (nb >= 0 && !seen[nb] && g->tile[nb] == a) {
				seen[nb] = 1;
				stack[top++] = nb;
			}
		}
	}
	return found == g->area[a].ntiles;
}

/* An anchor inside its area as drawn, and not on the map's edge. */
static int
mapgeo_check_pt(struct mapgeo_reader *rd, int a, const char *what,
    const char *name, const struct mapgeo_pt *p)
{
	if (!mapgeo_inside(rd->g, a, p->x, p->y))
		return mapgeo_fail(rd, "the %s of %s (%.1f %.1f) is outside "
		    "its area", what, name, p->x, p->y);
	return 0;
}

/* What only the whole text can tell. */
static int
mapgeo_check(struct mapgeo_reader *rd)
{
	struct mapgeo		*g = rd->g;
	struct mapgeo_area	*a;
	uint8_t			*seen;
	int			*stack, i, rc = 0;

	rd->line = 0;
	if (!rd->seen_grid || rd->nrows != g->rows)
		return mapgeo_fail(rd, "%d rows of tiles, not %d", rd->nrows,
		    g->rows);
	seen = xmalloc((size_t)g->cols * (size_t)g->rows);
	stack = xmalloc((size_t)g->cols * (size_t)g->rows * sizeof(*stack));
	for (i = 0; i < g->nareas && rc == 0; i++) {
		a = &g->area[i];
		if (a->ntiles == 0)
			rc = mapgeo_fail(rd, "area %s has no tile", a->name);
		else if (a->terrain != MAPGEO_WALL && !mapgeo_one_piece(g, i,
		    stack, seen))
			rc = mapgeo_fail(rd, "province %s is in pieces",
			    a->name);
		else if (a->terrain != MAPGEO_WALL && (!a->has_label ||
		    !a->has_unit || !a->has_dislodged))
			rc = mapgeo_fail(rd, "province %s lacks a LABEL, UNIT "
			    "or DISLODGED", a->name);
	}
	free(seen);
	free(stack);
	return rc;
}

/* The anchors against the outlines. */
static int
mapgeo_check_anchors(struct mapgeo_reader *rd)
{
	struct mapgeo		*g = rd->g;
	struct mapgeo_area	*a;
	int			 i;

	for (i = 0; i < g->nareas; i++) {
		a = &g->area[i];
		if (a->terrain == MAPGEO_WALL)
			continue;
		if (mapgeo_check_pt(rd, i, "label", a->name, &a->label) != 0 ||
		    mapgeo_check_pt(rd, i, "unit", a->name, &a->unit) != 0 ||
		    mapgeo_check_pt(rd, i, "dislodged unit", a->name,
		    &a->dislodged) != 0 || (a->has_centre &&
		    mapgeo_check_pt(rd, i, "centre", a->name, &a->centre) != 0))
			return -1;
	}
	for (i = 0; i < g->ncoasts; i++)
		if (mapgeo_check_pt(rd, g->coast[i].area, "unit",
		    g->coast[i].loc, &g->coast[i].at) != 0)
			return -1;
	return 0;
}

struct mapgeo *
mapgeo_load(const char *text, char *why, size_t whylen)
{
	struct mapgeo_reader	 rd;
	struct mapgeo		*g;
	char			 line[MAPGEO_LINE_MAX];
	const char		*p, *nl;
	size_t			 len;

	g = xcalloc(1, sizeof(*g));
	memset(&rd, 0, sizeof(rd));
	rd.g = g;
	rd.why = why;
	rd.whylen = whylen;
	for (p = text; *p != '\0'; p = *nl ? nl + 1 : nl) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		len = (size_t)(nl - p);
		rd.line++;
		if (len >= sizeof(line)) {
			mapgeo_fail(&rd, "longer than %zu bytes", sizeof(line));
			goto fail;
		}
		memcpy(line, p, len);
		line[len] = '\0';
		if (mapgeo_line(&rd, line) != 0)
			goto fail;
	}
	if (mapgeo_check(&rd) != 0 ||
	    mapgeo_outline_build(g, why, whylen) != 0 ||
	    mapgeo_check_anchors(&rd) != 0)
		goto fail;
	return g;
fail:
	mapgeo_free(g);
	return NULL;
}

struct mapgeo *
mapgeo_standard(char *why, size_t whylen)
{
	return mapgeo_load(mapgeo_standard_text, why, whylen);
}

void
mapgeo_free(struct mapgeo *g)
{
	if (g == NULL)
		return;
	free(g->tile);
	free(g->loops);
	free(g->borders);
	free(g->pts);
	free(g);
}

int
mapgeo_width(const struct mapgeo *g)
{
	return g->width;
}

int
mapgeo_height(const struct mapgeo *g)
{
	return g->height;
}

int
mapgeo_areas(const struct mapgeo *g)
{
	return g->nareas;
}

const char *
mapgeo_name(const struct mapgeo *g, int a)
{
	return a >= 0 && a < g->nareas ? g->area[a].name : "";
}

enum mapgeo_terrain
mapgeo_terrain(const struct mapgeo *g, int a)
{
	return a >= 0 && a < g->nareas ? g->area[a].terrain : MAPGEO_WALL;
}

int
mapgeo_find(const struct mapgeo *g, const char *name)
{
	const char	*slash = strchr(name, '/');

	return mapgeo_area_by_name(g, name, slash ? (size_t)(slash - name) :
	    strlen(name));
}

void
mapgeo_path(const struct mapgeo *g, int a, cairo_t *cr)
{
	const struct mapgeo_run	*l;
	int			 i, k;

	if (a < 0 || a >= g->nareas)
		return;
	for (i = 0; i < g->area[a].nloops; i++) {
		l = &g->loops[g->area[a].loop0 + i];
		cairo_move_to(cr, g->pts[l->first].x, g->pts[l->first].y);
		for (k = 1; k < l->n; k++)
			cairo_line_to(cr, g->pts[l->first + k].x,
			    g->pts[l->first + k].y);
		cairo_close_path(cr);
	}
}

/*
 * The outline moved inset pixels inwards. Loops run with their area on
 * the right (on screen, y down), so inwards is the right-hand normal,
 * averaged over the two stretches at each point.
 */
void
mapgeo_path_inset(const struct mapgeo *g, int a, double inset, cairo_t *cr)
{
	const struct mapgeo_run	*l;
	const struct mapgeo_pt	*p, *q, *r;
	double			 nx, ny, len;
	int			 i, k;

	if (a < 0 || a >= g->nareas)
		return;
	for (i = 0; i < g->area[a].nloops; i++) {
		l = &g->loops[g->area[a].loop0 + i];
		for (k = 0; k < l->n; k++) {
			p = &g->pts[l->first + (k + l->n - 1) % l->n];
			q = &g->pts[l->first + k];
			r = &g->pts[l->first + (k + 1) % l->n];
			nx = -(r->y - p->y);
			ny = r->x - p->x;
			len = hypot(nx, ny);
			if (len > 0) {
				nx *= inset / len;
				ny *= inset / len;
			}
			if (k == 0)
				cairo_move_to(cr, q->x + nx, q->y + ny);
			else
				cairo_line_to(cr, q->x + nx, q->y + ny);
		}
		cairo_close_path(cr);
	}
}

/* The winding number of the area's loops around (x, y). */
bool
mapgeo_inside(const struct mapgeo *g, int a, double x, double y)
{
	const struct mapgeo_run	*l;
	const struct mapgeo_pt	*p, *q;
	int			 i, k, wind = 0;

	if (a < 0 || a >= g->nareas)
		return false;
	for (i = 0; i < g->area[a].nloops; i++) {
		l = &g->loops[g->area[a].loop0 + i];
		for (k = 0; k < l->n; k++) {
			p = &g->pts[l->first + k];
			q = &g->pts[l->first + (k + 1) % l->n];
			if (p->y <= y && q->y > y &&
			    (q->x - p->x) * (y - p->y) -
			    (x - p->x) * (q->y - p->y) > 0)
				wind++;
			else if (p->y > y && q->y <= y &&
			    (q->x - p->x) * (y - p->y) -
			    (x - p->x) * (q->y - p->y) < 0)
				wind--;
		}
	}
	return wind != 0;
}

static int
mapgeo_pt_out(const struct mapgeo_pt *p, double *x, double *y)
{
	*x = p->x;
	*y = p->y;
	return 0;
}

int
mapgeo_label(const struct mapgeo *g, int a, double *x, double *y)
{
	if (a < 0 || a >= g->nareas || !g->area[a].has_label)
		return -1;
	return mapgeo_pt_out(&g->area[a].label, x, y);
}

int
mapgeo_unit(const struct mapgeo *g, const char *loc, double *x, double *y)
{
	int	 i, a;

	if (strchr(loc, '/') != NULL) {
		for (i = 0; i < g->ncoasts; i++)
			if (strcasecmp(g->coast[i].loc, loc) == 0)
				return mapgeo_pt_out(&g->coast[i].at, x, y);
		return -1;
	}
	if ((a = mapgeo_find(g, loc)) < 0 || !g->area[a].has_unit)
		return -1;
	return mapgeo_pt_out(&g->area[a].unit, x, y);
}

int
mapgeo_centre(const struct mapgeo *g, int a, double *x, double *y)
{
	if (a < 0 || a >= g->nareas || !g->area[a].has_centre)
		return -1;
	return mapgeo_pt_out(&g->area[a].centre, x, y);
}

int
mapgeo_dislodged(const struct mapgeo *g, int a, double *x, double *y)
{
	if (a < 0 || a >= g->nareas || !g->area[a].has_dislodged)
		return -1;
	return mapgeo_pt_out(&g->area[a].dislodged, x, y);
}

int
mapgeo_borders(const struct mapgeo *g)
{
	return g->nborders;
}

void
mapgeo_border(const struct mapgeo *g, int i, cairo_t *cr, int *a, int *b)
{
	const struct mapgeo_run	*r;
	int			 k;

	*a = *b = -1;
	if (i < 0 || i >= g->nborders)
		return;
	r = &g->borders[i];
	*a = r->a;
	*b = r->b;
	if (cr == NULL)
		return;
	cairo_move_to(cr, g->pts[r->first].x, g->pts[r->first].y);
	for (k = 1; k < r->n; k++)
		cairo_line_to(cr, g->pts[r->first + k].x,
		    g->pts[r->first + k].y);
}

void
mapgeo_grid(const struct mapgeo *g, int *cols, int *rows)
{
	*cols = g->cols;
	*rows = g->rows;
}

int
mapgeo_tile(const struct mapgeo *g, int c, int r)
{
	if (c < 0 || r < 0 || c >= g->cols || r >= g->rows)
		return -1;
	return g->tile[r * g->cols + c];
}

void
mapgeo_tile_centre(const struct mapgeo *g, int c, int r, double *x,
    double *y)
{
	*x = g->hex_w * (c + ((r & 1) ? 0.5 : 0.0));
	*y = 1.5 * g->hex_r * r;
}
