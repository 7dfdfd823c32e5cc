/*
 * zombie.c - Zombie-Diplomacy as a game of the judge: zombie_ops, CREATE
 * kind "zombie" (rules/zombie-diplomacy.md, binding).
 *
 * Seven powers play the same power on two standard-map boards: the
 * NR-board (standard start, no retreats) and the Zombie-board (empty at
 * first, 1898-style builds, with retreats), under one phase clock. This
 * file holds the table, create/start/resign and the clock helpers; the
 * phases are in zombie_phase.c, orders in zombie_parse.c, the state text
 * in zombie_text.c, the view in zombie_view.c. No I/O; the only
 * allocation is the state.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "zombie.h"

static const char *
zombie_seat_key(int seat)
{
	static const char *const keys[DIP_MAX_POWERS] = {
		"dip.power.0", "dip.power.1", "dip.power.2", "dip.power.3",
		"dip.power.4", "dip.power.5", "dip.power.6"
	};

	return seat >= 0 && seat < DIP_MAX_POWERS ? keys[seat] :
	    "dip.seat.gm";
}

/* The clock as a phase code: "S1901M", "S1901R" (placement and the
 * Zombie-board's retreats), "F1901M", "F1901R", "W1901A". */
int
zombie_code(const struct game_state *st, char *out, size_t len)
{
	static const char seasons[] = "SFW", kinds[] = "MRA";

	return snprintf(out, len, "%c%d%c", seasons[st->season], st->year,
	    kinds[st->kind]);
}

/* Whether a board plays in the phase the clock is in. */
bool
zombie_active(const struct game_state *st, const struct dip_board *b)
{
	if (!st->started || st->over || b->end != DIP_END_NONE ||
	    (b == &st->z && !st->zstarted))
		return false;
	return b->st.phase == st->kind && b->st.season == st->season &&
	    b->st.year == st->year;
}

/* Option words: "undead" (rules: optional rule, off by default). */
static int
zombie_options(const char *options, bool *undead, struct game_diag *why)
{
	char		 w[32];
	const char	*p = options == NULL ? "" : options;
	size_t		 n;

	*undead = false;
	for (;;) {
		p += strspn(p, " \t\r\n");
		if ((n = strcspn(p, " \t\r\n")) == 0)
			break;
		/* A longer word is no option: it is refused, quoted as
		 * far as it fits, cut between characters. */
		if (snprintf(w, sizeof(w), "%.*s", (int)n, p) >= (int)sizeof(w))
			game_msg_cut(w, sizeof(w) - 1);
		p += n;
		if (strcasecmp(w, "undead") == 0)
			*undead = true;
		else {
			game_diag_set(why, "zombie.err.option", 1, w);
			return -1;
		}
	}
	return 0;
}

/* The Zombie-board before its start: no units, no owners (1898-style:
 * every unit comes from a zombie or a build). */
static void
zombie_empty(struct dip_board *z)
{
	dip_state_clear(&z->st);
	z->alive = 0;
}

static int
zombie_create(const char *options, uint64_t seed, struct game_state **out,
    struct game_diag *why)
{
	struct game_state	*st;
	bool			 undead;

	*out = NULL;
	if (zombie_options(options, &undead, why) != 0)
		return -1;
	if ((st = calloc(1, sizeof(*st))) == NULL) {
		game_diag_set(why, "dip.err.no_memory", 0);
		return -1;
	}
	dip_map_standard(&st->map);
	st->seed = seed;
	st->undead = undead;
	dip_board_init(&st->nr, &st->map, DIP_OPT_NO_RETREAT);
	dip_board_init(&st->z, &st->map, 0);
	zombie_empty(&st->z);
	st->year = 1901;
	st->season = DIP_SPRING;
	st->kind = DIP_MOVEMENT;
	*out = st;
	return 0;
}

static void
zombie_free(struct game_state *st)
{
	free(st);
}

static int
zombie_start(struct game_state *st, int first, struct game_diag *why)
{
	(void)first;
	if (st->started) {
		game_diag_set(why, "dip.err.started", 0);
		return -1;
	}
	st->started = true;
	return 0;
}

/* Civil disorder on both boards. */
static int
zombie_resign(struct game_state *st, int seat)
{
	if (seat < 0 || seat >= st->map.npowers || st->over)
		return -1;
	st->nr.cd |= DIP_BIT(seat);
	st->z.cd |= DIP_BIT(seat);
	return 0;
}

/* A new player took the power over (TAKEOVER): disorder ends on both
 * boards. */
static int
zombie_resume(struct game_state *st, int seat)
{
	if (seat < 0 || seat >= st->map.npowers ||
	    !((st->nr.cd | st->z.cd) & DIP_BIT(seat)))
		return -1;
	st->nr.cd &= (uint8_t)~DIP_BIT(seat);
	st->z.cd &= (uint8_t)~DIP_BIT(seat);
	return 0;
}

/* Both boards are public, as in standard Diplomacy. */
static bool
zombie_observable(const struct game_state *st)
{
	(void)st;
	return true;
}

const struct game_ops zombie_ops = {
	.name = "zombie",
	.nseats = DIP_MAX_POWERS,
	.seat_key = zombie_seat_key,
	.create = zombie_create,
	.free = zombie_free,
	.start = zombie_start,
	.save = zombie_save,
	.load = zombie_load,
	.parse = zombie_parse,
	.ready = zombie_ready,
	.pending = zombie_pending,
	.adjudicate = zombie_adjudicate,
	.resign = zombie_resign,
	.resume = zombie_resume,
	.view = zombie_view,
	.observable = zombie_observable,
	.stat = zombie_stat,
};
