/*
 * test_mapview.c - adjudicator/diplomacy/board_map.c and zombie_map.c:
 * the map board of every Diplomacy view (game.h, struct game_mapview),
 * from which a map picture is drawn.
 *
 * The opening position; a supported attack that dislodges (the dislodged
 * unit with its options and attacker), a bounce, a convoy, a void
 * support; a retreat phase (ordered, failed and defaulted retreats); an
 * adjustment phase with builds, an ordered removal and a civil-disorder
 * one; Zombie-Diplomacy's two boards with a zombie waiting and placed,
 * and an undead unit; every seat and the GM see the same; the caps.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/diplomacy/board.h"
#include "tests/unit/adjudicator/diplomacy/support_game.h"

extern const struct game_ops dip_ops, zombie_ops;

enum { AUS, ENG, FRA, GER, ITA, RUS, TUR };

/* A standard position as state text: the header, then board lines. */
static struct tg *
position(const char *options, const char *board)
{
	char	 text[4096];

	snprintf(text, sizeof(text), "dip 1\noptions: %s\nseed: "
	    "000000000000002a\nstarted: 1\nply: 9\n%s", options, board);
	return tg_load(&dip_ops, text);
}

/* Board b of seat's view; the view stays in g->v. */
static const struct game_map_board *
board(struct tg *g, int seat, int b)
{
	const struct game_view	*v = tg_view(g, seat);

	ck_assert_int_gt(v->map.nboards, b);
	ck_assert_int_eq(v->map.board[b].left_out, 0);
	return &v->map.board[b];
}

static const struct game_map_unit *
unit_at(const struct game_map_board *mb, const char *at, int mark)
{
	int	 i;

	for (i = 0; i < mb->nunits; i++)
		if (strcmp(mb->unit[i].at, at) == 0 && mb->unit[i].mark == mark)
			return &mb->unit[i];
	return NULL;
}

static int
units(const struct game_map_board *mb, int mark)
{
	int	 i, n = 0;

	for (i = 0; i < mb->nunits; i++)
		n += mb->unit[i].mark == mark;
	return n;
}

/* The one order of kind by the unit at unit; fails if none or two. */
static const struct game_map_order *
order(const struct game_map_board *mb, int kind, const char *unit)
{
	const struct game_map_order	*o = NULL;
	int				 i;

	for (i = 0; i < mb->norders; i++)
		if (mb->order[i].kind == kind &&
		    strcmp(mb->order[i].unit, unit) == 0) {
			ck_assert_msg(o == NULL, "two orders %d at %s", kind,
			    unit);
			o = &mb->order[i];
		}
	ck_assert_msg(o != NULL, "no order %d at %s", kind, unit);
	return o;
}

static int
orders(const struct game_map_board *mb, int kind)
{
	int	 i, n = 0;

	for (i = 0; i < mb->norders; i++)
		n += mb->order[i].kind == kind;
	return n;
}

static const struct game_map_unit *
has_unit(const struct game_map_board *mb, const char *at, int mark, int power,
    char kind)
{
	const struct game_map_unit	*u = unit_at(mb, at, mark);

	ck_assert_msg(u != NULL, "no unit (mark %d) at %s", mark, at);
	ck_assert_int_eq(u->power, power);
	ck_assert_int_eq(u->kind, kind);
	return u;
}

static int
owner(const struct game_map_board *mb, const char *at)
{
	int	 i;

	for (i = 0; i < mb->ncentres; i++)
		if (strcmp(mb->centre[i].at, at) == 0)
			return mb->centre[i].owner;
	ck_abort_msg("no centre %s", at);
	return -2;
}

START_TEST(the_opening_position_has_22_units_and_34_centres)
{
	static const int counts[7] = { 3, 3, 3, 3, 3, 4, 3 };
	struct tg			*g = tg_new(&dip_ops, "");
	const struct game_map_board	*mb = board(g, AUS, 0);
	const struct game_mapview	*mv = &g->v.map;
	int				 i, owned = 0, p;

	ck_assert_int_eq(mv->nboards, 1);
	ck_assert_int_eq(mv->npowers, 7);
	ck_assert_str_eq(mv->power[0], "@dip.power.0");
	ck_assert_str_eq(mv->power[6], "@dip.power.6");
	ck_assert_str_eq(mb->title, "");
	ck_assert_str_eq(mb->phase, "S1901M");
	ck_assert(!mb->results);
	ck_assert_int_eq(mb->norders, 0);
	ck_assert_int_eq(mb->nunits, 22);
	ck_assert_int_eq(units(mb, GAME_MAP_UNIT), 22);
	has_unit(mb, "STP/SC", GAME_MAP_UNIT, RUS, 'F');
	has_unit(mb, "VIE", GAME_MAP_UNIT, AUS, 'A');
	has_unit(mb, "LON", GAME_MAP_UNIT, ENG, 'F');
	ck_assert_int_eq(mb->ncentres, 34);
	for (i = 0; i < mb->ncentres; i++)
		owned += mb->centre[i].owner >= 0;
	ck_assert_int_eq(owned, 22);
	ck_assert_int_eq(mb->ncentres - owned, 12);
	ck_assert_int_eq(owner(mb, "MOS"), RUS);
	ck_assert_int_eq(owner(mb, "BEL"), -1);
	for (p = 0; p < 7; p++)
		ck_assert_int_eq(mb->count[p], counts[p]);
	tg_free(g);
}
END_TEST

/* Fall 1901 of test_dip_ops.c: Germany dislodges the French A BUR. */
START_TEST(a_supported_attack_dislodges_with_options_and_attacker)
{
	static const char *const opts[] = { "BEL", "GAS", "MAR", "PAR",
	    "PIC" };
	struct tg			*g = tg_new(&dip_ops, "");
	const struct game_map_board	*mb;
	const struct game_map_order	*o;
	const struct game_map_unit	*u;
	struct game_mapview		*gm;
	int				 i;

	tg_ok(g, FRA, "A PAR - BUR, A MAR - SPA, F BRE - MAO");
	tg_ok(g, GER, "A MUN - RUH, A BER - MUN, F KIE - DEN");
	tg_play(g);
	mb = board(g, ENG, 0);
	ck_assert_str_eq(mb->phase, "S1901M");
	ck_assert(mb->results);
	ck_assert_int_eq(mb->norders, 22);
	ck_assert_int_eq(orders(mb, GAME_MAP_HOLD), 16);
	ck_assert_int_eq(orders(mb, GAME_MAP_MOVE), 6);
	o = order(mb, GAME_MAP_HOLD, "VIE");	/* no order: it held */
	ck_assert_int_eq(o->outcome, GAME_MAP_OK);
	ck_assert_int_eq(o->power, AUS);
	has_unit(mb, "BUR", GAME_MAP_UNIT, FRA, 'A');

	tg_ok(g, GER, "A RUH - BUR, A MUN S A RUH - BUR");
	tg_ok(g, FRA, "A BUR H");
	tg_play(g);
	mb = board(g, FRA, 0);
	ck_assert_str_eq(g->v.phase, "F1901R");
	ck_assert_str_eq(mb->phase, "F1901M");
	ck_assert(mb->results);
	o = order(mb, GAME_MAP_MOVE, "RUH");
	ck_assert_int_eq(o->outcome, GAME_MAP_OK);
	ck_assert_int_eq(o->power, GER);
	ck_assert_int_eq(o->ukind, 'A');
	ck_assert_str_eq(o->to, "BUR");
	ck_assert(!o->convoyed);
	o = order(mb, GAME_MAP_SUPPORT, "MUN");
	ck_assert_int_eq(o->outcome, GAME_MAP_OK);
	ck_assert_str_eq(o->from, "RUH");
	ck_assert_str_eq(o->to, "BUR");
	o = order(mb, GAME_MAP_HOLD, "BUR");
	ck_assert_int_eq(o->outcome, GAME_MAP_FAILED);
	ck_assert_int_eq(o->power, FRA);
	/* Where the units stand now: the attacker in BUR, the French army
	 * dislodged beside it with its five options. */
	has_unit(mb, "BUR", GAME_MAP_UNIT, GER, 'A');
	u = has_unit(mb, "BUR", GAME_MAP_DISLODGED, FRA, 'A');
	ck_assert_str_eq(u->attacker, "RUH");
	ck_assert_int_eq(u->noptions, 5);
	for (i = 0; i < 5; i++)
		ck_assert_str_eq(u->option[i], opts[i]);
	ck_assert_int_eq(units(mb, GAME_MAP_DISLODGED), 1);
	ck_assert_int_eq(mb->nunits, 22);
	ck_assert_int_eq(units(mb, GAME_MAP_UNIT), 21);
	/* Diplomacy hides nothing: every seat and the GM see one map. */
	gm = malloc(sizeof(*gm));
	ck_assert_ptr_nonnull(gm);
	*gm = tg_view(g, GAME_SEAT_GM)->map;
	for (i = AUS; i <= TUR; i++)
		ck_assert(memcmp(&tg_view(g, i)->map, gm, sizeof(*gm)) == 0);
	free(gm);
	tg_free(g);
}
END_TEST

START_TEST(a_bounce_fails_both_moves)
{
	struct tg			*g = tg_new(&dip_ops, "");
	const struct game_map_board	*mb;
	const struct game_map_order	*o;

	tg_ok(g, AUS, "A VIE - GAL");
	tg_ok(g, RUS, "A WAR - GAL");
	tg_play(g);
	mb = board(g, AUS, 0);
	o = order(mb, GAME_MAP_MOVE, "VIE");
	ck_assert_int_eq(o->outcome, GAME_MAP_FAILED);
	ck_assert_str_eq(o->to, "GAL");
	o = order(mb, GAME_MAP_MOVE, "WAR");
	ck_assert_int_eq(o->outcome, GAME_MAP_FAILED);
	ck_assert_int_eq(o->power, RUS);
	ck_assert_str_eq(o->to, "GAL");
	has_unit(mb, "VIE", GAME_MAP_UNIT, AUS, 'A');
	has_unit(mb, "WAR", GAME_MAP_UNIT, RUS, 'A');
	ck_assert_ptr_null(unit_at(mb, "GAL", GAME_MAP_UNIT));
	tg_free(g);
}
END_TEST

START_TEST(a_convoy_carries_the_army)
{
	struct tg			*g;
	const struct game_map_board	*mb;
	const struct game_map_order	*o;

	g = position("-", "phase: F1901M\ncd: -\nalive: ENG FRA\n"
	    "end: none\nowns: ENG LON EDI LVP\nowns: FRA PAR\n"
	    "unit: ENG F NTH\nunit: ENG A YOR\nunit: ENG F ENG\n"
	    "unit: ENG A PIC\nunit: FRA A PAR\nlast: -\neliminated: -\n");
	/* Not adjacent, no VIA: by convoy all the same. Adjacent with a
	 * convoy of its own power ordered for it: by convoy too. */
	tg_ok(g, ENG, "F NTH C A YOR - NWY, A YOR - NWY");
	tg_ok(g, ENG, "F ENG C A PIC - BRE, A PIC - BRE");
	tg_play(g);
	mb = board(g, FRA, 0);
	o = order(mb, GAME_MAP_MOVE, "YOR");
	ck_assert(o->convoyed);
	ck_assert_int_eq(o->outcome, GAME_MAP_OK);
	ck_assert_str_eq(o->to, "NWY");
	o = order(mb, GAME_MAP_CONVOY, "NTH");
	ck_assert_int_eq(o->outcome, GAME_MAP_OK);
	ck_assert_int_eq(o->ukind, 'F');
	ck_assert_str_eq(o->from, "YOR");
	ck_assert_str_eq(o->to, "NWY");
	o = order(mb, GAME_MAP_MOVE, "PIC");
	ck_assert(o->convoyed);
	ck_assert_str_eq(o->to, "BRE");
	o = order(mb, GAME_MAP_CONVOY, "ENG");
	ck_assert_str_eq(o->from, "PIC");
	ck_assert_str_eq(o->to, "BRE");
	has_unit(mb, "NWY", GAME_MAP_UNIT, ENG, 'A');
	has_unit(mb, "BRE", GAME_MAP_UNIT, ENG, 'A');
	o = order(mb, GAME_MAP_HOLD, "PAR");
	ck_assert_int_eq(o->outcome, GAME_MAP_OK);
	tg_free(g);
}
END_TEST

/*
 * Orders are checked on arrival, so a void one reaches adjudication only
 * from the store (written before a check, or the board changed): put
 * straight into the order book here, as the judge's store would.
 */
START_TEST(a_void_support_is_void)
{
	struct tg			*g = tg_new(&dip_ops, "");
	const struct game_map_board	*mb;
	const struct game_map_order	*o;

	g->o[0].seat = AUS;
	snprintf(g->o[0].slot, sizeof(g->o[0].slot), "VIE");
	snprintf(g->o[0].text, sizeof(g->o[0].text), "A VIE S A MUN - SIL");
	g->n = 1;
	tg_play(g);
	mb = board(g, AUS, 0);
	ck_assert_ptr_nonnull(tg_find(&g->v, "dip.res.void",
	    "A VIE S A MUN - SIL"));
	o = order(mb, GAME_MAP_SUPPORT, "VIE");
	ck_assert_int_eq(o->outcome, GAME_MAP_VOID);
	ck_assert_str_eq(o->from, "MUN");
	ck_assert_str_eq(o->to, "SIL");
	tg_free(g);
}
END_TEST

START_TEST(a_retreat_phase_shows_retreats_and_disbands)
{
	struct tg			*g;
	const struct game_map_board	*mb;
	const struct game_map_order	*o;

	/* Austria retreats; Turkey's army is disbanded for want of an
	 * order. */
	g = position("-", "phase: F1901R\ncd: -\nalive: AUS RUS TUR\n"
	    "end: none\nowns: AUS BUD\nowns: TUR SMY\nowns: RUS SEV\n"
	    "unit: TUR A BUD\nunit: RUS A SEV\n"
	    "retreat: AUS A BUD SER 0 GAL RUM\n"
	    "retreat: TUR A SEV UKR 0 ARM RUM\nlast: -\neliminated: -\n");
	mb = board(g, AUS, 0);
	ck_assert(!mb->results);
	ck_assert_str_eq(mb->phase, "F1901R");
	tg_ok(g, AUS, "A BUD R GAL");
	tg_play(g);
	mb = board(g, AUS, 0);
	ck_assert_str_eq(mb->phase, "F1901R");
	ck_assert(mb->results);
	o = order(mb, GAME_MAP_RETREAT, "BUD");
	ck_assert_int_eq(o->outcome, GAME_MAP_OK);
	ck_assert_str_eq(o->to, "GAL");
	o = order(mb, GAME_MAP_DISBAND, "SEV");
	ck_assert_int_eq(o->outcome, GAME_MAP_OK);
	ck_assert_int_eq(o->power, TUR);
	ck_assert_int_eq(mb->norders, 2);
	has_unit(mb, "GAL", GAME_MAP_UNIT, AUS, 'A');
	ck_assert_int_eq(units(mb, GAME_MAP_DISLODGED), 0);
	tg_free(g);

	/* Two retreats to one place both fail: each is disbanded, and
	 * its failed retreat is all the map shows of it. */
	g = position("-", "phase: F1901R\ncd: -\nalive: AUS RUS TUR\n"
	    "end: none\nowns: AUS BUD\nowns: TUR SMY\nowns: RUS SEV\n"
	    "unit: TUR A BUD\nunit: RUS A SEV\n"
	    "retreat: AUS A BUD SER 0 GAL RUM\n"
	    "retreat: TUR A SEV UKR 0 ARM RUM\nlast: -\neliminated: -\n");
	tg_ok(g, AUS, "A BUD R RUM");
	tg_ok(g, TUR, "A SEV R RUM");
	tg_play(g);
	mb = board(g, AUS, 0);
	ck_assert_int_eq(order(mb, GAME_MAP_RETREAT, "BUD")->outcome,
	    GAME_MAP_FAILED);
	ck_assert_int_eq(order(mb, GAME_MAP_RETREAT, "SEV")->outcome,
	    GAME_MAP_FAILED);
	ck_assert_int_eq(mb->norders, 2);
	ck_assert_ptr_null(unit_at(mb, "RUM", GAME_MAP_UNIT));
	tg_free(g);
}
END_TEST

START_TEST(an_adjustment_phase_shows_builds_and_removals)
{
	struct tg			*g;
	const struct game_map_board	*mb;
	const struct game_map_order	*o;

	g = position("-", "phase: W1901A\ncd: -\nalive: AUS RUS\n"
	    "end: none\nowns: AUS BUD VIE TRI\nowns: RUS WAR\n"
	    "unit: AUS A BUD\nunit: RUS A MOS\nunit: RUS A WAR\n"
	    "unit: RUS F SEV\nlast: -\neliminated: -\n");
	tg_ok(g, AUS, "BUILD A VIE, BUILD F TRI");
	tg_ok(g, RUS, "REMOVE A MOS");
	tg_play(g);	/* the deadline: one removal by civil disorder */
	mb = board(g, RUS, 0);
	ck_assert_str_eq(mb->phase, "W1901A");
	ck_assert(mb->results);
	o = order(mb, GAME_MAP_BUILD, "VIE");
	ck_assert_int_eq(o->outcome, GAME_MAP_OK);
	ck_assert_int_eq(o->ukind, 'A');
	ck_assert_int_eq(o->power, AUS);
	o = order(mb, GAME_MAP_BUILD, "TRI");
	ck_assert_int_eq(o->ukind, 'F');
	o = order(mb, GAME_MAP_REMOVE, "MOS");
	ck_assert_int_eq(o->outcome, GAME_MAP_OK);
	ck_assert_int_eq(o->power, RUS);
	/* DATC 6.J: the unit farthest from an owned centre, SEV. */
	o = order(mb, GAME_MAP_REMOVE, "SEV");
	ck_assert_int_eq(o->outcome, GAME_MAP_OK);
	ck_assert_int_eq(o->ukind, 'F');
	ck_assert_int_eq(mb->norders, 4);
	has_unit(mb, "VIE", GAME_MAP_UNIT, AUS, 'A');
	has_unit(mb, "TRI", GAME_MAP_UNIT, AUS, 'F');
	has_unit(mb, "WAR", GAME_MAP_UNIT, RUS, 'A');
	ck_assert_int_eq(mb->nunits, 4);
	ck_assert_int_eq(mb->count[AUS], 3);
	ck_assert_int_eq(mb->count[RUS], 1);
	tg_free(g);
}
END_TEST

/* DATC 6.B.2: a fleet that can reach one coast only needs not name it;
 * the map names the coast it arrives at. */
START_TEST(a_fleet_move_names_the_coast_it_reaches)
{
	struct tg			*g;
	const struct game_map_board	*mb;

	g = position("-", "phase: S1901M\ncd: -\nalive: FRA\nend: none\n"
	    "owns: FRA PAR MAR BRE\nunit: FRA F LYO\nlast: -\n"
	    "eliminated: -\n");
	tg_ok(g, FRA, "F LYO - SPA");
	tg_play(g);
	mb = board(g, FRA, 0);
	ck_assert_str_eq(order(mb, GAME_MAP_MOVE, "LYO")->to, "SPA/SC");
	has_unit(mb, "SPA/SC", GAME_MAP_UNIT, FRA, 'F');
	tg_free(g);
}
END_TEST

/* Rules: a fleet dislodged in the North Sea may retreat to nine places. */
START_TEST(a_fleet_dislodged_in_the_north_sea_keeps_nine_options)
{
	struct tg			*g;
	const struct game_map_unit	*u;

	g = position("-", "phase: S1901M\ncd: -\nalive: ENG GER\n"
	    "end: none\nowns: ENG LON EDI LVP\nowns: GER BER KIE MUN\n"
	    "unit: GER F NTH\nunit: ENG F NWG\nunit: ENG F EDI\n"
	    "last: -\neliminated: -\n");
	tg_ok(g, ENG, "F NWG - NTH, F EDI S F NWG - NTH");
	tg_play(g);
	u = has_unit(board(g, GER, 0), "NTH", GAME_MAP_DISLODGED, GER, 'F');
	ck_assert_str_eq(u->attacker, "NWG");
	ck_assert_int_eq(u->noptions, 9);
	tg_free(g);
}
END_TEST

/* What does not fit a cap is counted, never written past it. */
START_TEST(what_does_not_fit_is_counted)
{
	struct game_map_board	*mb = calloc(1, sizeof(*mb));
	struct dip_unit		 u = { 0, DIP_ARMY, 0 };
	int			 i;

	ck_assert_ptr_nonnull(mb);
	tg_map_setup();
	u.loc = (uint8_t)tg_loc("VIE");
	for (i = 0; i < GAME_MAP_UNITS + 3; i++)
		ck_assert((dip_board_map_unit(mb, &tg_map, &u,
		    GAME_MAP_UNIT) == NULL) == (i >= GAME_MAP_UNITS));
	for (i = 0; i < GAME_MAP_ORDERS + 2; i++)
		ck_assert((dip_board_map_order(mb, GAME_MAP_HOLD, GAME_MAP_OK,
		    0, DIP_ARMY, "VIE") == NULL) == (i >= GAME_MAP_ORDERS));
	ck_assert_int_eq(mb->nunits, GAME_MAP_UNITS);
	ck_assert_int_eq(mb->norders, GAME_MAP_ORDERS);
	ck_assert_int_eq(mb->left_out, 5);
	free(mb);
}
END_TEST

/* Zombie-Diplomacy: both boards, a zombie waiting, then placed. */
START_TEST(a_zombie_game_has_two_boards_once_a_zombie_falls)
{
	struct tg			*g = tg_new(&zombie_ops, "");
	const struct game_map_board	*nr, *z;
	const struct game_map_unit	*u;
	const struct game_map_order	*o;
	int				 i;

	nr = board(g, AUS, 0);
	ck_assert_int_eq(g->v.map.nboards, 1);
	ck_assert_int_eq(g->v.map.npowers, 7);
	ck_assert_str_eq(nr->title, "@zombie.board.nr");
	ck_assert_int_eq(nr->nunits, 22);
	tg_ok(g, GER, "A BER - PRU, A MUN - SIL");
	tg_play(g);
	ck_assert_int_eq(tg_view(g, AUS)->map.nboards, 1);
	tg_ok(g, GER, "A SIL - WAR, A PRU S A SIL - WAR");
	tg_play(g);

	/* F1901R: the Russian army dislodged on the NR-board (no retreat:
	 * no option) waits as a zombie where it fell. */
	nr = board(g, RUS, 0);
	ck_assert_int_eq(g->v.map.nboards, 2);
	ck_assert_str_eq(nr->phase, "F1901M");
	ck_assert(nr->results);
	ck_assert_int_eq(order(nr, GAME_MAP_MOVE, "SIL")->outcome,
	    GAME_MAP_OK);
	u = has_unit(nr, "WAR", GAME_MAP_DISLODGED, RUS, 'A');
	ck_assert_int_eq(u->noptions, 0);
	ck_assert_str_eq(u->attacker, "SIL");
	has_unit(nr, "WAR", GAME_MAP_UNIT, GER, 'A');
	z = board(g, RUS, 1);
	ck_assert_str_eq(z->title, "@zombie.board.z");
	ck_assert(!z->results);
	ck_assert_str_eq(z->phase, "F1901R");
	ck_assert_int_eq(z->ncentres, 34);
	for (i = 0; i < z->ncentres; i++)
		ck_assert_int_eq(z->centre[i].owner, -1);
	ck_assert_int_eq(z->nunits, 1);
	has_unit(z, "WAR", GAME_MAP_WAITING, RUS, 'A');
	ck_assert_int_eq(z->norders, 0);

	tg_ok(g, RUS, "zombie a warsaw");
	tg_play(g);
	z = board(g, ENG, 1);
	ck_assert_str_eq(g->v.phase, "W1901A");
	ck_assert(z->results);
	ck_assert_str_eq(z->phase, "F1901R");
	o = order(z, GAME_MAP_PLACE_ZOMBIE, "WAR");
	ck_assert_int_eq(o->outcome, GAME_MAP_OK);
	ck_assert_int_eq(o->power, RUS);
	ck_assert_int_eq(o->ukind, 'A');
	has_unit(z, "WAR", GAME_MAP_UNIT, RUS, 'A');
	ck_assert_int_eq(units(z, GAME_MAP_WAITING), 0);
	ck_assert_int_eq(owner(z, "WAR"), RUS);
	ck_assert_int_eq(z->count[RUS], 1);
	/* The NR-board did not play in the placement phase. */
	nr = &g->v.map.board[0];
	ck_assert(!nr->results);
	ck_assert_int_eq(nr->norders, 0);
	ck_assert_int_eq(units(nr, GAME_MAP_DISLODGED), 0);
	tg_free(g);
}
END_TEST

/* Spring 1905 of test_zombie.c: a Zombie-board attack dislodges the
 * Austrian A VIE, which rises as an undead unit on the NR-board. */
START_TEST(an_undead_unit_stands_on_the_nr_board)
{
	char				 text[4096];
	struct tg			*g;
	const struct game_map_board	*nr, *z;
	const struct game_map_unit	*u;

	snprintf(text, sizeof(text), "zombie 1\noptions: undead\nseed: "
	    "0000000000000007\nstarted: 1\nzstarted: 1\nzfirst: S1903R\n"
	    "ply: 9\nclock: S1905M\n"
	    "nr.phase: S1905M\nnr.owns: AUS VIE\nnr.owns: GER MUN\n"
	    "nr.unit: AUS A VIE\nnr.unit: GER A BOH\n"
	    "z.phase: S1905M\nz.owns: AUS VIE\nz.owns: GER BER MUN\n"
	    "z.unit: AUS A VIE\nz.unit: GER A BOH\nz.unit: GER A TYR\n");
	g = tg_load(&zombie_ops, text);
	tg_ok(g, GER, "Z: A BOH - VIE, A TYR S A BOH - VIE");
	tg_play(g);
	z = board(g, AUS, 1);
	ck_assert_str_eq(z->phase, "S1905M");
	u = has_unit(z, "VIE", GAME_MAP_DISLODGED, AUS, 'A');
	ck_assert_str_eq(u->attacker, "BOH");
	ck_assert_int_eq(u->noptions, 3);	/* BUD GAL TRI */
	ck_assert_int_eq(order(z, GAME_MAP_SUPPORT, "TYR")->outcome,
	    GAME_MAP_OK);

	tg_ok(g, AUS, "undead A VIE -> Tyrolia");
	tg_play(g);
	nr = board(g, GER, 0);
	has_unit(nr, "TYR", GAME_MAP_UNDEAD, AUS, 'A');
	has_unit(nr, "VIE", GAME_MAP_UNIT, AUS, 'A');
	z = &g->v.map.board[1];
	ck_assert(z->results);
	ck_assert_str_eq(z->phase, "S1905R");
	ck_assert_int_eq(order(z, GAME_MAP_DISBAND, "VIE")->outcome,
	    GAME_MAP_OK);
	ck_assert_int_eq(units(z, GAME_MAP_DISLODGED), 0);
	has_unit(z, "VIE", GAME_MAP_UNIT, GER, 'A');
	tg_free(g);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/diplomacy/board_map");
	TCase	*tc = tcase_create("mapview");

	tcase_add_test(tc, the_opening_position_has_22_units_and_34_centres);
	tcase_add_test(tc, a_supported_attack_dislodges_with_options_and_attacker);
	tcase_add_test(tc, a_bounce_fails_both_moves);
	tcase_add_test(tc, a_convoy_carries_the_army);
	tcase_add_test(tc, a_void_support_is_void);
	tcase_add_test(tc, a_retreat_phase_shows_retreats_and_disbands);
	tcase_add_test(tc, an_adjustment_phase_shows_builds_and_removals);
	tcase_add_test(tc, a_fleet_move_names_the_coast_it_reaches);
	tcase_add_test(tc, a_fleet_dislodged_in_the_north_sea_keeps_nine_options);
	tcase_add_test(tc, what_does_not_fit_is_counted);
	tcase_add_test(tc, a_zombie_game_has_two_boards_once_a_zombie_falls);
	tcase_add_test(tc, an_undead_unit_stands_on_the_nr_board);
	suite_add_tcase(s, tc);
	return s;
}
