/*
 * mime_header.c - header fields of an incoming mail: raw lookup, addresses
 * and RFC 2047 decoding.
 *
 * The judge needs some values exactly as sent (Date, References), so fields
 * are read from the raw header block here rather than from libetpan's typed
 * fields. libetpan still parses addresses and decodes encoded words; where
 * it gives up, a plain scan takes over, because a mail must never be lost to
 * a sloppy header (mblaze rfc2047.c: malformed words pass through).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <libetpan/libetpan.h>

#include "mime.h"
#include "mime_priv.h"

#define MIME_EW_MAX	1024	/* longest encoded word recognised */

static bool
mime_is_wsp(char c)
{
	return c == ' ' || c == '\t';
}

size_t
mime_header_len(const char *raw, size_t len)
{
	size_t	 i = 0;

	/* The block ends at the first line that is empty (LF or CRLF). */
	while (i < len) {
		if (raw[i] == '\n')
			return i;
		if (raw[i] == '\r' && i + 1 < len && raw[i + 1] == '\n')
			return i;
		while (i < len && raw[i] != '\n')
			i++;
		i++;
	}
	return len;
}

/* Appends s without control characters; tabs and line breaks become spaces. */
static void
mime_header_clean(const char *s, size_t len, struct buf *out)
{
	size_t		 i;
	unsigned char	 c;

	for (i = 0; i < len; i++) {
		c = (unsigned char)s[i];
		if (c == '\t' || c == '\n' || c == '\r')
			buf_putc(out, ' ');
		else if (c == 0xc2 && i + 1 < len &&
		    (unsigned char)s[i + 1] >= 0x80 &&
		    (unsigned char)s[i + 1] <= 0x9f)
			i++;	/* a C1 control in UTF-8 */
		else if (c >= 0x20 && c != 0x7f)
			buf_putc(out, (char)c);
	}
}

static char *
mime_header_trim(struct buf *b)
{
	size_t	 start = 0;
	char	*s;

	while (b->len > 0 && mime_is_wsp(b->data[b->len - 1]))
		b->data[--b->len] = '\0';
	s = buf_steal(b);
	while (mime_is_wsp(s[start]))
		start++;
	if (start > 0)
		memmove(s, s + start, strlen(s + start) + 1);
	return s;
}

char *
mime_header_get(const char *hdr, size_t hdrlen, const char *name)
{
	struct buf	 b;
	size_t		 i = 0, nlen = strlen(name), k, eol;
	bool		 found = false;

	buf_init(&b);
	while (i < hdrlen && !found) {
		k = i;
		while (k < hdrlen && hdr[k] != ':' && hdr[k] != '\n')
			k++;
		if (k < hdrlen && hdr[k] == ':' && !mime_is_wsp(hdr[i])) {
			eol = k;
			while (eol > i && mime_is_wsp(hdr[eol - 1]))
				eol--;
			if (eol - i == nlen && strncasecmp(hdr + i, name,
			    nlen) == 0) {
				found = true;
				i = k + 1;
				break;
			}
		}
		while (i < hdrlen && hdr[i] != '\n')
			i++;
		i++;
	}
	if (!found)
		return NULL;
	/* The value runs on over continuation lines (RFC 5322 2.2.3). */
	for (;;) {
		eol = i;
		while (eol < hdrlen && hdr[eol] != '\n')
			eol++;
		if (b.len < MIME_HEADER_MAX) {
			/* Unfolding removes the CRLF, nothing else. */
			k = eol - i;
			if (k > 0 && hdr[i + k - 1] == '\r')
				k--;
			if (k > MIME_HEADER_MAX - b.len)
				k = MIME_HEADER_MAX - b.len;
			mime_header_clean(hdr + i, k, &b);
		}
		i = eol + 1;
		if (i >= hdrlen || !mime_is_wsp(hdr[i]))
			break;
	}
	return mime_header_trim(&b);
}

/* Length of a well-formed encoded word at s (RFC 2047 2), else 0. */
static size_t
mime_ew_len(const char *s, size_t len)
{
	size_t	 i = 2;

	if (len < 8 || s[0] != '=' || s[1] != '?')
		return 0;
	while (i < len && i < MIME_EW_MAX && s[i] != '?' &&
	    (unsigned char)s[i] > 0x20 && (unsigned char)s[i] < 0x7f &&
	    strchr("()<>@,;:\"/[]", s[i]) == NULL)
		i++;
	if (i == 2 || i + 3 > len || s[i] != '?' ||
	    strchr("BbQq", s[i + 1]) == NULL || s[i + 2] != '?')
		return 0;
	i += 3;
	while (i < len && i < MIME_EW_MAX && s[i] != '?' &&
	    (unsigned char)s[i] > 0x20 && (unsigned char)s[i] < 0x7f)
		i++;
	if (i + 1 >= len || s[i] != '?' || s[i + 1] != '=')
		return 0;
	return i + 2;
}

/* Decodes one encoded word; the word itself when libetpan cannot. */
static void
mime_ew_decode(const char *s, size_t len, struct buf *out)
{
	size_t	 idx = 0;
	char	*dec = NULL;
	int	 r;

	r = mailmime_encoded_phrase_parse("utf-8", s, len, &idx, "utf-8",
	    &dec);
	/* An empty result from a non-empty word means the payload was bad. */
	if (r == MAILIMF_NO_ERROR && dec != NULL && (dec[0] != '\0' ||
	    s[len - 3] == '?'))
		buf_puts(out, dec);
	else
		buf_add(out, s, len);
	free(dec);
}

char *
mime_decode_header(const char *raw)
{
	struct buf	 dec, out;
	size_t		 len, i = 0, ws, n;
	bool		 after_ew = false;

	if (raw == NULL)
		return xstrdup("");
	len = strlen(raw);
	buf_init(&dec);
	buf_init(&out);
	while (i < len) {
		if (mime_is_wsp(raw[i]) || raw[i] == '\r' || raw[i] == '\n') {
			for (ws = i; i < len && (mime_is_wsp(raw[i]) ||
			    raw[i] == '\r' || raw[i] == '\n'); i++)
				;
			/* White space between two encoded words vanishes. */
			if (!after_ew || mime_ew_len(raw + i, len - i) == 0)
				buf_add(&dec, raw + ws, i - ws);
			continue;
		}
		if ((n = mime_ew_len(raw + i, len - i)) != 0) {
			mime_ew_decode(raw + i, n, &dec);
			after_ew = true;
			i += n;
			continue;
		}
		after_ew = false;
		buf_putc(&dec, raw[i++]);
	}
	mime_utf8_repair(dec.data == NULL ? "" : dec.data, dec.len, &out);
	buf_reset(&dec);
	mime_header_clean(out.data == NULL ? "" : out.data, out.len, &dec);
	buf_free(&out);
	return mime_header_trim(&dec);
}

/* Lower-cases the domain of an addr-spec in place. */
static void
mime_addr_lower_domain(char *addr)
{
	char	*at;

	if ((at = strrchr(addr, '@')) == NULL)
		return;
	for (at++; *at != '\0'; at++)
		*at = (char)tolower((unsigned char)*at);
}

/* An address worth keeping: not empty, no white space or brackets. */
static bool
mime_addr_usable(const char *addr)
{
	return addr != NULL && addr[0] != '\0' &&
	    strpbrk(addr, " \t<>\"") == NULL;
}

static int
mime_mailbox_libetpan(const char *value, char **addr, char **name)
{
	struct mailimf_address_list	*al = NULL;
	struct mailimf_address		*a;
	struct mailimf_mailbox		*mb = NULL;
	clistiter			*it;
	size_t				 idx = 0;
	int				 rv = -1;

	if (mailimf_address_list_parse(value, strlen(value), &idx, &al) !=
	    MAILIMF_NO_ERROR)
		return -1;
	if ((it = clist_begin(al->ad_list)) == NULL)
		goto out;
	a = clist_content(it);
	if (a->ad_type == MAILIMF_ADDRESS_MAILBOX)
		mb = a->ad_data.ad_mailbox;
	else if (a->ad_data.ad_group->grp_mb_list != NULL &&
	    (it = clist_begin(a->ad_data.ad_group->grp_mb_list->mb_list)) !=
	    NULL)
		mb = clist_content(it);
	if (mb == NULL || !mime_addr_usable(mb->mb_addr_spec))
		goto out;
	*addr = xstrdup(mb->mb_addr_spec);
	*name = mime_decode_header(mb->mb_display_name);
	rv = 0;
out:
	mailimf_address_list_free(al);
	return rv;
}

/* The plain scan behind libetpan: "name <addr>", or a word with '@'. */
static int
mime_mailbox_scan(const char *value, char **addr, char **name)
{
	const char	*lt, *gt, *p, *e;
	char		*raw;
	size_t		 n;

	if ((lt = strchr(value, '<')) != NULL &&
	    (gt = strchr(lt, '>')) != NULL) {
		for (p = lt + 1; p < gt && mime_is_wsp(*p); p++)
			;
		for (e = gt; e > p && mime_is_wsp(e[-1]); e--)
			;
		*addr = xstrndup(p, (size_t)(e - p));
		if (!mime_addr_usable(*addr))
			goto fail;
		for (p = value; p < lt && (mime_is_wsp(*p) || *p == '"'); p++)
			;
		for (e = lt; e > p && (mime_is_wsp(e[-1]) || e[-1] == '"');
		    e--)
			;
		raw = xstrndup(p, (size_t)(e - p));
		*name = mime_decode_header(raw);
		free(raw);
		return 0;
	}
	for (p = value; *p != '\0'; p += n) {
		while (mime_is_wsp(*p))
			p++;
		n = strcspn(p, " \t");
		if (n > 0 && memchr(p, '@', n) != NULL) {
			*addr = xstrndup(p, n);
			if (!mime_addr_usable(*addr))
				goto fail;
			*name = xstrdup("");
			return 0;
		}
	}
	return -1;
fail:
	free(*addr);
	*addr = NULL;
	return -1;
}

int
mime_header_mailbox(const char *value, char **addr, char **name)
{
	*addr = *name = NULL;
	if (value == NULL)
		return -1;
	if (mime_mailbox_libetpan(value, addr, name) == -1 &&
	    mime_mailbox_scan(value, addr, name) == -1)
		return -1;
	if (strlen(*addr) > MESSAGE_ADDR_MAX) {
		/* Never kept cut: a cut address is somebody else's. */
		free(*addr);
		free(*name);
		*addr = *name = NULL;
		return -1;
	}
	mime_addr_lower_domain(*addr);
	return 0;
}
