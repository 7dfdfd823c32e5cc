/*
 * test_sasl.c - mail/sasl.c: the exact bytes of the XOAUTH2 and
 * OAUTHBEARER initial responses (checked against the examples of Google's
 * XOAUTH2 document and of RFC 7628 4.1), the gs2 escaping of the user, the
 * answer to an error challenge, and that challenge read for the log; the
 * PLAIN response of RFC 4616's example and LOGIN's base64.
 */
#include "tests/unit/test.h"

#include <stdlib.h>
#include <string.h>

#include "mail/sasl.h"

/* Google's "The SASL XOAUTH2 Mechanism", the IMAP example. */
#define GOOGLE_XOAUTH2 \
	"dXNlcj1zb21ldXNlckBleGFtcGxlLmNvbQFhdXRoPUJlYXJlciB5YTI5LnZGOWRmdDRxbVRj" \
	"Mk52YjNSbGNrQmhiSFJoZG1semRHRXVZMjl0Q2cBAQ=="
/* RFC 7628 4.1, the successful OAUTHBEARER exchange. */
#define RFC7628_OAUTHBEARER \
	"bixhPXVzZXJAZXhhbXBsZS5jb20sAWhvc3Q9c2VydmVyLmV4YW1wbGUuY29tAXBvcnQ9MTQz" \
	"AWF1dGg9QmVhcmVyIHZGOWRmdDRxbVRjMk52YjNSbGNrQmhiSFJoZG1semRHRXVZMjl0Q2c9" \
	"PQEB"

START_TEST(xoauth2_matches_googles_example)
{
	char	*r;

	r = sasl_oauth_response(SASL_AUTH_XOAUTH2, "someuser@example.com",
	    "imap.gmail.com", 993, "ya29.vF9dft4qmTc2Nvb3RlckBhbHRhdmlzdGEuY29tCg");
	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(r, GOOGLE_XOAUTH2);
	sasl_free(r);
}
END_TEST

START_TEST(oauthbearer_matches_rfc7628s_example)
{
	char	*r;

	r = sasl_oauth_response(SASL_AUTH_OAUTHBEARER, "user@example.com",
	    "server.example.com", 143,
	    "vF9dft4qmTc2Nvb3RlckBhbHRhdmlzdGEuY29tCg==");
	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(r, RFC7628_OAUTHBEARER);
	sasl_free(r);
}
END_TEST

START_TEST(oauthbearer_escapes_comma_and_equals_in_the_user)
{
	char	*r;

	/* base64 of "n,a=a=3Db=2Cc@example.org,^Ahost=h^Aport=143^A
	 * auth=Bearer t^A^A" */
	r = sasl_oauth_response(SASL_AUTH_OAUTHBEARER, "a=b,c@example.org",
	    "h", 143, "t");
	ck_assert_str_eq(r, "bixhPWE9M0RiPTJDY0BleGFtcGxlLm9yZywBaG9zdD1oAXBv"
	    "cnQ9MTQzAWF1dGg9QmVhcmVyIHQBAQ==");
	sasl_free(r);
	r = sasl_gs2_escape("=,x,=");
	ck_assert_str_eq(r, "=3D=2Cx=2C=3D");
	free(r);
	r = sasl_gs2_escape("plain@example.org");
	ck_assert_str_eq(r, "plain@example.org");
	free(r);
}
END_TEST

START_TEST(xoauth2_sends_the_user_unescaped)
{
	char	*r;

	/* base64 of "user=a=b,c^Aauth=Bearer t^A^A": XOAUTH2 escapes nothing */
	r = sasl_oauth_response(SASL_AUTH_XOAUTH2, "a=b,c", "h", 1, "t");
	ck_assert_str_eq(r, "dXNlcj1hPWIsYwFhdXRoPUJlYXJlciB0AQE=");
	sasl_free(r);
}
END_TEST

START_TEST(control_bytes_and_empty_fields_are_refused)
{
	ck_assert_ptr_null(sasl_oauth_response(SASL_AUTH_XOAUTH2, "a\001b",
	    "h", 1, "t"));
	ck_assert_ptr_null(sasl_oauth_response(SASL_AUTH_XOAUTH2, "u", "h",
	    1, "t\001auth=Bearer x"));
	ck_assert_ptr_null(sasl_oauth_response(SASL_AUTH_XOAUTH2, "u\r\n",
	    "h", 1, "t"));
	ck_assert_ptr_null(sasl_oauth_response(SASL_AUTH_XOAUTH2, "", "h", 1,
	    "t"));
	ck_assert_ptr_null(sasl_oauth_response(SASL_AUTH_XOAUTH2, "u", "h", 1,
	    ""));
	ck_assert_ptr_null(sasl_oauth_response(SASL_AUTH_OAUTHBEARER, "u",
	    "", 1, "t"));
	ck_assert_ptr_null(sasl_oauth_response(SASL_AUTH_OAUTHBEARER, "u",
	    NULL, 1, "t"));
	ck_assert_ptr_null(sasl_oauth_response(SASL_AUTH_OAUTHBEARER, "u",
	    "h\177", 1, "t"));
	ck_assert_ptr_null(sasl_oauth_response(SASL_AUTH_PASSWORD, "u", "h",
	    1, "t"));
}
END_TEST

START_TEST(the_error_challenge_is_acknowledged_per_mechanism)
{
	/* RFC 7628 3.2.3: a single ^A; Google: an empty response. */
	ck_assert_str_eq(sasl_oauth_ack(SASL_AUTH_OAUTHBEARER), "AQ==");
	ck_assert_str_eq(sasl_oauth_ack(SASL_AUTH_XOAUTH2), "");
}
END_TEST

START_TEST(the_error_challenge_is_decoded_for_the_log)
{
	char	 out[SASL_ERROR_MAX + 1];
	char	 longb64[401];

	sasl_oauth_error("eyJzdGF0dXMiOiJpbnZhbGlkX3Rva2VuIiwic2NvcGUiOiJtYWlsIn0=",
	    56, out);
	ck_assert_str_eq(out, "{\"status\":\"invalid_token\",\"scope\":\"mail\"}");
	/* {"s":"^A\xff\n"}: no control byte or 8-bit byte reaches the log */
	sasl_oauth_error("eyJzIjoiAf8KIn0=", 16, out);
	ck_assert_str_eq(out, "{\"s\":\"???\"}");
	sasl_oauth_error("not base64!", 11, out);
	ck_assert_str_eq(out, "(not base64)");
	sasl_oauth_error("", 0, out);
	ck_assert_str_eq(out, "");
	/* 300 times "x": cut to the bound, and said so */
	memset(longb64, 0, sizeof(longb64));
	for (int i = 0; i < 400; i += 4)
		memcpy(longb64 + i, "eHh4", 4);
	sasl_oauth_error(longb64, 400, out);
	ck_assert_uint_eq(strlen(out), SASL_ERROR_MAX);
	ck_assert_str_eq(out + SASL_ERROR_MAX - 3, "...");
	ck_assert_int_eq(out[0], 'x');
}
END_TEST

START_TEST(auth_names_parse_in_any_case)
{
	enum sasl_auth	 a;

	ck_assert_int_eq(sasl_auth_parse("XOAuth2", &a), 0);
	ck_assert_int_eq(a, SASL_AUTH_XOAUTH2);
	ck_assert_str_eq(sasl_auth_name(a), "XOAUTH2");
	ck_assert_int_eq(sasl_auth_parse("oauthbearer", &a), 0);
	ck_assert_int_eq(a, SASL_AUTH_OAUTHBEARER);
	ck_assert_str_eq(sasl_auth_name(a), "OAUTHBEARER");
	ck_assert_int_eq(sasl_auth_parse("password", &a), 0);
	ck_assert_int_eq(a, SASL_AUTH_PASSWORD);
	ck_assert_int_eq(sasl_auth_parse("oauth2", &a), -1);
	ck_assert_int_eq(sasl_auth_parse("", &a), -1);
}
END_TEST

START_TEST(plain_matches_rfc4616s_example)
{
	char	*r;

	/* RFC 4616 4: "\0tim\0tanstaaftanstaaf" */
	ck_assert_ptr_nonnull(r = sasl_plain_response("tim", "tanstaaftanstaaf"));
	ck_assert_str_eq(r, "AHRpbQB0YW5zdGFhZnRhbnN0YWFm");
	sasl_free(r);
	ck_assert_ptr_nonnull(r = sasl_plain_response("tim", NULL));
	ck_assert_str_eq(r, "AHRpbQA=");
	sasl_free(r);
	ck_assert_ptr_null(sasl_plain_response("", "pw"));
	ck_assert_ptr_null(sasl_plain_response(NULL, "pw"));
}
END_TEST

START_TEST(login_answers_are_plain_base64)
{
	char	*r;

	ck_assert_ptr_nonnull(r = sasl_base64("judge"));
	ck_assert_str_eq(r, "anVkZ2U=");
	sasl_free(r);
	ck_assert_ptr_nonnull(r = sasl_base64(""));
	ck_assert_str_eq(r, "");
	sasl_free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("mail/sasl");
	TCase	*tc = tcase_create("responses");

	tcase_add_test(tc, xoauth2_matches_googles_example);
	tcase_add_test(tc, oauthbearer_matches_rfc7628s_example);
	tcase_add_test(tc, oauthbearer_escapes_comma_and_equals_in_the_user);
	tcase_add_test(tc, xoauth2_sends_the_user_unescaped);
	tcase_add_test(tc, control_bytes_and_empty_fields_are_refused);
	tcase_add_test(tc, plain_matches_rfc4616s_example);
	tcase_add_test(tc, login_answers_are_plain_base64);
	suite_add_tcase(s, tc);
	tc = tcase_create("errors");
	tcase_add_test(tc, the_error_challenge_is_acknowledged_per_mechanism);
	tcase_add_test(tc, the_error_challenge_is_decoded_for_the_log);
	tcase_add_test(tc, auth_names_parse_in_any_case);
	suite_add_tcase(s, tc);
	return s;
}
