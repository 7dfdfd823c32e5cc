/*
 * ari.c - ARI (mgf. winkelmann, with Miwin's dice): the game's entry in the
 * registry and the life of a game (create, start, resign), the list of
 * legal orders and perft.
 *
 * Rules: rules/ari-and-weekeewachee.md section 1 with decisions 1 and 2
 * and resolutions A-1..A-12 (default readings); what this engine decided
 * beyond them is in README.md beside this file. No I/O; the only
 * allocation is the state. ARI has no chance: the seed is only kept.
 */
#include <stdlib.h>
#include <string.h>

#include "adjudicator/ari/ari.h"
#include "adjudicator/game/duel.h"

static const char *
ari_seat_key(int seat)
{
	if (seat == 0)
		return "ari.seat.0";
	if (seat == 1)
		return "ari.seat.1";
	return "ari.seat.gm";
}

static int
ari_create(const char *options, uint64_t seed, struct game_state **out,
    struct game_diag *why)
{
	struct game_state	*st;
	const char		*p = options == NULL ? "" : options;
	char			 word[GAME_ARG_MAX];
	size_t			 n;
	int			 s, i;

	*out = NULL;
	/* No options: the flags of are not offered. */
	p += strspn(p, " \t\r\n");
	if (*p != '\0') {
		n = strcspn(p, " \t\r\n");
		if (n >= sizeof(word)) {
			n = sizeof(word) - 1;
			memcpy(word, p, n);
			word[n] = '\0';
			game_msg_cut(word, n);
		} else {
			memcpy(word, p, n);
			word[n] = '\0';
		}
		game_diag_set(why, "ari.err.option", 1, word);
		return -1;
	}
	if ((st = calloc(1, sizeof(*st))) == NULL) {
		game_diag_set(why, "ari.err.no_memory", 0);
		return -1;
	}
	st->status = ARI_FORMING;
	st->pos.stage = ARI_STAGE_OPENING;
	st->first = GAME_NOBODY;
	st->winner = GAME_NOBODY;
	st->offer = -1;
	st->seed = seed;
	for (s = 0; s < 2; s++)
		for (i = 0; i < ARI_PIECES; i++)
			st->pos.p[s][i].sq = ARI_OFF;
	st->last.seat = GAME_NOBODY;
	st->last.act.from = st->last.act.to = ARI_OFF;
	*out = st;
	return 0;
}

static void
ari_free(struct game_state *st)
{
	free(st);
}

/* The first mover sets the first die (1.4.1). The judge names him (the
 * loser of the last game, or drawn from the seed); without a name seat 0
 * starts, since ARI itself has no chance. */
static int
ari_start(struct game_state *st, int first, struct game_diag *why)
{
	if (st->status != ARI_FORMING) {
		game_diag_set(why, "ari.err.already_started", 0);
		return -1;
	}
	if ((first = duel_first(NULL, first)) == -1) {
		game_diag_set(why, "ari.err.no_seat", 0);
		return -1;
	}
	st->first = first;
	st->pos.turn = st->first;
	st->status = ARI_RUNNING;
	return 0;
}

/* Resigning is no action: the ply count stays. */
static int
ari_resign(struct game_state *st, int seat)
{
	if ((seat != 0 && seat != 1) || st->status != ARI_RUNNING)
		return -1;
	memset(&st->last, 0, sizeof(st->last));
	st->last.type = ARI_EV_RESIGN;
	st->last.seat = seat;
	st->last.act.from = st->last.act.to = ARI_OFF;
	st->status = ARI_OVER;
	st->winner = 1 - seat;
	st->end = ARI_END_RESIGN;
	st->offer = -1;
	return 0;
}

static uint64_t
ari_perft(const struct game_state *st, int depth)
{
	if (st->status != ARI_RUNNING)
		return depth <= 0 ? 1 : 0;
	return ari_rules_perft(&st->pos, depth);
}

/* Every die and both queens are on the open board. */
static bool
ari_observable(const struct game_state *st)
{
	(void)st;
	return true;
}

const struct game_ops ari_ops = {
	.name = "ari",
	.nseats = 2,
	.seat_key = ari_seat_key,
	.create = ari_create,
	.free = ari_free,
	.start = ari_start,
	.save = ari_state_save,
	.load = ari_state_load,
	.parse = ari_order_parse,
	.ready = ari_adjudicate_ready,
	.pending = ari_adjudicate_pending,
	.adjudicate = ari_adjudicate,
	.settle = ari_adjudicate_settle,
	.resign = ari_resign,
	.view = ari_view_project,
	.observable = ari_observable,
	.stat = ari_view_stat,
	.legal = ari_order_legal,
	.perft = ari_perft,
};
