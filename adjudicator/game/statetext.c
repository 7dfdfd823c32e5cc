/*
 * statetext.c - the mechanics of the games' saved-state text.
 *
 * Writing that measures what it would need (so save() can be called with a
 * small buffer first), the strict readers for words, numbers and seeds, and
 * the walk over "key: value" lines in place. Each game keeps its own layout
 * and checks; nothing here knows a game. No I/O; statetext_load() alone
 * allocates, the state it hands to the game.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/game/game.h"
#include "adjudicator/game/statetext.h"

void
statetext_put(struct statetext_out *o, const char *fmt, ...)
{
	va_list	 ap;
	size_t	 room;
	int	 n;

	room = o->len < o->cap ? o->cap - o->len : 0;
	va_start(ap, fmt);
	n = vsnprintf(room > 0 ? o->buf + o->len : NULL, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->len += (size_t)n;
}

int
statetext_word(const char *s, const char *const *words, int n)
{
	int	 i;

	for (i = 0; i < n; i++)
		if (strcmp(s, words[i]) == 0)
			return i;
	return -1;
}

int
statetext_int(const char *s, int lo, int hi, int *out)
{
	char	*end;
	long	 v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

int
statetext_hex(const char *s, uint64_t *out)
{
	char	*end;

	if (strlen(s) != 16 || strspn(s, "0123456789abcdef") != 16)
		return -1;
	errno = 0;
	*out = strtoull(s, &end, 16);
	return errno != 0 || *end != '\0' ? -1 : 0;
}

char *
statetext_line(char **p)
{
	char	*line = *p, *nl;

	if (*line == '\0')
		return NULL;
	if ((nl = strchr(line, '\n')) != NULL) {
		*nl = '\0';
		*p = nl + 1;
	} else
		*p = line + strlen(line);
	return line;
}

char *
statetext_kv(char *line, char **key)
{
	char	*c = strstr(line, ": ");

	*key = line;
	if (c == NULL) {
		if ((c = strchr(line, ':')) == NULL || c[1] != '\0')
			return NULL;
		*c = '\0';
		return c + 1;
	}
	*c = '\0';
	return c + 2;
}

int
statetext_fields(char *text, const char *version, statetext_field_fn field,
    struct game_state *st)
{
	char	*p = text, *line, *val;
	int	 idx = 0;

	if ((line = statetext_line(&p)) == NULL || strcmp(line, version) != 0)
		return -1;
	while ((line = statetext_line(&p)) != NULL) {
		if ((val = strstr(line, ": ")) == NULL)
			return -1;
		*val = '\0';
		if (field(st, idx, line, val + 2) < 0)
			return -1;
		idx++;
	}
	return idx;
}

int
statetext_version(const char *text, const char *version)
{
	size_t	 n = strlen(version), word = strcspn(version, " ") + 1;

	if (strncmp(text, version, n) == 0 && text[n] == '\n')
		return 0;
	return strncmp(text, version, word) == 0 ? 1 : -1;
}

static void
statetext_refuse(struct game_diag *why, const char *game, const char *what)
{
	char	 key[GAME_KEY_MAX];	/* "weekeewachee.err.state_corrupt" */

	snprintf(key, sizeof(key), "%s.err.%s", game, what);
	game_diag_set(why, key, 0);
}

int
statetext_load(const char *text, const char *version, size_t size,
    statetext_parse_fn parse, const char *game, struct game_state **out,
    struct game_diag *why)
{
	struct game_state	*st = NULL;
	char			*copy = NULL;
	int			 rc = -1;

	*out = NULL;
	if (statetext_version(text, version) == 1) {
		statetext_refuse(why, game, "state_version");
		goto out;
	}
	if ((st = calloc(1, size)) == NULL || (copy = strdup(text)) == NULL) {
		statetext_refuse(why, game, "no_memory");
		goto out;
	}
	if (parse(st, copy) == -1) {
		statetext_refuse(why, game, "state_corrupt");
		goto out;
	}
	*out = st;
	st = NULL;
	rc = 0;
out:
	free(copy);
	free(st);
	return rc;
}
