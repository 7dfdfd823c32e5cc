/*
 * seats.c - naming a game's seats in commands: "France", "F",
 * "Frankreich", "Fra", a list "F,E,G", "France England" or "FEG".
 *
 * The names are the game's own seat names (game_ops.seat_key) as the
 * catalogs spell them in every language the judge writes, so a German
 * player may write "Deutschland" or "D" and an English one "Germany" or
 * "G". A prefix counts only when it names a single seat.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/password.h"
#include "adjudicator/judge/seats.h"
#include "adjudicator/judge/session.h"
#include "adjudicator/render/catalog.h"

#define JUDGE_SEAT_WORD_MAX	32

/* The seats a word names: exactly (return value 1) or by prefix (mask). */
static bool
judge_seat_exact(const struct judge_env *env, const struct game_ops *ops,
    const char *word, int *exact, unsigned *prefix)
{
	const char	*name;
	size_t		 len = strlen(word);
	int		 i, c;

	*exact = -1;
	*prefix = 0;
	for (i = 0; i < ops->nseats; i++)
		for (c = 0; c < JUDGE_LANGS; c++) {
			if (env->cat[c] == NULL || (name = catalog_get(env->cat[c],
			    ops->seat_key(i))) == NULL)
				continue;
			if (strcasecmp(name, word) == 0)
				*exact = i;
			else if (len > 0 && strncasecmp(name, word, len) == 0)
				*prefix |= 1u << i;
		}
	return *exact >= 0;
}

/* The seat a word names, or -1 when it names none or several. */
int
judge_seat_named(const struct judge_env *env, const struct game_ops *ops,
    const char *word)
{
	unsigned	 prefix;
	int		 exact;

	if (judge_seat_exact(env, ops, word, &exact, &prefix))
		return exact;
	if (prefix != 0 && (prefix & (prefix - 1)) == 0)
		return __builtin_ctz(prefix);
	return -1;
}

static bool
judge_seat_push(int seat, int *out, int *n, int max)
{
	int	 i;

	for (i = 0; i < *n; i++)
		if (out[i] == seat)
			return true;	/* named twice: the first place counts */
	if (*n >= max)
		return false;
	out[(*n)++] = seat;
	return true;
}

/* One token: a name, or a run of initials such as "FEG". */
static bool
judge_seat_token(const struct judge_env *env, const struct game_ops *ops,
    const char *tok, int *out, int *n, int max)
{
	char	 one[2] = { 0, 0 };
	size_t	 i, len = strlen(tok);
	int	 seat, save = *n;

	if ((seat = judge_seat_named(env, ops, tok)) >= 0)
		return judge_seat_push(seat, out, n, max);
	if (len < 2 || len > (size_t)ops->nseats)
		return false;
	for (i = 0; i < len; i++) {
		one[0] = tok[i];
		if (!isalpha((unsigned char)tok[i]) ||
		    (seat = judge_seat_named(env, ops, one)) < 0 ||
		    !judge_seat_push(seat, out, n, max)) {
			*n = save;
			return false;
		}
	}
	return true;
}

/*
 * Seats named by words (each may hold several, separated by commas), in
 * order and without repeats. Returns how many, or -1 with the word not
 * understood in bad.
 */
int
judge_seat_list(const struct judge_env *env, const struct game_ops *ops,
    char *const *words, int nwords, int *out, int max, char *bad,
    size_t badlen)
{
	char		 tok[JUDGE_SEAT_WORD_MAX];
	const char	*p, *e;
	int		 i, n = 0;

	for (i = 0; i < nwords; i++)
		for (p = words[i]; *p; p = *e ? e + 1 : e) {
			e = p + strcspn(p, ",;/");
			if (e == p)
				continue;
			snprintf(tok, sizeof(tok), "%.*s", (int)(e - p), p);
			if (!judge_seat_token(env, ops, tok, out, &n, max)) {
				snprintf(bad, badlen, "%s", tok);
				return -1;
			}
		}
	return n;
}

/* A message argument naming the seat in the reader's language. */
void
judge_seat_arg(const struct game_ops *ops, int seat, char *out, size_t len)
{
	if (seat == GAME_SEAT_GM)
		snprintf(out, len, "@judge.the_gm");
	else
		snprintf(out, len, "@%s", ops->seat_key(seat));
}

void
judge_seat_arg_in(const struct judge_seat *w, int seat, char *out,
    size_t len)
{
	if (seat != GAME_SEAT_GM && w->game.status == DB_FORMING &&
	    w->ops->nseats > 2)
		snprintf(out, len, "@judge.seat.queued");
	else
		judge_seat_arg(w->ops, seat, out, len);
}

void
judge_seat_names(const struct catalog *cat, const struct game_ops *ops,
    const int *seats, int n, struct buf *out)
{
	const char	*name;
	int		 i;

	for (i = 0; i < n; i++) {
		name = catalog_get(cat, ops->seat_key(seats[i]));
		buf_printf(out, "%s%s", i ? ", " : "", name ? name : "?");
	}
}

void
judge_seat_all_names(const struct catalog *cat, const struct game_ops *ops,
    struct buf *out)
{
	int	 seats[GAME_MAX_SEATS], i;

	for (i = 0; i < ops->nseats; i++)
		seats[i] = i;
	judge_seat_names(cat, ops, seats, ops->nseats, out);
}

int
judge_seat_or_say(struct judge_session *s, const struct game_ops *ops,
    const char *word)
{
	struct buf	 names;
	int		 seat;

	if ((seat = judge_seat_named(s->env, ops, word)) < 0) {
		buf_init(&names);
		judge_seat_all_names(s->cat, ops, &names);
		judge_err(s, "judge.err.no_such_power", 2, word, names.data);
		buf_free(&names);
	}
	return seat;
}

bool
judge_seat_newcomer(struct judge_session *s, const struct db_game *g,
    const char *pw)
{
	if (!password_acceptable(pw)) {
		judge_err(s, "judge.err.bad_password", 0);
		return false;
	}
	if (strcasecmp(g->gm_address, s->msg->reply_to) == 0) {
		judge_err(s, "judge.err.gm_cannot_play", 1, g->name);
		return false;
	}
	return true;
}
