/*
 * imap_url.h - the [imap] url setting: imaps://host[:port][/mailbox] or
 * imap://...; private to mail/imap.c and its tests.
 */
#ifndef PBEMD_IMAP_URL_H
#define PBEMD_IMAP_URL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define IMAP_HOST_MAX		256	/* longer: the URL is refused */
#define IMAP_MAILBOX_MAX	256	/* the same, after %XX decoding */

struct imap_url {
	bool		 tls;		/* imaps:// */
	char		 host[IMAP_HOST_MAX];
	uint16_t	 port;
	char		 mailbox[IMAP_MAILBOX_MAX];
};

/* 0, or -1 with a reason for the GM in why. */
int	imap_url_parse(const char *, struct imap_url *, char *why,
	    size_t whylen);

#endif
