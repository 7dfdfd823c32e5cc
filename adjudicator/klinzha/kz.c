/*
 * kz.c - KlinZha (open, clouded, blind): the game's entry in the registry
 * and the life of a game (create with its options, start, resign).
 *
 * rules/klinzha.md, binding decisions first; README.md beside this file
 * lists the options and every decision the engine made beyond the rules.
 * No I/O; the only allocation is the state.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/game/duel.h"
#include "adjudicator/klinzha/kz.h"

#define KZ_WORD_MAX	128

static const char *
kz_seat_key(int seat)
{
	if (seat == 0)
		return "kz.seat.0";
	if (seat == 1)
		return "kz.seat.1";
	return "kz.seat.gm";
}

/* A number option "name=N" in lo..hi; -1 when w is not that option. */
static int
kz_number(const char *w, const char *name, int lo, int hi, int *out,
    struct game_diag *why)
{
	size_t	 n = strlen(name);
	char	*end;
	long	 v;

	if (strncasecmp(w, name, n) != 0 || w[n] != '=')
		return -1;
	v = strtol(w + n + 1, &end, 10);
	if (*end != '\0' || end == w + n + 1 || v < lo || v > hi) {
		game_diag_set(why, "kz.err.option_value", 1, w);
		return -2;
	}
	*out = (int)v;
	return 0;
}

struct kz_opts {
	int	 form;		/* -1: not given */
	char	 layout[KZ_NAME_MAX];
	char	 custom[KZ_FIELDS];
	bool	 has_custom;
	int	 gap;		/* 0: the form's default */
};

static int
kz_option(struct game_state *st, struct kz_opts *o, const char *w,
    struct game_diag *why)
{
	static const char *const forms[] = { "open", "clouded", "blind" };
	int	 i, r;

	for (i = 0; i < 3; i++)
		if (strcasecmp(w, forms[i]) == 0) {
			if (o->form >= 0 && o->form != i) {
				game_diag_set(why, "kz.err.option_conflict", 0);
				return -1;
			}
			o->form = i;
			return 0;
		}
	if (strcasecmp(w, "half-fields") == 0)
		st->half_fields = true;
	else if (strcasecmp(w, "moving-clouds") == 0)
		st->moving = true;
	else if (strcasecmp(w, "no-cloud-limit") == 0)
		st->no_limit = true;
	else if (strncasecmp(w, "layout=", 7) == 0 && strlen(w + 7) > 0 &&
	    strlen(w + 7) < sizeof(o->layout))
		memcpy(o->layout, w + 7, strlen(w + 7) + 1);
	else if (strncasecmp(w, "clouds=", 7) == 0) {
		if (kz_clouds_read(w + 7, o->custom) != 0) {
			game_diag_set(why, "kz.err.clouds", 0);
			return -1;
		}
		o->has_custom = true;
	} else if ((r = kz_number(w, "zone-gap", 3, 6, &o->gap, why)) != -1 ||
	    (r = kz_number(w, "clouds-every", 1, 99, &st->cloud_every,
	    why)) != -1 ||
	    (r = kz_number(w, "clouds-step", 1, 16, &st->cloud_step,
	    why)) != -1)
		return r == 0 ? 0 : -1;
	else {
		game_diag_set(why, "kz.err.option", 1, w);
		return -1;
	}
	return 0;
}

/* The layout of the game: form, layout= or clouds=, checked (decision 10). */
static int
kz_layout(struct game_state *st, struct kz_opts *o, struct game_diag *why)
{
	int	 point;

	if (st->form == KZ_OPEN && (o->layout[0] || o->has_custom ||
	    st->moving)) {
		game_diag_set(why, "kz.err.open_clouds", 0);
		return -1;
	}
	if (st->form == KZ_BLIND && (o->layout[0] || o->has_custom ||
	    st->moving)) {
		game_diag_set(why, "kz.err.blind_clouds", 0);
		return -1;
	}
	if ((st->cloud_every || st->cloud_step) && !st->moving) {
		game_diag_set(why, "kz.err.not_moving", 0);
		return -1;
	}
	if (o->layout[0] && o->has_custom) {
		game_diag_set(why, "kz.err.option_conflict", 0);
		return -1;
	}
	if (o->has_custom) {
		memcpy(st->pos.cloud, o->custom, KZ_FIELDS);
		snprintf(st->layout, sizeof(st->layout), "custom");
	} else {
		snprintf(st->layout, sizeof(st->layout), "%s",
		    st->form == KZ_OPEN ? "none" : st->form == KZ_BLIND ?
		    "blind" : o->layout[0] ? o->layout : "light");
		for (char *c = st->layout; *c; c++)
			*c = (char)tolower((unsigned char)*c);
		if (kz_clouds_layout(st->layout, st->pos.cloud, why) != 0)
			return -1;
	}
	if (st->form == KZ_CLOUDED && !st->no_limit &&
	    kz_clouds_check(st->pos.cloud, &point) != 0) {
		game_diag_set(why, "kz.err.cloud_limit", 1,
		    kz_board_point_key(point));
		return -1;
	}
	return 0;
}

static int
kz_create(const char *options, uint64_t seed, struct game_state **out,
    struct game_diag *why)
{
	struct game_state	*st;
	struct kz_opts		 o;
	const char		*p = options == NULL ? "" : options;
	char			 w[KZ_WORD_MAX];
	size_t			 n;
	int			 f;

	*out = NULL;
	if ((st = calloc(1, sizeof(*st))) == NULL) {
		game_diag_set(why, "kz.err.no_memory", 0);
		return -1;
	}
	memset(&o, 0, sizeof(o));
	o.form = -1;
	while (*p != '\0') {
		p += strspn(p, " \t\r\n");
		if ((n = strcspn(p, " \t\r\n")) == 0)
			break;
		if (n >= sizeof(w)) {
			game_diag_set(why, "kz.err.option", 1, "...");
			goto fail;
		}
		memcpy(w, p, n);
		w[n] = '\0';
		p += n;
		if (kz_option(st, &o, w, why) != 0)
			goto fail;
	}
	st->form = o.form < 0 ? KZ_OPEN : o.form;
	/* Decision 3: TAKZH keeps opposing zones apart (distance 3), the
	 * clouded and blind games do not let them touch (4). */
	st->zone_gap = o.gap ? o.gap : st->form == KZ_OPEN ? 3 : 4;
	if (kz_layout(st, &o, why) != 0)
		goto fail;
	st->phase = KZ_PHASE_FORMING;
	st->first = GAME_NOBODY;
	st->winner = GAME_NOBODY;
	st->corner[0] = st->corner[1] = -1;
	st->draw_offer = -1;
	st->seed = seed;
	rng_seed(&st->rng, seed);
	for (f = 0; f < KZ_FIELDS; f++)
		st->pos.owner[f] = -1;
	st->pos.goal[0] = st->pos.goal[1] = -1;
	st->last.seat = -1;
	st->last.stop = st->last.drop = -1;
	*out = st;
	return 0;
fail:
	free(st);
	return -1;
}

static void
kz_free(struct game_state *st)
{
	free(st);
}

/* Decision 7: the first seat sets up first and moves first. */
static int
kz_start(struct game_state *st, int first, struct game_diag *why)
{
	if (st->phase != KZ_PHASE_FORMING) {
		game_diag_set(why, "kz.err.already_started", 0);
		return -1;
	}
	if ((first = duel_first(&st->rng, first)) == -1) {
		game_diag_set(why, "kz.err.no_seat", 0);
		return -1;
	}
	st->first = first;
	st->turn = first;
	/* Decision 11: X full turns between cloud moves, drawn once. */
	if (st->moving && st->cloud_every == 0)
		st->cloud_every = 1 + (int)rng_below(&st->rng, 6);
	st->phase = KZ_PHASE_SETUP1;
	return 0;
}

static int
kz_resign(struct game_state *st, int seat)
{
	if ((seat != 0 && seat != 1) || st->phase == KZ_PHASE_FORMING ||
	    st->phase == KZ_PHASE_OVER)
		return -1;
	memset(&st->last, 0, sizeof(st->last));
	st->last.type = KZ_EV_RESIGN;
	st->last.seat = seat;
	st->last.stop = st->last.drop = -1;
	st->phase = KZ_PHASE_OVER;
	st->winner = 1 - seat;
	st->end = KZ_END_RESIGN;
	st->draw_offer = -1;
	return 0;
}

/* The open form shows both sides everything; clouds and blind do not. */
static bool
kz_observable(const struct game_state *st)
{
	return st->form == KZ_OPEN;
}

const struct game_ops kz_ops = {
	.name = "klinzha",
	.nseats = 2,
	.seat_key = kz_seat_key,
	.create = kz_create,
	.free = kz_free,
	.start = kz_start,
	.save = kz_state_save,
	.load = kz_state_load,
	.parse = kz_order_parse,
	.ready = kz_adjudicate_ready,
	.adjudicate = kz_adjudicate,
	.settle = kz_adjudicate_settle,
	.resign = kz_resign,
	.view = kz_view_project,
	.observable = kz_observable,
	.stat = kz_view_stat,
	.legal = kz_order_legal,
};
