/*
 * test_imap_auth.c - mail/imap_auth.c through imap_connect(), against a
 * scripted IMAP server (support_lineserver.h): the initial response with
 * the command under SASL-IR and after the empty challenge without it, the
 * exact bytes of XOAUTH2 and OAUTHBEARER (host and port of the URL), the
 * error challenge answered per mechanism and its JSON in the reason, a
 * mechanism the server does not offer refused before the token is sent,
 * a token that cannot be read before a connection is made. Dovecot itself answers in
 * tests/e2e/test_oauth.sh.
 */
#include "tests/unit/test.h"

#include <sodium.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mail/imap.h"
#include "tests/unit/mail/support_lineserver.h"

/* {"status":"invalid_token","scope":"mail"} */
#define IMAP_JSON_B64 \
	"eyJzdGF0dXMiOiJpbnZhbGlkX3Rva2VuIiwic2NvcGUiOiJtYWlsIn0="

struct script {
	bool		 sasl_ir;
	const char	*auths;		/* "AUTH=..." words */
	const char	*good;		/* how a response it takes ends; the
					   test checks the whole bytes */
};

static char	 tokfile[64], why[512], url[64];

/* The base64 of s, decoded into out (the test's own decoding). */

static void
fake_authenticate(struct ls_conn *c, const struct script *sc,
    const char *tag, const char *rest)
{
	char		 plain[1024];
	const char	*ir = strchr(rest, ' ');
	size_t		 n, k = strlen(sc->good);

	if (ir == NULL) {
		ls_write(c, "+ ");
		ir = ls_read(c);
	} else
		ir++;
	if (ir == NULL)
		return;
	ls_b64_decode(ir, plain, sizeof(plain));
	n = strlen(plain);
	if (k > 0 && n >= k && strcmp(plain + n - k, sc->good) == 0) {
		ls_write(c, "%s OK [CAPABILITY IMAP4rev1 IDLE] Logged in", tag);
		return;
	}
	/* RFC 7628 3.2.2: the error as a challenge, then the NO. */
	ls_write(c, "+ " IMAP_JSON_B64);
	if (ls_read(c) != NULL)
		ls_write(c, "%s NO [AUTHENTICATIONFAILED] Authentication "
		    "failed.", tag);
}

static void
fake_imap(struct ls_conn *c, void *arg)
{
	const struct script	*sc = arg;
	const char		*l;
	char			 tag[32], cmd[32];
	int			 off;

	ls_write(c, "* OK fake IMAP ready");
	while ((l = ls_read(c)) != NULL) {
		if (sscanf(l, "%31s %31s%n", tag, cmd, &off) != 2)
			break;
		if (strcasecmp(cmd, "CAPABILITY") == 0) {
			ls_write(c, "* CAPABILITY IMAP4rev1 %s%s",
			    sc->sasl_ir ? "SASL-IR " : "", sc->auths);
			ls_write(c, "%s OK done", tag);
		} else if (strcasecmp(cmd, "AUTHENTICATE") == 0)
			fake_authenticate(c, sc, tag, l + off + 1);
		else if (strcasecmp(cmd, "SELECT") == 0) {
			ls_write(c, "* FLAGS (\\Seen)");
			ls_write(c, "* OK [PERMANENTFLAGS (\\Seen \\*)] ok");
			ls_write(c, "* 0 EXISTS");
			ls_write(c, "* OK [UIDVALIDITY 7] ok");
			ls_write(c, "%s OK [READ-WRITE] done", tag);
		} else if (strcasecmp(cmd, "LOGOUT") == 0) {
			ls_write(c, "* BYE bye");
			ls_write(c, "%s OK done", tag);
			return;
		} else
			ls_write(c, "%s BAD what", tag);
	}
}

static void
setup(void)
{
	FILE	*f;
	int	 fd;

	strcpy(tokfile, "/tmp/pbemd-imaptok-XXXXXX");
	ck_assert_int_ge(fd = mkstemp(tokfile), 0);
	close(fd);
	ck_assert_ptr_nonnull(f = fopen(tokfile, "w"));
	fputs("good-token\n", f);
	fclose(f);
	why[0] = '\0';
}

static void
teardown(void)
{
	unlink(tokfile);
}

/* Connects as "judge" with mech to a fake server; the session or NULL. */
static struct imap *
connect_to(struct lineserver *ls, enum sasl_auth mech)
{
	struct imap_conf	 conf;

	snprintf(url, sizeof(url), "imap://127.0.0.1:%u/INBOX",
	    lineserver_port(ls));
	memset(&conf, 0, sizeof(conf));
	conf.url = url;
	conf.user = "judge";
	conf.timeout = 20;
	conf.auth = mech;
	conf.token_file = tokfile;
	return imap_connect(&conf, why, sizeof(why));
}


START_TEST(xoauth2_goes_with_the_command_under_sasl_ir)
{
	struct script		 sc = { true, "AUTH=PLAIN AUTH=XOAUTH2",
				    "user=judge\001auth=Bearer good-token\001\001" };
	struct lineserver	*ls = lineserver_start(1, fake_imap, &sc);
	struct imap		*im;
	const char		*t;
	char			 plain[256];

	im = connect_to(ls, SASL_AUTH_XOAUTH2);
	ck_assert_msg(im != NULL, "%s", why);
	ck_assert_uint_eq(imap_uidvalidity(im), 7);
	imap_close(im);
	t = lineserver_finish(ls);
	ls_sent_after(t, " AUTHENTICATE XOAUTH2 ", plain, sizeof(plain));
	ck_assert_str_eq(plain, sc.good);
	/* one line: no challenge was waited for */
	ck_assert_ptr_null(strstr(t, "S: + "));
	lineserver_free(ls);
}
END_TEST

START_TEST(without_sasl_ir_the_response_follows_the_empty_challenge)
{
	struct script		 sc = { false, "AUTH=XOAUTH2",
				    "user=judge\001auth=Bearer good-token\001\001" };
	struct lineserver	*ls = lineserver_start(1, fake_imap, &sc);
	struct imap		*im;
	const char		*t;
	char			 plain[256];

	im = connect_to(ls, SASL_AUTH_XOAUTH2);
	ck_assert_msg(im != NULL, "%s", why);
	imap_close(im);
	t = lineserver_finish(ls);
	ck_assert_msg(strstr(t, " AUTHENTICATE XOAUTH2\nS: + \nC: ") != NULL,
	    "%s", t);
	ls_sent_after(t, " AUTHENTICATE XOAUTH2\nS: + \nC: ", plain,
	    sizeof(plain));
	ck_assert_str_eq(plain, sc.good);
	lineserver_free(ls);
}
END_TEST

START_TEST(oauthbearer_names_the_urls_host_and_port)
{
	struct script		 sc = { true, "AUTH=OAUTHBEARER",
				    "\001auth=Bearer good-token\001\001" };
	struct lineserver	*ls = lineserver_start(1, fake_imap, &sc);
	struct imap		*im;
	char			 want[256], plain[256];

	snprintf(want, sizeof(want), "n,a=judge,\001host=127.0.0.1\001"
	    "port=%u\001auth=Bearer good-token\001\001", lineserver_port(ls));
	im = connect_to(ls, SASL_AUTH_OAUTHBEARER);
	ck_assert_msg(im != NULL, "%s", why);
	imap_close(im);
	ls_sent_after(lineserver_finish(ls), " AUTHENTICATE OAUTHBEARER ", plain,
	    sizeof(plain));
	ck_assert_str_eq(plain, want);
	lineserver_free(ls);
}
END_TEST

START_TEST(a_refused_token_is_acknowledged_and_the_error_reported)
{
	struct script		 sc = { true, "AUTH=XOAUTH2 AUTH=OAUTHBEARER",
				    "never this" };
	struct lineserver	*ls;
	const char		*t;

	ls = lineserver_start(1, fake_imap, &sc);
	ck_assert_ptr_null(connect_to(ls, SASL_AUTH_XOAUTH2));
	/* libetpan keeps the text of the NO, not its response code */
	ck_assert_str_eq(why, "XOAUTH2 as judge refused: Authentication "
	    "failed.; the server's error: "
	    "{\"status\":\"invalid_token\",\"scope\":\"mail\"}");
	t = lineserver_finish(ls);
	/* XOAUTH2: an empty line answers the challenge */
	ck_assert_msg(strstr(t, "S: + " IMAP_JSON_B64 "\nC: \nS: ") != NULL,
	    "%s", t);
	ck_assert_ptr_null(strstr(why, "good-token"));
	lineserver_free(ls);

	ls = lineserver_start(1, fake_imap, &sc);
	ck_assert_ptr_null(connect_to(ls, SASL_AUTH_OAUTHBEARER));
	ck_assert_ptr_nonnull(strstr(why, "OAUTHBEARER as judge refused: "
	    "Authentication failed."));
	ck_assert_ptr_nonnull(strstr(why, "\"invalid_token\""));
	t = lineserver_finish(ls);
	/* OAUTHBEARER: a single ^A, RFC 7628 3.2.3 */
	ck_assert_msg(strstr(t, "S: + " IMAP_JSON_B64 "\nC: AQ==\nS: ") !=
	    NULL, "%s", t);
	lineserver_free(ls);
}
END_TEST

START_TEST(a_mechanism_not_offered_is_not_tried)
{
	struct script		 sc = { true, "AUTH=PLAIN AUTH=XOAUTH2", "" };
	struct lineserver	*ls = lineserver_start(1, fake_imap, &sc);

	ck_assert_ptr_null(connect_to(ls, SASL_AUTH_OAUTHBEARER));
	ck_assert_str_eq(why, "OAUTHBEARER as judge not tried: the server does "
	    "not offer AUTH=OAUTHBEARER (it offers: AUTH=PLAIN AUTH=XOAUTH2)");
	ck_assert_ptr_null(strstr(lineserver_finish(ls), "AUTHENTICATE"));
	lineserver_free(ls);
}
END_TEST

START_TEST(an_unreadable_token_stops_before_connecting)
{
	struct imap_conf	 conf;

	/* Nothing listens on port 9: a connection would fail otherwise. */
	memset(&conf, 0, sizeof(conf));
	conf.url = "imap://127.0.0.1:9/INBOX";
	conf.user = "judge";
	conf.timeout = 20;
	conf.auth = SASL_AUTH_XOAUTH2;
	conf.token_file = tokfile;
	unlink(tokfile);
	ck_assert_ptr_null(imap_connect(&conf, why, sizeof(why)));
	ck_assert_msg(strstr(why, "XOAUTH2 as judge not tried: token_file "
	    "/tmp/pbemd-imaptok-") != NULL, "%s", why);
	ck_assert_ptr_nonnull(strstr(why, ": cannot open: No such file"));
	conf.token_file = NULL;
	conf.token_command = "exit 7";
	ck_assert_ptr_null(imap_connect(&conf, why, sizeof(why)));
	ck_assert_str_eq(why, "XOAUTH2 as judge not tried: token_command: "
	    "exited with status 7");
}
END_TEST

START_TEST(the_token_file_is_read_at_every_connection)
{
	struct script		 sc = { true, "AUTH=XOAUTH2",
				    "user=judge\001auth=Bearer fresh-token\001\001" };
	struct lineserver	*ls = lineserver_start(2, fake_imap, &sc);
	struct imap		*im;
	FILE			*f;

	ck_assert_ptr_null(connect_to(ls, SASL_AUTH_XOAUTH2));
	/* the operator's refresher writes a new token */
	ck_assert_ptr_nonnull(f = fopen(tokfile, "w"));
	fputs("fresh-token\n", f);
	fclose(f);
	im = connect_to(ls, SASL_AUTH_XOAUTH2);
	ck_assert_msg(im != NULL, "%s", why);
	imap_close(im);
	lineserver_free(ls);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("mail/imap_auth");
	TCase	*tc = tcase_create("authenticate");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, xoauth2_goes_with_the_command_under_sasl_ir);
	tcase_add_test(tc, without_sasl_ir_the_response_follows_the_empty_challenge);
	tcase_add_test(tc, oauthbearer_names_the_urls_host_and_port);
	tcase_add_test(tc, a_refused_token_is_acknowledged_and_the_error_reported);
	tcase_add_test(tc, a_mechanism_not_offered_is_not_tried);
	tcase_add_test(tc, an_unreadable_token_stops_before_connecting);
	tcase_add_test(tc, the_token_file_is_read_at_every_connection);
	suite_add_tcase(s, tc);
	return s;
}
