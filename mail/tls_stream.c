/*
 * tls_stream.c - SNI and the certificate check for libetpan's TLS streams
 * (tls_stream.h). imap.c and smtp_conn.c each had their own copy of the
 * check, and only smtp_conn.c named the server in SNI.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>

#include "mail/tls.h"
#include "mail/tls_stream.h"

void
tls_stream_sni(struct mailstream_ssl_context *ctx, void *arg)
{
	const char	*host = arg;
	unsigned char	 addr[sizeof(struct in6_addr)];

	if (inet_pton(AF_INET, host, addr) != 1 &&
	    inet_pton(AF_INET6, host, addr) != 1)
		mailstream_ssl_set_server_name(ctx, (char *)host);
}

int
tls_stream_verify(mailstream *stream, const char *host, const char *ca_file,
    char *why, size_t whylen)
{
	struct tls_der	 der[TLS_MAX_CHAIN];
	carray		*chain;
	MMAPString	*c;
	size_t		 i, n;
	int		 rc;

	if ((chain = mailstream_get_certificate_chain(stream)) == NULL) {
		snprintf(why, whylen, "%s: no certificate chain to check",
		    host);
		return -1;
	}
	n = carray_count(chain);
	if (n > TLS_MAX_CHAIN)
		n = TLS_MAX_CHAIN;
	for (i = 0; i < n; i++) {
		c = carray_get(chain, i);
		der[i].data = (const unsigned char *)c->str;
		der[i].len = c->len;
	}
	rc = tls_verify_chain(der, n, host, ca_file, why, whylen);
	mailstream_certificate_chain_free(chain);
	return rc;
}
