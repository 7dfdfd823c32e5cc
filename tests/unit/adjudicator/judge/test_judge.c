/*
 * test_judge.c - the mail command language end to end inside one process:
 * parsed mails in, a real SQLite file, the outbox read back and checked.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libetpan/libetpan.h>

#include "adjudicator/game/game.h"
#include "adjudicator/judge/judge.h"
#include "adjudicator/render/picture.h"
#include "common/util.h"
#include "db/db.h"
#include "tests/unit/adjudicator/judge/judge_fixture.h"

static int
outbox_count(void)
{
	int	 n = 0;

	ck_assert_int_eq(db_outbox_pending(F.db, &n), DB_OK);
	return n;
}

START_TEST(help_is_answered_with_a_threaded_reply)
{
	char	*r;

	mail("alice@example.test", "HELP");
	r = take("alice@example.test");
	ck_assert_ptr_nonnull(strstr(r, "> HELP"));
	ck_assert_ptr_nonnull(strstr(r, "SIGNON <name> <password>"));
	ck_assert_ptr_nonnull(strstr(r, "In-Reply-To: <t1@example.test>"));
	ck_assert_ptr_nonnull(strstr(r, "Auto-Submitted: auto-replied"));
	ck_assert_ptr_nonnull(strstr(r, "Subject: Re: orders"));
	free(r);
}
END_TEST

START_TEST(unknown_lines_are_quoted_with_the_reason)
{
	char	*r;

	mail("alice@example.test", "hello judge\nLIST");
	r = take("alice@example.test");
	ck_assert_ptr_nonnull(strstr(r, "> hello judge"));
	ck_assert_ptr_nonnull(strstr(r, "ERROR: \"hello\" is not a command"));
	ck_assert_ptr_nonnull(strstr(r, "No games yet"));
	free(r);
}
END_TEST

START_TEST(a_mail_is_processed_once)
{
	struct message	 m;
	char		 why[128];

	memset(&m, 0, sizeof(m));
	m.reply_to = m.from = "alice@example.test";
	m.subject = "x";
	m.message_id = "same@example.test";
	m.text = "HELP";
	m.has_text = true;
	ck_assert_int_eq(judge_handle_message(&F.env, &m, 7, 1, why, sizeof(why)),
	    JUDGE_HANDLED);
	ck_assert_int_eq(judge_handle_message(&F.env, &m, 7, 1, why, sizeof(why)),
	    JUDGE_DUPLICATE);
	/* The same Message-ID under another UID is not redone either. */
	ck_assert_int_eq(judge_handle_message(&F.env, &m, 7, 2, why, sizeof(why)),
	    JUDGE_DUPLICATE);
	ck_assert_int_eq(outbox_count(), 1);
}
END_TEST

START_TEST(robots_are_never_answered)
{
	struct message	 m;
	char		 why[128];

	memset(&m, 0, sizeof(m));
	m.reply_to = m.from = "MAILER-DAEMON@example.test";
	m.message_id = "bounce@example.test";
	m.text = "HELP";
	m.has_text = true;
	m.robot = MESSAGE_BOUNCE;
	ck_assert_int_eq(judge_handle_message(&F.env, &m, 7, 3, why, sizeof(why)),
	    JUDGE_IGNORED);
	ck_assert_int_eq(outbox_count(), 0);
}
END_TEST

START_TEST(a_mail_without_text_gets_a_polite_reply)
{
	struct message	 m;
	char		 why[128], *r;

	memset(&m, 0, sizeof(m));
	m.reply_to = m.from = "bob@example.test";
	m.message_id = "pic@example.test";
	m.text = "";
	ck_assert_int_eq(judge_handle_message(&F.env, &m, 7, 4, why, sizeof(why)),
	    JUDGE_HANDLED);
	r = take("bob@example.test");
	ck_assert_ptr_nonnull(strstr(r, "no text that I could read"));
	free(r);
}
END_TEST

/* Creates game g (blind or not) and seats alice and bob. */
static void
two_players(const char *g, bool blind)
{
	char	 cmd[128], *r;

	snprintf(cmd, sizeof(cmd), "CREATE %s weekeewachee%s", g,
	    blind ? " blind" : "");
	mail("gm@example.test", cmd);
	free(take("gm@example.test"));
	snprintf(cmd, sizeof(cmd), "JOIN %s alicepw", g);
	mail("alice@example.test", cmd);
	r = take("alice@example.test");
	ck_assert_ptr_nonnull(strstr(r, "You joined game"));
	ck_assert_ptr_nonnull(strstr(r, "> JOIN "));
	ck_assert_ptr_null(strstr(r, "alicepw"));	/* never echoed */
	free(r);
	snprintf(cmd, sizeof(cmd), "JOIN %s bobpw de", g);
	mail("bob@example.test", cmd);
}

START_TEST(create_join_and_start_send_reports_to_everyone)
{
	char	*a, *b, *gm;

	two_players("alpha", false);
	a = take("alice@example.test");
	b = take("bob@example.test");
	gm = take("gm@example.test");
	ck_assert_ptr_nonnull(strstr(a, "Subject: [pbemd] alpha: move 0"));
	ck_assert_ptr_nonnull(strstr(a, "SHA-256"));
	ck_assert_ptr_nonnull(strstr(b, "Sie sind der Partie alpha beigetreten"));
	ck_assert_ptr_nonnull(strstr(gm, "You are the game master"));
	free(a);
	free(b);
	free(gm);
}
END_TEST

START_TEST(a_wrong_password_changes_nothing)
{
	char	*r;
	int	 before;

	two_players("beta", false);
	free(take("alice@example.test"));
	free(take("bob@example.test"));
	free(take("gm@example.test"));
	before = outbox_count();
	mail("alice@example.test", "SIGNON beta wrongpw\nSETUP RPWS");
	r = take("alice@example.test");
	ck_assert_ptr_nonnull(strstr(r, "> SIGNON beta ********"));
	ck_assert_ptr_nonnull(strstr(r, "password does not match"));
	ck_assert_ptr_nonnull(strstr(r, "Not used, because the sign-on"));
	free(r);
	ck_assert_int_eq(outbox_count(), before);
	ck_assert_int_eq(outbox_count(), 0);
	mail("alice@example.test", "SIGNON nosuch alicepw");
	r = take("alice@example.test");
	ck_assert_ptr_nonnull(strstr(r, "There is no game called nosuch"));
	free(r);
}
END_TEST

/* Sends one signed-on order and returns the mover's reply (owned). */
static char *
play(const char *game, bool white, const char *order)
{
	const char	*addr = white ? "alice@example.test" : "bob@example.test";
	char		 text[128];

	snprintf(text, sizeof(text), "SIGNON %s %s\n%s", game,
	    white ? "alicepw" : "bobpw", order);
	mail(addr, text);
	return take(addr);
}

/*
 * White's paper walks up the b file and takes the rock on a6 (a capture
 * onto the base row wins, A-W7) while Black shuffles its scissors.
 */
START_TEST(a_classic_game_is_played_to_a_win)
{
	static const char *w[] = { "b1-b2", "b2-b3", "b3-b4", "b4-b5", "b5xa6" };
	static const char *bl[] = { "d6-d5", "d5-d6", "d6-d5", "d5-d6", "d6-d5" };
	char		*a, *b, *r;
	bool		 white_first;
	int		 i;

	two_players("gamma", false);
	free(take("alice@example.test"));
	free(take("bob@example.test"));
	free(take("gm@example.test"));
	free(play("gamma", true, "SETUP RPWS"));
	r = play("gamma", false, "SETUP R P W S");
	ck_assert_ptr_nonnull(strstr(r, "> SETUP R P W S"));
	a = take("alice@example.test");
	ck_assert_ptr_nonnull(strstr(a, "Both setups are revealed"));
	white_first = strstr(a, "White to move.") != NULL;
	ck_assert(white_first || strstr(a, "Black to move.") != NULL);
	free(a);
	free(r);
	for (i = 0; i < 5; i++) {
		if (!white_first || i > 0)
			free(play("gamma", false, bl[white_first ? i - 1 : i]));
		r = play("gamma", true, w[i]);
		ck_assert_msg(strstr(r, "ERROR") == NULL, "%s", r);
		if (i < 4)
			free(r);
	}
	ck_assert_ptr_nonnull(strstr(r, "White wins"));
	ck_assert_ptr_nonnull(strstr(r, "random seed was"));
	free(r);
	b = take("bob@example.test");
	ck_assert_ptr_nonnull(strstr(b, "Weiß"));
	ck_assert_ptr_nonnull(strstr(b, "Zufallsstartwert war"));
	free(b);
	r = play("gamma", true, "a1-a2");
	ck_assert_ptr_nonnull(strstr(r, "The game is over"));
	free(r);
}
END_TEST

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

START_TEST(set_language_switches_the_replies)
{
	char	*r;

	mail("carol@example.test", "SET LANGUAGE de\nLIST");
	r = take("carol@example.test");
	ck_assert_ptr_nonnull(strstr(r, "Ab jetzt schreibt"));
	ck_assert_ptr_nonnull(strstr(r, "Noch keine Partien"));
	free(r);
	mail("carol@example.test", "FOO");
	r = take("carol@example.test");
	ck_assert_ptr_nonnull(strstr(r, "FEHLER"));
	free(r);
}
END_TEST

START_TEST(the_gm_cannot_play_and_names_are_checked)
{
	char	*r;

	mail("gm@example.test", "CREATE 9bad weekeewachee\nCREATE eps chess\n"
	    "CREATE eps weekeewachee\nCREATE eps weekeewachee\nJOIN eps gmpw");
	r = take("gm@example.test");
	ck_assert_ptr_nonnull(strstr(r, "\"9bad\" cannot be a game name"));
	ck_assert_ptr_nonnull(strstr(r, "There is no game \"chess\""));
	ck_assert_ptr_nonnull(strstr(r, "Game eps (weekeewachee) is created"));
	ck_assert_ptr_nonnull(strstr(r, "A game called eps exists already"));
	ck_assert_ptr_nonnull(strstr(r, "cannot also play"));
	free(r);
}
END_TEST

START_TEST(the_gm_signs_on_with_the_generated_password)
{
	char	*r, pw[32], cmd[64];

	mail("gm@example.test", "CREATE zeta weekeewachee");
	r = take("gm@example.test");
	gm_password(r, pw, sizeof(pw));
	free(r);
	snprintf(cmd, sizeof(cmd), "SIGNON zeta %s\nb1-b2", pw);
	mail("gm@example.test", cmd);
	r = take("gm@example.test");
	ck_assert_ptr_nonnull(strstr(r, "as its game master"));
	ck_assert_ptr_nonnull(strstr(r, "gives no orders"));
	ck_assert_ptr_null(strstr(r, pw));
	free(r);
}
END_TEST

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

/* A reply with no game report stays a single text/plain mail. */
START_TEST(replies_without_a_report_have_no_attachment)
{
	char	*r;

	mail("alice@example.test", "LIST");
	r = take("alice@example.test");
	ck_assert_ptr_nonnull(strstr(r, "Content-Type: text/plain; charset=UTF-8"));
	ck_assert_ptr_null(strstr(r, "multipart"));
	free(r);
}
END_TEST

/* Whether a reply says every line was understood (in either language). */
static bool
understood(const char *r)
{
	return strstr(r, "Every line was understood") != NULL ||
	    strstr(r, "Alle Zeilen wurden verstanden") != NULL;
}

/* Counts the mails queued for rcpt (each starts with its own headers). */
static int
mails_to(const char *rcpt)
{
	char	*all = take(rcpt), *p = all;
	int	 n = 0;

	while ((p = strstr(p, "Message-ID:")) != NULL) {
		n++;
		p++;
	}
	free(all);
	return n;
}

/*
 * The phase is played when the mail ends, not at the line that made it
 * ready: a move followed by a second move for the same piece plays the
 * second, and the opponent gets one report, not two.
 */
START_TEST(the_phase_is_played_at_the_end_of_the_mail)
{
	char	*a, *r, text[128];
	bool	 white_first;

	two_players("theta", false);
	free(take("alice@example.test"));
	free(take("bob@example.test"));
	free(take("gm@example.test"));
	free(play("theta", true, "SETUP RPWS"));
	free(play("theta", false, "SETUP RPWS"));
	a = take("alice@example.test");
	white_first = strstr(a, "White to move.") != NULL;
	free(a);
	free(take("bob@example.test"));
	free(take("gm@example.test"));
	snprintf(text, sizeof(text), "%s\nDRAW?\n%s",
	    white_first ? "a1-a2" : "a6-a5", white_first ? "b1-b2" : "b6-b5");
	r = play("theta", white_first, text);
	ck_assert(understood(r));
	/* Bob reads German. */
	ck_assert(strstr(r, "Draw offered") || strstr(r, "Remis angeboten"));
	free(r);
	ck_assert_int_eq(mails_to(white_first ? "bob@example.test" :
	    "alice@example.test"), 1);
	/* The second move replaced the first: the a-file piece never moved,
	 * so it may still move now that the turn came back. */
	r = play("theta", !white_first, white_first ? "a6-a5" : "a1-a2");
	ck_assert(understood(r));
	free(r);
	r = play("theta", white_first, white_first ? "a1-a2" : "a6-a5");
	ck_assert(understood(r));
	free(r);
}
END_TEST

/* The GM of game g (created by gm@example.test) with its password, and
 * alice and bob seated; returns the GM password in pw. */
static void
game_with_gm(const char *g, char *pw, size_t pwlen)
{
	char	*r;

	mailf("gm@example.test", "CREATE %s weekeewachee", g);
	r = take("gm@example.test");
	gm_password(r, pw, pwlen);
	free(r);
	mailf("alice@example.test", "JOIN %s alicepw", g);
	mailf("bob@example.test", "JOIN %s bobpw", g);
	drain();
}

/*
 * Issue "The judge in layers": sub-commands are rows of the command table
 * with their own arity, permission and usage: the answer names the
 * sub-command, and njudge's two-word spellings (SET NO WAIT) find theirs.
 */
START_TEST(subcommands_are_rows_with_their_own_arity_and_permission)
{
	char	 pw[32], *r;

	game_with_gm("rows", pw, sizeof(pw));
	mail("alice@example.test", "SIGNON rows alicepw\nSET DEADLINE +1h\n"
	    "SET NO WAIT\nSET FOO\nSET LANGUAGE\nREFUSE TAKEOVER White");
	r = take("alice@example.test");
	has(r, "can use SET DEADLINE");
	/* SET NO WAIT reached SET NOWAIT: this game has no clock. */
	has(r, "> SET NO WAIT\r\n    ERROR: Game rows has no deadlines");
	has(r, "> SET FOO\r\n    ERROR: SET knows these settings");
	has(r, "> SET LANGUAGE\r\n    ERROR: SET knows these settings");
	has(r, "can use REFUSE TAKEOVER");
	free(r);
	mailf("gm@example.test", "SIGNON rows %s\nREFUSE White\n"
	    "APPROVE TAKEOVER\nEXTEND GRANT White now\nAPPROVE now\n"
	    "SET WAIT", pw);
	r = take("gm@example.test");
	has(r, "> REFUSE White\r\n    ERROR: APPROVE TAKEOVER <power> "
	    "[address] or REFUSE TAKEOVER");
	has(r, "> APPROVE TAKEOVER\r\n    ERROR: APPROVE TAKEOVER <power> "
	    "[address] or REFUSE TAKEOVER");
	has(r, "> EXTEND GRANT White now\r\n    ERROR: Players write EXTEND");
	has(r, "> APPROVE now\r\n    ERROR: APPROVE was given the wrong number");
	has(r, "can use SET WAIT");
	free(r);
}
END_TEST

/*
 * Issue "The judge in layers": the orders of one game are tried when the
 * sender signs on to another in the same mail (before, SIGNON forgot them
 * and a two-player game waited for the next mail).
 */
START_TEST(orders_are_tried_before_a_signon_to_another_game)
{
	struct db_game	 a, b;

	two_players("one", false);
	two_players("two", false);
	drain();
	mail("bob@example.test", "SIGNON one bobpw\nSETUP RPWS\n"
	    "SIGNON two bobpw\nSETUP RPWS");
	drain();
	ck_assert_int_eq(db_game_get(F.db, "one", &a), DB_OK);
	ck_assert_int_eq(db_game_get(F.db, "two", &b), DB_OK);
	mail("alice@example.test", "SIGNON one alicepw\nSETUP RPWS\n"
	    "SIGNON two alicepw\nSETUP RPWS");
	ck_assert_int_eq(db_game_get(F.db, "one", &a), DB_OK);
	ck_assert_int_eq(db_game_get(F.db, "two", &b), DB_OK);
	/* Both set-ups are played: each game is one phase further. */
	ck_assert_int_eq(a.phase, b.phase);
	ck_assert_int_eq(mails_to("bob@example.test"), 2);
}
END_TEST

/*
 * Issue "The judge in layers": a reply argument is never cut. The German
 * names of the seven powers are 73 bytes; a 64-byte message argument cut
 * them inside "Türkei".
 */
START_TEST(a_long_list_of_powers_is_said_whole)
{
	char	*r;

	mail("gm@example.test", "CREATE sev standard");
	drain();
	mail("carla@example.test", "SET LANGUAGE de\nJOIN sev carlapw Xanadu");
	r = take("carla@example.test");
	has(r, "Die Mächte sind: Österreich, England, Frankreich, "
	    "Deutschland, Italien, Russland, Türkei.");
	free(r);
}
END_TEST

/* Options too long for the store are refused, not kept cut. */
START_TEST(create_options_too_long_to_keep_are_refused)
{
	struct db_game	 g;
	struct buf	 b;
	char		*r;
	int		 i;

	buf_init(&b);
	buf_puts(&b, "CREATE longopts weekeewachee");
	for (i = 0; i < 17; i++)
		buf_puts(&b, " abcdefghijklmnopqrst");
	mail("gm@example.test", b.data);
	r = take("gm@example.test");
	has(r, "too long to be kept");
	free(r);
	ck_assert_int_eq(db_game_get(F.db, "longopts", &g), DB_NONE);
	buf_free(&b);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge");
	TCase	*tc = tcase_create("judge");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, help_is_answered_with_a_threaded_reply);
	tcase_add_test(tc, unknown_lines_are_quoted_with_the_reason);
	tcase_add_test(tc, a_mail_is_processed_once);
	tcase_add_test(tc, robots_are_never_answered);
	tcase_add_test(tc, a_mail_without_text_gets_a_polite_reply);
	tcase_add_test(tc, create_join_and_start_send_reports_to_everyone);
	tcase_add_test(tc, a_wrong_password_changes_nothing);
	tcase_add_test(tc, a_classic_game_is_played_to_a_win);
	tcase_add_test(tc, blind_reports_name_no_hidden_piece);
	tcase_add_test(tc, set_language_switches_the_replies);
	tcase_add_test(tc, the_gm_cannot_play_and_names_are_checked);
	tcase_add_test(tc, the_gm_signs_on_with_the_generated_password);
	tcase_add_test(tc, reports_carry_the_picture_of_the_readers_view);
	tcase_add_test(tc, replies_without_a_report_have_no_attachment);
	tcase_add_test(tc, the_phase_is_played_at_the_end_of_the_mail);
	tcase_add_test(tc, subcommands_are_rows_with_their_own_arity_and_permission);
	tcase_add_test(tc, orders_are_tried_before_a_signon_to_another_game);
	tcase_add_test(tc, a_long_list_of_powers_is_said_whole);
	tcase_add_test(tc, create_options_too_long_to_keep_are_refused);
	suite_add_tcase(s, tc);
	return s;
}
