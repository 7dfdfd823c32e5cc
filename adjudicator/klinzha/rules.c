/*
 * rules.c - what a side may order: sight, the side's picture of the board
 * (grid) and the moves of every piece on it.
 *
 * rules/klinzha.md section 3 and decisions 2, 3, 5, 8 and 13. Orders are
 * judged on a grid: in the open game the true position, in clouded and
 * blind games the ordering side's view (decision 13), so a refusal can
 * never depend on what that side cannot see. What happens on the true
 * board is resolve.c's. Pure; no I/O.
 */
#include <string.h>

#include "adjudicator/klinzha/kz.h"

const char *
kz_rules_piece_key(int kind)
{
	static const char *const keys[KZ_KINDS] = {
		"@kz.piece.G", "@kz.piece.F", "@kz.piece.L", "@kz.piece.S",
		"@kz.piece.Y", "@kz.piece.V", "@kz.piece.B"
	};

	return kind >= 0 && kind < KZ_KINDS ? keys[kind] : "@kz.piece.X";
}

/* Section 3: Fencer, Lancer and Vanguards carry the Goal. */
bool
kz_rules_carrier(int kind)
{
	return kind == KZ_FENCER || kind == KZ_LANCER || kind == KZ_VANGUARD;
}

int
kz_rules_blockader(const struct kz_pos *p, int seat)
{
	int	 f;

	for (f = 0; f < KZ_FIELDS; f++)
		if (p->owner[f] == seat && p->kind[f] == KZ_BLOCKADER)
			return f;
	return -1;
}

/*
 * Decision 5: how much of the enemy material on f the seat sees. The game
 * master, and everybody once the game is over, sees all; in the open game
 * all; in the blind game nothing; else the cloud kind decides. A field
 * where the seat just lost a piece shows an enemy piece (decision 6).
 */
int
kz_rules_sight(const struct game_state *st, int seat, int f)
{
	int	 s;

	if ((seat != 0 && seat != 1) || st->phase == KZ_PHASE_OVER ||
	    st->form == KZ_OPEN)
		return KZ_SIGHT_FULL;
	if (st->form == KZ_BLIND || st->pos.cloud[f] == KZ_CLOUD)
		s = KZ_SIGHT_NONE;
	else if (st->pos.cloud[f] == KZ_EDGE)
		s = KZ_SIGHT_SOME;
	else
		s = KZ_SIGHT_FULL;
	if (s == KZ_SIGHT_NONE && st->last.type == KZ_EV_MOVE &&
	    st->last.seat != seat && st->last.killed != KZ_NONE &&
	    st->last.stop == f)
		s = KZ_SIGHT_SOME;
	return s;
}

static void
kz_rules_zones(struct kz_grid *g)
{
	int	 i;

	memset(g->ezone, 0, sizeof(g->ezone));
	memset(g->ozone, 0, sizeof(g->ozone));
	for (i = 0; i < 3; i++) {
		if (g->eblock >= 0 && kz_nb[g->eblock][i] >= 0)
			g->ezone[kz_nb[g->eblock][i]] = true;
		if (g->oblock >= 0 && kz_nb[g->oblock][i] >= 0)
			g->ozone[kz_nb[g->oblock][i]] = true;
	}
}

/* One field into g as seen with the given sight. */
static void
kz_rules_put(const struct kz_pos *p, int seat, int f, int sight,
    struct kz_grid *g)
{
	int	 e = 1 - seat;

	g->who[f] = KZ_W_EMPTY;
	g->kind[f] = KZ_NONE;
	g->goal[f] = false;
	if (p->owner[f] == seat || p->goal[seat] == f) {
		g->who[f] = KZ_W_OWN;
		g->kind[f] = p->owner[f] == seat ? p->kind[f] : KZ_NONE;
		g->goal[f] = p->goal[seat] == f;
		if (g->kind[f] == KZ_BLOCKADER)
			g->oblock = f;
		return;
	}
	if (p->owner[f] != e && p->goal[e] != f)
		return;
	if (sight == KZ_SIGHT_SOME)
		g->who[f] = KZ_W_UNKNOWN;
	else if (sight == KZ_SIGHT_FULL) {
		g->who[f] = KZ_W_ENEMY;
		g->kind[f] = p->owner[f] == e ? p->kind[f] : KZ_NONE;
		g->goal[f] = p->goal[e] == f;
		/* Decision 5: a zone only around a Blockader seen by kind. */
		if (g->kind[f] == KZ_BLOCKADER)
			g->eblock = f;
	}
}

void
kz_rules_grid_true(const struct kz_pos *p, int seat, int gap,
    struct kz_grid *g)
{
	int	 f;

	memset(g, 0, sizeof(*g));
	g->seat = seat;
	g->gap = gap;
	g->eblock = g->oblock = -1;
	for (f = 0; f < KZ_FIELDS; f++)
		kz_rules_put(p, seat, f, KZ_SIGHT_FULL, g);
	g->ogoal = p->goal[seat];
	kz_rules_zones(g);
}

void
kz_rules_grid_view(const struct game_state *st, int seat, struct kz_grid *g)
{
	int	 f;

	memset(g, 0, sizeof(*g));
	g->seat = seat;
	g->gap = st->zone_gap;
	g->kk = st->form != KZ_OPEN;
	g->eblock = g->oblock = -1;
	for (f = 0; f < KZ_FIELDS; f++)
		kz_rules_put(&st->pos, seat, f, kz_rules_sight(st, seat, f), g);
	g->ogoal = st->pos.goal[seat];
	kz_rules_zones(g);
}

/* Pieces may pass only empty fields outside known enemy zones (3, 3.7). */
static bool
kz_rules_pass_ok(const struct kz_grid *g, int f)
{
	return g->who[f] == KZ_W_EMPTY && !g->ezone[f];
}

/*
 * Decision 3, 3.7: a Blockader may stand on `at` as far as g knows. In the
 * clouded and blind games an order that brings the zones too close is
 * taken and crashes (decision 13), seen or not.
 */
static bool
kz_rules_block_ok(const struct kz_grid *g, int at)
{
	int	 i, n;

	if (!g->kk && g->eblock >= 0 && kz_dist[at][g->eblock] < g->gap)
		return false;
	for (i = 0; i < 3; i++) {
		if ((n = kz_nb[at][i]) < 0)
			continue;
		if (g->who[n] == KZ_W_ENEMY || g->who[n] == KZ_W_UNKNOWN)
			return false;
		if (n == g->ogoal)	/* decision 13: own Goal, own zone */
			return false;
	}
	return true;
}

/* The last field of a path: may the piece end there (3, 3.7, 3.8, 13)? */
static bool
kz_rules_end_ok(const struct kz_grid *g, int kind, bool carrying, int to)
{
	/* Decision 13: in the clouded and blind games a Flier (and a
	 * Blockader, below) ordered into a zone it sees crashes. */
	if (g->ezone[to] && !(g->kk && (kind == KZ_FLIER ||
	    kind == KZ_BLOCKADER)))
		return false;
	switch (g->who[to]) {
	case KZ_W_OWN:
		/* Only a carrier without the Goal, onto the lone own Goal. */
		if (g->kind[to] != KZ_NONE || !kz_rules_carrier(kind) ||
		    carrying)
			return false;
		break;
	case KZ_W_ENEMY:
		if (g->kind[to] == KZ_BLOCKADER)
			return false;
		if (kind == KZ_BLOCKADER && g->kind[to] != KZ_NONE)
			return false;
		break;
	case KZ_W_UNKNOWN:
		if (kind == KZ_BLOCKADER)
			return false;
		break;
	}
	if (kind == KZ_BLOCKADER && !kz_rules_block_ok(g, to))
		return false;
	return true;
}

struct kz_gen {
	const struct kz_grid	*g;
	int			 kind;
	bool			 carrying;
	int			 lo, hi;	/* steps */
	struct kz_move		*out;
	int			 max, n;
	struct kz_move		 cur;
	bool			 used[KZ_FIELDS];
};

/* The path in gen->cur ends here: add it, and its Goal-drop variants. */
static void
kz_rules_emit(struct kz_gen *gen)
{
	const struct kz_grid	*g = gen->g;
	struct kz_move		*m = &gen->cur;
	int			 to = m->path[m->n - 1], i;

	if (!kz_rules_end_ok(g, gen->kind, gen->carrying, to))
		return;
	/* 3.8: the carried Goal may not come to rest in the own zone. */
	if ((!gen->carrying || !g->ozone[to]) && gen->n < gen->max) {
		m->drop = -1;
		gen->out[gen->n++] = *m;
	}
	if (!gen->carrying)
		return;
	/* Decision 2: drop on any field of the path before the last one,
	 * outside the own zone (a pick-up cannot happen: it carries). */
	for (i = 0; i < m->n - 1 && gen->n < gen->max; i++)
		if (!g->ozone[m->path[i]]) {
			m->drop = i;
			gen->out[gen->n++] = *m;
		}
	m->drop = -1;
}

/* Simple paths that may bend (Fencer, Swift, Blockader, Vanguard). */
static void
kz_rules_walk(struct kz_gen *gen, int at, int steps)
{
	int	 i, nx;

	if (steps >= gen->lo)
		kz_rules_emit(gen);
	if (steps == gen->hi)
		return;
	if (steps > 0 && !kz_rules_pass_ok(gen->g, at))
		return;
	for (i = 0; i < 3; i++) {
		if ((nx = kz_nb[at][i]) < 0 || gen->used[nx])
			continue;
		gen->used[nx] = true;
		gen->cur.path[gen->cur.n++] = (int8_t)nx;
		kz_rules_walk(gen, nx, steps + 1);
		gen->cur.n--;
		gen->used[nx] = false;
	}
}

/* Straight lines (Lancer; Flier jumps what lies between, 3.4). */
static void
kz_rules_rays(struct kz_gen *gen, int from, bool jump)
{
	bool	 first[KZ_FIELDS] = { false };
	int	 d, i, j, f;

	for (d = 0; d < KZ_DIRS; d++)
		for (i = 0; i < gen->hi && (f = kz_ray[from][d][i]) >= 0; i++) {
			gen->cur.n = 1;
			for (j = 0; j <= i; j++)
				gen->cur.path[gen->cur.n++] =
				    kz_ray[from][d][j];
			/* Each neighbour starts two rays (2.4): one step
			 * along either is the same move. */
			if (i == 0 && first[f]) {
				if (!jump && !kz_rules_pass_ok(gen->g, f))
					break;
				continue;
			}
			if (i == 0)
				first[f] = true;
			if (i + 1 >= gen->lo)
				kz_rules_emit(gen);
			if (!jump && !kz_rules_pass_ok(gen->g, f))
				break;
		}
}

/*
 * Every move the own piece on `from` may make as far as g knows, with
 * each Goal-drop variant, into out (at most max). Returns how many.
 */
int
kz_rules_moves(const struct kz_grid *g, int from, struct kz_move *out,
    int max)
{
	struct kz_gen	 gen;

	if (g->who[from] != KZ_W_OWN || g->kind[from] == KZ_NONE)
		return 0;
	memset(&gen, 0, sizeof(gen));
	gen.g = g;
	gen.kind = g->kind[from];
	gen.carrying = g->goal[from] && kz_rules_carrier(gen.kind);
	gen.out = out;
	gen.max = max;
	gen.cur.n = 1;
	gen.cur.path[0] = (int8_t)from;
	gen.cur.drop = -1;
	gen.used[from] = true;
	switch (gen.kind) {
	case KZ_FENCER:
		gen.lo = 1, gen.hi = 3;
		kz_rules_walk(&gen, from, 0);
		break;
	case KZ_SWIFT:
		gen.lo = 2, gen.hi = 4;
		kz_rules_walk(&gen, from, 0);
		break;
	case KZ_VANGUARD:
		gen.lo = 1, gen.hi = 1;
		kz_rules_walk(&gen, from, 0);
		break;
	case KZ_BLOCKADER:
		gen.lo = 1, gen.hi = 2;
		kz_rules_walk(&gen, from, 0);
		break;
	case KZ_LANCER:
		gen.lo = 1, gen.hi = 3;
		kz_rules_rays(&gen, from, false);
		break;
	case KZ_FLIER:
		gen.lo = 3, gen.hi = 6;
		kz_rules_rays(&gen, from, true);
		break;
	}
	return gen.n;
}

/* 4.4: could the other side, moving now, capture seat's Goal? */
bool
kz_rules_threat(const struct kz_pos *p, int seat, int gap)
{
	struct kz_grid	 g;
	struct kz_move	 mv[KZ_PATHS_MAX];
	int		 f, i, n, goal = p->goal[seat];

	if (goal < 0)
		return false;
	kz_rules_grid_true(p, 1 - seat, gap, &g);
	for (f = 0; f < KZ_FIELDS; f++) {
		if (p->owner[f] != 1 - seat)
			continue;
		n = kz_rules_moves(&g, f, mv, KZ_PATHS_MAX);
		for (i = 0; i < n; i++)
			if (mv[i].path[mv[i].n - 1] == goal)
				return true;
	}
	return false;
}

/*
 * Decision 8, 4.4 (open game only): a move may not create a threat to
 * the own Goal that was not there before; capturing the enemy Goal is
 * exempt (decision 13).
 */
bool
kz_rules_jeopardy(const struct game_state *st, int seat,
    const struct kz_move *mv)
{
	struct kz_pos	 after;
	struct kz_last	 l;

	if (st->form != KZ_OPEN ||
	    kz_rules_threat(&st->pos, seat, st->zone_gap))
		return false;
	after = st->pos;
	kz_resolve(&after, seat, st->zone_gap, mv, NULL, &l);
	if (l.goal_taken)
		return false;
	return kz_rules_threat(&after, seat, st->zone_gap);
}

/* The moves of the piece on `from` the judge accepts from seat now. */
int
kz_rules_legal_moves(const struct game_state *st, int seat, int from,
    struct kz_move *out, int max)
{
	struct kz_grid	 g;
	int		 i, n, k = 0;

	kz_rules_grid_view(st, seat, &g);
	n = kz_rules_moves(&g, from, out, max);
	for (i = 0; i < n; i++)
		if (!kz_rules_jeopardy(st, seat, &out[i]))
			out[k++] = out[i];
	return k;
}

/* Decision 9, 13: judged from the side's own view. */
bool
kz_rules_has_move(const struct game_state *st, int seat)
{
	struct kz_move	 mv[KZ_PATHS_MAX];
	int		 f;

	for (f = 0; f < KZ_FIELDS; f++)
		if (st->pos.owner[f] == seat &&
		    kz_rules_legal_moves(st, seat, f, mv, KZ_PATHS_MAX) > 0)
			return true;
	return false;
}
