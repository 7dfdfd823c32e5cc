/*
 * mapgeo_priv.h - between mapgeo.c (reading, checking, answering) and
 * mapgeo_outline.c (outlines and borders from the tiles).
 */
#ifndef PBEMD_MAPGEO_PRIV_H
#define PBEMD_MAPGEO_PRIV_H

#include <stdint.h>

#include "adjudicator/render/mapgeo.h"

#define MAPGEO_NONE	0xff	/* a tile not yet read */

struct mapgeo_pt {
	double	 x, y;
};

struct mapgeo_area {
	char		 name[MAPGEO_NAME];
	uint8_t		 terrain;	/* enum mapgeo_terrain */
	int		 ntiles;
	bool		 has_label, has_unit, has_centre, has_dislodged;
	struct mapgeo_pt label, unit, centre, dislodged;
	int		 loop0, nloops;	/* its outline: loops[loop0..] */
};

/* A run of points in pts[]: a closed loop of an outline or a border. */
struct mapgeo_run {
	int	 first, n;
	int	 a, b;		/* a border's areas (a < b) */
};

struct mapgeo_coast {
	char		 loc[MAPGEO_NAME];
	int		 area;
	struct mapgeo_pt at;
};

struct mapgeo {
	int			 width, height;
	int			 cols, rows;
	double			 hex_w, hex_r;	/* tile width, circumradius */
	int			 nareas;
	struct mapgeo_area	 area[MAPGEO_AREAS];
	uint8_t			*tile;		/* cols * rows area numbers */
	int			 ncoasts;
	struct mapgeo_coast	 coast[MAPGEO_COASTS];
	int			 nloops, nborders, npts;
	struct mapgeo_run	*loops;
	struct mapgeo_run	*borders;
	struct mapgeo_pt	*pts;
};

/* mapgeo_outline.c: fills loops, borders and pts from the tiles; 0 or -1
 * with a reason (a limit of the grid). */
int	mapgeo_outline_build(struct mapgeo *, char *why, size_t whylen);
/* The tile across edge k (0: up right, clockwise) of tile (c, r), as
 * r * cols + c, or -1 off the grid. */
int	mapgeo_outline_across(const struct mapgeo *, int c, int r, int k);

#endif
