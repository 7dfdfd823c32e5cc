/*
 * outcome.c - turns the resolved orders of a movement phase into results,
 * dislodgements with their retreat options, and the next board.
 *
 * Result words are those of datc.txt (SUCCEEDS, FAILS(bounce), ...).
 * Retreat options follow DATC 5.C and the 2023 rules: an empty adjacent
 * place that is neither the attacker's origin (unless it came by convoy,
 * 6.H.11) nor left empty by a standoff (6.H.16: either coast counts).
 */
#include <string.h>

#include "dip.h"
#include "resolve.h"

static int
prov_of(const struct dip_state *st, int u)
{
	return st->map->loc[st->unit[u].loc].prov;
}

static bool
moved(const struct dip_scratch *sc, int u)
{
	return sc->kind[u] == DIP_MOVE && sc->res[u];
}

/* The unit that dislodges u, or -1. */
static int
dislodger(const struct dip_state *st, const struct dip_scratch *sc, int u)
{
	int	 k;

	if (moved(sc, u))
		return -1;
	for (k = sc->into_head[prov_of(st, u)]; k >= 0; k = sc->into_next[k])
		if (sc->res[k])
			return k;
	return -1;
}

/* A Szykman army whose fleets were dislodged anyway failed for want of
 * a convoy, not by the paradox rule (DATC 6.F.14). */
static bool
paradox_route(const struct dip_state *st, struct dip_scratch *sc, int u)
{
	bool	 ok;

	sc->paradox[u] = false;
	ok = dip_resolve_path(st, sc, u, NULL);
	sc->paradox[u] = true;
	return ok;
}

static void
set_result(struct dip_report *rep, int k, int result, int why)
{
	rep->out[k].result = (uint8_t)result;
	rep->out[k].why = (uint8_t)why;
}

static void
convoy_result(const struct dip_state *st, struct dip_scratch *sc,
    struct dip_report *rep, int u, int k)
{
	struct dip_set	 used;
	int		 a = sc->target[u];

	if (sc->nomatch[u])
		set_result(rep, k, DIP_FAILS, DIP_W_NOMATCH);
	else if (dislodger(st, sc, u) >= 0)
		set_result(rep, k, DIP_FAILS, DIP_W_DISLODGED);
	else if (!sc->convoyed[a])
		set_result(rep, k, DIP_FAILS, DIP_W_NOTUSED);
	else if (sc->paradox[a])
		set_result(rep, k, DIP_FAILS, DIP_W_PARADOX);
	else if (!dip_resolve_path(st, sc, a, &used))
		set_result(rep, k, DIP_FAILS, DIP_W_DISRUPTED);
	else if (!dip_set_has(&used, prov_of(st, u)))
		set_result(rep, k, DIP_FAILS, DIP_W_NOTUSED);
}

static void
order_result(const struct dip_state *st, struct dip_scratch *sc,
    struct dip_report *rep, int u)
{
	int	 k = sc->order_of[u], v;

	if (k < 0 || sc->isvoid[u])
		return;
	switch (sc->kind[u]) {
	case DIP_MOVE:
		if (sc->res[u])
			break;
		if (sc->paradox[u] && paradox_route(st, sc, u))
			set_result(rep, k, DIP_FAILS, DIP_W_PARADOX);
		else if (!dip_resolve_path(st, sc, u, NULL))
			set_result(rep, k, DIP_FAILS, DIP_W_NOCONVOY);
		else
			set_result(rep, k, DIP_FAILS, DIP_W_BOUNCE);
		break;
	case DIP_SUPPORT:
		v = sc->dest[u] < 0 ? -1 : sc->at[sc->dest[u]];
		if (sc->nomatch[u])
			set_result(rep, k, DIP_FAILS, DIP_W_NOMATCH);
		else if (!sc->res[u])
			set_result(rep, k, DIP_FAILS, DIP_W_CUT);
		else if (v >= 0 && st->unit[v].power == st->unit[u].power &&
		    !moved(sc, v))
			set_result(rep, k, DIP_SUCCEEDS_OWN, DIP_W_NONE);
		break;
	case DIP_CONVOY:
		convoy_result(st, sc, rep, u, k);
		break;
	default:
		if (dislodger(st, sc, u) >= 0)
			set_result(rep, k, DIP_FAILS, DIP_W_DISLODGED);
		break;
	}
}

/* Provinces a retreat may not enter because a move there bounced. */
static void
standoffs(const struct dip_state *st, struct dip_scratch *sc,
    struct dip_set *out)
{
	int	 k, v;

	for (k = 0; k < st->nunits; k++) {
		if (sc->kind[k] != DIP_MOVE || sc->res[k] || sc->paradox[k] ||
		    !dip_resolve_path(st, sc, k, NULL))
			continue;
		v = sc->convoyed[k] ? -1 : sc->at[sc->dest[k]];
		/* DATC 5.C: a unit beaten in a head-to-head battle does not
		 * make a standoff where it was going. */
		if (v >= 0 && sc->kind[v] == DIP_MOVE && sc->res[v] &&
		    !sc->convoyed[v] && sc->dest[v] == prov_of(st, k))
			continue;
		dip_set_add(out, sc->dest[k]);
	}
}

static void
retreat_options(const struct dip_state *st, struct dip_retreat *r,
    const struct dip_set *occupied, const struct dip_set *blocked)
{
	const struct dip_map	*m = st->map;
	const struct dip_set	*adj;
	int			 l, p, from = m->loc[r->unit.loc].prov;

	/* The places next to the unit: a fleet's locations, an army's
	 * provinces. */
	adj = r->unit.kind == DIP_FLEET ? &m->fleet_adj[r->unit.loc] :
	    &m->army_adj[from];
	memset(&r->options, 0, sizeof(r->options));
	for (l = dip_set_next(adj, 0); l >= 0 && l < m->nlocs;
	    l = dip_set_next(adj, l + 1)) {
		p = m->loc[l].prov;
		if (dip_set_has(occupied, p) || dip_set_has(blocked, p) ||
		    (p == r->from && !r->convoyed))
			continue;
		dip_set_add(&r->options, l);
	}
}

static void
apply(struct dip_state *st, struct dip_scratch *sc, struct dip_report *rep)
{
	struct dip_set	 occupied, blocked;
	int16_t		 gone[DIP_MAX_UNITS];
	int		 u, n = 0, k, i;

	memset(&occupied, 0, sizeof(occupied));
	memset(&blocked, 0, sizeof(blocked));
	rep->ndislodged = 0;
	st->nretreats = 0;
	for (u = 0; u < st->nunits; u++) {
		struct dip_retreat *r = &rep->dislodged[rep->ndislodged];

		if ((k = dislodger(st, sc, u)) < 0)
			continue;
		r->unit = st->unit[u];
		r->from = (uint8_t)prov_of(st, k);
		r->convoyed = sc->convoyed[k];
		gone[rep->ndislodged++] = (int16_t)u;
	}
	/* Standoffs matter only to retreats. They read the resolver's
	 * state, so they come before the marks below. */
	if (rep->ndislodged > 0)
		standoffs(st, sc, &blocked);
	for (i = 0; i < rep->ndislodged; i++)
		sc->rstate[gone[i]] = 0xff;	/* marks it for the loop below */
	/* The board is rewritten in place: nothing above may run after. */
	for (u = 0; u < st->nunits; u++) {
		struct dip_unit un = st->unit[u];

		if (sc->rstate[u] == 0xff)
			continue;
		if (moved(sc, u))
			un.loc = (uint8_t)sc->dloc[u];
		dip_set_add(&occupied, st->map->loc[un.loc].prov);
		st->unit[n++] = un;
	}
	st->nunits = n;
	for (i = 0; i < rep->ndislodged; i++) {
		retreat_options(st, &rep->dislodged[i], &occupied, &blocked);
		if (st->options & DIP_OPT_NO_RETREAT) {
			/* rules/diplomacy-notes.md (b): destroyed at once. */
			rep->disbanded[rep->ndisbanded++] =
			    rep->dislodged[i].unit;
			memset(&rep->dislodged[i].options, 0,
			    sizeof(rep->dislodged[i].options));
		} else
			st->retreat[st->nretreats++] = rep->dislodged[i];
	}
}

void
dip_resolve_report(struct dip_state *st, struct dip_scratch *sc,
    struct dip_report *rep)
{
	int	 u;

	for (u = 0; u < st->nunits; u++)
		order_result(st, sc, rep, u);
	apply(st, sc, rep);
}
