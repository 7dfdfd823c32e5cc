/*
 * test_cmd_map.c - adjudicator/judge/cmd_map.c: MAP <game> answers whoever
 * may read the game's reports with his own current report and the
 * picture of his own view: after SIGNON in the reply, by the address of a
 * seat or of the GM in a mail of its own. A Blind-Fun game shows who gets
 * what: Black's picture is Black's view, the GM's the GM's. Strangers,
 * unknown and forming games are refused; a Diplomacy game answers with
 * its report; at most three MAP a mail, and each mailed report counts as
 * an answer to the address.
 */
#include "tests/unit/test.h"

#include <libetpan/libetpan.h>

#include "adjudicator/game/game.h"
#include "adjudicator/render/picture.h"
#include "tests/unit/adjudicator/judge/two_seats_fixture.h"
#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"

#define MAP_SENT	"goes to your address in a mail of its own"
#define MAP_BELOW	"is at the end of this answer"
#define MAP_WHOSE	"Only the players, the game master and the observers of"
#define BLACK_SEES	"1 | X  X  X  X  | 1"	/* White's pieces, hidden */

/* The first PNG attached to mail, decoded. */
static struct buf
attached(const char *mail)
{
	struct buf	 b;
	char		*dec = NULL;
	const char	*p, *e;
	size_t		 idx = 0, declen = 0;

	p = strstr(mail, "filename=\"");
	ck_assert_msg(p != NULL, "no picture in:\n%s", mail);
	p = strstr(p, "\r\n\r\n");
	ck_assert_ptr_nonnull(p);
	p += 4;
	e = strstr(p, "\r\n--");
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(mailmime_base64_body_parse(p, (size_t)(e - p), &idx,
	    &dec, &declen), MAILIMF_NO_ERROR);
	buf_init(&b);
	buf_add(&b, dec, declen);
	mailmime_decoded_part_free(dec);
	ck_assert(b.len > 8 && memcmp(b.data, "\x89PNG\r\n\x1a\n", 8) == 0);
	return b;
}

/* The picture of seat's view of weekeewachee game g as it stands. */
static struct buf
view_picture(const char *g, int seat)
{
	const struct game_ops	*ops = game_find("weekeewachee");
	struct game_state	*st = NULL;
	struct game_diag	 why;
	struct game_view	*v = calloc(1, sizeof(*v));
	struct db_game		 game;
	struct buf		 b;
	char			*text = NULL;

	ck_assert_ptr_nonnull(v);
	ck_assert_int_eq(db_game_get(F.db, g, &game), DB_OK);
	ck_assert_int_eq(db_phase_state(F.db, game.id, game.phase, &text),
	    DB_OK);
	ck_assert_int_eq(ops->load(text, &st, &why), 0);
	ops->view(st, seat, v);
	ck_assert_int_gt(v->cells.n, 0);
	buf_init(&b);
	ck_assert_int_eq(picture_png(&v->cells, &b), 0);
	ops->free(st);
	free(text);
	free(v);
	return b;
}

static int
seat_of(const char *g, const char *a)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct db_game		 game;
	int			 n, i;

	ck_assert_int_eq(db_game_get(F.db, g, &game), DB_OK);
	ck_assert_int_eq(db_players(F.db, game.id, p, GAME_MAX_SEATS, &n),
	    DB_OK);
	for (i = 0; i < n; i++)
		if (strcmp(p[i].address, a) == 0)
			return p[i].seat;
	ck_abort_msg("%s has no seat in %s", a, g);
	return -1;
}

/* Whether mail's picture is that of seat's view of g. */
static bool
shows(const char *mail, const char *g, int seat)
{
	struct buf	 got = attached(mail), want = view_picture(g, seat);
	bool		 same = got.len == want.len &&
			    memcmp(got.data, want.data, got.len) == 0;

	buf_free(&got);
	buf_free(&want);
	return same;
}

/* The mail of mails (take(): each begins with "Date:") that holds
 * needle, owned; fails when none does. */
static char *
mail_with(const char *mails, const char *needle)
{
	const char	*p = mails, *e;
	char		*m;

	while ((p = strstr(p, "Date: ")) != NULL) {
		e = strstr(p + 1, "\r\nDate: ");
		m = e == NULL ? xstrdup(p) : xstrndup(p, (size_t)(e - p) + 2);
		if (strstr(m, needle) != NULL)
			return m;
		free(m);
		p = e == NULL ? p + 1 : e + 2;
	}
	ck_abort_msg("no mail with \"%s\" in:\n%s", needle, mails);
	return NULL;
}

/* The report mail among mails (its subject is the report's). */
static char *
report_of(const char *mails)
{
	return mail_with(mails, "Subject: [pbemd] ");
}

/*
 * Blind-Fun: by address, Black gets Black's report and picture (White's
 * pieces hidden), the GM his own (everything), White hers; each in a mail
 * of its own beside the reply.
 */
START_TEST(map_by_address_mails_each_reader_his_own_view)
{
	char	*r, *rep;

	game("hb", "blind");
	mail(BOB, "MAP hb");
	r = take(BOB);
	has(r, MAP_SENT);
	ck_assert_int_eq(occurrences(r, "Message-ID:"), 2);
	rep = report_of(r);
	has(rep, "[pbemd] hb: move");
	has(rep, BLACK_SEES);
	hasnt(r, MAP_BELOW);
	ck_assert(shows(rep, "hb", seat_of("hb", BOB)));
	ck_assert(!shows(rep, "hb", GAME_SEAT_GM));
	free(rep);
	free(r);

	mail(GM, "MAP hb");
	r = take(GM);
	has(r, MAP_SENT);
	rep = report_of(r);
	has(rep, "You are the game master");
	hasnt(rep, BLACK_SEES);
	ck_assert(shows(rep, "hb", GAME_SEAT_GM));
	free(rep);
	free(r);

	mail(ALICE, "map hb");
	r = take(ALICE);
	has(r, MAP_SENT);
	rep = report_of(r);
	ck_assert(shows(rep, "hb", seat_of("hb", ALICE)));
	free(rep);
	free(r);
}
END_TEST

/* Signed on to the game, the report and picture come in the reply. */
START_TEST(map_after_signon_comes_in_the_reply)
{
	char	*r, *rep;

	game("hs", "blind");
	r = as(BOB, "bob-secret", "hs", "MAP hs");
	has(r, MAP_BELOW);
	ck_assert_int_eq(occurrences(r, "Message-ID:"), 1);
	has(r, BLACK_SEES);
	ck_assert(shows(r, "hs", seat_of("hs", BOB)));
	free(r);
	/* Signed on to another game, MAP of this one goes by address. */
	game("ho", "");
	r = as(BOB, "bob-secret", "ho", "MAP hs");
	has(r, MAP_SENT);
	ck_assert_int_eq(occurrences(r, "Message-ID:"), 2);
	rep = report_of(r);
	ck_assert(shows(rep, "hs", seat_of("hs", BOB)));
	free(rep);
	free(r);
}
END_TEST

START_TEST(map_is_refused_to_strangers_and_for_games_not_playing)
{
	char	*r;

	game("hr", "");
	mail(CAROL, "MAP hr");
	r = take(CAROL);
	has(r, MAP_WHOSE " hr get its reports");
	ck_assert_int_eq(occurrences(r, "Message-ID:"), 1);
	hasnt(r, "filename=");
	hasnt(r, "[pbemd] hr");
	free(r);
	mail(CAROL, "MAP nosuch\nMAP");
	r = take(CAROL);
	has(r, "There is no game called nosuch");
	has(r, "MAP was given the wrong number of words");
	free(r);
	mail(GM, "CREATE hf weekeewachee");
	drain();
	mail(ALICE, "JOIN hf alice-secret");
	drain();
	mail(ALICE, "MAP hf");
	r = take(ALICE);
	has(r, "Game hf has not started yet");
	ck_assert_int_eq(occurrences(r, "Message-ID:"), 1);
	free(r);
}
END_TEST

/* Diplomacy: a power's player and the GM get their report by address
 * (the picture is the view's, whatever it holds); nobody else. */
START_TEST(map_of_a_diplomacy_game_answers_with_the_report)
{
	char	*r, *rep;

	seven("dm", "");
	mail("p5@example.test", "MAP dm");
	r = mine(RUS);
	has(r, MAP_SENT);
	rep = report_of(r);
	has(rep, "You play Russia");
	has(rep, "RUS SC   4");
	/* The map of the phase to play, as every report carries it. */
	has(r, "Content-Type: image/png");
	has(r, "filename=\"dm-S1901M.png\"");
	free(rep);
	free(r);
	mail(GM, "MAP dm");
	r = take(GM);
	rep = report_of(r);
	has(rep, "You are the game master");
	free(rep);
	free(r);
	mail(CAROL, "MAP dm");
	r = take(CAROL);
	has(r, MAP_WHOSE " dm");
	ck_assert_int_eq(occurrences(r, "Message-ID:"), 1);
	free(r);
	r = as_power(TUR, "dm", "MAP dm");
	has(r, MAP_BELOW);
	has(r, "You play Turkey");
	has(r, "filename=\"dm-S1901M.png\"");
	ck_assert_int_eq(occurrences(r, "Message-ID:"), 1);
	free(r);
}
END_TEST

/* Three MAP a mail; a fourth is refused and mails nothing. */
START_TEST(map_is_answered_three_times_a_mail)
{
	char	*r;

	game("h3", "");
	mail(BOB, "MAP h3\nMAP h3\nMAP h3\nMAP h3");
	r = take(BOB);
	has(r, "MAP is done at most 3 times per mail");
	ck_assert_int_eq(occurrences(r, "Message-ID:"), 4);
	ck_assert_int_eq(occurrences(r, "[pbemd] h3: move"), 3);
	free(r);
}
END_TEST

/*
 * A mailed report is an answer to the address (issue 13): with four
 * answers an hour, of which the reply to bob's JOIN took one, his first
 * MAP mail gets the report and its reply, the second the report alone
 * (the reply would be the fifth), the third nothing.
 */
START_TEST(a_mailed_report_counts_as_an_answer)
{
	game("hl", "");
	F.env.answers_per_hour = 4;
	mail(BOB, "MAP hl");
	ck_assert_int_eq(mails_to(BOB), 2);
	mail(BOB, "MAP hl");
	ck_assert_int_eq(mails_to(BOB), 1);
	mail(BOB, "MAP hl");
	ck_assert_int_eq(mails_to(BOB), 0);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_map");
	TCase	*tc;

	tc = tcase_create("map");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, map_by_address_mails_each_reader_his_own_view);
	tcase_add_test(tc, map_after_signon_comes_in_the_reply);
	tcase_add_test(tc, map_is_refused_to_strangers_and_for_games_not_playing);
	tcase_add_test(tc, map_of_a_diplomacy_game_answers_with_the_report);
	tcase_add_test(tc, map_is_answered_three_times_a_mail);
	tcase_add_test(tc, a_mailed_report_counts_as_an_answer);
	suite_add_tcase(s, tc);
	return s;
}
