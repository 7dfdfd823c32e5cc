/*
 * retreat.c - the retreat phase: dislodged units move to one of the
 * places found after the movement phase, or are disbanded.
 *
 * Two retreats to one province both fail and both units are disbanded
 * (rules, DATC 6.H.7); a dislodged unit without a valid order is
 * disbanded; supports and convoys do not exist in this phase (6.H.2,
 * 6.H.3). No allocation, no I/O.
 */
#include <string.h>

#include "dip.h"

static int
find_retreat(const struct dip_state *st, int prov)
{
	int	 i;

	for (i = 0; i < st->nretreats; i++)
		if (st->map->loc[st->retreat[i].unit.loc].prov == prov)
			return i;
	return -1;
}

/*
 * Why a retreat to dloc, not among the options, is refused: a move's
 * reason where a move would be refused too (movement.c; DATC 6.A.1 to
 * 6.A.4, 6.B.3), else the attacker's province or a place not open.
 */
static uint8_t
refusal(const struct dip_map *m, const struct dip_retreat *r, int dloc)
{
	int	 prov = m->loc[dloc].prov, at = m->loc[r->unit.loc].prov;

	if (prov == at)
		return DIP_W_MOVE_TO_SELF;
	if (r->unit.kind == DIP_ARMY && m->prov[prov].terrain == DIP_SEA)
		return DIP_W_ARMY_TO_SEA;
	if (r->unit.kind == DIP_FLEET && m->prov[prov].terrain == DIP_LAND)
		return DIP_W_FLEET_TO_INLAND;
	if (r->unit.kind == DIP_ARMY ?
	    !dip_set_has(&m->army_adj[at], prov) :
	    !dip_set_has(&m->fleet_reach[r->unit.loc], prov))
		return DIP_W_NOT_ADJACENT;
	if (r->unit.kind == DIP_FLEET && dloc != prov &&
	    !dip_set_has(&m->fleet_adj[r->unit.loc], dloc))
		return DIP_W_COAST_UNREACHABLE;
	if (prov == r->from)
		return DIP_W_RETREAT_ATTACKER;
	return DIP_W_RETREAT_OCCUPIED;
}

/*
 * Where the retreat may go, or -1 with why. The options are locations
 * (outcome.c): an army's a province, a fleet's a coast where the province
 * has coasts. So an army goes to the province whatever coast was written,
 * as a move does (movement.c; issue 12: "A RUM - BUL" was refused while
 * BUL was listed), and a fleet needs a coast only when two are open
 * (DATC 6.B.1, 6.B.2 for moves).
 */
static int
retreat_dest(const struct dip_state *st, const struct dip_retreat *r,
    int dloc, uint8_t *why)
{
	const struct dip_map		*m = st->map;
	const struct dip_province	*p = &m->prov[m->loc[dloc].prov];
	int				 i, found = -1, n = 0;

	if (r->unit.kind == DIP_ARMY || p->ncoasts == 0)
		dloc = m->loc[dloc].prov;
	else if (dloc == m->loc[dloc].prov) {
		for (i = 0; i < p->ncoasts; i++)
			if (dip_set_has(&r->options, p->coast[i])) {
				found = p->coast[i];
				n++;
			}
		if (n == 1)
			return found;
		if (n > 1) {
			*why = DIP_W_COAST_REQUIRED;
			return -1;
		}
	}
	if (dip_set_has(&r->options, dloc))
		return dloc;
	*why = refusal(m, r, dloc);
	return -1;
}

static void
void_order(struct dip_report *rep, int k, int why)
{
	rep->out[k].result = DIP_VOID;
	rep->out[k].why = (uint8_t)why;
}

void
dip_retreat(struct dip_state *st, const struct dip_order *orders,
    int norders, struct dip_report *rep)
{
	const struct dip_map	*m = st->map;
	int16_t			 order_of[DIP_MAX_UNITS], dest[DIP_MAX_UNITS];
	int			 count[DIP_MAX_PROVINCES];
	int			 k, i, j;
	uint8_t			 why = 0;

	memset(count, 0, sizeof(count));
	for (i = 0; i < st->nretreats; i++)
		order_of[i] = dest[i] = -1;
	for (k = 0; k < norders; k++) {
		const struct dip_order *o = &orders[k];

		rep->out[k].result = DIP_SUCCEEDS;
		rep->out[k].why = DIP_W_NONE;
		i = find_retreat(st, m->loc[o->uloc].prov);
		if (o->kind != DIP_MOVE && o->kind != DIP_RETREAT_TO &&
		    o->kind != DIP_DISBAND && o->kind != DIP_REMOVE)
			void_order(rep, k, DIP_W_WRONG_PHASE);
		else if (i < 0)
			void_order(rep, k, dip_state_unit_at(st,
			    m->loc[o->uloc].prov) >= 0 ? DIP_W_NOT_DISLODGED :
			    DIP_W_NO_UNIT);
		else if (st->retreat[i].unit.power != o->power)
			void_order(rep, k, DIP_W_NOT_OWN_UNIT);
		else {
			if (order_of[i] >= 0)
				void_order(rep, order_of[i], DIP_W_REPLACED);
			order_of[i] = (int16_t)k;
		}
	}
	for (i = 0; i < st->nretreats; i++) {
		k = order_of[i];
		if (k < 0 || orders[k].kind == DIP_DISBAND ||
		    orders[k].kind == DIP_REMOVE)
			continue;
		dest[i] = (int16_t)retreat_dest(st, &st->retreat[i],
		    orders[k].dest, &why);
		if (dest[i] < 0)
			void_order(rep, k, why);
		else
			count[m->loc[dest[i]].prov]++;
	}
	for (i = 0; i < st->nretreats; i++) {
		struct dip_unit un = st->retreat[i].unit;

		j = dest[i];
		if (j >= 0 && count[m->loc[j].prov] > 1) {
			rep->out[order_of[i]].result = DIP_FAILS;
			rep->out[order_of[i]].why = DIP_W_BOUNCE;
			j = -1;
		}
		if (j < 0) {
			rep->disbanded[rep->ndisbanded++] = un;
			continue;
		}
		dip_state_add_unit(st, un.power, un.kind, j);
	}
	st->nretreats = 0;
}
