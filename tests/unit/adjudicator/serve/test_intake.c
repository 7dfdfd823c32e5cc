/*
 * test_intake.c - adjudicator/serve/intake.c: the failure-table key of a
 * mail. A mail without a UID (pbemd deliver) is keyed by its whole
 * Message-ID: intake_mail() used to cut the key to 299 bytes, so two
 * mails whose long Message-IDs differ only at the end shared one failure
 * count, and one's failures could quarantine the other.
 */
#include "tests/unit/test.h"
#include <stdlib.h>
#include <string.h>

#include "adjudicator/serve/intake.h"

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
	return s;
}
