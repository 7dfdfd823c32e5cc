/*
 * font.h - the typefaces the pictures letter with: DejaVu Sans and its bold,
 * read from their files with FreeType, without fontconfig.
 *
 * Fontconfig would find "DejaVu Sans" by asking the system: its
 * configuration files, its caches, whatever fonts happen to be installed
 * (a real oblique where fonts-dejavu-extra is there, a made-up one where
 * not). Reading two named files instead costs no configuration and no
 * cache, and gives the same letters on every system that has Debian's
 * fonts-dejavu-core, whose files sit in FONT_DIR (set when building:
 * `make FONT_DIR=...`).
 */
#ifndef PBEMD_FONT_H
#define PBEMD_FONT_H

#include <cairo.h>
#include <stddef.h>

#ifndef FONT_DIR
#define FONT_DIR	"/usr/share/fonts/truetype/dejavu"
#endif

enum font_style {
	FONT_REGULAR,		/* DejaVuSans.ttf */
	FONT_BOLD,		/* DejaVuSans-Bold.ttf */
	FONT_BOLD_SLANTED,	/* the bold slanted by cairo (12 degrees) */
	FONT_STYLES
};

struct font;

/*
 * Opens the faces from the files in dir (NULL: FONT_DIR). Returns an owned
 * set (font_free()), or NULL with a reason in why that names the file
 * and the package to install.
 */
struct font	*font_open(const char *dir, char *why, size_t whylen);
/* Accepts NULL. Faces cairo still holds live on until it lets them go. */
void		 font_free(struct font *);

/* Makes style the current face of cr (cairo_set_font_face). */
void		 font_use(cairo_t *, const struct font *, enum font_style);

#endif
