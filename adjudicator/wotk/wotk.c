/*
 * wotk.c - Way of the Knight (Ralph Betza): the game's entry in the
 * registry and the life of a game (options, create, handicap, start,
 * resign, the console's legal moves and perft).
 *
 * Rules: rules/way-of-the-knight.md, binding decisions 1 to 6; what this
 * engine decided beyond them is in README.md beside this file. No I/O;
 * the only allocation is the state.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/game/duel.h"
#include "adjudicator/wotk/wotk.h"

#define WOTK_WORD_MAX	32
#define WOTK_START_FEN	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

static const char *
wotk_seat_key(int seat)
{
	if (seat == 0)
		return "wotk.seat.0";
	if (seat == 1)
		return "wotk.seat.1";
	return "wotk.seat.gm";
}

/*
 * CREATE's option words, case-insensitive: paths=standard (the default) or
 * paths=alternative (also "standard", "alternative" alone), double-gain,
 * exact-rank, strict-castling, and no-experience (plain chess moves: the
 * perft tests, and players who want to compare).
 */
int
wotk_options(const char *options, struct wotk_rules *r, struct game_diag *why)
{
	char			 word[WOTK_WORD_MAX];
	const char		*p = options == NULL ? "" : options, *v;
	const struct wotk_paths	*paths = wotk_paths_find("standard");
	bool			 dbl = false, exact = false, strict = false;
	bool			 noexp = false;
	size_t			 n;

	for (;;) {
		p += strspn(p, " \t\r\n");
		if ((n = strcspn(p, " \t\r\n")) == 0)
			break;
		/* A longer word matches no option (all are shorter) and is
		 * refused, quoted as far as it fits, between characters. */
		if (n >= sizeof(word))
			n = sizeof(word) - 1;
		memcpy(word, p, n);
		word[n] = '\0';
		if (p[n] != '\0' && strchr(" \t\r\n", p[n]) == NULL)
			game_msg_cut(word, n);
		p += strcspn(p, " \t\r\n");
		v = strncasecmp(word, "paths=", 6) == 0 ? word + 6 : word;
		if (wotk_paths_find(v) != NULL)
			paths = wotk_paths_find(v);
		else if (strcasecmp(word, "double-gain") == 0)
			dbl = true;
		else if (strcasecmp(word, "exact-rank") == 0)
			exact = true;
		else if (strcasecmp(word, "strict-castling") == 0)
			strict = true;
		else if (strcasecmp(word, "no-experience") == 0)
			noexp = true;
		else {
			game_diag_set(why, "wotk.err.option", 1, word);
			return -1;
		}
	}
	wotk_rules_init(r, paths);
	r->double_gain = dbl;
	r->exact_rank = exact;
	r->strict_castling = strict;
	r->experience = !noexp;
	return 0;
}

/* The options in the canonical words wotk_options() reads back: "paths="
 * a table's word and four flags, under 90 bytes (the caller's 128). */
void
wotk_options_text(const struct wotk_rules *r, char *out, size_t outlen)
{
	snprintf(out, outlen, "paths=%s%s%s%s%s", r->paths->word,
	    r->double_gain ? " double-gain" : "",
	    r->exact_rank ? " exact-rank" : "",
	    r->strict_castling ? " strict-castling" : "",
	    r->experience ? "" : " no-experience");
}

int
wotk_color_of_seat(const struct game_state *st, int seat)
{
	if (st->white < 0 || (seat != 0 && seat != 1))
		return -1;
	return seat == st->white ? WOTK_WHITE : WOTK_BLACK;
}

int
wotk_seat_of_color(const struct game_state *st, int color)
{
	if (st->white < 0)
		return GAME_NOBODY;
	return color == WOTK_WHITE ? st->white : 1 - st->white;
}

static int
wotk_create(const char *options, uint64_t seed, struct game_state **out,
    struct game_diag *why)
{
	struct game_state	*st;
	struct wotk_rules	 r;

	*out = NULL;
	if (wotk_options(options, &r, why) == -1)
		return -1;
	if ((st = calloc(1, sizeof(*st))) == NULL) {
		game_diag_set(why, "wotk.err.no_memory", 0);
		return -1;
	}
	st->rules = r;
	st->phase = WOTK_PHASE_FORMING;
	st->white = -1;
	st->winner = GAME_NOBODY;
	st->offer = -1;
	st->seed = seed;
	rng_seed(&st->rng, seed);
	st->last.seat = GAME_NOBODY;
	if (wotk_fen_read(WOTK_START_FEN, &st->rules, &st->pos) != 0) {
		free(st);
		game_diag_set(why, "wotk.err.state_corrupt", 0);
		return -1;
	}
	*out = st;
	return 0;
}

static void
wotk_free(struct game_state *st)
{
	free(st);
}

/*
 * rules 6: the judge's ledger for the two players, before start(). Only
 * one of them can hold points (a win first pays the winner's own points
 * back); should both be given, only the difference counts.
 */
static int
wotk_handicap(struct game_state *st, const int *points, int n,
    struct game_diag *why)
{
	int	 a, b;

	if (st->phase != WOTK_PHASE_FORMING) {
		game_diag_set(why, "wotk.err.already_started", 0);
		return -1;
	}
	if (n != 2 || points[0] < 0 || points[1] < 0) {
		game_diag_set(why, "wotk.err.handicap", 0);
		return -1;
	}
	a = points[0] > points[1] ? points[0] - points[1] : 0;
	b = points[1] > points[0] ? points[1] - points[0] : 0;
	st->handicap[0] = a > WOTK_HANDICAP_MAX ? WOTK_HANDICAP_MAX : a;
	st->handicap[1] = b > WOTK_HANDICAP_MAX ? WOTK_HANDICAP_MAX : b;
	return 0;
}

/*
 * The seat that moves first plays White. The judge names it (the loser of
 * the last game between the two, see judge_first_seat), else it is drawn;
 * a handicapped player always moves first (rules 6).
 */
static int
wotk_start(struct game_state *st, int first, struct game_diag *why)
{
	if (st->phase != WOTK_PHASE_FORMING) {
		game_diag_set(why, "wotk.err.already_started", 0);
		return -1;
	}
	if ((first = duel_first(&st->rng, first)) == -1) {
		game_diag_set(why, "wotk.err.no_seat", 0);
		return -1;
	}
	if (st->handicap[0] > 0)
		first = 0;
	else if (st->handicap[1] > 0)
		first = 1;
	st->white = first;
	memset(&st->last, 0, sizeof(st->last));
	st->last.type = WOTK_EV_START;
	st->last.seat = GAME_NOBODY;
	if (st->handicap[first] > 0)
		st->phase = WOTK_PHASE_SETUP;
	else
		wotk_adjudicate_begin(st);
	return 0;
}

/* Resigning is no move: the ply count stays. */
static int
wotk_resign(struct game_state *st, int seat)
{
	if ((seat != 0 && seat != 1) || (st->phase != WOTK_PHASE_SETUP &&
	    st->phase != WOTK_PHASE_PLAY))
		return -1;
	memset(&st->last, 0, sizeof(st->last));
	st->last.type = WOTK_EV_RESIGN;
	st->last.seat = seat;
	st->phase = WOTK_PHASE_OVER;
	st->winner = 1 - seat;
	st->end = WOTK_END_RESIGN;
	st->offer = -1;
	return 0;
}

static uint64_t
wotk_perft_op(const struct game_state *st, int depth)
{
	return wotk_perft(&st->pos, &st->rules, depth);
}

/* A chess-like game of open information (README: nothing is hidden). */
static bool
wotk_observable(const struct game_state *st)
{
	(void)st;
	return true;
}

const struct game_ops wotk_ops = {
	.name = "wotk",
	.nseats = 2,
	.seat_key = wotk_seat_key,
	.create = wotk_create,
	.free = wotk_free,
	.start = wotk_start,
	.save = wotk_state_save,
	.load = wotk_state_load,
	.parse = wotk_order_parse,
	.ready = wotk_adjudicate_ready,
	.pending = wotk_pending,
	.adjudicate = wotk_adjudicate,
	.settle = wotk_adjudicate_settle,
	.resign = wotk_resign,
	.view = wotk_view_project,
	.observable = wotk_observable,
	.stat = wotk_view_stat,
	.legal = wotk_order_legal,
	.perft = wotk_perft_op,
	.handicap = wotk_handicap,
};
