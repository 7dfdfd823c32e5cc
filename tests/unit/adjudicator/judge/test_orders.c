/*
 * test_orders.c - adjudicator/judge/orders.c: a mail's order lines. Every
 * mail with orders is answered with the power's whole set as the judge
 * holds it (seven seats, standard Diplomacy); orders with errors do not
 * count as ready; the phase is played when the mail ends, not at the line
 * that made it ready.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/clock_fixture.h"
#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"
#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

/*
 * The fixture's hasnt() looks for a word outside the pictures: a piece of
 * the map's base64 is in the mail, and hasnt() does not see it there; the
 * text after the picture is still looked at.
 */
START_TEST(hasnt_looks_past_the_pictures)
{
	char		*r, *t, piece[17];
	const char	*p;

	seven("past", "");
	r = as_power(FRA, "past", "A PAR - BUR");
	p = strstr(r, "Content-Transfer-Encoding: base64\r\n");
	ck_assert_ptr_nonnull(p);
	p = strstr(p, "\r\n\r\n");
	ck_assert_ptr_nonnull(p);
	memcpy(piece, p + 4 + 20, 16);
	piece[16] = '\0';
	ck_assert_ptr_null(strpbrk(piece, "\r\n"));
	ck_assert_ptr_nonnull(strstr(r, piece));
	hasnt(r, piece);
	/* The boundary after the part is outside it: seen. */
	ck_assert_ptr_nonnull(strstr(p, "--=_pbemd"));
	t = without_pictures(r);
	ck_assert_ptr_nonnull(strstr(t, "order: A PAR - BUR"));
	ck_assert_int_eq(occurrences(t, "--=_pbemd"),
	    occurrences(r, "--=_pbemd"));
	free(t);
	free(r);
}
END_TEST

START_TEST(every_order_mail_is_confirmed_with_the_whole_set)
{
	char	*r;

	seven("conf", "");
	free(as_power(GER, "conf", "A MUN - RUH"));
	r = as_power(FRA, "conf", "A PAR - BUR\nA XYZ - BUR");
	has(r, "Orders of France for S1901M, as the judge holds them now:");
	has(r, "order: A PAR - BUR");
	has(r, "Still without orders:");
	has(r, "F BRE has no order yet.");
	has(r, "A MAR has no order yet.");
	has(r, "Your orders are NOT complete yet.");
	/* Another power's orders stay private (hasnt() looks past the
	 * map's base64, which may hold any three letters). */
	hasnt(r, "RUH");
	ck_assert_int_ge(occurrences(r, "ERROR"), 1);
	free(r);
	r = as_power(FRA, "conf", "F BRE - MAO\nA MAR H");
	/* The whole set: this mail's orders and the earlier one. */
	has(r, "order: A PAR - BUR");
	has(r, "order: F BRE - MAO");
	has(r, "order: A MAR H");
	hasnt(r, "has no order yet");
	has(r, "Your orders are complete.");
	free(r);
	r = as_power(FRA, "conf", "A PAR H");
	has(r, "order: A PAR H");
	hasnt(r, "A PAR - BUR");	/* the last order for a unit counts */
	free(r);
	r = as_power(FRA, "conf", "CLEAR");
	has(r, "All your orders for this phase are withdrawn");
	has(r, "(none)");
	ck_assert_int_eq(occurrences(r, "has no order yet."), 3);
	free(r);
	/* The GM acting for France: France's player gets the copy. */
	r = as_gm("conf", "BECOME France\nA PAR - PIC");
	has(r, "order: A PAR - PIC");
	free(r);
	r = mine(FRA);
	has(r, "The game master acted for France in game conf");
	has(r, "order: A PAR - PIC");
	has(r, "Orders of France for S1901M");
	free(r);
	r = mine(GER);
	hasnt(r, "A PAR - PIC");
	free(r);
}
END_TEST

/* The GM's greeting is ignored too; an order from him is still refused. */
/* Issue 16: a German player orders in German and reads German names
 * and order words; an English player reads the same in English. */
START_TEST(a_german_player_orders_and_reads_in_german)
{
	char	*r;

	seven("deu", "");
	r = as_power(GER, "deu", "SET LANGUAGE de\n"
	    "F Kiel - D\xc3\xa4nemark\n"
	    "A M\xc3\xbcnchen h\xc3\xa4lt\n"
	    "A Berlin unterst\xc3\xbctzt A M\xc3\xbcnchen\n"
	    "A Wien h\xc3\xa4lt\n"
	    "A Muenchn - Ruhr");
	has(r, "Befehl: F KIE - DEN");
	has(r, "Befehl: A MUN h\xc3\xa4lt");
	has(r, "Befehl: A BER unterst\xc3\xbctzt A MUN");
	has(r, "Die Einheit in Wien geh\xc3\xb6rt nicht Ihnen.");
	hasnt(r, "Vienna");
	has(r, "Meinten Sie M\xc3\xbcnchen (MUN)?");
	free(r);
	r = as_power(FRA, "deu", "A Pariss H\nA Marseilles H\nA Wien H");
	has(r, "Did you mean Paris (PAR)?");
	has(r, "order: A MAR H");
	has(r, "the unit in Vienna is not yours.");
	free(r);
}
END_TEST

START_TEST(the_gm_s_greeting_is_no_error_but_his_order_is)
{
	char	*r;

	seven("gmg", "");
	r = as_gm("gmg", "SUMMARY gmg\n\nViele Grüße\nder Spielleiter\n"
	    "Sent from my iPhone");
	hasnt(r, "ERROR");
	ck_assert_int_eq(occurrences(r, "ignored: not an order"), 3);
	has(r, "Every line was understood; the lines marked \"ignored\"");
	free(r);
	r = as_gm("gmg", "A PAR - BUR");
	has(r, "ERROR: Not used: you are signed on as the game master");
	free(r);
}
END_TEST

START_TEST(orders_with_errors_do_not_count_as_ready)
{
	clock_game("g", "move=1h tz=" ZONE);
	mailf(ALICE, "SIGNON g alice-secret\nSETUP RPWS\nSETUP RPWX");
	mailf(BOB, "SIGNON g bob-secret\nSETUP RPWS");
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 1);
	/* A later mail without errors clears the mark. */
	mailf(ALICE, "SIGNON g alice-secret\nSETUP RPWS");
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 2);
}
END_TEST

/* How players end a mail, after their orders. */
static const char *const closings[7] = {
	"\nViele Grüße\nJürgen\n\nVon meinem iPhone gesendet",
	"\nCheers,\nTom\n\nSent from my iPhone",
	"\nMit freundlichen Grüßen\nAnna\n\nGesendet von Outlook für Android",
	"\nRegards",
	"\nLG\n\nGet Outlook for Android",
	"\nBest regards, Mike\nSent from Yahoo Mail on Android",
	"\nThanks!",
};

/*
 * rules/diplomacy.md "Lines that are not orders": greetings, names and
 * footers are quoted back as ignored and block nothing, so seven complete
 * sets that end the way mail ends are processed early; a line that reads
 * as an order and fails still holds the power back, and the confirmation
 * says so, as the reminder and the GM's late list do.
 */
START_TEST(greetings_and_footers_do_not_make_a_power_late)
{
	char	 text[512], *r;
	int	 i;

	seven("pg", "move=1h tz=" ZONE);
	for (i = 0; i < 7; i++) {
		snprintf(text, sizeof(text), "%s\n%s", P[i].hold,
		    closings[i]);
		r = as_power(i, "pg", text);
		hasnt(r, "ERROR");
		has(r, "ignored: not an order");
		has(r, "Your orders are complete.");
		has(r, "the lines marked \"ignored\" are no orders");
		if (i == FRA) {
			/* One line that reads as an order and fails. */
			free(r);
			r = as_power(i, "pg", "A PAR - XYZ\n\nGruß, Pierre");
			has(r, "ERROR");
			has(r, "Your orders are complete, but this mail had "
			    "lines in error");
		}
		free(r);
	}
	drain();
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("pg"), 1);	/* France holds it back */
	r = as_power(FRA, "pg", "A PAR H\n\n--\nPierre");
	has(r, "Your orders are complete.");
	free(r);
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("pg"), 2);
}
END_TEST

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

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/orders");
	TCase	*tc;

	tc = tcase_create("seven_seats");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, hasnt_looks_past_the_pictures);
	tcase_add_test(tc, every_order_mail_is_confirmed_with_the_whole_set);
	tcase_add_test(tc, a_german_player_orders_and_reads_in_german);
	tcase_add_test(tc, the_gm_s_greeting_is_no_error_but_his_order_is);
	suite_add_tcase(s, tc);

	tc = tcase_create("clock");
	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, orders_with_errors_do_not_count_as_ready);
	tcase_add_test(tc, greetings_and_footers_do_not_make_a_power_late);
	suite_add_tcase(s, tc);

	tc = tcase_create("judge");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, the_phase_is_played_at_the_end_of_the_mail);
	suite_add_tcase(s, tc);
	return s;
}
