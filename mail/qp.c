/*
 * qp.c - the judge's text as quoted-printable (RFC 2045 6.7), so that a
 * report in German or a player's press with a line of any length reaches
 * every server as 7-bit lines of at most 76 characters.
 *
 * The text is cut into tokens: a line end, one ASCII byte, or one UTF-8
 * character (kept whole across soft breaks, so that even a client that
 * decodes line by line shows it). A token goes on the current line if it
 * fits; the last token of a line may use the 76th column, any other must
 * leave room for the soft break's "=". Decoding is mime.c's (libetpan).
 * No I/O, no allocation beyond out.
 */
#include <stdbool.h>
#include <string.h>

#include "qp.h"

static const char qp_hex[] = "0123456789ABCDEF";

/* Whether the text at i (of len) is a line end: LF, CRLF, or the end. */
static bool
qp_at_eol(const unsigned char *s, size_t len, size_t i)
{
	return i == len || s[i] == '\n' ||
	    (s[i] == '\r' && i + 1 < len && s[i + 1] == '\n');
}

/* Bytes of the UTF-8 character at s[0] (1 for ASCII or a stray byte). */
static size_t
qp_charlen(const unsigned char *s, size_t len)
{
	size_t	 n = 1;

	if (s[0] >= 0xc0)
		while (n < 4 && n < len && (s[n] & 0xc0) == 0x80)
			n++;
	return n;
}

/*
 * Whether the byte at s[0] may stand as it is at column col; eol: it is
 * the last of its line. RFC 2045 6.7 (2), (3); the '.' and "From " rules
 * are this file's: see qp.h.
 */
static bool
qp_literal(const unsigned char *s, size_t len, size_t col, bool eol)
{
	if (s[0] == ' ' || s[0] == '\t')
		return !eol;
	if (s[0] < 33 || s[0] > 126 || s[0] == '=')
		return false;
	if (col == 0 && s[0] == '.')
		return false;
	if (col == 0 && len >= 5 && memcmp(s, "From ", 5) == 0)
		return false;
	return true;
}

/* The n bytes at s, as they are or as =XX each; returns the width. */
static size_t
qp_put(const unsigned char *s, size_t n, bool lit, struct buf *out)
{
	size_t	 i;

	if (lit) {
		buf_putc(out, (char)s[0]);
		return 1;
	}
	for (i = 0; i < n; i++) {
		buf_putc(out, '=');
		buf_putc(out, qp_hex[s[i] >> 4]);
		buf_putc(out, qp_hex[s[i] & 15]);
	}
	return 3 * n;
}

void
qp_encode(const char *text, size_t len, struct buf *out)
{
	const unsigned char	*s = (const unsigned char *)text;
	size_t			 i, n, col = 0, w;
	bool			 eol, lit;

	for (i = 0; i < len; i += n) {
		if (qp_at_eol(s, len, i)) {
			n = s[i] == '\r' ? 2 : 1;
			buf_puts(out, "\r\n");
			col = 0;
			continue;
		}
		n = qp_charlen(s + i, len - i);
		eol = qp_at_eol(s, len, i + n);
		lit = n == 1 && qp_literal(s + i, len - i, col, eol);
		w = lit ? 1 : 3 * n;
		if (col + w > (eol ? QP_LINE_MAX : QP_LINE_MAX - 1)) {
			buf_puts(out, "=\r\n");
			col = 0;
			lit = n == 1 && qp_literal(s + i, len - i, col, eol);
		}
		col += qp_put(s + i, n, lit, out);
	}
	if (col > 0)
		buf_puts(out, "\r\n");
}
