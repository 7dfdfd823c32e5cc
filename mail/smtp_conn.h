/*
 * smtp_conn.h - opening one SMTP session with libetpan: the URL read,
 * the connection made within a deadline, TLS started and its certificate
 * checked, EHLO answered; and what every command needs on the way.
 * Private to mail/smtp.c.
 */
#ifndef PBEMD_SMTP_CONN_H
#define PBEMD_SMTP_CONN_H

#include <libetpan/libetpan.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#define SMTP_HOST_MAX	256	/* longer: the URL is refused */

/* Where and how to connect, and until when. */
struct smtp_peer {
	char		 host[SMTP_HOST_MAX];
	uint16_t	 port;
	bool		 tls;		/* smtps:// */
	bool		 starttls;	/* required on smtp:// */
	bool		 insecure;	/* no certificate check */
	const char	*ca_file;	/* borrowed; NULL: the system's store */
	long		 timeout;	/* seconds */
	struct timespec	 deadline;	/* CLOCK_MONOTONIC: of the send */
};

/*
 * smtp://host[:port][/] or smtps://...; an IPv6 host in brackets; port 25
 * or 465 by default. Fills host, port and tls; false when the URL is none
 * of these.
 */
bool	smtp_conn_url(const char *url, struct smtp_peer *);

/* The send's time, p->timeout, starts now. */
void	smtp_conn_deadline(struct smtp_peer *p);

/*
 * Opens ss (new, not connected) to p: connected, greeted, TLS from the
 * start (smtps://) or by STARTTLS when offered (required with starttls),
 * the certificate checked before a byte is read over it (tls.c, as
 * imap.c does) unless insecure, EHLO answered after TLS. 0, with the last
 * EHLO's reply still ss->response; or -1 with the reason in why.
 */
int	smtp_conn_open(mailsmtp *ss, const struct smtp_peer *p, char *why,
	    size_t whylen);

/*
 * Before each command: -1 when p's deadline has passed; else the stream's
 * timeout is the time left (libetpan waits that long for each read and
 * write) and the last reply's code is forgotten, so that a command that
 * could not be written reads as "no reply".
 */
int	smtp_conn_step(mailsmtp *ss, const struct smtp_peer *p);

/*
 * The reason after what failed, in why: "what refused: 550 ..." with the
 * server's reply on one line (every line of it, control and non-ASCII
 * bytes as '?', cut at 200 bytes), or "what: connection lost or timed
 * out". Returns the reply's code; 0 when none came.
 */
int	smtp_conn_reason(mailsmtp *ss, const struct smtp_peer *p,
	    const char *what, char *why, size_t whylen);

#endif
