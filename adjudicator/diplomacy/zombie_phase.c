/*
 * zombie_phase.c - one phase of Zombie-Diplomacy on both boards, and the
 * scores (rules/zombie-diplomacy.md, "One phase clock", "Zombies", "End
 * of each game and scoring").
 *
 *	movement	both boards move; every unit dislodged on the
 *			NR-board becomes a zombie (the first one starts the
 *			Zombie-board); the Zombie-board's season stays open
 *	placement	the Zombie-board's retreats (or undead units), then
 *			the zombies are placed, then its season ends
 *	adjustments	on each board that has any
 *
 * A phase with nothing to do is skipped. Draws (DIAS) are per board.
 * No allocation: the work space is the state's. No I/O.
 */
#include <stdio.h>
#include <string.h>

#include "zombie.h"

/* rules: points per board, in hundredths; index: powers in the draw. */
static const int draw_points[DIP_MAX_POWERS + 1] = {
	0, 700, 400, 300, 250, 200, 150, 125
};

static void
collect(struct game_state *st, struct dip_board *b,
    const struct game_order *o, int n)
{
	dip_board_collect(b, o, n, b == &st->nr ? "NR:" : "Z:", &st->work.bo);
}

/* The Zombie-board starts empty in the season of the first zombie. */
static void
start_z(struct game_state *st)
{
	st->zstarted = true;
	st->z.st.year = st->year;
	st->z.st.season = st->season;
	st->z.st.phase = DIP_RETREAT;
	st->z.st.nretreats = 0;
	/* "S1901R"; up to the year 99999 it fits zfirst's 8 bytes (a
	 * loaded phase code has a year of 4 digits at most). */
	snprintf(st->zfirst, sizeof(st->zfirst), "%c%dR",
	    st->season == DIP_SPRING ? 'S' : 'F', st->year);
}

/* NR dislodgements become zombies (rules: whether or not they could
 * have retreated); lost if the Zombie-board game is over. */
static void
raise_zombies(struct game_state *st)
{
	int	 i;

	st->nrisen = 0;
	for (i = 0; i < st->nr.ndisl; i++) {
		struct zombie_wait *w = &st->risen[st->nrisen++];

		w->unit = st->nr.disl[i].unit;
		if (st->z.end != DIP_END_NONE) {
			struct zombie_placed *p = &st->placed[st->nplaced++];

			p->unit = w->unit;
			p->from = st->map.loc[w->unit.loc].prov;
			p->how = ZOMBIE_LOST_OVER;
			continue;
		}
		st->wait[st->nwait++] = *w;
	}
	if (st->nwait > 0 && !st->zstarted)
		start_z(st);
}

static void
play_board(struct game_state *st, struct dip_board *b,
    const struct game_order *o, int n, bool hold)
{
	if (!zombie_active(st, b))
		return;
	collect(st, b, o, n);
	if (dip_board_draw_agreed(b, &st->work.bo)) {
		dip_board_draw(b);
		return;
	}
	dip_board_play(b, &st->work, hold);
}

/* A board whose draw was agreed outside its active phases (votes may be
 * cast at any time). */
static void
draw_idle(struct game_state *st, struct dip_board *b,
    const struct game_order *o, int n)
{
	if (b->end != DIP_END_NONE || zombie_active(st, b) ||
	    (b == &st->z && !st->zstarted))
		return;
	collect(st, b, o, n);
	if (dip_board_draw_agreed(b, &st->work.bo))
		dip_board_draw(b);
}

/* A board with nothing to play this phase, but perhaps a draw. */
static void
draw_only(struct game_state *st, struct dip_board *b,
    const struct game_order *o, int n)
{
	collect(st, b, o, n);
	if (dip_board_draw_agreed(b, &st->work.bo))
		dip_board_draw(b);
}

static bool
vacant(const struct game_state *st, int prov)
{
	return dip_state_unit_at(&st->z.st, prov) < 0;
}

/* rules [decided]: the first vacant suitable home centre in the map's
 * order; a fleet takes the first coast of a split-coast centre. */
static int
default_centre(const struct game_state *st, const struct dip_unit *u)
{
	const struct dip_map	*m = &st->map;
	int			 p;

	for (p = 0; p < m->nprov; p++) {
		if (m->prov[p].home != u->power || !m->prov[p].centre ||
		    !vacant(st, p))
			continue;
		if (u->kind == DIP_ARMY)
			return p;
		if (m->prov[p].terrain == DIP_LAND)
			continue;
		return m->prov[p].ncoasts > 0 ? m->prov[p].coast[0] : p;
	}
	return -1;
}

/* The owner's last choice for waiting zombie w, if it is still free
 * now (a Zombie-board retreat or an earlier zombie may have taken it). */
static int
chosen_centre(const struct game_state *st, int w, const struct game_order *o,
    int n)
{
	const struct dip_map	*m = &st->map;
	int			 loc;

	if (zombie_place_order(st, w, o, n, &loc) < 0 ||
	    m->prov[m->loc[loc].prov].home != st->wait[w].unit.power ||
	    !vacant(st, m->loc[loc].prov))
		return -1;
	return loc;
}

/* The zombie stands on loc now. rules [decided]: an unowned centre
 * becomes the placer's; one owned by another power stays theirs until
 * the Fall occupation. */
static void
put(struct game_state *st, struct zombie_placed *p, int loc, int how)
{
	int	 prov = st->map.loc[loc].prov;

	p->how = (uint8_t)how;
	p->unit.loc = (uint8_t)loc;
	dip_state_add_unit(&st->z.st, p->unit.power, p->unit.kind, loc);
	if (st->z.st.owner[prov] < 0)
		st->z.st.owner[prov] = p->unit.power;
}

/*
 * Every zombie the owner placed goes first (in the order they fell, so of
 * two in one centre the first gets it), then the rest by default: a
 * default never takes the centre an owner chose (rules: the default
 * applies only to a zombie whose owner named no centre).
 */
static void
place_zombies(struct game_state *st, const struct game_order *o, int n)
{
	struct zombie_placed	*p = &st->placed[st->nplaced];
	bool			 done[DIP_MAX_UNITS];
	int			 i, loc;

	for (i = 0; i < st->nwait; i++) {
		p[i].unit = st->wait[i].unit;
		p[i].from = st->map.loc[p[i].unit.loc].prov;
		p[i].how = ZOMBIE_LOST;
		done[i] = (loc = chosen_centre(st, i, o, n)) >= 0;
		if (done[i])
			put(st, &p[i], loc, ZOMBIE_CHOSEN);
	}
	for (i = 0; i < st->nwait; i++)
		if (!done[i] && (loc = default_centre(st, &p[i].unit)) >= 0)
			put(st, &p[i], loc, ZOMBIE_DEFAULT);
	st->nplaced += st->nwait;
	st->nwait = 0;
}

/*
 * Undead units (optional rule): a dislodged Zombie-board unit goes to
 * the NR-board. Two to one province both fail and are disbanded, like
 * two retreats to one province.
 */
static void
rise_undead(struct game_state *st, const struct game_order *o, int n)
{
	const struct dip_map	*m = &st->map;
	struct dip_board	*z = &st->z;
	int			 dest[DIP_MAX_UNITS], from, to, i, k, j, cnt;

	for (i = 0; i < z->st.nretreats; i++)
		dest[i] = -1;
	for (k = 0; k < n && st->undead; k++) {
		if (strncmp(o[k].text, "Z:", 2) != 0 ||
		    zombie_undead_read(st, o[k].text + 2, &from, &to) != 0)
			continue;
		for (i = 0; i < z->st.nretreats; i++)
			if (m->loc[z->st.retreat[i].unit.loc].prov == from &&
			    z->st.retreat[i].unit.power == o[k].seat)
				dest[i] = to;
	}
	for (i = 0, j = 0; i < z->st.nretreats; i++) {
		struct dip_unit u = z->st.retreat[i].unit;

		if (dest[i] < 0) {
			z->st.retreat[j++] = z->st.retreat[i];
			continue;
		}
		for (cnt = 0, k = 0; k < z->st.nretreats; k++)
			cnt += dest[k] == dest[i];
		st->rose[st->nrose].from = (uint8_t)m->loc[u.loc].prov;
		st->rose[st->nrose].how = ZOMBIE_LOST;
		if (cnt == 1 && dip_state_unit_at(&st->nr.st, dest[i]) < 0) {
			u.loc = (uint8_t)dest[i];
			st->nr.undead[st->nr.nundead++] = u;
			st->rose[st->nrose].how = ZOMBIE_CHOSEN;
		}
		st->rose[st->nrose++].unit = u;
	}
	z->st.nretreats = j;
}

static void
season_end(struct game_state *st)
{
	/* The Zombie-board's season stays open after its movement. */
	if (st->zstarted && st->z.end == DIP_END_NONE &&
	    st->z.st.phase == DIP_RETREAT && st->z.st.nretreats == 0 &&
	    st->z.st.season == st->season && st->z.st.year == st->year)
		dip_board_season(&st->z);
	if (st->season == DIP_SPRING) {
		st->season = DIP_FALL;
		st->kind = DIP_MOVEMENT;
		return;
	}
	if (st->season == DIP_FALL) {
		st->season = DIP_WINTER;
		st->kind = DIP_ADJUST;
		if (zombie_active(st, &st->nr) || zombie_active(st, &st->z))
			return;
	}
	st->season = DIP_SPRING;
	st->kind = DIP_MOVEMENT;
	st->year++;
}

static void
check_over(struct game_state *st)
{
	if (st->nr.end != DIP_END_NONE &&
	    (!st->zstarted || st->z.end != DIP_END_NONE))
		st->over = true;
}

static void
clear_last(struct game_state *st)
{
	st->nplaced = st->nrisen = st->nrose = 0;
	dip_board_clear_last(&st->nr);
	if (st->zstarted)
		dip_board_clear_last(&st->z);
}

int
zombie_adjudicate(struct game_state *st, const struct game_order *o, int n,
    struct game_diag *why)
{
	int	 year = st->year;
	uint8_t	 season = st->season, kind = st->kind;

	if (!st->started || st->over) {
		game_diag_set(why, "dip.err.over", 0);
		return -1;
	}
	clear_last(st);
	draw_idle(st, &st->nr, o, n);
	draw_idle(st, &st->z, o, n);
	switch (st->kind) {
	case DIP_MOVEMENT:
		play_board(st, &st->nr, o, n, false);
		play_board(st, &st->z, o, n, true);
		raise_zombies(st);
		if (st->nwait > 0 || (st->zstarted &&
		    st->z.end == DIP_END_NONE && st->z.st.nretreats > 0)) {
			st->kind = DIP_RETREAT;
			break;
		}
		season_end(st);
		break;
	case DIP_RETREAT:
		if (zombie_active(st, &st->z)) {
			rise_undead(st, o, n);
			if (st->z.st.nretreats > 0)
				play_board(st, &st->z, o, n, true);
			else
				draw_only(st, &st->z, o, n);
		}
		if (st->z.end == DIP_END_NONE)
			place_zombies(st, o, n);
		else
			st->nwait = 0;
		season_end(st);
		break;
	default:
		play_board(st, &st->nr, o, n, false);
		play_board(st, &st->z, o, n, false);
		season_end(st);
		break;
	}
	/* A draw in the middle of a season leaves the other board going. */
	if (st->kind == DIP_ADJUST && !zombie_active(st, &st->nr) &&
	    !zombie_active(st, &st->z))
		season_end(st);
	/* The game ended in this phase: the final report is of this phase,
	 * not of one that will never be played (as a standard game's draw). */
	check_over(st);
	if (st->over) {
		st->year = year;
		st->season = season;
		st->kind = kind;
	}
	st->ply++;
	return 0;
}

/* Points per power on one board (0 NR, 1 Zombie), in hundredths. */
void
zombie_points(const struct game_state *st, int board, int out[])
{
	const struct dip_board	*b = board == 0 ? &st->nr : &st->z;
	uint8_t			 alive = dip_board_survivors(b);
	int			 p, nd = 0;

	for (p = 0; p < st->map.npowers; p++)
		nd += (b->drawn & DIP_BIT(p)) != 0;
	for (p = 0; p < st->map.npowers; p++) {
		out[p] = 0;
		if (board == 1 && !st->zstarted)
			continue;	/* rules [decided]: never started */
		if (b->end == DIP_END_SOLO && b->st.winner == p)
			out[p] = draw_points[1];
		else if (b->end == DIP_END_DRAW && (b->drawn & DIP_BIT(p)))
			out[p] = draw_points[nd];
		else if (alive & DIP_BIT(p))
			out[p] = 100;
	}
}
