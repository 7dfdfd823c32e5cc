/*
 * bench_smtp.h - the bare SMTP client the outbox is measured against
 * (tests/bench/bench_send.sh): plain sockets, GnuTLS for STARTTLS, EHLO
 * once, then MAIL, RCPT and DATA per message over one connection. It does
 * only what sending needs and nothing the outbox has to do besides (no
 * store, no log, no retry policy), so its rate is what the server takes.
 */
#ifndef PBEMD_BENCH_SMTP_H
#define PBEMD_BENCH_SMTP_H

#include <stdbool.h>
#include <stddef.h>

struct bench_smtp_conf {
	const char	*host;		/* numeric IPv4 */
	int		 port;
	const char	*ca_file;	/* STARTTLS with this CA; NULL: none */
	bool		 pipelining;	/* RFC 2920 when the server offers it */
};

struct bench_smtp;

/* Connects, greets, STARTTLS when asked; NULL (said on stderr) on error. */
struct bench_smtp	*bench_smtp_open(const struct bench_smtp_conf *);
/* One message with CR LF lines; 0 when the server took it, -1 else. A
 * server that closes the connection after so many mails (Exim's 421) is
 * connected to again once. */
int			 bench_smtp_send(struct bench_smtp *, const char *from,
			    const char *rcpt, const char *msg, size_t len);
/* QUIT; accepts NULL. */
void			 bench_smtp_close(struct bench_smtp *);
/* Connections opened so far (the first and every reconnection). */
int			 bench_smtp_connections(const struct bench_smtp *);

#endif
