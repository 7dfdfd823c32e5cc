/*
 * test_runtime.c - adjudicator/serve/runtime.c: runtime_reload(), what
 * SIGHUP does to the running judge (issue 17). A good file replaces the
 * configuration and the catalogs, the keys that take a restart keeping
 * their running values and the store staying open; a bad one (the parser,
 * a password file, the catalogs, serve's URLs) is refused with its reason
 * and the running configuration is kept whole.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adjudicator/serve/runtime.h"

static char	 dir[64], ini[128], db[128], db2[128];

static void
setup(void)
{
	strcpy(dir, "/tmp/pbemd-runtime-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(ini, sizeof(ini), "%s/pbemd.ini", dir);
	snprintf(db, sizeof(db), "%s/pbemd.db", dir);
	snprintf(db2, sizeof(db2), "%s/other.db", dir);
}

static void
teardown(void)
{
	char	 cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* The test's configuration with extra lines for [judge] (later keys win). */
static void
write_ini(const char *judge_extra)
{
	FILE	*f;

	ck_assert_ptr_nonnull(f = fopen(ini, "w"));
	fprintf(f, "[imap]\nurl = imap://127.0.0.1:1/INBOX\nuser = judge\n"
	    "password = pw\n[smtp]\nurl = smtp://127.0.0.1:1\n"
	    "[judge]\naddress = judge@example.test\nname = Old Judge\n"
	    "database = %s\ntemplates = templates\npoll_interval = 60\n"
	    "log_level = warn\n%s",
	    db, judge_extra);
	fclose(f);
}

static void
open_rt(struct runtime *rt)
{
	char	 why[512] = "";

	write_ini("");
	ck_assert_msg(runtime_open(ini, rt, why, sizeof(why)) == 0, "%s", why);
}

static const struct reload_change *
find(const struct reload_change *c, size_t n, const char *key)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (strcmp(c[i].key, key) == 0)
			return &c[i];
	return NULL;
}

START_TEST(a_good_file_is_applied)
{
	struct runtime		 rt;
	struct reload_change	 c[RELOAD_KEYS_MAX];
	const struct reload_change *r;
	struct catalog		*en;
	struct db		*store;
	char			 why[512] = "", extra[256];
	size_t			 n;

	open_rt(&rt);
	en = rt.cat[0];
	store = rt.db;
	snprintf(extra, sizeof(extra), "name = New Judge\npoll_interval = 7\n"
	    "database = %s\nlog_level = debug\n", db2);
	write_ini(extra);
	ck_assert_msg(runtime_reload(&rt, ini, c, &n, why, sizeof(why)) == 0,
	    "%s", why);
	ck_assert_str_eq(rt.cfg.name, "New Judge");
	ck_assert_int_eq(rt.cfg.poll_interval, 7);
	ck_assert_int_eq(rt.cfg.log_level, LOG_LEVEL_DEBUG);
	ck_assert_uint_eq(n, 4);
	ck_assert(!find(c, n, "name")->restart);
	ck_assert(!find(c, n, "poll_interval")->restart);
	ck_assert(!find(c, n, "log_level")->restart);
	/* The store stays the one opened, and says so. */
	ck_assert_ptr_nonnull(r = find(c, n, "database"));
	ck_assert(r->restart);
	ck_assert_str_eq(rt.cfg.database, db);
	ck_assert_ptr_eq(rt.db, store);
	ck_assert_int_ne(access(db2, F_OK), 0);
	/* The catalogs are read anew (an edited template counts now): the
	 * new ones exist before the old are freed, so they differ. */
	ck_assert_ptr_nonnull(rt.cat[0]);
	ck_assert_ptr_ne(rt.cat[0], en);
	runtime_close(&rt);
}
END_TEST

/* Reloads with judge_extra, expects a refusal naming want, and the running
 * configuration untouched. */
static void
refused(const char *judge_extra, const char *want)
{
	struct runtime		 rt;
	struct reload_change	 c[RELOAD_KEYS_MAX];
	struct catalog		*en, *de;
	char			 why[512] = "";
	size_t			 n = 99;

	open_rt(&rt);
	en = rt.cat[0];
	de = rt.cat[1];
	write_ini(judge_extra);
	ck_assert_int_eq(runtime_reload(&rt, ini, c, &n, why, sizeof(why)), -1);
	ck_assert_msg(strstr(why, want) != NULL, "why \"%s\" lacks \"%s\"",
	    why, want);
	ck_assert_uint_eq(n, 0);
	ck_assert_str_eq(rt.cfg.name, "Old Judge");
	ck_assert_int_eq(rt.cfg.poll_interval, 60);
	ck_assert_str_eq(rt.cfg.imap.url, "imap://127.0.0.1:1/INBOX");
	ck_assert_str_eq(rt.cfg.imap.password, "pw");
	ck_assert_ptr_eq(rt.cat[0], en);
	ck_assert_ptr_eq(rt.cat[1], de);
	runtime_close(&rt);
}

START_TEST(a_bad_value_is_refused_and_the_old_kept)
{
	char	 want[256];

	snprintf(want, sizeof(want), "%s:15: bad value for [judge] "
	    "poll_interval", ini);
	refused("name = New Judge\npoll_interval = soon\n", want);
}
END_TEST

START_TEST(an_unknown_key_is_refused_and_the_old_kept)
{
	refused("name = New Judge\npoll_intervall = 5\n",
	    "unknown key [judge] poll_intervall");
}
END_TEST

START_TEST(a_missing_password_file_is_refused_and_the_old_kept)
{
	refused("[imap]\npassword_file = /nonexistent/pbemd.pw\n",
	    "cannot read the password file");
}
END_TEST

START_TEST(templates_that_do_not_load_are_refused_and_the_old_kept)
{
	refused("name = New Judge\ntemplates = /nonexistent/templates\n",
	    "/nonexistent/templates");
}
END_TEST

START_TEST(serve_urls_are_checked_and_the_old_kept)
{
	refused("[imap]\nurl = http://127.0.0.1/INBOX\n", "[imap] url");
	refused("[smtp]\nurl = http://127.0.0.1\n", "[smtp] url");
}
END_TEST

START_TEST(a_file_gone_is_refused_and_the_old_kept)
{
	struct runtime		 rt;
	struct reload_change	 c[RELOAD_KEYS_MAX];
	char			 why[512] = "";
	size_t			 n;

	open_rt(&rt);
	ck_assert_int_eq(unlink(ini), 0);
	ck_assert_int_eq(runtime_reload(&rt, ini, c, &n, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "cannot open"));
	ck_assert_str_eq(rt.cfg.name, "Old Judge");
	runtime_close(&rt);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/serve/runtime");
	TCase	*tc;

	tc = tcase_create("reload");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_good_file_is_applied);
	tcase_add_test(tc, a_bad_value_is_refused_and_the_old_kept);
	tcase_add_test(tc, an_unknown_key_is_refused_and_the_old_kept);
	tcase_add_test(tc, a_missing_password_file_is_refused_and_the_old_kept);
	tcase_add_test(tc, templates_that_do_not_load_are_refused_and_the_old_kept);
	tcase_add_test(tc, serve_urls_are_checked_and_the_old_kept);
	tcase_add_test(tc, a_file_gone_is_refused_and_the_old_kept);
	suite_add_tcase(s, tc);
	return s;
}
