/*
 * picture_priv.h - between picture.c (drawing) and picture_png.c (encoding).
 */
#ifndef PBEMD_PICTURE_PRIV_H
#define PBEMD_PICTURE_PRIV_H

#include <cairo.h>

#include "common/util.h"

/* Appends the PNG of an RGB24 image surface to out; 0 or -1. */
int	picture_png_encode(cairo_surface_t *, struct buf *out);

#endif
