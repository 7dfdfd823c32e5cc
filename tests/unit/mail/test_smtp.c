/*
 * test_smtp.c - mail/smtp.c's OAuth2 login against a scripted SMTP server
 * (support_lineserver.h): the exact bytes libcurl sends for XOAUTH2 and
 * OAUTHBEARER (the user gs2-escaped here, host and port), the initial
 * response held back when AUTH would pass RFC 4954's 512 octets, the
 * error challenge answered and its JSON in the reason, a server without
 * the mechanism refused before any MAIL, and the token read again for
 * every connection. Exim answers in tests/e2e/test_oauth.sh.
 */
#include "tests/unit/test.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "mail/smtp.h"
#include "tests/unit/mail/support_lineserver.h"

/* {"status":"invalid_token","scope":"mail"} */
#define SMTP_JSON_B64 \
	"eyJzdGF0dXMiOiJpbnZhbGlkX3Rva2VuIiwic2NvcGUiOiJtYWlsIn0="
#define SMTP_MSG	"From: judge@example.test\r\nSubject: t\r\n\r\nhi\r\n"

struct script {
	const char	*auths;		/* the EHLO AUTH line's mechanisms */
	const char	*good;		/* how a response it takes ends */
};

static char	 tokfile[64], why[512], url[64];


static void
fake_auth(struct ls_conn *c, const struct script *sc, const char *args)
{
	static char	 plain[8192];
	const char	*ir = strchr(args, ' ');
	size_t		 n, k = strlen(sc->good);

	if (ir == NULL) {
		ls_write(c, "334 ");
		ir = ls_read(c);
	} else
		ir++;
	if (ir == NULL)
		return;
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

	ls_write(c, "220 fake ESMTP");
	while ((l = ls_read(c)) != NULL) {
		if (strncasecmp(l, "EHLO ", 5) == 0) {
			ls_write(c, "250-fake");
			ls_write(c, "250-AUTH %s", sc->auths);
			ls_write(c, "250 8BITMIME");
		} else if (strncasecmp(l, "AUTH ", 5) == 0)
			fake_auth(c, sc, l + 5);
		else if (strncasecmp(l, "MAIL ", 5) == 0 ||
		    strncasecmp(l, "RCPT ", 5) == 0 ||
		    strncasecmp(l, "RSET", 4) == 0)
			ls_write(c, "250 ok");
		else if (strncasecmp(l, "DATA", 4) == 0) {
			ls_write(c, "354 go on");
			while ((l = ls_read(c)) != NULL && strcmp(l, ".") != 0)
				;
			ls_write(c, "250 queued");
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
	smtp_global_init();
}

static void
teardown(void)
{
	smtp_global_cleanup();
	unlink(tokfile);
}

static struct smtp *
client(struct lineserver *ls, enum sasl_auth mech, const char *user)
{
	struct smtp_conf	 conf;

	snprintf(url, sizeof(url), "smtp://127.0.0.1:%u",
	    ls != NULL ? lineserver_port(ls) : 9);
	memset(&conf, 0, sizeof(conf));
	conf.url = url;
	conf.user = user;
	conf.timeout = 20;
	conf.auth = mech;
	conf.token_file = tokfile;
	return smtp_new(&conf);
}

static enum smtp_result
send_one(struct smtp *s)
{
	return smtp_send(s, "judge@example.test", "alice@example.test",
	    SMTP_MSG, strlen(SMTP_MSG), why, sizeof(why));
}


START_TEST(xoauth2_sends_googles_message_with_auth)
{
	/* Gmail offers both: the one configured is the one used */
	struct script		 sc = { "LOGIN PLAIN XOAUTH2 OAUTHBEARER",
				    "\001auth=Bearer good-token\001\001" };
	struct lineserver	*ls = lineserver_start(1, fake_smtp, &sc);
	struct smtp		*s = client(ls, SASL_AUTH_XOAUTH2,
				    "judge@example.test");
	char			 plain[256];

	ck_assert_msg(send_one(s) == SMTP_OK, "%s", why);
	smtp_free(s);
	ls_sent_after(lineserver_finish(ls), "C: AUTH XOAUTH2 ", plain,
	    sizeof(plain));
	ck_assert_str_eq(plain,
	    "user=judge@example.test\001auth=Bearer good-token\001\001");
	lineserver_free(ls);
}
END_TEST

START_TEST(oauthbearer_escapes_the_user_and_names_host_and_port)
{
	struct script		 sc = { "OAUTHBEARER XOAUTH2",
				    "\001auth=Bearer good-token\001\001" };
	struct lineserver	*ls = lineserver_start(1, fake_smtp, &sc);
	struct smtp		*s = client(ls, SASL_AUTH_OAUTHBEARER,
				    "a=b,c@example.test");
	char			 plain[256], want[256];

	ck_assert_msg(send_one(s) == SMTP_OK, "%s", why);
	smtp_free(s);
	ls_sent_after(lineserver_finish(ls), "C: AUTH OAUTHBEARER ", plain,
	    sizeof(plain));
	snprintf(want, sizeof(want), "n,a=a=3Db=2Cc@example.test,\001"
	    "host=127.0.0.1\001port=%u\001auth=Bearer good-token\001\001",
	    lineserver_port(ls));
	ck_assert_str_eq(plain, want);
	lineserver_free(ls);
}
END_TEST

START_TEST(a_long_token_waits_for_the_servers_challenge)
{
	struct script		 sc = { "XOAUTH2", "" };
	struct lineserver	*ls;
	struct smtp		*s;
	char			*tok = malloc(2501), good[2600];
	static char		 plain[4096];
	const char		*t;

	/* Microsoft's tokens are about this long: AUTH with it inline
	 * would pass RFC 4954's 512 octets. */
	memset(tok, 'T', 2500);
	tok[2500] = '\0';
	put_token(tok);
	snprintf(good, sizeof(good), "\001auth=Bearer %s\001\001", tok);
	sc.good = good;
	ls = lineserver_start(1, fake_smtp, &sc);
	s = client(ls, SASL_AUTH_XOAUTH2, "judge");
	ck_assert_msg(send_one(s) == SMTP_OK, "%s", why);
	smtp_free(s);
	t = lineserver_finish(ls);
	ck_assert_msg(strstr(t, "C: AUTH XOAUTH2\nS: 334 \nC: ") != NULL, "%s",
	    t);
	ls_sent_after(t, "S: 334 \nC: ", plain, sizeof(plain));
	ck_assert_uint_eq(strlen(plain), strlen("user=judge") + strlen(good));
	lineserver_free(ls);
	free(tok);
}
END_TEST

START_TEST(a_refused_token_is_acknowledged_and_the_error_reported)
{
	struct script		 sc = { "OAUTHBEARER", "never" };
	struct lineserver	*ls = lineserver_start(1, fake_smtp, &sc);
	struct smtp		*s = client(ls, SASL_AUTH_OAUTHBEARER, "judge");
	const char		*t;

	ck_assert_int_eq(send_one(s), SMTP_TEMPFAIL);
	smtp_free(s);
	ck_assert_msg(strstr(why, "535 5.7.8 Authentication credentials "
	    "invalid") != NULL, "%s", why);
	ck_assert_msg(strstr(why, "the server's error: {\"status\":"
	    "\"invalid_token\",\"scope\":\"mail\"}") != NULL, "%s", why);
	ck_assert_ptr_null(strstr(why, "good-token"));
	t = lineserver_finish(ls);
	/* RFC 7628 3.2.3: a single ^A answers the challenge */
	ck_assert_msg(strstr(t, "S: 334 " SMTP_JSON_B64 "\nC: AQ==\n") != NULL,
	    "%s", t);
	ck_assert_ptr_null(strstr(t, "C: MAIL"));
	lineserver_free(ls);
}
END_TEST

START_TEST(a_refused_xoauth2_token_reports_the_servers_error)
{
	struct script		 sc = { "XOAUTH2", "never" };
	struct lineserver	*ls = lineserver_start(1, fake_smtp, &sc);
	struct smtp		*s = client(ls, SASL_AUTH_XOAUTH2, "judge");

	ck_assert_int_eq(send_one(s), SMTP_TEMPFAIL);
	smtp_free(s);
	ck_assert_msg(strstr(why, "the server's error: {\"status\":"
	    "\"invalid_token\",\"scope\":\"mail\"}") != NULL, "%s", why);
	ck_assert_ptr_null(strstr(lineserver_finish(ls), "C: MAIL"));
	lineserver_free(ls);
}
END_TEST

START_TEST(a_server_without_the_mechanism_gets_no_mail)
{
	struct script		 sc = { "PLAIN LOGIN", "" };
	struct lineserver	*ls = lineserver_start(1, fake_smtp, &sc);
	struct smtp		*s = client(ls, SASL_AUTH_XOAUTH2, "judge");
	const char		*t;

	ck_assert_int_eq(send_one(s), SMTP_TEMPFAIL);
	smtp_free(s);
	ck_assert_msg(strstr(why, "the server does not offer AUTH=XOAUTH2 "
	    "(it offers: PLAIN LOGIN)") != NULL, "%s", why);
	t = lineserver_finish(ls);
	ck_assert_ptr_null(strstr(t, "C: AUTH"));
	ck_assert_ptr_null(strstr(t, "C: MAIL"));
	lineserver_free(ls);
}
END_TEST

START_TEST(the_token_is_read_again_for_a_new_connection)
{
	struct script		 sc = { "XOAUTH2",
				    "\001auth=Bearer fresh-token\001\001" };
	struct lineserver	*ls = lineserver_start(3, fake_smtp, &sc);
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
	return s;
}
