/*
 * smtp.c - hands finished messages to the mail server with libetpan's
 * SMTP client.
 *
 * One session lives from the first message to a failure: the connection
 * (its TLS and its AUTH) serves the messages that follow, each MAIL, RCPT,
 * DATA on the same connection. After any failure the session is closed
 * and the next message starts from a fresh one. Opening a session is
 * smtp_conn.c's, AUTH smtp_auth.c's; building a message compose.c's.
 * libetpan writes with send(2) without MSG_NOSIGNAL: SIGPIPE is held back
 * while a send or QUIT is under way, and one it raised is taken, so that a
 * server closing the connection fails a send, not the process (pbemd
 * deliver and tick do not ignore the signal).
 */
#include <libetpan/libetpan.h>

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "common/log.h"
#include "common/util.h"
#include "mail/smtp.h"
#include "mail/smtp_auth.h"
#include "mail/smtp_conn.h"
#include "mail/token.h"

#define SMTP_TIMEOUT_DEFAULT	60L
/* RFC 5321 4.5.3.1.3: a path, its brackets included, is at most 256
 * octets; libetpan cuts a longer command at 512 without a word. */
#define SMTP_PATH_MAX		254

/* What a refusal means depends on the command refused (smtp_refused()). */
enum smtp_stage {
	SMTP_STAGE_SENDER,	/* MAIL FROM: our configuration */
	SMTP_STAGE_RCPT,	/* RCPT TO: this recipient */
	SMTP_STAGE_MESSAGE	/* DATA and the text: this message */
};

struct smtp {
	mailsmtp	*ss;		/* the open session, if any */
	struct smtp_peer peer;		/* its ca_file is ca_file */
	char		*url;
	bool		 url_ok;	/* peer's host and port read from url */
	char		*user;
	char		*password;
	char		*ca_file;
	enum sasl_auth	 auth;
	char		*token_file;
	char		*token_command;
};

static enum smtp_result smtp_send_once(struct smtp *, const char *,
		    const char *, const char *, size_t, char *, size_t);
static int	 smtp_open(struct smtp *, char *, size_t);
static int	 smtp_login(struct smtp *, const char *, char *, size_t);
static enum smtp_result smtp_transact(struct smtp *, const char *,
		    const char *, const char *, size_t, char *, size_t);
static enum smtp_result smtp_refused(struct smtp *, const char *,
		    enum smtp_stage, char *, size_t);
static bool	 smtp_path_ok(const char *);
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
	s->url_ok = smtp_conn_url(conf->url, &s->peer);
	s->user = conf->user != NULL ? xstrdup(conf->user) : NULL;
	s->password = conf->password != NULL ? xstrdup(conf->password) : NULL;
	s->ca_file = conf->ca_file != NULL ? xstrdup(conf->ca_file) : NULL;
	s->peer.ca_file = s->ca_file;
	s->peer.starttls = conf->starttls;
	s->peer.insecure = conf->insecure;
	s->peer.timeout = conf->timeout > 0 ? conf->timeout :
	    SMTP_TIMEOUT_DEFAULT;
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

static enum smtp_result
smtp_send_once(struct smtp *s, const char *from, const char *rcpt,
    const char *msg, size_t len, char *why, size_t whylen)
{
	enum smtp_result	 res;

	smtp_conn_deadline(&s->peer);
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
				    (int)s->peer.timeout };
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
		smtp_conn_deadline(&s->peer);
	}
	if ((s->ss = mailsmtp_new(0, NULL)) == NULL)
		log_fatalx("smtp: out of memory");
	rc = smtp_conn_open(s->ss, &s->peer, why, whylen);
	if (rc == 0 && s->user != NULL)
		rc = smtp_login(s, tok, why, whylen);
	token_free(tok);
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
	l.host = s->peer.host;
	l.port = s->peer.port;
	if (smtp_conn_step(s->ss, &s->peer) == -1) {
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
	mailsmtp		*ss = s->ss;
	const struct smtp_peer	*p = &s->peer;

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
	if (smtp_conn_step(ss, p) == -1 ||
	    mailsmtp_mail(ss, from) != MAILSMTP_NO_ERROR)
		return smtp_refused(s, "MAIL FROM", SMTP_STAGE_SENDER, why,
		    whylen);
	if (smtp_conn_step(ss, p) == -1 ||
	    mailsmtp_rcpt(ss, rcpt) != MAILSMTP_NO_ERROR)
		return smtp_refused(s, "RCPT TO", SMTP_STAGE_RCPT, why, whylen);
	if (smtp_conn_step(ss, p) == -1 ||
	    mailsmtp_data(ss) != MAILSMTP_NO_ERROR)
		return smtp_refused(s, "DATA", SMTP_STAGE_MESSAGE, why, whylen);
	if (len >= 2 && msg[len - 2] == '\r' && msg[len - 1] == '\n')
		len -= 2;
	else if (len >= 1 && msg[len - 1] == '\n')
		len--;
	if (smtp_conn_step(ss, p) == -1 ||
	    mailsmtp_data_message(ss, msg, len) != MAILSMTP_NO_ERROR)
		return smtp_refused(s, "the message", SMTP_STAGE_MESSAGE, why,
		    whylen);
	return SMTP_OK;
}

/*
 * The reason after what failed (smtp_conn_reason()) and what it means
 * (smtp.h): permanent only when the server refused this recipient or this
 * message with 5xx; 4xx for the recipient alone defers it alone. A
 * refused sender is our configuration's fault, and 421 (RFC 5321 3.8:
 * closing) the server's, whatever the command.
 */
static enum smtp_result
smtp_refused(struct smtp *s, const char *what, enum smtp_stage stage,
    char *why, size_t whylen)
{
	int	 code;

	code = smtp_conn_reason(s->ss, &s->peer, what, why, whylen);
	if (code == 0 || code == 421 || stage == SMTP_STAGE_SENDER)
		return SMTP_TEMPFAIL;
	if (code >= 500)
		return SMTP_PERMFAIL;
	if (code >= 400 && stage == SMTP_STAGE_RCPT)
		return SMTP_RCPT_TEMPFAIL;
	return SMTP_TEMPFAIL;
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
