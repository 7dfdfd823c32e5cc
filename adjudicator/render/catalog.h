/*
 * catalog.h - the message catalog of one language (the .txt files of templates/LANG).
 *
 * Loaded once at start-up and read-only afterwards; the daemon owns it and
 * lends it to the judge and report.c. Format: templates/README.md.
 */
#ifndef PBEMD_CATALOG_H
#define PBEMD_CATALOG_H

#include <stdarg.h>
#include <stddef.h>

#include "adjudicator/game/game.h"
#include "common/util.h"

struct catalog;

/*
 * Loads every *.txt of dir/lang. fallback (may be NULL) answers keys this
 * language lacks; it must outlive the catalog. NULL and why on failure,
 * also for what it cannot read whole: more than 64 files, a path of more
 * than 1023 bytes (catalog.c).
 */
struct catalog	*catalog_load(const char *dir, const char *lang,
		    const struct catalog *fallback, char *why, size_t whylen);
void		 catalog_free(struct catalog *);
const char	*catalog_lang(const struct catalog *);
/* The raw text of key, or NULL; borrowed, valid while the catalog lives. */
const char	*catalog_get(const struct catalog *, const char *key);
/* Appends the text of a message with its arguments filled in. */
void		 catalog_render(const struct catalog *, const struct game_msg *,
		    struct buf *out);
/*
 * The same for a key and up to four string arguments of any length (they
 * are not copied into a struct game_msg, so nothing is cut).
 */
void		 catalog_say(const struct catalog *, struct buf *out,
		    const char *key, int nargs, ...);
void		 catalog_vsay(const struct catalog *, struct buf *out,
		    const char *key, int nargs, va_list);
/* Number of entries and, by index, their keys (for tests). */
size_t		 catalog_size(const struct catalog *);
const char	*catalog_key_at(const struct catalog *, size_t);

#endif
