/*
 * test_notice.c - adjudicator/judge/notice.c: the clock's texts keep their
 * times as instants and show them per reader, in his language and the
 * game's time zone.
 */
#include "tests/unit/test.h"
#include <string.h>

#include "adjudicator/judge/notice.h"
#include "tests/unit/adjudicator/judge/judge_fixture.h"

START_TEST(an_instant_is_shown_in_the_readers_language_and_the_zone)
{
	struct game_msg	 m;
	struct buf	 en, de;

	memset(&m, 0, sizeof(m));
	game_msg_set(&m, "clock.report.deadline_only", 0);
	judge_note_time(&m, 0, 1795892400);	/* 2026-11-28 19:00 UTC */
	ck_assert_int_eq(m.nargs, 1);
	buf_init(&en);
	buf_init(&de);
	judge_note_render(F.en, "Europe/Berlin", &m, &en);
	judge_note_render(F.de, "Europe/Berlin", &m, &de);
	has(en.data, "Sat 2026-11-28 20:00 CET");
	/* Issue 16: as German readers write it, day first, MEZ for CET. */
	has(de.data, "Sa 28.11.2026 20:00 MEZ");
	buf_reset(&en);
	judge_note_render(F.en, "America/New_York", &m, &en);
	has(en.data, "Sat 2026-11-28 14:00 EST");
	/* A zone the German catalog does not name keeps its abbreviation. */
	buf_reset(&de);
	judge_note_render(F.de, "America/New_York", &m, &de);
	has(de.data, "Sa 28.11.2026 14:00 EST");
	/* Summer time: MESZ; a single-digit day and month keep their 0. */
	memset(&m, 0, sizeof(m));
	game_msg_set(&m, "clock.report.deadline_only", 0);
	judge_note_time(&m, 0, 1783230000);	/* 2026-07-05 05:40 UTC */
	buf_reset(&en);
	buf_reset(&de);
	judge_note_render(F.en, "Europe/Berlin", &m, &en);
	judge_note_render(F.de, "Europe/Berlin", &m, &de);
	has(en.data, "Sun 2026-07-05 07:40 CEST");
	has(de.data, "So 05.07.2026 07:40 MESZ");
	buf_free(&en);
	buf_free(&de);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/notice");
	TCase	*tc = tcase_create("render");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc,
	    an_instant_is_shown_in_the_readers_language_and_the_zone);
	suite_add_tcase(s, tc);
	return s;
}
