/*
 * smtp.c - hands finished messages to the mail server with libcurl.
 *
 * One easy handle lives as long as the struct smtp, so libcurl keeps the
 * connection (and its TLS session and AUTH) open from one message to the
 * next. After any failure the handle is replaced, which closes the
 * connection: the next message starts from a fresh one. Builds no message:
 * that is compose.c. libcurl verifies certificates itself.
 *
 * With an OAuth2 token (auth xoauth2 or oauthbearer) the token is read
 * (token.c) for every new handle, that is every new connection, and
 * libcurl speaks the mechanism. It does not escape the user name in
 * OAUTHBEARER's gs2 header, so that is done here (sasl.c); and it drops
 * the server's error challenge, so the debug callback keeps it for the
 * log.
 */
#include <curl/curl.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/log.h"
#include "common/util.h"
#include "mail/smtp.h"
#include "mail/token.h"

#define SMTP_TIMEOUT_DEFAULT	60L
#define SMTP_REPLY_MAX		256	/* kept of a refusal, for the log */
#define SMTP_CHALLENGE_MAX	512	/* kept of a 334 challenge (base64) */

struct smtp {
	CURL		*c;		/* none after a failure */
	char		*url;
	char		*user;
	char		*password;
	char		*ca_file;
	bool		 starttls;
	bool		 insecure;
	long		 timeout;
	enum sasl_auth	 auth;
	char		*token_file;
	char		*token_command;
	char		 err[CURL_ERROR_SIZE];
	char		 reply[SMTP_REPLY_MAX];	/* the server's last refusal */
	char		 chal[SMTP_CHALLENGE_MAX];	/* its last 334 text */
	char		 offers[SMTP_REPLY_MAX];	/* its EHLO AUTH line */
};

struct smtp_upload {
	const char	*data;
	size_t		 len;
	size_t		 pos;
};

static enum smtp_result smtp_send_once(struct smtp *, const char *,
		    const char *, const char *, size_t, char *, size_t);
static CURL	*smtp_handle_new(struct smtp *, char *, size_t);
static int	 smtp_login(CURL *, const struct smtp *, char *, size_t);
static void	 smtp_keep(char *, size_t, const char *, size_t);
static size_t	 smtp_read_cb(char *, size_t, size_t, void *);
static int	 smtp_debug_cb(CURL *, curl_infotype, char *, size_t, void *);
static enum smtp_result smtp_classify(CURLcode, long, const char *);
static void	 smtp_why(struct smtp *, CURLcode, char *, size_t);

void
smtp_global_init(void)
{
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
		log_fatalx("smtp: curl_global_init failed");
}

void
smtp_global_cleanup(void)
{
	curl_global_cleanup();
}

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
	if (s == NULL)
		return;
	if (s->c != NULL)
		curl_easy_cleanup(s->c);	/* QUIT */
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
 * time (Exim says 421 after smtp_accept_queue_per_connection mails): a
 * temporary failure on a reused connection is tried once more on a fresh
 * one before the mail waits for the outbox's backoff.
 */
enum smtp_result
smtp_send(struct smtp *s, const char *from, const char *rcpt,
    const char *msg, size_t len, char *why, size_t whylen)
{
	bool			 reused = s->c != NULL;
	enum smtp_result	 res;

	res = smtp_send_once(s, from, rcpt, msg, len, why, whylen);
	if (res == SMTP_TEMPFAIL && reused) {
		log_info("smtp: reused connection failed (%s), reconnecting",
		    why);
		res = smtp_send_once(s, from, rcpt, msg, len, why, whylen);
	}
	return res;
}

static enum smtp_result
smtp_send_once(struct smtp *s, const char *from, const char *rcpt,
    const char *msg, size_t len, char *why, size_t whylen)
{
	struct smtp_upload	 up = { msg, len, 0 };
	struct curl_slist	*rl;
	enum smtp_result	 res;
	CURLcode		 rc;
	long			 code = 0;

	if (s->c == NULL && (s->c = smtp_handle_new(s, why, whylen)) == NULL)
		return SMTP_TEMPFAIL;
	if ((rl = curl_slist_append(NULL, rcpt)) == NULL)
		log_fatalx("smtp: out of memory");
	curl_easy_setopt(s->c, CURLOPT_MAIL_FROM, from);
	curl_easy_setopt(s->c, CURLOPT_MAIL_RCPT, rl);
	curl_easy_setopt(s->c, CURLOPT_READDATA, &up);
	s->err[0] = s->reply[0] = s->chal[0] = s->offers[0] = '\0';
	rc = curl_easy_perform(s->c);
	curl_easy_setopt(s->c, CURLOPT_MAIL_RCPT, NULL);
	curl_slist_free_all(rl);
	if (rc == CURLE_OK)
		return SMTP_OK;
	curl_easy_getinfo(s->c, CURLINFO_RESPONSE_CODE, &code);
	res = smtp_classify(rc, code, s->err);
	smtp_why(s, rc, why, whylen);
	/* Whatever state the session is in, the next message starts afresh. */
	curl_easy_cleanup(s->c);
	s->c = NULL;
	return res;
}

/* A handle for a new connection; NULL with a reason when no token. */
static CURL *
smtp_handle_new(struct smtp *s, char *why, size_t whylen)
{
	CURL	*c;

	if ((c = curl_easy_init()) == NULL)
		log_fatalx("smtp: curl_easy_init failed");
	curl_easy_setopt(c, CURLOPT_URL, s->url);
#if CURL_AT_LEAST_VERSION(7, 85, 0)
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
#endif
	curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(c, CURLOPT_READFUNCTION, smtp_read_cb);
	/* No SIGALRM for timeouts: the daemon owns its signals. */
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, s->timeout);
	curl_easy_setopt(c, CURLOPT_TIMEOUT, s->timeout);
	curl_easy_setopt(c, CURLOPT_ERRORBUFFER, s->err);
	curl_easy_setopt(c, CURLOPT_USE_SSL, s->starttls ?
	    (long)CURLUSESSL_ALL : (long)CURLUSESSL_TRY);
	if (s->ca_file != NULL) {
		/* Only that file: libcurl would also load the whole system
		 * directory on every connection (about 6 MB of heap). */
		curl_easy_setopt(c, CURLOPT_CAINFO, s->ca_file);
		curl_easy_setopt(c, CURLOPT_CAPATH, NULL);
	}
	curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, s->insecure ? 0L : 1L);
	curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, s->insecure ? 0L : 2L);
	if (s->user != NULL && smtp_login(c, s, why, whylen) == -1) {
		curl_easy_cleanup(c);
		return NULL;
	}
	/* The only way to learn the server's words behind a refusal. */
	curl_easy_setopt(c, CURLOPT_DEBUGFUNCTION, smtp_debug_cb);
	curl_easy_setopt(c, CURLOPT_DEBUGDATA, s);
	curl_easy_setopt(c, CURLOPT_VERBOSE, 1L);
	return c;
}

/*
 * The login: the password, or an OAuth2 token read now. libcurl copies
 * both strings, so the token is freed here.
 */
static int
smtp_login(CURL *c, const struct smtp *s, char *why, size_t whylen)
{
	struct token_source	 src = { s->token_file, s->token_command,
				    (int)s->timeout };
	char			*tok, *user;

	if (s->auth == SASL_AUTH_PASSWORD) {
		curl_easy_setopt(c, CURLOPT_USERNAME, s->user);
		curl_easy_setopt(c, CURLOPT_PASSWORD,
		    s->password != NULL ? s->password : "");
		return 0;
	}
	if ((tok = token_read(&src, why, whylen)) == NULL)
		return -1;
	/* libcurl writes the user into the gs2 header as it gets it. */
	user = s->auth == SASL_AUTH_OAUTHBEARER ? sasl_gs2_escape(s->user) :
	    xstrdup(s->user);
	curl_easy_setopt(c, CURLOPT_USERNAME, user);
	curl_easy_setopt(c, CURLOPT_XOAUTH2_BEARER, tok);
	curl_easy_setopt(c, CURLOPT_LOGIN_OPTIONS,
	    s->auth == SASL_AUTH_OAUTHBEARER ? "AUTH=OAUTHBEARER" :
	    "AUTH=XOAUTH2");
	/*
	 * The initial response goes with AUTH while that line stays within
	 * RFC 4954's 512 octets (libcurl measures it); a longer one (most of
	 * Microsoft's tokens) follows the server's empty 334.
	 */
	curl_easy_setopt(c, CURLOPT_SASL_IR, 1L);
	free(user);
	token_free(tok);
	return 0;
}

/* libcurl does the dot-stuffing and sends the final CRLF.CRLF itself. */
static size_t
smtp_read_cb(char *buf, size_t size, size_t nmemb, void *arg)
{
	struct smtp_upload	*up = arg;
	size_t			 n = size * nmemb;

	if (n > up->len - up->pos)
		n = up->len - up->pos;
	memcpy(buf, up->data + up->pos, n);
	up->pos += n;
	return n;
}

/*
 * Keeps the server's last 4xx or 5xx line: the refusal, not the 221 of the
 * QUIT libcurl sends after it; and for an OAuth2 login its last 334
 * challenge (an error, RFC 7628 3.2.2) and the AUTH line of its EHLO.
 * Never sees what we send (AUTH).
 */
static int
smtp_debug_cb(CURL *c, curl_infotype type, char *data, size_t len,
    void *arg)
{
	struct smtp	*s = arg;

	(void)c;
	if (type != CURLINFO_HEADER_IN || len < 4)
		return 0;
	if (data[0] == '4' || data[0] == '5')
		smtp_keep(s->reply, sizeof(s->reply), data, len);
	else if (s->auth != SASL_AUTH_PASSWORD && strncmp(data, "334 ", 4) == 0)
		smtp_keep(s->chal, sizeof(s->chal), data + 4, len - 4);
	else if (s->auth != SASL_AUTH_PASSWORD && len > 9 &&
	    (data[3] == '-' || data[3] == ' ') &&
	    strncasecmp(data + 4, "AUTH ", 5) == 0)
		smtp_keep(s->offers, sizeof(s->offers), data + 9, len - 9);
	return 0;
}

/* One line, without its line end; only explains a failure in the log, so
 * a longer one is cut. */
static void
smtp_keep(char *dst, size_t size, const char *data, size_t len)
{
	while (len > 0 && (data[len - 1] == '\r' || data[len - 1] == '\n'))
		len--;
	if (len >= size)
		len = size - 1;
	memcpy(dst, data, len);
	dst[len] = '\0';
}

/*
 * Permanent only when the server refused this recipient or this message
 * with 5xx. A refused login or sender is our configuration's fault: the
 * message stays queued until the GM fixes it.
 */
static enum smtp_result
smtp_classify(CURLcode rc, long code, const char *err)
{
	if (rc == CURLE_LOGIN_DENIED)
		return SMTP_TEMPFAIL;
	if (code >= 500 && code <= 599 && strncmp(err, "MAIL failed", 11) != 0)
		return SMTP_PERMFAIL;
	/* A full mailbox, greylisting: this recipient, not the server. */
	if (code >= 400 && code <= 499 && strncmp(err, "RCPT failed", 11) == 0)
		return SMTP_RCPT_TEMPFAIL;
	return SMTP_TEMPFAIL;
}

/*
 * libcurl's reason, the server's refusal; for a refused OAuth2 login the
 * server's error challenge decoded, or that it does not offer the
 * mechanism.
 */
static void
smtp_why(struct smtp *s, CURLcode rc, char *why, size_t whylen)
{
	const char	*what;
	char		 err[SASL_ERROR_MAX + 1];
	size_t		 n;

	what = s->err[0] != '\0' ? s->err : curl_easy_strerror(rc);
	if (s->reply[0] != '\0' && (rc == CURLE_LOGIN_DENIED ||
	    rc == CURLE_SEND_ERROR || rc == CURLE_WEIRD_SERVER_REPLY))
		snprintf(why, whylen, "%s (server: %s)", what, s->reply);
	else
		snprintf(why, whylen, "%s", what);
	if (s->auth == SASL_AUTH_PASSWORD || rc != CURLE_LOGIN_DENIED)
		return;
	n = strlen(why);
	if (s->chal[0] != '\0') {
		sasl_oauth_error(s->chal, strlen(s->chal), err);
		snprintf(why + n, whylen - n, "; the server's error: %s", err);
	} else if (s->reply[0] == '\0')
		snprintf(why + n, whylen - n, "; the server does not offer "
		    "AUTH=%s (it offers: %s)", sasl_auth_name(s->auth),
		    s->offers[0] != '\0' ? s->offers : "no AUTH at all");
}
