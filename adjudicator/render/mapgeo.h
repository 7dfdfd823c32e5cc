/*
 * mapgeo.h - the drawing of a map: its areas, their borders and where each
 * province's label, units and supply centre go.
 *
 * The geometry is data (maps/standard.geo, format in maps/README.md): a grid
 * of hexagon tiles, each belonging to one area (a province, or a wall:
 * impassable land), and the anchors of each province. mapgeo_load() checks
 * it whole and derives the outline of every area and the borders between
 * them, smoothed so that the tiles do not show. Coordinates are pixels of
 * the map, (0, 0) at its top left corner. Read-only after loading.
 */
#ifndef PBEMD_MAPGEO_H
#define PBEMD_MAPGEO_H

#include <cairo.h>
#include <stdbool.h>
#include <stddef.h>

#define MAPGEO_AREAS	128	/* areas of one map, walls included */
#define MAPGEO_NAME	8	/* "STP/NC" with its NUL */
#define MAPGEO_COASTS	16	/* unit spots of coasts */
#define MAPGEO_GRID_MAX	512	/* tiles a side */

enum mapgeo_terrain {
	MAPGEO_LAND,		/* an inland province */
	MAPGEO_COAST,		/* a land province on the sea */
	MAPGEO_SEA,
	MAPGEO_WALL		/* impassable: no province, no label */
};

struct mapgeo;

/*
 * Loads a geometry text. Returns an owned object (mapgeo_free()), or NULL
 * with a reason naming the line in why.
 */
struct mapgeo	*mapgeo_load(const char *text, char *why, size_t whylen);
/* The standard map's geometry, compiled in from maps/standard.geo. */
struct mapgeo	*mapgeo_standard(char *why, size_t whylen);
extern const char mapgeo_standard_text[];
void		 mapgeo_free(struct mapgeo *);

/* The map's size in pixels. */
int		 mapgeo_width(const struct mapgeo *);
int		 mapgeo_height(const struct mapgeo *);

/* Areas are numbered 0..mapgeo_areas()-1 in the order of the text. */
int		 mapgeo_areas(const struct mapgeo *);
const char	*mapgeo_name(const struct mapgeo *, int area);
enum mapgeo_terrain mapgeo_terrain(const struct mapgeo *, int area);
/* The area named by a province or location ("stp/nc" finds STP), any
 * case; -1 if none. */
int		 mapgeo_find(const struct mapgeo *, const char *name);

/* Appends the area's outline (closed, nonzero winding) to cr's path. */
void		 mapgeo_path(const struct mapgeo *, int area, cairo_t *cr);
/* The same outline moved inset pixels inwards (for a band along its
 * inside: stroke it 2 * inset wide). */
void		 mapgeo_path_inset(const struct mapgeo *, int area,
		    double inset, cairo_t *cr);
/* Whether (x, y) lies inside the area's outline. */
bool		 mapgeo_inside(const struct mapgeo *, int area, double x,
		    double y);

/*
 * Anchors of a province; 0, or -1 for a wall or (centre) a province
 * without one. mapgeo_unit() takes a location: "PAR", or a coast
 * "STP/NC" (its own spot; a coast without one answers -1).
 */
int		 mapgeo_label(const struct mapgeo *, int area, double *x,
		    double *y);
int		 mapgeo_unit(const struct mapgeo *, const char *loc, double *x,
		    double *y);
int		 mapgeo_centre(const struct mapgeo *, int area, double *x,
		    double *y);
int		 mapgeo_dislodged(const struct mapgeo *, int area, double *x,
		    double *y);

/*
 * The drawn borders: polylines between two areas a < b (the map's edge is
 * none). mapgeo_border() appends border i to cr's path (move_to, then
 * line_to) and says which areas it divides.
 */
int		 mapgeo_borders(const struct mapgeo *);
void		 mapgeo_border(const struct mapgeo *, int i, cairo_t *cr,
		    int *a, int *b);

/* The tiles, for tests and tools: the area of tile (col, row) or -1. */
void		 mapgeo_grid(const struct mapgeo *, int *cols, int *rows);
int		 mapgeo_tile(const struct mapgeo *, int col, int row);
/* A tile's centre in pixels. */
void		 mapgeo_tile_centre(const struct mapgeo *, int col, int row,
		    double *x, double *y);

#endif
