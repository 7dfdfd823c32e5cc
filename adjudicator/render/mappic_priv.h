/*
 * mappic_priv.h - between the files that draw a map picture: mappic.c (the
 * picture: layout, title, legend, PNG) on top; mappic_ground.c (the
 * ground kept between pictures) under it; mappic_board.c (areas,
 * borders, names, centres), mappic_orders.c (the orders and their
 * outcomes), mappic_units.c (units and their marks) under those, in that
 * order; mappic_palette.c (256 colours) and mappic_paint.c (colours and
 * text) at the bottom. Each calls only files below it; paintbox.c keeps
 * the grounds (mappic_grounds_new(), _free()).
 */
#ifndef PBEMD_MAPPIC_PRIV_H
#define PBEMD_MAPPIC_PRIV_H

#include <cairo.h>
#include <stdbool.h>
#include <stdint.h>

#include "adjudicator/render/font.h"
#include "adjudicator/render/mappic.h"
#include "adjudicator/render/picture_priv.h"

#define MAPPIC_UNIT_R	10.0	/* a unit's disc */
#define MAPPIC_BAND_ROWS	16	/* rows of a band (mappic_bands.c) */
#define MAPPIC_BANDS_MAX	128	/* bands of a picture, at most */
#define MAPPIC_GROUP_BANDS	8	/* bands drawn in one window */

struct mappic_rgb {
	double	 r, g, b;
};

#define MAPPIC_RGB(x)	{ ((x) >> 16) / 255.0, (((x) >> 8) & 255) / 255.0, \
	    ((x) & 255) / 255.0 }

/*
 * One board being drawn; cairo's origin is the map's (0, 0). The layers
 * draw only what is wanted: the orders and units whose flag is set (NULL:
 * all), the names in the bands of picture rows set in band (bands of
 * MAPPIC_BAND_ROWS rows from the picture's top; NULL: all). What is not
 * wanted touches none of the rows being drawn (mappic.c measures it).
 */
struct mappic {
	cairo_t				*cr;
	const struct mapgeo		*geo;
	const struct font		*font;
	const struct game_map_board	*b;
	const int8_t			*owner;	/* [MAPGEO_AREAS] */
	const uint8_t			*want_order;	/* [GAME_MAP_ORDERS] */
	const uint8_t			*want_unit;	/* [GAME_MAP_UNITS] */
	const uint8_t			*band;		/* [MAPPIC_BANDS_MAX] */
	int				 top;	/* the picture row cr's
						   surface starts at */
};

/* Text placement: which edge of the text's box sits at the point. */
enum mappic_align { MAPPIC_START, MAPPIC_MIDDLE, MAPPIC_END };

/*
 * The colours a drawing set (mappic_paint_set()), as its pixels have them:
 * solid fills and lines in them may be too small to win a place in the
 * palette by their count (a centre's dot: 36 pixels), so the palette
 * keeps them first (mappic_palette_pin()).
 */
#define MAPPIC_INKS	96
struct mappic_inks {
	int		 n;
	uint32_t	 rgb[MAPPIC_INKS];	/* 0xRRGGBB */
};

/* mappic_paint.c: colours and text, below every other file. set: the
 * source colour; inks: note from now on every colour set on cr in k
 * (borrowed until the next call; NULL: no longer). */
void	mappic_paint_set(cairo_t *, const struct mappic_rgb *);
void	mappic_paint_inks(cairo_t *, struct mappic_inks *k);
/* note: c in k (once, as its pixels have it); ramp: a, b and steps
 * colours evenly between them. */
void	mappic_paint_note(struct mappic_inks *k, const struct mappic_rgb *c);
void	mappic_paint_ramp(struct mappic_inks *k, const struct mappic_rgb *a,
	    const struct mappic_rgb *b, int steps);
/*
 * Measuring instead of drawing: while a measure is set on cr
 * (mappic_paint_measure(); NULL: draw again), mappic_paint_stroke(),
 * _fill() and _text() paint nothing and add what they would ink to its
 * box, in device space (cairo's extents: the whole stroke, dashes as if
 * solid). The files under mappic.c stroke and fill through these, so
 * that mappic.c learns which rows an order or a unit touches.
 */
struct mappic_measure {
	bool		 any;		/* something would be inked */
	double		 x0, y0, x1, y1;
};
void	mappic_paint_measure(cairo_t *, struct mappic_measure *);
void	mappic_paint_stroke(cairo_t *, bool preserve);
void	mappic_paint_fill(cairo_t *, bool preserve);
/* Whether user-space rows y0..y1 touch a band set in band (NULL: yes),
 * the surface's first row being the picture's row top. */
bool	mappic_paint_wanted(cairo_t *, const uint8_t *band, int top,
	    double y0, double y1);
/* A power's colour (out of range: a neutral grey), and the ink (black
 * or white) that reads on it. */
const struct mappic_rgb *mappic_paint_power(int power);
const struct mappic_rgb *mappic_paint_ink(int power);
/* a mixed with b; t = 0 is a, 1 is b. */
struct mappic_rgb mappic_paint_mix(const struct mappic_rgb *a,
	    const struct mappic_rgb *b, double t);
/* Text with its box's edge or middle at (x, y), in the source colour. */
void	mappic_paint_text(cairo_t *, const char *s, double size, double x,
	    enum mappic_align ha, double y, enum mappic_align va);
/* Texts centred at their points in ink, over halos of the given width;
 * a text's first MAPPIC_LABEL_GLYPHS glyphs. */
#define MAPPIC_LABEL_GLYPHS	32
struct mappic_label {
	const char	*s;
	double		 x, y;
};
void	mappic_paint_halos(cairo_t *, const struct mappic_label *, int n,
	    double size, const struct mappic_rgb *ink,
	    const struct mappic_rgb *halo, double width);


/*
 * mappic_board.c: owners: who owns the centre of each area (the ground
 * shows nothing else of the board); draw: the ground (areas, borders,
 * centres), leaving cr with mappic_board_pen(); names: the names, on top.
 */
void	mappic_board_owners(const struct mapgeo *,
	    const struct game_map_board *, int8_t owner[MAPGEO_AREAS]);
void	mappic_board_draw(struct mappic *);
void	mappic_board_pen(cairo_t *);
void	mappic_board_names(struct mappic *);

/*
 * mappic_ground.c: the grounds kept (new, free); get: the ground of m's
 * geometry and owners, kept or drawn now (NULL when it cannot be drawn:
 * cairo failed, too many colours); paint: it into rows y0.. of an RGB24
 * surface of its width, those of rows r0..r1 - 1 alone; rows: its size,
 * indexes (a byte a pixel, row after row) and palette (returns how many
 * colours), borrowed until the next get.
 */
struct mappic_grounds;
struct mappic_ground;
struct mappic_grounds	*mappic_grounds_new(void);
void			 mappic_grounds_free(struct mappic_grounds *);
/* A buffer of at least len bytes kept for the next map (which: 0 its
 * pixels, 1 its indexes); borrowed, its bytes whatever they were. */
#define MAPPIC_WORKS	2
unsigned char		*mappic_grounds_work(struct mappic_grounds *,
			    int which, size_t len);
struct mappic_ground	*mappic_ground_get(struct mappic_grounds *,
			    const struct mappic *m,
			    const struct mappic_inks *extra);
void	mappic_ground_paint(const struct mappic_ground *, cairo_surface_t *,
	    int y0, int r0, int r1);
int	mappic_ground_rows(const struct mappic_ground *, int *width,
	    int *height, const unsigned char **idx, const uint32_t **pal);
/*
 * The palette of every picture on a ground: its own colours (indexes
 * 0.. as in its rows), then the extras given to get (the colours drawn
 * over it) it lacks, up to 256; palette: it, how many; index: the index
 * of rgb's nearest in it (the first of equals), looked up once per
 * colour while the ground is kept.
 */
#define MAPPIC_GROUND_COLOURS	192	/* of 256: the rest for the extras */
int	mappic_ground_palette(const struct mappic_ground *,
	    const uint32_t **pal);
int	mappic_ground_index(struct mappic_ground *, uint32_t rgb);

/*
 * mappic_bands.c: the deflated bands of map pictures kept (new, free),
 * found by the two hashes of what they show (hash: of n bytes; mappic.c
 * says what a band shows). begin: a picture starts, whose bands are not
 * replaced until the next begin; find: the part kept, or NULL; keep: the
 * part (picture_deflate_part(), one byte a pixel) of the n bytes of
 * scanlines raw, deflated now and kept. Borrowed until the next begin.
 * keep is NULL only when a picture asks for more than MAPPIC_BANDS_MAX.
 */
struct mappic_bands;
struct mappic_bands	*mappic_bands_new(void);
void			 mappic_bands_free(struct mappic_bands *);
void			 mappic_bands_begin(struct mappic_bands *);
const struct picture_zpart *mappic_bands_find(struct mappic_bands *,
			    uint64_t h1, uint64_t h2);
const struct picture_zpart *mappic_bands_keep(struct mappic_bands *,
			    uint64_t h1, uint64_t h2, const unsigned char *raw,
			    size_t n, size_t stride);
void			 mappic_bands_hash(const void *p, size_t n,
			    uint64_t *h1, uint64_t *h2);
/* The rows a unit inks, kept by the hashes of what it is (span: true and
 * s filled when kept; span_keep: keeps s, maybe in another's place). */
bool			 mappic_bands_span(const struct mappic_bands *,
			    uint64_t h1, uint64_t h2, int16_t s[2]);
void			 mappic_bands_span_keep(struct mappic_bands *,
			    uint64_t h1, uint64_t h2, const int16_t s[2]);

/*
 * mappic_span.c. measure: the picture rows (s[0]..s[1] - 1; none when
 * equal) each order and unit of m's board inks, the map's top at picture
 * row y0 (m->cr at the picture's origin, its fonts set); the units'
 * found among those kept in k, or measured and kept there. key: the two
 * hashes of what rows r0..r1 - 1 show (key: a buffer to write it in).
 * want: the orders and units inking any band set in band (nbands).
 */
struct mappic_spans {
	int16_t		 order[GAME_MAP_ORDERS][2];
	int16_t		 unit[GAME_MAP_UNITS][2];
	uint64_t	 orders_h1, orders_h2;	/* all the board's orders */
};
/* The picture's frame: its width, the map's first and last-but-one
 * rows, the title's and legend's texts as drawn. */
struct mappic_band_rows {
	int		 width;
	int		 map_y0, map_y1;
	const char	*title;
	const char	*legend;
};
void	mappic_spans_measure(struct mappic *, struct mappic_bands *,
	    double y0, struct mappic_spans *);
void	mappic_spans_key(const struct mappic *, const struct mappic_spans *,
	    const struct mappic_band_rows *, int r0, int r1, struct buf *key,
	    uint64_t *h1, uint64_t *h2);
void	mappic_spans_want(const struct mappic *, const struct mappic_spans *,
	    const uint8_t *band, int nbands, uint8_t *want_order,
	    uint8_t *want_unit);

/* mappic_units.c: where a location's unit stands (its coast, or the
 * province's spot); 0 or -1 for a place the geometry does not know. */
int	mappic_units_at(const struct mappic *, const char *loc, double *x,
	    double *y);
int	mappic_units_dislodged_at(const struct mappic *, const char *loc,
	    double *x, double *y);
/* The units on their places, or (aside) the dislodged ones and the
 * zombies waiting to be placed, with their retreat options. */
void	mappic_units_draw(struct mappic *, bool aside);
void	mappic_units_token(const struct mappic *, char kind, int power,
	    double x, double y, double scale, bool ghost);
/* The colours units and orders are drawn in, noted in k. */
void	mappic_units_inks(struct mappic_inks *k);
void	mappic_orders_inks(struct mappic_inks *k);

/* mappic_orders.c */
void	mappic_orders_draw(struct mappic *);

/*
 * mappic_palette.c: a picture's colours brought to at most 256, the rarest
 * as their nearest frequent one. count: n pixels (cairo RGB24); add: a
 * colour count times; choose: the palette, 0, or -1 when there were too
 * many colours to count; pin: keep rgb in the palette whatever its count
 * (once counted; before choose); index: the index of rgb's palette
 * colour (the first asked gets 0), -1 for a colour never counted;
 * colours: the palette by index into rgb (256), how many. choose_max:
 * choose at most max colours (1..256).
 */
struct mappic_palette;
struct mappic_palette *mappic_palette_new(void);
void	mappic_palette_free(struct mappic_palette *);
void	mappic_palette_count(struct mappic_palette *, const uint32_t *px,
	    int n);
void	mappic_palette_add(struct mappic_palette *, uint32_t rgb,
	    uint32_t count);
void	mappic_palette_pin(struct mappic_palette *, uint32_t rgb);
int	mappic_palette_choose(struct mappic_palette *);
int	mappic_palette_choose_max(struct mappic_palette *, int max);
/* The index of pal's colour (n of them) nearest rgb, the first of equals;
 * -1 when n is 0. */
int	mappic_palette_nearest(const uint32_t *pal, int n, uint32_t rgb);
int	mappic_palette_index(struct mappic_palette *, uint32_t rgb);
int	mappic_palette_colours(const struct mappic_palette *, uint32_t *rgb);

#endif
