/*
 * picture_priv.h - between picture.c (drawing), picture_text.c (its texts),
 * picture_png.c (the PNG) and picture_deflate.c (its compressed data); the
 * map pictures (mappic.c) write their PNG through picture_png.c too.
 */
#ifndef PBEMD_PICTURE_PRIV_H
#define PBEMD_PICTURE_PRIV_H

#include <cairo.h>
#include <stddef.h>
#include <stdint.h>

#include "adjudicator/game/game.h"
#include "common/util.h"

#define PICTURE_TEXT_MAX	16	/* longest cell text (label[12]) */
#define PICTURE_MARGIN		8.0	/* white border around the board */
#define PICTURE_PLATE_PAD	1.5	/* ground around a field's name */

struct picture_rgb {
	double	 r, g, b;
};

/* Text placement: which edge of the text's box sits at the point. */
enum picture_align { PICTURE_START, PICTURE_MIDDLE, PICTURE_END };

/* Where the board sits in the picture, and what it is lettered with. */
struct picture_geom {
	int			 shape, rows, cols;
	double			 unit;		/* square side, or triangle side */
	double			 h;		/* triangle height */
	int			 width, height;
	const struct font	*font;		/* NULL: sizes only */
};

/* One cell as a polygon, with its centre and the size of what fits. */
struct picture_poly {
	int	 n;
	double	 x[4], y[4];
	double	 cx, cy;	/* centre (centroid of a triangle) */
	double	 dx, dy;	/* centre of a piece's disc */
	double	 r;		/* radius of a piece's disc */
	double	 frame;		/* width of a mark's frame */
	bool	 up;		/* a triangle pointing up */
};

struct font;

/*
 * picture_field.c. geom: where the board of cells sits, and the
 * picture's size (font NULL); -1 for a board out of range (picture.h).
 * poly: cell c as a polygon; -1 for a cell outside its board. begin:
 * cr's state for fields and the picture painted white. draw: the field
 * with everything on it. outline: only the lines round it.
 */
int	picture_field_geom(const struct game_cells *, struct picture_geom *);
int	picture_field_poly(const struct picture_geom *,
	    const struct game_cell *c, struct picture_poly *);
void	picture_field_begin(cairo_t *);
void	picture_field_draw(cairo_t *, const struct picture_geom *,
	    const struct picture_poly *, const struct game_cell *c);
void	picture_field_outline(cairo_t *, const struct picture_poly *);

/*
 * picture_rows.c: appends the PNG of a square board (RGB), its bands found
 * in bands or drawn, deflated and kept there; 0, or -1 (out unchanged)
 * when cairo failed. Every cell must lie on the board.
 */
struct picture_bands;
int	picture_rows_png(struct picture_bands *, const struct picture_geom *,
	    const struct game_cells *, struct buf *out);

/*
 * picture_text.c. clean: at most n bytes of src, made safe for cairo,
 * into out. draw: s in the source colour with its box's edge or middle at
 * (x, y), shrunk to maxw, on a plate of the colour plate (none if NULL).
 */
void	picture_text_clean(const char *src, size_t n,
	    char out[PICTURE_TEXT_MAX]);
void	picture_text_draw(cairo_t *, const char *s, double size,
	    double maxw, double x, enum picture_align ha, double y,
	    enum picture_align va, const struct picture_rgb *plate);

/*
 * picture_png.c. encode: appends the PNG of an RGB24 image surface to out,
 * indexed when it has at most 256 colours; 0 or -1. indexed: the PNG of
 * width x height indexes (pix, row after row) into pal (npal 0xRRGGBB
 * colours, 1 to 256); 0 or -1.
 */
int	picture_png_encode(cairo_surface_t *, struct buf *out);
int	picture_png_indexed(int width, int height, const unsigned char *pix,
	    const uint32_t *pal, int npal, struct buf *out);
/* The same from scanlines: each row a filter byte 0 and width indexes. */
void	picture_png_scanlines(int width, int height, const uint32_t *pal,
	    int npal, const unsigned char *raw, struct buf *out);
/* The PNG of width x height RGB pixels whose scanlines z deflates (a zlib
 * stream, picture_deflate_join()). */
void	picture_png_rgb_z(int width, int height, const struct buf *z,
	    struct buf *out);
/* The same, indexed into pal (npal colours), or RGB when pal is NULL. */
void	picture_png_z(int width, int height, const uint32_t *pal, int npal,
	    const struct buf *z, struct buf *out);
/* A row of width RGB24 pixels (cairo's native uint32) as RGB bytes. */
void	picture_png_row(const unsigned char *src, int width,
	    unsigned char *dst);

/*
 * picture_band.c: the deflated bands of square boards kept between
 * pictures, found by what they show: the board's size, the band (a row of
 * cells), the cells standing in the row above (a bit a column), and the
 * row's cells as they are drawn, texts cleaned. A key is zeroed before it
 * is filled, so its padding compares too. begin: a picture starts, whose
 * bands are not replaced until the next begin; find: the kept part, or
 * NULL; keep: keeps z (taken; z is left empty) and returns it kept, or
 * NULL (z left as it was) when no band can make room. Both borrowed until
 * the next begin.
 */
struct picture_band_cell {
	int16_t		 col;
	uint8_t		 shade, marks, owner;
	char		 name[PICTURE_TEXT_MAX];
	char		 label[PICTURE_TEXT_MAX];
	char		 side[4][PICTURE_TEXT_MAX];
};
struct picture_band_key {
	int16_t			 rows, cols, band;
	uint32_t		 above;
	int			 n;
	struct picture_band_cell cell[GAME_CELLS_MAX];
};
struct picture_bands;
struct picture_bands	*picture_bands_new(void);
void			 picture_bands_free(struct picture_bands *);
void			 picture_bands_begin(struct picture_bands *);
const struct picture_zpart *picture_bands_find(struct picture_bands *,
			    const struct picture_band_key *);
const struct picture_zpart *picture_bands_keep(struct picture_bands *,
			    const struct picture_band_key *,
			    struct picture_zpart *z);

/*
 * picture_deflate.c: appends the zlib stream (RFC 1950) of the n bytes of
 * PNG scanlines raw (rows of stride bytes: a filter byte, then pixels of
 * bpp bytes) to out.
 */
void	picture_deflate(const unsigned char *raw, size_t n, size_t stride,
	    int bpp, struct buf *out);

/*
 * A part of a deflate stream: whole blocks, none final, from a fresh
 * state (nothing refers to a byte before the part's first), so parts made
 * apart and kept (picture_band.c) join into one stream in their order.
 * part: the part of n bytes of scanlines as picture_deflate() takes them;
 * join: the zlib stream of the parts in order, appended to out; free:
 * the part's bits.
 */
struct picture_zpart {
	unsigned char	*bits;		/* owned; least significant first */
	size_t		 nbits;
	size_t		 len;		/* bytes of scanlines it holds */
	uint32_t	 adler;		/* their Adler-32 */
};
void	picture_deflate_part(const unsigned char *raw, size_t n,
	    size_t stride, int bpp, struct picture_zpart *out);
void	picture_deflate_join(const struct picture_zpart *const *parts,
	    int nparts, struct buf *out);
void	picture_zpart_free(struct picture_zpart *);

#endif
