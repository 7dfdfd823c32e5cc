/*
 * statetext.h - helpers every game uses to write and read its saved state.
 *
 * A game's save() writes versioned "key: value" text (STYLE.md 12) into
 * the caller's buffer and reports the size it needs even when the buffer is
 * too small; load() reads the fields back strictly, refusing anything
 * save() would not have written. The layouts stay each game's own; only
 * the mechanics live here. No I/O; statetext_load() alone allocates.
 */
#ifndef PBEMD_STATETEXT_H
#define PBEMD_STATETEXT_H

#include <stddef.h>
#include <stdint.h>

struct game_state;
struct game_diag;

/* An snprintf that keeps counting past the end of the buffer. */
struct statetext_out {
	char	*buf;
	size_t	 cap;
	size_t	 len;		/* what the whole text needs, without NUL */
};

void	 statetext_put(struct statetext_out *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

#define STATETEXT_NWORDS(a)	((int)(sizeof(a) / sizeof((a)[0])))

/* The index of s in words[0..n-1], or -1. */
int	 statetext_word(const char *s, const char *const *words, int n);
/* A whole decimal int in lo..hi; -1 on anything else. */
int	 statetext_int(const char *s, int lo, int hi, int *out);
/* Exactly 16 lower-case hex digits, as "%016" PRIx64 writes them. */
int	 statetext_hex(const char *s, uint64_t *out);
/* Splits off the next line in place; NULL at the end of the text. */
char	*statetext_line(char **p);
/*
 * Splits "key: value" (or a bare "key:", the empty value) in place;
 * returns the value, a view into line, or NULL when there is no colon.
 */
char	*statetext_kv(char *line, char **key);

/*
 * Reads text, modified in place, that opens with the line version and
 * goes on with "key: value" lines: field() gets each with its index from
 * 0, and a negative answer refuses the text. Returns how many fields
 * were read, or -1 on a wrong first line, a line without ": " or a field
 * refused.
 */
typedef int	(*statetext_field_fn)(struct game_state *, int idx,
		    const char *key, const char *val);
int	 statetext_fields(char *text, const char *version,
	    statetext_field_fn field, struct game_state *);

/*
 * Whether text opens with the line version (0), with the same game word
 * and another version (1: a version this build does not know), or with
 * anything else (-1).
 */
int	 statetext_version(const char *text, const char *version);

/*
 * A whole load(): a zeroed state of size bytes that parse() fills from a
 * copy of text. Refusals use the game's own catalog keys, "<game>.err."
 * followed by state_version, no_memory or state_corrupt.
 */
typedef int	(*statetext_parse_fn)(struct game_state *, char *text);
int	 statetext_load(const char *text, const char *version, size_t size,
	    statetext_parse_fn parse, const char *game,
	    struct game_state **out, struct game_diag *why);

#endif
