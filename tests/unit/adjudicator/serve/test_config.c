/*
 * test_config.c - adjudicator/serve/config.c: INI files written to /tmp, read into
 * struct config; defaults, password files, and every refusal naming its
 * reason (and file and line where there is one).
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adjudicator/serve/config.h"

static char	 ini[64], pwfile[64];

static void
write_to(const char *path, const char *text)
{
	FILE	*f;

	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
}

static void
write_ini(const char *text)
{
	write_to(ini, text);
}

static void
setup(void)
{
	int	 fd;

	strcpy(ini, "/tmp/pbemd-config-XXXXXX");
	ck_assert_int_ge(fd = mkstemp(ini), 0);
	close(fd);
	strcpy(pwfile, "/tmp/pbemd-pw-XXXXXX");
	ck_assert_int_ge(fd = mkstemp(pwfile), 0);
	close(fd);
}

static void
teardown(void)
{
	unlink(ini);
	unlink(pwfile);
}

/* The three keys without which a configuration is refused. */
#define MINIMAL \
	"[judge]\n" \
	"address = judge@example.test\n" \
	"database = /var/lib/pbemd/pbemd.db\n" \
	"[smtp]\n" \
	"url = smtps://smtp.example.test\n"

/* Loads text, expects a refusal, and checks that why contains want. */
static void
refused(const char *text, const char *want)
{
	struct config	 c;
	char		 why[512] = "";

	write_ini(text);
	ck_assert_int_eq(config_load(ini, &c, why, sizeof(why)), -1);
	ck_assert_msg(strstr(why, want) != NULL, "why \"%s\" lacks \"%s\"", why,
	    want);
	/* A refused configuration holds nothing. */
	ck_assert_ptr_null(c.address);
	ck_assert_ptr_null(c.language);
}

START_TEST(a_full_file_is_read)
{
	struct config	 c;
	char		 why[256] = "", text[1024];

	write_to(pwfile, "imap-secret\nsecond line\n");
	snprintf(text, sizeof(text),
	    "; a comment\n"
	    "[imap]\n"
	    "url = imaps://imap.example.test:993/INBOX\n"
	    "user = judge\n"
	    "password_file = %s\n"
	    "ca_file = /etc/ssl/ca.pem\n"
	    "starttls = no\n"
	    "insecure = yes\n"
	    "timeout = 30\n"
	    "\n"
	    "[smtp]\n"
	    "url = smtp://smtp.example.test:587\n"
	    "user = judge-out\n"
	    "password = inline secret\n"
	    "starttls = on\n"
	    "insecure = false\n"
	    "timeout = 3600\n"
	    "\n"
	    "[judge]\n"
	    "address = judge@example.test\n"
	    "name = The Judge\n"
	    "database = /srv/pbemd.db\n"
	    "templates = /usr/share/pbemd/templates\n"
	    "language = de\n"
	    "poll_interval = 300\n"
	    "max_failures = 5\n"
	    "creates_per_hour = 50\n"
	    "joins_per_hour = 60\n"
	    "answers_per_hour = 70\n"
	    "timezone = Europe/Berlin\n"
	    "log_level = debug\n"
	    "log = syslog\n", pwfile);
	write_ini(text);
	ck_assert_msg(config_load(ini, &c, why, sizeof(why)) == 0, "%s", why);

	ck_assert_str_eq(c.imap.url, "imaps://imap.example.test:993/INBOX");
	ck_assert_str_eq(c.imap.user, "judge");
	ck_assert_str_eq(c.imap.password, "imap-secret");
	ck_assert_str_eq(c.imap.ca_file, "/etc/ssl/ca.pem");
	ck_assert(!c.imap.starttls);
	ck_assert(c.imap.insecure);
	ck_assert_int_eq(c.imap.timeout, 30);

	ck_assert_str_eq(c.smtp.url, "smtp://smtp.example.test:587");
	ck_assert_str_eq(c.smtp.user, "judge-out");
	ck_assert_str_eq(c.smtp.password, "inline secret");
	ck_assert_ptr_null(c.smtp.ca_file);
	ck_assert(c.smtp.starttls);
	ck_assert(!c.smtp.insecure);
	ck_assert_int_eq(c.smtp.timeout, 3600);

	ck_assert_str_eq(c.address, "judge@example.test");
	ck_assert_str_eq(c.name, "The Judge");
	ck_assert_str_eq(c.database, "/srv/pbemd.db");
	ck_assert_str_eq(c.templates, "/usr/share/pbemd/templates");
	ck_assert_str_eq(c.language, "de");
	ck_assert_int_eq(c.poll_interval, 300);
	ck_assert_int_eq(c.max_failures, 5);
	ck_assert_int_eq(c.creates_per_hour, 50);
	ck_assert_int_eq(c.joins_per_hour, 60);
	ck_assert_int_eq(c.answers_per_hour, 70);
	ck_assert_str_eq(c.timezone, "Europe/Berlin");
	ck_assert_int_eq(c.log_level, LOG_LEVEL_DEBUG);
	ck_assert_int_eq(c.log, LOG_TARGET_SYSLOG);
	config_free(&c);
	ck_assert_ptr_null(c.address);
}
END_TEST

START_TEST(a_password_file_gives_its_first_line_only)
{
	struct config	 c;
	char		 why[256] = "", text[512];

	/* CRLF, and a password file overrides an inline password. */
	write_to(pwfile, "s3cret pass\r\nnot this\n");
	snprintf(text, sizeof(text), MINIMAL
	    "password = inline\n"
	    "password_file = %s\n", pwfile);
	write_ini(text);
	ck_assert_msg(config_load(ini, &c, why, sizeof(why)) == 0, "%s", why);
	ck_assert_str_eq(c.smtp.password, "s3cret pass");
	ck_assert_ptr_null(c.imap.password);
	config_free(&c);

	/* No newline at all. */
	write_to(pwfile, "plain");
	ck_assert_msg(config_load(ini, &c, why, sizeof(why)) == 0, "%s", why);
	ck_assert_str_eq(c.smtp.password, "plain");
	config_free(&c);

	/* An empty file: an empty password. */
	write_to(pwfile, "");
	ck_assert_msg(config_load(ini, &c, why, sizeof(why)) == 0, "%s", why);
	ck_assert_str_eq(c.smtp.password, "");
	config_free(&c);
}
END_TEST

/* A first line of 1000 bytes is the password whole; it used to be cut
 * to 511 bytes, which the server would refuse as a wrong password. */
START_TEST(a_long_password_is_read_whole)
{
	struct config	 c;
	char		 why[256] = "", text[512], pw[1001];

	memset(pw, 'p', sizeof(pw) - 1);
	pw[sizeof(pw) - 1] = '\0';
	write_to(pwfile, pw);
	snprintf(text, sizeof(text), MINIMAL "password_file = %s\n", pwfile);
	write_ini(text);
	ck_assert_msg(config_load(ini, &c, why, sizeof(why)) == 0, "%s", why);
	ck_assert_str_eq(c.smtp.password, pw);
	config_free(&c);
}
END_TEST

/*
 * A first line over CONFIG_PASSWORD_MAX is refused, not read on: the fuzz
 * target fuzz_config named /dev/full as a password file and config_load()
 * read zeros until the allocator gave up (tests/fuzz/config/
 * password-file-dev-full.ini). A line of the maximum is read whole, with
 * or without CR LF.
 */
START_TEST(a_password_file_line_over_the_maximum_is_refused)
{
	struct config	 c;
	char		 why[512] = "", text[512], *pw;

	pw = malloc(CONFIG_PASSWORD_MAX + 4);
	ck_assert_ptr_nonnull(pw);
	memset(pw, 'p', CONFIG_PASSWORD_MAX);
	strcpy(pw + CONFIG_PASSWORD_MAX, "\r\n");
	write_to(pwfile, pw);
	snprintf(text, sizeof(text), MINIMAL "password_file = %s\n", pwfile);
	write_ini(text);
	ck_assert_msg(config_load(ini, &c, why, sizeof(why)) == 0, "%s", why);
	ck_assert_uint_eq(strlen(c.smtp.password), CONFIG_PASSWORD_MAX);
	config_free(&c);

	strcpy(pw + CONFIG_PASSWORD_MAX, "p\n");
	write_to(pwfile, pw);
	refused(text, "longer than");
	pw[CONFIG_PASSWORD_MAX + 1] = '\0';	/* no LF */
	write_to(pwfile, pw);
	refused(text, "longer than");
	free(pw);
}
END_TEST

START_TEST(a_missing_password_file_is_refused)
{
	refused(MINIMAL "password_file = /nonexistent/pbemd/pw\n",
	    "/nonexistent/pbemd/pw: cannot read the password file");
}
END_TEST

START_TEST(defaults_fill_what_is_not_given)
{
	struct config	 c;
	char		 why[256] = "";

	write_ini(MINIMAL);
	ck_assert_msg(config_load(ini, &c, why, sizeof(why)) == 0, "%s", why);
	ck_assert(c.imap.starttls);
	ck_assert(c.smtp.starttls);
	ck_assert(!c.imap.insecure);
	ck_assert(!c.smtp.insecure);
	ck_assert_int_eq(c.imap.timeout, 60);
	ck_assert_int_eq(c.smtp.timeout, 60);
	ck_assert_int_eq(c.poll_interval, 60);
	ck_assert_int_eq(c.max_failures, 3);
	ck_assert_int_eq(c.creates_per_hour, 0);	/* the judge's own */
	ck_assert_str_eq(c.language, "en");
	ck_assert_str_eq(c.timezone, "UTC");
	ck_assert_str_eq(c.name, "pbemd judge");
	ck_assert_ptr_null(c.templates);	/* runtime_open() looks: catalog_dir.h */
	ck_assert_int_eq(c.log_level, LOG_LEVEL_INFO);
	ck_assert_int_eq(c.log, LOG_TARGET_STDERR);	/* as before: issue 17 */
	ck_assert_ptr_null(c.imap.url);
	ck_assert_ptr_null(c.imap.password);
	ck_assert_ptr_null(c.smtp.user);
	config_free(&c);
}
END_TEST

START_TEST(an_unknown_key_is_refused_with_file_and_line)
{
	char	 want[128];

	snprintf(want, sizeof(want), "%s:4: unknown key [imap] ca_flie", ini);
	refused("[imap]\n"
	    "url = imaps://imap.example.test\n"
	    "\n"
	    "ca_flie = /etc/ssl/ca.pem\n" MINIMAL, want);

	snprintf(want, sizeof(want), "%s:7: unknown key [mail] url", ini);
	refused(MINIMAL "[mail]\nurl = x\n", want);

	/* A key before any section. */
	snprintf(want, sizeof(want), "%s:1: unknown key", ini);
	refused("address = judge@example.test\n" MINIMAL, want);
}
END_TEST

START_TEST(a_bad_value_is_refused_with_file_and_line)
{
	char	 want[128];

	snprintf(want, sizeof(want), "%s:6: bad value for [smtp] starttls", ini);
	refused(MINIMAL "starttls = maybe\n", want);
	snprintf(want, sizeof(want), "%s:6: bad value for [smtp] timeout", ini);
	refused(MINIMAL "timeout = 0\n", want);
	snprintf(want, sizeof(want), "%s:6: bad value for [smtp] timeout", ini);
	refused(MINIMAL "timeout = 10s\n", want);
	snprintf(want, sizeof(want), "%s:2: bad value for [judge] poll_interval",
	    ini);
	refused("[judge]\npoll_interval = 86401\n" MINIMAL, want);
	snprintf(want, sizeof(want), "%s:2: bad value for [judge] timezone",
	    ini);
	refused("[judge]\ntimezone = Mars/Olympus\n" MINIMAL, want);
	snprintf(want, sizeof(want), "%s:2: bad value for [judge] max_failures",
	    ini);
	refused("[judge]\nmax_failures =\n" MINIMAL, want);
	snprintf(want, sizeof(want), "%s:2: bad value for [judge] language",
	    ini);
	refused("[judge]\nlanguage = fr\n" MINIMAL, want);
	snprintf(want, sizeof(want), "%s:2: bad value for [judge] log_level",
	    ini);
	refused("[judge]\nlog_level = loud\n" MINIMAL, want);
	snprintf(want, sizeof(want), "%s:2: bad value for [judge] log", ini);
	refused("[judge]\nlog = journal\n" MINIMAL, want);
}
END_TEST

START_TEST(the_reason_names_the_line_of_the_error_it_describes)
{
	char	 want[128];

	/* Two errors: line and text must belong to the same one. */
	snprintf(want, sizeof(want), "%s:2: bad value for [judge] language",
	    ini);
	refused("[judge]\nlanguage = fr\n" MINIMAL "colour = blue\n", want);
}
END_TEST

START_TEST(a_syntax_error_is_refused_with_file_and_line)
{
	char	 want[128];

	snprintf(want, sizeof(want), "%s:3:", ini);
	refused("[judge]\naddress = j@example.test\nthis is not ini\n", want);
}
END_TEST

START_TEST(required_keys_are_checked)
{
	refused("[judge]\ndatabase = x.db\n[smtp]\nurl = smtp://s\n",
	    "missing [judge] address");
	refused("[judge]\naddress = j@example.test\n[smtp]\nurl = smtp://s\n",
	    "missing [judge] database");
	refused("[judge]\naddress = j@example.test\ndatabase = x.db\n"
	    "[imap]\nurl = imap://i\n", "missing [smtp] url");
	refused("", "missing [judge] address");
}
END_TEST

START_TEST(oauth2_token_sources_are_read_with_their_mechanism)
{
	struct config	 c;
	char		 why[256] = "";

	/* The token file need not exist yet: it is read at each connection,
	 * not here (the operator's refresher may write it later). */
	write_ini(MINIMAL
	    "user = judge@example.test\n"
	    "auth = XOAUTH2\n"
	    "token_file = /run/pbemd/smtp.token\n"
	    "[imap]\n"
	    "url = imaps://imap.example.test\n"
	    "user = judge@example.test\n"
	    "auth = oauthbearer\n"
	    "token_command = /usr/local/bin/get-token imap\n");
	ck_assert_msg(config_load(ini, &c, why, sizeof(why)) == 0, "%s", why);
	ck_assert_int_eq(c.smtp.auth, SASL_AUTH_XOAUTH2);
	ck_assert_str_eq(c.smtp.token_file, "/run/pbemd/smtp.token");
	ck_assert_ptr_null(c.smtp.token_command);
	ck_assert_ptr_null(c.smtp.password);
	ck_assert_int_eq(c.imap.auth, SASL_AUTH_OAUTHBEARER);
	ck_assert_str_eq(c.imap.token_command, "/usr/local/bin/get-token imap");
	ck_assert_ptr_null(c.imap.token_file);
	config_free(&c);
	/* without auth: the password, as before */
	write_ini(MINIMAL "user = u\npassword = p\n");
	ck_assert_msg(config_load(ini, &c, why, sizeof(why)) == 0, "%s", why);
	ck_assert_int_eq(c.smtp.auth, SASL_AUTH_PASSWORD);
	config_free(&c);
}
END_TEST

START_TEST(oauth2_settings_that_contradict_are_refused)
{
	char	 text[512];

	refused(MINIMAL "user = u\nauth = xoauth2\ntoken_file = /t\n"
	    "token_command = get-token\n",
	    "[smtp] has both token_file and token_command: give one");
	refused(MINIMAL "user = u\ntoken_file = /t\n",
	    "[smtp] token_file needs auth = xoauth2 or oauthbearer");
	refused(MINIMAL "[imap]\nuser = u\nauth = password\n"
	    "token_command = get-token\n",
	    "[imap] token_command needs auth = xoauth2 or oauthbearer");
	refused(MINIMAL "user = u\nauth = oauthbearer\n",
	    "[smtp] auth = OAUTHBEARER needs token_file or token_command");
	refused(MINIMAL "user = u\nauth = xoauth2\ntoken_file = /t\n"
	    "password = p\n",
	    "[smtp] auth = XOAUTH2 logs in with a token: remove password and "
	    "password_file");
	write_to(pwfile, "secret\n");
	snprintf(text, sizeof(text), MINIMAL "[imap]\nuser = u\n"
	    "auth = xoauth2\ntoken_file = /t\npassword_file = %s\n", pwfile);
	refused(text, "[imap] auth = XOAUTH2 logs in with a token");
	refused(MINIMAL "auth = xoauth2\ntoken_file = /t\n",
	    "[smtp] auth = XOAUTH2 needs user");
	refused(MINIMAL "user =\nauth = xoauth2\ntoken_file = /t\n",
	    "[smtp] auth = XOAUTH2 needs user");
	refused(MINIMAL "user = a\001b\nauth = xoauth2\ntoken_file = /t\n",
	    "[smtp] user holds a control character");
	refused(MINIMAL "auth = oauth2\n", "bad value for [smtp] auth");
}
END_TEST

START_TEST(a_missing_file_is_refused)
{
	struct config	 c;
	char		 why[256] = "";

	ck_assert_int_eq(config_load("/nonexistent/pbemd.ini", &c, why,
	    sizeof(why)), -1);
	ck_assert_msg(strstr(why, "/nonexistent/pbemd.ini") != NULL, "why: %s",
	    why);
	ck_assert_msg(strstr(why, "cannot open") != NULL, "why: %s", why);
	ck_assert_ptr_null(c.language);
}
END_TEST

/* [judge] keepers (issue 17): addresses by commas or blanks, kept as
 * written, each line of the key adding to them; none is nobody. */
START_TEST(keepers_are_read_and_checked)
{
	struct config	 c;
	char		 why[256] = "", want[128], many[4096];
	int		 i;

	write_ini(MINIMAL "[judge]\nkeepers = ops@example.test, "
	    "Root@Example.TEST\t  third@example.test\n"
	    "keepers =\nkeepers = fourth@example.test\n");
	ck_assert_msg(config_load(ini, &c, why, sizeof(why)) == 0, "%s", why);
	ck_assert_str_eq(c.keepers, "ops@example.test, Root@Example.TEST\t  "
	    "third@example.test, fourth@example.test");
	config_free(&c);
	ck_assert_ptr_null(c.keepers);
	write_ini(MINIMAL);
	ck_assert_msg(config_load(ini, &c, why, sizeof(why)) == 0, "%s", why);
	ck_assert_ptr_null(c.keepers);
	config_free(&c);
	write_ini(MINIMAL "[judge]\nkeepers = , \n");
	ck_assert_msg(config_load(ini, &c, why, sizeof(why)) == 0, "%s", why);
	ck_assert_ptr_null(c.keepers);
	config_free(&c);

	snprintf(want, sizeof(want), "%s:7: bad value for [judge] keepers",
	    ini);
	refused(MINIMAL "[judge]\nkeepers = ops@example.test root\n", want);
	refused(MINIMAL "[judge]\nkeepers = \"Ops\" <ops@example.test>\n",
	    want);
	/* CONFIG_KEEPERS_MAX in all, over as many lines as it takes. */
	strcpy(many, MINIMAL "[judge]\n");
	for (i = 0; i < CONFIG_KEEPERS_MAX; i++)
		snprintf(many + strlen(many), sizeof(many) - strlen(many),
		    "keepers = k%d@example.test\n", i);
	write_ini(many);
	ck_assert_msg(config_load(ini, &c, why, sizeof(why)) == 0, "%s", why);
	ck_assert_ptr_nonnull(strstr(c.keepers, "k31@example.test"));
	config_free(&c);
	strcat(many, "keepers = one@example.test\n");
	snprintf(want, sizeof(want), "%s:%d: bad value for [judge] keepers",
	    ini, 7 + CONFIG_KEEPERS_MAX);
	refused(many, want);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/serve/config");
	TCase	*tc;

	tc = tcase_create("read");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_full_file_is_read);
	tcase_add_test(tc, a_password_file_gives_its_first_line_only);
	tcase_add_test(tc, a_long_password_is_read_whole);
	tcase_add_test(tc, defaults_fill_what_is_not_given);
	tcase_add_test(tc, keepers_are_read_and_checked);
	tcase_add_test(tc, oauth2_token_sources_are_read_with_their_mechanism);
	suite_add_tcase(s, tc);

	tc = tcase_create("refuse");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_missing_password_file_is_refused);
	tcase_add_test(tc, a_password_file_line_over_the_maximum_is_refused);
	tcase_add_test(tc, an_unknown_key_is_refused_with_file_and_line);
	tcase_add_test(tc, a_bad_value_is_refused_with_file_and_line);
	tcase_add_test(tc, the_reason_names_the_line_of_the_error_it_describes);
	tcase_add_test(tc, a_syntax_error_is_refused_with_file_and_line);
	tcase_add_test(tc, required_keys_are_checked);
	tcase_add_test(tc, a_missing_file_is_refused);
	tcase_add_test(tc, oauth2_settings_that_contradict_are_refused);
	suite_add_tcase(s, tc);
	return s;
}
