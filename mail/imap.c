/*
 * imap.c - the judge's mailbox over IMAP, with libetpan.
 *
 * Connects (implicit TLS or STARTTLS), checks the server certificate with
 * tls.c because libetpan does not, logs in, selects one mailbox, chooses how
 * processed mail is marked (its keyword, or \Seen where the mailbox keeps no
 * keyword) and then only lists, fetches and marks by UID. It never sets
 * \Seen by fetching (BODY.PEEK), never clears a flag and never expunges.
 * IDLE is a wake-up hint only: the caller searches again after every
 * return of imap_wait(). Parses no message: that is mime.c.
 */
#include <libetpan/libetpan.h>

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "common/log.h"
#include "common/util.h"
#include "mail/imap.h"
#include "mail/imap_auth.h"
#include "mail/imap_done.h"
#include "mail/imap_url.h"
#include "mail/tls_stream.h"
#include "mail/token.h"

#define IMAP_TIMEOUT_DEFAULT	60
/* RFC 2177: servers may log an idle client out after 30 minutes. */
#define IMAP_IDLE_MAX_MS	(25 * 60 * 1000)
/* How long *stop may go unnoticed while waiting. */
#define IMAP_SLICE_MS		200
/* UIDs per UID FETCH: bounds what libetpan holds in memory at once. */
#define IMAP_FETCH_BATCH	100
#define IMAP_STORE_BATCH	500

struct imap {
	mailimap	*s;
	uint32_t	 uidvalidity;
	bool		 idle;
	enum imap_mark	 mark;
};

struct imap_copy {
	uint32_t	 uid;
	char		*raw;
	size_t		 len;
};

static int	imap_ok(int);
static const char *imap_strerror(const mailimap *, int);
static bool	imap_has_cap(mailimap *, const char *);
static int	imap_open(struct imap *, const struct imap_conf *,
		    const struct imap_url *, char *, size_t);
static int	imap_login(struct imap *, const struct imap_conf *,
		    const struct imap_url *, const char *, char *, size_t);
static struct mailimap_set *imap_set_new(const uint32_t *, size_t);
static int	imap_uid_cmp(const void *, const void *);
static int	imap_fetch_batch(struct imap *, const uint32_t *, size_t,
		    int (*)(void *, uint32_t, const char *, size_t), void *);
static void	imap_att_get(struct mailimap_msg_att *, uint32_t *,
		    const char **, size_t *);
static int	imap_copy_cb(void *, uint32_t, const char *, size_t);
static int	imap_idle_once(struct imap *, int, volatile sig_atomic_t *);
static int	imap_sleep(struct imap *, int, volatile sig_atomic_t *);
static long	imap_ms_since(const struct timespec *);

struct imap *
imap_connect(const struct imap_conf *conf, char *why, size_t whylen)
{
	struct imap_url	 u;
	struct imap	*im;
	char		*tok = NULL;
	int		 r;

	if (imap_url_parse(conf->url, &u, why, whylen) == -1 ||
	    (conf->auth != SASL_AUTH_PASSWORD &&
	    (tok = imap_auth_token(conf, why, whylen)) == NULL))
		return NULL;
	im = xcalloc(1, sizeof(*im));
	if ((im->s = mailimap_new(0, NULL)) == NULL)
		log_fatalx("imap: out of memory");
	mailimap_set_timeout(im->s, conf->timeout > 0 ? conf->timeout :
	    IMAP_TIMEOUT_DEFAULT);
	if (imap_open(im, conf, &u, why, whylen) == -1 ||
	    imap_login(im, conf, &u, tok, why, whylen) == -1)
		goto fail;
	token_free(tok);
	tok = NULL;
	r = mailimap_select(im->s, u.mailbox);
	if (!imap_ok(r) || im->s->imap_selection_info == NULL) {
		snprintf(why, whylen, "SELECT %s failed: %s", u.mailbox,
		    imap_strerror(im->s, r));
		goto fail;
	}
	im->uidvalidity = im->s->imap_selection_info->sel_uidvalidity;
	im->mark = imap_done_choose(im->s->imap_selection_info->sel_perm_flags);
	/* Capabilities may grow after login; the greeting's are stale. */
	im->idle = imap_has_cap(im->s, "IDLE");
	return im;

fail:
	token_free(tok);
	mailimap_free(im->s);
	free(im);
	return NULL;
}

void
imap_close(struct imap *im)
{
	if (im == NULL)
		return;
	mailimap_logout(im->s);
	mailimap_free(im->s);
	free(im);
}

uint32_t
imap_uidvalidity(const struct imap *im)
{
	return im->uidvalidity;
}

bool
imap_has_idle(const struct imap *im)
{
	return im->idle;
}

enum imap_mark
imap_marking(const struct imap *im)
{
	return im->mark;
}

int
imap_search_pending(struct imap *im, uint32_t **uids, size_t *n)
{
	struct mailimap_search_key	*key;
	clist				*res = NULL;
	clistiter			*it;
	size_t				 i = 0;
	int				 r;

	*uids = NULL;
	*n = 0;
	/*
	 * Dovecot answers SEARCH from its last view of the mailbox; on
	 * Maildir, mail delivered in the same second as that view stayed
	 * invisible for ~4 s in tests. NOOP makes it look again.
	 */
	if (!imap_ok(r = mailimap_noop(im->s))) {
		log_warnx("imap: NOOP failed: %s", imap_strerror(im->s, r));
		return -1;
	}
	key = imap_done_key(im->mark);
	r = mailimap_uid_search(im->s, NULL, key, &res);
	mailimap_search_key_free(key);
	if (!imap_ok(r)) {
		log_warnx("imap: UID SEARCH for mail without %s failed: %s",
		    imap_done_name(im->mark), imap_strerror(im->s, r));
		return -1;
	}
	*uids = xcalloc(clist_count(res), sizeof(**uids));
	for (it = clist_begin(res); it != NULL; it = clist_next(it))
		(*uids)[i++] = *(uint32_t *)clist_content(it);
	mailimap_search_result_free(res);
	qsort(*uids, i, sizeof(**uids), imap_uid_cmp);
	*n = i;
	return 0;
}

int
imap_fetch(struct imap *im, uint32_t uid, char **raw, size_t *len)
{
	struct imap_copy	 c = { uid, NULL, 0 };

	*raw = NULL;
	*len = 0;
	if (imap_fetch_many(im, &uid, 1, imap_copy_cb, &c) == -1)
		return -1;
	if (c.raw == NULL)
		return 1;
	*raw = c.raw;
	*len = c.len;
	return 0;
}

int
imap_fetch_many(struct imap *im, const uint32_t *uids, size_t n,
    int (*cb)(void *, uint32_t, const char *, size_t), void *arg)
{
	size_t	 i, k;
	int	 r;

	for (i = 0; i < n; i += k) {
		k = n - i < IMAP_FETCH_BATCH ? n - i : IMAP_FETCH_BATCH;
		if ((r = imap_fetch_batch(im, uids + i, k, cb, arg)) != 0)
			return r;
	}
	return 0;
}

int
imap_mark_done(struct imap *im, const uint32_t *uids, size_t n)
{
	struct mailimap_flag_list	*fl;
	struct mailimap_store_att_flags	*sf;
	struct mailimap_set		*set;
	size_t				 i, k;
	int				 r = MAILIMAP_NO_ERROR;

	fl = mailimap_flag_list_new_empty();
	if (mailimap_flag_list_add(fl, imap_done_flag(im->mark)) !=
	    MAILIMAP_NO_ERROR)
		log_fatalx("imap: out of memory");
	/*
	 * +FLAGS adds the mark and leaves the operator's flags as they are;
	 * .SILENT: the server need not echo every message's flags.
	 */
	sf = mailimap_store_att_flags_new_add_flags_silent(fl);
	for (i = 0; i < n && imap_ok(r); i += k) {
		k = n - i < IMAP_STORE_BATCH ? n - i : IMAP_STORE_BATCH;
		set = imap_set_new(uids + i, k);
		r = mailimap_uid_store(im->s, set, sf);
		mailimap_set_free(set);
	}
	mailimap_store_att_flags_free(sf);
	if (!imap_ok(r)) {
		log_warnx("imap: UID STORE +FLAGS (%s) failed: %s",
		    imap_done_name(im->mark), imap_strerror(im->s, r));
		return -1;
	}
	return 0;
}

int
imap_wait(struct imap *im, int timeout_ms, volatile sig_atomic_t *stop)
{
	struct timespec	 t0;
	long		 left;
	int		 r;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (!im->idle)
		return imap_sleep(im, timeout_ms, stop);
	for (;;) {
		left = timeout_ms - imap_ms_since(&t0);
		if (*stop || left <= 0)
			return 0;
		if (left > IMAP_IDLE_MAX_MS)
			left = IMAP_IDLE_MAX_MS;
		/* 0 here also means "only a keep-alive came": idle again. */
		if ((r = imap_idle_once(im, (int)left, stop)) != 0)
			return r;
	}
}

/* Connect answers 1 or 2 on a normal greeting, not 0. */
static int
imap_ok(int r)
{
	return r == MAILIMAP_NO_ERROR || r == MAILIMAP_NO_ERROR_AUTHENTICATED ||
	    r == MAILIMAP_NO_ERROR_NON_AUTHENTICATED;
}

/* The server's own words when it refused, else what libetpan saw. */
static const char *
imap_strerror(const mailimap *s, int r)
{
	switch (r) {
	case MAILIMAP_ERROR_STREAM:
		return "connection lost or timed out";
	case MAILIMAP_ERROR_CONNECTION_REFUSED:
		return "cannot connect";
	case MAILIMAP_ERROR_SSL:
		return "TLS handshake failed";
	case MAILIMAP_ERROR_PARSE:
		return "unreadable server response";
	case MAILIMAP_ERROR_BAD_STATE:
		return "command not allowed in this state";
	case MAILIMAP_ERROR_MEMORY:
		log_fatalx("imap: out of memory");
	}
	if (s != NULL && s->imap_response != NULL && *s->imap_response != '\0')
		return s->imap_response;
	return "refused by the server";
}

static bool
imap_has_cap(mailimap *s, const char *name)
{
	struct mailimap_capability_data	*cd = NULL;
	struct mailimap_capability	*c;
	clistiter			*it;
	bool				 found = false;

	if (!imap_ok(mailimap_capability(s, &cd)) || cd == NULL)
		return false;
	for (it = clist_begin(cd->cap_list); it != NULL; it = clist_next(it)) {
		c = clist_content(it);
		if (c->cap_type == MAILIMAP_CAPABILITY_NAME &&
		    strcasecmp(c->cap_data.cap_name, name) == 0)
			found = true;
	}
	mailimap_capability_data_free(cd);
	return found;
}

/*
 * TCP or TLS, then STARTTLS on imap:// when offered; without TLS the
 * password or token would travel in clear, which only starttls = false
 * permits.
 */
static int
imap_open(struct imap *im, const struct imap_conf *conf,
    const struct imap_url *u, char *why, size_t whylen)
{
	bool	 tls = u->tls;
	int	 r;

	/* The host goes into SNI (tls_stream_sni() keeps an address out);
	 * u outlives the handshake. */
	if (u->tls)
		r = mailimap_ssl_connect_with_callback(im->s, u->host, u->port,
		    tls_stream_sni, (void *)u->host);
	else
		r = mailimap_socket_connect(im->s, u->host, u->port);
	if (!imap_ok(r)) {
		snprintf(why, whylen, "connect to %s port %u failed: %s",
		    u->host, u->port, imap_strerror(NULL, r));
		return -1;
	}
	if (!u->tls && imap_has_cap(im->s, "STARTTLS")) {
		r = mailimap_socket_starttls_with_callback(im->s,
		    tls_stream_sni, (void *)u->host);
		if (!imap_ok(r)) {
			snprintf(why, whylen, "STARTTLS with %s failed: %s",
			    u->host, imap_strerror(im->s, r));
			return -1;
		}
		tls = true;
	} else if (!u->tls && conf->starttls) {
		snprintf(why, whylen, "%s offers no STARTTLS; not sending the "
		    "password or token in clear (set starttls = false to "
		    "allow)", u->host);
		return -1;
	}
	if (tls && !conf->insecure)
		return tls_stream_verify(im->s->imap_stream, u->host,
		    conf->ca_file, why, whylen);
	return 0;
}

/*
 * LOGIN with the password, or AUTHENTICATE with the OAuth2 token tok. The
 * reason names the way and the user, then the server's words.
 */
static int
imap_login(struct imap *im, const struct imap_conf *conf,
    const struct imap_url *u, const char *tok, char *why, size_t whylen)
{
	char	 detail[256] = "";
	int	 r;

	if (conf->auth == SASL_AUTH_PASSWORD)
		r = mailimap_login(im->s, conf->user, conf->password);
	else
		r = imap_auth_oauth(im->s, conf, tok, u->host, u->port,
		    detail, sizeof(detail));
	if (imap_ok(r))
		return 0;
	if (r == IMAP_AUTH_NOT_TRIED)
		snprintf(why, whylen, "%s as %s not tried: %s",
		    sasl_auth_name(conf->auth), conf->user, detail);
	else
		snprintf(why, whylen, "%s as %s refused: %s%s%s",
		    conf->auth == SASL_AUTH_PASSWORD ? "login" :
		    sasl_auth_name(conf->auth), conf->user,
		    imap_strerror(im->s, r), detail[0] != '\0' ? "; " : "",
		    detail);
	return -1;
}

/* Runs of consecutive UIDs become ranges to keep the command short. */
static struct mailimap_set *
imap_set_new(const uint32_t *uids, size_t n)
{
	struct mailimap_set	*set;
	size_t			 i, j;

	if ((set = mailimap_set_new_empty()) == NULL)
		log_fatalx("imap: out of memory");
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && uids[j] == uids[j - 1] + 1; j++)
			;
		if (mailimap_set_add_interval(set, uids[i], uids[j - 1]) !=
		    MAILIMAP_NO_ERROR)
			log_fatalx("imap: out of memory");
	}
	return set;
}

static int
imap_uid_cmp(const void *a, const void *b)
{
	uint32_t	 x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * One UID FETCH (UID BODY.PEEK[]) for n UIDs. Responses without a body
 * (unsolicited flag updates) are skipped; UIDs that are gone simply do
 * not appear. A non-zero answer from cb ends the walk and is returned.
 */
static int
imap_fetch_batch(struct imap *im, const uint32_t *uids, size_t n,
    int (*cb)(void *, uint32_t, const char *, size_t), void *arg)
{
	struct mailimap_set		*set;
	struct mailimap_fetch_type	*ft;
	struct mailimap_section		*sec;
	clist				*res = NULL;
	clistiter			*it;
	const char			*body;
	size_t				 len;
	uint32_t			 uid;
	int				 r, rc = 0;

	set = imap_set_new(uids, n);
	ft = mailimap_fetch_type_new_fetch_att_list_empty();
	mailimap_fetch_type_new_fetch_att_list_add(ft,
	    mailimap_fetch_att_new_uid());
	/* BODY.PEEK[]: the whole message, \Seen untouched. */
	sec = mailimap_section_new(NULL);
	mailimap_fetch_type_new_fetch_att_list_add(ft,
	    mailimap_fetch_att_new_body_peek_section(sec));
	r = mailimap_uid_fetch(im->s, set, ft, &res);
	mailimap_fetch_type_free(ft);
	mailimap_set_free(set);
	if (!imap_ok(r)) {
		log_warnx("imap: UID FETCH of %zu failed: %s", n,
		    imap_strerror(im->s, r));
		return -1;
	}
	for (it = clist_begin(res); it != NULL && rc == 0;
	    it = clist_next(it)) {
		imap_att_get(clist_content(it), &uid, &body, &len);
		if (uid != 0 && body != NULL)
			rc = cb(arg, uid, body, len);
	}
	mailimap_fetch_list_free(res);
	return rc;
}

/* The UID and the body of one FETCH response; 0 and NULL when absent. */
static void
imap_att_get(struct mailimap_msg_att *att, uint32_t *uid, const char **body,
    size_t *len)
{
	struct mailimap_msg_att_item	*item;
	struct mailimap_msg_att_static	*st;
	clistiter			*it;

	*uid = 0;
	*body = NULL;
	*len = 0;
	for (it = clist_begin(att->att_list); it != NULL; it = clist_next(it)) {
		item = clist_content(it);
		if (item->att_type != MAILIMAP_MSG_ATT_ITEM_STATIC)
			continue;
		st = item->att_data.att_static;
		if (st->att_type == MAILIMAP_MSG_ATT_UID)
			*uid = st->att_data.att_uid;
		else if (st->att_type == MAILIMAP_MSG_ATT_BODY_SECTION) {
			*body = st->att_data.att_body_section->sec_body_part;
			*len = st->att_data.att_body_section->sec_length;
		}
	}
}

static int
imap_copy_cb(void *arg, uint32_t uid, const char *raw, size_t len)
{
	struct imap_copy	*c = arg;

	if (uid != c->uid || c->raw != NULL)
		return 0;
	c->raw = xmalloc(len + 1);
	memcpy(c->raw, raw, len);
	c->raw[len] = '\0';
	c->len = len;
	return 0;
}

/*
 * One IDLE ... DONE round of at most ms. 1 when the server announced a
 * message (EXISTS or RECENT), 0 for a keep-alive, a timeout or *stop, -1
 * when the connection is gone.
 */
static int
imap_idle_once(struct imap *im, int ms, volatile sig_atomic_t *stop)
{
	struct mailimap_selection_info	*sel = im->s->imap_selection_info;
	struct pollfd			 pfd;
	struct timespec			 t0;
	long				 left;
	int				 r, pr;

	sel->sel_has_exists = 0;
	sel->sel_has_recent = 0;
	if (!imap_ok(r = mailimap_idle(im->s))) {
		log_warnx("imap: IDLE failed: %s", imap_strerror(im->s, r));
		return -1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pfd.fd = mailimap_idle_get_fd(im->s);
	pfd.events = POLLIN;
	while (!*stop && (left = ms - imap_ms_since(&t0)) > 0) {
		/*
		 * An EXISTS sent with "+ idling" sits in libetpan's buffer
		 * already; poll() on the socket would sleep through it.
		 */
		if (im->s->imap_stream->read_buffer_len > 0)
			break;
		pr = poll(&pfd, 1, left < IMAP_SLICE_MS ? (int)left :
		    IMAP_SLICE_MS);
		if (pr > 0 || (pr == -1 && errno != EINTR))
			break;
	}
	if (!imap_ok(r = mailimap_idle_done(im->s))) {
		log_warnx("imap: IDLE DONE failed: %s",
		    imap_strerror(im->s, r));
		return -1;
	}
	return sel->sel_has_exists || sel->sel_has_recent;
}

/* Without IDLE: sleep, then one NOOP collects what the server has. */
static int
imap_sleep(struct imap *im, int ms, volatile sig_atomic_t *stop)
{
	struct mailimap_selection_info	*sel = im->s->imap_selection_info;
	struct timespec			 t0;
	long				 left;
	int				 r;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (!*stop && (left = ms - imap_ms_since(&t0)) > 0)
		poll(NULL, 0, left < IMAP_SLICE_MS ? (int)left : IMAP_SLICE_MS);
	if (*stop)
		return 0;
	sel->sel_has_exists = 0;
	sel->sel_has_recent = 0;
	if (!imap_ok(r = mailimap_noop(im->s))) {
		log_warnx("imap: NOOP failed: %s", imap_strerror(im->s, r));
		return -1;
	}
	return sel->sel_has_exists || sel->sel_has_recent;
}

static long
imap_ms_since(const struct timespec *t0)
{
	struct timespec	 t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000L +
	    (t.tv_nsec - t0->tv_nsec) / 1000000L;
}
