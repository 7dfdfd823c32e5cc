/*
 * resolve.c - decides every order of a movement phase.
 *
 * The algorithm is Kruijswijk's ("The Math of Adjudication", Diplomatic
 * Pouch S2009M; DATC 5.E): each order has one yes/no outcome (a move
 * succeeds, a support is given, a unit is not dislodged), computed from
 * the strengths of DATC 5.B. When the outcome of an order depends on
 * itself, both guesses are tried; one consistent answer is taken, and
 * when there are none or two the backup rule decides: the Szykman rule if
 * a convoy is part of the cycle (rules/diplomacy.md), otherwise circular
 * movement, in which every move of the cycle succeeds (DATC 6.C.1).
 * No allocation: the scratch holds every table.
 */
#include <string.h>

#include "dip.h"
#include "resolve.h"

enum {
	R_UNRESOLVED,
	R_GUESSING,
	R_RESOLVED
};

#define DEP_MAX	((int)(sizeof(((struct dip_scratch *)0)->dep) / \
	    sizeof(int16_t)))

static int
prov_of(const struct dip_state *st, int u)
{
	return st->map->loc[st->unit[u].loc].prov;
}

/* Two units moving into each other's provinces over land (DATC 5.B.6). */
static int
head_to_head(const struct dip_state *st, const struct dip_scratch *sc, int u)
{
	int	 v = sc->at[sc->dest[u]];

	if (v < 0 || sc->kind[v] != DIP_MOVE || sc->convoyed[u] ||
	    sc->convoyed[v] || sc->dest[v] != prov_of(st, u))
		return -1;
	return v;
}

/*
 * Whether a convoyed army has an unbroken chain of convoying fleets that
 * are not dislodged; an army that does not need a convoy always has a
 * path. used (may be NULL) gets the seas of the fleets that can carry it.
 */
bool
dip_resolve_path(const struct dip_state *st, struct dip_scratch *sc, int u,
    struct dip_set *used)
{
	const struct dip_map	*m = st->map;
	struct dip_set		 fleets, seen, wave, next;
	int			 f, s, k, to;
	bool			 ok = false;

	if (!sc->convoyed[u])
		return true;
	if (sc->paradox[u])
		return false;
	memset(&fleets, 0, sizeof(fleets));
	for (f = sc->conv_head[u]; f >= 0; f = sc->conv_next[f])
		if (dip_resolve(st, sc, f))
			dip_set_add(&fleets, prov_of(st, f));
	/* Every sea the fleets join to the army's province: a wave of seas
	 * at a time, over the sets, not over every province. */
	memset(&wave, 0, sizeof(wave));
	for (s = dip_set_next(&fleets, 0); s >= 0;
	    s = dip_set_next(&fleets, s + 1))
		if (dip_set_has(&m->fleet_reach[s], prov_of(st, u)))
			dip_set_add(&wave, s);
	seen = wave;
	to = sc->dest[u];
	while (!dip_set_empty(&wave)) {
		memset(&next, 0, sizeof(next));
		for (s = dip_set_next(&wave, 0); s >= 0;
		    s = dip_set_next(&wave, s + 1)) {
			ok |= dip_set_has(&m->fleet_reach[s], to);
			for (k = 0; k < 2; k++)
				next.w[k] |= m->fleet_reach[s].w[k];
		}
		for (k = 0; k < 2; k++) {
			wave.w[k] = next.w[k] & fleets.w[k] & ~seen.w[k];
			seen.w[k] |= wave.w[k];
		}
	}
	if (used != NULL)
		*used = seen;
	return ok;
}

static int
supports(const struct dip_state *st, struct dip_scratch *sc, int u,
    int exclude_power)
{
	int	 s, n = 0;

	for (s = sc->sup_head[u]; s >= 0; s = sc->sup_next[s])
		if (st->unit[s].power != exclude_power && dip_resolve(st, sc, s))
			n++;
	return n;
}

/* DATC 5.B.2 */
static int
attack_strength(const struct dip_state *st, struct dip_scratch *sc, int u)
{
	int	 v;

	if (!dip_resolve_path(st, sc, u, NULL))
		return 0;
	v = sc->at[sc->dest[u]];
	if (v < 0 || (sc->kind[v] == DIP_MOVE && head_to_head(st, sc, u) < 0 &&
	    dip_resolve(st, sc, v)))
		return 1 + supports(st, sc, u, -1);
	if (st->unit[v].power == st->unit[u].power)
		return 0;
	return 1 + supports(st, sc, u, st->unit[v].power);
}

/* DATC 5.B.3 */
static int
hold_strength(const struct dip_state *st, struct dip_scratch *sc, int prov)
{
	int	 v = sc->at[prov];

	if (v < 0)
		return 0;
	if (sc->kind[v] == DIP_MOVE)
		return dip_resolve(st, sc, v) ? 0 : 1;
	return 1 + supports(st, sc, v, -1);
}

/* DATC 5.B.5 */
static int
prevent_strength(const struct dip_state *st, struct dip_scratch *sc, int u)
{
	int	 v;

	if (!dip_resolve_path(st, sc, u, NULL))
		return 0;
	v = head_to_head(st, sc, u);
	if (v >= 0 && dip_resolve(st, sc, v))
		return 0;
	return 1 + supports(st, sc, u, -1);
}

static bool
move_decide(const struct dip_state *st, struct dip_scratch *sc, int u)
{
	int	 att, v, k;

	att = attack_strength(st, sc, u);
	if (att == 0)
		return false;
	v = head_to_head(st, sc, u);
	if (v >= 0) {
		if (att <= 1 + supports(st, sc, v, -1))
			return false;
	} else if (att <= hold_strength(st, sc, sc->dest[u]))
		return false;
	for (k = sc->into_head[sc->dest[u]]; k >= 0; k = sc->into_next[k])
		if (k != u && att <= prevent_strength(st, sc, k))
			return false;
	return true;
}

/* A support is cut by an attack from another power, unless the attack
 * comes from where the support is aimed (then only dislodging cuts it;
 * DATC 6.D.15, 6.G.13 for convoyed attackers). */
static bool
support_decide(const struct dip_state *st, struct dip_scratch *sc, int u)
{
	int	 k, self = prov_of(st, u);

	for (k = sc->into_head[self]; k >= 0; k = sc->into_next[k]) {
		if (st->unit[k].power == st->unit[u].power)
			continue;
		if (prov_of(st, k) == sc->dest[u]) {
			if (dip_resolve(st, sc, k))
				return false;
			continue;
		}
		if (dip_resolve_path(st, sc, k, NULL))
			return false;
	}
	return true;
}

static bool
stay_decide(const struct dip_state *st, struct dip_scratch *sc, int u)
{
	int	 k;

	for (k = sc->into_head[prov_of(st, u)]; k >= 0; k = sc->into_next[k])
		if (dip_resolve(st, sc, k))
			return false;
	return true;
}

static bool
decide(const struct dip_state *st, struct dip_scratch *sc, int u)
{
	if (sc->kind[u] == DIP_MOVE)
		return move_decide(st, sc, u);
	if (sc->kind[u] == DIP_SUPPORT && !sc->nomatch[u])
		return support_decide(st, sc, u);
	return stay_decide(st, sc, u);
}

/* A convoy order whose fleet's fate is part of the cycle: only then is
 * it a paradox. Armies that swap by convoy (DATC 6.C.6) are a cycle of
 * moves, not a paradox. */
static bool
convoy_related(const struct dip_scratch *sc, int u)
{
	return sc->kind[u] == DIP_CONVOY && !sc->nomatch[u] &&
	    sc->convoyed[sc->target[u]];
}

/*
 * The cycle dep[from..ndep) has no single consistent outcome. With a
 * convoy in it, the convoyed moves of the cycle fail and their armies cut
 * nothing (Szykman, DATC 4.A.2); otherwise its moves all succeed.
 */
static int
backup_rule(struct dip_scratch *sc, int from)
{
	bool	 convoy = false;
	int	 i, u, n = 0;

	for (i = from; i < sc->ndep; i++)
		convoy |= convoy_related(sc, sc->dep[i]);
	/* The army of a convoy in the cycle may itself be outside it: its
	 * path is not an order of its own. */
	for (i = from; i < sc->ndep && convoy; i++) {
		u = sc->dep[i];
		if (sc->kind[u] == DIP_CONVOY && !sc->nomatch[u] &&
		    sc->convoyed[sc->target[u]]) {
			sc->paradox[sc->target[u]] = true;
			n++;
		}
	}
	for (i = from; i < sc->ndep; i++) {
		u = sc->dep[i];
		if (convoy && sc->kind[u] == DIP_MOVE && sc->paradox[u]) {
			sc->res[u] = false;
			sc->rstate[u] = R_RESOLVED;
			n++;
		} else if (!convoy && sc->kind[u] == DIP_MOVE) {
			sc->res[u] = true;
			sc->rstate[u] = R_RESOLVED;
			n++;
		} else
			sc->rstate[u] = R_UNRESOLVED;
	}
	sc->ndep = from;
	return n;
}

static void
dep_push(struct dip_scratch *sc, int u)
{
	if (sc->ndep < DEP_MAX)
		sc->dep[sc->ndep++] = (int16_t)u;
}

static void
dep_unwind(struct dip_scratch *sc, int to)
{
	while (sc->ndep > to)
		sc->rstate[sc->dep[--sc->ndep]] = R_UNRESOLVED;
}

bool
dip_resolve(const struct dip_state *st, struct dip_scratch *sc, int u)
{
	int	 old, i;
	unsigned uses;
	bool	 first, second;

	if (sc->rstate[u] == R_RESOLVED)
		return sc->res[u];
	if (sc->rstate[u] == R_GUESSING) {
		for (i = 0; i < sc->ndep && sc->dep[i] != u; i++)
			;
		if (i == sc->ndep)
			dep_push(sc, u);
		sc->guesses++;
		return sc->res[u];
	}
	old = sc->ndep;
	uses = sc->guesses;
	sc->res[u] = false;
	sc->rstate[u] = R_GUESSING;
	first = decide(st, sc, u);
	/* A guess already listed counts too: the outcome still rests on it,
	 * even though the list did not grow. */
	if (sc->ndep == old && sc->guesses != uses) {
		dep_push(sc, u);
		sc->res[u] = first;
		return first;
	}
	if (sc->ndep == old) {
		if (sc->rstate[u] != R_RESOLVED) {
			sc->res[u] = first;
			sc->rstate[u] = R_RESOLVED;
		}
		return sc->res[u];
	}
	if (sc->dep[old] != u) {
		/* Part of a cycle that another order started. */
		dep_push(sc, u);
		sc->res[u] = first;
		return first;
	}
	dep_unwind(sc, old);
	sc->res[u] = true;
	sc->rstate[u] = R_GUESSING;
	second = decide(st, sc, u);
	if (first == second) {
		dep_unwind(sc, old);
		sc->res[u] = first;
		sc->rstate[u] = R_RESOLVED;
		return first;
	}
	if (backup_rule(sc, old) == 0) {
		/* Cannot happen with the orders of this game; never loop. */
		sc->res[u] = first;
		sc->rstate[u] = R_RESOLVED;
		return first;
	}
	return dip_resolve(st, sc, u);
}

void
dip_resolve_all(const struct dip_state *st, struct dip_scratch *sc)
{
	int	 u;

	for (u = 0; u < st->nunits; u++)
		dip_resolve(st, sc, u);
}
