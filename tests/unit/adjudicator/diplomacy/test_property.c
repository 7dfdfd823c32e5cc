/*
 * test_property.c - seeded random positions with random legal orders:
 * no two units end in one province, the outcome does not depend on the
 * order in which orders are listed, a unit never both moves and is
 * dislodged, and the same phase run twice gives the same result. Random
 * fleets at sea: the quick search for a convoy chain answers as the walk
 * over every route does (issue 18).
 */
#include "tests/unit/test.h"
#include <stdint.h>
#include <string.h>

#include "adjudicator/diplomacy/dip.h"
#include "adjudicator/diplomacy/resolve.h"


#define ROUNDS	1000

static struct dip_map		 map;
static struct dip_scratch	 scratch;

struct run {
	struct dip_state	 st;
	struct dip_report	 rep;
};

static uint64_t
next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static int
pick(uint64_t *s, int n)
{
	return (int)(next(s) % (uint64_t)n);
}

static void
setup(void)
{
	struct game_diag why;

	ck_assert_int_eq(dip_map_load(dip_standard_map_text, &map, &why), 0);
}

static void
random_position(struct dip_state *st, uint64_t *s)
{
	int	 n = 10 + pick(s, 30), i, l, kind;

	dip_state_init(st, &map, 0);
	dip_state_clear(st);
	dip_state_set_phase(st, "S1901M");
	for (i = 0; i < n; i++) {
		l = pick(s, map.nlocs);
		kind = map.prov[map.loc[l].prov].terrain == DIP_LAND ? DIP_ARMY :
		    map.prov[map.loc[l].prov].terrain == DIP_SEA ? DIP_FLEET :
		    pick(s, 2);
		if (kind == DIP_ARMY && l >= map.nprov)
			l = map.loc[l].prov;
		if (kind == DIP_FLEET && map.prov[l < map.nprov ? l :
		    map.loc[l].prov].ncoasts > 0 && l < map.nprov)
			continue;
		dip_state_add_unit(st, pick(s, 7), kind, l);
	}
}

/* A neighbour the unit could move to, as a location. */
static int
neighbour(const struct dip_state *st, int u, uint64_t *s)
{
	const struct dip_unit	*un = &st->unit[u];
	int			 c[DIP_MAX_LOCS], n = 0, l;

	for (l = 0; l < map.nlocs; l++)
		if (un->kind == DIP_FLEET ?
		    dip_set_has(&map.fleet_adj[un->loc], l) :
		    l < map.nprov &&
		    dip_set_has(&map.army_adj[map.loc[un->loc].prov], l))
			c[n++] = l;
	return n ? c[pick(s, n)] : -1;
}

static int
random_orders(const struct dip_state *st, uint64_t *s, struct dip_order *o)
{
	int	 u, n = 0, d, t;

	for (u = 0; u < st->nunits; u++) {
		struct dip_order *x = &o[n];

		memset(x, 0, sizeof(*x));
		x->power = st->unit[u].power;
		x->ukind = (int8_t)st->unit[u].kind;
		x->uloc = st->unit[u].loc;
		x->dest = -1;
		x->kind = DIP_HOLD;
		d = neighbour(st, u, s);
		t = pick(s, st->nunits);
		switch (pick(s, 5)) {
		case 0:
			break;
		case 1:
		case 2:
			if (d >= 0) {
				x->kind = DIP_MOVE;
				x->dest = (int16_t)d;
				x->via = pick(s, 8) == 0;
			}
			break;
		case 3:
			x->kind = DIP_SUPPORT;
			x->tkind = (int8_t)st->unit[t].kind;
			x->tloc = st->unit[t].loc;
			if (pick(s, 2) && (d = neighbour(st, t, s)) >= 0)
				x->dest = (int16_t)map.loc[d].prov;
			break;
		default:
			x->kind = DIP_CONVOY;
			x->tkind = DIP_ARMY;
			x->tloc = st->unit[t].loc;
			x->dest = (int16_t)pick(s, map.nprov);
			break;
		}
		n++;
	}
	return n;
}

static void
play(struct run *r, const struct dip_state *st, const struct dip_order *o,
    int n)
{
	r->st = *st;
	ck_assert_int_eq(dip_adjudicate(&r->st, o, n, &r->rep, &scratch), 0);
}

static void
board(const struct dip_state *st, int8_t *at)
{
	int	 i, p;

	memset(at, -1, DIP_MAX_LOCS);
	for (i = 0; i < st->nunits; i++) {
		p = map.loc[st->unit[i].loc].prov;
		ck_assert_msg(at[p] < 0, "two units in %s", map.prov[p].abbr);
		at[p] = (int8_t)i;
	}
}

START_TEST(random_phases_keep_the_invariants)
{
	static struct run	 a, b, c;
	struct dip_state	 st;
	struct dip_order	 o[DIP_MAX_UNITS], shuffled[DIP_MAX_UNITS];
	int			 perm[DIP_MAX_UNITS], n, i, j, k, round;
	int8_t			 at1[DIP_MAX_LOCS], at2[DIP_MAX_LOCS];
	uint64_t		 seed = 0x9e3779b97f4a7c15ULL;

	for (round = 0; round < ROUNDS; round++) {
		random_position(&st, &seed);
		n = random_orders(&st, &seed, o);
		play(&a, &st, o, n);
		play(&b, &st, o, n);
		ck_assert_msg(memcmp(&a.st, &b.st, sizeof(a.st)) == 0 &&
		    memcmp(a.rep.out, b.rep.out, sizeof(a.rep.out[0]) * n) == 0,
		    "round %d: not repeatable", round);
		for (i = 0; i < n; i++)
			perm[i] = i;
		for (i = n - 1; i > 0; i--) {
			j = pick(&seed, i + 1);
			k = perm[i];
			perm[i] = perm[j];
			perm[j] = k;
		}
		for (i = 0; i < n; i++)
			shuffled[i] = o[perm[i]];
		play(&c, &st, shuffled, n);
		for (i = 0; i < n; i++)
			ck_assert_msg(c.rep.out[i].result ==
			    a.rep.out[perm[i]].result, "round %d: order %d "
			    "depends on listing order", round, perm[i]);
		board(&a.st, at1);
		board(&c.st, at2);
		ck_assert_msg(memcmp(at1, at2, sizeof(at1)) == 0 ||
		    a.st.nunits == c.st.nunits, "round %d", round);
		for (i = 0; i < map.nprov; i++)
			ck_assert_msg((at1[i] < 0) == (at2[i] < 0),
			    "round %d: boards differ", round);
		/* A unit that moved is never also dislodged. */
		for (i = 0; i < a.rep.ndislodged; i++)
			for (j = 0; j < n; j++)
				if (o[j].uloc == a.rep.dislodged[i].unit.loc &&
				    o[j].kind == DIP_MOVE)
					ck_assert_int_ne(a.rep.out[j].result,
					    DIP_SUCCEEDS);
	}
}
END_TEST

/*
 * dip_route_possible() answers "is there a chain" by a breadth-first
 * search, and walks every route (route_visit) only when asked which seas
 * lie on one; both must agree, with and without a fleet left out, for
 * every pair of coasts, over random sets of fleets.
 */
START_TEST(the_quick_route_search_agrees_with_the_full_walk)
{
	struct dip_state	 st;
	struct dip_set		 useful;
	int			 coasts[DIP_MAX_PROVINCES], nc = 0, round, i, j;
	int			 skip, agree = 0, found = 0;
	uint64_t		 seed = 18;
	bool			 quick, full;

	for (i = 0; i < map.nprov; i++)
		if (map.prov[i].terrain == DIP_COAST)
			coasts[nc++] = i;
	dip_state_init(&st, &map, 0);
	for (round = 0; round < 200; round++) {
		memset(&scratch.fleets, 0, sizeof(scratch.fleets));
		for (i = 0; i < map.nprov; i++)
			if (map.prov[i].terrain == DIP_SEA && pick(&seed, 3) > 0)
				dip_set_add(&scratch.fleets, i);
		skip = pick(&seed, 2) ? -1 : pick(&seed, map.nprov);
		for (i = 0; i < nc; i++)
			for (j = 0; j < nc; j++) {
				if (i == j)
					continue;
				memset(&useful, 0, sizeof(useful));
				quick = dip_route_possible(&st, &scratch,
				    coasts[i], coasts[j], skip, NULL);
				full = dip_route_possible(&st, &scratch,
				    coasts[i], coasts[j], skip, &useful);
				ck_assert_msg(quick == full, "round %d: %s to %s",
				    round, map.prov[coasts[i]].abbr,
				    map.prov[coasts[j]].abbr);
				agree++;
				found += full;
			}
	}
	/* Both answers were seen often. */
	ck_assert_int_gt(found, agree / 10);
	ck_assert_int_lt(found, agree - agree / 10);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/diplomacy/property");
	TCase	*t = tcase_create("random phases");

	tcase_add_checked_fixture(t, setup, NULL);
	tcase_set_timeout(t, 60);
	tcase_add_test(t, random_phases_keep_the_invariants);
	tcase_add_test(t, the_quick_route_search_agrees_with_the_full_walk);
	suite_add_tcase(s, t);
	return s;
}
