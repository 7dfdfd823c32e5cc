/*
 * judge_opts.c - the option words of CREATE that belong to the judge, not
 * to the game: press rules now, the clock's words next to them.
 *
 * CREATE keeps every word in games.options (LIST and the reports show
 * them); the game's create() gets only the words this table does not
 * claim, so a game never has to know the judge's options. A word is
 * "name" (a flag) or "name=value"; a value is checked against the table.
 * Pure: no I/O, no SQL.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "judge_priv.h"

#define JUDGE_OPT_WORD_MAX	64

/* Every value allowed, or NULL: any non-empty value (checked by its user). */
struct judge_optdef {
	const char		*name;
	bool			 flag;
	const char *const	*values;
};

/* rules/judge-conventions.md 1.6: white press names the sender, grey
 * press hides him, none allows only the GM's broadcasts. */
static const char *const judge_press_values[] = {
	"white", "grey", "none", NULL
};

static const struct judge_optdef judge_optdefs[] = {
	{ "press",		false,	judge_press_values },
	{ "gm-sees-press",	true,	NULL },
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

static bool
judge_opt_value_ok(const struct judge_optdef *d, const char *val)
{
	int	 i;

	if (d->flag)
		return *val == '\0';
	if (*val == '\0')
		return false;
	if (d->values == NULL)
		return true;
	for (i = 0; d->values[i]; i++)
		if (strcasecmp(d->values[i], val) == 0)
			return true;
	return false;
}

/*
 * Splits CREATE's option words: the judge's are checked and left out, the
 * rest go to game_opts (space-separated) for the game's create(). Returns
 * -1 with why when a judge word has a bad value.
 */
int
judge_opts_strip(const char *all, struct buf *game_opts,
    struct game_diag *why)
{
	const struct judge_optdef *d;
	const char	*p = all, *e, *eq;
	char		 word[JUDGE_OPT_WORD_MAX];
	size_t		 len;

	while (*p) {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		e = p + strcspn(p, " ");
		len = (size_t)(e - p);
		eq = memchr(p, '=', len);
		d = judge_optdef(p, eq ? (size_t)(eq - p) : len);
		if (d == NULL) {
			buf_printf(game_opts, "%s%.*s", game_opts->len ? " " :
			    "", (int)len, p);
		} else {
			snprintf(word, sizeof(word), "%.*s", eq ?
			    (int)(e - eq - 1) : 0, eq ? eq + 1 : "");
			if (!judge_opt_value_ok(d, word)) {
				snprintf(word, sizeof(word), "%.*s", (int)len, p);
				game_diag_set(why, "judge.err.bad_option", 1,
				    word);
				return -1;
			}
		}
		p = e;
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
