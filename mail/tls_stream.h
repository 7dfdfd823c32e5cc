/*
 * tls_stream.h - what imap.c and smtp_conn.c both need of a libetpan TLS
 * stream: the server's name in SNI before the handshake, and the chain
 * it presented checked by tls.c after it.
 */
#ifndef PBEMD_TLS_STREAM_H
#define PBEMD_TLS_STREAM_H

#include <stddef.h>

#include <libetpan/libetpan.h>

/*
 * libetpan's TLS callback: names host (arg, a string that outlives the
 * handshake) in SNI, unless host is an IP address (RFC 6066 3). A server
 * with several names chooses its certificate by it; some send a
 * placeholder to a client that names none.
 */
void	tls_stream_sni(struct mailstream_ssl_context *, void *host);
/*
 * The chain stream's peer presented, checked by tls_verify_chain(): 0 when
 * trusted for host, -1 and the reason in why otherwise.
 */
int	tls_stream_verify(mailstream *, const char *host, const char *ca_file,
	    char *why, size_t whylen);

#endif
