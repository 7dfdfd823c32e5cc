/*
 * smtp_conn.c - opens one SMTP session with libetpan, within a deadline.
 *
 * Connects itself, so that the timeout holds from the first byte
 * (libetpan's plain connect reads the greeting under a process-wide
 * delay); starts TLS, implicit or by STARTTLS, naming the host in SNI,
 * and checks the server's chain and name with tls.c before a byte is read
 * over it, because libetpan does not. Sends no mail and logs nothing:
 * smtp.c does both.
 */
#include <libetpan/libetpan.h>

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "common/log.h"
#include "mail/smtp_conn.h"
#include "mail/tls_stream.h"

#define SMTP_REPLY_SHOWN	200	/* of a server's reply, in why */

static int	 smtp_conn_ehlo(mailsmtp *, const struct smtp_peer *, char *,
		    size_t);
static int	 smtp_conn_dial(const struct smtp_peer *, char *, size_t);
static int	 smtp_conn_dial_one(const struct smtp_peer *,
		    const struct addrinfo *);
static mailstream *smtp_conn_stream(const struct smtp_peer *, int, char *,
		    size_t);
static int	 smtp_conn_starttls(mailsmtp *, const struct smtp_peer *,
		    char *, size_t);
static long	 smtp_conn_left_ms(const struct smtp_peer *);
static time_t	 smtp_conn_left_s(const struct smtp_peer *);
static void	 smtp_conn_shown(const char *, char *, size_t);

bool
smtp_conn_url(const char *url, struct smtp_peer *p)
{
	const char	*h, *end;
	char		*ep;
	unsigned long	 port;
	size_t		 hl;

	p->tls = strncasecmp(url, "smtps://", 8) == 0;
	if (!p->tls && strncasecmp(url, "smtp://", 7) != 0)
		return false;
	h = url + (p->tls ? 8 : 7);
	if (*h == '[') {
		if ((end = strchr(++h, ']')) == NULL)
			return false;
		hl = (size_t)(end++ - h);
	} else {
		hl = strcspn(h, ":/");
		end = h + hl;
	}
	/* A name, an IPv4 address or (in brackets) an IPv6 one. */
	if (hl == 0 || hl >= sizeof(p->host) || strspn(h, h[-1] == '[' ?
	    "0123456789abcdefABCDEF:." : "0123456789abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ.-_") < hl)
		return false;
	memcpy(p->host, h, hl);
	p->host[hl] = '\0';
	p->port = p->tls ? 465 : 25;
	if (*end == ':') {
		errno = 0;
		port = strtoul(end + 1, &ep, 10);
		if (ep == end + 1 || errno != 0 || port == 0 || port > 65535)
			return false;
		p->port = (uint16_t)port;
		end = ep;
	}
	return end[0] == '\0' || (end[0] == '/' && end[1] == '\0');
}

void
smtp_conn_deadline(struct smtp_peer *p)
{
	clock_gettime(CLOCK_MONOTONIC, &p->deadline);
	p->deadline.tv_sec += p->timeout;
}

/* RFC 3207 4.2: what was offered before TLS is forgotten, so EHLO again. */
int
smtp_conn_open(mailsmtp *ss, const struct smtp_peer *p, char *why,
    size_t whylen)
{
	mailstream	*stream;
	int		 fd;

	if ((fd = smtp_conn_dial(p, why, whylen)) == -1 ||
	    (stream = smtp_conn_stream(p, fd, why, whylen)) == NULL)
		return -1;
	/* libetpan reads the greeting; it closes the stream if no 220. */
	if (mailsmtp_connect(ss, stream) != MAILSMTP_NO_ERROR) {
		smtp_conn_reason(ss, p, "greeting", why, whylen);
		return -1;
	}
	if (smtp_conn_ehlo(ss, p, why, whylen) == -1)
		return -1;
	if (p->tls)
		return 0;
	if (ss->esmtp & MAILSMTP_ESMTP_STARTTLS)
		return smtp_conn_starttls(ss, p, why, whylen) == -1 ? -1 :
		    smtp_conn_ehlo(ss, p, why, whylen);
	if (p->starttls) {
		snprintf(why, whylen, "%s offers no STARTTLS; not sending in "
		    "clear (set starttls = false to allow)", p->host);
		return -1;
	}
	return 0;
}

int
smtp_conn_step(mailsmtp *ss, const struct smtp_peer *p)
{
	ss->response_code = 0;
	if (smtp_conn_left_ms(p) <= 0 || ss->stream == NULL)
		return -1;
	mailstream_low_set_timeout(mailstream_get_low(ss->stream),
	    smtp_conn_left_s(p));
	return 0;
}

int
smtp_conn_reason(mailsmtp *ss, const struct smtp_peer *p, const char *what,
    char *why, size_t whylen)
{
	char	 shown[SMTP_REPLY_SHOWN + 1];
	int	 code = ss->response_code;

	if (code < 200 || code > 599) {
		snprintf(why, whylen, "%s: connection lost or timed out "
		    "(%ld s)", what, p->timeout);
		return 0;
	}
	smtp_conn_shown(ss->response != NULL ? ss->response : "", shown,
	    sizeof(shown));
	snprintf(why, whylen, "%s refused: %03d %s", what, code, shown);
	return code;
}

/* EHLO with the machine's host name (libetpan's choice). */
static int
smtp_conn_ehlo(mailsmtp *ss, const struct smtp_peer *p, char *why,
    size_t whylen)
{
	int	 r;

	if (smtp_conn_step(ss, p) == -1)
		r = MAILSMTP_ERROR_STREAM;
	else
		r = mailesmtp_ehlo(ss);
	if (r == MAILSMTP_NO_ERROR)
		return 0;
	if (r == MAILSMTP_ERROR_HOSTNAME)
		snprintf(why, whylen, "EHLO: this machine's host name is "
		    "unknown or longer than 255 bytes");
	else
		smtp_conn_reason(ss, p, "EHLO", why, whylen);
	return -1;
}

/*
 * A TCP connection to host and port within the time left, tried address
 * after address; the descriptor (blocking, as libetpan wants it, with
 * the timeout as its send and receive timeouts) or -1.
 */
static int
smtp_conn_dial(const struct smtp_peer *p, char *why, size_t whylen)
{
	struct addrinfo	 hints, *res, *ai;
	char		 port[8];
	int		 fd = -1, rc;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV;
	snprintf(port, sizeof(port), "%u", p->port);
	/* The resolver takes as long as it takes: no timeout of ours. */
	if ((rc = getaddrinfo(p->host, port, &hints, &res)) != 0) {
		snprintf(why, whylen, "connect to %s port %u failed: %s",
		    p->host, p->port, gai_strerror(rc));
		return -1;
	}
	errno = ETIMEDOUT;
	for (ai = res; ai != NULL && fd == -1 && smtp_conn_left_ms(p) > 0;
	    ai = ai->ai_next)
		fd = smtp_conn_dial_one(p, ai);
	if (fd == -1)
		snprintf(why, whylen, "connect to %s port %u failed: %s",
		    p->host, p->port, strerror(errno));
	freeaddrinfo(res);
	return fd;
}

/* One address; the descriptor, or -1 with errno set. */
static int
smtp_conn_dial_one(const struct smtp_peer *p, const struct addrinfo *ai)
{
	struct pollfd	 pfd;
	struct timeval	 tv;
	socklen_t	 len = sizeof(int);
	int		 fd, err = 0, r, on = 1;

	fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC |
	    SOCK_NONBLOCK, ai->ai_protocol);
	if (fd == -1)
		return -1;
	if (connect(fd, ai->ai_addr, ai->ai_addrlen) == -1) {
		if (errno != EINPROGRESS)
			goto fail;
		pfd.fd = fd;
		pfd.events = POLLOUT;
		do
			r = poll(&pfd, 1, (int)smtp_conn_left_ms(p));
		while (r == -1 && errno == EINTR && smtp_conn_left_ms(p) > 0);
		if (r <= 0) {
			errno = r == 0 ? ETIMEDOUT : errno;
			goto fail;
		}
		if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) == -1 ||
		    (err != 0 && (errno = err) != 0))
			goto fail;
	}
	/*
	 * Blocking again; a send the server never drains ends all the same.
	 * No Nagle: the data's last few bytes would wait for the server's
	 * delayed ACK of the segment before (40 ms a mail on Linux).
	 */
	tv.tv_sec = p->timeout;
	tv.tv_usec = 0;
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == -1 ||
	    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv)) == -1 ||
	    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) == -1 ||
	    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on)) == -1)
		goto fail;
	return fd;

fail:
	err = errno;
	close(fd);
	errno = err;
	return -1;
}

/*
 * The stream over fd, which it then owns: TLS on smtps://, its
 * certificate checked (unless insecure) before a byte is read. NULL with
 * the reason in why, fd closed.
 */
static mailstream *
smtp_conn_stream(const struct smtp_peer *p, int fd, char *why,
    size_t whylen)
{
	mailstream	*stream;
	time_t		 t = smtp_conn_left_s(p);

	if (!p->tls) {
		if ((stream = mailstream_socket_open_timeout(fd, t)) == NULL)
			log_fatalx("smtp: out of memory");
		return stream;
	}
	stream = mailstream_ssl_open_with_callback_timeout(fd, t,
	    tls_stream_sni, (void *)p->host);
	if (stream == NULL) {
		snprintf(why, whylen, "TLS with %s failed", p->host);
		close(fd);
		return NULL;
	}
	if (!p->insecure && tls_stream_verify(stream, p->host, p->ca_file, why,
	    whylen) == -1) {
		mailstream_close(stream);
		return NULL;
	}
	return stream;
}

/*
 * STARTTLS, then the session's stream carried on over TLS (as libetpan's
 * mailsmtp_socket_starttls() does, but within the time left and naming
 * the host), its certificate checked unless insecure.
 */
static int
smtp_conn_starttls(mailsmtp *ss, const struct smtp_peer *p, char *why,
    size_t whylen)
{
	mailstream_low	*low, *tls;
	int		 r, fd;

	if (smtp_conn_step(ss, p) == -1)
		r = MAILSMTP_ERROR_STREAM;
	else
		r = mailesmtp_starttls(ss);
	if (r != MAILSMTP_NO_ERROR) {
		smtp_conn_reason(ss, p, "STARTTLS", why, whylen);
		return -1;
	}
	low = mailstream_get_low(ss->stream);
	if ((fd = mailstream_low_get_fd(low)) == -1 ||
	    smtp_conn_left_ms(p) <= 0 ||
	    (tls = mailstream_low_tls_open_with_callback_timeout(fd,
	    smtp_conn_left_s(p), tls_stream_sni, (void *)p->host)) == NULL) {
		snprintf(why, whylen, "STARTTLS with %s failed: TLS handshake",
		    p->host);
		return -1;
	}
	/* Frees the plain layer, leaves the descriptor to the TLS one. */
	mailstream_low_free(low);
	mailstream_set_low(ss->stream, tls);
	if (!p->insecure)
		return tls_stream_verify(ss->stream, p->host, p->ca_file,
		    why, whylen);
	return 0;
}

static long
smtp_conn_left_ms(const struct smtp_peer *p)
{
	struct timespec	 t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (p->deadline.tv_sec - t.tv_sec) * 1000L +
	    (p->deadline.tv_nsec - t.tv_nsec) / 1000000L;
}

/* The time left in whole seconds, at least 1: libetpan's 0 means its
 * process-wide delay. */
static time_t
smtp_conn_left_s(const struct smtp_peer *p)
{
	long	 ms = smtp_conn_left_ms(p);

	return ms < 1000 ? 1 : (time_t)((ms + 999) / 1000);
}

/*
 * A reply as libetpan keeps it (its lines' texts, each ending in LF) on
 * one line for the log: line ends as spaces, other control and non-ASCII
 * bytes as '?', cut with "..." to outlen - 1 bytes.
 */
static void
smtp_conn_shown(const char *text, char *out, size_t outlen)
{
	size_t	 i, n = 0;

	for (i = 0; text[i] != '\0' && n + 1 < outlen; i++) {
		if (text[i] == '\n' && text[i + 1] == '\0')
			break;
		if (text[i] == '\n' || text[i] == '\r')
			out[n++] = ' ';
		else if ((unsigned char)text[i] >= 0x20 &&
		    (unsigned char)text[i] < 0x7f)
			out[n++] = text[i];
		else
			out[n++] = '?';
	}
	out[n] = '\0';
	if (text[i] != '\0' && !(text[i] == '\n' && text[i + 1] == '\0') &&
	    outlen > 4)
		memcpy(out + outlen - 4, "...", 4);
}
