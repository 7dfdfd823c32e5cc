/*
 * smtp_auth.c - AUTH (RFC 4954) over a libetpan SMTP session.
 *
 * Spoken here rather than with libetpan's mailesmtp_auth_sasl(), which
 * needs Cyrus SASL and its plugins, knows neither XOAUTH2's error
 * challenge nor OAUTHBEARER, and puts the initial response on the AUTH
 * line whatever its length. The lines go out with mailstream_write() on
 * the session's stream, marked private, and the replies are read from
 * that stream with the session's line buffer, so nothing gets out of step
 * with libetpan's own reads. The messages are sasl.c's; what holds a
 * secret is zeroed after use. Nothing here logs: the caller gets the
 * reason.
 */
#include <libetpan/libetpan.h>

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "mail/smtp_auth.h"

/* RFC 4954 4: the AUTH command line, CR LF included. */
#define SMTP_AUTH_LINE_MAX	512
/* Challenges answered before the exchange is cancelled with "*". */
#define SMTP_AUTH_ROUNDS	3
/* Lines of one reply read before it is taken for garbage. */
#define SMTP_AUTH_REPLY_LINES	64
/* Of a reply's text kept: a 334 challenge whole (sasl.c decodes at most
 * 2048 base64 characters), a refusal for the log. */
#define SMTP_AUTH_TEXT_MAX	2800
#define SMTP_AUTH_SHOWN_MAX	200

/* The messages of one exchange, in the order they go out. */
struct smtp_auth_msgs {
	char		*msg[2];	/* owned, secret */
	int		 n;
	bool		 inline_ir;	/* msg[0] goes on the AUTH line */
};

static bool	 smtp_auth_has(const char *, const char *);
static const char *smtp_auth_choose(const struct smtp_login *, const char *);
static int	 smtp_auth_msgs(const struct smtp_login *, const char *,
		    struct smtp_auth_msgs *);
static int	 smtp_auth_exchange(mailsmtp *, const struct smtp_login *,
		    const char *, const struct smtp_auth_msgs *, char *,
		    size_t, char *);
static int	 smtp_auth_send(mailsmtp *, const char *const *);
static int	 smtp_auth_read(mailsmtp *, char *, size_t);
static void	 smtp_auth_shown(const char *, char *, size_t);

void
smtp_auth_offers(const char *ehlo, char *out, size_t outlen)
{
	const char	*p, *end;
	size_t		 n;

	out[0] = '\0';
	for (p = ehlo; p != NULL && *p != '\0';
	    p = (p = strchr(p, '\n')) != NULL ? p + 1 : NULL) {
		/* "AUTH=" is what some old servers said (and still say). */
		if (strncasecmp(p, "AUTH", 4) != 0 ||
		    (p[4] != ' ' && p[4] != '='))
			continue;
		p += 5;
		p += strspn(p, " ");
		end = p + strcspn(p, "\r\n");
		while (end > p && end[-1] == ' ')
			end--;
		n = (size_t)(end - p);
		if (n >= outlen) {
			n = outlen - 1;
			while (n > 0 && p[n] != ' ')
				n--;
		}
		memcpy(out, p, n);
		out[n] = '\0';
		return;
	}
}

int
smtp_auth(mailsmtp *ss, const struct smtp_login *l, const char *offers,
    char *why, size_t whylen)
{
	struct smtp_auth_msgs	 m;
	const char		*mech;
	char			 reply[SMTP_AUTH_SHOWN_MAX + 16] = "";
	char			 err[SASL_ERROR_MAX + 1] = "";
	int			 code, i;

	if ((mech = smtp_auth_choose(l, offers)) == NULL) {
		snprintf(why, whylen, "AUTH as %s not tried: the server does "
		    "not offer %s (it offers: %s)", l->user,
		    l->mech == SASL_AUTH_PASSWORD ? "AUTH=PLAIN or AUTH=LOGIN" :
		    l->mech == SASL_AUTH_XOAUTH2 ? "AUTH=XOAUTH2" :
		    "AUTH=OAUTHBEARER",
		    offers[0] != '\0' ? offers : "no AUTH at all");
		return -1;
	}
	if (smtp_auth_msgs(l, mech, &m) == -1) {
		snprintf(why, whylen, "AUTH %s as %s not tried: the user name "
		    "cannot be sent with %s (empty, or a control character)",
		    mech, l->user, mech);
		return -1;
	}
	code = smtp_auth_exchange(ss, l, mech, &m, reply, sizeof(reply), err);
	for (i = 0; i < m.n; i++)
		sasl_free(m.msg[i]);
	if (code == 235)
		return 0;
	if (code == 0)
		snprintf(why, whylen, "AUTH %s as %s: connection lost or timed "
		    "out", mech, l->user);
	else
		snprintf(why, whylen, "AUTH %s as %s refused: %s%s%s", mech,
		    l->user, reply, err[0] != '\0' ? "; the server's error: " :
		    "", err);
	return -1;
}

/* Whether the space-separated list offers holds mech. */
static bool
smtp_auth_has(const char *offers, const char *mech)
{
	size_t	 n = strlen(mech), k;

	for (offers += strspn(offers, " "); *offers != '\0';
	    offers += strspn(offers, " ")) {
		k = strcspn(offers, " ");
		if (k == n && strncasecmp(offers, mech, n) == 0)
			return true;
		offers += k;
	}
	return false;
}

/* The mechanism to use, as named on the AUTH line; NULL when none. */
static const char *
smtp_auth_choose(const struct smtp_login *l, const char *offers)
{
	const char	*name = sasl_auth_name(l->mech);

	if (l->mech != SASL_AUTH_PASSWORD)
		return smtp_auth_has(offers, name) ? name : NULL;
	/* PLAIN costs one round trip, LOGIN three. */
	if (smtp_auth_has(offers, "PLAIN"))
		return "PLAIN";
	return smtp_auth_has(offers, "LOGIN") ? "LOGIN" : NULL;
}

/*
 * The messages of mech: PLAIN's or the OAuth2 initial response, on the
 * AUTH line while it stays within SMTP_AUTH_LINE_MAX; LOGIN's user name
 * and password, each after its prompt. -1 when sasl.c cannot build them
 * (an empty user, a control byte).
 */
static int
smtp_auth_msgs(const struct smtp_login *l, const char *mech,
    struct smtp_auth_msgs *m)
{
	memset(m, 0, sizeof(*m));
	if (strcmp(mech, "LOGIN") == 0) {
		m->msg[0] = sasl_base64(l->user);
		m->msg[1] = sasl_base64(l->secret != NULL ? l->secret : "");
		m->n = 2;
		return 0;
	}
	if (strcmp(mech, "PLAIN") == 0)
		m->msg[0] = sasl_plain_response(l->user, l->secret);
	else
		m->msg[0] = sasl_oauth_response(l->mech, l->user, l->host,
		    l->port, l->secret);
	if (m->msg[0] == NULL)
		return -1;
	m->n = 1;
	m->inline_ir = strlen("AUTH ") + strlen(mech) + 1 +
	    strlen(m->msg[0]) + 2 <= SMTP_AUTH_LINE_MAX;
	return 0;
}

/*
 * AUTH, then every 334 answered: with the next message while one is left;
 * an OAuth2 error challenge (RFC 7628 3.2.2) decoded into err
 * (SASL_ERROR_MAX + 1 bytes) and acknowledged, so that the server sends
 * its final reply; anything else, or after SMTP_AUTH_ROUNDS, cancelled
 * with "*". Returns the final reply's code (0: the connection failed)
 * with the reply, cut and printable, in reply (SMTP_AUTH_SHOWN_MAX + 16
 * bytes).
 */
static int
smtp_auth_exchange(mailsmtp *ss, const struct smtp_login *l,
    const char *mech, const struct smtp_auth_msgs *m, char *reply,
    size_t replylen, char *err)
{
	char		 text[SMTP_AUTH_TEXT_MAX], shown[SMTP_AUTH_SHOWN_MAX];
	const char	*answer;
	int		 next = m->inline_ir, code, i;

	if (m->inline_ir)
		code = smtp_auth_send(ss, (const char *const []){ "AUTH ",
		    mech, " ", m->msg[0], "\r\n", NULL });
	else
		code = smtp_auth_send(ss, (const char *const []){ "AUTH ",
		    mech, "\r\n", NULL });
	for (i = 0; code == 0; i++) {
		if ((code = smtp_auth_read(ss, text, sizeof(text))) != 334)
			break;
		if (i >= SMTP_AUTH_ROUNDS)
			answer = "*";
		else if (next < m->n)
			answer = m->msg[next++];
		else if (l->mech != SASL_AUTH_PASSWORD) {
			sasl_oauth_error(text, strlen(text), err);
			answer = sasl_oauth_ack(l->mech);
		} else
			answer = "*";
		code = smtp_auth_send(ss, (const char *const []){ answer,
		    "\r\n", NULL });
	}
	if (code > 0) {
		smtp_auth_shown(text, shown, sizeof(shown));
		snprintf(reply, replylen, "%03d %s", code, shown);
	} else
		code = 0;
	return code;
}

/*
 * The pieces up to the NULL, written in place (no copy of a secret is
 * made) and flushed, as private data. 0, or -1 when the write failed.
 */
static int
smtp_auth_send(mailsmtp *ss, const char *const *part)
{
	int	 i, r = 0;

	mailstream_set_privacy(ss->stream, 0);
	for (i = 0; part[i] != NULL && r == 0; i++)
		if (mailstream_write(ss->stream, part[i], strlen(part[i])) < 0)
			r = -1;
	if (r == 0 && mailstream_flush(ss->stream) == -1)
		r = -1;
	mailstream_set_privacy(ss->stream, 1);
	return r;
}

/*
 * One reply, its lines "ddd-text" up to "ddd text": its code, 0 when the
 * connection failed or what came is no SMTP reply; the text of its lines
 * joined by spaces in text, cut at textlen - 1 bytes.
 */
static int
smtp_auth_read(mailsmtp *ss, char *text, size_t textlen)
{
	const char	*line;
	size_t		 n = 0, k;
	int		 i;

	text[0] = '\0';
	for (i = 0; i < SMTP_AUTH_REPLY_LINES; i++) {
		line = mailstream_read_line_remove_eol(ss->stream,
		    ss->line_buffer);
		if (line == NULL || strlen(line) < 3 ||
		    !isdigit((unsigned char)line[0]) ||
		    !isdigit((unsigned char)line[1]) ||
		    !isdigit((unsigned char)line[2]) ||
		    (line[3] != '\0' && line[3] != ' ' && line[3] != '-'))
			return 0;
		k = line[3] != '\0' ? strlen(line + 4) : 0;
		if (n > 0 && n + 1 < textlen)
			text[n++] = ' ';
		if (k >= textlen - n)
			k = textlen - n - 1;
		if (k > 0)
			memcpy(text + n, line + 4, k);
		text[n += k] = '\0';
		if (line[3] != '-')
			return (line[0] - '0') * 100 + (line[1] - '0') * 10 +
			    (line[2] - '0');
	}
	return 0;
}

/* text for the log: control and non-ASCII bytes as '?', cut with "...". */
static void
smtp_auth_shown(const char *text, char *out, size_t outlen)
{
	size_t	 i;

	for (i = 0; text[i] != '\0' && i + 1 < outlen; i++)
		out[i] = (unsigned char)text[i] >= 0x20 &&
		    (unsigned char)text[i] < 0x7f ? text[i] : '?';
	out[i] = '\0';
	if (text[i] != '\0' && outlen > 4)
		memcpy(out + outlen - 4, "...", 4);
}
