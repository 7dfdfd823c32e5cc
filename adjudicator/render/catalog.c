/*
 * catalog.c - loading the .txt files of templates/LANG and filling in messages.
 *
 * Entries are kept sorted by key for bsearch; the texts are unescaped once at
 * load time ("\n" becomes a line break) and their plural forms
 * ("{2|unit|units}") checked then, so a malformed one stops the start
 * instead of showing in a player's mail. A key missing everywhere renders
 * as "[key] args", so a forgotten translation shows instead of vanishing.
 * An argument may name other entries ("@key"), rendered in the same
 * language.
 */
#include <ctype.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/render/catalog.h"

struct catalog_entry {
	char	*key;
	char	*text;
};

#define CATALOG_PATH_MAX	1024	/* a file's path, with its NUL */
#define CATALOG_KEY_MAX		64	/* a reference's key, with its NUL */
#define CATALOG_FILES_MAX	64	/* *.txt files of one language */

struct catalog {
	char			 lang[8];	/* "en", "de" */
	struct catalog_entry	*e;
	size_t			 n, cap;
	const struct catalog	*fallback;
};

static int
catalog_cmp(const void *a, const void *b)
{
	return strcmp(((const struct catalog_entry *)a)->key,
	    ((const struct catalog_entry *)b)->key);
}

static char *
catalog_unescape(const char *s)
{
	struct buf	 b;

	buf_init(&b);
	for (; *s; s++) {
		if (s[0] == '\\' && s[1] == 'n') {
			buf_putc(&b, '\n');
			s++;
		} else if (s[0] == '\\' && s[1] == '\\') {
			buf_putc(&b, '\\');
			s++;
		} else
			buf_putc(&b, *s);
	}
	return buf_steal(&b);
}

/* Whether p starts a placeholder "{1}".."{4}". */
static bool
catalog_is_placeholder(const char *p)
{
	return p[0] == '{' && p[1] >= '1' && p[1] <= '4' && p[2] == '}';
}

/*
 * A plural form at p ("{N|one|other}", N of 1..4; a form may hold the
 * placeholders {1}..{4} but no other '{', no '|', '}' or line break): the
 * length of the whole form, with the forms' starts and lengths in form
 * and len (one, other); 0 when p starts none.
 */
static size_t
catalog_plural_at(const char *p, const char *form[2], size_t len[2])
{
	const char	*q;
	int		 i;

	if (p[0] != '{' || p[1] < '1' || p[1] > '4' || p[2] != '|')
		return 0;
	q = p + 3;
	for (i = 0; i < 2; i++) {
		form[i] = q;
		for (;;) {
			q += strcspn(q, "{|}\n");
			if (!catalog_is_placeholder(q))
				break;
			q += 3;
		}
		len[i] = (size_t)(q - form[i]);
		if (*q != (i == 0 ? '|' : '}'))
			return 0;
		q++;
	}
	return (size_t)(q - p);
}

/* Whether every "{N|" of t begins a well-formed plural form. */
static bool
catalog_plurals_ok(const char *t)
{
	const char	*form[2];
	size_t		 len[2];

	for (; (t = strchr(t, '{')) != NULL; t++)
		if (t[1] >= '1' && t[1] <= '4' && t[2] == '|' &&
		    catalog_plural_at(t, form, len) == 0)
			return false;
	return true;
}

static char *
catalog_trim(char *s)
{
	char	*e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' ||
	    e[-1] == '\r'))
		*--e = '\0';
	return s;
}

static int
catalog_read_file(struct catalog *c, const char *path, char *why,
    size_t whylen)
{
	FILE	*f;
	char	*line = NULL, *eq, *key;
	size_t	 cap = 0;
	int	 lineno = 0, rc = 0;

	if ((f = fopen(path, "r")) == NULL) {
		snprintf(why, whylen, "%s: cannot open", path);	/* cut to whylen */
		return -1;
	}
	while (getline(&line, &cap, f) != -1) {
		lineno++;
		key = catalog_trim(line);
		if (*key == '\0' || *key == '#')
			continue;
		if ((eq = strchr(key, '=')) == NULL) {
			snprintf(why, whylen, "%s:%d: no '=' in entry", path,
			    lineno);
			rc = -1;
			break;
		}
		*eq = '\0';
		if (c->n == c->cap) {
			c->cap = c->cap ? c->cap * 2 : 256;
			c->e = xrealloc(c->e, c->cap * sizeof(*c->e));
		}
		c->e[c->n].key = xstrdup(catalog_trim(key));
		c->e[c->n].text = catalog_unescape(catalog_trim(eq + 1));
		c->n++;
		if (!catalog_plurals_ok(c->e[c->n - 1].text)) {
			snprintf(why, whylen, "%s:%d: a plural form reads "
			    "{N|one|other}", path, lineno);
			rc = -1;
			break;
		}
	}
	free(line);
	fclose(f);
	return rc;
}

static int
catalog_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Refuses (why, NULL) what it cannot read whole rather than read a part:
 * a path longer than CATALOG_PATH_MAX (cut, it would name another file),
 * more than CATALOG_FILES_MAX files (the rest would be left out, and
 * their keys print as "[key]"), a language code longer than its field.
 */
struct catalog *
catalog_load(const char *dir, const char *lang, const struct catalog *fallback,
    char *why, size_t whylen)
{
	struct catalog	*c;
	struct dirent	*de;
	DIR		*d;
	char		 path[CATALOG_PATH_MAX], *names[CATALOG_FILES_MAX];
	size_t		 nnames = 0, i, len;
	int		 rc = 0;

	if (strlen(lang) >= sizeof(c->lang)) {
		snprintf(why, whylen, "%s: no such language", lang);
		return NULL;
	}
	if (snprintf(path, sizeof(path), "%s/%s", dir, lang) >=
	    (int)sizeof(path)) {
		snprintf(why, whylen, "templates directory: path longer than "
		    "%d bytes", CATALOG_PATH_MAX - 1);
		return NULL;
	}
	if ((d = opendir(path)) == NULL) {
		snprintf(why, whylen, "%s: no such templates directory", path);
		return NULL;
	}
	while ((de = readdir(d)) != NULL && rc == 0) {
		len = strlen(de->d_name);
		if (len <= 4 || strcmp(de->d_name + len - 4, ".txt") != 0)
			continue;
		if (nnames == CATALOG_FILES_MAX) {
			snprintf(why, whylen, "%s: more than %d catalog files",
			    path, CATALOG_FILES_MAX);
			rc = -1;
		} else
			names[nnames++] = xstrdup(de->d_name);
	}
	closedir(d);
	/* Sorted, so that a duplicate key resolves the same way everywhere. */
	qsort(names, nnames, sizeof(names[0]), catalog_name_cmp);
	c = xcalloc(1, sizeof(*c));
	strlcpy_(c->lang, lang, sizeof(c->lang));	/* checked above */
	c->fallback = fallback;
	for (i = 0; i < nnames; i++) {
		if (rc == 0 && snprintf(path, sizeof(path), "%s/%s/%s", dir,
		    lang, names[i]) >= (int)sizeof(path)) {
			snprintf(why, whylen, "%s: path longer than %d bytes",
			    names[i], CATALOG_PATH_MAX - 1);
			rc = -1;
		}
		if (rc == 0)
			rc = catalog_read_file(c, path, why, whylen);
		free(names[i]);
	}
	if (rc != 0) {
		catalog_free(c);
		return NULL;
	}
	qsort(c->e, c->n, sizeof(*c->e), catalog_cmp);
	return c;
}

void
catalog_free(struct catalog *c)
{
	size_t	 i;

	if (c == NULL)
		return;
	for (i = 0; i < c->n; i++) {
		free(c->e[i].key);
		free(c->e[i].text);
	}
	free(c->e);
	free(c);
}

const char *
catalog_lang(const struct catalog *c)
{
	return c->lang;
}

const char *
catalog_get(const struct catalog *c, const char *key)
{
	struct catalog_entry	 k, *hit;

	for (; c != NULL; c = c->fallback) {
		k.key = (char *)key;
		hit = bsearch(&k, c->e, c->n, sizeof(*c->e), catalog_cmp);
		if (hit)
			return hit->text;
	}
	return NULL;
}

/* A character of a key: letters, digits, '.', '_'. */
static bool
catalog_keychar(char ch)
{
	return isalnum((unsigned char)ch) || ch == '.' || ch == '_';
}

/*
 * The text of the reference "@key" at s, if key is the catalog's: its
 * text, and *end after the key (a '.' ending the word ends the sentence,
 * not the key); else NULL.
 */
static const char *
catalog_ref(const struct catalog *c, const char *s, const char **end)
{
	char		 key[CATALOG_KEY_MAX];
	const char	*e = s + 1, *t;

	while (catalog_keychar(*e))
		e++;
	while (e > s + 1 && e[-1] == '.')
		e--;
	if (e == s + 1 || (size_t)(e - s - 1) >= sizeof(key))
		return NULL;
	memcpy(key, s + 1, (size_t)(e - s - 1));
	key[e - s - 1] = '\0';
	if ((t = catalog_get(c, key)) != NULL)
		*end = e;
	return t;
}

/*
 * An argument "@key" is itself a message of the catalog; so is each
 * "@key" inside an argument that begins a word ("A MUN @dip.ord.hold",
 * "@dip.prov.mun (MUN), @dip.prov.mos (MOS)"): the games name order
 * words and provinces so, and the reader's language names them. An
 * address ("ann@dip.ord.hold") is no reference, nor a key the catalog
 * lacks; an argument can only ever show the catalog's own, public texts.
 */
static void
catalog_arg(const struct catalog *c, const char *arg, struct buf *out)
{
	const char	*t, *s, *end;

	if (arg[0] == '@' && (t = catalog_get(c, arg + 1)) != NULL) {
		buf_puts(out, t);
		return;
	}
	for (s = arg; *s != '\0'; s++) {
		if (*s == '@' && (s == arg || !catalog_keychar(s[-1])) &&
		    (t = catalog_ref(c, s, &end)) != NULL) {
			buf_puts(out, t);
			s = end - 1;
		} else
			buf_putc(out, *s);
	}
}

/* The first len bytes of t with its placeholders filled in, and its
 * plural forms when plurals is set (forms do not nest: a form's own text
 * is filled with plurals unset). */
static void
catalog_fill(const struct catalog *c, const char *t, size_t len,
    const char *const *args, int nargs, bool plurals, struct buf *out)
{
	const char	*p, *e = t + len, *form[2];
	size_t		 flen[2], n;
	int		 i;

	for (p = t; p < e; p++) {
		if (catalog_is_placeholder(p)) {
			i = p[1] - '1';
			if (i < nargs)
				catalog_arg(c, args[i], out);
			p += 2;
		} else if (plurals && (n = catalog_plural_at(p, form,
		    flen)) > 0) {
			i = p[1] - '1';
			i = i < nargs && strcmp(args[i], "1") == 0 ? 0 : 1;
			catalog_fill(c, form[i], flen[i], args, nargs, false,
			    out);
			p += n - 1;
		} else
			buf_putc(out, *p);
	}
}

/*
 * key with its arguments filled in. The arguments are the caller's strings,
 * never copied into fixed fields, so a long one (an address, a list of
 * German power names) is never cut. A plural form {N|one|other} gives its
 * first form when argument N is "1", else (0, 2, 1.5, a missing argument)
 * its second: the rule of both English and German.
 */
static void
catalog_render_args(const struct catalog *c, const char *key,
    const char *const *args, int nargs, struct buf *out)
{
	const char	*t;
	int		 i;

	if ((t = catalog_get(c, key)) == NULL) {
		buf_printf(out, "[%s]", key);
		for (i = 0; i < nargs; i++) {
			buf_putc(out, ' ');
			catalog_arg(c, args[i], out);
		}
		return;
	}
	catalog_fill(c, t, strlen(t), args, nargs, true, out);
}

void
catalog_render(const struct catalog *c, const struct game_msg *m,
    struct buf *out)
{
	const char	*args[GAME_MSG_ARGS];
	int		 i, n = m->nargs < GAME_MSG_ARGS ? m->nargs : GAME_MSG_ARGS;

	for (i = 0; i < n; i++)
		args[i] = m->args[i];
	catalog_render_args(c, m->key, args, n, out);
}

void
catalog_vsay(const struct catalog *c, struct buf *out, const char *key,
    int nargs, va_list ap)
{
	const char	*args[GAME_MSG_ARGS];
	int		 i;

	for (i = 0; i < nargs && i < GAME_MSG_ARGS; i++)
		args[i] = va_arg(ap, const char *);
	catalog_render_args(c, key, args, i, out);
}

void
catalog_say(const struct catalog *c, struct buf *out, const char *key,
    int nargs, ...)
{
	va_list	 ap;

	va_start(ap, nargs);
	catalog_vsay(c, out, key, nargs, ap);
	va_end(ap);
}

size_t
catalog_size(const struct catalog *c)
{
	return c->n;
}

const char *
catalog_key_at(const struct catalog *c, size_t i)
{
	return i < c->n ? c->e[i].key : NULL;
}
