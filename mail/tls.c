/*
 * tls.c - verifies a server's certificate chain and host name with GnuTLS.
 *
 * Exists because libetpan (GnuTLS build) does no verification at all: imap.c
 * and smtp.c hand it the chain after each handshake. Pure apart from reading
 * the CA file or the system trust store: no network I/O, no logging.
 */
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

#include <stdio.h>
#include <stdlib.h>

#include "common/util.h"
#include "mail/tls.h"

static int	tls_trust_load(gnutls_x509_trust_list_t, const char *,
		    char *, size_t);
static void	tls_status_why(unsigned int, char *, size_t);

int
tls_verify_chain(const struct tls_der *chain, size_t n, const char *host,
    const char *ca_file, char *why, size_t whylen)
{
	gnutls_x509_trust_list_t	 tl = NULL;
	gnutls_x509_crt_t		*crts = NULL;
	gnutls_datum_t			 d;
	unsigned int			 status = 0;
	size_t				 ncrt = 0;
	int				 r, rc = -1;

	if (n == 0) {
		snprintf(why, whylen, "server sent no certificate");
		return -1;
	}
	if (n > TLS_MAX_CHAIN)
		n = TLS_MAX_CHAIN;
	crts = xcalloc(n, sizeof(*crts));
	for (ncrt = 0; ncrt < n; ncrt++) {
		if ((r = gnutls_x509_crt_init(&crts[ncrt])) < 0)
			goto gnutls_fail;
		d.data = (unsigned char *)chain[ncrt].data;
		d.size = chain[ncrt].len;
		if ((r = gnutls_x509_crt_import(crts[ncrt], &d,
		    GNUTLS_X509_FMT_DER)) < 0) {
			ncrt++;
			goto gnutls_fail;
		}
	}
	if ((r = gnutls_x509_trust_list_init(&tl, 0)) < 0)
		goto gnutls_fail;
	if (tls_trust_load(tl, ca_file, why, whylen) == -1)
		goto out;
	if ((r = gnutls_x509_trust_list_verify_crt2(tl, crts, ncrt, NULL, 0,
	    0, &status, NULL)) < 0)
		goto gnutls_fail;
	if (status != 0) {
		tls_status_why(status, why, whylen);
		goto out;
	}
	/* Takes an IP address as well and then matches the IP SAN. */
	if (!gnutls_x509_crt_check_hostname2(crts[0], host, 0)) {
		snprintf(why, whylen, "certificate does not name host %s",
		    host);
		goto out;
	}
	rc = 0;
	goto out;

gnutls_fail:
	snprintf(why, whylen, "certificate check failed: %s",
	    gnutls_strerror(r));
out:
	if (tl != NULL)
		gnutls_x509_trust_list_deinit(tl, 1);
	while (ncrt > 0)
		gnutls_x509_crt_deinit(crts[--ncrt]);
	free(crts);
	return rc;
}

/* A CA file that yields no certificate is an error, not an empty store. */
static int
tls_trust_load(gnutls_x509_trust_list_t tl, const char *ca_file, char *why,
    size_t whylen)
{
	int	 r;

	if (ca_file != NULL)
		r = gnutls_x509_trust_list_add_trust_file(tl, ca_file, NULL,
		    GNUTLS_X509_FMT_PEM, 0, 0);
	else
		r = gnutls_x509_trust_list_add_system_trust(tl, 0, 0);
	if (r > 0)
		return 0;
	if (r == 0)
		snprintf(why, whylen, "no CA certificate in %s",
		    ca_file != NULL ? ca_file : "the system trust store");
	else
		snprintf(why, whylen, "cannot load %s: %s",
		    ca_file != NULL ? ca_file : "the system trust store",
		    gnutls_strerror(r));
	return -1;
}

static void
tls_status_why(unsigned int status, char *why, size_t whylen)
{
	gnutls_datum_t	 out = { NULL, 0 };

	if (gnutls_certificate_verification_status_print(status,
	    GNUTLS_CRT_X509, &out, 0) < 0) {
		snprintf(why, whylen, "certificate not trusted (status 0x%x)",
		    status);
		return;
	}
	/* GnuTLS ends its sentences with a blank. */
	while (out.size > 0 && out.data[out.size - 1] == ' ')
		out.data[--out.size] = '\0';
	snprintf(why, whylen, "certificate not trusted: %s", out.data);
	gnutls_free(out.data);
}
