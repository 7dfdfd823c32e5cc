/*
 * njudge.c - njudge's commands that this judge does not offer, and the
 * answer to each (njudge.h).
 *
 * The list is drawn from njudge's own command index (judge-conventions
 * 1.2): the commands its players and game masters would miss most. The
 * rest of its list is either a command here too (SIGNON, SET WAIT,
 * HISTORY, SET ADDRESS, SET PASSWORD, ...) or a rule or rating switch a
 * game master would not write without reading HELP first. A row matches
 * its words exactly (case aside) and only with as many words after them
 * as njudge took, so everyday lines ("Get Outlook for iOS", "Who is
 * playing France?") are not mistaken for one. Pure; no allocation.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/njudge.h"

#define NJ_ANY	(JUDGE_MAX_ARGS - 1)	/* any number of words after it */
#define NJ_WORDS 3			/* words of the longest command */

static const struct {
	const char	*words[NJ_WORDS];	/* NULL after the last */
	int		 min, max;		/* words after them */
	const char	*key;
} njudge_rows[] = {
	{ { "PHASE" },			0, NJ_ANY, "judge.njudge.phase" },
	{ { "PREDICT" },		0, NJ_ANY, "judge.njudge.predict" },
	{ { "DIARY" },			0, NJ_ANY, "judge.njudge.diary" },
	{ { "SET", "PREFERENCE" },	0, NJ_ANY, "judge.njudge.preference" },
	{ { "SET", "PREFERENCES" },	0, NJ_ANY, "judge.njudge.preference" },
	{ { "GET" },			1, 1,	"judge.njudge.get" },
	{ { "WHO", "GAME" },		1, 2,	"judge.njudge.whogame" },
	{ { "WHOGAME" },		1, 2,	"judge.njudge.whogame" },
	{ { "WHO", "IS" },		1, 1,	"judge.njudge.whois" },
	{ { "WHOIS" },			1, 1,	"judge.njudge.whois" },
	{ { "REGISTER" },		0, NJ_ANY, "judge.njudge.register" },
	{ { "I", "AM", "ALSO" },	0, NJ_ANY, "judge.njudge.iamalso" },
	{ { "INFO", "PLAYER" },		0, 1,	"judge.njudge.infoplayer" },
	{ { "VERSION" },		0, 0,	"judge.njudge.version" },
	{ { "SET", "DRAW" },		0, NJ_ANY, "judge.njudge.draw" },
	{ { "SET", "NODRAW" },		0, NJ_ANY, "judge.njudge.draw" },
	{ { "SET", "NO", "DRAW" },	0, NJ_ANY, "judge.njudge.draw" },
	{ { "SET", "CONCEDE" },		0, NJ_ANY, "judge.njudge.concede" },
	{ { "SET", "NOCONCEDE" },	0, NJ_ANY, "judge.njudge.concede" },
	{ { "SET", "NO", "CONCEDE" },	0, NJ_ANY, "judge.njudge.concede" },
	{ { "SET", "VACATION" },	0, NJ_ANY, "judge.njudge.vacation" },
	{ { "SET", "HOLIDAY" },		0, NJ_ANY, "judge.njudge.vacation" },
	{ { "WITHDRAW" },		0, 0,	"judge.njudge.withdraw" },
	{ { "POSTAL", "PRESS" },	0, NJ_ANY, "judge.njudge.postal" },
	{ { "FORCE", "BEGIN" },		0, 0,	"judge.njudge.force_begin" },
	{ { "UNSTART" },		0, 0,	"judge.njudge.unstart" },
	{ { "PROMOTE" },		0, 1,	"judge.njudge.promote" },
	{ { "SET", "ALL", "PRESS" },	0, 0,	"judge.njudge.all_press" },
	{ { "SET", "MODERATED" },	0, 0,	"judge.njudge.moderated" },
	{ { "SET", "UNMODERATED" },	0, 0,	"judge.njudge.moderated" },
};

/* How many words of row i begin the line, or -1 when they do not. */
static int
njudge_words(size_t i, const struct judge_line *l)
{
	int	 k;

	for (k = 0; k < NJ_WORDS && njudge_rows[i].words[k] != NULL; k++)
		if (k >= l->argc ||
		    strcasecmp(l->argv[k], njudge_rows[i].words[k]) != 0)
			return -1;
	return k;
}

const char *
judge_njudge_answer(const struct judge_line *l, char *name, size_t len)
{
	size_t	 i, used;
	int	 k, after, j;

	for (i = 0; i < sizeof(njudge_rows) / sizeof(njudge_rows[0]); i++) {
		if ((k = njudge_words(i, l)) < 0)
			continue;
		after = l->argc - k;
		if (after < njudge_rows[i].min || after > njudge_rows[i].max)
			continue;
		name[0] = '\0';
		for (j = 0, used = 0; j < k && used < len; j++)
			used += (size_t)snprintf(name + used, len - used,
			    "%s%s", j ? " " : "", njudge_rows[i].words[j]);
		return njudge_rows[i].key;
	}
	return NULL;
}
