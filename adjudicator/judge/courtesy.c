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

#define G	JUDGE_COURTESY_GREETING
#define F	JUDGE_COURTESY_FAREWELL

/* Lower case, one blank between words; "\xc3\xbc" is ü, and so on. */
static const struct {
	const char		*words;
	enum judge_courtesy	 kind;
} courtesy_phrases[] = {
	/* English */
	{ "hi", G }, { "hello", G }, { "hey", G }, { "hiya", G },
	{ "howdy", G }, { "dear", G }, { "greetings", G },
	{ "good morning", G }, { "good afternoon", G }, { "good evening", G },
	{ "good day", G },
	{ "thanks", F }, { "thank you", F }, { "thx", F }, { "ty", F },
	{ "many thanks", F }, { "cheers", F }, { "regards", F },
	{ "best", F }, { "best regards", F }, { "best wishes", F },
	{ "kind regards", F }, { "warm regards", F }, { "all the best", F },
	{ "yours", F }, { "sincerely", F }, { "bye", F }, { "goodbye", F },
	{ "see you", F }, { "take care", F }, { "sent from", F },
	{ "sent with", F }, { "get outlook", F },
	/* German */
	{ "hallo", G }, { "hall\xc3\xb6" "chen", G }, { "liebe", G },
	{ "lieber", G }, { "liebes", G }, { "sehr geehrte", G },
	{ "sehr geehrter", G }, { "guten morgen", G }, { "guten tag", G },
	{ "guten abend", G }, { "moin", G }, { "servus", G },
	{ "gr\xc3\xbc\xc3\x9f gott", G }, { "gr\xc3\xbc" "ezi", G },
	{ "danke", F }, { "dankesch\xc3\xb6n", F }, { "vielen dank", F },
	{ "viele gr\xc3\xbc\xc3\x9f" "e", F }, { "viele gr\xc3\xbcsse", F },
	{ "viele gruesse", F }, { "liebe gr\xc3\xbc\xc3\x9f" "e", F },
	{ "beste gr\xc3\xbc\xc3\x9f" "e", F },
	{ "herzliche gr\xc3\xbc\xc3\x9f" "e", F },
	{ "sch\xc3\xb6ne gr\xc3\xbc\xc3\x9f" "e", F },
	{ "freundliche gr\xc3\xbc\xc3\x9f" "e", F },
	{ "mit freundlichen", F }, { "mit freundlichem", F },
	{ "mit besten", F }, { "mit lieben", F }, { "mit herzlichen", F },
	{ "gru\xc3\x9f", F }, { "gruss", F }, { "gr\xc3\xbc\xc3\x9f" "e", F },
	{ "gr\xc3\xbcsse", F }, { "gruesse", F }, { "mfg", F }, { "lg", F },
	{ "vg", F }, { "tsch\xc3\xbc\xc3\x9f", F }, { "tsch\xc3\xbcss", F },
	{ "tsch\xc3\xbcs", F }, { "bis bald", F }, { "bis dann", F },
	{ "gesendet von", F }, { "gesendet mit", F }, { "von meinem", F },
	/* French, and beyond */
	{ "bonjour", G }, { "bonsoir", G }, { "salut", G }, { "cher", G },
	{ "ch\xc3\xa8re", G }, { "chers", G }, { "coucou", G }, { "hola", G },
	{ "merci", F }, { "cordialement", F }, { "amicalement", F },
	{ "bien cordialement", F }, { "bien \xc3\xa0 vous", F },
	{ "\xc3\xa0 bient\xc3\xb4t", F }, { "au revoir", F },
	{ "salutations", F }, { "envoy\xc3\xa9 de", F }, { "ciao", F },
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
