/*
 * test_prose.c - adjudicator/diplomacy/prose.c: the closing lines and
 * footers real mail carries are prose (ignored, never an error), and every
 * line that names a unit, a province or an order word the way orders do
 * reads as an order, so its mistakes are still errors. A line whose
 * first word no order begins with is flagged foreign: the judge may take
 * it for a mistyped command (issue 16).
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <string.h>

#include "adjudicator/diplomacy/dip.h"
#include "tests/unit/adjudicator/diplomacy/support_game.h"

/* Closing lines, signatures and client footers as they arrive, after the
 * mail reader removed quotes and the "-- " signature. */
static const char *const prose[] = {
	/* German */
	"Viele Grüße", "Viele Grüße / Jürgen", "Mit freundlichen Grüßen",
	"Mit freundlichem Gruß", "Liebe Grüße, Anna", "LG Anna", "VG",
	"MfG", "Gruß Holger", "Grüße aus Berlin", "Schönen Abend noch!",
	"Bis bald", "Danke und Gruß", "Jürgen", "Jürgen (Deutschland)",
	"Von meinem iPhone gesendet",
	"Gesendet von Outlook für Android",
	"Von meinem Samsung Galaxy Smartphone gesendet.",
	"Gesendet mit der WEB.DE Mail App",
	"Diese E-Mail wurde von Avast Antivirus-Software auf Viren geprüft.",
	"Hallo zusammen,", "Hier meine Befehle für Frühjahr 1901:",
	"Frankreich", "Na dann, viel Glück!", "Den Rest schicke ich morgen.",
	"Kiel", "Wien, den 24.11.2026",
	/* German names are provinces now (issue 16): still prose beside
	 * no unit, sign or order word; "nach" is a sign only between two. */
	"Grüße nach Wien", "Liebe Grüße aus München", "München",
	"Schöne Grüße aus Dänemark und Österreich", "Nach dem Essen mehr",
	"Ich halte mich an unsere Absprache",
	/* English */
	"Regards", "Best regards,", "Kind regards, Tom", "Cheers", "Thanks!",
	"Sincerely", "Best, Mike", "Have a nice day", "A big thank you",
	"Sent from my iPhone", "Sent from my iPad",
	"Sent from Yahoo Mail on Android", "Get Outlook for iOS",
	"Get Outlook for Android", "Sent from Mail for Windows",
	"Sent with Proton Mail secure email.",
	"Greetings from London", "Thanks for the support!",
	"Orders for Spring 1901 (France):", "FRANCE", "Hi GM,",
	"--", "Looking forward to the next turn",
	"Thanks, it was a good war", "Greetings from Kiel - Jürgen", "War is over", "Mid-December I am away",
};

/* Lines that read as orders, good and bad: their errors must stay errors. */
static const char *const orders[] = {
	"A PAR - BUR", "a par-bur", "Par - Bur", "PAR H", "Paris holds",
	"Army Paris to Burgundy", "F BRE S A PAR - PIC", "waive", "Build A PAR",
	"remove f kie", "Disband A MUN", "A Pqr - Bur", "A Pqr H", "F Kiel",
	"Kiel - Berlin", "please A Par H", "Mid - Bre", "NAO S F Mid", "A Mun S Par", "Hold Paris",
	"F Lon - Nth", "A Mid-Atlantic - Spa", "F North Sea C A Lon - Nwy",
	"move army paris to burgundy", "A Par -> Bur", "Draw",
	"F Kiel->Berlin", "A Den - Kie",
	/* German (issue 16) */
	"A München hält", "F Kiel - Dänemark", "Baue A Berlin",
	"A Berlin unterstützt A München", "München nach Wien", "Wien hält",
	"Muenchen - Tirol", "Flotte Nordsee konvoiert Armee London nach Norwegen",
	"Armee Böhmen - Mnchen", "Verzichte", "entferne A Wien",
	"Sankt Petersburg H", "Rückzug nach Böhmen",
};

START_TEST(closing_lines_and_footers_are_prose)
{
	size_t	 i;

	ck_assert_int_ge((int)(sizeof(prose) / sizeof(prose[0])), 30);
	for (i = 0; i < sizeof(prose) / sizeof(prose[0]); i++)
		ck_assert_msg(!dip_order_looks(&tg_map, prose[i]),
		    "\"%s\" read as an order", prose[i]);
}
END_TEST

START_TEST(order_lines_are_orders)
{
	size_t	 i;

	for (i = 0; i < sizeof(orders) / sizeof(orders[0]); i++)
		ck_assert_msg(dip_order_looks(&tg_map, orders[i]),
		    "\"%s\" read as prose", orders[i]);
}
END_TEST

/* First words no order begins with: mistyped commands and prose alike. */
static const char *const foreign[] = {
	"APROVE", "PROCES", "SUMARY alpha", "sigon alpha secret", "Hi judge,",
	"Thanks", "Viele Grüße", "Pqr - Bur", "PREDICT",
	"Sent from my iPhone",
};

/* First words an order may begin with: a unit, a province (of one or
 * more words), an order word or sign. */
static const char *const own[] = {
	"A PAR - BUR", "Army Paris", "F Kiel", "Ser wait", "SEV - RUM",
	"North Sea C A Lon - Nwy", "St Petersburg", "Hold", "Build A PAR",
	"WAIVE", "Draw", "- Bur", "Mid-December", "Den Rest schicke ich",
	"Kiel", "H",
};

START_TEST(first_words_of_no_order_are_foreign)
{
	size_t	 i;

	for (i = 0; i < sizeof(foreign) / sizeof(foreign[0]); i++)
		ck_assert_msg(dip_order_foreign(&tg_map, foreign[i]),
		    "\"%s\" begins as an order", foreign[i]);
	for (i = 0; i < sizeof(own) / sizeof(own[0]); i++)
		ck_assert_msg(!dip_order_foreign(&tg_map, own[i]),
		    "\"%s\" read as foreign", own[i]);
	ck_assert(!dip_order_foreign(&tg_map, ""));
	ck_assert(!dip_order_foreign(&tg_map, "  ,;"));
}
END_TEST

/* Through the games' parsers: prose is flagged, a bad order is not. */
static void
flags_prose_only(const char *kind)
{
	struct tg	*g = tg_new(game_find(kind), NULL);

	ck_assert_int_eq(tg_order(g, 2, "Viele Grüße, Jürgen"), -1);
	ck_assert(g->why.prose);
	ck_assert_int_eq(tg_order(g, 2, "Sent from my iPhone"), -1);
	ck_assert(g->why.prose);
	ck_assert_int_eq(tg_order(g, 2, "A Pqr - Bur"), -1);
	ck_assert(!g->why.prose);
	/* Not France's unit: an error, however it reads. */
	ck_assert_int_eq(tg_order(g, 2, "A Mun - Ruh"), -1);
	ck_assert(!g->why.prose);
	ck_assert_int_eq(tg_order(g, 2, "A Par - Bur"), 1);
	ck_assert(!g->why.prose);
	/* The first word tells the judge whether a command was meant. */
	ck_assert_int_eq(tg_order(g, 2, "APROVE"), -1);
	ck_assert(g->why.foreign);
	ck_assert_int_eq(tg_order(g, 2, "A Mun - Ruh"), -1);
	ck_assert(!g->why.foreign);
	ck_assert_int_eq(tg_order(g, 2, "Ser wait"), -1);
	ck_assert(!g->why.foreign);
	tg_free(g);
}

START_TEST(the_parsers_flag_prose_only)
{
	flags_prose_only("diplomacy");
	flags_prose_only("zombie");
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/diplomacy/prose");
	TCase	*t = tcase_create("prose");

	tcase_add_checked_fixture(t, tg_map_setup, NULL);
	tcase_add_test(t, closing_lines_and_footers_are_prose);
	tcase_add_test(t, order_lines_are_orders);
	tcase_add_test(t, first_words_of_no_order_are_foreign);
	tcase_add_test(t, the_parsers_flag_prose_only);
	suite_add_tcase(s, t);
	return s;
}
