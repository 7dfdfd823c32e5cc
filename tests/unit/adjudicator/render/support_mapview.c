/*
 * support_mapview.c - map views built by hand (support_mapview.h). The
 * positions are plausible games, written out as the engine would fill a
 * view: units where they stand after the phase, orders from where each
 * unit stood, with their outcomes.
 */
#include <stdio.h>
#include <string.h>

#include "tests/unit/adjudicator/render/support_mapview.h"

enum { AUS, ENG, FRA, GER, ITA, RUS, TUR };

void
tmv_init(struct game_mapview *mv, int nboards)
{
	int	 i;

	memset(mv, 0, sizeof(*mv));
	mv->nboards = nboards;
	mv->npowers = 7;
	for (i = 0; i < 7; i++)
		snprintf(mv->power[i], sizeof(mv->power[i]), "@dip.power.%d",
		    i);
}

void
tmv_phase(struct game_mapview *mv, int b, const char *phase, bool results,
    const char *title)
{
	snprintf(mv->board[b].phase, sizeof(mv->board[b].phase), "%s", phase);
	snprintf(mv->board[b].title, sizeof(mv->board[b].title), "%s", title);
	mv->board[b].results = results;
}

void
tmv_centre(struct game_mapview *mv, int b, const char *at, int owner)
{
	struct game_map_board	*bd = &mv->board[b];
	int			 i = bd->ncentres++;

	snprintf(bd->centre[i].at, sizeof(bd->centre[i].at), "%s", at);
	bd->centre[i].owner = (int8_t)owner;
	if (owner >= 0)
		bd->count[owner]++;
}

struct game_map_unit *
tmv_unit(struct game_mapview *mv, int b, int power, char kind,
    const char *at, int mark)
{
	struct game_map_board	*bd = &mv->board[b];
	struct game_map_unit	*u = &bd->unit[bd->nunits++];

	memset(u, 0, sizeof(*u));
	u->power = (int8_t)power;
	u->kind = kind;
	u->mark = (uint8_t)mark;
	snprintf(u->at, sizeof(u->at), "%s", at);
	return u;
}

struct game_map_order *
tmv_order(struct game_mapview *mv, int b, int kind, int outcome, int power,
    char ukind, const char *unit, const char *from, const char *to)
{
	struct game_map_board	*bd = &mv->board[b];
	struct game_map_order	*o = &bd->order[bd->norders++];

	memset(o, 0, sizeof(*o));
	o->kind = (uint8_t)kind;
	o->outcome = (uint8_t)outcome;
	o->power = (int8_t)power;
	o->ukind = ukind;
	snprintf(o->unit, sizeof(o->unit), "%s", unit);
	snprintf(o->from, sizeof(o->from), "%s", from);
	snprintf(o->to, sizeof(o->to), "%s", to);
	return o;
}

/* "AUS BUD TRI VIE": the power's centres; -1 for the neutral ones. */
static void
tmv_centres(struct game_mapview *mv, int b, int owner, const char *list)
{
	char	 at[8];
	int	 n;

	while (sscanf(list, " %7s%n", at, &n) == 1) {
		tmv_centre(mv, b, at, owner);
		list += n;
	}
}

static void
tmv_units(struct game_mapview *mv, int b, int power, const char *list)
{
	char	 kind, at[8];
	int	 n;

	while (sscanf(list, " %c %7s%n", &kind, at, &n) == 2) {
		tmv_unit(mv, b, power, kind, at, GAME_MAP_UNIT);
		list += n;
	}
}

static const char *const tmv_home[7] = {
	"BUD TRI VIE", "EDI LON LVP", "BRE MAR PAR", "BER KIE MUN",
	"NAP ROM VEN", "MOS SEV STP WAR", "ANK CON SMY"
};
static const char *const tmv_start[7] = {
	"A BUD A VIE F TRI", "F EDI F LON A LVP", "F BRE A MAR A PAR",
	"F KIE A BER A MUN", "F NAP A ROM A VEN",
	"A MOS F SEV F STP/SC A WAR", "F ANK A CON A SMY"
};
static const char tmv_neutral[] =
    "BEL BUL DEN GRE HOL NWY POR RUM SER SPA SWE TUN";

void
tmv_opening(struct game_mapview *mv)
{
	int	 p;

	tmv_init(mv, 1);
	tmv_phase(mv, 0, "S1901M", false, "");
	for (p = 0; p < 7; p++) {
		tmv_centres(mv, 0, p, tmv_home[p]);
		tmv_units(mv, 0, p, tmv_start[p]);
	}
	tmv_centres(mv, 0, -1, tmv_neutral);
}

/* The centres after a 1901 in which every power but England grew. */
static void
tmv_centres_1902(struct game_mapview *mv, int b)
{
	tmv_centres(mv, b, AUS, "BUD TRI VIE SER");
	tmv_centres(mv, b, ENG, "EDI LON LVP");
	tmv_centres(mv, b, FRA, "BRE MAR PAR SPA POR");
	tmv_centres(mv, b, GER, "BER KIE MUN HOL DEN");
	tmv_centres(mv, b, ITA, "NAP ROM VEN TUN");
	tmv_centres(mv, b, RUS, "MOS SEV STP WAR SWE RUM");
	tmv_centres(mv, b, TUR, "ANK CON SMY BUL");
	tmv_centres(mv, b, -1, "BEL GRE NWY");
}

void
tmv_battle(struct game_mapview *mv)
{
	struct game_map_unit	*u;
	struct game_map_order	*o;

	tmv_init(mv, 1);
	tmv_phase(mv, 0, "S1902M", true, "");
	tmv_centres_1902(mv, 0);
	/* England convoys into Norway; its fleet bounces with France. */
	tmv_units(mv, 0, ENG, "F NTH F ENG A NWY");
	tmv_order(mv, 0, GAME_MAP_CONVOY, GAME_MAP_OK, ENG, 'F', "NTH", "YOR",
	    "NWY");
	o = tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_OK, ENG, 'A', "YOR", "",
	    "NWY");
	o->convoyed = true;
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_FAILED, ENG, 'F', "ENG", "",
	    "BEL");
	tmv_units(mv, 0, FRA, "A PIC A BUR F MAO A GAS F BRE");
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_FAILED, FRA, 'A', "PIC", "",
	    "BEL");
	tmv_order(mv, 0, GAME_MAP_HOLD, GAME_MAP_OK, FRA, 'A', "BUR", "", "");
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_OK, FRA, 'F', "POR", "",
	    "MAO");
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_OK, FRA, 'A', "SPA", "",
	    "GAS");
	tmv_order(mv, 0, GAME_MAP_HOLD, GAME_MAP_OK, FRA, 'F', "BRE", "", "");
	tmv_units(mv, 0, GER, "F DEN A HOL A MUN A RUH A PRU");
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_FAILED, GER, 'F', "DEN", "",
	    "SWE");
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_OK, GER, 'A', "KIE", "",
	    "RUH");
	tmv_order(mv, 0, GAME_MAP_SUPPORT, GAME_MAP_OK, GER, 'A', "HOL", "KIE",
	    "RUH");
	tmv_order(mv, 0, GAME_MAP_HOLD, GAME_MAP_OK, GER, 'A', "MUN", "", "");
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_OK, GER, 'A', "BER", "",
	    "PRU");
	/* Austria and Turkey throw Russia out of Rumania. */
	tmv_units(mv, 0, RUS, "F SWE A WAR F SEV A STP A MOS");
	u = tmv_unit(mv, 0, RUS, 'A', "RUM", GAME_MAP_DISLODGED);
	u->noptions = 1;
	snprintf(u->option[0], sizeof(u->option[0]), "UKR");
	snprintf(u->attacker, sizeof(u->attacker), "BUD");
	tmv_order(mv, 0, GAME_MAP_HOLD, GAME_MAP_OK, RUS, 'F', "SWE", "", "");
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_FAILED, RUS, 'A', "WAR", "",
	    "GAL");
	tmv_order(mv, 0, GAME_MAP_HOLD, GAME_MAP_FAILED, RUS, 'A', "RUM", "",
	    "");
	tmv_order(mv, 0, GAME_MAP_SUPPORT, GAME_MAP_FAILED, RUS, 'F', "SEV",
	    "RUM", "");
	tmv_order(mv, 0, GAME_MAP_HOLD, GAME_MAP_OK, RUS, 'A', "STP", "", "");
	tmv_order(mv, 0, GAME_MAP_HOLD, GAME_MAP_OK, RUS, 'A', "MOS", "", "");
	tmv_units(mv, 0, AUS, "A RUM A SER A VIE F ALB");
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_OK, AUS, 'A', "BUD", "",
	    "RUM");
	tmv_order(mv, 0, GAME_MAP_SUPPORT, GAME_MAP_OK, AUS, 'A', "SER", "BUD",
	    "RUM");
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_FAILED, AUS, 'A', "VIE", "",
	    "GAL");
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_FAILED, AUS, 'F', "ALB", "",
	    "GRE");
	tmv_units(mv, 0, TUR, "F BLA A BUL A ARM A CON");
	tmv_order(mv, 0, GAME_MAP_SUPPORT, GAME_MAP_OK, TUR, 'F', "BLA", "BUD",
	    "RUM");
	tmv_order(mv, 0, GAME_MAP_HOLD, GAME_MAP_OK, TUR, 'A', "BUL", "", "");
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_FAILED, TUR, 'A', "ARM", "",
	    "SEV");
	tmv_order(mv, 0, GAME_MAP_SUPPORT, GAME_MAP_OK, TUR, 'A', "CON", "BUL",
	    "");
	/* Italy's convoyed army bounces in Greece; one support is void. */
	tmv_units(mv, 0, ITA, "A VEN A APU F ION A NAP");
	o = tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_FAILED, ITA, 'A', "APU",
	    "", "GRE");
	o->convoyed = true;
	tmv_order(mv, 0, GAME_MAP_CONVOY, GAME_MAP_OK, ITA, 'F', "ION", "APU",
	    "GRE");
	tmv_order(mv, 0, GAME_MAP_MOVE, GAME_MAP_OK, ITA, 'A', "ROM", "",
	    "NAP");
	tmv_order(mv, 0, GAME_MAP_SUPPORT, GAME_MAP_VOID, ITA, 'A', "VEN",
	    "TRI", "TYR");
}

/*
 * Zombie-Diplomacy after the Fall 1902 placement: on the NR-board an
 * undead fleet and a zombie waiting (dislodged in the Fall), on the
 * Zombie-board a placement, a retreat, a disband, a bounced retreat.
 * The Winter's kinds (build, remove) are on the Zombie-board too, so
 * that one view holds every kind and mark.
 */
void
tmv_zombie(struct game_mapview *mv)
{
	tmv_init(mv, 2);
	tmv_phase(mv, 0, "F1902R", true, "@zombie.board.nr");
	tmv_centres_1902(mv, 0);
	tmv_units(mv, 0, AUS, "A RUM A SER A VIE F ALB");
	tmv_units(mv, 0, RUS, "F SWE A WAR F SEV A STP A MOS");
	tmv_units(mv, 0, TUR, "F BLA A BUL A ARM A CON");
	tmv_unit(mv, 0, ENG, 'F', "NWG", GAME_MAP_UNDEAD);
	tmv_unit(mv, 0, RUS, 'A', "RUM", GAME_MAP_WAITING);

	tmv_phase(mv, 1, "F1902R", true, "@zombie.board.z");
	tmv_centres(mv, 1, AUS, "BUD TRI");
	tmv_centres(mv, 1, RUS, "MOS SEV STP");
	tmv_centres(mv, 1, -1, "VIE WAR GAL");
	tmv_unit(mv, 1, RUS, 'A', "MOS", GAME_MAP_UNIT);
	tmv_order(mv, 1, GAME_MAP_PLACE_ZOMBIE, GAME_MAP_OK, RUS, 'A', "MOS",
	    "", "");
	tmv_unit(mv, 1, AUS, 'A', "GAL", GAME_MAP_UNIT);
	tmv_order(mv, 1, GAME_MAP_RETREAT, GAME_MAP_OK, AUS, 'A', "VIE", "",
	    "GAL");
	tmv_order(mv, 1, GAME_MAP_DISBAND, GAME_MAP_OK, RUS, 'F', "SEV", "",
	    "");
	tmv_order(mv, 1, GAME_MAP_RETREAT, GAME_MAP_FAILED, AUS, 'A', "TRI",
	    "", "VEN");
	tmv_unit(mv, 1, AUS, 'A', "BUD", GAME_MAP_UNIT);
	tmv_order(mv, 1, GAME_MAP_BUILD, GAME_MAP_OK, AUS, 'A', "BUD", "", "");
	tmv_order(mv, 1, GAME_MAP_BUILD, GAME_MAP_VOID, RUS, 'F', "STP/NC", "",
	    "");
	tmv_order(mv, 1, GAME_MAP_REMOVE, GAME_MAP_OK, RUS, 'A', "WAR", "",
	    "");
	tmv_unit(mv, 1, RUS, 'F', "STP/SC", GAME_MAP_UNIT);
	tmv_unit(mv, 1, TUR, 'F', "BUL/EC", GAME_MAP_UNIT);
	tmv_unit(mv, 1, TUR, 'F', "SPA/SC", GAME_MAP_UNIT);
	tmv_unit(mv, 1, FRA, 'F', "SPA/NC", GAME_MAP_DISLODGED);
}
