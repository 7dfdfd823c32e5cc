/*
 * compose.c - the RFC 5322 text of a mail the judge sends.
 *
 * Output is a pure function of struct compose_in: the caller supplies the
 * date and the Message-ID token, so tests compare bytes. Header lines are
 * folded to at most 78 characters (RFC 5322 2.1.1); text that is not plain
 * ASCII goes into RFC 2047 encoded words, Q when mostly ASCII, else B. The
 * body is sent as 7bit when it is ASCII with no line over 998 octets, else
 * as quoted-printable (qp.c): the mail is composed when it is queued, long
 * before the SMTP server could say whether it takes 8BITMIME, and smtp.c
 * would not announce BODY=8BITMIME anyway. With files attached (a report's
 * board picture) the mail becomes multipart/mixed, the text first. The
 * mail's kind says which Auto-Submitted value it carries (RFC 3834 5). No
 * I/O.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compose.h"
#include "qp.h"

#define COMPOSE_LINE_MAX	78	/* header line, RFC 5322 2.1.1 */
#define COMPOSE_BODY_LINE_MAX	998	/* body line, RFC 5322 2.1.1 "MUST" */
#define COMPOSE_EW_MAX		68	/* an encoded word after "Subject:" */
#define COMPOSE_MSGID_MAX	250	/* longer ids are left out */
#define COMPOSE_REFS_MAX	20	/* ids kept in References */
#define COMPOSE_B64_LINE	76	/* RFC 2045 6.8 */
#define COMPOSE_B64_IN		(COMPOSE_B64_LINE / 4 * 3)	/* bytes a line */
#define COMPOSE_FILENAME_MAX	60	/* a file's name or type */
#define COMPOSE_BOUNDARY_TOKEN	40	/* of the Message-ID token */
#define COMPOSE_BOUNDARY_MAX	70	/* RFC 2046 5.1.1 */

static const char compose_hex[] = "0123456789ABCDEF";
static const char compose_b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char *const compose_days[] = {
	"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"
};
static const char *const compose_months[] = {
	"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
	"Nov", "Dec"
};

/* One header field being written, folded at the spaces between tokens. */
struct compose_fold {
	struct buf	*out;
	size_t		 col;
	bool		 first;
};

static void
compose_fold_start(struct compose_fold *f, struct buf *out, const char *name)
{
	f->out = out;
	f->first = true;
	buf_printf(out, "%s:", name);
	f->col = strlen(name) + 1;
}

static void
compose_fold_token(struct compose_fold *f, const char *tok, size_t len)
{
	if (!f->first && f->col + 1 + len > COMPOSE_LINE_MAX) {
		buf_puts(f->out, "\r\n");
		f->col = 0;
	}
	buf_putc(f->out, ' ');
	buf_add(f->out, tok, len);
	f->col += 1 + len;
	f->first = false;
}

static void
compose_fold_end(struct compose_fold *f)
{
	buf_puts(f->out, "\r\n");
}

/*
 * Header text as a caller may pass it: control characters (a CR or LF
 * would start a new header) become spaces, runs of spaces one. Owned.
 */
static char *
compose_clean(const char *s)
{
	struct buf	 b;
	bool		 space = false;

	buf_init(&b);
	for (; s != NULL && *s != '\0'; s++) {
		if ((unsigned char)*s <= ' ' || *s == 0x7f) {
			space = b.len > 0;
			continue;
		}
		if (space)
			buf_putc(&b, ' ');
		space = false;
		buf_putc(&b, *s);
	}
	return buf_steal(&b);
}

/* An addr-spec or message id: no white space, controls or brackets. */
static char *
compose_clean_token(const char *s)
{
	struct buf	 b;

	buf_init(&b);
	for (; s != NULL && *s != '\0'; s++)
		if ((unsigned char)*s > ' ' && *s != 0x7f && *s != '<' &&
		    *s != '>')
			buf_putc(&b, *s);
	return buf_steal(&b);
}

static bool
compose_is_ascii(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s >= 0x80)
			return false;
	return true;
}

/* Characters a Q-encoded word may carry as they are (RFC 2047 5 (3)). */
static bool
compose_q_safe(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	    (c >= '0' && c <= '9') || c == ' ' || strchr("!*+-/", c) != NULL;
}

/* Length of the UTF-8 character starting at s (1 for a stray byte). */
static size_t
compose_charlen(const unsigned char *s)
{
	size_t	 n = 1;

	if (s[0] >= 0xc0)
		while (n < 4 && (s[n] & 0xc0) == 0x80)
			n++;
	return n;
}

/* Four base64 characters into out for the next (up to) three of n bytes
 * at s. */
static void
compose_b64_group(const unsigned char *s, size_t n, char *out)
{
	unsigned long	 v;

	v = (unsigned long)s[0] << 16;
	if (n > 1)
		v |= (unsigned long)s[1] << 8;
	if (n > 2)
		v |= s[2];
	out[0] = compose_b64[(v >> 18) & 63];
	out[1] = compose_b64[(v >> 12) & 63];
	out[2] = n > 1 ? compose_b64[(v >> 6) & 63] : '=';
	out[3] = n > 2 ? compose_b64[v & 63] : '=';
}

static void
compose_b64_word(const unsigned char *s, size_t n, struct buf *w)
{
	char	 q[4];
	size_t	 i;

	buf_puts(w, "=?UTF-8?B?");
	for (i = 0; i < n; i += 3) {
		compose_b64_group(s + i, n - i, q);
		buf_add(w, q, sizeof(q));
	}
	buf_puts(w, "?=");
}

static void
compose_q_word(const unsigned char *s, size_t n, struct buf *w)
{
	size_t	 i;

	buf_puts(w, "=?UTF-8?Q?");
	for (i = 0; i < n; i++) {
		if (s[i] == ' ')
			buf_putc(w, '_');
		else if (compose_q_safe(s[i]))
			buf_putc(w, (char)s[i]);
		else
			buf_printf(w, "=%c%c", compose_hex[s[i] >> 4],
			    compose_hex[s[i] & 15]);
	}
	buf_puts(w, "?=");
}

/*
 * Writes text as encoded words of at most COMPOSE_EW_MAX characters, each
 * a token of f, never splitting a UTF-8 character (RFC 2047 5 (3)).
 */
static void
compose_encode(struct compose_fold *f, const char *text)
{
	const unsigned char	*s = (const unsigned char *)text;
	struct buf		 w;
	size_t			 len = strlen(text), i, start, cost, used,
				 unsafe = 0, n;
	bool			 b64;

	for (i = 0; i < len; i++)
		if (!compose_q_safe(s[i]))
			unsafe++;
	b64 = unsafe * 2 > len;
	buf_init(&w);
	for (start = 0; start < len; start = i) {
		used = 0;
		for (i = start; i < len; i += n) {
			n = compose_charlen(s + i);
			if (i + n > len)
				n = len - i;
			if (b64)
				cost = ((i + n - start + 2) / 3) * 4;
			else
				cost = used +
				    (compose_q_safe(s[i]) ? 1 : 3 * n);
			if (cost + 12 > COMPOSE_EW_MAX && i > start)
				break;
			if (!b64)
				used = cost;
		}
		buf_reset(&w);
		if (b64)
			compose_b64_word(s + start, i - start, &w);
		else
			compose_q_word(s + start, i - start, &w);
		compose_fold_token(f, w.data, w.len);
	}
	buf_free(&w);
}

/* Plain words need no encoding: ASCII, short, nothing like "=?". */
static bool
compose_plain_ok(const char *text, size_t maxword)
{
	size_t	 n;

	if (!compose_is_ascii(text) || strstr(text, "=?") != NULL)
		return false;
	for (; *text != '\0'; text += n) {
		while (*text == ' ')
			text++;
		if ((n = strcspn(text, " ")) > maxword)
			return false;
	}
	return true;
}

static void
compose_words(struct compose_fold *f, const char *text)
{
	size_t	 n;

	for (; *text != '\0'; text += n) {
		while (*text == ' ')
			text++;
		if ((n = strcspn(text, " ")) > 0)
			compose_fold_token(f, text, n);
	}
}

static void
compose_date(time_t t, struct buf *out)
{
	struct tm	 tm;

	if (gmtime_r(&t, &tm) == NULL) {
		t = 0;
		gmtime_r(&t, &tm);
	}
	/* Names, not strftime(): the locale must not reach the header. */
	buf_printf(out, "Date: %s, %d %s %04d %02d:%02d:%02d +0000\r\n",
	    compose_days[tm.tm_wday], tm.tm_mday, compose_months[tm.tm_mon],
	    tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

/* A display name: atoms as they are, else quoted, else encoded. */
static void
compose_from(const struct compose_in *in, struct buf *out)
{
	struct compose_fold	 f;
	struct buf		 q;
	char			*name, *addr, *p;
	bool			 atoms = true;

	name = compose_clean(in->from_name);
	addr = compose_clean_token(in->from);
	buf_init(&q);
	compose_fold_start(&f, out, "From");
	for (p = name; *p != '\0'; p++)
		if (strchr("()<>[]:;@\\,.\"", *p) != NULL)
			atoms = false;
	if (name[0] == '\0')
		;
	else if (!compose_plain_ok(name, 40))
		compose_encode(&f, name);
	else if (atoms)
		compose_words(&f, name);
	else {
		buf_putc(&q, '"');
		for (p = name; *p != '\0'; p++) {
			if (*p == '"' || *p == '\\')
				buf_putc(&q, '\\');
			buf_putc(&q, *p);
		}
		buf_putc(&q, '"');
		compose_fold_token(&f, q.data, q.len);
	}
	buf_reset(&q);
	buf_printf(&q, name[0] == '\0' ? "%s" : "<%s>", addr);
	compose_fold_token(&f, q.data, q.len);
	compose_fold_end(&f);
	buf_free(&q);
	free(name);
	free(addr);
}

static void
compose_subject(const char *subject, struct buf *out)
{
	struct compose_fold	 f;
	char			*s;

	s = compose_clean(subject);
	compose_fold_start(&f, out, "Subject");
	if (compose_plain_ok(s, COMPOSE_LINE_MAX - strlen("Subject: ")))
		compose_words(&f, s);
	else
		compose_encode(&f, s);
	compose_fold_end(&f);
	free(s);
}

/* Message-ID: <token@domain of from>, both reduced to dot-atom text. */
static void
compose_msgid(const struct compose_in *in, struct buf *out)
{
	const char	*at, *p;

	buf_puts(out, "Message-ID: <");
	for (p = in->msgid_token; p != NULL && *p != '\0'; p++)
		buf_putc(out, (*p >= '!' && *p <= '~' &&
		    strchr("()<>[]:;@\\,\"", *p) == NULL) ? *p : '_');
	buf_putc(out, '@');
	at = in->from != NULL ? strrchr(in->from, '@') : NULL;
	if (at == NULL || at[1] == '\0')
		buf_puts(out, "localhost");
	else
		for (p = at + 1; *p != '\0'; p++)
			if ((*p >= 'a' && *p <= 'z') ||
			    (*p >= 'A' && *p <= 'Z') ||
			    (*p >= '0' && *p <= '9') || *p == '-' || *p == '.')
				buf_putc(out, *p);
	buf_puts(out, ">\r\n");
}

/*
 * RFC 5322 3.6.4: References is the parent's References (or, lacking it,
 * nothing) followed by the parent's Message-ID. Kept to the first id and
 * the last COMPOSE_REFS_MAX - 1, as mail clients trim long threads.
 */
static void
compose_references(const struct compose_in *in, const char *parent,
    struct buf *out)
{
	struct compose_fold	 f;
	const char		*p, *e;
	char			**ids = NULL;
	size_t			 n = 0, cap = 0, i;
	struct buf		 id;

	buf_init(&id);
	for (p = in->references; p != NULL && (p = strchr(p, '<')) != NULL;
	    p = e) {
		if ((e = strchr(p + 1, '>')) == NULL)
			break;
		buf_reset(&id);
		buf_add(&id, p, (size_t)(e + 1 - p));
		if (id.len > COMPOSE_MSGID_MAX + 2 ||
		    strpbrk(id.data, " \t\r\n") != NULL ||
		    memchr(id.data + 1, '<', id.len - 1) != NULL)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			ids = xrealloc(ids, cap * sizeof(*ids));
		}
		ids[n++] = xstrdup(id.data);
	}
	compose_fold_start(&f, out, "References");
	for (i = 0; i < n; i++)
		if (i == 0 || n - i < COMPOSE_REFS_MAX - 1)
			compose_fold_token(&f, ids[i], strlen(ids[i]));
	buf_reset(&id);
	buf_printf(&id, "<%s>", parent);
	compose_fold_token(&f, id.data, id.len);
	compose_fold_end(&f);
	for (i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
	buf_free(&id);
}

/* In-Reply-To and References: only a reply is threaded to its mail. */
static void
compose_reply(const struct compose_in *in, struct buf *out)
{
	char	*parent;

	if (in->kind != COMPOSE_REPLY)
		return;
	parent = compose_clean_token(in->in_reply_to);
	if (parent[0] != '\0' && strlen(parent) <= COMPOSE_MSGID_MAX) {
		buf_printf(out, "In-Reply-To: <%s>\r\n", parent);
		compose_references(in, parent, out);
	}
	free(parent);
}

/*
 * RFC 3834 5: auto-replied for the answer to a mail, auto-generated for
 * every mail the judge sends on its own. Exchange and Outlook read a
 * header of their own (MS-OXCMAIL 2.1.3.2.20): it asks them for no
 * out-of-office note, no other automatic answer and no receipts, but keeps
 * the non-delivery reports, which tell the operator of an address that is
 * gone. No Precedence: it was never standardised, and Gmail files "bulk"
 * as bulk mail, while a report is personal mail.
 */
static void
compose_auto(const struct compose_in *in, struct buf *out)
{
	buf_printf(out, "Auto-Submitted: %s\r\n", in->kind == COMPOSE_REPLY ?
	    "auto-replied" : "auto-generated");
	buf_puts(out, "X-Auto-Response-Suppress: DR, RN, NRN, OOF, AutoReply"
	    "\r\n");
}

/*
 * "7bit" for ASCII text whose lines fit RFC 5322's 998 octets and that
 * has no CR outside a CRLF (RFC 2045 2.7), else "quoted-printable": see
 * the top of the file.
 */
static const char *
compose_cte(const char *body)
{
	size_t	 col = 0;

	for (; *body != '\0'; body++) {
		if (*body == '\n')
			col = 0;
		else if (*body == '\r' && body[1] != '\n')
			return "quoted-printable";
		else if (*body != '\r' && ++col > COMPOSE_BODY_LINE_MAX)
			return "quoted-printable";
		if ((unsigned char)*body >= 0x80)
			return "quoted-printable";
	}
	return "7bit";
}

static void
compose_body_plain(const char *body, struct buf *out)
{
	const char	*p;

	for (p = body; *p != '\0'; p++) {
		if (*p == '\r')
			continue;
		if (*p == '\n')
			buf_puts(out, "\r\n");
		else
			buf_putc(out, *p);
	}
	if (p > body && p[-1] != '\n')
		buf_puts(out, "\r\n");
}

/* The text's Content-Type and Content-Transfer-Encoding. */
static void
compose_text_head(const char *body, struct buf *out)
{
	const char	*cte = compose_cte(body);

	buf_puts(out, "Content-Type: text/plain; charset=UTF-8\r\n");
	buf_printf(out, "Content-Transfer-Encoding: %s\r\n", cte);
}

static void
compose_text_body(const char *body, struct buf *out)
{
	if (strcmp(compose_cte(body), "quoted-printable") == 0)
		qp_encode(body, strlen(body), out);
	else
		compose_body_plain(body, out);
}

/* s reduced to the characters of set, at most max of them (a cut on
 * purpose: a file name or type is shortened, never refused); or dflt,
 * which is shorter than max. */
static void
compose_keep(const char *s, const char *set, size_t max, const char *dflt,
    char *out)
{
	size_t	 n = 0;

	for (; s != NULL && *s != '\0' && n < max; s++)
		out[n++] = (isalnum((unsigned char)*s) || strchr(set, *s)) &&
		    (unsigned char)*s < 0x80 ? *s : '_';
	out[n] = '\0';
	if (n == 0)
		strlcpy_(out, dflt, max + 1);
}

/*
 * RFC 2046 5.1.1: a boundary that occurs nowhere in the text. "=_" cannot
 * occur in base64 or quoted-printable; the text is searched all the same.
 * "=_pbemd.", the token and ".N" fit COMPOSE_BOUNDARY_MAX whole: a cut
 * boundary could be found in the text again and again.
 */
_Static_assert(sizeof("=_pbemd.") + COMPOSE_BOUNDARY_TOKEN + 1 + 10 <=
    COMPOSE_BOUNDARY_MAX, "a boundary fits");
static void
compose_boundary(const struct compose_in *in, const char *body,
    char out[COMPOSE_BOUNDARY_MAX])
{
	char	 tok[COMPOSE_BOUNDARY_TOKEN + 1];
	int	 n;

	compose_keep(in->msgid_token, ".-", COMPOSE_BOUNDARY_TOKEN, "0", tok);
	snprintf(out, COMPOSE_BOUNDARY_MAX, "=_pbemd.%s", tok);
	for (n = 1; strstr(body, out) != NULL; n++)
		snprintf(out, COMPOSE_BOUNDARY_MAX, "=_pbemd.%s.%d", tok, n);
}

/*
 * One file: its headers and its base64 lines (RFC 2045 6.8). A whole line
 * is encoded into an array, COMPOSE_B64_IN bytes into COMPOSE_B64_LINE
 * characters and its CRLF, and added with one call: a picture is the bulk
 * of a report, and a call per character cost more than the rest of
 * composing it (issue 18).
 */
static void
compose_attachment(const struct compose_attach *a, struct buf *out,
    size_t *at)
{
	char			 type[COMPOSE_FILENAME_MAX + 1],
				 name[COMPOSE_FILENAME_MAX + 1];

	compose_keep(a->type, "./+-", COMPOSE_FILENAME_MAX,
	    "application/octet-stream", type);
	compose_keep(a->filename, "._-", COMPOSE_FILENAME_MAX, "attachment",
	    name);
	buf_printf(out, "Content-Type: %s;\r\n name=\"%s\"\r\n"
	    "Content-Transfer-Encoding: base64\r\n"
	    "Content-Disposition: attachment;\r\n filename=\"%s\"\r\n\r\n",
	    type, name, name);
	if (at != NULL)
		*at = out->len;
	if (a->b64 != NULL)
		buf_add(out, a->b64, a->b64len);
	else
		compose_base64(a->data, a->len, out);
}

void
compose_base64(const void *data, size_t len, struct buf *out)
{
	const unsigned char	*s = data;
	char			 line[COMPOSE_B64_LINE + 2];
	size_t			 i, j, n, w;

	for (i = 0; i < len; i += n) {
		n = len - i < COMPOSE_B64_IN ? len - i : COMPOSE_B64_IN;
		for (j = 0, w = 0; j < n; j += 3, w += 4)
			compose_b64_group(s + i + j, n - j, line + w);
		line[w] = '\r';
		line[w + 1] = '\n';
		buf_add(out, line, w + 2);
	}
}

void
compose_message(const struct compose_in *in, struct buf *out)
{
	compose_message_at(in, out, NULL);
}

void
compose_message_at(const struct compose_in *in, struct buf *out,
    size_t *attach_at)
{
	struct compose_fold	 f;
	const char		*body = in->body != NULL ? in->body : "";
	char			*to, bnd[COMPOSE_BOUNDARY_MAX];
	int			 i, n;

	compose_date(in->date, out);
	compose_from(in, out);
	to = compose_clean_token(in->to);
	compose_fold_start(&f, out, "To");
	compose_fold_token(&f, to, strlen(to));
	compose_fold_end(&f);
	free(to);
	compose_subject(in->subject, out);
	compose_msgid(in, out);
	compose_reply(in, out);
	compose_auto(in, out);
	buf_puts(out, "MIME-Version: 1.0\r\n");
	n = in->attach == NULL ? 0 : in->nattach < COMPOSE_ATTACH_MAX ?
	    in->nattach : COMPOSE_ATTACH_MAX;
	if (n <= 0) {
		compose_text_head(body, out);
		buf_puts(out, "\r\n");
		compose_text_body(body, out);
		return;
	}
	compose_boundary(in, body, bnd);
	buf_printf(out, "Content-Type: multipart/mixed;\r\n boundary=\"%s\"\r\n"
	    "\r\n--%s\r\n", bnd, bnd);
	compose_text_head(body, out);
	buf_puts(out, "\r\n");
	compose_text_body(body, out);
	for (i = 0; i < n; i++) {
		buf_printf(out, "--%s\r\n", bnd);
		compose_attachment(&in->attach[i], out,
		    attach_at != NULL ? &attach_at[i] : NULL);
	}
	buf_printf(out, "--%s--\r\n", bnd);
}
