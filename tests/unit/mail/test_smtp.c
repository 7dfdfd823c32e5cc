/*
 * test_smtp.c - mail/smtp.c and smtp_auth.c against a scripted SMTP server
 * (support_lineserver.h). The OAuth2 login: the exact bytes sent for
 * XOAUTH2 and OAUTHBEARER (the user gs2-escaped, host and port), the
 * initial response held back when AUTH would pass RFC 4954's 512 octets,
 * the error challenge answered (for XOAUTH2 too, with an empty line) and
 * its JSON in the reason, a server without the mechanism refused before
 * any MAIL, and the token read again for every connection. The password:
 * PLAIN, else LOGIN. The message: dot-stuffed, line ends CR LF, otherwise
 * as given. The connection: kept for the next message, replaced at once
 * when the server closes it (421, or silently), how each refusal is
 * classed, STARTTLS required, the timeout. Exim answers in
 * tests/e2e/test_oauth.sh and mailclient_test.c.
 */
#include "tests/unit/test.h"

#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "mail/smtp.h"
#include "tests/unit/mail/support_lineserver.h"

/* {"status":"invalid_token","scope":"mail"} */
#define SMTP_JSON_B64 \
	"eyJzdGF0dXMiOiJpbnZhbGlkX3Rva2VuIiwic2NvcGUiOiJtYWlsIn0="
/* How the response ends that the server takes. */
#define SMTP_GOOD	"\001auth=Bearer good-token\001\001"
#define SMTP_FRESH	"\001auth=Bearer fresh-token\001\001"
#define SMTP_MSG	"From: judge@example.test\r\nSubject: t\r\n\r\nhi\r\n"

struct script {
	const char	*auths;		/* the EHLO AUTH line's mechanisms */
	const char	*good;		/* how a response it takes ends */
	const char	*rcpt;		/* the reply to RCPT; NULL: 250 */
	const char	*mail;		/* the reply to MAIL; NULL: 250 */
	const char	*end;		/* the reply to the data; NULL: 250 */
	int		 per_conn;	/* mails a connection takes; 0: any */
	bool		 silent;	/* then close at once after the last,
					   not with 421 at the next MAIL */
	bool		 mute;		/* no greeting at all */
};

/* What PLAIN and LOGIN must send for judge / pw, base64. */
#define SMTP_PLAIN_B64	"AGp1ZGdlAHB3"		/* \0judge\0pw */
#define SMTP_USER_B64	"anVkZ2U="
#define SMTP_PW_B64	"cHc="


static char	 tokfile[64], why[512], url[64];


/* AUTH LOGIN: the two prompts of the draft, then 235 for judge / pw. */
static void
fake_login(struct ls_conn *c)
{
	const char	*l;
	bool		 ok;

	ls_write(c, "334 VXNlcm5hbWU6");
	if ((l = ls_read(c)) == NULL)
		return;
	ok = strcmp(l, SMTP_USER_B64) == 0;
	ls_write(c, "334 UGFzc3dvcmQ6");
	if ((l = ls_read(c)) == NULL)
		return;
	ok = ok && strcmp(l, SMTP_PW_B64) == 0;
	ls_write(c, ok ? "235 2.7.0 ok" : "535 5.7.8 no");
}

static void
fake_auth(struct ls_conn *c, const struct script *sc, const char *args)
{
	static char	 plain[8192];
	const char	*ir = strchr(args, ' ');
	size_t		 n, k = strlen(sc->good);
	/* args is gone with the next ls_read() */
	bool		 is_plain = strncasecmp(args, "PLAIN", 5) == 0;

	if (strncasecmp(args, "LOGIN", 5) == 0) {
		fake_login(c);
		return;
	}
	if (ir == NULL) {
		ls_write(c, "334 ");
		ir = ls_read(c);
	} else
		ir++;
	if (ir == NULL)
		return;
	if (is_plain) {
		ls_write(c, strcmp(ir, SMTP_PLAIN_B64) == 0 ? "235 2.7.0 ok" :
		    "535 5.7.8 no");
		return;
	}
	ls_b64_decode(ir, plain, sizeof(plain));
	n = strlen(plain);
	if (k > 0 && n >= k && strcmp(plain + n - k, sc->good) == 0) {
		ls_write(c, "235 2.7.0 Authentication successful");
		return;
	}
	ls_write(c, "334 " SMTP_JSON_B64);
	if (ls_read(c) != NULL)
		ls_write(c, "535 5.7.8 Authentication credentials invalid");
}

static void
fake_smtp(struct ls_conn *c, void *arg)
{
	const struct script	*sc = arg;
	const char		*l;
	int			 msgs = 0, lf;

	if (sc->mute) {
		(void)ls_read(c);	/* until the client gives up */
		return;
	}
	ls_write(c, "220 fake ESMTP");
	while ((l = ls_read(c)) != NULL) {
		if (strncasecmp(l, "EHLO ", 5) == 0) {
			ls_write(c, "250-fake");
			if (sc->auths != NULL)
				ls_write(c, "250-AUTH %s", sc->auths);
			ls_write(c, "250 8BITMIME");
		} else if (strncasecmp(l, "AUTH ", 5) == 0)
			fake_auth(c, sc, l + 5);
		else if (strncasecmp(l, "MAIL ", 5) == 0 && sc->per_conn > 0 &&
		    msgs == sc->per_conn) {
			/* Exim after smtp_accept_max_per_connection */
			ls_write(c, "421 4.7.0 fake: too many messages");
			return;
		} else if (strncasecmp(l, "MAIL ", 5) == 0)
			ls_write(c, "%s", sc->mail != NULL ? sc->mail :
			    "250 ok");
		else if (strncasecmp(l, "RCPT ", 5) == 0)
			ls_write(c, "%s", sc->rcpt != NULL ? sc->rcpt :
			    "250 ok");
		else if (strncasecmp(l, "DATA", 4) == 0) {
			ls_write(c, "354 go on");
			lf = 0;
			while ((l = ls_read(c)) != NULL && strcmp(l, ".") != 0)
				lf += !ls_crlf(c);
			msgs++;
			if (sc->end != NULL)
				ls_write(c, "%s", sc->end);
			else
				ls_write(c, "250 queued bare-lf=%d", lf);
			/* an idle timeout, as it were */
			if (sc->silent && msgs == sc->per_conn)
				return;
		} else if (strncasecmp(l, "QUIT", 4) == 0) {
			ls_write(c, "221 bye");
			return;
		} else
			ls_write(c, "500 what");
	}
}

static void
put_token(const char *tok)
{
	FILE	*f;

	ck_assert_ptr_nonnull(f = fopen(tokfile, "w"));
	fprintf(f, "%s\n", tok);
	fclose(f);
}

static void
setup(void)
{
	int	 fd;

	strcpy(tokfile, "/tmp/pbemd-smtptok-XXXXXX");
	ck_assert_int_ge(fd = mkstemp(tokfile), 0);
	close(fd);
	put_token("good-token");
	why[0] = '\0';
}

static void
teardown(void)
{
	unlink(tokfile);
}

static struct smtp *
client_timeout(struct lineserver *ls, enum sasl_auth mech, const char *user,
    long timeout)
{
	struct smtp_conf	 conf;

	snprintf(url, sizeof(url), "smtp://127.0.0.1:%u",
	    ls != NULL ? lineserver_port(ls) : 9);
	memset(&conf, 0, sizeof(conf));
	conf.url = url;
	conf.user = user;
	conf.password = "pw";
	conf.timeout = timeout;
	conf.auth = mech;
	conf.token_file = tokfile;
	return smtp_new(&conf);
}

static struct smtp *
client(struct lineserver *ls, enum sasl_auth mech, const char *user)
{
	return client_timeout(ls, mech, user, 20);
}

static enum smtp_result
send_one(struct smtp *s)
{
	return smtp_send(s, "judge@example.test", "alice@example.test",
	    SMTP_MSG, strlen(SMTP_MSG), why, sizeof(why));
}

/*
 * msg (NULL: SMTP_MSG) sent once as user with mech, through a fake server
 * of its own that plays sc: the result (the reason in why), the transcript
 * in *t (owned) and the server's port in *port when port is not NULL.
 */
static enum smtp_result
send_through(struct script *sc, enum sasl_auth mech, const char *user,
    const char *msg, char **t, unsigned *port)
{
	struct lineserver	*ls = lineserver_start(1, fake_smtp, sc);
	struct smtp		*s = client(ls, mech, user);
	enum smtp_result	 r;

	if (msg == NULL)
		msg = SMTP_MSG;
	r = smtp_send(s, "judge@example.test", "alice@example.test", msg,
	    strlen(msg), why, sizeof(why));
	smtp_free(s);
	if (port != NULL)
		*port = lineserver_port(ls);
	*t = strdup(lineserver_finish(ls));
	ck_assert_ptr_nonnull(*t);
	lineserver_free(ls);
	return r;
}


START_TEST(xoauth2_sends_googles_message_with_auth)
{
	/* Gmail offers both: the one configured is the one used */
	struct script		 sc = {
				    .auths = "LOGIN PLAIN XOAUTH2 OAUTHBEARER",
				    .good = SMTP_GOOD };
	char			 plain[256], *t;

	ck_assert_msg(send_through(&sc, SASL_AUTH_XOAUTH2,
	    "judge@example.test", NULL, &t, NULL) == SMTP_OK, "%s", why);
	ls_sent_after(t, "C: AUTH XOAUTH2 ", plain, sizeof(plain));
	ck_assert_str_eq(plain,
	    "user=judge@example.test\001auth=Bearer good-token\001\001");
	free(t);
}
END_TEST

START_TEST(oauthbearer_escapes_the_user_and_names_host_and_port)
{
	struct script		 sc = { .auths = "OAUTHBEARER XOAUTH2",
				    .good = SMTP_GOOD };
	char			 plain[256], want[256], *t;
	unsigned		 port;

	ck_assert_msg(send_through(&sc, SASL_AUTH_OAUTHBEARER,
	    "a=b,c@example.test", NULL, &t, &port) == SMTP_OK, "%s", why);
	ls_sent_after(t, "C: AUTH OAUTHBEARER ", plain, sizeof(plain));
	snprintf(want, sizeof(want), "n,a=a=3Db=2Cc@example.test,\001"
	    "host=127.0.0.1\001port=%u\001auth=Bearer good-token\001\001",
	    port);
	ck_assert_str_eq(plain, want);
	free(t);
}
END_TEST

START_TEST(a_long_token_waits_for_the_servers_challenge)
{
	struct script		 sc = { .auths = "XOAUTH2", .good = "" };
	char			*tok = malloc(2501), good[2600], *t;
	static char		 plain[4096];

	/* Microsoft's tokens are about this long: AUTH with it inline
	 * would pass RFC 4954's 512 octets. */
	memset(tok, 'T', 2500);
	tok[2500] = '\0';
	put_token(tok);
	snprintf(good, sizeof(good), "\001auth=Bearer %s\001\001", tok);
	sc.good = good;
	ck_assert_msg(send_through(&sc, SASL_AUTH_XOAUTH2, "judge", NULL, &t,
	    NULL) == SMTP_OK, "%s", why);
	ck_assert_msg(strstr(t, "C: AUTH XOAUTH2\nS: 334 \nC: ") != NULL, "%s",
	    t);
	ls_sent_after(t, "S: 334 \nC: ", plain, sizeof(plain));
	ck_assert_uint_eq(strlen(plain), strlen("user=judge") + strlen(good));
	free(t);
	free(tok);
}
END_TEST

START_TEST(a_refused_token_is_acknowledged_and_the_error_reported)
{
	struct script		 sc = { .auths = "OAUTHBEARER",
				    .good = "never" };
	char			*t;

	ck_assert_int_eq(send_through(&sc, SASL_AUTH_OAUTHBEARER, "judge",
	    NULL, &t, NULL), SMTP_TEMPFAIL);
	ck_assert_msg(strstr(why, "535 5.7.8 Authentication credentials "
	    "invalid") != NULL, "%s", why);
	ck_assert_msg(strstr(why, "the server's error: {\"status\":"
	    "\"invalid_token\",\"scope\":\"mail\"}") != NULL, "%s", why);
	ck_assert_ptr_null(strstr(why, "good-token"));
	/* RFC 7628 3.2.3: a single ^A answers the challenge */
	ck_assert_msg(strstr(t, "S: 334 " SMTP_JSON_B64 "\nC: AQ==\n") != NULL,
	    "%s", t);
	ck_assert_ptr_null(strstr(t, "C: MAIL"));
	free(t);
}
END_TEST

START_TEST(a_refused_xoauth2_token_reports_the_servers_error)
{
	struct script		 sc = { .auths = "XOAUTH2", .good = "never" };
	char			*t;

	ck_assert_int_eq(send_through(&sc, SASL_AUTH_XOAUTH2, "judge", NULL,
	    &t, NULL), SMTP_TEMPFAIL);
	ck_assert_msg(strstr(why, "the server's error: {\"status\":"
	    "\"invalid_token\",\"scope\":\"mail\"}") != NULL, "%s", why);
	/* Google's XOAUTH2 document: an empty response answers the error
	 * challenge, and the server's final word comes */
	ck_assert_msg(strstr(t, "S: 334 " SMTP_JSON_B64 "\nC: \nS: 535 ") !=
	    NULL, "%s", t);
	ck_assert_msg(strstr(why, "AUTH XOAUTH2 as judge refused: 535 5.7.8 "
	    "Authentication credentials invalid") != NULL, "%s", why);
	ck_assert_ptr_null(strstr(t, "C: MAIL"));
	free(t);
}
END_TEST

START_TEST(a_server_without_the_mechanism_gets_no_mail)
{
	struct script		 sc = { .auths = "PLAIN LOGIN", .good = "" };
	char			*t;

	ck_assert_int_eq(send_through(&sc, SASL_AUTH_XOAUTH2, "judge", NULL,
	    &t, NULL), SMTP_TEMPFAIL);
	ck_assert_msg(strstr(why, "the server does not offer AUTH=XOAUTH2 "
	    "(it offers: PLAIN LOGIN)") != NULL, "%s", why);
	ck_assert_ptr_null(strstr(t, "C: AUTH"));
	ck_assert_ptr_null(strstr(t, "C: MAIL"));
	free(t);
}
END_TEST

START_TEST(the_token_is_read_again_for_a_new_connection)
{
	struct script		 sc = { .auths = "XOAUTH2",
				    .good = SMTP_FRESH };
	struct lineserver	*ls = lineserver_start(2, fake_smtp, &sc);
	struct smtp		*s = client(ls, SASL_AUTH_XOAUTH2, "judge");

	/* refused (a failed send is tried once more on a fresh connection
	 * only when the old one was reused: here one connection) */
	ck_assert_int_eq(send_one(s), SMTP_TEMPFAIL);
	put_token("fresh-token");
	ck_assert_msg(send_one(s) == SMTP_OK, "%s", why);
	smtp_free(s);
	lineserver_free(ls);
}
END_TEST

START_TEST(a_failing_token_command_sends_nothing)
{
	struct smtp_conf	 conf;
	struct smtp		*s;

	memset(&conf, 0, sizeof(conf));
	/* nothing listens there: the token fails before any connection */
	conf.url = "smtp://127.0.0.1:9";
	conf.user = "judge";
	conf.timeout = 20;
	conf.auth = SASL_AUTH_XOAUTH2;
	conf.token_command = "echo oops >&2; exit 2";
	ck_assert_ptr_nonnull(s = smtp_new(&conf));
	ck_assert_int_eq(send_one(s), SMTP_TEMPFAIL);
	ck_assert_str_eq(why, "token_command: exited with status 2");
	smtp_free(s);
}
END_TEST

/* ---- the password */

START_TEST(a_password_goes_with_plain_when_offered)
{
	struct script		 sc = { .auths = "LOGIN PLAIN CRAM-MD5",
				    .good = "" };
	char			*t;

	ck_assert_msg(send_through(&sc, SASL_AUTH_PASSWORD, "judge", NULL, &t,
	    NULL) == SMTP_OK, "%s", why);
	ck_assert_msg(strstr(t, "C: AUTH PLAIN " SMTP_PLAIN_B64 "\nS: 235 ") !=
	    NULL, "%s", t);
	free(t);
}
END_TEST

START_TEST(a_password_goes_with_login_without_plain)
{
	struct script		 sc = { .auths = "CRAM-MD5 LOGIN", .good = "" };
	char			*t;

	ck_assert_msg(send_through(&sc, SASL_AUTH_PASSWORD, "judge", NULL, &t,
	    NULL) == SMTP_OK, "%s", why);
	ck_assert_msg(strstr(t, "C: AUTH LOGIN\nS: 334 VXNlcm5hbWU6\nC: "
	    SMTP_USER_B64 "\nS: 334 UGFzc3dvcmQ6\nC: " SMTP_PW_B64
	    "\nS: 235 ") != NULL, "%s", t);
	free(t);
}
END_TEST

START_TEST(a_password_is_not_sent_to_a_server_without_plain_or_login)
{
	struct script		 sc = { .auths = "CRAM-MD5", .good = "" };
	char			*t;

	ck_assert_int_eq(send_through(&sc, SASL_AUTH_PASSWORD, "judge", NULL,
	    &t, NULL), SMTP_TEMPFAIL);
	ck_assert_msg(strstr(why, "does not offer AUTH=PLAIN or AUTH=LOGIN "
	    "(it offers: CRAM-MD5)") != NULL, "%s", why);
	ck_assert_ptr_null(strstr(t, "C: AUTH"));
	ck_assert_ptr_null(strstr(t, "C: MAIL"));
	free(t);
}
END_TEST

/* ---- the message */

START_TEST(lines_starting_with_a_dot_are_stuffed_and_nothing_else_changes)
{
	static const char	 msg[] = "From: j\r\nSubject: t\r\n\r\n"
				    ".hidden\r\n..two\r\n.\r\n"
				    "=C3=A9 aGk+/w==\001\177\200\r\nlast\r\n";
	struct script		 sc = { .good = "" };
	char			*t;

	ck_assert_int_eq(send_through(&sc, SASL_AUTH_PASSWORD, NULL, msg, &t,
	    NULL), SMTP_OK);
	/* RFC 5321 4.5.2; the message's own last CR LF ends the data: no
	 * empty line is added before the dot */
	ck_assert_msg(strstr(t, "S: 354 go on\nC: From: j\nC: Subject: t\n"
	    "C: \nC: ..hidden\nC: ...two\nC: ..\n"
	    "C: =C3=A9 aGk+/w==\001\177\200\nC: last\nC: .\n"
	    "S: 250 queued bare-lf=0\n") != NULL, "%s", t);
	free(t);
}
END_TEST

START_TEST(bare_line_feeds_and_a_missing_last_line_end_become_crlf)
{
	static const char	 msg[] = "Subject: t\n\n.a\nb";
	struct script		 sc = { .good = "" };
	char			*t;

	ck_assert_int_eq(send_through(&sc, SASL_AUTH_PASSWORD, NULL, msg, &t,
	    NULL), SMTP_OK);
	ck_assert_msg(strstr(t, "S: 354 go on\nC: Subject: t\nC: \nC: ..a\n"
	    "C: b\nC: .\nS: 250 queued bare-lf=0\n") != NULL, "%s", t);
	free(t);
}
END_TEST

/* ---- the connection */

static int
count(const char *t, const char *what)
{
	int	 n = 0;

	for (; (t = strstr(t, what)) != NULL; t++)
		n++;
	return n;
}

START_TEST(one_connection_serves_message_after_message)
{
	struct script		 sc = { .good = "" };
	struct lineserver	*ls = lineserver_start(1, fake_smtp, &sc);
	struct smtp		*s = client(ls, SASL_AUTH_PASSWORD, NULL);
	const char		*t;
	int			 i;

	for (i = 0; i < 3; i++)
		ck_assert_msg(send_one(s) == SMTP_OK, "%s", why);
	smtp_free(s);
	t = lineserver_finish(ls);
	ck_assert_int_eq(count(t, "C: EHLO "), 1);
	ck_assert_int_eq(count(t, "S: 250 queued"), 3);
	ck_assert_msg(strstr(t, "C: QUIT\n") != NULL, "%s", t);
	lineserver_free(ls);
}
END_TEST

/* Exim's 421 after smtp_accept_max_per_connection mails: the mail goes
 * out on a new connection at once, not after the outbox's backoff. */
START_TEST(a_421_on_a_reused_connection_reconnects_at_once)
{
	struct script		 sc = { .good = "", .per_conn = 1 };
	struct lineserver	*ls = lineserver_start(2, fake_smtp, &sc);
	struct smtp		*s = client(ls, SASL_AUTH_PASSWORD, NULL);
	const char		*t;

	ck_assert_msg(send_one(s) == SMTP_OK, "%s", why);
	ck_assert_msg(send_one(s) == SMTP_OK, "%s", why);
	smtp_free(s);
	t = lineserver_finish(ls);
	ck_assert_msg(strstr(t, "S: 421 4.7.0 fake: too many messages\n") !=
	    NULL, "%s", t);
	ck_assert_int_eq(count(t, "C: EHLO "), 2);
	ck_assert_int_eq(count(t, "S: 250 queued"), 2);
	lineserver_free(ls);
}
END_TEST

/* The server closed the idle connection: writing to it raises SIGPIPE,
 * which this process does not ignore. */
START_TEST(a_connection_closed_in_silence_is_replaced)
{
	struct script		 sc = { .good = "", .per_conn = 1,
				    .silent = true };
	struct lineserver	*ls = lineserver_start(2, fake_smtp, &sc);
	struct smtp		*s = client(ls, SASL_AUTH_PASSWORD, NULL);
	const char		*t;

	ck_assert_ptr_eq(signal(SIGPIPE, SIG_DFL), SIG_DFL);
	ck_assert_msg(send_one(s) == SMTP_OK, "%s", why);
	ck_assert_msg(send_one(s) == SMTP_OK, "%s", why);
	smtp_free(s);
	t = lineserver_finish(ls);
	ck_assert_int_eq(count(t, "C: EHLO "), 2);
	ck_assert_int_eq(count(t, "S: 250 queued"), 2);
	lineserver_free(ls);
}
END_TEST

struct refusal {
	const char		*mail, *rcpt, *end;
	enum smtp_result	 res;
	const char		*why;
};

static const struct refusal refusals[] = {
	{ NULL, "550 5.1.1 no such user", NULL, SMTP_PERMFAIL,
	    "RCPT TO refused: 550 5.1.1 no such user" },
	{ NULL, "450 4.2.2 mailbox full", NULL, SMTP_RCPT_TEMPFAIL,
	    "RCPT TO refused: 450 4.2.2 mailbox full" },
	/* RFC 5321 3.8: the server, not the recipient */
	{ NULL, "421 4.3.2 going down", NULL, SMTP_TEMPFAIL,
	    "RCPT TO refused: 421 4.3.2 going down" },
	/* our configuration */
	{ "553 5.7.1 not yours", NULL, NULL, SMTP_TEMPFAIL,
	    "MAIL FROM refused: 553 5.7.1 not yours" },
	{ NULL, NULL, "554 5.6.0 spam", SMTP_PERMFAIL,
	    "the message refused: 554 5.6.0 spam" },
	{ NULL, NULL, "452 4.3.1 disk full", SMTP_TEMPFAIL,
	    "the message refused: 452 4.3.1 disk full" },
	/* every line, on one line; a control byte shown as '?' */
	{ NULL, "550-5.1.1 first\r\n550 5.1.1 sec\033ond", NULL, SMTP_PERMFAIL,
	    "RCPT TO refused: 550 5.1.1 first 5.1.1 sec?ond" },
};

START_TEST(each_refusal_is_classed_and_quoted)
{
	const struct refusal	*r = &refusals[_i];
	struct script		 sc = { .good = "", .rcpt = r->rcpt,
				    .mail = r->mail, .end = r->end };
	struct lineserver	*ls = lineserver_start(1, fake_smtp, &sc);
	struct smtp		*s = client(ls, SASL_AUTH_PASSWORD, NULL);

	ck_assert_int_eq(send_one(s), r->res);
	ck_assert_str_eq(why, r->why);
	smtp_free(s);
	lineserver_free(ls);
}
END_TEST

START_TEST(starttls_required_but_not_offered_sends_nothing)
{
	struct script		 sc = { .good = "" };
	struct lineserver	*ls = lineserver_start(1, fake_smtp, &sc);
	struct smtp_conf	 conf;
	struct smtp		*s;
	const char		*t;

	snprintf(url, sizeof(url), "smtp://127.0.0.1:%u", lineserver_port(ls));
	memset(&conf, 0, sizeof(conf));
	conf.url = url;
	conf.starttls = true;
	conf.timeout = 20;
	ck_assert_ptr_nonnull(s = smtp_new(&conf));
	ck_assert_int_eq(send_one(s), SMTP_TEMPFAIL);
	smtp_free(s);
	ck_assert_msg(strstr(why, "127.0.0.1 offers no STARTTLS") != NULL,
	    "%s", why);
	t = lineserver_finish(ls);
	ck_assert_ptr_null(strstr(t, "C: MAIL"));
	lineserver_free(ls);
}
END_TEST

START_TEST(a_server_that_says_nothing_times_out)
{
	struct script		 sc = { .good = "", .mute = true };
	struct lineserver	*ls = lineserver_start(1, fake_smtp, &sc);
	struct smtp		*s;
	time_t			 t0 = time(NULL);

	s = client_timeout(ls, SASL_AUTH_PASSWORD, NULL, 1);
	ck_assert_int_eq(send_one(s), SMTP_TEMPFAIL);
	ck_assert_int_le(time(NULL) - t0, 3);
	ck_assert_msg(strstr(why, "greeting: connection lost or timed out") !=
	    NULL, "%s", why);
	smtp_free(s);
	lineserver_free(ls);
}
END_TEST

START_TEST(a_url_without_a_usable_host_fails_each_send)
{
	struct smtp_conf	 conf;
	struct smtp		*s;

	memset(&conf, 0, sizeof(conf));
	conf.url = "smtp://mail.example.test:99999";
	ck_assert_ptr_nonnull(s = smtp_new(&conf));
	ck_assert_int_eq(send_one(s), SMTP_TEMPFAIL);
	ck_assert_str_eq(why, "bad SMTP URL (smtp://host[:port] or "
	    "smtps://host[:port]): smtp://mail.example.test:99999");
	smtp_free(s);
	conf.url = "imap://mail.example.test";
	ck_assert_ptr_null(smtp_new(&conf));
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("mail/smtp");
	TCase	*tc = tcase_create("oauth2");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, xoauth2_sends_googles_message_with_auth);
	tcase_add_test(tc, oauthbearer_escapes_the_user_and_names_host_and_port);
	tcase_add_test(tc, a_long_token_waits_for_the_servers_challenge);
	tcase_add_test(tc, a_refused_token_is_acknowledged_and_the_error_reported);
	tcase_add_test(tc, a_refused_xoauth2_token_reports_the_servers_error);
	tcase_add_test(tc, a_server_without_the_mechanism_gets_no_mail);
	tcase_add_test(tc, the_token_is_read_again_for_a_new_connection);
	tcase_add_test(tc, a_failing_token_command_sends_nothing);
	suite_add_tcase(s, tc);
	tc = tcase_create("password");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_password_goes_with_plain_when_offered);
	tcase_add_test(tc, a_password_goes_with_login_without_plain);
	tcase_add_test(tc,
	    a_password_is_not_sent_to_a_server_without_plain_or_login);
	suite_add_tcase(s, tc);
	tc = tcase_create("message");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc,
	    lines_starting_with_a_dot_are_stuffed_and_nothing_else_changes);
	tcase_add_test(tc,
	    bare_line_feeds_and_a_missing_last_line_end_become_crlf);
	suite_add_tcase(s, tc);
	tc = tcase_create("connection");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, one_connection_serves_message_after_message);
	tcase_add_test(tc, a_421_on_a_reused_connection_reconnects_at_once);
	tcase_add_test(tc, a_connection_closed_in_silence_is_replaced);
	tcase_add_loop_test(tc, each_refusal_is_classed_and_quoted, 0,
	    (int)(sizeof(refusals) / sizeof(refusals[0])));
	tcase_add_test(tc, starttls_required_but_not_offered_sends_nothing);
	tcase_add_test(tc, a_server_that_says_nothing_times_out);
	tcase_add_test(tc, a_url_without_a_usable_host_fails_each_send);
	suite_add_tcase(s, tc);
	return s;
}
