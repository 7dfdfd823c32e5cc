/*
 * test_intake.c - adjudicator/serve/intake.c: the failure-table key of a
 * mail. A mail without a UID (pbemd deliver) is keyed by its whole
 * Message-ID: intake_mail() used to cut the key to 299 bytes, so two
 * mails whose long Message-IDs differ only at the end shared one failure
 * count, and one's failures could quarantine the other. A full disk is
 * the judge's fault, not the mail's: it never quarantines a valid move.
 */
#include "tests/unit/test.h"
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/serve/intake.h"
#include "tests/unit/adjudicator/judge/judge_fixture.h"

static sqlite3	*judge_h;	/* the judge's own connection */
static bool	 disk_full;	/* what pbemd_full() says */

/* SQL function: fails as a full disk does while disk_full is set. */
static void
full_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	(void)argc;
	(void)argv;
	if (disk_full)
		sqlite3_result_error_code(ctx, SQLITE_FULL);
	else
		sqlite3_result_null(ctx);
}

/* Called by SQLite for every connection opened: the first is the judge's. */
static int
grab(sqlite3 *h, const char **err, const void *api)
{
	(void)err;
	(void)api;
	if (judge_h != NULL)
		return SQLITE_OK;
	judge_h = h;
	sqlite3_create_function(h, "pbemd_full", 0, SQLITE_UTF8, NULL, full_fn,
	    NULL, NULL);
	return SQLITE_OK;
}

/* The disk under the judge's store is full (every new inbox row fails as
 * SQLite fails then, with SQLITE_FULL), or has room again. */
static void
store_full(bool full)
{
	disk_full = full;
}

static void
full_setup(void)
{
	judge_h = NULL;
	ck_assert_int_eq(sqlite3_auto_extension((void (*)(void))grab),
	    SQLITE_OK);
	setup();
	ck_assert_ptr_nonnull(judge_h);
	ck_assert_int_eq(sqlite3_exec(judge_h, "CREATE TEMP TRIGGER full "
	    "BEFORE INSERT ON main.inbox BEGIN SELECT pbemd_full(); END",
	    NULL, NULL, NULL), SQLITE_OK);
}

static void
full_teardown(void)
{
	teardown();
	sqlite3_reset_auto_extension();
}

/*
 * A valid mail on a full store: each attempt fails and is retried, none
 * counts, so when space is back the mail is handled, not quarantined.
 */
START_TEST(a_full_disk_never_quarantines_a_mail)
{
	static const char raw[] = "From: alice@example.test\r\n"
	    "Message-ID: <full.1@example.test>\r\nSubject: orders\r\n\r\n"
	    "CREATE roomy weekeewachee\r\nHELP\r\n";
	char	*r;
	int	 i, count = -1;

	store_full(true);
	for (i = 0; i < 6; i++)
		ck_assert_int_eq(intake_mail(&F.env, raw, sizeof(raw) - 1, 9, 1,
		    false, 3), INTAKE_RETRY);
	ck_assert_int_eq(db_failure_get(F.db, "imap:9:1", &count), DB_OK);
	ck_assert_int_lt(count, 3);
	store_full(false);
	ck_assert_int_eq(intake_mail(&F.env, raw, sizeof(raw) - 1, 9, 1, false,
	    3), INTAKE_DONE);
	r = take(ALICE);
	has(r, "Game roomy (weekeewachee) is created");
	hasnt(r, "quarantined");
	hasnt(r, "set aside");
	free(r);
}
END_TEST

START_TEST(a_mail_from_the_server_is_keyed_by_its_uid)
{
	char	*k = intake_key(4294967295u, 4294967295u, "ignored@x");

	ck_assert_str_eq(k, "imap:4294967295:4294967295");
	free(k);
}
END_TEST

START_TEST(a_long_message_id_is_kept_whole_in_the_key)
{
	char	 id[1001], *a, *b;

	memset(id, 'x', sizeof(id) - 1);
	id[sizeof(id) - 1] = '\0';
	memcpy(id + sizeof(id) - 1 - 9, "@a.test", 8);
	a = intake_key(0, 0, id);
	ck_assert_uint_eq(strlen(a), strlen("msgid:") + strlen(id));
	ck_assert_str_eq(a + strlen("msgid:"), id);
	id[sizeof(id) - 1 - 3] = 'b';
	b = intake_key(0, 0, id);
	ck_assert_str_ne(a, b);
	free(a);
	free(b);
	a = intake_key(0, 0, NULL);
	ck_assert_str_eq(a, "msgid:");
	free(a);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/serve/intake");
	TCase	*t = tcase_create("intake_key");

	tcase_add_test(t, a_mail_from_the_server_is_keyed_by_its_uid);
	tcase_add_test(t, a_long_message_id_is_kept_whole_in_the_key);
	suite_add_tcase(s, t);
	t = tcase_create("full_disk");
	tcase_add_checked_fixture(t, full_setup, full_teardown);
	tcase_set_timeout(t, 60);
	tcase_add_test(t, a_full_disk_never_quarantines_a_mail);
	suite_add_tcase(s, t);
	return s;
}
