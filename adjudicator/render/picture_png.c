/*
 * picture_png.c - encodes the drawn board as PNG with libpng directly.
 *
 * cairo's own PNG writer leaves libpng's defaults (adaptive filtering,
 * zlib level 6): four fifths of a report's picture time went there. A board
 * is large flat fields with a little text, which one fixed filter and a
 * fast zlib level compress nearly as well at a fraction of the cost. The
 * bytes stay a function of the pixels alone: no time stamp, no text chunk.
 */
#include <png.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "adjudicator/render/picture_priv.h"

/*
 * CPU per picture against cairo's writer (level 6, adaptive filters),
 * measured on a loaded 2-core machine: weekeewachee after a move 1.1 ms
 * (was 3.1), at the start, indexed, 0.4; the chess board 3.4 (9.5); ARI,
 * indexed, 2.1 (10.5); clouded KlinZha 5.7 (14.3). Levels 2 and 3 and the
 * Up filter saved a few per cent of bytes for 10 to 30 per cent more time.
 */
#define PICTURE_PNG_LEVEL	1
#define PICTURE_PNG_FILTER	PNG_FILTER_NONE

static void
picture_png_write(png_structp png, png_bytep data, size_t len)
{
	buf_add(png_get_io_ptr(png), data, len);
}

static void
picture_png_flush(png_structp png)
{
	(void)png;
}

/* cairo's RGB24 pixel is a native-endian uint32 0x00RRGGBB. */
static void
picture_png_row(const unsigned char *src, int width, unsigned char *dst)
{
	const uint32_t	*px = (const uint32_t *)(const void *)src;
	int		 x;

	for (x = 0; x < width; x++) {
		dst[3 * x] = (unsigned char)(px[x] >> 16);
		dst[3 * x + 1] = (unsigned char)(px[x] >> 8);
		dst[3 * x + 2] = (unsigned char)px[x];
	}
}

/*
 * A board has few colours (fields, ink, the grey ramps of smoothed text):
 * with at most 256 of them the PNG is indexed, a third of the bytes to
 * filter and deflate. The palette is in order of first appearance, so the
 * bytes still follow from the pixels alone.
 */
struct picture_png_pal {
	int		 n;
	uint32_t	 rgb[256];
	uint32_t	 slot[1024];	/* open addressing: rgb + 1, 0 empty */
	uint8_t		 idx[1024];
};

static int
picture_png_index(struct picture_png_pal *p, uint32_t rgb)
{
	uint32_t	 h;

	rgb &= 0xffffff;
	h = (rgb * 2654435761u) >> 22;
	while (p->slot[h] != 0) {
		if (p->slot[h] == rgb + 1)
			return p->idx[h];
		h = (h + 1) & 1023;
	}
	if (p->n == 256)
		return -1;
	p->slot[h] = rgb + 1;
	p->idx[h] = (uint8_t)p->n;
	p->rgb[p->n] = rgb;
	return p->n++;
}

/* Indexes the whole image into pix (width * height bytes); -1 when it
 * has more than 256 colours. */
static int
picture_png_quantize(cairo_surface_t *sf, struct picture_png_pal *p,
    unsigned char *pix)
{
	const unsigned char	*data = cairo_image_surface_get_data(sf);
	int			 width = cairo_image_surface_get_width(sf);
	int			 height = cairo_image_surface_get_height(sf);
	int			 stride = cairo_image_surface_get_stride(sf);
	const uint32_t		*px;
	int			 x, y, i;

	memset(p, 0, sizeof(*p));
	for (y = 0; y < height; y++) {
		px = (const uint32_t *)(const void *)(data +
		    (size_t)y * (size_t)stride);
		for (x = 0; x < width; x++) {
			if ((i = picture_png_index(p, px[x])) < 0)
				return -1;
			*pix++ = (unsigned char)i;
		}
	}
	return 0;
}

/*
 * libpng reports errors by longjmp: nothing allocated lives here. With a
 * palette, pix holds the indexed image; without, a row of RGB.
 */
static int
picture_png_write_all(png_structp png, png_infop info, cairo_surface_t *sf,
    const struct picture_png_pal *pal, unsigned char *pix, struct buf *out)
{
	const unsigned char	*data = cairo_image_surface_get_data(sf);
	int			 width = cairo_image_surface_get_width(sf);
	int			 height = cairo_image_surface_get_height(sf);
	int			 stride = cairo_image_surface_get_stride(sf);
	png_color		 colours[256];
	int			 y, i;

	if (setjmp(png_jmpbuf(png)))
		return -1;
	png_set_write_fn(png, out, picture_png_write, picture_png_flush);
	png_set_compression_level(png, PICTURE_PNG_LEVEL);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, pal ? PNG_FILTER_NONE :
	    PICTURE_PNG_FILTER);
	png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
	    pal ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_RGB,
	    PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
	    PNG_FILTER_TYPE_DEFAULT);
	if (pal) {
		for (i = 0; i < pal->n; i++) {
			colours[i].red = (png_byte)(pal->rgb[i] >> 16);
			colours[i].green = (png_byte)(pal->rgb[i] >> 8);
			colours[i].blue = (png_byte)pal->rgb[i];
		}
		png_set_PLTE(png, info, colours, pal->n);
	}
	png_write_info(png, info);
	for (y = 0; y < height; y++) {
		if (pal)
			png_write_row(png, pix + (size_t)y * (size_t)width);
		else {
			picture_png_row(data + (size_t)y * (size_t)stride,
			    width, pix);
			png_write_row(png, pix);
		}
	}
	png_write_end(png, NULL);
	return 0;
}

int
picture_png_encode(cairo_surface_t *sf, struct buf *out)
{
	struct picture_png_pal	*pal;
	png_structp		 png;
	png_infop		 info;
	unsigned char		*pix;
	int			 width = cairo_image_surface_get_width(sf);
	int			 height = cairo_image_surface_get_height(sf);
	int			 rc = -1;

	if (cairo_image_surface_get_data(sf) == NULL || width <= 0 ||
	    height <= 0)
		return -1;
	pal = xmalloc(sizeof(*pal));
	pix = xmalloc((size_t)width * (size_t)height);
	if (picture_png_quantize(sf, pal, pix) != 0) {
		free(pal);
		pal = NULL;
		pix = xrealloc(pix, (size_t)width * 3);
	}
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	info = png ? png_create_info_struct(png) : NULL;
	if (info != NULL)
		rc = picture_png_write_all(png, info, sf, pal, pix, out);
	png_destroy_write_struct(&png, info ? &info : NULL);
	free(pix);
	free(pal);
	return rc;
}
