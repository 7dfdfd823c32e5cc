/*
 * test_imap_done.c - how processed mail is marked (issue 13): the judge's
 * keyword wherever PERMANENTFLAGS says the mailbox keeps it, \Seen
 * elsewhere, and the search key and flag that go with each.
 */
#include "tests/unit/test.h"

#include <stdarg.h>
#include <string.h>

#include "mail/imap_done.h"

#define END	NULL

/*
 * A PERMANENTFLAGS list as libetpan parses it: "\\*", "\\Seen" or a
 * keyword each, up to END. Owned: choose() frees it.
 */
static clist *
perm(const char *first, ...)
{
	struct mailimap_flag_perm	*p;
	struct mailimap_flag		*f;
	const char			*s;
	clist				*l = clist_new();
	va_list				 ap;

	va_start(ap, first);
	for (s = first; s != END; s = va_arg(ap, const char *)) {
		if (strcmp(s, "\\*") == 0) {
			p = mailimap_flag_perm_new(MAILIMAP_FLAG_PERM_ALL,
			    NULL);
		} else {
			if (strcmp(s, "\\Seen") == 0)
				f = mailimap_flag_new_seen();
			else
				f = mailimap_flag_new_flag_keyword(strdup(s));
			p = mailimap_flag_perm_new(MAILIMAP_FLAG_PERM_FLAG, f);
		}
		clist_append(l, p);
	}
	va_end(ap);
	return l;
}

/* The choice for the list l, which it frees. */
static enum imap_mark
choose(clist *l)
{
	enum imap_mark	 m = imap_done_choose(l);
	clistiter	*it;

	for (it = clist_begin(l); it != NULL; it = clist_next(it))
		mailimap_flag_perm_free(clist_content(it));
	clist_free(l);
	return m;
}

START_TEST(a_mailbox_that_keeps_new_keywords_gets_ours)
{
	ck_assert_int_eq(choose(perm("\\Seen", "\\*", END)),
	    IMAP_MARK_KEYWORD);
	/* RFC 3501 7.1: no list at all means every flag is kept. */
	ck_assert_int_eq(imap_done_choose(NULL), IMAP_MARK_KEYWORD);
}
END_TEST

START_TEST(our_keyword_listed_is_kept_in_any_case)
{
	ck_assert_int_eq(choose(perm("\\Seen", "$PbemdDone", END)),
	    IMAP_MARK_KEYWORD);
	ck_assert_int_eq(choose(perm("$PBEMDDONE", END)), IMAP_MARK_KEYWORD);
}
END_TEST

START_TEST(a_mailbox_that_keeps_no_new_keyword_falls_back_to_seen)
{
	/* Dovecot, for a user without the right to write flags. */
	ck_assert_int_eq(choose(perm("\\Seen", END)), IMAP_MARK_SEEN);
	ck_assert_int_eq(choose(perm("\\Seen", "$Junk", "$PbemdDoneX", END)),
	    IMAP_MARK_SEEN);
	ck_assert_int_eq(choose(perm(END)), IMAP_MARK_SEEN);
}
END_TEST

START_TEST(the_keyword_is_searched_and_set_without_seen)
{
	struct mailimap_search_key	*k = imap_done_key(IMAP_MARK_KEYWORD);
	struct mailimap_flag		*f = imap_done_flag(IMAP_MARK_KEYWORD);

	ck_assert_int_eq(k->sk_type, MAILIMAP_SEARCH_KEY_UNKEYWORD);
	ck_assert_str_eq(k->sk_data.sk_unkeyword, "$PbemdDone");
	ck_assert_int_eq(f->fl_type, MAILIMAP_FLAG_KEYWORD);
	ck_assert_str_eq(f->fl_data.fl_keyword, "$PbemdDone");
	ck_assert_str_eq(imap_done_name(IMAP_MARK_KEYWORD), "$PbemdDone");
	mailimap_search_key_free(k);
	mailimap_flag_free(f);
}
END_TEST

START_TEST(the_fallback_searches_unseen_and_sets_seen)
{
	struct mailimap_search_key	*k = imap_done_key(IMAP_MARK_SEEN);
	struct mailimap_flag		*f = imap_done_flag(IMAP_MARK_SEEN);

	ck_assert_int_eq(k->sk_type, MAILIMAP_SEARCH_KEY_UNSEEN);
	ck_assert_int_eq(f->fl_type, MAILIMAP_FLAG_SEEN);
	ck_assert_str_eq(imap_done_name(IMAP_MARK_SEEN), "\\Seen");
	mailimap_search_key_free(k);
	mailimap_flag_free(f);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("mail/imap_done");
	TCase	*tc = tcase_create("mark");

	tcase_add_test(tc, a_mailbox_that_keeps_new_keywords_gets_ours);
	tcase_add_test(tc, our_keyword_listed_is_kept_in_any_case);
	tcase_add_test(tc,
	    a_mailbox_that_keeps_no_new_keyword_falls_back_to_seen);
	tcase_add_test(tc, the_keyword_is_searched_and_set_without_seen);
	tcase_add_test(tc, the_fallback_searches_unseen_and_sets_seen);
	suite_add_tcase(s, tc);
	return s;
}
