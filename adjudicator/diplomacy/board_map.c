/*
 * board_map.c - one board as a map picture needs it (game.h, struct
 * game_map_board): the centres with their owners and the count per
 * power, the units where they stand (dislodged ones with their retreat
 * options and the province they were attacked from, undead ones), and
 * the orders of the phase just played with their outcome.
 *
 * The orders are read back from the board's record (canonical texts and
 * results) by the engine's own reader, dip_order_parse(), never by hand.
 * A unit that left the board without an order of its own (a retreat not
 * ordered, a civil-disorder removal) gets the disband or removal it
 * suffered. Every array is bounded by its GAME_MAP_* cap: what does not
 * fit is counted in left_out and not written. Pure: no I/O, no
 * allocation; Diplomacy hides nothing, so every seat gets the same.
 */
#include <stdio.h>
#include <string.h>

#include "board.h"

_Static_assert(GAME_MAP_PLACE >= sizeof(((struct dip_loc *)0)->name),
    "a location's name fits a map place");
_Static_assert(GAME_MAP_POWERS >= DIP_MAX_POWERS, "every power fits");

static void
map_place(char out[GAME_MAP_PLACE], const char *name)
{
	snprintf(out, GAME_MAP_PLACE, "%s", name);
}

static char
map_kind(int kind)
{
	return kind == DIP_FLEET ? 'F' : 'A';
}

/* The powers' name keys, for a legend. */
void
dip_board_map_powers(const struct dip_map *m, struct game_mapview *mv)
{
	int	 p;

	mv->npowers = m->npowers;
	for (p = 0; p < m->npowers; p++)
		snprintf(mv->power[p], sizeof(mv->power[p]), "%s",
		    dip_board_power_arg(p));
}

/* A unit of mark on the board, or NULL (counted) when the board is full. */
struct game_map_unit *
dip_board_map_unit(struct game_map_board *mb, const struct dip_map *m,
    const struct dip_unit *u, int mark)
{
	struct game_map_unit	*mu;

	if (mb->nunits >= GAME_MAP_UNITS) {
		mb->left_out++;
		return NULL;
	}
	mu = &mb->unit[mb->nunits++];
	memset(mu, 0, sizeof(*mu));
	map_place(mu->at, m->loc[u->loc].name);
	mu->power = u->power;
	mu->kind = map_kind(u->kind);
	mu->mark = (uint8_t)mark;
	return mu;
}

/* An order of kind by power's unit ukind at unit, or NULL (counted). */
struct game_map_order *
dip_board_map_order(struct game_map_board *mb, int kind, int outcome,
    int power, int ukind, const char *unit)
{
	struct game_map_order	*mo;

	if (mb->norders >= GAME_MAP_ORDERS) {
		mb->left_out++;
		return NULL;
	}
	mo = &mb->order[mb->norders++];
	memset(mo, 0, sizeof(*mo));
	mo->kind = (uint8_t)kind;
	mo->outcome = (uint8_t)outcome;
	mo->power = (int8_t)power;
	mo->ukind = map_kind(ukind);
	map_place(mo->unit, unit);
	return mo;
}

static void
map_centres(const struct dip_board *b, struct game_map_board *mb)
{
	const struct dip_map	*m = b->st.map;
	int			 p;

	for (p = 0; p < m->nprov; p++) {
		if (!m->prov[p].centre)
			continue;
		if (mb->ncentres >= GAME_MAP_CENTRES) {
			mb->left_out++;
			continue;
		}
		map_place(mb->centre[mb->ncentres].at, m->prov[p].abbr);
		mb->centre[mb->ncentres++].owner = b->st.owner[p];
	}
	for (p = 0; p < m->npowers; p++)
		mb->count[p] = dip_state_centres(&b->st, p);
}

static void
map_dislodged(const struct dip_map *m, const struct dip_retreat *r,
    struct game_map_board *mb)
{
	struct game_map_unit	*mu;
	int			 l;

	if ((mu = dip_board_map_unit(mb, m, &r->unit,
	    GAME_MAP_DISLODGED)) == NULL)
		return;
	map_place(mu->attacker, m->prov[r->from].abbr);
	for (l = 0; l < m->nlocs; l++) {
		if (!dip_set_has(&r->options, l))
			continue;
		if (mu->noptions >= GAME_MAP_OPTIONS)
			mb->left_out++;
		else
			map_place(mu->option[mu->noptions++], m->loc[l].name);
	}
}

/*
 * The units: on the board now, undead (NR-board), and those dislodged in
 * the movement phase just played (the record's disl[]: awaiting their
 * retreat, or with no option when they were destroyed at once).
 */
static void
map_units(const struct dip_board *b, struct game_map_board *mb)
{
	const struct dip_map	*m = b->st.map;
	int			 i;

	for (i = 0; i < b->st.nunits; i++)
		dip_board_map_unit(mb, m, &b->st.unit[i], GAME_MAP_UNIT);
	for (i = 0; i < b->nundead; i++)
		dip_board_map_unit(mb, m, &b->undead[i], GAME_MAP_UNDEAD);
	for (i = 0; i < b->ndisl; i++)
		map_dislodged(m, &b->disl[i], mb);
}

/*
 * Where a fleet moving to a split-coast province written without its
 * coast arrives: the one coast it can reach (DATC 6.B.2), else the
 * province as written.
 */
static int
map_fleet_dest(const struct dip_map *m, const struct dip_order *o)
{
	const struct dip_province *pv;
	int			 i, c, found = -1;

	if (o->ukind != DIP_FLEET || o->dest < 0 || o->dest >= m->nprov)
		return o->dest;
	pv = &m->prov[o->dest];
	for (i = 0; i < pv->ncoasts; i++) {
		c = pv->coast[i];
		if (!dip_set_has(&m->fleet_adj[o->uloc], c))
			continue;
		if (found >= 0)
			return o->dest;
		found = c;
	}
	return found >= 0 ? found : o->dest;
}

static int
map_prov(const struct dip_map *m, int loc)
{
	return m->loc[loc].prov;
}

/*
 * Whether army move k goes by convoy, as the engine decides it: "via
 * convoy" written, a destination no land route reaches in one step, or
 * a convoy of its own power ordered for this very move (DATC 4.A.3,
 * 2023 rules; movement.c movement_intent()).
 */
static bool
map_convoyed(const struct dip_board *b, const struct dip_order *o,
    const uint8_t *result, int n, int k)
{
	const struct dip_map	*m = b->st.map;
	const struct dip_order	*a = &o[k];
	int			 i;

	if (a->ukind == DIP_FLEET)
		return false;
	if (a->via || !dip_set_has(&m->army_adj[map_prov(m, a->uloc)],
	    map_prov(m, a->dest)))
		return true;
	for (i = 0; i < n; i++)
		if (o[i].kind == DIP_CONVOY && o[i].power == a->power &&
		    result[i] != DIP_VOID &&
		    map_prov(m, o[i].tloc) == map_prov(m, a->uloc) &&
		    map_prov(m, o[i].dest) == map_prov(m, a->dest))
			return true;
	return false;
}

static int
map_outcome(int result)
{
	switch (result) {
	case DIP_SUCCEEDS:
	case DIP_SUCCEEDS_OWN:
		return GAME_MAP_OK;
	case DIP_FAILS:
		return GAME_MAP_FAILED;
	default:
		return GAME_MAP_VOID;
	}
}

/* The map's kind of an engine order; -1 for one a map does not draw. */
static int
map_order_kind(int kind)
{
	static const int kinds[] = {
		[DIP_HOLD] = GAME_MAP_HOLD, [DIP_MOVE] = GAME_MAP_MOVE,
		[DIP_SUPPORT] = GAME_MAP_SUPPORT,
		[DIP_CONVOY] = GAME_MAP_CONVOY,
		[DIP_RETREAT_TO] = GAME_MAP_RETREAT,
		[DIP_DISBAND] = GAME_MAP_DISBAND, [DIP_BUILD] = GAME_MAP_BUILD,
		[DIP_REMOVE] = GAME_MAP_REMOVE, [DIP_WAIVE] = -1
	};

	return kind >= 0 && kind < (int)(sizeof(kinds) / sizeof(kinds[0])) ?
	    kinds[kind] : -1;
}

/* One order of the record, read back, onto the map. */
static void
map_order(const struct dip_board *b, const struct dip_order *o,
    const uint8_t *result, int n, int k, struct game_map_board *mb)
{
	const struct dip_map	*m = b->st.map;
	const struct dip_order	*a = &o[k];
	struct game_map_order	*mo;
	int			 kind = map_order_kind(a->kind), to;

	if (kind < 0 || (mo = dip_board_map_order(mb, kind,
	    map_outcome(result[k]), a->power, a->ukind,
	    m->loc[a->uloc].name)) == NULL)
		return;
	switch (a->kind) {
	case DIP_MOVE:
		mo->convoyed = map_convoyed(b, o, result, n, k);
		/* FALLTHROUGH */
	case DIP_RETREAT_TO:
		to = map_fleet_dest(m, a);
		map_place(mo->to, m->loc[to].name);
		break;
	case DIP_SUPPORT:
	case DIP_CONVOY:
		map_place(mo->from, m->loc[a->tloc].name);
		if (a->dest >= 0)
			map_place(mo->to, m->loc[a->dest].name);
		break;
	}
}

/* Whether one of the orders read is for the unit u. */
static bool
map_ordered(const struct dip_map *m, const struct dip_order *o, int n,
    const struct dip_unit *u)
{
	int	 i;

	for (i = 0; i < n; i++)
		if (o[i].power == u->power &&
		    map_prov(m, o[i].uloc) == map_prov(m, u->loc))
			return true;
	return false;
}

/*
 * The orders of the phase just played: every result of the record (a
 * unit that held without an order holds here too), then each unit that
 * left the board without an order of its own: a dislodged unit without
 * a retreat order disbands, a civil-disorder removal is a removal. One
 * destroyed at once when dislodged has its movement order: it shows as
 * dislodged with no option.
 */
static void
map_orders(const struct dip_board *b, struct game_map_board *mb)
{
	const struct dip_map	*m = b->st.map;
	struct dip_order	 o[DIP_BOARD_RES], one[2];
	uint8_t			 result[DIP_BOARD_RES];
	struct game_diag	 why;
	bool			 adjust;
	int			 i, n = 0;

	for (i = 0; i < b->nres; i++) {
		/* The text is the engine's own canonical one: it reads. */
		if (dip_order_parse(m, b->res[i].power, b->res[i].text, one, 2,
		    &why) != 1) {
			mb->left_out++;
			continue;
		}
		result[n] = b->res[i].result;
		o[n++] = one[0];
	}
	for (i = 0; i < n; i++)
		map_order(b, o, result, n, i, mb);
	adjust = b->last[0] != '\0' && b->last[strlen(b->last) - 1] == 'A';
	for (i = 0; i < b->ngone; i++) {
		const struct dip_unit *u = &b->gone[i].unit;

		if (!map_ordered(m, o, n, u))
			dip_board_map_order(mb, adjust ? GAME_MAP_REMOVE :
			    GAME_MAP_DISBAND, GAME_MAP_OK, u->power, u->kind,
			    m->loc[u->loc].name);
	}
}

/*
 * Board b as a map, titled title ("" or a catalog key "@..."). The
 * orders are those of the phase the record holds (b->last); when there
 * is none (before the first phase, after a draw, a board that did not
 * play) the map has no orders, results is false and its phase is now.
 */
void
dip_board_map(const struct dip_board *b, const char *title, const char *now,
    struct game_map_board *mb)
{
	memset(mb, 0, sizeof(*mb));
	snprintf(mb->title, sizeof(mb->title), "%s", title);
	mb->results = b->last[0] != '\0';
	snprintf(mb->phase, sizeof(mb->phase), "%s", mb->results ? b->last :
	    now);
	map_centres(b, mb);
	map_units(b, mb);
	if (mb->results)
		map_orders(b, mb);
}
