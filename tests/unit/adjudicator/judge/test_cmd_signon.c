/*
 * test_cmd_signon.c - adjudicator/judge/cmd_signon.c: SIGNON by mail. A
 * wrong password changes nothing and the lines after it are not used; the
 * GM signs on with the password CREATE generated for him; the orders given
 * for one game are tried before the sender signs on to another. A sign-on
 * from an address other than the seat's (issue 12, point 5): its player
 * gets one copy a mail of what the mail did as his seat, in his language,
 * and the GM a note without the orders; none from one's own address.
 * Guessing (issue 13): a password is checked against one seat, never
 * against all; a seat guessed at too often from other addresses is locked
 * against them for the hour (its player and the GM are told once), and an
 * address refused too often is stopped; the seat's own address is never
 * locked out.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"
#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

#define STRANGER	"stranger@example.test"

/* Counts the mails in what take() returned. */
static int
nmails(const char *all)
{
	return occurrences(all, "Message-ID:");
}

START_TEST(a_wrong_password_changes_nothing)
{
	char	*r;
	int	 before;

	two_players("beta", false);
	free(take("alice@example.test"));
	free(take("bob@example.test"));
	free(take("gm@example.test"));
	before = pending();
	mail("alice@example.test", "SIGNON beta wrongpw\nSETUP RPWS");
	r = take("alice@example.test");
	ck_assert_ptr_nonnull(strstr(r, "> SIGNON beta ********"));
	ck_assert_ptr_nonnull(strstr(r, "password does not match"));
	ck_assert_ptr_nonnull(strstr(r, "The rest of this mail is not read"));
	ck_assert_ptr_null(strstr(r, "> SETUP RPWS"));
	free(r);
	/* A password written with a blank: its rest is hidden as well. */
	mail("alice@example.test", "SIGNON beta alice pw");
	r = take("alice@example.test");
	has(r, "> SIGNON beta ******** ********\r\n");
	hasnt(r, "alice pw");
	free(r);
	ck_assert_int_eq(pending(), before);
	ck_assert_int_eq(pending(), 0);
	mail("alice@example.test", "SIGNON nosuch alice-secret");
	r = take("alice@example.test");
	ck_assert_ptr_nonnull(strstr(r, "There is no game called nosuch"));
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
	mail("bob@example.test", "SIGNON one bob-secret\nSETUP RPWS\n"
	    "SIGNON two bob-secret\nSETUP RPWS");
	drain();
	ck_assert_int_eq(db_game_get(F.db, "one", &a), DB_OK);
	ck_assert_int_eq(db_game_get(F.db, "two", &b), DB_OK);
	mail("alice@example.test", "SIGNON one alice-secret\nSETUP RPWS\n"
	    "SIGNON two alice-secret\nSETUP RPWS");
	ck_assert_int_eq(db_game_get(F.db, "one", &a), DB_OK);
	ck_assert_int_eq(db_game_get(F.db, "two", &b), DB_OK);
	/* Both set-ups are played: each game is one phase further. */
	ck_assert_int_eq(a.phase, b.phase);
	ck_assert_int_eq(mails_to("bob@example.test"), 2);
}
END_TEST

/* Drops what the outbox holds for addr. */
static void
drain_for(const char *addr)
{
	free(take(addr));
}

START_TEST(a_signon_from_another_address_copies_the_player_notes_the_gm)
{
	char	*r, *p, *g, *o;

	seven("sp", "");
	mail(STRANGER, "SIGNON sp France pass2222\nA PAR - BUR\nF BRE - MAO");
	r = take(STRANGER);
	has(r, "Signed on to game sp as France.");
	has(r, "order: A PAR - BUR");
	free(r);
	/* France's player: the copy, with the orders, one mail. */
	p = mine(FRA);
	ck_assert_int_eq(nmails(p), 1);
	has(p, "Someone signed on as France in game sp from "
	    "stranger@example.test, not from your address. If this was not "
	    "you, change your password with SET PASSWORD and tell the game "
	    "master. What that mail did:");
	has(p, "> SIGNON sp ******** ********\r\n    Signed on to game sp as "
	    "France.");
	has(p, "> A PAR - BUR\r\n    order: A PAR - BUR");
	has(p, "Orders of France for S1901M, as the judge holds them now:");
	has(p, "A MAR has no order yet.");
	hasnt(p, "pass2222");
	hasnt(p, "answered that mail in the sender's language");
	free(p);
	/* The GM: a note that names the address, never the orders. */
	g = take(GM);
	ck_assert_int_eq(nmails(g), 1);
	has(g, "Someone signed on as France in game sp from "
	    "stranger@example.test, not from the address of its player. The "
	    "player got a copy of what that mail did.");
	hasnt(g, "PAR");
	hasnt(g, "BRE");
	hasnt(g, "MAO");
	free(g);
	o = mine(GER);
	ck_assert_int_eq(nmails(o), 0);
	free(o);
}
END_TEST

START_TEST(no_notice_when_signing_on_from_ones_own_address)
{
	char	*r;

	seven("own", "");
	r = as_power(FRA, "own", "A PAR - BUR");
	has(r, "order: A PAR - BUR");
	free(r);
	/* The address of record in another case is the same address. */
	mail("P2@EXAMPLE.TEST", "SIGNON own pass2222\nF BRE - MAO");
	ck_assert_int_eq(mails_to("P2@EXAMPLE.TEST"), 1);
	ck_assert_int_eq(mails_to(GM), 0);
	r = mine(FRA);
	ck_assert_int_eq(nmails(r), 0);
	free(r);
	/* The GM from his own address acting for France: BECOME's copy,
	 * no notice of a sign-on from elsewhere. */
	free(as_gm("own", "BECOME France\nA MAR H"));
	r = mine(FRA);
	ck_assert_int_eq(nmails(r), 1);
	has(r, "The game master acted for France");
	hasnt(r, "Someone signed on");
	free(r);
	ck_assert_int_eq(mails_to(GM), 0);
}
END_TEST

START_TEST(one_copy_a_seat_with_only_that_seats_lines)
{
	char	*f, *d, *g;

	seven("two", "");
	/* The three forms: the power as a word, njudge's initial before
	 * the game's name, the German name. */
	mail(STRANGER, "SIGNON two France pass2222\nA PAR - BUR\n"
	    "SIGNON Gtwo pass3333\nA MUN - RUH\n"
	    "SIGNON two Frankreich pass2222\nF BRE - MAO\n"
	    "SIGNON two France wrongpw1\nA MAR H");
	drain_for(STRANGER);
	f = mine(FRA);
	ck_assert_int_eq(nmails(f), 1);
	has(f, "order: A PAR - BUR");
	has(f, "order: F BRE - MAO");
	hasnt(f, "RUH");		/* Germany's lines are Germany's */
	hasnt(f, "A MAR H");		/* after the failed sign-on */
	free(f);
	d = mine(GER);
	ck_assert_int_eq(nmails(d), 1);
	has(d, "Someone signed on as Germany in game two");
	has(d, "order: A MUN - RUH");
	hasnt(d, "BUR");
	hasnt(d, "MAO");
	free(d);
	g = take(GM);
	ck_assert_int_eq(nmails(g), 2);
	has(g, "as France in game two");
	has(g, "as Germany in game two");
	hasnt(g, "RUH");
	free(g);
}
END_TEST

START_TEST(the_gm_of_record_gets_the_copy_of_a_gm_signon)
{
	char	 text[128], *g;

	seven("gs", "");
	snprintf(text, sizeof(text), "SIGNON gs GM %s\nBECOME France\n"
	    "A PAR - PIC", gmpw);
	mail("gm.elsewhere@example.test", text);
	g = take(GM);
	ck_assert_int_eq(nmails(g), 1);
	has(g, "Someone signed on as the game master of game gs from "
	    "gm.elsewhere@example.test, not from your address.");
	has(g, "order: A PAR - PIC");	/* his own session, BECOME and all */
	hasnt(g, gmpw);
	free(g);
	g = mine(FRA);
	has(g, "The game master acted for France");
	hasnt(g, "Someone signed on");
	free(g);
}
END_TEST

START_TEST(the_copy_speaks_the_readers_language)
{
	char	*p;

	seven("lang", "");
	free(as_power(FRA, "lang", "SET LANGUAGE de"));
	mail(STRANGER, "SIGNON Flang pass2222\nA PAR - BUR");
	drain_for(STRANGER);
	p = mine(FRA);
	has(p, "Jemand hat sich als Frankreich in der Partie lang von "
	    "stranger@example.test aus angemeldet");
	has(p, "(Der Schiedsrichter hat diese Mail in der Sprache des "
	    "Absenders beantwortet");
	/* The reply as the sender got it; the orders block in German. */
	has(p, "Signed on to game lang as France.");
	has(p, "Befehle von Frankreich für");
	free(p);
}
END_TEST

/* Sends one mail of one SIGNON line from addr; returns the reply. */
static char *
signon_from(const char *addr, const char *line)
{
	mail(addr, line);
	return take(addr);
}

START_TEST(a_password_alone_opens_nothing_from_a_strangers_address)
{
	char	*r;

	seven("pa", "");
	/* France's right password, but no seat named: not even checked. */
	r = signon_from(STRANGER, "SIGNON pa pass2222\nA PAR - BUR");
	has(r, "This address holds no seat in game pa");
	has(r, "SIGNON pa <power> <password>");
	hasnt(r, "Signed on");
	hasnt(r, "order:");
	free(r);
	/* A seat that is not there, and the GM's seat by name. */
	r = signon_from(STRANGER, "SIGNON pa Atlantis pass2222");
	has(r, "Game pa has no seat called \"Atlantis\"");
	free(r);
	r = signon_from(STRANGER, "SIGNON Xpa pass2222");
	has(r, "Game pa has no seat called \"X\"");
	free(r);
	r = signon_from(STRANGER, "SIGNON pa GM pass2222");
	has(r, "password does not match");
	free(r);
	ck_assert_int_eq(mails_to(GM), 0);
}
END_TEST

START_TEST(a_guessed_seat_is_locked_against_other_addresses_for_the_hour)
{
	char	 line[64], *r, *p, *g;
	int	 i;

	seven("lk", "");
	/* Eight wrong guesses at France, each in its own mail. */
	for (i = 0; i < 8; i++) {
		snprintf(line, sizeof(line), "SIGNON lk France guess%04d", i);
		r = signon_from(STRANGER, line);
		has(r, "password does not match");
		free(r);
		F.env.now += 60;
	}
	/* France's player and the GM are told, once. */
	p = mine(FRA);
	ck_assert_int_eq(nmails(p), 1);
	has(p, "Someone tried 8 wrong passwords for France of game lk within "
	    "an hour");
	has(p, "change it with SET PASSWORD");
	hasnt(p, "guess");
	free(p);
	g = take(GM);
	ck_assert_int_eq(nmails(g), 1);
	has(g, "8 wrong passwords for France of game lk");
	free(g);
	/* Now even the right password from another address is refused
	 * without a check... */
	r = signon_from("other@example.test", "SIGNON Flk pass2222\nA PAR H");
	has(r, "Too many wrong passwords for France of game lk within an "
	    "hour");
	hasnt(r, "Signed on");
	free(r);
	r = signon_from(STRANGER, "SIGNON lk France guess9999");
	has(r, "refused without a check");
	hasnt(r, "password does not match");
	free(r);
	/* ... while the seat's own address signs on as ever, and the other
	 * seats are not locked. */
	r = as_power(FRA, "lk", "A PAR H");
	has(r, "Signed on to game lk as France");
	free(r);
	r = signon_from("other@example.test", "SIGNON lk Germany pass3333");
	has(r, "Signed on to game lk as Germany");
	free(r);
	g = take(GM);		/* the note of Germany's sign-on, no more */
	hasnt(g, "wrong passwords");
	free(g);
	p = mine(FRA);
	ck_assert_int_eq(nmails(p), 0);
	free(p);
	/* An hour after the first guesses the seat opens again. */
	F.env.now += 3600;
	r = signon_from("other@example.test", "SIGNON lk France pass2222");
	has(r, "Signed on to game lk as France");
	free(r);
}
END_TEST

START_TEST(an_address_refused_too_often_is_stopped_for_the_hour)
{
	char	 line[64], *r;
	int	 i;

	seven("ra", "");
	seven("rb", "");
	drain();
	/* Ten wrong guesses at ten seats of two games. */
	for (i = 0; i < 10; i++) {
		snprintf(line, sizeof(line), "SIGNON %s %s nothing%d",
		    i < 7 ? "ra" : "rb", power[i % 7], i);
		r = signon_from(STRANGER, line);
		has(r, "password does not match");
		free(r);
	}
	/* The right password of a seat nobody guessed: not checked. */
	r = signon_from(STRANGER, "SIGNON rb Turkey pass6666");
	has(r, "Too many refused sign-ons from your address within an hour");
	hasnt(r, "Signed on");
	free(r);
	/* One refused sign-on ends the mail: the rest is not read. */
	r = signon_from("third@example.test", "SIGNON ra Italy wrong123\n"
	    "SIGNON ra Italy pass4444");
	ck_assert_int_eq(occurrences(r, "password does not match"), 1);
	hasnt(r, "Signed on");
	free(r);
	F.env.now += 3601;
	r = signon_from(STRANGER, "SIGNON rb Turkey pass6666");
	has(r, "Signed on to game rb as Turkey");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_signon");
	TCase	*tc;

	tc = tcase_create("judge");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, a_wrong_password_changes_nothing);
	tcase_add_test(tc,
	    a_password_alone_opens_nothing_from_a_strangers_address);
	tcase_add_test(tc,
	    a_guessed_seat_is_locked_against_other_addresses_for_the_hour);
	tcase_add_test(tc, an_address_refused_too_often_is_stopped_for_the_hour);
	tcase_add_test(tc, the_gm_signs_on_with_the_generated_password);
	tcase_add_test(tc, orders_are_tried_before_a_signon_to_another_game);
	suite_add_tcase(s, tc);

	tc = tcase_create("foreign");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc,
	    a_signon_from_another_address_copies_the_player_notes_the_gm);
	tcase_add_test(tc, no_notice_when_signing_on_from_ones_own_address);
	tcase_add_test(tc, one_copy_a_seat_with_only_that_seats_lines);
	tcase_add_test(tc, the_gm_of_record_gets_the_copy_of_a_gm_signon);
	tcase_add_test(tc, the_copy_speaks_the_readers_language);
	suite_add_tcase(s, tc);
	return s;
}
