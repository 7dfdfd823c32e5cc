/*
 * adjust.c - the adjustment phase: builds, removals, waives, and the
 * civil-disorder removals for powers that did not remove enough.
 *
 * Orders are taken one by one in the order given; those beyond a power's
 * allowance fail (DATC 4.D.4-4.D.6, 6.I.1, 6.J.1). Builds only in an
 * owned, vacant home centre (also in 1898 games: rules/diplomacy-notes.md
 * a). Civil disorder: the 2023 rule (DATC 6.J), or with
 * DIP_OPT_OLD_DISORDER the DATC v2.4 rule. No allocation, no I/O.
 */
#include <string.h>

#include "dip.h"

struct adjust_count {
	int	 left[DIP_MAX_POWERS];	/* builds (>0) or removals (<0) left */
	bool	 used[DIP_MAX_PROVINCES];
	bool	 removed[DIP_MAX_UNITS];
};

static void
set_result(struct dip_report *rep, int k, int result, int why)
{
	rep->out[k].result = (uint8_t)result;
	rep->out[k].why = (uint8_t)why;
}

/* DATC 4.C.3: a build without a unit type is an army inland and a fleet
 * where a coast is named; anything else is ambiguous. */
static int
build_kind(const struct dip_map *m, const struct dip_order *o)
{
	if (o->ukind != DIP_ANYKIND)
		return o->ukind;
	if (m->prov[m->loc[o->uloc].prov].terrain == DIP_LAND)
		return DIP_ARMY;
	if (o->uloc >= m->nprov)
		return DIP_FLEET;
	return DIP_ANYKIND;
}

static void
build(struct dip_state *st, const struct dip_order *o, int k,
    struct adjust_count *c, struct dip_report *rep)
{
	const struct dip_map	*m = st->map;
	int			 prov = m->loc[o->uloc].prov;
	int			 kind = build_kind(m, o), loc = prov;

	if (m->prov[prov].home != o->power || !m->prov[prov].centre)
		set_result(rep, k, DIP_VOID, DIP_W_NOT_HOME);
	else if (st->owner[prov] != o->power)
		set_result(rep, k, DIP_VOID, DIP_W_HOME_NOT_OWNED);
	else if (c->used[prov])
		set_result(rep, k, DIP_FAILS, DIP_W_CENTRE_USED);
	else if (dip_state_unit_at(st, prov) >= 0)
		set_result(rep, k, DIP_VOID, DIP_W_CENTRE_OCCUPIED);
	else if (kind == DIP_ANYKIND)
		set_result(rep, k, DIP_VOID, DIP_W_TYPE_NOT_GIVEN);
	else if (kind == DIP_FLEET && m->prov[prov].terrain == DIP_LAND)
		set_result(rep, k, DIP_VOID, DIP_W_FLEET_INLAND_CENTRE);
	else if (kind == DIP_FLEET && m->prov[prov].ncoasts > 0 &&
	    o->uloc < m->nprov)
		set_result(rep, k, DIP_VOID, DIP_W_COAST_NOT_GIVEN);
	else if (c->left[o->power] <= 0)
		set_result(rep, k, DIP_FAILS, DIP_W_NO_BUILDS_LEFT);
	else {
		if (kind == DIP_FLEET)
			loc = o->uloc;
		dip_state_add_unit(st, o->power, kind, loc);
		c->used[prov] = true;
		c->left[o->power]--;
	}
}

static void
removal(struct dip_state *st, const struct dip_order *o, int k,
    struct adjust_count *c, struct dip_report *rep)
{
	int	 u = dip_state_unit_at(st, st->map->loc[o->uloc].prov);

	if (u < 0 || st->unit[u].power != o->power)
		set_result(rep, k, DIP_VOID, u < 0 ? DIP_W_NO_UNIT :
		    DIP_W_NOT_OWN_UNIT);
	else if (c->removed[u])
		set_result(rep, k, DIP_VOID, DIP_W_ALREADY_REMOVED);
	else if (c->left[o->power] >= 0)
		set_result(rep, k, DIP_FAILS, DIP_W_NO_REMOVALS_LEFT);
	else {
		c->removed[u] = true;
		c->left[o->power]++;
	}
}

/*
 * Steps from the unit to the nearest target province: 2023 rule, over
 * land and sea for every unit type; old rule, fleets over water only.
 */
static int
distance(const struct dip_state *st, const struct dip_unit *un,
    const struct dip_set *target)
{
	const struct dip_map	*m = st->map;
	struct dip_set		 seen, front, next;
	bool			 fleetpath;
	int			 d, i, j;

	fleetpath = (st->options & DIP_OPT_OLD_DISORDER) &&
	    un->kind == DIP_FLEET;
	memset(&seen, 0, sizeof(seen));
	memset(&front, 0, sizeof(front));
	dip_set_add(&front, fleetpath ? un->loc : m->loc[un->loc].prov);
	seen = front;
	for (d = 0; d < DIP_MAX_LOCS; d++) {
		bool	 any = false;

		memset(&next, 0, sizeof(next));
		for (i = 0; i < (fleetpath ? m->nlocs : m->nprov); i++) {
			if (!dip_set_has(&front, i))
				continue;
			any = true;
			if (dip_set_has(target, fleetpath ? m->loc[i].prov : i))
				return d;
			for (j = 0; j < (fleetpath ? m->nlocs : m->nprov); j++)
				if (dip_set_has(fleetpath ? &m->fleet_adj[i] :
				    &m->any_adj[i], j) && !dip_set_has(&seen, j)) {
					dip_set_add(&seen, j);
					dip_set_add(&next, j);
				}
		}
		if (!any)
			break;
		front = next;
	}
	return 1000;
}

/* The unit the civil-disorder rule removes next, or -1. DATC 6.J.3-11:
 * farthest first; ties fleets first, then by English province name. */
static int
disorder_pick(const struct dip_state *st, int power,
    const struct adjust_count *c)
{
	const struct dip_map	*m = st->map;
	struct dip_set		 target;
	int			 u, best = -1, bestd = -1, d, p;

	memset(&target, 0, sizeof(target));
	for (p = 0; p < m->nprov; p++)
		if (m->prov[p].centre && ((st->options & DIP_OPT_OLD_DISORDER) ?
		    m->prov[p].home == power : st->owner[p] == power))
			dip_set_add(&target, p);
	for (u = 0; u < st->nunits; u++) {
		const struct dip_unit *un = &st->unit[u];

		if (un->power != power || c->removed[u])
			continue;
		d = distance(st, un, &target);
		if (best >= 0 && (d < bestd || (d == bestd &&
		    (un->kind < st->unit[best].kind || (un->kind ==
		    st->unit[best].kind && strcmp(m->prov[m->loc[un->loc].prov].name,
		    m->prov[m->loc[st->unit[best].loc].prov].name) > 0)))))
			continue;
		best = u;
		bestd = d;
	}
	return best;
}

void
dip_adjust(struct dip_state *st, const struct dip_order *orders,
    int norders, struct dip_report *rep)
{
	struct adjust_count	 c;
	int			 k, p, u, n;

	memset(&c, 0, sizeof(c));
	for (p = 0; p < st->map->npowers; p++)
		c.left[p] = dip_state_centres(st, p) - dip_state_units(st, p);
	for (k = 0; k < norders; k++) {
		const struct dip_order *o = &orders[k];

		set_result(rep, k, DIP_SUCCEEDS, DIP_W_NONE);
		if (o->kind == DIP_BUILD)
			build(st, o, k, &c, rep);
		else if (o->kind == DIP_REMOVE || o->kind == DIP_DISBAND)
			removal(st, o, k, &c, rep);
		else if (o->kind == DIP_WAIVE) {
			if (c.left[o->power] > 0)
				c.left[o->power]--;
			else
				set_result(rep, k, DIP_FAILS,
				    DIP_W_NO_BUILDS_LEFT);
		} else
			set_result(rep, k, DIP_VOID, DIP_W_WRONG_PHASE);
	}
	for (p = 0; p < st->map->npowers; p++)
		while (c.left[p] < 0 && (u = disorder_pick(st, p, &c)) >= 0) {
			c.removed[u] = true;
			c.left[p]++;
			rep->autoremoved[rep->nautoremoved++] = st->unit[u];
		}
	for (u = 0, n = 0; u < st->nunits; u++)
		if (!c.removed[u])
			st->unit[n++] = st->unit[u];
	st->nunits = n;
}
