/*
 * smtp.c - hands finished messages to the mail server with libetpan's
 * SMTP client.
 *
 * One session lives from the first message to a failure: the connection
 * (its TLS and its AUTH) serves the messages that follow, each MAIL, RCPT,
 * DATA on the same connection. After any failure the session is closed
 * and the next message starts from a fresh one. Connects itself (so the
 * timeout holds from the first byte: libetpan's plain connect reads the
 * greeting under a process-wide delay), starts TLS (implicit or STARTTLS)
 * and checks the server certificate with tls.c, as imap.c does, because
 * libetpan does not. AUTH is smtp_auth.c's. Builds no message: that is
 * compose.c. libetpan writes with send(2) without MSG_NOSIGNAL: SIGPIPE is
 * held back while a send or QUIT is under way, and one it raised is taken,
 * so that a server closing the connection fails a send, not the process
 * (pbemd deliver and tick do not ignore the signal).
 */
#include <libetpan/libetpan.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "common/log.h"
#include "common/util.h"
#include "mail/smtp.h"
#include "mail/smtp_auth.h"
#include "mail/tls.h"
#include "mail/token.h"

#define SMTP_TIMEOUT_DEFAULT	60L
#define SMTP_HOST_MAX		256
/* RFC 5321 4.5.3.1.3: a path, its brackets included, is at most 256
 * octets; libetpan cuts a longer command at 512 without a word. */
#define SMTP_PATH_MAX		254
#define SMTP_REPLY_SHOWN	200	/* of a server's reply, in why */

/* What a refusal means depends on the command refused (smtp_refused()). */
enum smtp_stage {
	SMTP_STAGE_SESSION,	/* greeting, EHLO, STARTTLS */
	SMTP_STAGE_SENDER,	/* MAIL FROM: our configuration */
	SMTP_STAGE_RCPT,	/* RCPT TO: this recipient */
	SMTP_STAGE_MESSAGE	/* DATA and the text: this message */
};

struct smtp {
	mailsmtp	*ss;		/* the open session; none after failing */
	char		*url;
	bool		 url_ok;	/* host and port read from url */
	bool		 tls;		/* smtps:// */
	char		 host[SMTP_HOST_MAX];
	uint16_t	 port;
	char		*user;
	char		*password;
	char		*ca_file;
	bool		 starttls;
	bool		 insecure;
	long		 timeout;
	enum sasl_auth	 auth;
	char		*token_file;
	char		*token_command;
	struct timespec	 deadline;	/* of the send under way */
};

static bool	 smtp_url_parse(struct smtp *, const char *);
static enum smtp_result smtp_send_once(struct smtp *, const char *,
		    const char *, const char *, size_t, char *, size_t);
static int	 smtp_open(struct smtp *, char *, size_t);
static int	 smtp_greet(struct smtp *, char *, size_t);
static int	 smtp_dial(const struct smtp *, char *, size_t);
static int	 smtp_dial_one(const struct smtp *, const struct addrinfo *);
static mailstream *smtp_stream(struct smtp *, int, char *, size_t);
static int	 smtp_ehlo(struct smtp *, char *, size_t);
static int	 smtp_starttls(struct smtp *, char *, size_t);
static void	 smtp_sni(struct mailstream_ssl_context *, void *);
static int	 smtp_verify(const struct smtp *, mailstream *, char *, size_t);
static int	 smtp_login(struct smtp *, const char *, char *, size_t);
static enum smtp_result smtp_transact(struct smtp *, const char *,
		    const char *, const char *, size_t, char *, size_t);
static enum smtp_result smtp_refused(struct smtp *, const char *,
		    enum smtp_stage, char *, size_t);
static int	 smtp_step(struct smtp *);
static bool	 smtp_path_ok(const char *);
static void	 smtp_deadline(struct smtp *);
static long	 smtp_left_ms(const struct smtp *);
static void	 smtp_shown(const char *, char *, size_t);
static void	 smtp_close(struct smtp *);
static void	 smtp_pipe_hold(sigset_t *, bool *);
static void	 smtp_pipe_release(const sigset_t *, bool);

struct smtp *
smtp_new(const struct smtp_conf *conf)
{
	struct smtp	*s;

	if (conf->url == NULL || (strncasecmp(conf->url, "smtp://", 7) != 0 &&
	    strncasecmp(conf->url, "smtps://", 8) != 0)) {
		log_warnx("smtp: URL must start with smtp:// or smtps://: %s",
		    conf->url != NULL ? conf->url : "(none)");
		return NULL;
	}
	s = xcalloc(1, sizeof(*s));
	s->url = xstrdup(conf->url);
	/* A URL without a usable host fails every send (TEMPFAIL, saying
	 * why): the mail waits in the outbox for the mended setting. */
	s->url_ok = smtp_url_parse(s, conf->url);
	s->user = conf->user != NULL ? xstrdup(conf->user) : NULL;
	s->password = conf->password != NULL ? xstrdup(conf->password) : NULL;
	s->ca_file = conf->ca_file != NULL ? xstrdup(conf->ca_file) : NULL;
	s->starttls = conf->starttls;
	s->insecure = conf->insecure;
	s->timeout = conf->timeout > 0 ? conf->timeout : SMTP_TIMEOUT_DEFAULT;
	s->auth = conf->auth;
	s->token_file = conf->token_file != NULL ?
	    xstrdup(conf->token_file) : NULL;
	s->token_command = conf->token_command != NULL ?
	    xstrdup(conf->token_command) : NULL;
	return s;
}

void
smtp_free(struct smtp *s)
{
	sigset_t	 old;
	bool		 pending;

	if (s == NULL)
		return;
	smtp_pipe_hold(&old, &pending);
	smtp_close(s);
	smtp_pipe_release(&old, pending);
	free(s->url);
	free(s->user);
	if (s->password != NULL)
		explicit_bzero(s->password, strlen(s->password));
	free(s->password);
	free(s->ca_file);
	free(s->token_file);
	free(s->token_command);
	free(s);
}

/*
 * A connection kept open between mails may be closed by the server at any
 * time (Exim says 421 after smtp_accept_max_per_connection mails): a
 * temporary failure on a reused connection is tried once more on a fresh
 * one before the mail waits for the outbox's backoff.
 */
enum smtp_result
smtp_send(struct smtp *s, const char *from, const char *rcpt,
    const char *msg, size_t len, char *why, size_t whylen)
{
	bool			 reused = s->ss != NULL, pending;
	enum smtp_result	 res;
	sigset_t		 old;

	smtp_pipe_hold(&old, &pending);
	res = smtp_send_once(s, from, rcpt, msg, len, why, whylen);
	if (res == SMTP_TEMPFAIL && reused) {
		log_info("smtp: reused connection failed (%s), reconnecting",
		    why);
		res = smtp_send_once(s, from, rcpt, msg, len, why, whylen);
	}
	smtp_pipe_release(&old, pending);
	return res;
}

/*
 * smtp://host[:port][/] or smtps://...; an IPv6 host in brackets. Port 25
 * or 465 by default.
 */
static bool
smtp_url_parse(struct smtp *s, const char *url)
{
	const char	*p, *end;
	char		*ep;
	unsigned long	 port;
	size_t		 hl;

	s->tls = strncasecmp(url, "smtps://", 8) == 0;
	p = url + (s->tls ? 8 : 7);
	if (*p == '[') {
		if ((end = strchr(++p, ']')) == NULL)
			return false;
		hl = (size_t)(end++ - p);
	} else {
		hl = strcspn(p, ":/");
		end = p + hl;
	}
	if (hl == 0 || hl >= sizeof(s->host) || strspn(p, p[-1] == '[' ?
	    "0123456789abcdefABCDEF:." : "0123456789abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ.-_") < hl)
		return false;
	memcpy(s->host, p, hl);
	s->host[hl] = '\0';
	s->port = s->tls ? 465 : 25;
	if (*end == ':') {
		errno = 0;
		port = strtoul(end + 1, &ep, 10);
		if (ep == end + 1 || errno != 0 || port == 0 || port > 65535)
			return false;
		s->port = (uint16_t)port;
		end = ep;
	}
	return end[0] == '\0' || (end[0] == '/' && end[1] == '\0');
}

static enum smtp_result
smtp_send_once(struct smtp *s, const char *from, const char *rcpt,
    const char *msg, size_t len, char *why, size_t whylen)
{
	enum smtp_result	 res;

	smtp_deadline(s);
	if (s->ss == NULL && smtp_open(s, why, whylen) == -1) {
		smtp_close(s);
		return SMTP_TEMPFAIL;
	}
	res = smtp_transact(s, from, rcpt, msg, len, why, whylen);
	/* Whatever state the session is in, the next message starts afresh. */
	if (res != SMTP_OK)
		smtp_close(s);
	return res;
}

/*
 * A new session, ready for MAIL: connected, greeted, TLS checked, EHLO
 * answered after it, logged in. The OAuth2 token is read first, so that
 * no server waits for a slow helper. 0, or -1 with the reason in why.
 */
static int
smtp_open(struct smtp *s, char *why, size_t whylen)
{
	struct token_source	 src = { s->token_file, s->token_command,
				    (int)s->timeout };
	char			*tok = NULL;
	int			 rc;

	if (!s->url_ok) {
		snprintf(why, whylen, "bad SMTP URL (smtp://host[:port] or "
		    "smtps://host[:port]): %s", s->url);
		return -1;
	}
	if (s->user != NULL && s->auth != SASL_AUTH_PASSWORD) {
		if ((tok = token_read(&src, why, whylen)) == NULL)
			return -1;
		/* The helper had a timeout of its own; the server gets its
		 * whole. */
		smtp_deadline(s);
	}
	if ((s->ss = mailsmtp_new(0, NULL)) == NULL)
		log_fatalx("smtp: out of memory");
	rc = smtp_greet(s, why, whylen);
	if (rc == 0 && s->user != NULL)
		rc = smtp_login(s, tok, why, whylen);
	token_free(tok);
	return rc;
}

/*
 * Connect, TLS from the start on smtps:// (checked before the greeting is
 * read), the greeting, EHLO; on smtp:// STARTTLS when offered (required
 * with starttls), checked, and EHLO again (RFC 3207 4.2: what was offered
 * before TLS is forgotten).
 */
static int
smtp_greet(struct smtp *s, char *why, size_t whylen)
{
	mailstream	*stream;
	int		 fd, r;

	if ((fd = smtp_dial(s, why, whylen)) == -1 ||
	    (stream = smtp_stream(s, fd, why, whylen)) == NULL)
		return -1;
	/* libetpan reads the greeting, and closes the stream if it is no
	 * 220. */
	if ((r = mailsmtp_connect(s->ss, stream)) != MAILSMTP_NO_ERROR) {
		smtp_refused(s, "greeting", SMTP_STAGE_SESSION, why, whylen);
		return -1;
	}
	if (smtp_ehlo(s, why, whylen) == -1)
		return -1;
	if (s->tls)
		return 0;
	if (s->ss->esmtp & MAILSMTP_ESMTP_STARTTLS)
		return smtp_starttls(s, why, whylen) == -1 ? -1 :
		    smtp_ehlo(s, why, whylen);
	if (s->starttls) {
		snprintf(why, whylen, "%s offers no STARTTLS; not sending in "
		    "clear (set starttls = false to allow)", s->host);
		return -1;
	}
	return 0;
}

/* EHLO with the machine's host name (libetpan's choice). */
static int
smtp_ehlo(struct smtp *s, char *why, size_t whylen)
{
	int	 r;

	if (smtp_step(s) == -1)
		r = MAILSMTP_ERROR_STREAM;
	else
		r = mailesmtp_ehlo(s->ss);
	if (r == MAILSMTP_NO_ERROR)
		return 0;
	if (r == MAILSMTP_ERROR_HOSTNAME)
		snprintf(why, whylen, "EHLO: this machine's host name is "
		    "unknown or longer than 255 bytes");
	else
		smtp_refused(s, "EHLO", SMTP_STAGE_SESSION, why, whylen);
	return -1;
}

/*
 * A TCP connection to host and port within the time left, tried address
 * after address; the descriptor (blocking, as libetpan wants it, with
 * the time left as its send and receive timeouts) or -1.
 */
static int
smtp_dial(const struct smtp *s, char *why, size_t whylen)
{
	struct addrinfo	 hints, *res, *ai;
	char		 port[8];
	int		 fd = -1, rc;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV;
	snprintf(port, sizeof(port), "%u", s->port);
	/* The resolver takes as long as it takes: no timeout of ours. */
	if ((rc = getaddrinfo(s->host, port, &hints, &res)) != 0) {
		snprintf(why, whylen, "connect to %s port %u failed: %s",
		    s->host, s->port, gai_strerror(rc));
		return -1;
	}
	errno = ETIMEDOUT;
	for (ai = res; ai != NULL && fd == -1 && smtp_left_ms(s) > 0;
	    ai = ai->ai_next)
		fd = smtp_dial_one(s, ai);
	if (fd == -1)
		snprintf(why, whylen, "connect to %s port %u failed: %s",
		    s->host, s->port, strerror(errno));
	freeaddrinfo(res);
	return fd;
}

/* One address; the descriptor, or -1 with errno set. */
static int
smtp_dial_one(const struct smtp *s, const struct addrinfo *ai)
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
			r = poll(&pfd, 1, (int)smtp_left_ms(s));
		while (r == -1 && errno == EINTR && smtp_left_ms(s) > 0);
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
	tv.tv_sec = s->timeout;
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
smtp_stream(struct smtp *s, int fd, char *why, size_t whylen)
{
	mailstream	*stream;
	time_t		 t = (time_t)((smtp_left_ms(s) + 999) / 1000);

	if (t < 1)
		t = 1;
	if (!s->tls) {
		if ((stream = mailstream_socket_open_timeout(fd, t)) == NULL)
			log_fatalx("smtp: out of memory");
		return stream;
	}
	stream = mailstream_ssl_open_with_callback_timeout(fd, t, smtp_sni, s);
	if (stream == NULL) {
		snprintf(why, whylen, "TLS with %s failed", s->host);
		close(fd);
		return NULL;
	}
	if (!s->insecure && smtp_verify(s, stream, why, whylen) == -1) {
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
smtp_starttls(struct smtp *s, char *why, size_t whylen)
{
	mailstream_low	*low, *tls;
	int		 r, fd;
	time_t		 t;

	if (smtp_step(s) == -1)
		r = MAILSMTP_ERROR_STREAM;
	else
		r = mailesmtp_starttls(s->ss);
	if (r != MAILSMTP_NO_ERROR) {
		smtp_refused(s, "STARTTLS", SMTP_STAGE_SESSION, why, whylen);
		return -1;
	}
	low = mailstream_get_low(s->ss->stream);
	t = (time_t)((smtp_left_ms(s) + 999) / 1000);
	if ((fd = mailstream_low_get_fd(low)) == -1 || t < 1 ||
	    (tls = mailstream_low_tls_open_with_callback_timeout(fd, t,
	    smtp_sni, s)) == NULL) {
		snprintf(why, whylen, "STARTTLS with %s failed: TLS handshake",
		    s->host);
		return -1;
	}
	/* Frees the plain layer, leaves the descriptor to the TLS one. */
	mailstream_low_free(low);
	mailstream_set_low(s->ss->stream, tls);
	if (!s->insecure)
		return smtp_verify(s, s->ss->stream, why, whylen);
	return 0;
}

/* RFC 6066 3: the host name, never an address, goes into SNI. */
static void
smtp_sni(struct mailstream_ssl_context *ctx, void *arg)
{
	struct smtp	*s = arg;
	unsigned char	 addr[sizeof(struct in6_addr)];

	if (inet_pton(AF_INET, s->host, addr) != 1 &&
	    inet_pton(AF_INET6, s->host, addr) != 1)
		mailstream_ssl_set_server_name(ctx, s->host);
}

/* The server's chain and host name, checked as imap.c checks them. */
static int
smtp_verify(const struct smtp *s, mailstream *stream, char *why,
    size_t whylen)
{
	struct tls_der	 der[TLS_MAX_CHAIN];
	carray		*chain;
	MMAPString	*c;
	size_t		 i, n;
	int		 rc;

	if ((chain = mailstream_get_certificate_chain(stream)) == NULL) {
		snprintf(why, whylen, "%s: no certificate chain to check",
		    s->host);
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
	rc = tls_verify_chain(der, n, s->host, s->ca_file, why, whylen);
	mailstream_certificate_chain_free(chain);
	return rc;
}

/*
 * AUTH with the password or the token tok, among the mechanisms of the
 * last EHLO reply, which is still the session's response: nothing was
 * said since.
 */
static int
smtp_login(struct smtp *s, const char *tok, char *why, size_t whylen)
{
	struct smtp_login	 l;
	char			 offers[SMTP_AUTH_OFFERS_MAX];

	smtp_auth_offers(s->ss->response, offers, sizeof(offers));
	l.mech = s->auth;
	l.user = s->user;
	l.secret = s->auth == SASL_AUTH_PASSWORD ? s->password : tok;
	l.host = s->host;
	l.port = s->port;
	if (smtp_step(s) == -1) {
		snprintf(why, whylen, "AUTH as %s: timed out", s->user);
		return -1;
	}
	return smtp_auth(s->ss, &l, offers, why, whylen);
}

/*
 * MAIL, RCPT, DATA and the message. libetpan stuffs the dots, turns a bare
 * CR or LF into CR LF (our messages have none) and ends the data with
 * CR LF . CR LF whatever the message ends with: the message's own last
 * line end is left for that one, else the message would gain an empty
 * line.
 */
static enum smtp_result
smtp_transact(struct smtp *s, const char *from, const char *rcpt,
    const char *msg, size_t len, char *why, size_t whylen)
{
	if (!smtp_path_ok(from)) {
		snprintf(why, whylen, "the sender address cannot be sent "
		    "(longer than %d bytes, or a control character)",
		    SMTP_PATH_MAX);
		return SMTP_TEMPFAIL;
	}
	if (!smtp_path_ok(rcpt)) {
		snprintf(why, whylen, "the recipient address cannot be sent "
		    "(longer than %d bytes, or a control character)",
		    SMTP_PATH_MAX);
		return SMTP_PERMFAIL;
	}
	if (smtp_step(s) == -1 || mailsmtp_mail(s->ss, from) !=
	    MAILSMTP_NO_ERROR)
		return smtp_refused(s, "MAIL FROM", SMTP_STAGE_SENDER, why,
		    whylen);
	if (smtp_step(s) == -1 || mailsmtp_rcpt(s->ss, rcpt) !=
	    MAILSMTP_NO_ERROR)
		return smtp_refused(s, "RCPT TO", SMTP_STAGE_RCPT, why, whylen);
	if (smtp_step(s) == -1 || mailsmtp_data(s->ss) != MAILSMTP_NO_ERROR)
		return smtp_refused(s, "DATA", SMTP_STAGE_MESSAGE, why, whylen);
	if (len >= 2 && msg[len - 2] == '\r' && msg[len - 1] == '\n')
		len -= 2;
	else if (len >= 1 && msg[len - 1] == '\n')
		len--;
	if (smtp_step(s) == -1 || mailsmtp_data_message(s->ss, msg, len) !=
	    MAILSMTP_NO_ERROR)
		return smtp_refused(s, "the message", SMTP_STAGE_MESSAGE, why,
		    whylen);
	return SMTP_OK;
}

/*
 * The reason after what failed, with the server's reply (or that none
 * came), and what it means (smtp.h): permanent only when the server
 * refused this recipient or this message with 5xx; 4xx for the recipient
 * alone defers it alone. A refused sender is our configuration's fault,
 * and 421 (RFC 5321 3.8: closing) the server's, whatever the command.
 */
static enum smtp_result
smtp_refused(struct smtp *s, const char *what, enum smtp_stage stage,
    char *why, size_t whylen)
{
	char	 shown[SMTP_REPLY_SHOWN + 1];
	int	 code = s->ss->response_code;

	if (code < 200 || code > 599) {
		snprintf(why, whylen, "%s: connection lost or timed out "
		    "(%ld s)", what, s->timeout);
		return SMTP_TEMPFAIL;
	}
	smtp_shown(s->ss->response != NULL ? s->ss->response : "", shown,
	    sizeof(shown));
	snprintf(why, whylen, "%s refused: %03d %s", what, code, shown);
	if (code == 421 || stage == SMTP_STAGE_SESSION ||
	    stage == SMTP_STAGE_SENDER)
		return SMTP_TEMPFAIL;
	if (code >= 500)
		return SMTP_PERMFAIL;
	if (code >= 400 && stage == SMTP_STAGE_RCPT)
		return SMTP_RCPT_TEMPFAIL;
	return SMTP_TEMPFAIL;
}

/*
 * Before each command: -1 when the send's time is up, else the stream's
 * timeout set to the time left (libetpan waits that long for each read
 * and write), and the last reply's code forgotten, so that a command that
 * could not be written reads as "no reply".
 */
static int
smtp_step(struct smtp *s)
{
	long	 ms = smtp_left_ms(s);

	s->ss->response_code = 0;
	if (ms <= 0 || s->ss->stream == NULL)
		return -1;
	mailstream_low_set_timeout(mailstream_get_low(s->ss->stream),
	    (time_t)((ms + 999) / 1000));
	return 0;
}

/* A reverse or forward path libetpan can send as it is. */
static bool
smtp_path_ok(const char *addr)
{
	size_t	 i;

	for (i = 0; addr[i] != '\0'; i++)
		if ((unsigned char)addr[i] < 0x20 || addr[i] == 0x7f ||
		    i >= SMTP_PATH_MAX)
			return false;
	return true;
}

/* The send's time starts now. */
static void
smtp_deadline(struct smtp *s)
{
	clock_gettime(CLOCK_MONOTONIC, &s->deadline);
	s->deadline.tv_sec += s->timeout;
}

static long
smtp_left_ms(const struct smtp *s)
{
	struct timespec	 t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (s->deadline.tv_sec - t.tv_sec) * 1000L +
	    (s->deadline.tv_nsec - t.tv_nsec) / 1000000L;
}

/*
 * A reply as libetpan keeps it (its lines' texts, each ending in LF) on
 * one line for the log: line ends as spaces, other control and non-ASCII
 * bytes as '?', cut with "..." to outlen - 1 bytes.
 */
static void
smtp_shown(const char *text, char *out, size_t outlen)
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

/* QUIT on an open session, the connection closed; none after. */
static void
smtp_close(struct smtp *s)
{
	if (s->ss == NULL)
		return;
	/* QUIT is written, not awaited: libetpan closes at once. A second
	 * is all it may wait for room to write it. */
	if (s->ss->stream != NULL)
		mailstream_low_set_timeout(mailstream_get_low(s->ss->stream),
		    1);
	mailsmtp_free(s->ss);
	s->ss = NULL;
}

/* SIGPIPE blocked; the old mask in old, whether one was pending already. */
static void
smtp_pipe_hold(sigset_t *old, bool *pending)
{
	sigset_t	 set, now;

	sigemptyset(&set);
	sigaddset(&set, SIGPIPE);
	sigprocmask(SIG_BLOCK, &set, old);
	sigpending(&now);
	*pending = sigismember(&now, SIGPIPE);
}

/* The SIGPIPEs our writes raised taken, the old mask back. */
static void
smtp_pipe_release(const sigset_t *old, bool pending)
{
	static const struct timespec	 zero = { 0, 0 };
	sigset_t			 set;

	sigemptyset(&set);
	sigaddset(&set, SIGPIPE);
	if (!pending)
		while (sigtimedwait(&set, NULL, &zero) == SIGPIPE)
			;
	sigprocmask(SIG_SETMASK, old, NULL);
}
