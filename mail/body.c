/*
 * body.c - cutting a decoded mail text down to what the sender wrote.
 *
 * The judge reads every line it is given as a command, so whatever a mail
 * client adds around the player's words has to go: quoted replies with the
 * attribution line above them, Outlook's "Original Message" and
 * "From:/Sent:" blocks with all that follows, the signature after "-- ",
 * and everything after a SIGNOFF line (the line itself is kept: the judge
 * echoes it). Other lines are left as written, but for trailing white space.
 * No I/O, no allocation beyond the output.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "body.h"

#define BODY_UNDERSCORES_MIN	8	/* Outlook's "______" separator */
#define BODY_LOOKAHEAD		3	/* lines from "From:" to "Sent:" */

struct body_line {
	const char	*s;
	size_t		 len;
};

/* The cleaned lines so far: starts[i] is the offset of line i in out. */
struct body_out {
	struct buf	*out;
	size_t		*starts;
	size_t		 n, cap;
};

static const char *const body_original[] = {
	"original message", "ursprüngliche nachricht", "original-nachricht",
	"message d'origine", "mensaje original", NULL
};

static const char *const body_header_from[] = {
	"From:", "Von:", "De :", "De:", NULL
};

static const char *const body_header_sent[] = {
	"Sent:", "Gesendet:", "Date:", "Datum:", "Envoyé :", NULL
};

static const char *const body_attr_words[] = {
	"wrote", "schrieb", "écrit", "escribió", "scritto", NULL
};

static const char *const body_attr_starts[] = {
	"On ", "Am ", "Le ", "El ", "Il ", NULL
};

/* Line ends to LF, control characters out, U+00A0 to a space. */
static void
body_normalise(const char *in, size_t len, struct buf *out)
{
	size_t		 i = 0;
	unsigned char	 c, d;

	if (len >= 3 && memcmp(in, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	for (; i < len; i++) {
		c = (unsigned char)in[i];
		d = i + 1 < len ? (unsigned char)in[i + 1] : 0;
		if (c == '\r') {
			if (d != '\n')
				buf_putc(out, '\n');
		} else if (c == '\n' || c == '\t')
			buf_putc(out, (char)c);
		else if (c < 0x20 || c == 0x7f)
			continue;
		else if (c == 0xc2 && d >= 0x80 && d <= 0xa0) {
			if (d == 0xa0)
				buf_putc(out, ' ');
			i++;
		} else
			buf_putc(out, (char)c);
	}
}

/* Splits text into lines (views into text); owned array, count in *n. */
static struct body_line *
body_split(const char *text, size_t len, size_t *n)
{
	struct body_line	*lines;
	size_t			 i, count = 0, start = 0;

	for (i = 0; i < len; i++)
		if (text[i] == '\n')
			count++;
	lines = xcalloc(count + 1, sizeof(*lines));
	*n = 0;
	for (i = 0; i <= len; i++) {
		if (i < len && text[i] != '\n')
			continue;
		if (i == len && start == len)
			break;
		lines[*n].s = text + start;
		lines[(*n)++].len = i - start;
		start = i + 1;
	}
	return lines;
}

static bool
body_is_quote(const struct body_line *l)
{
	size_t	 i = 0;

	while (i < l->len && (l->s[i] == ' ' || l->s[i] == '\t'))
		i++;
	return i < l->len && l->s[i] == '>';
}

/*
 * RFC 3676 4.2: a line ending in a space continues on the next one; a
 * leading space is stuffing. Quoted lines are kept as they are (they are
 * dropped later anyway), and "-- " stays the signature separator.
 */
static void
body_unflow(const char *in, size_t len, int flags, struct buf *out)
{
	struct body_line	*lines, *l;
	size_t			 n, i, k;
	bool			 soft;

	lines = body_split(in, len, &n);
	for (i = 0; i < n; i++) {
		l = &lines[i];
		/* Here " >" is stuffed text, only ">" quotes (RFC 3676 4.5). */
		if (l->len > 0 && l->s[0] == '>') {
			buf_add(out, l->s, l->len);
			buf_putc(out, '\n');
			continue;
		}
		if (l->len > 0 && l->s[0] == ' ') {
			l->s++;
			l->len--;
		}
		soft = l->len > 0 && l->s[l->len - 1] == ' ' &&
		    !(l->len == 3 && memcmp(l->s, "-- ", 3) == 0) &&
		    i + 1 < n &&
		    !(lines[i + 1].len > 0 && lines[i + 1].s[0] == '>');
		k = l->len;
		if (soft && (flags & BODY_DELSP))
			k--;
		buf_add(out, l->s, k);
		if (!soft)
			buf_putc(out, '\n');
	}
	free(lines);
}

static bool
body_starts_ci(const struct body_line *l, const char *word)
{
	size_t	 n = strlen(word);

	return l->len >= n && strncasecmp(l->s, word, n) == 0;
}

static bool
body_contains_ci(const struct body_line *l, const char *word)
{
	size_t	 n = strlen(word), i;

	for (i = 0; i + n <= l->len; i++)
		if (strncasecmp(l->s + i, word, n) == 0)
			return true;
	return false;
}

static bool
body_starts_any(const struct body_line *l, const char *const *list)
{
	for (; *list != NULL; list++)
		if (l->len >= strlen(*list) &&
		    strncmp(l->s, *list, strlen(*list)) == 0)
			return true;
	return false;
}

int
body_is_signoff(const char *line, size_t len)
{
	size_t	 i = 0;

	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	return len - i >= 7 && strncasecmp(line + i, "signoff", 7) == 0 &&
	    (len - i == 7 || line[i + 7] == ' ' || line[i + 7] == '\t');
}

/* "-----Original Message-----" and its translations. */
static bool
body_is_original(const struct body_line *l)
{
	struct body_line	 core = *l;
	int			 k;

	if (l->len < 2 || l->s[0] != '-' || l->s[1] != '-')
		return false;
	while (core.len > 0 && (core.s[0] == '-' || core.s[0] == ' ')) {
		core.s++;
		core.len--;
	}
	while (core.len > 0 && (core.s[core.len - 1] == '-' ||
	    core.s[core.len - 1] == ' '))
		core.len--;
	for (k = 0; body_original[k] != NULL; k++)
		if (core.len == strlen(body_original[k]) &&
		    body_starts_ci(&core, body_original[k]))
			return true;
	return false;
}

/* Outlook's quoted header block: "From: ..." with "Sent: ..." close by. */
static bool
body_is_outlook_header(const struct body_line *lines, size_t n, size_t i)
{
	size_t	 k;

	if (!body_starts_any(&lines[i], body_header_from))
		return false;
	for (k = i + 1; k < n && k <= i + BODY_LOOKAHEAD; k++)
		if (body_starts_any(&lines[k], body_header_sent))
			return true;
	return false;
}

static bool
body_is_attribution(const struct body_line *l)
{
	int	 k;

	if (l->len == 0 || l->s[l->len - 1] != ':')
		return false;
	if (body_starts_any(l, body_attr_starts))
		return true;
	for (k = 0; body_attr_words[k] != NULL; k++)
		if (body_contains_ci(l, body_attr_words[k]))
			return true;
	return false;
}

static struct body_line
body_out_line(const struct body_out *o, size_t k)
{
	struct body_line	 l;
	size_t			 end;

	end = k + 1 < o->n ? o->starts[k + 1] : o->out->len;
	l.s = o->out->data + o->starts[k];
	l.len = end - o->starts[k] - 1;
	return l;
}

/* Drops output lines from k on. */
static void
body_out_cut(struct body_out *o, size_t k)
{
	o->out->len = o->starts[k];
	o->out->data[o->out->len] = '\0';
	o->n = k;
}

/* Index of the last non-blank output line, or -1. */
static long
body_out_last(const struct body_out *o)
{
	size_t	 k = o->n;

	while (k > 0)
		if (body_out_line(o, --k).len > 0)
			return (long)k;
	return -1;
}

static void
body_out_add(struct body_out *o, const struct body_line *l)
{
	if (o->n == 0 && l->len == 0)
		return;		/* no leading blank lines */
	if (o->n == o->cap) {
		o->cap = o->cap ? o->cap * 2 : 64;
		o->starts = xrealloc(o->starts, o->cap * sizeof(*o->starts));
	}
	o->starts[o->n++] = o->out->len;
	buf_add(o->out, l->s, l->len);
	buf_putc(o->out, '\n');
}

/* A quote begins: the "On ... wrote:" above it goes too, even wrapped. */
static void
body_drop_attribution(struct body_out *o)
{
	struct body_line	 l, prev;
	long			 k;

	if ((k = body_out_last(o)) < 0)
		return;
	l = body_out_line(o, (size_t)k);
	if (!body_is_attribution(&l))
		return;
	if (k > 0 && !body_starts_any(&l, body_attr_starts)) {
		prev = body_out_line(o, (size_t)k - 1);
		if (body_starts_any(&prev, body_attr_starts))
			k--;
	}
	body_out_cut(o, (size_t)k);
}

/* Outlook puts a line of underscores above its header block. */
static void
body_drop_underscores(struct body_out *o)
{
	struct body_line	 l;
	long			 k;
	size_t			 i;

	if ((k = body_out_last(o)) < 0)
		return;
	l = body_out_line(o, (size_t)k);
	if (l.len < BODY_UNDERSCORES_MIN)
		return;
	for (i = 0; i < l.len; i++)
		if (l.s[i] != '_')
			return;
	body_out_cut(o, (size_t)k);
}

static void
body_filter(const struct body_line *lines, size_t n, struct body_out *o)
{
	struct body_line	 l;
	size_t			 i;
	bool			 quoting = false;

	for (i = 0; i < n; i++) {
		l = lines[i];
		while (l.len > 0 && (l.s[l.len - 1] == ' ' ||
		    l.s[l.len - 1] == '\t'))
			l.len--;
		if (body_is_quote(&l)) {
			if (!quoting)
				body_drop_attribution(o);
			quoting = true;
			continue;
		}
		quoting = false;
		if (l.len == 2 && memcmp(l.s, "--", 2) == 0)
			break;		/* "-- " before trimming */
		if (body_is_original(&l))
			break;
		if (body_is_outlook_header(lines, n, i)) {
			body_drop_underscores(o);
			break;
		}
		body_out_add(o, &l);
		if (body_is_signoff(l.s, l.len))
			break;
	}
	/* No trailing blank lines. */
	while (o->n > 0 && body_out_line(o, o->n - 1).len == 0)
		body_out_cut(o, o->n - 1);
}

void
body_clean(const char *in, size_t len, int flags, struct buf *out)
{
	struct buf		 norm, flowed;
	struct body_line	*lines;
	struct body_out		 o;
	size_t			 n;

	buf_init(&norm);
	buf_init(&flowed);
	body_normalise(in, len, &norm);
	if (flags & BODY_FLOWED) {
		body_unflow(norm.data == NULL ? "" : norm.data, norm.len,
		    flags, &flowed);
		buf_free(&norm);
		norm = flowed;
	}
	memset(&o, 0, sizeof(o));
	o.out = out;
	lines = body_split(norm.data == NULL ? "" : norm.data, norm.len, &n);
	body_filter(lines, n, &o);
	free(lines);
	free(o.starts);
	buf_free(&norm);
}
