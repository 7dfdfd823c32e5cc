/*
 * cli_read.c - the input of `pbemd adjudicate`: lines cut from blocks of
 * the input, cut again at a CR; the fields of a record as (pointer,
 * length) pairs into the line, the usual UNIT and ORDER lines without a
 * loop; and the text of an ORDER record, up to its expected result,
 * squeezed one order at a time. No record is understood here (cli.c);
 * the only output is cli_print_flush() before waiting for input.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli_priv.h"

/*
 * What the input has now, up to max bytes; 0 at its end or on an error.
 * A file descriptor is read with read(2), which returns what a pipe holds
 * instead of waiting for a whole block as fread() does: a driver that
 * writes one case and waits for its results gets them (the results so
 * far are flushed before this waits). A stream without one (fmemopen) is
 * read with fread().
 */
static size_t
cli_read_block(FILE *in, char *buf, size_t max)
{
	ssize_t	 r;
	int	 fd;

	if ((fd = fileno(in)) < 0)
		return fread(buf, 1, max, in);
	do
		r = read(fd, buf, max);
	while (r < 0 && errno == EINTR);
	return r > 0 ? (size_t)r : 0;
}

/*
 * The first CR of the line at s (len bytes, from cli_read_line), or NULL.
 * The block is searched from a line on to the next CR once, not once a
 * line: lines without one, the usual, cost no search of their own.
 */
static char *
cli_find_cr(struct cli *c, char *s, size_t len)
{
	size_t	 pos = (size_t)(s - c->in);
	char	*cr;

	if (!c->crok || c->crpos < pos) {
		cr = memchr(s, '\r', c->inend - pos);
		c->crpos = cr != NULL ? (size_t)(cr - c->in) : c->inend;
		c->crok = true;
	}
	return c->crpos < pos + len ? c->in + c->crpos : NULL;
}

/*
 * The next line of in, without its newline, cut in place in c->in and
 * valid until the next call; its length in *len; NULL at the end. A line
 * of CLI_LINE_MAX - 1 bytes or more is *toolong: its first CLI_LINE_MAX
 * - 1 bytes are returned as they are and the rest is skipped; any other
 * line ends at its first CR, made its NUL (*len stays the length before
 * the newline). Lines are cut from blocks of CLI_BLOCK bytes, where
 * fgets() copied each.
 */
static char *
cli_read_line(struct cli *c, FILE *in, size_t *len, bool *toolong)
{
	char	*s, *nl, *cr;
	size_t	 n;

	for (;;) {
		s = c->in + c->inpos;
		n = c->inend - c->inpos;
		nl = memchr(s, '\n', n);
		if (c->inskip) {
			c->inpos = nl != NULL ? c->inpos + (size_t)(nl - s) + 1 :
			    c->inend;
			c->inskip = nl == NULL;
			if (nl != NULL)
				continue;
		} else if (nl != NULL || (n > 0 && c->ineof)) {
			*len = nl != NULL ? (size_t)(nl - s) : n;
			c->inpos += *len + (nl != NULL);
			if ((*toolong = *len >= CLI_LINE_MAX - 1))
				*len = CLI_LINE_MAX - 1;
			s[*len] = '\0';
			if (!*toolong && (cr = cli_find_cr(c, s, *len)) != NULL)
				*cr = '\0';
			return s;
		} else if (n >= CLI_LINE_MAX - 1) {
			*len = CLI_LINE_MAX - 1;
			*toolong = c->inskip = true;
			c->inpos = c->inend;
			s[*len] = '\0';
			return s;
		}
		if (c->ineof)
			return NULL;
		/* What the lines so far made is written before the program
		 * may wait for more input (a terminal, a pipe). */
		cli_print_flush(c);
		fflush(c->fout);
		c->crok = false;
		memmove(c->in, s, n);
		c->inpos = 0;
		c->inend = n + cli_read_block(in, c->in + n, CLI_BLOCK - n);
		c->ineof = c->inend == n;
	}
}

/* Whether c ends a field: a blank or the end of the line. */
static inline bool
cli_field_end(char c)
{
	unsigned char	 u = (unsigned char)c;

	return u <= ' ' && ((1ULL << ' ' | 1ULL << '\t' | 1ULL) >> u) & 1;
}

/*
 * The fields from s on, split at blanks, into f[nf] up to f[max - 1],
 * without copying them; returns how many f then holds, and where it
 * stopped in *end: at the end of the line, or at the field after the
 * last one taken.
 */
static int
cli_fields(const char *s, struct cli_field *f, int nf, int max,
    const char **end)
{
	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0' || nf == max)
			break;
		f[nf].s = s;
		while (!cli_field_end(*s))
			s++;
		f[nf].len = (size_t)(s - f[nf].s);
		nf++;
	}
	*end = s;
	return nf;
}

/*
 * The usual UNIT and ORDER lines, "UNIT FRA A PAR" and "ORDER FRA ...",
 * one blank between the fields and a power of three letters, split as
 * cli_read_split() would split them, without its loops: 4 or 3 fields (an
 * ORDER line's third is its first word), or 0 for any other line, which
 * goes the long way. The literals hold no NUL, so comparing them reads
 * nothing past the line's end.
 */
static int
cli_split_usual(const char *line, size_t len, struct cli_field *f)
{
	const char	*p = line + 5, *s;
	size_t		 n;

	if (len >= 12 && memcmp(line, "UNIT ", 5) == 0 &&
	    !cli_field_end(p[0]) && !cli_field_end(p[1]) &&
	    !cli_field_end(p[2]) && p[3] == ' ' && !cli_field_end(p[4]) &&
	    p[5] == ' ') {
		for (s = p + 6, n = 0; n < 8 && !cli_field_end(s[n]); n++)
			;
		if (n == 0 || s[n] != '\0')
			return 0;
		f[0] = (struct cli_field){ line, 4 };
		f[1] = (struct cli_field){ p, 3 };
		f[2] = (struct cli_field){ p + 4, 1 };
		f[3] = (struct cli_field){ s, n };
		return 4;
	}
	p = line + 6;
	if (len >= 11 && len <= 2 * CLI_FIELDS &&
	    memcmp(line, "ORDER ", 6) == 0 && !cli_field_end(p[0]) &&
	    !cli_field_end(p[1]) && !cli_field_end(p[2]) && p[3] == ' ' &&
	    !cli_field_end(p[4])) {
		for (n = 1; !cli_field_end(p[4 + n]); n++)
			;
		f[0] = (struct cli_field){ line, 5 };
		f[1] = (struct cli_field){ p, 3 };
		f[2] = (struct cli_field){ p + 4, n };
		return 3;
	}
	return 0;
}

/*
 * The fields of line (at most len bytes) into f: how many, or -1 when
 * there are more than CLI_FIELDS. An ORDER line needs its first three
 * fields only: a line of at most 2 * CLI_FIELDS bytes cannot hold more
 * fields than f, so the rest of a short one is not split (the order is
 * read from the line itself).
 */
static int
cli_read_split(const char *line, size_t len, struct cli_field *f)
{
	const char	*end;
	int		 nf;

	if ((nf = cli_split_usual(line, len, f)) > 0)
		return nf;
	nf = cli_fields(line, f, 0, 3, &end);
	if (nf == 3 && CLI_IS(&f[0], "ORDER") && len <= 2 * CLI_FIELDS)
		return nf;
	nf = cli_fields(end, f, nf, CLI_FIELDS, &end);
	return *end != '\0' ? -1 : nf;
}

/*
 * The next line of in into r: the line (cli_read_line), its number, and
 * unless it is too long its fields (cli_read_split); false at the end.
 * r->lineno counts from what the caller set it to.
 */
bool
cli_read_next(struct cli *c, FILE *in, struct cli_input *r)
{
	char	*line;
	size_t	 len;

	if ((line = cli_read_line(c, in, &len, &r->toolong)) == NULL)
		return false;
	r->lineno++;
	r->line = line;
	r->nf = r->toolong ? 0 : cli_read_split(line, len, r->f);
	return true;
}

/* "ORDER ENG F NTH - PIC = VOID(...)": where the orders of text end, at
 * the expected result, which is dropped, or at the end. */
const char *
cli_read_result(const char *text)
{
	static const struct {
		const char	*word;
		size_t		 len;
	} words[] = { { "SUCCEEDS", 8 }, { "FAILS", 5 }, { "VOID", 4 } };
	const char	*eq = text, *last = NULL, *r;
	size_t		 i;

	while ((eq = strchr(eq, '=')) != NULL) {
		for (r = eq + 1; *r == ' ' || *r == '\t'; r++)
			;
		for (i = 0; i < 3; i++)
			if (strncmp(r, words[i].word, words[i].len) == 0)
				last = eq;
		eq++;
	}
	return last != NULL ? last : text + strlen(text);
}

/*
 * The order at in, up to stop or the first ',' or ';', with every run of
 * blanks made one blank and none at either end, into out, which holds
 * stop - in + 1 bytes; returns its length, and where it stopped in *end.
 * Without a branch on each blank: a blank is written as a space and kept
 * unless the last byte kept is one (or there is none yet).
 */
static size_t
cli_squeeze(const char *in, const char *stop, char *out, const char **end)
{
	size_t		 n = 0;
	bool		 blank, after = true;
	char		 ch;

	for (; in < stop; in++) {
		ch = *in;
		if (ch == ',' || ch == ';')
			break;
		blank = ch == ' ' || ch == '\t';
		out[n] = blank ? ' ' : ch;
		n += !(blank & after);
		after = blank;
	}
	n -= n > 0 && out[n - 1] == ' ';
	out[n] = '\0';
	*end = in;
	return n;
}

/*
 * The order at in (cli_squeeze) into l, its text and len; returns where
 * it stopped. false in *whole when it does not fit the text: l then
 * holds as much as fits, whole words, and the order must not be read
 * from it (its cut tail could make it another order: "A WAL S A LON ...
 * - YOR" would support a hold).
 */
const char *
cli_read_order(const char *in, const char *stop, struct cli_line *l,
    bool *whole)
{
	char		 all[CLI_LINE_MAX];
	const char	*end;
	size_t		 n;

	/* The text never grows: a segment shorter than l->text fits. */
	if (stop - in < (ptrdiff_t)sizeof(l->text)) {
		l->len = (uint8_t)cli_squeeze(in, stop, l->text, &end);
		*whole = true;
		return end;
	}
	/* in is part of a line: less than CLI_LINE_MAX bytes. */
	n = cli_squeeze(in, stop, all, &end);
	if ((*whole = n < sizeof(l->text)) == false) {
		n = sizeof(l->text) - 1;
		n -= all[n - 1] == ' ';
	}
	memcpy(l->text, all, n);
	l->text[n] = '\0';
	l->len = (uint8_t)n;
	return end;
}
