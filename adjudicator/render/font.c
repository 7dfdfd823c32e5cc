/*
 * font.c - DejaVu Sans and its bold, opened from their files with FreeType
 * and handed to cairo as font faces (font.h); never fontconfig.
 *
 * cairo's toy faces ("DejaVu Sans", bold) made cairo initialise fontconfig
 * at the first text: its configuration parsed, its caches mapped, some
 * megabytes and tens of milliseconds for two files whose names we know.
 * The slanted style (the sea names of a map) is the bold face slanted by
 * cairo, so the letters do not depend on whether a system also has
 * fonts-dejavu-extra's oblique files. Reads the two font files; no other
 * I/O.
 */
#include <cairo.h>
#include <cairo-ft.h>
#include <errno.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adjudicator/render/font.h"
#include "common/util.h"

#define FONT_PACKAGE	"fonts-dejavu-core"

/*
 * FreeType's library, counted: the set holds it, and so does each face
 * cairo holds, which cairo lets go when it destroys the font face (which
 * may be after font_free(), while cairo's cache still holds it). The last
 * one closes it with FT_Done_FreeType(), which also frees the allocator
 * FT_Init_FreeType() made (FT_Reference_Library()'s count would not).
 */
struct font_lib {
	FT_Library	 ft;
	int		 refs;
};

struct font {
	struct font_lib		*lib;
	cairo_font_face_t	*face[FONT_STYLES];
};

/* What cairo's font face keeps alive. */
struct font_hold {
	struct font_lib	*lib;
	FT_Face		 face;
};

static const cairo_user_data_key_t font_key;

static const char *const font_file[FONT_STYLES] = {
	[FONT_REGULAR] = "DejaVuSans.ttf",
	[FONT_BOLD] = "DejaVuSans-Bold.ttf",
	[FONT_BOLD_SLANTED] = "DejaVuSans-Bold.ttf",
};

static void
font_lib_drop(struct font_lib *lib)
{
	if (--lib->refs > 0)
		return;
	FT_Done_FreeType(lib->ft);
	free(lib);
}

static void
font_release(void *p)
{
	struct font_hold	*h = p;

	FT_Done_Face(h->face);
	font_lib_drop(h->lib);
	free(h);
}

/*
 * One cairo face of its own FreeType face per style: cairo shares a font
 * face among callers of the same FreeType face, and the slant set on one
 * would reach the other.
 */
static cairo_font_face_t *
font_face(struct font_lib *lib, const char *dir, enum font_style style, char *why,
    size_t whylen)
{
	struct font_hold	*h;
	cairo_font_face_t	*cf;
	char			 path[1024];

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir,
	    font_file[style]) >= sizeof(path)) {
		snprintf(why, whylen, "font folder %s: name too long", dir);
		return NULL;
	}
	if (access(path, R_OK) != 0) {
		snprintf(why, whylen, "font %s: %s (install %s, or build with "
		    "FONT_DIR= the folder that holds %s)", path,
		    strerror(errno), FONT_PACKAGE, font_file[style]);
		return NULL;
	}
	h = xcalloc(1, sizeof(*h));
	if (FT_New_Face(lib->ft, path, 0, &h->face) != 0) {
		snprintf(why, whylen, "font %s: not a font FreeType reads",
		    path);
		free(h);
		return NULL;
	}
	h->lib = lib;
	lib->refs++;
	cf = cairo_ft_font_face_create_for_ft_face(h->face, 0);
	if (cairo_font_face_set_user_data(cf, &font_key, h, font_release) !=
	    CAIRO_STATUS_SUCCESS) {
		cairo_font_face_destroy(cf);
		font_release(h);
		snprintf(why, whylen, "font %s: cairo cannot use it", path);
		return NULL;
	}
	if (style == FONT_BOLD_SLANTED)
		cairo_ft_font_face_set_synthesize(cf,
		    CAIRO_FT_SYNTHESIZE_OBLIQUE);
	return cf;
}

struct font *
font_open(const char *dir, char *why, size_t whylen)
{
	struct font	*f;
	int		 i;

	f = xcalloc(1, sizeof(*f));
	f->lib = xcalloc(1, sizeof(*f->lib));
	f->lib->refs = 1;
	if (FT_Init_FreeType(&f->lib->ft) != 0) {
		snprintf(why, whylen, "FreeType cannot start");
		free(f->lib);
		free(f);
		return NULL;
	}
	for (i = 0; i < FONT_STYLES; i++)
		if ((f->face[i] = font_face(f->lib, dir ? dir : FONT_DIR, i,
		    why, whylen)) == NULL) {
			font_free(f);
			return NULL;
		}
	return f;
}

void
font_free(struct font *f)
{
	int	 i;

	if (f == NULL)
		return;
	for (i = 0; i < FONT_STYLES; i++)
		cairo_font_face_destroy(f->face[i]);
	font_lib_drop(f->lib);
	free(f);
}

void
font_use(cairo_t *cr, const struct font *f, enum font_style style)
{
	if ((unsigned)style >= FONT_STYLES)
		style = FONT_REGULAR;
	cairo_set_font_face(cr, f->face[style]);
}
