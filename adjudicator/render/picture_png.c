/*
 * picture_png.c - writes the drawn board as PNG: the container (RFC 2083:
 * signature, IHDR, PLTE, IDAT, IEND) here, the IDAT's zlib stream by
 * picture_deflate.c.
 *
 * A board is large flat fields with a little text: with at most 256
 * colours it is written indexed (a third of the bytes of RGB), else RGB;
 * every row unfiltered, since the deflater looks a row up by itself. The
 * bytes stay a function of the pixels alone: no time stamp, no text
 * chunk, the palette in the order the colours first appear. No I/O.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "adjudicator/render/picture_priv.h"

/*
 * CPU per picture on a loaded 2-core machine (tests/bench/bench_mappic):
 * with libpng and zlib level 1 (which had replaced cairo's writer at level
 * 6 and adaptive filters, three times slower), a weekeewachee board after
 * a move, RGB, took 0.7 ms to deflate and a map 2.9 ms; picture_deflate.c
 * takes about half that and writes a fifth fewer bytes.
 */

static void
picture_png_be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* One chunk: its length, type, data and the CRC of type and data. */
static void
picture_png_chunk(struct buf *out, const char *type, const void *data,
    size_t len)
{
	unsigned char	 n[4];
	uLong		 crc;

	picture_png_be32(n, (uint32_t)len);
	buf_add(out, n, 4);
	buf_add(out, type, 4);
	if (len > 0)
		buf_add(out, data, len);
	crc = crc32(0, (const Bytef *)type, 4);
	if (len > 0)
		crc = crc32_z(crc, data, len);
	picture_png_be32(n, (uint32_t)crc);
	buf_add(out, n, 4);
}

/* cairo's RGB24 pixel is a native-endian uint32 0x00RRGGBB. */
void
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
 * The PNG of width x height pixels from its scanlines (each row a filter
 * byte 0 and the pixels: indexes into pal, or RGB when pal is NULL).
 */
static void
picture_png_head(int width, int height, const uint32_t *pal, int npal,
    struct buf *out)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n',
		0x1a, '\n' };
	unsigned char	 ihdr[13], plte[3 * 256];
	int		 i;

	buf_add(out, sig, sizeof(sig));
	picture_png_be32(ihdr, (uint32_t)width);
	picture_png_be32(ihdr + 4, (uint32_t)height);
	ihdr[8] = 8;			/* bits a sample */
	ihdr[9] = pal ? 3 : 2;		/* palette, or RGB */
	ihdr[10] = ihdr[11] = ihdr[12] = 0;	/* deflate, filters, no interlace */
	picture_png_chunk(out, "IHDR", ihdr, sizeof(ihdr));
	if (pal) {
		for (i = 0; i < npal; i++) {
			plte[3 * i] = (unsigned char)(pal[i] >> 16);
			plte[3 * i + 1] = (unsigned char)(pal[i] >> 8);
			plte[3 * i + 2] = (unsigned char)pal[i];
		}
		picture_png_chunk(out, "PLTE", plte, 3 * (size_t)npal);
	}
}

static void
picture_png_write(int width, int height, const uint32_t *pal, int npal,
    const unsigned char *raw, struct buf *out)
{
	struct buf	 z;
	size_t		 stride = (size_t)width * (pal ? 1 : 3) + 1;

	picture_png_head(width, height, pal, npal, out);
	buf_init(&z);
	picture_deflate(raw, stride * (size_t)height, stride, pal ? 1 : 3, &z);
	picture_png_chunk(out, "IDAT", z.data, z.len);
	buf_free(&z);
	picture_png_chunk(out, "IEND", NULL, 0);
}

void
picture_png_scanlines(int width, int height, const uint32_t *pal, int npal,
    const unsigned char *raw, struct buf *out)
{
	picture_png_write(width, height, pal, npal, raw, out);
}

void
picture_png_z(int width, int height, const uint32_t *pal, int npal,
    const struct buf *z, struct buf *out)
{
	picture_png_head(width, height, pal, npal, out);
	picture_png_chunk(out, "IDAT", z->data, z->len);
	picture_png_chunk(out, "IEND", NULL, 0);
}

void
picture_png_rgb_z(int width, int height, const struct buf *z,
    struct buf *out)
{
	picture_png_z(width, height, NULL, 0, z, out);
}

int
picture_png_indexed(int width, int height, const unsigned char *pix,
    const uint32_t *pal, int npal, struct buf *out)
{
	unsigned char	*raw;
	size_t		 w = (size_t)width;
	int		 y;

	if (width <= 0 || height <= 0 || npal < 1 || npal > 256)
		return -1;
	raw = xmalloc((w + 1) * (size_t)height);
	for (y = 0; y < height; y++) {
		raw[(size_t)y * (w + 1)] = 0;
		memcpy(raw + (size_t)y * (w + 1) + 1, pix + (size_t)y * w, w);
	}
	picture_png_write(width, height, pal, npal, raw, out);
	free(raw);
	return 0;
}

int
picture_png_encode(cairo_surface_t *sf, struct buf *out)
{
	struct picture_png_pal	*pal;
	const unsigned char	*data = cairo_image_surface_get_data(sf);
	unsigned char		*raw;
	int			 width = cairo_image_surface_get_width(sf);
	int			 height = cairo_image_surface_get_height(sf);
	int			 stride = cairo_image_surface_get_stride(sf), y;
	size_t			 w = (size_t)width;

	if (data == NULL || width <= 0 || height <= 0)
		return -1;
	pal = xmalloc(sizeof(*pal));
	raw = xmalloc(w * (size_t)height);
	if (picture_png_quantize(sf, pal, raw) == 0) {
		picture_png_indexed(width, height, raw, pal->rgb, pal->n, out);
		free(raw);
		free(pal);
		return 0;
	}
	free(pal);
	raw = xrealloc(raw, (3 * w + 1) * (size_t)height);
	for (y = 0; y < height; y++) {
		raw[(size_t)y * (3 * w + 1)] = 0;
		picture_png_row(data + (size_t)y * (size_t)stride, width,
		    raw + (size_t)y * (3 * w + 1) + 1);
	}
	picture_png_write(width, height, NULL, 0, raw, out);
	free(raw);
	return 0;
}
