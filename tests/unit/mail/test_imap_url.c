/*
 * test_imap_url.c - the [imap] url setting: schemes, default ports and
 * mailbox, bracketed IPv6 hosts, percent-encoded mailboxes, and refusals.
 */
#include "tests/unit/test.h"

#include <string.h>

#include "mail/imap_url.h"

static struct imap_url	 U;
static char		 why[256];

static int
parse(const char *url)
{
	why[0] = '\0';
	return imap_url_parse(url, &U, why, sizeof(why));
}

START_TEST(defaults_follow_the_scheme)
{
	ck_assert_int_eq(parse("imaps://mail.example.org"), 0);
	ck_assert(U.tls);
	ck_assert_str_eq(U.host, "mail.example.org");
	ck_assert_int_eq(U.port, 993);
	ck_assert_str_eq(U.mailbox, "INBOX");
	ck_assert_int_eq(parse("IMAP://127.0.0.1/"), 0);
	ck_assert(!U.tls);
	ck_assert_int_eq(U.port, 143);
	ck_assert_str_eq(U.mailbox, "INBOX");
}
END_TEST

START_TEST(port_ipv6_and_encoded_mailbox)
{
	ck_assert_int_eq(parse("imap://[::1]:20143/Spiele%2FDiplomacy"), 0);
	ck_assert_str_eq(U.host, "::1");
	ck_assert_int_eq(U.port, 20143);
	ck_assert_str_eq(U.mailbox, "Spiele/Diplomacy");
	ck_assert_int_eq(parse("imaps://h:1/Entw%C3%BCrfe"), 0);
	ck_assert_str_eq(U.mailbox, "Entw\xc3\xbcrfe");
}
END_TEST

START_TEST(bad_urls_are_refused_with_the_url)
{
	static const char *bad[] = {
		"pop3://host", "imap://", "imap://user@host", "imap://h:0",
		"imap://h:65536", "imap://h:12x", "imap://[::1", "imap://h?x",
	};
	size_t	 i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_msg(parse(bad[i]) == -1, "%s accepted", bad[i]);
		ck_assert_msg(strstr(why, bad[i]) != NULL, "%s: %s", bad[i],
		    why);
	}
	ck_assert_int_eq(parse(NULL), -1);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("mail/imap_url");
	TCase	*tc = tcase_create("url");

	tcase_add_test(tc, defaults_follow_the_scheme);
	tcase_add_test(tc, port_ipv6_and_encoded_mailbox);
	tcase_add_test(tc, bad_urls_are_refused_with_the_url);
	suite_add_tcase(s, tc);
	return s;
}
