/*
 * bench_smtp.c - a bare SMTP client for the send benchmark: the yardstick
 * the outbox is held to (issue 18). One connection, EHLO once (again after
 * STARTTLS), then per message MAIL FROM, RCPT TO, DATA, the dot-stuffed
 * text and the final dot, each answer read before the next command; with
 * pipelining MAIL, RCPT and DATA go out in one write (RFC 2920) and the
 * three answers are read together. No store, no log: only the protocol and
 * the bytes. Written for the benchmark alone; never linked into pbemd.
 */
#include <gnutls/gnutls.h>

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "common/util.h"
#include "tests/bench/bench_smtp.h"

#define BENCH_SMTP_IN	16384	/* answers read at once */

struct bench_smtp {
	struct bench_smtp_conf	 conf;
	int			 fd;
	gnutls_session_t	 tls;		/* NULL before STARTTLS */
	gnutls_certificate_credentials_t cred;
	bool			 pipelining;	/* asked for and offered */
	int			 connections;
	char			 in[BENCH_SMTP_IN];
	size_t			 inlen;
	struct buf		 out;		/* one write's worth */
};

static int
bench_smtp_write(struct bench_smtp *s, const char *p, size_t n)
{
	ssize_t	 w;

	while (n > 0) {
		if (s->tls != NULL) {
			w = gnutls_record_send(s->tls, p, n);
			if (w == GNUTLS_E_AGAIN || w == GNUTLS_E_INTERRUPTED)
				continue;
		} else
			w = write(s->fd, p, n);
		if (w < 0 && errno == EINTR && s->tls == NULL)
			continue;
		if (w <= 0) {
			fprintf(stderr, "bench smtp: write failed\n");
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

static int
bench_smtp_flush(struct bench_smtp *s)
{
	int	 rc;

	rc = bench_smtp_write(s, s->out.data, s->out.len);
	buf_reset(&s->out);
	return rc;
}

/* The next line of an answer into line (CR LF dropped); -1 at the end. */
static int
bench_smtp_line(struct bench_smtp *s, char *line, size_t size)
{
	char	*nl;
	ssize_t	 r;
	size_t	 n;

	while ((nl = memchr(s->in, '\n', s->inlen)) == NULL) {
		if (s->inlen == sizeof(s->in))
			return -1;
		if (s->tls != NULL) {
			r = gnutls_record_recv(s->tls, s->in + s->inlen,
			    sizeof(s->in) - s->inlen);
			if (r == GNUTLS_E_AGAIN || r == GNUTLS_E_INTERRUPTED)
				continue;
		} else
			r = read(s->fd, s->in + s->inlen,
			    sizeof(s->in) - s->inlen);
		if (r <= 0)
			return -1;
		s->inlen += (size_t)r;
	}
	n = (size_t)(nl - s->in) + 1;
	snprintf(line, size, "%.*s", (int)(n > 1 && nl[-1] == '\r' ?
	    n - 2 : n - 1), s->in);
	memmove(s->in, s->in + n, s->inlen - n);
	s->inlen -= n;
	return 0;
}

/* One whole answer; its code, or -1. Notes PIPELINING in an EHLO answer. */
static int
bench_smtp_reply(struct bench_smtp *s)
{
	char	 line[1024];

	do {
		if (bench_smtp_line(s, line, sizeof(line)) == -1 ||
		    strlen(line) < 3)
			return -1;
		if (strlen(line) > 4 && strcasecmp(line + 4, "PIPELINING") == 0)
			s->pipelining = s->conf.pipelining;
	} while (line[3] == '-');
	return atoi(line);
}

static int
bench_smtp_cmd(struct bench_smtp *s, const char *cmd, int want)
{
	int	 code;

	buf_puts(&s->out, cmd);
	buf_puts(&s->out, "\r\n");
	if (bench_smtp_flush(s) == -1)
		return -1;
	if ((code = bench_smtp_reply(s)) != want) {
		fprintf(stderr, "bench smtp: %s: answer %d\n", cmd, code);
		return -1;
	}
	return 0;
}

static int
bench_smtp_starttls(struct bench_smtp *s)
{
	int	 r;

	if (bench_smtp_cmd(s, "STARTTLS", 220) == -1)
		return -1;
	if (gnutls_certificate_allocate_credentials(&s->cred) < 0 ||
	    gnutls_certificate_set_x509_trust_file(s->cred, s->conf.ca_file,
	    GNUTLS_X509_FMT_PEM) < 0 ||
	    gnutls_init(&s->tls, GNUTLS_CLIENT) < 0 ||
	    gnutls_set_default_priority(s->tls) < 0 ||
	    gnutls_credentials_set(s->tls, GNUTLS_CRD_CERTIFICATE, s->cred) < 0)
		return -1;
	gnutls_session_set_verify_cert(s->tls, s->conf.host, 0);
	gnutls_transport_set_int(s->tls, s->fd);
	do
		r = gnutls_handshake(s->tls);
	while (r < 0 && gnutls_error_is_fatal(r) == 0);
	if (r < 0) {
		fprintf(stderr, "bench smtp: TLS: %s\n", gnutls_strerror(r));
		return -1;
	}
	s->pipelining = false;	/* forget what was said in the clear */
	return bench_smtp_cmd(s, "EHLO bench.test", 250);
}

static void
bench_smtp_hangup(struct bench_smtp *s)
{
	if (s->tls != NULL) {
		gnutls_deinit(s->tls);
		s->tls = NULL;
	}
	if (s->cred != NULL) {
		gnutls_certificate_free_credentials(s->cred);
		s->cred = NULL;
	}
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
	s->inlen = 0;
	buf_reset(&s->out);
}

static int
bench_smtp_connect(struct bench_smtp *s)
{
	struct sockaddr_in	 sa;
	int			 one = 1;

	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)s->conf.port);
	if (inet_pton(AF_INET, s->conf.host, &sa.sin_addr) != 1 ||
	    (s->fd = socket(AF_INET, SOCK_STREAM, 0)) == -1 ||
	    connect(s->fd, (struct sockaddr *)&sa, sizeof(sa)) == -1) {
		fprintf(stderr, "bench smtp: cannot connect to %s:%d\n",
		    s->conf.host, s->conf.port);
		return -1;
	}
	/* As mail/smtp.c does: each command goes out when written. */
	setsockopt(s->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	s->connections++;
	if (bench_smtp_reply(s) != 220 ||
	    bench_smtp_cmd(s, "EHLO bench.test", 250) == -1)
		return -1;
	return s->conf.ca_file != NULL ? bench_smtp_starttls(s) : 0;
}

struct bench_smtp *
bench_smtp_open(const struct bench_smtp_conf *conf)
{
	struct bench_smtp	*s;

	s = xcalloc(1, sizeof(*s));
	s->conf = *conf;
	s->fd = -1;
	buf_init(&s->out);
	if (bench_smtp_connect(s) == -1) {
		bench_smtp_close(s);
		return NULL;
	}
	return s;
}

/* The text with every line that begins with a dot doubled, and the end. */
static void
bench_smtp_data(struct buf *out, const char *msg, size_t len)
{
	const char	*p = msg, *end = msg + len, *nl;

	while (p < end) {
		if (*p == '.')
			buf_putc(out, '.');
		nl = memchr(p, '\n', (size_t)(end - p));
		nl = nl != NULL ? nl + 1 : end;
		buf_add(out, p, (size_t)(nl - p));
		p = nl;
	}
	if (len > 0 && end[-1] != '\n')
		buf_puts(out, "\r\n");
	buf_puts(out, ".\r\n");
}

static int
bench_smtp_envelope(struct bench_smtp *s, const char *from, const char *rcpt)
{
	char	 mail[512], to[512];

	snprintf(mail, sizeof(mail), "MAIL FROM:<%s>", from);
	snprintf(to, sizeof(to), "RCPT TO:<%s>", rcpt);
	if (!s->pipelining)
		return bench_smtp_cmd(s, mail, 250) == -1 ||
		    bench_smtp_cmd(s, to, 250) == -1 ||
		    bench_smtp_cmd(s, "DATA", 354) == -1 ? -1 : 0;
	buf_printf(&s->out, "%s\r\n%s\r\nDATA\r\n", mail, to);
	if (bench_smtp_flush(s) == -1)
		return -1;
	/* All three answers are read, whatever the first said. */
	return (bench_smtp_reply(s) == 250) + (bench_smtp_reply(s) == 250) +
	    (bench_smtp_reply(s) == 354) == 3 ? 0 : -1;
}

static int
bench_smtp_once(struct bench_smtp *s, const char *from, const char *rcpt,
    const char *msg, size_t len)
{
	if (s->fd == -1 || bench_smtp_envelope(s, from, rcpt) == -1)
		return -1;
	bench_smtp_data(&s->out, msg, len);
	if (bench_smtp_flush(s) == -1 || bench_smtp_reply(s) != 250)
		return -1;
	return 0;
}

int
bench_smtp_send(struct bench_smtp *s, const char *from, const char *rcpt,
    const char *msg, size_t len)
{
	if (bench_smtp_once(s, from, rcpt, msg, len) == 0)
		return 0;
	bench_smtp_hangup(s);
	if (bench_smtp_connect(s) == -1)
		return -1;
	return bench_smtp_once(s, from, rcpt, msg, len);
}

int
bench_smtp_connections(const struct bench_smtp *s)
{
	return s->connections;
}

void
bench_smtp_close(struct bench_smtp *s)
{
	if (s == NULL)
		return;
	if (s->fd >= 0) {
		buf_puts(&s->out, "QUIT\r\n");
		if (bench_smtp_flush(s) == 0)
			(void)bench_smtp_reply(s);
	}
	bench_smtp_hangup(s);
	buf_free(&s->out);
	free(s);
}
