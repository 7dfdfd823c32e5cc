/*
 * courtesy.h - whether a line of a mail is a courtesy: a greeting ("Hi
 * judge,", "Hallo Spielleiter,", "Bonjour,"), a farewell ("Thanks", "Viele
 * Grüße") or a mail program's footer ("Sent from my iPhone"). Where no
 * game reads the line (before SIGNON, in a game still forming) such a line
 * is quoted back as ignored, never as an error; and a courtesy is never
 * taken for a mistyped command ("Moin" is no JOIN, "Best regards" no SET).
 *
 * Layer L0 of the judge: pure, no allocation.
 */
#ifndef PBEMD_JUDGE_COURTESY_H
#define PBEMD_JUDGE_COURTESY_H

enum judge_courtesy {
	JUDGE_COURTESY_NONE,
	JUDGE_COURTESY_GREETING,
	JUDGE_COURTESY_FAREWELL		/* the signature may follow */
};

/* What the first words of line make it; case does not matter. */
enum judge_courtesy	judge_courtesy_line(const char *line);

#endif
