/*
 * test_cmd_takeover.c - adjudicator/judge/cmd_takeover.c: TAKEOVER with
 * APPROVE TAKEOVER and REFUSE TAKEOVER. A seat the GM's EJECT opened is
 * asked for and given (weekeewachee, two seats); a taken seat is refused,
 * as is the GM, and of several candidates the GM chooses; a power whose
 * player resigned is taken over and plays on (standard Diplomacy, and
 * Zombie Diplomacy, where the take-over ends the disorder).
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"
#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

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
	r = as(ALICE, "alice-secret", "ej", "b1-b2");
	has(r, "This address holds no seat in game ej");
	free(r);
	/* Carol asks; the password is never echoed. */
	mail(CAROL, "TAKEOVER ej W carol-secret");
	c = take(CAROL);
	has(c, "> TAKEOVER ej W ********");
	hasnt(c, "carol-secret");
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
	r = as(CAROL, "carol-secret", "ej", "");
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

/*
 * A player the GM ejected gets no more reports of the seat he lost: they
 * show that seat's own view (in a Blind-Fun game, where its pieces stand).
 */
START_TEST(an_ejected_player_gets_no_more_reports)
{
	char	*r;

	game("nx", "blind");	/* shuffled; the seed says who moves first */
	r = play("nx", true, "b1-b2");
	if (strstr(r, "It is not your turn") != NULL) {
		free(r);
		free(play("nx", false, "c6-c5"));
		r = play("nx", true, "b1-b2");
	}
	hasnt(r, "ERROR");
	free(r);
	drain();
	free(as_gm("nx", "EJECT White"));
	drain();
	r = play("nx", false, "d6-d5");		/* Black's move: a report to all */
	hasnt(r, "ERROR");
	free(r);
	ck_assert_int_eq(mails_to(GM), 1);
	ck_assert_int_eq(mails_to(ALICE), 0);
}
END_TEST

START_TEST(takeover_is_refused_for_a_taken_seat_and_by_the_gm)
{
	char	*r, *d, *c;

	game("rf", "");
	mail(CAROL, "TAKEOVER rf Black carol-secret");
	c = take(CAROL);
	has(c, "Black in game rf has a player");
	free(c);
	ck_assert_ptr_nonnull(r = take(GM));
	hasnt(r, "asks to take over");
	free(r);
	free(as_gm("rf", "EJECT B"));
	drain();
	mail(CAROL, "TAKEOVER rf Black carol-secret");
	mail(DAVE, "TAKEOVER rf Schwarz dave-secret");
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
	r = as(CAROL, "carol-secret", "rf", "");
	has(r, "as Black");
	free(r);
	mail(GM, "TAKEOVER rf White gmgmgmgm");
	r = take(GM);
	has(r, "cannot also play");
	free(r);
}
END_TEST

START_TEST(a_resigned_power_is_taken_over_and_plays_on)
{
	char	*r;

	seven("tko", "");
	free(as_power(GER, "tko", "A MUN - RUH"));
	free(as_power(FRA, "tko", "RESIGN"));
	drain();
	/* The resignation kept the orders the others had given. */
	r = as_power(GER, "tko", "A BER H");
	has(r, "order: A MUN - RUH");
	free(r);
	mail("new@example.test", "TAKEOVER tko France new-secret");
	free(take("new@example.test"));
	r = as_gm("tko", "APPROVE TAKEOVER France");
	has(r, "France now belongs to new@example.test");
	free(r);
	r = take("new@example.test");
	has(r, "You play France.");
	free(r);
	mail("new@example.test", "SIGNON tko new-secret\nA PAR - BUR");
	r = take("new@example.test");
	has(r, "order: A PAR - BUR");
	has(r, "F BRE has no order yet.");
	has(r, "Your orders are NOT complete yet.");
	free(r);
	/* The old password is gone with the old player. */
	r = as_power(FRA, "tko", "A PAR H");
	has(r, "This address holds no seat in game tko");
	free(r);
}
END_TEST

/* Zombie-Diplomacy: the take-over ends disorder on both boards. */
START_TEST(a_resigned_zombie_power_is_due_again_after_a_takeover)
{
	char	*r;

	seven_kind("zmb", "zombie", "");
	free(as_power(FRA, "zmb", "RESIGN"));
	drain();
	mail("new@example.test", "TAKEOVER zmb France new-secret");
	free(as_gm("zmb", "APPROVE TAKEOVER France"));
	drain();
	mail("new@example.test", "SIGNON zmb new-secret\nCLEAR");
	r = take("new@example.test");
	has(r, "Orders of France for S1901M");
	has(r, "Your orders are NOT complete yet.");
	hasnt(r, "Nothing is due from you");
	free(r);
}
END_TEST

/*
 * Issue "The judge in layers": the GM picks among at most eight requests
 * for a seat; a ninth is refused with the reason, not kept out of sight.
 */
START_TEST(a_ninth_request_for_a_seat_waits_for_the_gm)
{
	char	 who[64], *r;
	int	 i;

	game("many", "");
	free(as_gm("many", "EJECT White"));
	drain();
	for (i = 0; i < 9; i++) {
		snprintf(who, sizeof(who), "cand%d@example.test", i);
		mail(who, "TAKEOVER many White cand-secret");
	}
	r = take("cand7@example.test");
	has(r, "You asked to take over White in game many");
	free(r);
	r = take("cand8@example.test");
	has(r, "8 players have asked to take over White already");
	hasnt(r, "You asked to take over");
	free(r);
	r = as_gm("many", "REFUSE TAKEOVER White cand0@example.test");
	free(r);
	mail("cand8@example.test", "TAKEOVER many White cand-secret");
	r = take("cand8@example.test");
	has(r, "You asked to take over White in game many");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_takeover");
	TCase	*tc;

	tc = tcase_create("two_seats");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc,
	    eject_opens_the_seat_and_an_approved_takeover_fills_it);
	tcase_add_test(tc, takeover_is_refused_for_a_taken_seat_and_by_the_gm);
	tcase_add_test(tc, an_ejected_player_gets_no_more_reports);
	tcase_add_test(tc, a_ninth_request_for_a_seat_waits_for_the_gm);
	suite_add_tcase(s, tc);

	tc = tcase_create("seven_seats");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, a_resigned_power_is_taken_over_and_plays_on);
	tcase_add_test(tc,
	    a_resigned_zombie_power_is_due_again_after_a_takeover);
	suite_add_tcase(s, tc);
	return s;
}
