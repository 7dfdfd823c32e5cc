/*
 * test_message.c - mail/message.c: the rule for an address a player names
 * (SET ADDRESS): an '@' with something on both sides, no blanks, control
 * characters or header punctuation, at most MESSAGE_ADDR_MAX bytes.
 */
#include "tests/unit/test.h"

#include <string.h>

#include "mail/message.h"

START_TEST(plain_addresses_are_accepted)
{
	ck_assert(message_addr_ok("alice@example.test"));
	ck_assert(message_addr_ok("A.B+diplomacy@Mail.Example.org"));
	ck_assert(message_addr_ok("jörg@example.test"));
}
END_TEST

START_TEST(what_is_no_address_is_refused)
{
	static const char *const bad[] = {
		"", "alice", "@example.test", "alice@", "al ice@example.test",
		"alice@example.test\r\nBcc: x@y", "alice\t@example.test",
		"<alice@example.test>", "alice@example.test,bob@example.test",
		"alice@example.test;", "Alice (home)@example.test",
		"alice@[example.test]", "a\\b@example.test", "a\x7f@example.test",
		"\"odd\"@example.test",
	};
	size_t	 i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(!message_addr_ok(bad[i]), "accepted \"%s\"",
		    bad[i]);
	ck_assert(!message_addr_ok(NULL));
	/* Raw Latin-1, and a UTF-8 sequence cut short. */
	ck_assert(!message_addr_ok("j\xf6rg@example.test"));
	ck_assert(!message_addr_ok("j\xc3@example.test"));
}
END_TEST

START_TEST(an_address_over_the_limit_is_refused)
{
	char	 a[MESSAGE_ADDR_MAX + 2];
	size_t	 n;

	/* MESSAGE_ADDR_MAX bytes in all: the longest that is accepted. */
	n = MESSAGE_ADDR_MAX - strlen("@example.test");
	memset(a, 'x', n);
	strcpy(a + n, "@example.test");
	ck_assert_uint_eq(strlen(a), MESSAGE_ADDR_MAX);
	ck_assert(message_addr_ok(a));
	memmove(a + 1, a, strlen(a) + 1);
	ck_assert(!message_addr_ok(a));
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("mail/message");
	TCase	*tc;

	tc = tcase_create("addr");
	tcase_add_test(tc, plain_addresses_are_accepted);
	tcase_add_test(tc, what_is_no_address_is_refused);
	tcase_add_test(tc, an_address_over_the_limit_is_refused);
	suite_add_tcase(s, tc);
	return s;
}
