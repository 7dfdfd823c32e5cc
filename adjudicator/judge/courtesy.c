/*
 * courtesy.c - greetings, farewells and footers, by the first words of a
 * line (courtesy.h).
 *
 * The words are those players write in English, German and French (and a
 * few everyone uses: Ciao, Hola); a phrase names its first words only, so
 * "Viele Grüße, Jürgen" and "Thanks for running the game" are courtesies
 * and "Viele Züge" is not. The longest phrase that matches decides:
 * "Liebe Grüße" is a farewell though "Liebe" alone greets. Letters are
 * compared without case, Latin-1's capitals (Ä, À, É) too. Pure; no
 * allocation.
 */
#include <ctype.h>
#include <stdbool.h>
#include <string.h>

#include "adjudicator/judge/courtesy.h"

#define COURTESY_WORDS	4	/* words of a line looked at */
#define COURTESY_TEXT	96	/* bytes of them, folded */

#define GREET	JUDGE_COURTESY_GREETING
#define BYE	JUDGE_COURTESY_FAREWELL

/* Lower case, one blank between words; "\xc3\xbc" is ü, and so on. */
static const struct {
	const char		*words;
	enum judge_courtesy	 kind;
} courtesy_phrases[] = {
	/* English */
	{ "hi", GREET }, { "hello", GREET }, { "hey", GREET },
	{ "hiya", GREET }, { "howdy", GREET }, { "dear", GREET },
	{ "greetings", GREET }, { "good morning", GREET },
	{ "good afternoon", GREET }, { "good evening", GREET },
	{ "good day", GREET },
	{ "thanks", BYE }, { "thank you", BYE }, { "thx", BYE }, { "ty", BYE },
	{ "many thanks", BYE }, { "cheers", BYE }, { "regards", BYE },
	{ "best", BYE }, { "best regards", BYE }, { "best wishes", BYE },
	{ "kind regards", BYE }, { "warm regards", BYE },
	{ "all the best", BYE }, { "yours", BYE }, { "sincerely", BYE },
	{ "bye", BYE }, { "goodbye", BYE }, { "see you", BYE },
	{ "take care", BYE }, { "sent from", BYE }, { "sent with", BYE },
	{ "get outlook", BYE },
	/* German */
	{ "hallo", GREET }, { "hall\xc3\xb6" "chen", GREET },
	{ "liebe", GREET }, { "lieber", GREET }, { "liebes", GREET },
	{ "sehr geehrte", GREET }, { "sehr geehrter", GREET },
	{ "guten morgen", GREET }, { "guten tag", GREET },
	{ "guten abend", GREET }, { "moin", GREET }, { "servus", GREET },
	{ "gr\xc3\xbc\xc3\x9f gott", GREET }, { "gr\xc3\xbc" "ezi", GREET },
	{ "danke", BYE }, { "dankesch\xc3\xb6n", BYE }, { "vielen dank", BYE },
	{ "viele gr\xc3\xbc\xc3\x9f" "e", BYE }, { "viele gr\xc3\xbcsse", BYE },
	{ "viele gruesse", BYE }, { "liebe gr\xc3\xbc\xc3\x9f" "e", BYE },
	{ "beste gr\xc3\xbc\xc3\x9f" "e", BYE },
	{ "herzliche gr\xc3\xbc\xc3\x9f" "e", BYE },
	{ "sch\xc3\xb6ne gr\xc3\xbc\xc3\x9f" "e", BYE },
	{ "freundliche gr\xc3\xbc\xc3\x9f" "e", BYE },
	{ "mit freundlichen", BYE }, { "mit freundlichem", BYE },
	{ "mit besten", BYE }, { "mit lieben", BYE }, { "mit herzlichen", BYE },
	{ "gru\xc3\x9f", BYE }, { "gruss", BYE },
	{ "gr\xc3\xbc\xc3\x9f" "e", BYE }, { "gr\xc3\xbcsse", BYE },
	{ "gruesse", BYE }, { "mfg", BYE }, { "lg", BYE }, { "vg", BYE },
	{ "tsch\xc3\xbc\xc3\x9f", BYE }, { "tsch\xc3\xbcss", BYE },
	{ "tsch\xc3\xbcs", BYE }, { "bis bald", BYE }, { "bis dann", BYE },
	{ "gesendet von", BYE }, { "gesendet mit", BYE },
	{ "von meinem", BYE },
	/* French, and beyond */
	{ "bonjour", GREET }, { "bonsoir", GREET }, { "salut", GREET },
	{ "cher", GREET }, { "ch\xc3\xa8re", GREET }, { "chers", GREET },
	{ "coucou", GREET }, { "hola", GREET },
	{ "merci", BYE }, { "cordialement", BYE }, { "amicalement", BYE },
	{ "bien cordialement", BYE }, { "bien \xc3\xa0 vous", BYE },
	{ "\xc3\xa0 bient\xc3\xb4t", BYE }, { "au revoir", BYE },
	{ "salutations", BYE }, { "envoy\xc3\xa9 de", BYE }, { "ciao", BYE },
};

/* A byte of a word: a letter, a digit, an apostrophe or part of a
 * letter outside ASCII. */
static bool
courtesy_letter(unsigned char c)
{
	return isalnum(c) || c == '\'' || c >= 0x80;
}

/*
 * The first COURTESY_WORDS words of line, folded to lower case (ASCII and
 * Latin-1's letters: Ä, É, À ...), one blank apart, into out of
 * COURTESY_TEXT bytes; words that do not fit are left out.
 */
static void
courtesy_fold(const char *line, char *out)
{
	const unsigned char	*s = (const unsigned char *)line;
	size_t			 n = 0, start;
	int			 words = 0;

	out[0] = '\0';
	while (*s != '\0' && words < COURTESY_WORDS) {
		while (*s != '\0' && !courtesy_letter(*s))
			s++;
		if (*s == '\0')
			break;
		start = n;
		if (words > 0)
			out[n++] = ' ';
		for (; courtesy_letter(*s); s++) {
			if (n + 2 >= COURTESY_TEXT) {
				out[start] = '\0';
				return;
			}
			/* Latin-1's capitals, in UTF-8: À..Þ but ×. */
			if (s[0] == 0xc3 && s[1] >= 0x80 && s[1] <= 0x9e &&
			    s[1] != 0x97) {
				out[n++] = (char)0xc3;
				out[n++] = (char)(*++s + 0x20);
			} else
				out[n++] = (char)tolower(*s);
		}
		out[n] = '\0';
		words++;
	}
}

enum judge_courtesy
judge_courtesy_line(const char *line)
{
	char			 text[COURTESY_TEXT];
	enum judge_courtesy	 kind = JUDGE_COURTESY_NONE;
	size_t			 i, len, best = 0;

	courtesy_fold(line, text);
	for (i = 0; i < sizeof(courtesy_phrases) /
	    sizeof(courtesy_phrases[0]); i++) {
		len = strlen(courtesy_phrases[i].words);
		if (len > best && strncmp(text, courtesy_phrases[i].words,
		    len) == 0 && (text[len] == '\0' || text[len] == ' ')) {
			best = len;
			kind = courtesy_phrases[i].kind;
		}
	}
	return kind;
}
