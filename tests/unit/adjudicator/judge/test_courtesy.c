/*
 * test_courtesy.c - adjudicator/judge/courtesy.c: the greetings, farewells
 * and footers players write in English, German and French are courtesies
 * by their first words (issue 16); commands, orders and other lines are
 * not, and neither are words that only begin like one.
 */
#include "tests/unit/test.h"
#include <string.h>

#include "adjudicator/judge/courtesy.h"

static const char *const greetings[] = {
	"Hi judge,", "hi", "Hello GM!", "Hey there", "Dear judge,",
	"Good morning everyone", "Greetings from Vienna",
	"Hallo Spielleiter,", "HALLO", "Liebe Mitspieler,", "Lieber GM,",
	"Sehr geehrte Damen und Herren,", "Guten Tag,", "Moin", "Moin moin!",
	"Servus", "Grüß Gott", "Hallöchen", "Bonjour,", "Bonsoir", "Salut !",
	"Chère Anne,", "Hola",
};

static const char *const farewells[] = {
	"Thanks", "Thanks!", "Thank you", "thx", "Many thanks, Tom", "Cheers",
	"Regards", "Best regards,", "Kind regards", "Best, Mike",
	"All the best", "Yours", "Sincerely,", "Bye", "See you next turn",
	"Sent from my iPhone", "Get Outlook for iOS", "Viele Grüße",
	"VIELE GRÜSSE", "Viele Gruesse", "Liebe Grüße, Anna", "Danke",
	"Dankeschön!", "Vielen Dank", "Mit freundlichen Grüßen",
	"Mit freundlichem Gruß", "Gruß Holger", "Grüße aus Berlin", "MfG",
	"LG", "Tschüss", "Bis bald", "Gesendet von Outlook für Android",
	"Von meinem iPhone gesendet", "Merci", "Cordialement",
	"Bien à vous", "À bientôt", "Ciao",
};

static const char *const others[] = {
	"", "SIGNON alpha secret", "JOIN beta pw", "A PAR - BUR",
	"Viele Züge", "Highway", "Hit", "Bestimmt", "Thanksgiving",
	"Mitspieler", "Mittwoch geht es weiter", "Sentinel", "Liebesbrief",
	"Dearest", "APROVE", "HELP", "Grüßen",
};

START_TEST(greetings_are_courtesies)
{
	size_t	 i;

	for (i = 0; i < sizeof(greetings) / sizeof(greetings[0]); i++)
		ck_assert_msg(judge_courtesy_line(greetings[i]) ==
		    JUDGE_COURTESY_GREETING, "\"%s\" is no greeting",
		    greetings[i]);
}
END_TEST

START_TEST(farewells_and_footers_are_courtesies)
{
	size_t	 i;

	for (i = 0; i < sizeof(farewells) / sizeof(farewells[0]); i++)
		ck_assert_msg(judge_courtesy_line(farewells[i]) ==
		    JUDGE_COURTESY_FAREWELL, "\"%s\" is no farewell",
		    farewells[i]);
}
END_TEST

START_TEST(other_lines_are_no_courtesy)
{
	size_t	 i;

	for (i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		ck_assert_msg(judge_courtesy_line(others[i]) ==
		    JUDGE_COURTESY_NONE, "\"%s\" read as a courtesy",
		    others[i]);
}
END_TEST

/* A very long first word is no phrase, and nothing is read past it. */
START_TEST(long_words_are_no_courtesy)
{
	char	 line[300];

	memset(line, 'x', sizeof(line) - 1);
	line[sizeof(line) - 1] = '\0';
	ck_assert(judge_courtesy_line(line) == JUDGE_COURTESY_NONE);
	memcpy(line, "Thanks ", 7);
	ck_assert(judge_courtesy_line(line) == JUDGE_COURTESY_FAREWELL);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/courtesy");
	TCase	*tc = tcase_create("courtesy");

	tcase_add_test(tc, greetings_are_courtesies);
	tcase_add_test(tc, farewells_and_footers_are_courtesies);
	tcase_add_test(tc, other_lines_are_no_courtesy);
	tcase_add_test(tc, long_words_are_no_courtesy);
	suite_add_tcase(s, tc);
	return s;
}
