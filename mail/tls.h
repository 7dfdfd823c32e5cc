/*
 * tls.h - the server certificate check that libetpan leaves out (GnuTLS).
 *
 * libetpan's GnuTLS build completes the handshake with any certificate.
 * imap.c and smtp.c hand the peer's chain to tls_verify_chain() right after
 * the handshake, before a password is sent.
 */
#ifndef PBEMD_TLS_H
#define PBEMD_TLS_H

#include <stddef.h>

#define TLS_MAX_CHAIN	16	/* longer chains are cut; no real server sends one */

/* One DER certificate; borrowed from the caller. */
struct tls_der {
	const unsigned char	*data;
	size_t			 len;
};

/*
 * Checks chain (the server's certificate first) against the CA certificates
 * in the PEM file ca_file, or the system's trust store when ca_file is NULL,
 * and checks that the first certificate names host (a DNS name or an IP
 * address). 0 when trusted; -1 and a reason in why otherwise.
 */
int	tls_verify_chain(const struct tls_der *chain, size_t n,
	    const char *host, const char *ca_file, char *why, size_t whylen);

#endif
