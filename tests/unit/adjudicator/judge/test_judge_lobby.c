/*
 * test_judge_lobby.c - seats beyond JOIN, press, history and summary, by
 * mail through judge_handle_message over a real SQLite file. These run on
 * weekeewachee (two seats): EJECT, TAKEOVER with APPROVE and REFUSE,
 * BECOME, CLEAR, PRESS and BROADCAST, HISTORY (from the reader's own
 * views: Blind-Fun must not leak) and SUMMARY. The seven-seat commands are
 * tested in test_judge_seven.c.
 */
#include "tests/unit/adjudicator/judge/judge_fixture.h"
#include "tests/unit/test.h"

#define GM	"gm@example.test"
#define ALICE	"alice@example.test"
#define BOB	"bob@example.test"
#define CAROL	"carol@example.test"
#define DAVE	"dave@example.test"

static char	 gmpw[32];

/* Game g of weekeewachee with options; alice White, bob Black. */
static void
game(const char *g, const char *opts)
{
	char	 cmd[160], *r;

	snprintf(cmd, sizeof(cmd), "CREATE %s weekeewachee %s", g, opts);
	mail(GM, cmd);
	r = take(GM);
	hasnt(r, "ERROR");
	gm_password(r, gmpw, sizeof(gmpw));
	free(r);
	snprintf(cmd, sizeof(cmd), "JOIN %s alicepw", g);
	mail(ALICE, cmd);
	snprintf(cmd, sizeof(cmd), "JOIN %s bobpw", g);
	mail(BOB, cmd);
	drain();
}

/* A mail from the GM, signed on to g, with the lines after it. */
static char *
as_gm(const char *g, const char *lines)
{
	char	 text[1024];

	snprintf(text, sizeof(text), "SIGNON %s %s\n%s", g, gmpw, lines);
	mail(GM, text);
	return take(GM);
}

static char *
as(const char *addr, const char *pw, const char *g, const char *lines)
{
	char	 text[2048];

	snprintf(text, sizeof(text), "SIGNON %s %s\n%s", g, pw, lines);
	mail(addr, text);
	return take(addr);
}

START_TEST(eject_opens_the_seat_and_an_approved_takeover_fills_it)
{
	char	*r, *b, *a, *c;

	game("ej", "");
	r = as_gm("ej", "EJECT White");
	has(r, "The player of White (alice@example.test) is removed");
	free(r);
	a = take(ALICE);
	has(a, "The game master removed you from White in game ej");
	free(a);
	b = take(BOB);
	has(b, "The player of White has left game ej");
	has(b, "TAKEOVER ej White <password>");
	hasnt(b, "alice@");		/* addresses stay private */
	free(b);
	/* The removed player's password no longer signs on. */
	r = as(ALICE, "alicepw", "ej", "b1-b2");
	has(r, "password does not match");
	free(r);
	/* Carol asks; the password is never echoed. */
	mail(CAROL, "TAKEOVER ej W carolpw");
	c = take(CAROL);
	has(c, "> TAKEOVER ej W ********");
	hasnt(c, "carolpw");
	has(c, "You asked to take over White in game ej");
	free(c);
	r = take(GM);
	has(r, "carol@example.test asks to take over White in game ej");
	has(r, "APPROVE TAKEOVER White");
	free(r);
	r = as_gm("ej", "APPROVE TAKEOVER White");
	has(r, "White now belongs to carol@example.test");
	free(r);
	c = take(CAROL);
	has(c, "You play White.");
	has(c, "The game master gave you this seat");
	free(c);
	b = take(BOB);
	has(b, "White has a new player in game ej");
	free(b);
	r = as(CAROL, "carolpw", "ej", "");
	has(r, "Signed on to game ej as White");
	free(r);
	/* SUMMARY: the story of the seat, addresses for the GM only. */
	mail(DAVE, "SUMMARY ej");
	r = take(DAVE);
	has(r, "White: playing");
	has(r, "taken over in phase");
	hasnt(r, "carol@");
	free(r);
	r = as_gm("ej", "SUMMARY ej");
	has(r, "<alice@example.test> -> <carol@example.test>");
	free(r);
}
END_TEST

START_TEST(takeover_is_refused_for_a_taken_seat_and_by_the_gm)
{
	char	*r, *d, *c;

	game("rf", "");
	mail(CAROL, "TAKEOVER rf Black carolpw");
	c = take(CAROL);
	has(c, "Black in game rf has a player");
	free(c);
	ck_assert_ptr_nonnull(r = take(GM));
	hasnt(r, "asks to take over");
	free(r);
	free(as_gm("rf", "EJECT B"));
	drain();
	mail(CAROL, "TAKEOVER rf Black carolpw");
	mail(DAVE, "TAKEOVER rf Schwarz davepw");
	drain();
	/* Two candidates: the GM must say which. */
	r = as_gm("rf", "APPROVE TAKEOVER Black\nREFUSE TAKEOVER Black "
	    DAVE "\nAPPROVE TAKEOVER Black");
	has(r, "Several players ask to take over Black");
	has(r, "Refused: Black is not given to dave@example.test");
	has(r, "Black now belongs to carol@example.test");
	free(r);
	d = take(DAVE);
	has(d, "The game master did not give you Black in game rf");
	free(d);
	r = as_gm("rf", "APPROVE TAKEOVER Black");
	has(r, "Nobody asks to take over Black");
	free(r);
	/* A player cannot take a second seat, the GM none. */
	r = as(CAROL, "carolpw", "rf", "");
	has(r, "as Black");
	free(r);
	mail(GM, "TAKEOVER rf White gmgmgm");
	r = take(GM);
	has(r, "cannot also play");
	free(r);
}
END_TEST

START_TEST(gm_commands_need_the_gm)
{
	char	*r;

	game("gc", "");
	r = as(ALICE, "alicepw", "gc", "EJECT Black\nBECOME Black\nSTART");
	has(r, "Only the game master, signed on with his password, can use "
	    "EJECT");
	has(r, "can use BECOME");
	has(r, "can use START");
	free(r);
	r = as_gm("gc", "START\nASSIGN White " ALICE);
	has(r, "Game gc takes no new players");
	free(r);
}
END_TEST

/* Who is to move in a running Blind-Fun game, from a report. */
static bool
white_to_move(const char *g)
{
	char	*r = as(ALICE, "alicepw", g, "");
	bool	 w = strstr(r, "White to move.") != NULL;

	ck_assert_msg(w || strstr(r, "Black to move.") != NULL, "%s", r);
	free(r);
	return w;
}

START_TEST(become_orders_for_a_power_copy_its_player_and_mark_history)
{
	const char	*seat, *mover, *mpw, *order;
	char		 lines[128], *r, *p, *o;
	bool		 w;

	game("bc", "blind");
	w = white_to_move("bc");
	seat = w ? "White" : "Black";
	mover = w ? ALICE : BOB;
	mpw = w ? "alicepw" : "bobpw";
	order = w ? "b1-b2" : "b6-b5";
	snprintf(lines, sizeof(lines), "BECOME %s\n%s\nBECOME White", seat,
	    order);
	r = as_gm("bc", lines);
	has(r, "The rest of this mail speaks for");
	has(r, "Only one BECOME per mail");
	hasnt(r, "ERROR: It is not your turn");
	free(r);
	p = take(mover);
	has(p, "The game master acted for");
	has(p, order);
	free(p);
	o = as(w ? BOB : ALICE, w ? "bobpw" : "alicepw", "bc", "HISTORY bc");
	snprintf(lines, sizeof(lines), "The orders of %s in this phase were "
	    "given by the game master", seat);
	has(o, lines);
	free(o);
	(void)mpw;
}
END_TEST

START_TEST(clear_withdraws_the_orders_of_the_phase)
{
	char	*r, *a;

	game("cl", "");
	r = as(ALICE, "alicepw", "cl", "SETUP RPWS\nCLEAR");
	has(r, "All your orders for this phase are withdrawn");
	free(r);
	r = as(BOB, "bobpw", "cl", "SETUP RPWS");
	hasnt(r, "Both setups are revealed");
	free(r);
	a = take(ALICE);
	hasnt(a, "Both setups are revealed");
	free(a);
	r = as(ALICE, "alicepw", "cl", "SETUP RPWS");
	has(r, "Both setups are revealed");
	free(r);
}
END_TEST

START_TEST(private_press_reaches_only_its_recipient)
{
	char	*r, *b, *g;

	game("pp", "");
	r = as(ALICE, "alicepw", "pp", "PRESS TO Black\nMeet me at c3.\n"
	    "  indented line\nENDPRESS\nb1-b2");
	has(r, "Sent to Black (2 lines)");
	hasnt(r, "Meet me");	/* the text is not echoed */
	free(r);
	b = take(BOB);
	has(b, "Press in game pp from White to Black:");
	has(b, "Meet me at c3.");
	has(b, "  indented line");
	hasnt(b, "ENDPRESS");
	hasnt(b, "alice@");
	hasnt(b, "Reply-To: alice");
	free(b);
	g = take(GM);
	hasnt(g, "Meet me");
	free(g);
}
END_TEST

START_TEST(gm_sees_press_and_grey_press_is_anonymous)
{
	char	*r, *b, *g;

	game("gp", "press=grey gm-sees-press");
	r = as(ALICE, "alicepw", "gp", "PRESS TO B\nSecret plan.\nENDPRESS");
	has(r, "Sent to Black");
	free(r);
	b = take(BOB);
	has(b, "Press in game gp from anonymous to Black:");
	has(b, "Secret plan.");
	hasnt(b, "White");
	free(b);
	g = take(GM);
	has(g, "Copy for the game master: press in game gp from White");
	has(g, "Secret plan.");
	free(g);
	/* The judge's options are not the game's. */
	mail(DAVE, "LIST gp");
	r = take(DAVE);
	has(r, "press=grey gm-sees-press");
	free(r);
	mail(GM, "CREATE gq weekeewachee press=loud");
	r = take(GM);
	has(r, "The option \"press=loud\" has a value");
	free(r);
}
END_TEST

START_TEST(broadcast_goes_to_all_and_into_history)
{
	char	*r, *b, *g;

	game("bb", "");
	r = as(BOB, "bobpw", "bb", "BROADCAST\nHello all.\nENDPRESS");
	has(r, "Sent to everybody");
	free(r);
	b = take(ALICE);
	has(b, "Press in game bb from Black to everybody:");
	has(b, "Hello all.");
	free(b);
	g = take(GM);
	has(g, "Hello all.");
	free(g);
	r = as(ALICE, "alicepw", "bb", "HISTORY bb");
	has(r, "Broadcast from Black:");
	has(r, "  | Hello all.");
	free(r);
}
END_TEST

START_TEST(press_without_endpress_is_not_sent)
{
	char	*r, *b;

	game("ne", "");
	r = as(ALICE, "alicepw", "ne", "PRESS TO Black\nI will go b1-b2\n"
	    "b1-b2");
	has(r, "the message was NOT sent");
	free(r);
	b = take(BOB);
	hasnt(b, "b1-b2");
	free(b);
	r = as(ALICE, "alicepw", "ne", "PRESS TO White\nhi\nENDPRESS");
	has(r, "no recipient besides you");
	free(r);
	r = as(ALICE, "alicepw", "ne", "PRESS TO Zebra\nhi\nENDPRESS");
	has(r, "\"Zebra\" names no power");
	free(r);
}
END_TEST

START_TEST(no_press_games_refuse_player_press_but_not_the_gm)
{
	char	*r, *b;

	game("np", "press=none");
	r = as(ALICE, "alicepw", "np", "BROADCAST\nhi\nENDPRESS");
	has(r, "Game np is played without press");
	free(r);
	r = as_gm("np", "BROADCAST\nWelcome.\nENDPRESS");
	has(r, "Sent to everybody");
	free(r);
	b = take(BOB);
	has(b, "from the game master to everybody");
	free(b);
}
END_TEST

/*
 * Blind-Fun: HISTORY is made of the reader's own views, so Black's history
 * never names a White piece that no fight revealed, while the GM's does.
 */
START_TEST(history_of_a_blind_game_shows_the_readers_own_views)
{
	char	*r;

	game("hb", "blind");
	mail(BOB, "HISTORY hb");
	r = take(BOB);
	has(r, "HISTORY needs a SIGNON to a game first");
	free(r);

	r = as(BOB, "bobpw", "hb", "HISTORY hb 1 1");
	has(r, "=== ");
	has(r, "1 | X  X  X  X  | 1");
	free(r);
	r = as_gm("hb", "HISTORY hb");
	has(r, "=== ");
	hasnt(r, "1 | X  X  X  X  | 1");
	free(r);
	r = as(BOB, "bobpw", "hb", "HISTORY hb 7");
	has(r, "That range holds no phase");
	free(r);
	r = as(BOB, "bobpw", "hb", "HISTORY hb Z1999");
	has(r, "has no phase \"Z1999\"");
	free(r);
	game("hc", "");
	r = as(BOB, "bobpw", "hc", "HISTORY hb");
	has(r, "HISTORY hb needs \"SIGNON hb <password>\"");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge_lobby");
	TCase	*tc = tcase_create("two_seats");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, eject_opens_the_seat_and_an_approved_takeover_fills_it);
	tcase_add_test(tc, takeover_is_refused_for_a_taken_seat_and_by_the_gm);
	tcase_add_test(tc, gm_commands_need_the_gm);
	tcase_add_test(tc, become_orders_for_a_power_copy_its_player_and_mark_history);
	tcase_add_test(tc, clear_withdraws_the_orders_of_the_phase);
	tcase_add_test(tc, private_press_reaches_only_its_recipient);
	tcase_add_test(tc, gm_sees_press_and_grey_press_is_anonymous);
	tcase_add_test(tc, broadcast_goes_to_all_and_into_history);
	tcase_add_test(tc, press_without_endpress_is_not_sent);
	tcase_add_test(tc, no_press_games_refuse_player_press_but_not_the_gm);
	tcase_add_test(tc, history_of_a_blind_game_shows_the_readers_own_views);
	suite_add_tcase(s, tc);
	return s;
}
