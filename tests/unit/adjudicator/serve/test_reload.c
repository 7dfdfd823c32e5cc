/*
 * test_reload.c - adjudicator/serve/reload.c: which keys differ between the
 * running configuration and a new one, which of them take a restart (and
 * keep their running value), and that the table knows every key config.c
 * reads (issue 17: SIGHUP re-reads the configuration).
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adjudicator/serve/reload.h"

static char	 ini[64];

static void
setup(void)
{
	int	 fd;

	strcpy(ini, "/tmp/pbemd-reload-XXXXXX");
	ck_assert_int_ge(fd = mkstemp(ini), 0);
	close(fd);
}

static void
teardown(void)
{
	unlink(ini);
}

static void
load(struct config *c, const char *text)
{
	FILE	*f;
	char	 why[512] = "";

	ck_assert_ptr_nonnull(f = fopen(ini, "w"));
	fputs(text, f);
	fclose(f);
	ck_assert_msg(config_load(ini, c, why, sizeof(why)) == 0, "%s", why);
}

/* Every key set, and then every key set otherwise. */
#define FULL_A \
	"[imap]\nurl = imaps://a.test/INBOX\nuser = a\npassword = pa\n" \
	"ca_file = /a.pem\nstarttls = yes\ninsecure = no\ntimeout = 10\n" \
	"[smtp]\nurl = smtps://a.test\nuser = a\npassword = pa\n" \
	"ca_file = /a.pem\nstarttls = yes\ninsecure = no\ntimeout = 10\n" \
	"[judge]\naddress = a@a.test\nname = A\ndatabase = /a.db\n" \
	"templates = /a\nlanguage = en\ntimezone = UTC\npoll_interval = 10\n" \
	"max_failures = 3\ncreates_per_hour = 1\njoins_per_hour = 1\n" \
	"answers_per_hour = 1\nlog_level = info\nlog = stderr\n" \
	"keepers = k@a.test\n"
/*
 * A password and a token source exclude each other, and so do the two
 * sources: B logs in with tokens (IMAP from a file, SMTP from a command),
 * C the other way round, so A to B and A to C together change every key.
 */
#define FULL_B_JUDGE \
	"[judge]\naddress = b@b.test\nname = B\ndatabase = /b.db\n" \
	"templates = /b\nlanguage = de\ntimezone = Europe/Berlin\n" \
	"poll_interval = 20\nmax_failures = 4\ncreates_per_hour = 2\n" \
	"joins_per_hour = 2\nanswers_per_hour = 2\nlog_level = debug\n" \
	"log = syslog\nkeepers = k@b.test, l@b.test\n"
#define FULL_B \
	"[imap]\nurl = imap://b.test/INBOX\nuser = b\nauth = xoauth2\n" \
	"token_file = /b.tok\n" \
	"ca_file = /b.pem\nstarttls = no\ninsecure = yes\ntimeout = 20\n" \
	"[smtp]\nurl = smtp://b.test\nuser = b\nauth = oauthbearer\n" \
	"token_command = /b.sh\n" \
	"ca_file = /b.pem\nstarttls = no\ninsecure = yes\ntimeout = 20\n" \
	FULL_B_JUDGE
#define FULL_C \
	"[imap]\nurl = imap://b.test/INBOX\nuser = b\nauth = oauthbearer\n" \
	"token_command = /c.sh\n" \
	"ca_file = /b.pem\nstarttls = no\ninsecure = yes\ntimeout = 20\n" \
	"[smtp]\nurl = smtp://b.test\nuser = b\nauth = xoauth2\n" \
	"token_file = /c.tok\n" \
	"ca_file = /b.pem\nstarttls = no\ninsecure = yes\ntimeout = 20\n" \
	FULL_B_JUDGE

static const struct reload_change *
find(const struct reload_change *c, size_t n, const char *section,
    const char *key)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (strcmp(c[i].section, section) == 0 &&
		    strcmp(c[i].key, key) == 0)
			return &c[i];
	return NULL;
}

START_TEST(the_same_file_changes_nothing)
{
	struct config		 cur, next;
	struct reload_change	 c[RELOAD_KEYS_MAX];

	load(&cur, FULL_A);
	load(&next, FULL_A);
	ck_assert_uint_eq(reload_merge(&cur, &next, c), 0);
	config_free(&cur);
	config_free(&next);
}
END_TEST

START_TEST(every_key_is_compared_once)
{
	struct config		 cur, next;
	struct reload_change	 c[RELOAD_KEYS_MAX], all[2 * RELOAD_KEYS_MAX];
	size_t			 n, i, j, k, seen = 0;

	load(&cur, FULL_A);
	for (k = 0; k < 2; k++) {
		load(&next, k == 0 ? FULL_B : FULL_C);
		n = reload_merge(&cur, &next, c);
		for (i = 0; i < n; i++)
			for (j = i + 1; j < n; j++)
				ck_assert_msg(strcmp(c[i].section,
				    c[j].section) != 0 ||
				    strcmp(c[i].key, c[j].key) != 0,
				    "%s.%s twice", c[i].section, c[i].key);
		for (i = 0; i < n; i++) {
			for (j = 0; j < seen; j++)
				if (strcmp(all[j].section, c[i].section) == 0 &&
				    strcmp(all[j].key, c[i].key) == 0)
					break;
			if (j == seen)
				all[seen++] = c[i];
		}
		config_free(&next);
	}
	ck_assert_uint_eq(seen, RELOAD_KEYS_MAX);
	config_free(&cur);
}
END_TEST

START_TEST(database_and_address_take_a_restart_and_keep_their_value)
{
	struct config		 cur, next;
	struct reload_change	 c[RELOAD_KEYS_MAX];
	const struct reload_change *r;
	size_t			 n, i;

	load(&cur, FULL_A);
	load(&next, FULL_B);
	n = reload_merge(&cur, &next, c);
	for (i = 0; i < n; i++) {
		bool restart = strcmp(c[i].section, "judge") == 0 &&
		    (strcmp(c[i].key, "database") == 0 ||
		    strcmp(c[i].key, "address") == 0);

		ck_assert_msg(c[i].restart == restart, "%s.%s restart=%d",
		    c[i].section, c[i].key, c[i].restart);
	}
	ck_assert_ptr_nonnull(r = find(c, n, "judge", "database"));
	/* What runs: the old store and address, every live key the new. */
	ck_assert_str_eq(next.database, "/a.db");
	ck_assert_str_eq(next.address, "a@a.test");
	ck_assert_str_eq(next.name, "B");
	ck_assert_int_eq(next.poll_interval, 20);
	ck_assert_str_eq(next.imap.url, "imap://b.test/INBOX");
	ck_assert_int_eq(next.log, LOG_TARGET_SYSLOG);
	config_free(&cur);
	config_free(&next);
}
END_TEST

START_TEST(one_live_key_is_one_change)
{
	struct config		 cur, next;
	struct reload_change	 c[RELOAD_KEYS_MAX];

	load(&cur, FULL_A);
	load(&next, FULL_A "[judge]\npoll_interval = 5\n");
	ck_assert_uint_eq(reload_merge(&cur, &next, c), 1);
	ck_assert_str_eq(c[0].section, "judge");
	ck_assert_str_eq(c[0].key, "poll_interval");
	ck_assert(!c[0].restart);
	ck_assert_int_eq(next.poll_interval, 5);
	config_free(&cur);
	config_free(&next);
}
END_TEST

START_TEST(a_key_set_where_it_was_unset_is_a_change)
{
	struct config		 cur, next;
	struct reload_change	 c[RELOAD_KEYS_MAX];
	const char		*min = "[judge]\naddress = a@a.test\n"
	    "database = /a.db\n[smtp]\nurl = smtps://a.test\n";
	char			 text[256];

	load(&cur, min);
	snprintf(text, sizeof(text), "%suser = judge\n", min);
	load(&next, text);
	ck_assert_uint_eq(reload_merge(&cur, &next, c), 1);
	ck_assert_str_eq(c[0].section, "smtp");
	ck_assert_str_eq(c[0].key, "user");
	/* And back: unset where it was set. */
	ck_assert_uint_eq(reload_merge(&next, &cur, c), 1);
	config_free(&cur);
	config_free(&next);
}
END_TEST

/*
 * Every key config.c compares (strcmp(k, "...")) has a row: a key added
 * there without one would change silently on a reload, or not at all.
 * password_file is read into password, whose row stands for both.
 */
START_TEST(the_table_knows_every_key_config_c_reads)
{
	struct config		 cur, next;
	struct reload_change	 c[RELOAD_KEYS_MAX];
	FILE			*f;
	char			 line[512], key[64];
	const char		*p;
	size_t			 n, keys = 0;

	load(&cur, FULL_A);
	load(&next, FULL_B);
	n = reload_merge(&cur, &next, c);
	ck_assert_ptr_nonnull(f = fopen("adjudicator/serve/config.c", "r"));
	while (fgets(line, sizeof(line), f) != NULL) {
		bool known = false;
		size_t i;

		if ((p = strstr(line, "strcmp(k, \"")) == NULL ||
		    sscanf(p, "strcmp(k, \"%63[a-z_]\")", key) != 1)
			continue;
		keys++;
		if (strcmp(key, "password_file") == 0)
			continue;
		for (i = 0; i < n; i++)
			known |= strcmp(c[i].key, key) == 0;
		ck_assert_msg(known, "config.c reads \"%s\"; reload.c's table "
		    "has no row for it", key);
	}
	fclose(f);
	ck_assert_uint_ge(keys, 20);
	config_free(&cur);
	config_free(&next);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/serve/reload");
	TCase	*tc;

	tc = tcase_create("merge");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, the_same_file_changes_nothing);
	tcase_add_test(tc, every_key_is_compared_once);
	tcase_add_test(tc, database_and_address_take_a_restart_and_keep_their_value);
	tcase_add_test(tc, one_live_key_is_one_change);
	tcase_add_test(tc, a_key_set_where_it_was_unset_is_a_change);
	tcase_add_test(tc, the_table_knows_every_key_config_c_reads);
	suite_add_tcase(s, tc);
	return s;
}
