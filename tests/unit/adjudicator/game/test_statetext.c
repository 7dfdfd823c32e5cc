/*
 * test_statetext.c - adjudicator/game/statetext.c: the writer that measures
 * what it needs, the strict field readers, and the walk over "key: value"
 * lines that every game's load() relies on.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <string.h>

#include "adjudicator/game/statetext.h"

START_TEST(put_counts_past_the_end_and_truncates_safely)
{
	char			 small[8];
	struct statetext_out	 o = { small, sizeof(small), 0 };
	struct statetext_out	 none = { NULL, 0, 0 };

	statetext_put(&o, "wkw %d\n", 1);
	statetext_put(&o, "variant: %s\n", "classic");
	ck_assert_uint_eq(o.len, 6 + 17);
	ck_assert_str_eq(small, "wkw 1\nv");
	statetext_put(&o, "%s", "");
	ck_assert_uint_eq(o.len, 23);
	statetext_put(&none, "seed: %016x\n", 0x2au);
	ck_assert_uint_eq(none.len, 23);
}
END_TEST

START_TEST(word_finds_only_whole_listed_words)
{
	static const char *const w[] = { "none", "won", "lost" };

	ck_assert_int_eq(statetext_word("won", w, STATETEXT_NWORDS(w)), 1);
	ck_assert_int_eq(statetext_word("none", w, 3), 0);
	ck_assert_int_eq(statetext_word("wo", w, 3), -1);
	ck_assert_int_eq(statetext_word("Lost", w, 3), -1);
	ck_assert_int_eq(statetext_word("lost", w, 2), -1);
}
END_TEST

START_TEST(int_takes_a_whole_number_in_range)
{
	int	 v = 99;

	ck_assert_int_eq(statetext_int("-1", -1, 1, &v), 0);
	ck_assert_int_eq(v, -1);
	ck_assert_int_eq(statetext_int("1000", 0, 1000, &v), 0);
	ck_assert_int_eq(v, 1000);
	v = 7;
	ck_assert_int_eq(statetext_int("1001", 0, 1000, &v), -1);
	ck_assert_int_eq(statetext_int("", 0, 1, &v), -1);
	ck_assert_int_eq(statetext_int("1x", 0, 9, &v), -1);
	ck_assert_int_eq(statetext_int("99999999999999999999", 0, 9, &v), -1);
	ck_assert_int_eq(v, 7);
}
END_TEST

START_TEST(hex_takes_exactly_sixteen_lower_case_digits)
{
	uint64_t	 v = 0;

	ck_assert_int_eq(statetext_hex("00000000deadbeef", &v), 0);
	ck_assert(v == 0xdeadbeefULL);
	ck_assert_int_eq(statetext_hex("ffffffffffffffff", &v), 0);
	ck_assert(v == UINT64_MAX);
	ck_assert_int_eq(statetext_hex("00000000DEADBEEF", &v), -1);
	ck_assert_int_eq(statetext_hex("deadbeef", &v), -1);
	ck_assert_int_eq(statetext_hex("0x000000deadbeef", &v), -1);
	ck_assert_int_eq(statetext_hex("00000000deadbeef0", &v), -1);
}
END_TEST

START_TEST(line_and_kv_split_in_place)
{
	char	 text[] = "a: 1\nempty:\nlast: x: y", *p = text, *l, *k, *v;
	char	 bad[] = "novalue";

	l = statetext_line(&p);
	ck_assert_str_eq(l, "a: 1");
	ck_assert_str_eq(statetext_kv(l, &k), "1");
	ck_assert_str_eq(k, "a");
	l = statetext_line(&p);
	ck_assert_str_eq(statetext_kv(l, &k), "");
	ck_assert_str_eq(k, "empty");
	l = statetext_line(&p);
	v = statetext_kv(l, &k);
	ck_assert_str_eq(k, "last");
	ck_assert_str_eq(v, "x: y");
	ck_assert_ptr_null(statetext_line(&p));
	ck_assert_ptr_null(statetext_kv(bad, &k));
}
END_TEST

/* The fields test's "state": how many fields, and the last value seen. */
struct game_state {
	int	 n;
	char	 last[16];
};

static int
fields_take(struct game_state *st, int idx, const char *key,
    const char *val)
{
	if (strcmp(key, "bad") == 0 || idx != st->n)
		return -1;
	st->n++;
	snprintf(st->last, sizeof(st->last), "%s", val);
	return 1;
}

START_TEST(fields_walks_the_lines_after_the_version)
{
	char			 ok[] = "xy 2\nk: one\nk: two\n";
	char			 old[] = "xy 1\nk: one\n";
	char			 nocolon[] = "xy 2\nk one\n";
	char			 refused[] = "xy 2\nk: one\nbad: two";
	struct game_state	 st = { 0, "" };

	ck_assert_int_eq(statetext_fields(ok, "xy 2", fields_take, &st), 2);
	ck_assert_str_eq(st.last, "two");
	st.n = 0;
	ck_assert_int_eq(statetext_fields(old, "xy 2", fields_take, &st), -1);
	ck_assert_int_eq(statetext_fields(nocolon, "xy 2", fields_take, &st),
	    -1);
	ck_assert_int_eq(statetext_fields(refused, "xy 2", fields_take, &st),
	    -1);
	ck_assert_int_eq(st.n, 1);
}
END_TEST

START_TEST(version_tells_an_unknown_version_from_a_foreign_text)
{
	ck_assert_int_eq(statetext_version("wkw 1\nvariant: x\n", "wkw 1"), 0);
	ck_assert_int_eq(statetext_version("wkw 2\n", "wkw 1"), 1);
	ck_assert_int_eq(statetext_version("wkw 1", "wkw 1"), 1);
	ck_assert_int_eq(statetext_version("wkw 10\n", "wkw 1"), 1);
	ck_assert_int_eq(statetext_version("wkwx 1\n", "wkw 1"), -1);
	ck_assert_int_eq(statetext_version("ari 1\n", "wkw 1"), -1);
	ck_assert_int_eq(statetext_version("", "wkw 1"), -1);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/game/statetext");
	TCase	*tc = tcase_create("statetext");

	tcase_add_test(tc, put_counts_past_the_end_and_truncates_safely);
	tcase_add_test(tc, word_finds_only_whole_listed_words);
	tcase_add_test(tc, int_takes_a_whole_number_in_range);
	tcase_add_test(tc, hex_takes_exactly_sixteen_lower_case_digits);
	tcase_add_test(tc, line_and_kv_split_in_place);
	tcase_add_test(tc, fields_walks_the_lines_after_the_version);
	tcase_add_test(tc, version_tells_an_unknown_version_from_a_foreign_text);
	suite_add_tcase(s, tc);
	return s;
}
