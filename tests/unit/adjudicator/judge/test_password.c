/*
 * test_password.c - adjudicator/judge/password.c: Argon2id hashes,
 * verification with and without the cache, generated passwords, the
 * bounds of an acceptable password and one-time codes.
 */
#include "tests/unit/test.h"
#include <ctype.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "adjudicator/judge/password.h"

static void
setup(void)
{
	ck_assert_int_eq(password_init(), 0);
}

static double
now_s(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

START_TEST(a_hash_verifies_its_password_only)
{
	char	 h[PASSWORD_HASH_MAX], h2[PASSWORD_HASH_MAX];

	ck_assert_int_eq(PASSWORD_HASH_MAX, crypto_pwhash_STRBYTES);
	ck_assert_int_eq(password_hash("tiger7", h), 0);
	ck_assert_msg(strncmp(h, "$argon2id$", 10) == 0, "hash: %s", h);
	ck_assert_ptr_nonnull(memchr(h, '\0', sizeof(h)));
	ck_assert_msg(strstr(h, "m=7168,t=5,") != NULL, "parameters: %s", h);

	ck_assert(password_verify(NULL, h, "tiger7"));
	ck_assert(!password_verify(NULL, h, "tiger8"));
	ck_assert(!password_verify(NULL, h, "Tiger7"));
	ck_assert(!password_verify(NULL, h, "tiger"));
	ck_assert(!password_verify(NULL, h, ""));
	ck_assert(!password_verify(NULL, "not a hash", "tiger7"));

	/* Salted: the same password hashes differently each time. */
	ck_assert_int_eq(password_hash("tiger7", h2), 0);
	ck_assert_str_ne(h, h2);
	ck_assert(password_verify(NULL, h2, "tiger7"));
}
END_TEST

START_TEST(a_cached_verification_is_much_faster)
{
	struct password_cache	*c = password_cache_new();
	char			 h[PASSWORD_HASH_MAX];
	double			 t0, slow, fast;

	ck_assert_int_eq(password_hash("lion42", h), 0);
	t0 = now_s();
	ck_assert(password_verify(c, h, "lion42"));
	slow = now_s() - t0;
	/* The second one, alone: it must not need a third to hit the cache. */
	t0 = now_s();
	ck_assert(password_verify(c, h, "lion42"));
	fast = now_s() - t0;
	ck_assert_msg(fast * 10 <= slow, "first %.6fs, cached %.6fs", slow,
	    fast);
	/* Without a cache, every verification pays full price. */
	t0 = now_s();
	ck_assert(password_verify(NULL, h, "lion42"));
	ck_assert_msg((now_s() - t0) > fast * 10, "uncached %.6fs, cached "
	    "%.6fs", now_s() - t0, fast);
	password_cache_free(c);
}
END_TEST

START_TEST(a_wrong_password_never_passes_the_cache)
{
	struct password_cache	*c = password_cache_new();
	char			 h[PASSWORD_HASH_MAX];

	ck_assert_int_eq(password_hash("lion42", h), 0);
	/* A failure is not cached as a success. */
	ck_assert(!password_verify(c, h, "lion43"));
	ck_assert(!password_verify(c, h, "lion43"));
	ck_assert(password_verify(c, h, "lion42"));
	ck_assert(password_verify(c, h, "lion42"));
	ck_assert(!password_verify(c, h, "lion43"));
	ck_assert(!password_verify(c, h, "lion4"));
	ck_assert(!password_verify(c, h, "lion421"));
	ck_assert(!password_verify(c, h, ""));
	password_cache_free(c);
}
END_TEST

START_TEST(another_hash_with_the_same_password_is_not_confused)
{
	struct password_cache	*c = password_cache_new();
	char			 a[PASSWORD_HASH_MAX], b[PASSWORD_HASH_MAX];
	char			 a2[PASSWORD_HASH_MAX];

	ck_assert_int_eq(password_hash("lion42", a), 0);
	ck_assert_int_eq(password_hash("zebra9", b), 0);
	ck_assert_int_eq(password_hash("lion42", a2), 0);
	ck_assert(password_verify(c, a, "lion42"));
	ck_assert(password_verify(c, b, "zebra9"));
	/* lion42 is cached for a, not for b, and zebra9 not for a. */
	ck_assert(!password_verify(c, b, "lion42"));
	ck_assert(!password_verify(c, a, "zebra9"));
	/* Another hash of the same password still verifies on its own. */
	ck_assert(password_verify(c, a2, "lion42"));
	ck_assert(!password_verify(c, a2, "zebra9"));
	ck_assert(password_verify(c, a, "lion42"));
	password_cache_free(c);
	password_cache_free(NULL);
}
END_TEST

/* The alphabet of password.h: letters and digits without look-alikes. */
static const char alphabet[] = "abcdefghjkmnpqrstuvwxyz23456789";

START_TEST(generate_fills_the_buffer_from_the_alphabet)
{
	char	 pw[11], pw2[11], big[2001];
	size_t	 i;

	memset(pw, 'X', sizeof(pw));
	password_generate(pw, sizeof(pw));
	/* The buffer size counts the NUL: ten characters. */
	ck_assert_uint_eq(strlen(pw), sizeof(pw) - 1);
	for (i = 0; i < strlen(pw); i++)
		ck_assert_msg(strchr(alphabet, pw[i]) != NULL,
		    "'%c' in \"%s\"", pw[i], pw);
	ck_assert_uint_ge(strlen(pw), PASSWORD_MIN);
	password_generate(pw2, sizeof(pw2));
	ck_assert_str_ne(pw, pw2);

	/* Over many characters: every one from the alphabet, and all used. */
	password_generate(big, sizeof(big));
	ck_assert_uint_eq(strlen(big), sizeof(big) - 1);
	ck_assert_uint_eq(strspn(big, alphabet), sizeof(big) - 1);
	ck_assert_ptr_null(strpbrk(big, "01ilo"));
	for (i = 0; alphabet[i]; i++)
		ck_assert_msg(strchr(big, alphabet[i]) != NULL,
		    "'%c' never generated", alphabet[i]);

	/* Edge sizes: one byte is the empty string; zero touches nothing. */
	pw[0] = 'X';
	password_generate(pw, 1);
	ck_assert_str_eq(pw, "");
	pw[0] = 'X';
	password_generate(pw, 0);
	ck_assert_int_eq(pw[0], 'X');
}
END_TEST

START_TEST(a_generated_password_verifies)
{
	char	 pw[PASSWORD_MAX + 1], h[PASSWORD_HASH_MAX];

	password_generate(pw, 11);
	ck_assert_int_eq(password_hash(pw, h), 0);
	ck_assert(password_verify(NULL, h, pw));
	password_generate(pw, sizeof(pw));
	ck_assert_uint_eq(strlen(pw), PASSWORD_MAX);
}
END_TEST

/* Issue 13: four characters were guessed too easily. */
START_TEST(a_password_has_8_to_64_bytes)
{
	char	 pw[PASSWORD_MAX + 2];

	ck_assert(!password_acceptable(""));
	ck_assert(!password_acceptable("abcd"));
	ck_assert(!password_acceptable("abcdefg"));
	ck_assert(password_acceptable("abcdefgh"));
	memset(pw, 'x', sizeof(pw) - 1);
	pw[sizeof(pw) - 1] = '\0';
	ck_assert(!password_acceptable(pw));
	pw[PASSWORD_MAX] = '\0';
	ck_assert(password_acceptable(pw));
}
END_TEST

/* A code is stored as a hash that only its own code matches. */
START_TEST(a_code_matches_its_hash_only_in_any_case)
{
	char	 code[PASSWORD_CODE_LEN + 1], hash[PASSWORD_CODE_HASH];
	char	 code2[PASSWORD_CODE_LEN + 1], hash2[PASSWORD_CODE_HASH];
	char	 upper[PASSWORD_CODE_LEN + 1];
	size_t	 i;

	password_code_new(code, hash);
	password_code_new(code2, hash2);
	ck_assert_uint_eq(strlen(code), PASSWORD_CODE_LEN);
	ck_assert_uint_eq(strspn(code, alphabet), PASSWORD_CODE_LEN);
	ck_assert_uint_eq(strlen(hash), PASSWORD_CODE_HASH - 1);
	ck_assert_ptr_null(strstr(hash, code));
	ck_assert_str_ne(code, code2);
	ck_assert(password_code_matches(hash, code));
	ck_assert(!password_code_matches(hash, code2));
	ck_assert(!password_code_matches(hash2, code));
	for (i = 0; i <= PASSWORD_CODE_LEN; i++)
		upper[i] = (char)toupper((unsigned char)code[i]);
	ck_assert(password_code_matches(hash, upper));
	/* One character more or less is another code. */
	code[PASSWORD_CODE_LEN - 1] = '\0';
	ck_assert(!password_code_matches(hash, code));
	ck_assert(!password_code_matches("", upper));
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/password");
	TCase	*tc;

	tc = tcase_create("hash");
	tcase_add_unchecked_fixture(tc, setup, NULL);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, a_hash_verifies_its_password_only);
	suite_add_tcase(s, tc);

	tc = tcase_create("cache");
	tcase_add_unchecked_fixture(tc, setup, NULL);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, a_cached_verification_is_much_faster);
	tcase_add_test(tc, a_wrong_password_never_passes_the_cache);
	tcase_add_test(tc, another_hash_with_the_same_password_is_not_confused);
	suite_add_tcase(s, tc);

	tc = tcase_create("generate");
	tcase_add_unchecked_fixture(tc, setup, NULL);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, generate_fills_the_buffer_from_the_alphabet);
	tcase_add_test(tc, a_generated_password_verifies);
	tcase_add_test(tc, a_password_has_8_to_64_bytes);
	tcase_add_test(tc, a_code_matches_its_hash_only_in_any_case);
	suite_add_tcase(s, tc);
	return s;
}
