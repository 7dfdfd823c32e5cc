/*
 * imap_auth.c - AUTHENTICATE XOAUTH2 or OAUTHBEARER (RFC 7628) over a
 * libetpan IMAP session.
 *
 * Spoken here rather than with libetpan's mailimap_oauth2_authenticate(),
 * which knows XOAUTH2 alone, sends the initial response whether or not the
 * server announced SASL-IR, and drops the server's error challenge. The
 * token is read (token.c) at every call and the messages are built by
 * sasl.c; both are zeroed after use, and libetpan's stream is told that
 * what goes out is private. Nothing here logs: the caller gets the reason.
 */
#include <libetpan/libetpan.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "mail/imap_auth.h"
#include "mail/sasl.h"
#include "mail/token.h"

/* Continuations answered before the exchange is cancelled with "*". */
#define IMAP_AUTH_ROUNDS	3

static int	 imap_auth_offers(mailimap *, const char *, bool *, char *,
		    size_t);
static int	 imap_auth_exchange(mailimap *, enum sasl_auth, const char *,
		    bool, char *);
static int	 imap_auth_send(mailimap *, const char *const *);
static int	 imap_auth_done(mailimap *);

char *
imap_auth_token(const struct imap_conf *conf, char *why, size_t whylen)
{
	struct token_source	 src = { conf->token_file, conf->token_command,
				    conf->timeout };
	char			 detail[256];
	char			*tok;

	if ((tok = token_read(&src, detail, sizeof(detail))) == NULL)
		snprintf(why, whylen, "%s as %s not tried: %s",
		    sasl_auth_name(conf->auth), conf->user, detail);
	return tok;
}

int
imap_auth_oauth(mailimap *s, const struct imap_conf *conf, const char *token,
    const char *host, uint16_t port, char *detail, size_t detaillen)
{
	const char	*mech = sasl_auth_name(conf->auth);
	char		*ir = NULL, err[SASL_ERROR_MAX + 1] = "";
	bool		 sasl_ir;
	int		 r;

	detail[0] = '\0';
	if ((r = imap_auth_offers(s, mech, &sasl_ir, detail, detaillen)) !=
	    MAILIMAP_NO_ERROR)
		return r;
	ir = sasl_oauth_response(conf->auth, conf->user, host, port, token);
	if (ir == NULL) {
		snprintf(detail, detaillen, "the user name cannot be sent "
		    "with %s (empty, or a control character)", mech);
		return IMAP_AUTH_NOT_TRIED;
	}
	r = imap_auth_exchange(s, conf->auth, ir, sasl_ir, err);
	if (r == MAILIMAP_NO_ERROR)
		s->imap_state = MAILIMAP_STATE_AUTHENTICATED;
	else if (err[0] != '\0')
		snprintf(detail, detaillen, "the server's error: %s", err);
	sasl_free(ir);
	return r;
}

/*
 * One CAPABILITY (the greeting's list is stale after STARTTLS): whether
 * AUTH=mech is there, and SASL-IR. IMAP_AUTH_NOT_TRIED with the offered
 * mechanisms in detail when mech is not.
 */
static int
imap_auth_offers(mailimap *s, const char *mech, bool *sasl_ir, char *detail,
    size_t detaillen)
{
	struct mailimap_capability_data	*cd = NULL;
	struct mailimap_capability	*c;
	clistiter			*it;
	char				 have[200] = "";
	bool				 found = false;
	size_t				 n;
	int				 r;

	*sasl_ir = false;
	if ((r = mailimap_capability(s, &cd)) != MAILIMAP_NO_ERROR)
		return r;
	for (it = clist_begin(cd->cap_list); it != NULL; it = clist_next(it)) {
		c = clist_content(it);
		if (c->cap_type == MAILIMAP_CAPABILITY_NAME &&
		    strcasecmp(c->cap_data.cap_name, "SASL-IR") == 0)
			*sasl_ir = true;
		if (c->cap_type != MAILIMAP_CAPABILITY_AUTH_TYPE)
			continue;
		if (strcasecmp(c->cap_data.cap_auth_type, mech) == 0)
			found = true;
		/* The list explains a refusal; a long one is cut. */
		n = strlen(have);
		snprintf(have + n, sizeof(have) - n, " AUTH=%s",
		    c->cap_data.cap_auth_type);
	}
	mailimap_capability_data_free(cd);
	if (found)
		return MAILIMAP_NO_ERROR;
	snprintf(detail, detaillen, "the server does not offer AUTH=%s (it "
	    "offers:%s)", mech, have[0] != '\0' ? have : " no AUTH= at all");
	return IMAP_AUTH_NOT_TRIED;
}

/*
 * The exchange (RFC 3501 6.2.2). Each "+" line is answered: the first with
 * the initial response unless it went with the command; a later one is
 * the server's error challenge (RFC 7628 3.2.2), decoded into err and
 * answered so that the server sends its tagged NO; after IMAP_AUTH_ROUNDS
 * the exchange is cancelled with "*".
 */
static int
imap_auth_exchange(mailimap *s, enum sasl_auth mech, const char *ir,
    bool sasl_ir, char *err)
{
	const char	*line, *reply, *chal;
	bool		 sent = sasl_ir;
	int		 i, r;

	r = mailimap_send_current_tag(s);
	if (r == MAILIMAP_NO_ERROR && sasl_ir)
		r = imap_auth_send(s, (const char *const []){ "AUTHENTICATE ",
		    sasl_auth_name(mech), " ", ir, "\r\n", NULL });
	else if (r == MAILIMAP_NO_ERROR)
		r = imap_auth_send(s, (const char *const []){ "AUTHENTICATE ",
		    sasl_auth_name(mech), "\r\n", NULL });
	for (i = 0; r == MAILIMAP_NO_ERROR; i++) {
		if ((line = mailimap_read_line(s)) == NULL)
			return MAILIMAP_ERROR_STREAM;
		if (line[0] != '+')
			return imap_auth_done(s);
		if (i >= IMAP_AUTH_ROUNDS)
			reply = "*";
		else if (!sent) {
			reply = ir;
			sent = true;
		} else {
			chal = line + 1 + (line[1] == ' ');
			sasl_oauth_error(chal, strcspn(chal, "\r\n"), err);
			reply = sasl_oauth_ack(mech);
		}
		r = imap_auth_send(s, (const char *const []){ reply, "\r\n",
		    NULL });
	}
	return r;
}

/*
 * The pieces up to the NULL, written in place (no copy of the token is
 * made) and flushed, as private data.
 */
static int
imap_auth_send(mailimap *s, const char *const *part)
{
	int	 i, r = MAILIMAP_NO_ERROR;

	mailstream_set_privacy(s->imap_stream, 0);
	for (i = 0; part[i] != NULL && r == MAILIMAP_NO_ERROR; i++)
		if (mailstream_write(s->imap_stream, part[i],
		    strlen(part[i])) < 0)
			r = MAILIMAP_ERROR_STREAM;
	if (r == MAILIMAP_NO_ERROR && mailstream_flush(s->imap_stream) == -1)
		r = MAILIMAP_ERROR_STREAM;
	mailstream_set_privacy(s->imap_stream, 1);
	return r;
}

/* The tagged answer, read from the line already in libetpan's buffer. */
static int
imap_auth_done(mailimap *s)
{
	struct mailimap_response	*resp;
	bool				 ok;
	int				 r;

	if ((r = mailimap_parse_response(s, &resp)) != MAILIMAP_NO_ERROR)
		return r;
	ok = resp->rsp_resp_done->rsp_type == MAILIMAP_RESP_DONE_TYPE_TAGGED &&
	    resp->rsp_resp_done->rsp_data.rsp_tagged->rsp_cond_state->rsp_type
	    == MAILIMAP_RESP_COND_STATE_OK;
	mailimap_response_free(resp);
	return ok ? MAILIMAP_NO_ERROR : MAILIMAP_ERROR_LOGIN;
}
