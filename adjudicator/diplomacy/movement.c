/*
 * movement.c - checks the orders of a movement phase against the board.
 *
 * Every unit gets exactly one effective order: the one written for it, or
 * hold. Illegal orders (DATC 4.E.1: impossible whatever the others order)
 * become VOID and the unit holds; legal orders that do not match what the
 * supported or convoyed unit does are kept, marked as not matching, and
 * count for nothing. The strengths and the resolution are in resolve.c.
 * Nothing here allocates; all working memory is the caller's scratch.
 */
#include <string.h>

#include "dip.h"
#include "resolve.h"

#define ROUTE_MAX	24

struct route_walk {
	const struct dip_map	*map;
	struct dip_set		 fleets;	/* seas holding a fleet */
	int			 origin, dest;
	int			 path[ROUTE_MAX];
	struct dip_set		*useful;
	bool			 found;
};

static bool
sea_touches(const struct dip_map *m, int sea, int prov)
{
	return dip_set_has(&m->fleet_reach[sea], prov);
}

/*
 * Depth-first over seas with fleets, keeping only routes without a short
 * cut: a fleet that some shorter route makes unnecessary is on no route
 * (DATC 6.G.19). The board has 19 seas, so this stays small.
 */
static void
route_visit(struct route_walk *w, int sea, int depth)
{
	struct dip_set	 next;
	int		 i, n;

	if (depth > 0 && sea_touches(w->map, sea, w->origin))
		return;
	for (i = 0; i < depth - 1; i++)
		if (sea_touches(w->map, sea, w->path[i]))
			return;
	w->path[depth] = sea;
	if (sea_touches(w->map, sea, w->dest)) {
		w->found = true;
		for (i = 0; i <= depth && w->useful != NULL; i++)
			dip_set_add(w->useful, w->path[i]);
		return;
	}
	if (depth + 1 == ROUTE_MAX)
		return;
	next.w[0] = w->fleets.w[0] & w->map->fleet_reach[sea].w[0];
	next.w[1] = w->fleets.w[1] & w->map->fleet_reach[sea].w[1];
	for (n = dip_set_next(&next, 0); n >= 0; n = dip_set_next(&next, n + 1)) {
		for (i = 0; i <= depth && w->path[i] != n; i++)
			;
		if (i > depth)
			route_visit(w, n, depth + 1);
	}
}

/*
 * Whether the fleets make some chain of seas from origin to dest:
 * breadth first, a wave of seas at a time. A shortest chain has no short
 * cut, so it is one of the routes route_visit() keeps: the answer is the
 * same, without walking every route (issue 18: 60 units on the board
 * made that walk the most of a phase's time).
 */
static bool
route_any(const struct dip_map *m, const struct dip_set *fleets, int origin,
    int dest)
{
	struct dip_set	 seen, wave, next;
	uint64_t	 bits;
	int		 k, sea;

	memset(&wave, 0, sizeof(wave));
	for (k = 0; k < 2; k++)
		for (bits = fleets->w[k]; bits != 0; bits &= bits - 1) {
			sea = k * 64 + __builtin_ctzll(bits);
			if (sea_touches(m, sea, origin))
				dip_set_add(&wave, sea);
		}
	seen = wave;
	while ((wave.w[0] | wave.w[1]) != 0) {
		memset(&next, 0, sizeof(next));
		for (k = 0; k < 2; k++)
			for (bits = wave.w[k]; bits != 0; bits &= bits - 1) {
				sea = k * 64 + __builtin_ctzll(bits);
				if (sea_touches(m, sea, dest))
					return true;
				next.w[0] |= m->fleet_reach[sea].w[0];
				next.w[1] |= m->fleet_reach[sea].w[1];
			}
		for (k = 0; k < 2; k++) {
			wave.w[k] = next.w[k] & fleets->w[k] & ~seen.w[k];
			seen.w[k] |= wave.w[k];
		}
	}
	return false;
}

/*
 * Whether fleets now on the board (sc->fleets, movement_setup) could
 * convoy an army from origin to dest, not counting the fleet in province
 * skip; fills useful (may be NULL) with the seas that lie on some such
 * route.
 */
bool
dip_route_possible(const struct dip_state *st, const struct dip_scratch *sc,
    int origin, int dest, int skip, struct dip_set *useful)
{
	const struct dip_map	*m = st->map;
	struct route_walk	 w;
	int			 p;

	if (m->prov[origin].terrain != DIP_COAST ||
	    m->prov[dest].terrain != DIP_COAST)
		return false;
	memset(&w, 0, sizeof(w));
	w.fleets = sc->fleets;
	if (skip >= 0)
		w.fleets.w[skip >> 6] &= ~((uint64_t)1 << (skip & 63));
	if (useful == NULL)
		return route_any(m, &w.fleets, origin, dest);
	w.map = m;
	w.origin = origin;
	w.dest = dest;
	w.useful = useful;
	for (p = dip_set_next(&w.fleets, 0); p >= 0;
	    p = dip_set_next(&w.fleets, p + 1))
		if (sea_touches(m, p, origin))
			route_visit(&w, p, 0);
	return w.found;
}

/*
 * Whether some chain of seas joins two coastal provinces, whatever fleets
 * stand on the board. Without one an army can never be convoyed between
 * them, so an army's move there is refused as "not adjacent", not as "no
 * possible convoy route" (issue 16: A SMY - SEV; the Black Sea borders no
 * other sea). route_any() with a fleet on every sea.
 */
static bool
route_ever(const struct dip_map *m, int origin, int dest)
{
	if (m->prov[origin].terrain != DIP_COAST ||
	    m->prov[dest].terrain != DIP_COAST)
		return false;
	return route_any(m, &m->seas, origin, dest);
}

/*
 * Where a fleet at loc can go in province prov: the location, or -1 with
 * why. A coast is needed only when two are reachable (DATC 6.B.1, 6.B.2);
 * a coast that was written must be reachable (6.B.3).
 */
static int
fleet_dest(const struct dip_map *m, int loc, int dloc, uint8_t *why)
{
	int	 prov = m->loc[dloc].prov, i, found = -1, n = 0;

	if (m->prov[prov].terrain == DIP_LAND) {
		*why = DIP_W_FLEET_TO_INLAND;
		return -1;
	}
	if (m->prov[prov].ncoasts == 0 || dloc != prov) {
		if (dip_set_has(&m->fleet_adj[loc], dloc))
			return dloc;
		*why = dip_set_has(&m->fleet_reach[loc], prov) ?
		    DIP_W_COAST_UNREACHABLE : DIP_W_NOT_ADJACENT;
		return -1;
	}
	for (i = 0; i < m->prov[prov].ncoasts; i++)
		if (dip_set_has(&m->fleet_adj[loc], m->prov[prov].coast[i])) {
			found = m->prov[prov].coast[i];
			n++;
		}
	if (n == 1)
		return found;
	*why = n == 0 ? DIP_W_NOT_ADJACENT : DIP_W_COAST_REQUIRED;
	return -1;
}

static bool
move_check(const struct dip_state *st, struct dip_scratch *sc, int u,
    const struct dip_order *o)
{
	const struct dip_map	*m = st->map;
	const struct dip_unit	*un = &st->unit[u];
	int			 from = m->loc[un->loc].prov;
	int			 to = m->loc[o->dest].prov;

	sc->dest[u] = (int16_t)to;
	sc->dloc[u] = (int16_t)to;
	if (to == from) {
		sc->why[u] = DIP_W_MOVE_TO_SELF;
		return false;
	}
	if (un->kind == DIP_FLEET) {
		int	 l = fleet_dest(m, un->loc, o->dest, &sc->why[u]);

		sc->dloc[u] = (int16_t)l;
		return l >= 0;
	}
	if (m->prov[to].terrain == DIP_SEA) {
		sc->why[u] = DIP_W_ARMY_TO_SEA;
		return false;
	}
	/* A move over land not written "via convoy" goes over land, and
	 * is possible, whatever route the fleets could make. */
	if (!o->via && dip_set_has(&m->army_adj[from], to))
		return true;
	if (dip_route_possible(st, sc, from, to, -1, NULL)) {
		sc->convoyed[u] = o->via || !dip_set_has(&m->army_adj[from],
		    to);
		return true;
	}
	if (dip_set_has(&m->army_adj[from], to))
		return true;
	sc->why[u] = route_ever(m, from, to) ? DIP_W_NO_ROUTE :
	    DIP_W_NOT_ADJACENT;
	return false;
}

/* Could the unit t make a move to province to at all? A route through
 * the supporting fleet does not count (DATC 6.D.? "only route"). */
static bool
move_possible(const struct dip_state *st, struct dip_scratch *sc, int t,
    int to, int skip)
{
	const struct dip_map	*m = st->map;
	const struct dip_unit	*un = &st->unit[t];
	int			 from = m->loc[un->loc].prov;

	if (to == from)
		return false;
	if (un->kind == DIP_FLEET)
		return dip_set_has(&m->fleet_reach[un->loc], to);
	if (m->prov[to].terrain == DIP_SEA)
		return false;
	return dip_set_has(&m->army_adj[from], to) ||
	    dip_route_possible(st, sc, from, to, skip, NULL);
}

static bool
can_reach(const struct dip_state *st, int u, int prov)
{
	const struct dip_map	*m = st->map;
	const struct dip_unit	*un = &st->unit[u];

	if (un->kind == DIP_FLEET)
		return dip_set_has(&m->fleet_reach[un->loc], prov);
	return dip_set_has(&m->army_adj[m->loc[un->loc].prov], prov);
}

static bool
support_check(const struct dip_state *st, struct dip_scratch *sc, int u,
    const struct dip_order *o)
{
	const struct dip_map	*m = st->map;
	int			 self = m->loc[st->unit[u].loc].prov;
	int			 tprov = m->loc[o->tloc].prov;
	int			 t = sc->at[tprov];

	sc->dest[u] = o->dest < 0 ? -1 : m->loc[o->dest].prov;
	sc->scoast[u] = o->dest < 0 ? 0 : m->loc[o->dest].coast;
	sc->target[u] = (int16_t)t;
	if (t < 0) {
		sc->why[u] = DIP_W_NO_UNIT;
		return false;
	}
	if (t == u) {
		sc->why[u] = DIP_W_SUPPORT_SELF;
		return false;
	}
	if (o->dest < 0) {
		if (can_reach(st, u, tprov))
			return true;
		sc->why[u] = DIP_W_SUPPORT_UNREACHABLE;
		return false;
	}
	if (sc->dest[u] == self) {
		sc->why[u] = DIP_W_SUPPORT_INTO_SELF;
		return false;
	}
	if (!can_reach(st, u, sc->dest[u])) {
		sc->why[u] = DIP_W_SUPPORT_UNREACHABLE;
		return false;
	}
	if (!move_possible(st, sc, t, sc->dest[u], self)) {
		sc->why[u] = DIP_W_SUPPORTED_ILLEGAL;
		return false;
	}
	return true;
}

static bool
convoy_check(const struct dip_state *st, struct dip_scratch *sc, int u,
    const struct dip_order *o)
{
	const struct dip_map	*m = st->map;
	int			 self = m->loc[st->unit[u].loc].prov;
	int			 from = m->loc[o->tloc].prov;
	int			 t = sc->at[from];
	struct dip_set		 useful;

	sc->dest[u] = o->dest < 0 ? -1 : m->loc[o->dest].prov;
	sc->target[u] = (int16_t)t;
	if (st->unit[u].kind != DIP_FLEET || m->prov[self].terrain != DIP_SEA) {
		sc->why[u] = DIP_W_CONVOY_COASTAL;
		return false;
	}
	if (t < 0 || st->unit[t].kind != DIP_ARMY) {
		sc->why[u] = t < 0 ? DIP_W_NO_UNIT : DIP_W_CONVOY_NOT_ARMY;
		return false;
	}
	if (sc->dest[u] == from) {
		sc->why[u] = DIP_W_CONVOY_TO_SELF;
		return false;
	}
	memset(&useful, 0, sizeof(useful));
	if (sc->dest[u] < 0 || !dip_route_possible(st, sc, from,
	    sc->dest[u], -1, &useful) || !dip_set_has(&useful, self)) {
		sc->why[u] = DIP_W_CONVOY_OFF_ROUTE;
		return false;
	}
	return true;
}

/* The kind of order each unit follows, before matching. */
static void
movement_check(const struct dip_state *st, const struct dip_order *orders,
    struct dip_scratch *sc, struct dip_report *rep)
{
	int	 u, k;
	bool	 ok;

	for (u = 0; u < st->nunits; u++) {
		k = sc->order_of[u];
		if (k < 0)
			continue;
		switch (orders[k].kind) {
		case DIP_MOVE:
			ok = move_check(st, sc, u, &orders[k]);
			break;
		case DIP_SUPPORT:
			ok = support_check(st, sc, u, &orders[k]);
			break;
		case DIP_CONVOY:
			ok = convoy_check(st, sc, u, &orders[k]);
			break;
		default:
			ok = true;
			break;
		}
		sc->kind[u] = orders[k].kind;
		if (!ok) {
			sc->isvoid[u] = true;
			rep->out[k].result = DIP_VOID;
			rep->out[k].why = sc->why[u];
		}
	}
}

/*
 * An army ordered to an adjacent province goes by convoy only when told
 * so, or when a fleet of its own power legally convoys it there (DATC
 * 4.A.3, 2023 rules; 6.G.1 and 6.G.2).
 */
static void
movement_intent(const struct dip_state *st, struct dip_scratch *sc)
{
	int	 f, a;

	for (f = 0; f < st->nunits; f++) {
		if (sc->kind[f] != DIP_CONVOY || sc->isvoid[f])
			continue;
		a = sc->target[f];
		if (sc->kind[a] == DIP_MOVE && !sc->isvoid[a] &&
		    sc->dest[a] == sc->dest[f] &&
		    st->unit[a].power == st->unit[f].power)
			sc->convoyed[a] = true;
	}
}

static void
movement_link(const struct dip_state *st, struct dip_scratch *sc)
{
	int	 u, t;

	for (u = st->nunits - 1; u >= 0; u--) {
		if (sc->isvoid[u]) {
			sc->kind[u] = DIP_HOLD;
			continue;
		}
		t = sc->target[u];
		switch (sc->kind[u]) {
		case DIP_MOVE:
			sc->into_next[u] = sc->into_head[sc->dest[u]];
			sc->into_head[sc->dest[u]] = (int16_t)u;
			break;
		case DIP_SUPPORT:
			if (sc->dest[u] < 0)
				sc->nomatch[u] = sc->kind[t] == DIP_MOVE &&
				    !sc->isvoid[t];
			else
				sc->nomatch[u] = sc->kind[t] != DIP_MOVE ||
				    sc->isvoid[t] ||
				    sc->dest[t] != sc->dest[u] ||
				    (sc->scoast[u] != DIP_NOCOAST &&
				    st->map->loc[sc->dloc[t]].coast !=
				    sc->scoast[u]);
			if (!sc->nomatch[u]) {
				sc->sup_next[u] = sc->sup_head[t];
				sc->sup_head[t] = (int16_t)u;
			}
			break;
		case DIP_CONVOY:
			sc->nomatch[u] = sc->kind[t] != DIP_MOVE ||
			    sc->isvoid[t] || sc->dest[t] != sc->dest[u];
			if (!sc->nomatch[u] && sc->convoyed[t]) {
				sc->conv_next[u] = sc->conv_head[t];
				sc->conv_head[t] = (int16_t)u;
			}
			break;
		}
	}
}

static void
movement_setup(const struct dip_state *st, const struct dip_order *orders,
    int norders, struct dip_scratch *sc, struct dip_report *rep)
{
	const struct dip_map	*m = st->map;
	int			 u, k;

	for (u = 0; u < m->nprov; u++) {
		sc->at[u] = -1;
		sc->into_head[u] = -1;
	}
	memset(&sc->fleets, 0, sizeof(sc->fleets));
	for (u = 0; u < st->nunits; u++) {
		int	 p = m->loc[st->unit[u].loc].prov;

		sc->at[p] = (int16_t)u;
		if (st->unit[u].kind == DIP_FLEET &&
		    m->prov[p].terrain == DIP_SEA)
			dip_set_add(&sc->fleets, p);
		sc->order_of[u] = -1;
		sc->kind[u] = DIP_HOLD;
		sc->why[u] = DIP_W_NONE;
		sc->dest[u] = -1;
		sc->dloc[u] = -1;
		sc->target[u] = -1;
		sc->scoast[u] = 0;
		sc->isvoid[u] = sc->nomatch[u] = false;
		sc->convoyed[u] = sc->paradox[u] = false;
		sc->into_next[u] = sc->sup_head[u] = sc->sup_next[u] = -1;
		sc->conv_head[u] = sc->conv_next[u] = -1;
		sc->rstate[u] = 0;
		sc->res[u] = false;
	}
	sc->ndep = 0;
	for (k = 0; k < norders; k++) {
		const struct dip_order *o = &orders[k];

		rep->out[k].result = DIP_SUCCEEDS;
		rep->out[k].why = DIP_W_NONE;
		u = sc->at[m->loc[o->uloc].prov];
		if (o->kind > DIP_CONVOY) {
			rep->out[k].result = DIP_VOID;
			rep->out[k].why = DIP_W_WRONG_PHASE;
		} else if (u < 0) {
			rep->out[k].result = DIP_VOID;
			rep->out[k].why = DIP_W_NO_UNIT;
		} else if (st->unit[u].power != o->power) {
			rep->out[k].result = DIP_VOID;
			rep->out[k].why = DIP_W_NOT_OWN_UNIT;
		} else {
			/* The last order for a unit replaces earlier ones
			 * (rules/diplomacy.md). */
			if (sc->order_of[u] >= 0) {
				rep->out[sc->order_of[u]].result = DIP_VOID;
				rep->out[sc->order_of[u]].why = DIP_W_REPLACED;
			}
			sc->order_of[u] = (int16_t)k;
		}
	}
	movement_check(st, orders, sc, rep);
	movement_intent(st, sc);
	movement_link(st, sc);
}

void
dip_movement(struct dip_state *st, const struct dip_order *orders,
    int norders, struct dip_report *rep, struct dip_scratch *sc)
{
	movement_setup(st, orders, norders, sc, rep);
	dip_resolve_all(st, sc);
	dip_resolve_report(st, sc, rep);
}
