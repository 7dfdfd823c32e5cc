/*
 * mime_utf8.c - making sure every string the judge sees is valid UTF-8.
 *
 * Mail lies about its charset often enough (Latin-1 labelled utf-8, 8-bit
 * bytes in "us-ascii" parts and in headers) that failing such a mail would
 * punish the player for their client. Bytes that are not valid UTF-8 are
 * read as Latin-1 instead: the right guess for German and French mail.
 */
#include "mime_priv.h"

size_t
mime_utf8_seqlen(const unsigned char *s, size_t len)
{
	size_t		 n, i;
	unsigned long	 cp, min;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		n = 2;
		cp = s[0] & 0x1f;
		min = 0x80;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		n = 3;
		cp = s[0] & 0x0f;
		min = 0x800;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		n = 4;
		cp = s[0] & 0x07;
		min = 0x10000;
	} else
		return 0;
	if (len < n)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

bool
mime_utf8_valid(const char *s, size_t len)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 i = 0, n;

	while (i < len) {
		if ((n = mime_utf8_seqlen(p + i, len - i)) == 0)
			return false;
		i += n;
	}
	return true;
}

void
mime_utf8_repair(const char *s, size_t len, struct buf *out)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 i = 0, start = 0, n;
	char			 two[2];

	while (i < len) {
		if ((n = mime_utf8_seqlen(p + i, len - i)) != 0) {
			i += n;
			continue;
		}
		buf_add(out, s + start, i - start);
		two[0] = (char)(0xc0 | (p[i] >> 6));
		two[1] = (char)(0x80 | (p[i] & 0x3f));
		buf_add(out, two, 2);
		start = ++i;
	}
	buf_add(out, s + start, len - start);
}
