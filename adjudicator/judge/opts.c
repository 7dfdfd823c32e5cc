/*
 * opts.c - the option words of CREATE that belong to the judge, not
 * to the game: the press rules, whether observers are allowed, and the
 * phase clock.
 *
 * One table names every judge word and the family that takes it; the words
 * it does not name go to the game's create(), which refuses those it does
 * not know, so a game never has to know the judge's options. A word is
 * "name" (a flag) or "name=value". The press and observer words are kept
 * in games.options with the game's (LIST and the reports show them, lower
 * case); the clock's words fill a struct deadline_conf, keep their case
 * (tz=Europe/Berlin) and live in the clocks table instead.
 * Pure: no I/O, no SQL.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/opts.h"

struct judge_optdef;
typedef int (*judge_opt_take_fn)(const struct judge_optdef *,
    const char *word, const char *val, struct judge_opts *,
    struct game_diag *);

/* values: every value allowed, or NULL: the family checks it. */
struct judge_optdef {
	const char		*name;
	bool			 flag;
	judge_opt_take_fn	 take;
	const char *const	*values;
};

static int	judge_opt_press(const struct judge_optdef *, const char *,
		    const char *, struct judge_opts *, struct game_diag *);
static int	judge_opt_clock(const struct judge_optdef *, const char *,
		    const char *, struct judge_opts *, struct game_diag *);

/* rules/judge-conventions.md 1.6: white press names the sender, grey
 * press hides him, none allows only the GM's broadcasts. */
static const char *const judge_press_values[] = {
	"white", "grey", "none", NULL
};

/* Issue 16: the GM may forbid observers (OBSERVE); they are allowed by
 * default. */
static const char *const judge_observers_values[] = {
	"yes", "no", NULL
};

/* README.md "Deadlines" explains the clock's words. */
static const struct judge_optdef judge_optdefs[] = {
	{ "press",		false,	judge_opt_press, judge_press_values },
	{ "gm-sees-press",	true,	judge_opt_press, NULL },
	{ "observers",		false,	judge_opt_press,
	    judge_observers_values },
	{ "move",		false,	judge_opt_clock, NULL },
	{ "retreat",		false,	judge_opt_clock, NULL },
	{ "adjust",		false,	judge_opt_clock, NULL },
	{ "grace",		false,	judge_opt_clock, NULL },
	{ "days",		false,	judge_opt_clock, NULL },
	{ "at",			false,	judge_opt_clock, NULL },
	{ "tz",			false,	judge_opt_clock, NULL },
	{ "cd",			true,	judge_opt_clock, NULL },
	{ "approve",		false,	judge_opt_clock, NULL },
	{ "remind",		false,	judge_opt_clock, NULL },
	{ "clock",		true,	judge_opt_clock, NULL },
};

static const struct judge_optdef *
judge_optdef(const char *word, size_t namelen)
{
	size_t	 i;

	for (i = 0; i < sizeof(judge_optdefs) / sizeof(judge_optdefs[0]); i++)
		if (strlen(judge_optdefs[i].name) == namelen &&
		    strncasecmp(judge_optdefs[i].name, word, namelen) == 0)
			return &judge_optdefs[i];
	return NULL;
}

/* Appends word in lower case to b, space-separated. */
static void
judge_opts_keep(struct buf *b, const char *word)
{
	if (b->len)
		buf_putc(b, ' ');
	for (; *word; word++)
		buf_putc(b, (char)tolower((unsigned char)*word));
}

static int
judge_opt_press(const struct judge_optdef *d, const char *word,
    const char *val, struct judge_opts *out, struct game_diag *why)
{
	char	 low[GAME_ARG_MAX];
	bool	 ok = false;
	int	 i;

	if (d->flag)
		ok = val == NULL || *val == '\0';
	else if (val != NULL && *val != '\0')
		for (i = 0; d->values[i] && !ok; i++)
			ok = strcasecmp(d->values[i], val) == 0;
	if (!ok) {
		for (i = 0; word[i] && i + 1 < (int)sizeof(low); i++)
			low[i] = (char)tolower((unsigned char)word[i]);
		low[i] = '\0';
		game_diag_set(why, "judge.err.bad_option", 1, low);
		return -1;
	}
	judge_opts_keep(&out->stored, word);
	return 0;
}

/* deadline.c reads the clock's words; it sees them as written. */
static int
judge_opt_clock(const struct judge_optdef *d, const char *word,
    const char *val, struct judge_opts *out, struct game_diag *why)
{
	char	 bad[GAME_ARG_MAX] = "";

	(void)d;
	(void)val;
	if (deadline_option(word, &out->clock, bad, sizeof(bad)) != 1) {
		game_diag_set(why, "clock.err.option", 1, bad[0] ? bad : word);
		return -1;
	}
	return 0;
}

void
judge_opts_init(struct judge_opts *o, const char *tz)
{
	memset(o, 0, sizeof(*o));
	deadline_conf_init(&o->clock, tz);
	buf_init(&o->stored);
	buf_init(&o->game);
}

void
judge_opts_free(struct judge_opts *o)
{
	buf_free(&o->stored);
	buf_free(&o->game);
}

/*
 * Hands each of CREATE's option words to its family: the judge's are
 * checked and taken, the rest go to o->game (and o->stored) in lower case.
 * Returns -1 with why for the first judge word with a bad value, or when
 * the clock's words cannot all hold together.
 */
int
judge_opts_split(char *const *words, int n, struct judge_opts *o,
    struct game_diag *why)
{
	const struct judge_optdef *d;
	const char	*eq;
	char		 bad[GAME_ARG_MAX];
	int		 i;

	for (i = 0; i < n; i++) {
		eq = strchr(words[i], '=');
		d = judge_optdef(words[i], eq ? (size_t)(eq - words[i]) :
		    strlen(words[i]));
		if (d == NULL) {
			judge_opts_keep(&o->game, words[i]);
			judge_opts_keep(&o->stored, words[i]);
		} else if (d->take(d, words[i], eq ? eq + 1 : NULL, o,
		    why) != 0)
			return -1;
	}
	if (deadline_conf_check(&o->clock, bad, sizeof(bad)) != 0) {
		game_diag_set(why, "clock.err.option", 1, bad);
		return -1;
	}
	return 0;
}

/*
 * Whether the stored options name the judge's option name; its value (""
 * for a flag) goes to val.
 */
bool
judge_opt(const char *opts, const char *name, char *val, size_t len)
{
	const char	*p = opts, *e;
	size_t		 n = strlen(name), wl;

	while (*p) {
		while (*p == ' ')
			p++;
		e = p + strcspn(p, " ");
		wl = (size_t)(e - p);
		if (wl >= n && strncasecmp(p, name, n) == 0 &&
		    (wl == n || p[n] == '=')) {
			if (val)
				snprintf(val, len, "%.*s", wl > n ?
				    (int)(wl - n - 1) : 0, wl > n ? p + n + 1 :
				    "");
			return true;
		}
		p = e;
	}
	return false;
}
