/*
 * html.c - HTML to plain text, just good enough to read orders from.
 *
 * Mail clients that send only HTML (and web mailers quoting in
 * <blockquote>) are common, so the judge needs the text a human would see.
 * This is a single pass over the bytes, no DOM and no allocation beyond the
 * output: tags are recognised by name only, and broken markup degrades to
 * text rather than failing. No I/O.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"

/* The longest tag or entity name looked at: a longer one is cut and then
 * matches none (every name looked for is shorter), so it stays text. */
#define HTML_NAME_MAX	16

struct html_state {
	struct buf	*out;
	size_t		 line_start;	/* offset of the current output line */
	int		 quote;		/* <blockquote> depth */
	int		 pre;		/* <pre> depth */
	bool		 space;		/* a collapsed space is pending */
};

/* Elements that start and end a line. */
static const char *const html_blocks[] = {
	"p", "div", "tr", "li", "ul", "ol", "table", "h1", "h2", "h3", "h4",
	"h5", "h6", "hr", "dl", "dt", "dd", "pre", "center", "section",
	"article", "header", "footer", "address", "form", "fieldset", "body",
	"html", NULL
};

/* Elements whose content is never shown. */
static const char *const html_hidden[] = {
	"script", "style", "title", "xml", NULL
};

static const struct {
	const char	*name;
	const char	*utf8;
} html_entities[] = {
	{ "amp", "&" }, { "lt", "<" }, { "gt", ">" }, { "quot", "\"" },
	{ "apos", "'" }, { "nbsp", " " }, { "shy", "" }, { "zwnj", "" },
	{ "zwj", "" }, { "auml", "\xc3\xa4" }, { "ouml", "\xc3\xb6" },
	{ "uuml", "\xc3\xbc" }, { "Auml", "\xc3\x84" }, { "Ouml", "\xc3\x96" },
	{ "Uuml", "\xc3\x9c" }, { "szlig", "\xc3\x9f" },
	{ "eacute", "\xc3\xa9" }, { "egrave", "\xc3\xa8" },
	{ "ecirc", "\xc3\xaa" }, { "Eacute", "\xc3\x89" },
	{ "aacute", "\xc3\xa1" }, { "agrave", "\xc3\xa0" },
	{ "acirc", "\xc3\xa2" }, { "ccedil", "\xc3\xa7" },
	{ "iacute", "\xc3\xad" }, { "oacute", "\xc3\xb3" },
	{ "uacute", "\xc3\xba" }, { "ntilde", "\xc3\xb1" },
	{ "oslash", "\xc3\xb8" }, { "aring", "\xc3\xa5" },
	{ "aelig", "\xc3\xa6" }, { "euro", "\xe2\x82\xac" },
	{ "copy", "\xc2\xa9" }, { "reg", "\xc2\xae" }, { "deg", "\xc2\xb0" },
	{ "middot", "\xc2\xb7" }, { "bull", "\xe2\x80\xa2" },
	{ "hellip", "\xe2\x80\xa6" }, { "ndash", "\xe2\x80\x93" },
	{ "mdash", "\xe2\x80\x94" }, { "lsquo", "\xe2\x80\x98" },
	{ "rsquo", "\xe2\x80\x99" }, { "sbquo", "\xe2\x80\x9a" },
	{ "ldquo", "\xe2\x80\x9c" }, { "rdquo", "\xe2\x80\x9d" },
	{ "bdquo", "\xe2\x80\x9e" }, { "laquo", "\xc2\xab" },
	{ "raquo", "\xc2\xbb" }, { "times", "\xc3\x97" },
	{ "rarr", "\xe2\x86\x92" }, { "larr", "\xe2\x86\x90" },
	{ NULL, NULL }
};

static bool
html_in_list(const char *name, const char *const *list)
{
	for (; *list != NULL; list++)
		if (strcmp(name, *list) == 0)
			return true;
	return false;
}

static bool
html_line_empty(const struct html_state *st)
{
	return st->out->len == st->line_start;
}

static void
html_newline(struct html_state *st)
{
	buf_putc(st->out, '\n');
	st->line_start = st->out->len;
	st->space = false;
}

/* Ends the current line unless it is empty: the break a block makes. */
static void
html_break(struct html_state *st)
{
	if (!html_line_empty(st))
		html_newline(st);
}

static void
html_emit(struct html_state *st, const char *s, size_t n)
{
	if (st->quote > 0 || n == 0)
		return;
	if (st->space && !html_line_empty(st))
		buf_putc(st->out, ' ');
	st->space = false;
	buf_add(st->out, s, n);
}

static void
html_put_codepoint(struct html_state *st, unsigned long cp)
{
	char	 u[4];
	size_t	 n;

	if (cp == 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		cp = 0xfffd;
	if (cp == 0xa0)
		cp = ' ';
	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | (cp >> 6));
		u[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | (cp >> 12));
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		u[0] = (char)(0xf0 | (cp >> 18));
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	html_emit(st, u, n);
}

/*
 * Decodes the entity at in[i] == '&'; returns the bytes consumed. An
 * unknown or malformed entity is shown as it stands, like browsers do.
 */
static size_t
html_entity(struct html_state *st, const char *in, size_t len, size_t i)
{
	char		 name[HTML_NAME_MAX + 1];
	size_t		 j = i + 1, n = 0;
	unsigned long	 cp = 0;
	int		 k, digits = 0, base = 10;

	if (j < len && in[j] == '#') {
		j++;
		if (j < len && (in[j] == 'x' || in[j] == 'X')) {
			base = 16;
			j++;
		}
		for (; j < len && digits < 8 && (base == 16 ?
		    isxdigit((unsigned char)in[j]) :
		    isdigit((unsigned char)in[j])); j++, digits++)
			cp = cp * (unsigned long)base + (unsigned long)(
			    isdigit((unsigned char)in[j]) ? in[j] - '0' :
			    tolower((unsigned char)in[j]) - 'a' + 10);
		if (digits == 0)
			goto literal;
		if (j < len && in[j] == ';')
			j++;
		html_put_codepoint(st, cp);
		return j - i;
	}
	while (j < len && n < HTML_NAME_MAX && isalnum((unsigned char)in[j]))
		name[n++] = in[j++];
	name[n] = '\0';
	if (n == 0 || j >= len || in[j] != ';')
		goto literal;
	for (k = 0; html_entities[k].name != NULL; k++)
		if (strcmp(html_entities[k].name, name) == 0) {
			if (html_entities[k].utf8[0] == ' ')
				html_emit(st, " ", 1);	/* &nbsp; stays */
			else
				html_emit(st, html_entities[k].utf8,
				    strlen(html_entities[k].utf8));
			return j + 1 - i;
		}
literal:
	html_emit(st, "&", 1);
	return 1;
}

/* Skips to just after the next "</name" ... ">", or to the end. */
static size_t
html_skip_content(const char *in, size_t len, size_t i, const char *name)
{
	size_t	 n = strlen(name);

	for (; i + 2 + n <= len; i++)
		if (in[i] == '<' && in[i + 1] == '/' &&
		    strncasecmp(in + i + 2, name, n) == 0 &&
		    (i + 2 + n == len ||
		    !isalnum((unsigned char)in[i + 2 + n]))) {
			while (i < len && in[i] != '>')
				i++;
			return i < len ? i + 1 : len;
		}
	return len;
}

/* Index just after the '>' closing the tag at in[i] == '<'; quotes count. */
static size_t
html_tag_end(const char *in, size_t len, size_t i)
{
	char	 q = 0;

	if (i + 3 < len && strncmp(in + i, "<!--", 4) == 0) {
		for (i += 4; i + 2 < len; i++)
			if (strncmp(in + i, "-->", 3) == 0)
				return i + 3;
		return len;
	}
	for (i++; i < len; i++) {
		if (q != 0) {
			if (in[i] == q)
				q = 0;
		} else if (in[i] == '"' || in[i] == '\'')
			q = in[i];
		else if (in[i] == '>')
			return i + 1;
	}
	return len;
}

/* Acts on the tag at in[i] == '<'; returns the index after it. */
static size_t
html_tag(struct html_state *st, const char *in, size_t len, size_t i)
{
	char	 name[HTML_NAME_MAX + 1];
	size_t	 j = i + 1, n = 0, end;
	bool	 closing = false;

	if (j < len && in[j] == '/') {
		closing = true;
		j++;
	}
	while (j < len && n < HTML_NAME_MAX && isalnum((unsigned char)in[j]))
		name[n++] = (char)tolower((unsigned char)in[j++]);
	name[n] = '\0';
	if (n == 0 && !closing && (j >= len || (in[j] != '!' &&
	    in[j] != '?'))) {
		/* "a < b" is text, not a tag. */
		html_emit(st, "<", 1);
		return i + 1;
	}
	end = html_tag_end(in, len, i);
	if (n == 0)
		return end;
	if (!closing && html_in_list(name, html_hidden))
		return html_skip_content(in, len, end, name);
	if (strcmp(name, "br") == 0) {
		if (st->quote == 0)
			html_newline(st);
	} else if (strcmp(name, "blockquote") == 0) {
		if (!closing && st->quote++ == 0) {
			html_break(st);
			buf_puts(st->out, ">");
			html_newline(st);
		} else if (closing && st->quote > 0)
			st->quote--;
	} else if (html_in_list(name, html_blocks)) {
		if (st->quote == 0)
			html_break(st);
		if (strcmp(name, "pre") == 0)
			st->pre += closing ? (st->pre > 0 ? -1 : 0) : 1;
	}
	return end;
}

void
html_to_text(const char *in, size_t len, struct buf *out)
{
	struct html_state	 st;
	size_t			 i = 0;

	memset(&st, 0, sizeof(st));
	st.out = out;
	st.line_start = out->len;
	while (i < len) {
		if (in[i] == '<')
			i = html_tag(&st, in, len, i);
		else if (in[i] == '&')
			i += html_entity(&st, in, len, i);
		else if (st.pre > 0 && in[i] == '\r')
			i++;
		else if (st.pre > 0 && in[i] == '\n') {
			if (st.quote == 0)
				html_newline(&st);
			i++;
		} else if (st.pre == 0 && (in[i] == ' ' || in[i] == '\t' ||
		    in[i] == '\n' || in[i] == '\r')) {
			st.space = true;
			i++;
		} else
			html_emit(&st, in + i++, 1);
	}
	html_break(&st);
}
