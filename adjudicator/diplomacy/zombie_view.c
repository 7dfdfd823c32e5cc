/*
 * zombie_view.c - what every player of Zombie-Diplomacy is told: both
 * boards (diagram, results, centres), the zombies made, placed, lost and
 * waiting, undead units, the next phase of the clock and, at the end,
 * the scores and the final standings (rules/zombie-diplomacy.md, "What
 * each player is told"). Nothing is hidden but orders before the
 * deadline, which are not in the state. No I/O.
 */
#include <stdio.h>
#include <string.h>

#include "zombie.h"

static const char *const placed_keys[] = {
	"zombie.placed.chosen", "zombie.placed.default", "zombie.placed.lost",
	"zombie.placed.lost_over"
};

/* Both boards and the zombies waiting, appended to the view's diagram
 * (cut after a whole line at GAME_BOARD_MAX, game.h). */
static void
diagram(const struct game_state *st, const char *code, struct game_view *v)
{
	const struct dip_map	*m = &st->map;
	char			 title[32];	/* "\nZOMBIE " and a code */
	int			 i;

	snprintf(title, sizeof(title), "NR %s", code);
	dip_board_diagram(&st->nr, title, v);
	if (!st->zstarted)
		return;
	snprintf(title, sizeof(title), "\nZOMBIE %s", code);
	dip_board_diagram(&st->z, title, v);
	for (i = 0; i < st->nwait; i++)
		game_view_board(v, "%s %s %c (%s)%s",
		    i == 0 ? "ZOMBIES    |" : "",
		    m->power[st->wait[i].unit.power],
		    st->wait[i].unit.kind == DIP_ARMY ? 'A' : 'F',
		    m->prov[m->loc[st->wait[i].unit.loc].prov].abbr,
		    i + 1 == st->nwait ? "\n" : "");
}

static void
unit_arg(const struct dip_map *m, const struct dip_unit *u,
    char out[GAME_ARG_MAX])
{
	dip_board_unit_text(m, u, out, GAME_ARG_MAX);
}

static void
zombies(const struct game_state *st, struct game_view *v)
{
	const struct dip_map	*m = &st->map;
	char			 u[GAME_ARG_MAX], k[4];
	int			 i;

	for (i = 0; i < st->nrose; i++) {
		unit_arg(m, &st->rose[i].unit, u);
		game_view_add(v, st->rose[i].how == ZOMBIE_CHOSEN ?
		    "zombie.undead.rose" : "zombie.undead.failed", 3,
		    dip_board_power_arg(st->rose[i].unit.power),
		    m->prov[st->rose[i].from].abbr, u);
	}
	for (i = 0; i < st->nplaced; i++) {
		const struct zombie_placed *p = &st->placed[i];

		unit_arg(m, &p->unit, u);
		snprintf(k, sizeof(k), "%c", p->unit.kind == DIP_ARMY ?
		    'A' : 'F');
		game_view_add(v, placed_keys[p->how], 4,
		    dip_board_power_arg(p->unit.power), k,
		    m->prov[p->from].abbr, m->loc[p->unit.loc].name);
	}
	for (i = 0; i < st->nwait; i++) {
		snprintf(k, sizeof(k), "%c", st->wait[i].unit.kind ==
		    DIP_ARMY ? 'A' : 'F');
		game_view_add(v, "zombie.view.waiting", 3,
		    dip_board_power_arg(st->wait[i].unit.power), k,
		    m->prov[m->loc[st->wait[i].unit.loc].prov].abbr);
	}
}

static void
points_args(int pts, char whole[16], char frac[16])
{
	snprintf(whole, 16, "%d", pts / 100);
	snprintf(frac, 16, "%02d", pts % 100);
}

/* The final ranking: points per board and in all, centres on both
 * boards, and the powers best first. */
struct ranking {
	int	 nr[DIP_MAX_POWERS], z[DIP_MAX_POWERS], tot[DIP_MAX_POWERS];
	int	 sc[DIP_MAX_POWERS], order[DIP_MAX_POWERS];
};

/* rules: most points over both boards; ties by centres summed; still
 * tied: a shared place. Fills r; returns the sole winner or GAME_DRAWN
 * when the first place is shared. */
static int
rank(const struct game_state *st, struct ranking *r)
{
	int	 np = st->map.npowers, i, j, t, *o = r->order;

	zombie_points(st, 0, r->nr);
	zombie_points(st, 1, r->z);
	for (i = 0; i < np; i++) {
		r->tot[i] = r->nr[i] + r->z[i];
		r->sc[i] = dip_state_centres(&st->nr.st, i) +
		    (st->zstarted ? dip_state_centres(&st->z.st, i) : 0);
		o[i] = i;
	}
	for (i = 1; i < np; i++)
		for (j = i; j > 0 && (r->tot[o[j]] > r->tot[o[j - 1]] ||
		    (r->tot[o[j]] == r->tot[o[j - 1]] &&
		    r->sc[o[j]] > r->sc[o[j - 1]])); j--) {
			t = o[j];
			o[j] = o[j - 1];
			o[j - 1] = t;
		}
	return np > 1 && r->tot[o[1]] == r->tot[o[0]] &&
	    r->sc[o[1]] == r->sc[o[0]] ? GAME_DRAWN : o[0];
}

/* The final standings: place, points and centres of every power. */
static void
standings(const struct game_state *st, struct game_view *v)
{
	struct ranking	 r;
	int		 i, place = 0;
	char		 a[16], b[16], pl[16];

	rank(st, &r);
	game_view_add(v, "zombie.view.final", 0);
	for (i = 0; i < st->map.npowers; i++) {
		int p = r.order[i];

		if (i == 0 || r.tot[p] != r.tot[r.order[i - 1]] ||
		    r.sc[p] != r.sc[r.order[i - 1]])
			place = i + 1;
		snprintf(pl, sizeof(pl), "%d", place);
		points_args(r.tot[p], a, b);
		game_view_add(v, "zombie.view.standing", 4,
		    dip_board_power_arg(p), pl, a, b);
		points_args(r.nr[p], a, b);
		game_view_add(v, "zombie.view.points_nr", 3,
		    dip_board_power_arg(p), a, b);
		points_args(r.z[p], a, b);
		game_view_add(v, "zombie.view.points_z", 3,
		    dip_board_power_arg(p), a, b);
		snprintf(a, sizeof(a), "%d", r.sc[p]);
		game_view_add(v, "zombie.view.centres", 2,
		    dip_board_power_arg(p), a);
	}
}

static void
next_phase(const struct game_state *st, const char *code, struct game_view *v)
{
	char	 s[GAME_ARG_MAX], y[GAME_ARG_MAX], k[GAME_ARG_MAX];

	dip_board_phase_args(code, s, y, k);
	if (st->kind == DIP_RETREAT)
		snprintf(k, sizeof(k), "@zombie.kind.placement");
	game_view_add(v, "zombie.view.next", 3, s, y, k);
}

/* game_ops.stat, and the same fields of every view: the phase is the
 * clock's, the winner that of the final standings. */
void
zombie_stat(const struct game_state *st, struct game_stat *out)
{
	static const enum game_phase_kind kinds[] = {
		GAME_PHASE_MOVE, GAME_PHASE_RETREAT, GAME_PHASE_ADJUST
	};
	struct ranking	 r;
	uint8_t		 due = zombie_due(st);
	int		 p;

	memset(out, 0, sizeof(*out));
	out->ply = st->ply;
	out->winner = st->over ? rank(st, &r) : GAME_NOBODY;
	out->status = !st->started ? GAME_STATUS_FORMING : st->over ?
	    GAME_STATUS_OVER : GAME_STATUS_RUNNING;
	zombie_code(st, out->phase, sizeof(out->phase));
	out->phase_kind = kinds[st->kind];
	for (p = 0; p < st->map.npowers; p++)
		out->due[p] = (due & DIP_BIT(p)) != 0;
}

void
zombie_view(const struct game_state *st, int seat, struct game_view *v)
{
	struct game_stat facts;
	char		 code[16], s[GAME_ARG_MAX], y[GAME_ARG_MAX];
	char		 k[GAME_ARG_MAX];
	int		 p;

	memset(v, 0, sizeof(*v));
	v->seat = seat >= 0 && seat < st->map.npowers ? seat : GAME_SEAT_GM;
	zombie_stat(st, &facts);
	game_view_set_stat(v, &facts);
	zombie_code(st, code, sizeof(code));
	diagram(st, code, v);
	zombie_map(st, code, &v->map);
	if (!st->started)
		game_view_add(v, "dip.view.forming", 0);
	if (st->undead)
		game_view_add(v, "zombie.view.undead_rule", 0);
	game_view_add(v, "zombie.view.nr", 0);
	dip_board_report(&st->nr, v);
	for (p = 0; p < st->nrisen; p++) {
		unit_arg(&st->map, &st->risen[p].unit, s);
		game_view_add(v, "zombie.view.risen", 2,
		    dip_board_power_arg(st->risen[p].unit.power), s);
	}
	dip_board_status(&st->nr, v);
	if (st->zstarted) {
		dip_board_phase_args(st->zfirst, s, y, k);
		game_view_add(v, "zombie.view.z", 3, s, y, k);
		dip_board_report(&st->z, v);
		zombies(st, v);
		dip_board_status(&st->z, v);
	} else
		game_view_add(v, "zombie.view.z_not_started", 0);
	if (st->over)
		standings(st, v);
	/* Everything above before the diagram, the next phase after it. */
	v->nresults = v->nmsgs;
	if (!st->over && st->started)
		next_phase(st, code, v);
}
