/*
 * smtp.c - hands finished messages to the mail server with libcurl.
 *
 * One easy handle lives as long as the struct smtp, so libcurl keeps the
 * connection (and its TLS session and AUTH) open from one message to the
 * next. After any failure the handle is replaced, which closes the
 * connection: the next message starts from a fresh one. Builds no message:
 * that is compose.c. libcurl verifies certificates itself.
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

#define SMTP_TIMEOUT_DEFAULT	60L
#define SMTP_REPLY_MAX		256	/* kept of a refusal, for the log */

struct smtp {
	CURL		*c;		/* none after a failure */
	char		*url;
	char		*user;
	char		*password;
	char		*ca_file;
	bool		 starttls;
	bool		 insecure;
	long		 timeout;
	char		 err[CURL_ERROR_SIZE];
	char		 reply[SMTP_REPLY_MAX];	/* the server's last refusal */
};

struct smtp_upload {
	const char	*data;
	size_t		 len;
	size_t		 pos;
};

static enum smtp_result smtp_send_once(struct smtp *, const char *,
		    const char *, const char *, size_t, char *, size_t);
static CURL	*smtp_handle_new(struct smtp *);
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

	if (s->c == NULL)
		s->c = smtp_handle_new(s);
	if ((rl = curl_slist_append(NULL, rcpt)) == NULL)
		log_fatalx("smtp: out of memory");
	curl_easy_setopt(s->c, CURLOPT_MAIL_FROM, from);
	curl_easy_setopt(s->c, CURLOPT_MAIL_RCPT, rl);
	curl_easy_setopt(s->c, CURLOPT_READDATA, &up);
	s->err[0] = s->reply[0] = '\0';
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

static CURL *
smtp_handle_new(struct smtp *s)
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
	if (s->user != NULL) {
		curl_easy_setopt(c, CURLOPT_USERNAME, s->user);
		curl_easy_setopt(c, CURLOPT_PASSWORD,
		    s->password != NULL ? s->password : "");
	}
	/* The only way to learn the server's words behind a refusal. */
	curl_easy_setopt(c, CURLOPT_DEBUGFUNCTION, smtp_debug_cb);
	curl_easy_setopt(c, CURLOPT_DEBUGDATA, s);
	curl_easy_setopt(c, CURLOPT_VERBOSE, 1L);
	return c;
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
 * QUIT libcurl sends after it. Never sees what we send (AUTH).
 */
static int
smtp_debug_cb(CURL *c, curl_infotype type, char *data, size_t len,
    void *arg)
{
	struct smtp	*s = arg;

	(void)c;
	if (type != CURLINFO_HEADER_IN || len == 0 ||
	    (data[0] != '4' && data[0] != '5'))
		return 0;
	while (len > 0 && (data[len - 1] == '\r' || data[len - 1] == '\n'))
		len--;
	/* Only explains a failure in the log: a longer line is cut. */
	if (len >= sizeof(s->reply))
		len = sizeof(s->reply) - 1;
	memcpy(s->reply, data, len);
	s->reply[len] = '\0';
	return 0;
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

static void
smtp_why(struct smtp *s, CURLcode rc, char *why, size_t whylen)
{
	const char	*what;

	what = s->err[0] != '\0' ? s->err : curl_easy_strerror(rc);
	if (s->reply[0] != '\0' && (rc == CURLE_LOGIN_DENIED ||
	    rc == CURLE_SEND_ERROR || rc == CURLE_WEIRD_SERVER_REPLY))
		snprintf(why, whylen, "%s (server: %s)", what, s->reply);
	else
		snprintf(why, whylen, "%s", what);
}
