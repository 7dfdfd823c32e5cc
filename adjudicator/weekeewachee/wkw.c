/*
 * wkw.c - weekeewachee (Boris Bedarf), Classic and Blind-Fun: the game's
 * entry in the registry and the life of a game (create, start, resign).
 *
 * Rules: rules/ari-and-weekeewachee.md section 2 with decisions 3 to 5 and
 * resolutions A-W1..A-W8; what this engine decided beyond them is in
 * README.md beside this file. No I/O; the only allocation is the state.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/game/duel.h"
#include "adjudicator/weekeewachee/wkw.h"

#define WKW_WORD_MAX	32

static const char *
wkw_seat_key(int seat)
{
	if (seat == 0)
		return "wkw.seat.0";
	if (seat == 1)
		return "wkw.seat.1";
	return "wkw.seat.gm";
}

/* Option words: none or "classic" for Classic, "blind" for Blind-Fun. */
static int
wkw_options(const char *options, bool *blind, struct game_diag *why)
{
	char		 word[WKW_WORD_MAX];
	const char	*p = options == NULL ? "" : options;
	size_t		 n;
	int		 classic = 0, fun = 0;

	while (*p != '\0') {
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
		if (strcasecmp(word, "classic") == 0)
			classic = 1;
		else if (strcasecmp(word, "blind") == 0 ||
		    strcasecmp(word, "blind-fun") == 0)
			fun = 1;
		else {
			game_diag_set(why, "wkw.err.option", 1, word);
			return -1;
		}
	}
	if (classic && fun) {
		game_diag_set(why, "wkw.err.option_conflict", 0);
		return -1;
	}
	*blind = fun;
	return 0;
}

static int
wkw_create(const char *options, uint64_t seed, struct game_state **out,
    struct game_diag *why)
{
	struct game_state	*st;
	bool			 blind;
	int			 sq;

	*out = NULL;
	if (wkw_options(options, &blind, why) == -1)
		return -1;
	if ((st = calloc(1, sizeof(*st))) == NULL) {
		game_diag_set(why, "wkw.err.no_memory", 0);
		return -1;
	}
	st->blind = blind;
	st->phase = WKW_PHASE_FORMING;
	st->first = GAME_NOBODY;
	st->winner = GAME_NOBODY;
	st->seed = seed;
	rng_seed(&st->rng, seed);
	for (sq = 0; sq < WKW_SQUARES; sq++)
		st->board[sq].owner = GAME_NOBODY;
	st->last.seat = GAME_NOBODY;
	*out = st;
	return 0;
}

static void
wkw_free(struct game_state *st)
{
	free(st);
}

/* Blind-Fun 2.4.1: each side's four pieces shuffled onto its base row,
 * hidden from everybody (decision 3). Fisher-Yates over the rng. */
static void
wkw_shuffle(struct game_state *st, int seat)
{
	enum wkw_kind	 k[WKW_FILES] = {
		WKW_ROCK, WKW_PAPER, WKW_SCISSORS, WKW_WELL
	};
	enum wkw_kind	 t;
	uint32_t	 j;
	int		 i, sq;

	for (i = WKW_FILES - 1; i > 0; i--) {
		j = rng_below(&st->rng, (uint32_t)i + 1);
		t = k[i];
		k[i] = k[j];
		k[j] = t;
	}
	for (i = 0; i < WKW_FILES; i++) {
		sq = wkw_rules_square(i, wkw_rules_base_rank(seat));
		st->board[sq].owner = seat;
		st->board[sq].kind = k[i];
		st->board[sq].hidden = true;
	}
}

/* Decision 4: the first mover is drawn unless the judge names one (the
 * loser of the previous game, A-W6). */
static int
wkw_start(struct game_state *st, int first, struct game_diag *why)
{
	if (st->phase != WKW_PHASE_FORMING) {
		game_diag_set(why, "wkw.err.already_started", 0);
		return -1;
	}
	if ((first = duel_first(&st->rng, first)) == -1) {
		game_diag_set(why, "wkw.err.no_seat", 0);
		return -1;
	}
	st->first = first;
	st->turn = first;
	if (!st->blind) {
		st->phase = WKW_PHASE_SETUP;
		return 0;
	}
	wkw_shuffle(st, 0);
	wkw_shuffle(st, 1);
	st->last.type = WKW_EV_SHUFFLE;
	st->phase = WKW_PHASE_PLAY;
	st->nhist = 0;
	wkw_rules_push_key(st);
	return 0;
}

/* Resigning is no phase: the ply count stays. */
static int
wkw_resign(struct game_state *st, int seat)
{
	if ((seat != 0 && seat != 1) || (st->phase != WKW_PHASE_SETUP &&
	    st->phase != WKW_PHASE_PLAY))
		return -1;
	memset(&st->last, 0, sizeof(st->last));
	st->last.type = WKW_EV_RESIGN;
	st->last.seat = seat;
	st->phase = WKW_PHASE_OVER;
	st->winner = 1 - seat;
	st->end = WKW_END_RESIGN;
	return 0;
}

/* Classic hides nothing; Blind-Fun hides the pieces from both sides. */
static bool
wkw_observable(const struct game_state *st)
{
	return !st->blind;
}

const struct game_ops wkw_ops = {
	.name = "weekeewachee",
	.nseats = 2,
	.seat_key = wkw_seat_key,
	.create = wkw_create,
	.free = wkw_free,
	.start = wkw_start,
	.save = wkw_state_save,
	.load = wkw_state_load,
	.parse = wkw_order_parse,
	.ready = wkw_adjudicate_ready,
	.adjudicate = wkw_adjudicate,
	.settle = wkw_adjudicate_settle,
	.resign = wkw_resign,
	.view = wkw_view_project,
	.observable = wkw_observable,
	.stat = wkw_view_stat,
	.legal = wkw_legal,
};
