/*
 * imap_url.c - reads the [imap] url setting into host, port, TLS and
 * mailbox. No I/O; the connection is imap.c's.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/util.h"
#include "mail/imap_url.h"

/*
 * imaps://host[:port][/mailbox] or imap://...; an IPv6 host in brackets.
 * The mailbox may be percent-encoded; user names belong in the config.
 */
int
imap_url_parse(const char *url, struct imap_url *u, char *why, size_t whylen)
{
	const char	*p, *end;
	char		*mb, *ep, hex[3] = "";
	unsigned long	 port;
	size_t		 hl;

	memset(u, 0, sizeof(*u));
	if (url == NULL)
		url = "";
	if (strncasecmp(url, "imaps://", 8) == 0) {
		u->tls = true;
		p = url + 8;
	} else if (strncasecmp(url, "imap://", 7) == 0)
		p = url + 7;
	else {
		snprintf(why, whylen, "IMAP URL must start with imaps:// or "
		    "imap://: %s", url);
		return -1;
	}
	if (*p == '[') {
		if ((end = strchr(++p, ']')) == NULL)
			goto bad;
		hl = end++ - p;
	} else {
		hl = strcspn(p, ":/");
		end = p + hl;
	}
	/* A name, an IPv4 address or (in brackets) an IPv6 one: nothing a
	 * typo or a pasted user@ could slip past. */
	if (hl == 0 || hl >= sizeof(u->host) || strspn(p, p[-1] == '[' ?
	    "0123456789abcdefABCDEF:." : "0123456789abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ.-_") < hl)
		goto bad;
	memcpy(u->host, p, hl);
	u->port = u->tls ? 993 : 143;
	if (*end == ':') {
		errno = 0;
		port = strtoul(end + 1, &ep, 10);
		if (ep == end + 1 || errno != 0 || port == 0 || port > 65535)
			goto bad;
		u->port = (uint16_t)port;
		end = ep;
	}
	if (*end != '\0' && *end != '/')
		goto bad;
	if (*end == '\0' || end[1] == '\0') {
		strlcpy_(u->mailbox, "INBOX", sizeof(u->mailbox));
		return 0;
	}
	for (p = end + 1, mb = u->mailbox; *p != '\0'; p++) {
		if (mb - u->mailbox >= (long)sizeof(u->mailbox) - 1)
			goto bad;
		if (p[0] == '%' && isxdigit((unsigned char)p[1]) &&
		    isxdigit((unsigned char)p[2])) {
			hex[0] = p[1];
			hex[1] = p[2];
			*mb++ = (char)strtoul(hex, NULL, 16);
			p += 2;
		} else
			*mb++ = *p;
	}
	*mb = '\0';
	return 0;

bad:
	snprintf(why, whylen, "bad IMAP URL: %s", url);
	return -1;
}
