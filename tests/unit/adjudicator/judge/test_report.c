/*
 * test_report.c - adjudicator/judge/report.c: reports per reader, from his
 * own view. In Blind-Fun nobody's report names a piece before a fight
 * reveals it; every report, the sender's own in his reply too, carries the
 * picture of the reader's view, byte for byte. A Diplomacy report is
 * titled and laid out as Diplomacy players read it (issue 16).
 */
#include "tests/unit/test.h"

#include <libetpan/libetpan.h>

#include "adjudicator/game/game.h"
#include "adjudicator/render/picture.h"
#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"
#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

/* The base64 part of mail named filename, decoded. */
static struct buf
attached(const char *mail, const char *filename)
{
	struct buf	 b;
	char		 want[96], *dec = NULL;
	const char	*p, *e;
	size_t		 idx = 0, declen = 0;

	snprintf(want, sizeof(want), "filename=\"%s\"\r\n\r\n", filename);
	p = strstr(mail, want);
	ck_assert_msg(p != NULL, "no %s in:\n%s", filename, mail);
	p += strlen(want);
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

/* The picture of seat's view of game g as it stands: what the judge must
 * have drawn, and nothing more. */
static struct buf
view_picture(const char *g, int seat)
{
	const struct game_ops	*ops = game_find("weekeewachee");
	struct game_state	*st = NULL;
	struct game_diag	 why;
	struct game_view	 v;
	struct db_game		 game;
	struct buf		 b;
	char			*text = NULL;

	ck_assert_int_eq(db_game_get(F.db, g, &game), DB_OK);
	ck_assert_int_eq(db_phase_state(F.db, game.id, game.phase, &text),
	    DB_OK);
	ck_assert_int_eq(ops->load(text, &st, &why), 0);
	memset(&v, 0, sizeof(v));
	ops->view(st, seat, &v);
	ck_assert_int_gt(v.cells.n, 0);
	buf_init(&b);
	ck_assert_int_eq(picture_png(&v.cells, &b), 0);
	ops->free(st);
	free(text);
	return b;
}

static int
seat_of(const char *g, const char *addr)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct db_game		 game;
	int			 n, i;

	ck_assert_int_eq(db_game_get(F.db, g, &game), DB_OK);
	ck_assert_int_eq(db_players(F.db, game.id, p, GAME_MAX_SEATS, &n),
	    DB_OK);
	for (i = 0; i < n; i++)
		if (strcmp(p[i].address, addr) == 0)
			return p[i].seat;
	ck_abort_msg("%s has no seat in %s", addr, g);
	return -1;
}

static void
assert_same(const struct buf *a, const struct buf *b, const char *who)
{
	ck_assert_msg(a->len == b->len && memcmp(a->data, b->data, a->len) == 0,
	    "%s: the picture is not that of the reader's view", who);
}

/* In Blind-Fun nobody's report names a piece before a fight reveals it. */
START_TEST(blind_reports_name_no_hidden_piece)
{
	char	*a, *b;

	two_players("delta", true);
	a = take("alice@example.test");
	b = take("bob@example.test");
	ck_assert_ptr_nonnull(strstr(a, "shuffled"));
	ck_assert_ptr_nonnull(strstr(a, "1 | X  X  X  X  | 1"));
	ck_assert_ptr_nonnull(strstr(a, "6 | x  x  x  x  | 6"));
	ck_assert_ptr_nonnull(strstr(b, "1 | X  X  X  X  | 1"));
	ck_assert_ptr_nonnull(strstr(b, "6 | x  x  x  x  | 6"));
	free(a);
	free(b);
}
END_TEST

/*
 * Every report, the sender's own in his reply too, carries the PNG of the
 * reader's view: byte for byte picture_png() of that view's cells. In
 * Blind-Fun the GM's picture (who knows the kinds) is not a player's.
 */
START_TEST(reports_carry_the_picture_of_the_readers_view)
{
	const char	*addr[2] = { "alice@example.test", "bob@example.test" };
	struct buf	 got, want, gmpic;
	char		*m[2], *gm, *r, *other;
	int		 i, mover;

	two_players("pic", true);
	m[0] = take(addr[0]);
	m[1] = take(addr[1]);
	gm = take("gm@example.test");
	for (i = 0; i < 2; i++) {
		ck_assert_ptr_nonnull(strstr(m[i],
		    "Content-Type: multipart/mixed;"));
		got = attached(m[i], "pic-0.png");
		want = view_picture("pic", seat_of("pic", addr[i]));
		assert_same(&got, &want, addr[i]);
		buf_free(&got);
		buf_free(&want);
	}
	gmpic = attached(gm, "pic-0.png");
	want = view_picture("pic", GAME_SEAT_GM);
	assert_same(&gmpic, &want, "gm");
	buf_free(&want);
	got = attached(m[0], "pic-0.png");
	ck_assert(got.len != gmpic.len ||
	    memcmp(got.data, gmpic.data, got.len) != 0);
	buf_free(&got);
	buf_free(&gmpic);

	/* The mover's reply holds his report, and with it his picture. */
	mover = strstr(m[0], "White to move.") != NULL ? 0 : 1;
	r = play("pic", mover == 0, mover == 0 ? "b1-b2" : "b6-b5");
	ck_assert_msg(strstr(r, "ERROR") == NULL, "%s", r);
	got = attached(r, "pic-1.png");
	want = view_picture("pic", seat_of("pic", addr[mover]));
	assert_same(&got, &want, "the mover's reply");
	buf_free(&got);
	buf_free(&want);
	other = take(addr[1 - mover]);
	got = attached(other, "pic-1.png");
	want = view_picture("pic", seat_of("pic", addr[1 - mover]));
	assert_same(&got, &want, "the other's report");
	buf_free(&got);
	buf_free(&want);
	free(other);
	free(r);
	free(m[0]);
	free(m[1]);
	free(gm);
}
END_TEST

/* Where needle first stands in text; fails when it does not. */
static const char *
at(const char *text, const char *needle)
{
	const char	*p = strstr(text, needle);

	ck_assert_msg(p != NULL, "no \"%s\" in:\n%.3000s", needle, text);
	return p;
}

/*
 * Issue 16: the Spring 1901 results reach France as "dr S1901M results"
 * and a German Germany as "dr Frühjahr 1901 Ergebnisse"; each gives
 * every order with its outcome, the centres, the judge's notes, then the
 * diagram, the next phase and its deadline, in the reader's language and
 * date.
 */
START_TEST(diplomacy_results_come_first_under_the_phase_played)
{
	char	*r, *fr, *de;
	int	 i;

	seven("dr", "move=48h tz=Europe/Berlin approve=auto");
	free(as_power(GER, "dr", "SET LANGUAGE de"));
	free(as_power(RUS, "dr", "F STP/SC - BOT\nA WAR - GAL"));
	free(as_power(AUS, "dr", "A VIE - GAL"));
	for (i = 0; i < 7; i++)
		if (i != RUS && i != AUS)
			free(as_power(i, "dr", ""));
	drain();
	free(as_gm("dr", "PROCESS"));
	fr = mine(FRA);
	at(fr, "Subject: [pbemd] dr S1901M results\r\n");
	ck_assert_ptr_null(strstr(fr, "move 1"));
	ck_assert(at(fr, "Game dr (standard).\r\nYou play France.\r\n\r\n"
	    "Results of Spring 1901 (movement):\r\n") <
	    at(fr, "Russia: F STP/SC - BOT\r\n"));
	ck_assert(at(fr, "Russia: F STP/SC - BOT") <
	    at(fr, "Russia: 4 supply centres, 4 units."));
	ck_assert(at(fr, "Austria: A VIE - GAL - fails: bounced") <
	    at(fr, "Russia: 4 supply centres, 4 units."));
	ck_assert(at(fr, "Russia: 4 supply centres") <
	    at(fr, "The game master had the phase processed."));
	ck_assert(at(fr, "The game master had the phase processed.") <
	    at(fr, "\r\nF1901M\r\nAUS SC   3 |"));
	ck_assert(at(fr, "\r\nF1901M\r\n") <
	    at(fr, "Next phase: Fall 1901 (movement).\r\n\r\nDeadline: "));
	de = mine(GER);
	/* The German subject, RFC 2047 encoded. */
	at(de, "Subject: =?UTF-8?Q?=5Bpbemd=5D_dr_Fr=C3=BChjahr_1901_"
	    "Ergebnisse?=\r\n");
	ck_assert(at(de, "Russland: F STP/SC - BOT") <
	    at(de, "\r\nF1901M\r\n"));
	ck_assert(at(de, "\r\nF1901M\r\n") <
	    at(de, "N\xc3\xa4" "chste Phase: Herbst 1901 (Z\xc3\xbcge).\r\n\r\n"
	    "Abgabetermin: "));
	/* The deadline as German readers write it. */
	ck_assert_msg(strstr(de, " MEZ. Nachfrist") != NULL ||
	    strstr(de, " MEZ.\r\n") != NULL, "%.3000s", de);
	r = strstr(de, "Abgabetermin: ");
	ck_assert_msg(r[14 + 2] == ' ' && r[14 + 5] == '.' && r[14 + 8] == '.',
	    "not \"Do 16.11.2023\": %.40s", r);
	free(fr);
	free(de);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/report");
	TCase	*tc;

	tc = tcase_create("judge");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, blind_reports_name_no_hidden_piece);
	tcase_add_test(tc, diplomacy_results_come_first_under_the_phase_played);
	tcase_add_test(tc, reports_carry_the_picture_of_the_readers_view);
	suite_add_tcase(s, tc);
	return s;
}
