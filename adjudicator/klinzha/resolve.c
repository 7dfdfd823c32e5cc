/*
 * resolve.c - one move on the true position: crashes into what the mover
 * could not see, kills, Goal drop, pick-up and capture.
 *
 * The move was judged legal on the mover's grid (rules.c); here it meets
 * the true board, as the seed's referee plays it (decision 4, 13): a Flier
 * landing in an enemy zone or on the enemy Blockader walks back along its
 * flight line to the last empty field outside every enemy zone; every other
 * piece stops on the last field before the obstacle where it may stand.
 * What the crash ran into is told only as far as the mover saw it when he
 * gave the order. Also the position key for repetitions. Pure; no I/O.
 */
#include <string.h>

#include "adjudicator/klinzha/kz.h"

static bool
kz_resolve_empty(const struct kz_pos *p, int f)
{
	return p->owner[f] < 0 && p->goal[0] != f && p->goal[1] != f;
}

static bool
kz_resolve_in_zone(const struct kz_pos *p, int seat, int f)
{
	int	 b = kz_rules_blockader(p, seat);

	return b >= 0 && kz_dist[b][f] == 1;
}

/*
 * 3.7, decision 3: seat's Blockader may stand on `at` (its old field
 * switched off): outside the enemy zone, the zones far enough apart, no
 * enemy piece or lone enemy Goal and not the own Goal in its new zone.
 */
bool
kz_resolve_blockader_ok(const struct kz_pos *p, int seat, int at, int gap)
{
	int	 e = 1 - seat, eb = kz_rules_blockader(p, e), i, n;

	if (eb >= 0 && kz_dist[at][eb] < gap)
		return false;
	for (i = 0; i < 3; i++) {
		if ((n = kz_nb[at][i]) < 0)
			continue;
		if (p->owner[n] == e || p->goal[e] == n || p->goal[seat] == n)
			return false;
	}
	return true;
}

/* Whether the piece may come to rest on path index s (decision 13). */
static bool
kz_resolve_stand(const struct kz_pos *p, int seat, int gap,
    const struct kz_move *mv, int kind, bool carrying, int s)
{
	int	 f = mv->path[s];
	bool	 still = carrying && !(mv->drop >= 0 && mv->drop < s);

	if (s == 0)
		return true;
	if (!kz_resolve_empty(p, f) || kz_resolve_in_zone(p, 1 - seat, f))
		return false;
	if (kind == KZ_BLOCKADER && !kz_resolve_blockader_ok(p, seat, f, gap))
		return false;
	if (still && kz_resolve_in_zone(p, seat, f))
		return false;
	return true;
}

/*
 * The index of the field where the piece comes to rest; *obstacle the
 * index of the field it ran into, or -1 when it did not crash.
 */
static int
kz_resolve_stop(const struct kz_pos *p, int seat, int gap,
    const struct kz_move *mv, int kind, bool carrying, int *obstacle)
{
	int	 e = 1 - seat, n = mv->n, t = mv->path[n - 1], i, f, s;
	bool	 hit = false;

	*obstacle = -1;
	if (kind == KZ_FLIER) {
		/* Decision 4: only the landing field counts. */
		if (!kz_resolve_in_zone(p, e, t) &&
		    !(p->owner[t] == e && p->kind[t] == KZ_BLOCKADER))
			return n - 1;
		*obstacle = n - 1;
		for (s = n - 2; s > 0; s--)
			if (kz_resolve_empty(p, mv->path[s]) &&
			    !kz_resolve_in_zone(p, e, mv->path[s]))
				break;
		return s;
	}
	for (i = 1; i < n && !hit; i++) {
		f = mv->path[i];
		if (kz_resolve_in_zone(p, e, f))
			hit = true;
		else if (i < n - 1)
			hit = !kz_resolve_empty(p, f);
		else if (p->owner[f] == e && (kind == KZ_BLOCKADER ||
		    p->kind[f] == KZ_BLOCKADER))
			hit = true;
		else if (kind == KZ_BLOCKADER &&
		    !kz_resolve_blockader_ok(p, seat, f, gap))
			hit = true;
	}
	if (!hit)
		return n - 1;
	*obstacle = i - 1;
	for (s = i - 2; s > 0; s--)
		if (kz_resolve_stand(p, seat, gap, mv, kind, carrying, s))
			break;
	return s;
}

/*
 * What a crash on path index `at` ran into, as the mover's grid g showed
 * it when he ordered (NULL: nothing counts as seen). Only the ordered last
 * field can hold a reason he saw: a seen zone or piece on the way is
 * refused before (rules.c). A seen enemy Blockader is the true one, so its
 * zone or its distance is what stopped the piece there; anything else is
 * told as unseen, so no report says more than the mover's view held.
 */
static uint8_t
kz_resolve_crash(const struct kz_grid *g, const struct kz_move *mv,
    int kind, int at)
{
	int	 f = mv->path[at];

	if (g == NULL || at != mv->n - 1)
		return KZ_CRASH_HIDDEN;
	if (g->ezone[f])
		return KZ_CRASH_ZONE;
	if (kind == KZ_BLOCKADER && g->eblock >= 0 &&
	    kz_dist[f][g->eblock] < g->gap)
		return KZ_CRASH_GAP;
	return KZ_CRASH_HIDDEN;
}

/*
 * Plays mv for seat on p and tells what happened in *l (type, seat and
 * the move itself filled too). The move must be legal on seat's grid;
 * seen is that grid as it stood when he ordered, to tell what a crash ran
 * into, or NULL where nobody is told (the self-jeopardy test).
 */
void
kz_resolve(struct kz_pos *p, int seat, int gap, const struct kz_move *mv,
    const struct kz_grid *seen, struct kz_last *l)
{
	int	 e = 1 - seat, from = mv->path[0], kind = p->kind[from], to, i;
	bool	 carrying = p->goal[seat] == from && kz_rules_carrier(kind);
	int	 s, hit;

	memset(l, 0, sizeof(*l));
	l->type = KZ_EV_MOVE;
	l->seat = seat;
	l->kind = (uint8_t)kind;
	l->npath = mv->n;
	for (i = 0; i < mv->n; i++)
		l->path[i] = mv->path[i];
	l->drop = -1;
	s = kz_resolve_stop(p, seat, gap, mv, kind, carrying, &hit);
	if (hit >= 0)
		l->crash = kz_resolve_crash(seen, mv, kind, hit);
	to = mv->path[s];
	l->stop = to;
	if (s == mv->n - 1) {
		if (p->owner[to] == e) {
			l->killed = p->kind[to];
			p->owner[to] = -1;
			p->kind[to] = KZ_NONE;
			l->goal_taken = p->goal[e] == to;
		} else if (p->goal[e] == to) {
			l->goal_taken = true;
			l->lone_goal = true;
		} else if (p->goal[seat] == to)
			l->pickup = true;
		if (l->goal_taken)
			p->goal[e] = -1;
	}
	if (s > 0) {
		p->owner[from] = -1;
		p->kind[from] = KZ_NONE;
		p->owner[to] = (int8_t)seat;
		p->kind[to] = (uint8_t)kind;
		if (carrying && mv->drop >= 0 && mv->drop < s) {
			l->drop = mv->path[mv->drop];
			p->goal[seat] = (int8_t)l->drop;
		} else if (carrying)
			p->goal[seat] = (int8_t)to;
	}
}

/* A 64-bit key of the position and the side to move (splitmix). */
uint64_t
kz_resolve_key(const struct game_state *st)
{
	uint64_t	 h = 0x6b7a6b7aULL + (uint64_t)st->turn, x;
	int		 f;

	for (f = 0; f < KZ_FIELDS; f++) {
		x = ((uint64_t)f << 24) | ((uint64_t)(st->pos.owner[f] + 1)
		    << 16) | ((uint64_t)st->pos.kind[f] << 8) |
		    (uint64_t)(unsigned char)st->pos.cloud[f];
		h ^= rng_splitmix(&x);
		h = (h << 7) | (h >> 57);
	}
	x = (uint64_t)(st->pos.goal[0] + 1) << 8 | (uint64_t)(st->pos.goal[1] + 1);
	return h ^ rng_splitmix(&x);
}
