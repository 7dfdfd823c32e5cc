/*
 * adjudicate.c - plays one phase and moves the clock on.
 *
 * Spring and Fall movement, a retreat phase only when a dislodged unit
 * waits (never with no-retreat), centre ownership after the Fall, then a
 * Winter adjustment phase when some power has to build or remove. The
 * engine is pure: same state and orders, same result; the caller's
 * scratch is the only working memory (no allocation per phase).
 */
#include <string.h>

#include "dip.h"

const struct dip_why_entry dip_why_table[DIP_W__COUNT] = {
	[DIP_W_NONE] = { "", "dip.why.none" },
	[DIP_W_BOUNCE] = { "bounce", "dip.why.bounce" },
	[DIP_W_NOCONVOY] = { "noconvoy", "dip.why.noconvoy" },
	[DIP_W_PARADOX] = { "paradox", "dip.why.paradox" },
	[DIP_W_CUT] = { "cut", "dip.why.cut" },
	[DIP_W_NOMATCH] = { "nomatch", "dip.why.nomatch" },
	[DIP_W_DISLODGED] = { "dislodged", "dip.why.dislodged" },
	[DIP_W_DISRUPTED] = { "disrupted", "dip.why.disrupted" },
	[DIP_W_NOTUSED] = { "notused", "dip.why.notused" },
	[DIP_W_NO_UNIT] = { "no such unit", "dip.why.no_unit" },
	[DIP_W_NOT_OWN_UNIT] = { "unit belongs to another power",
	    "dip.why.not_own_unit" },
	[DIP_W_NOT_ADJACENT] = { "not adjacent", "dip.why.not_adjacent" },
	[DIP_W_ARMY_TO_SEA] = { "army to sea", "dip.why.army_to_sea" },
	[DIP_W_FLEET_TO_INLAND] = { "fleet to inland",
	    "dip.why.fleet_to_inland" },
	[DIP_W_MOVE_TO_SELF] = { "move to own province",
	    "dip.why.move_to_self" },
	[DIP_W_COAST_REQUIRED] = { "coast required",
	    "dip.why.coast_required" },
	[DIP_W_COAST_UNREACHABLE] = { "coast not reachable",
	    "dip.why.coast_unreachable" },
	[DIP_W_FLEET_CONVOYED] = { "fleets cannot be convoyed",
	    "dip.why.fleet_convoyed" },
	[DIP_W_NO_ROUTE] = { "no possible convoy route",
	    "dip.why.no_route" },
	[DIP_W_SUPPORT_SELF] = { "unit cannot support itself",
	    "dip.why.support_self" },
	[DIP_W_SUPPORT_UNREACHABLE] = { "supporter cannot reach",
	    "dip.why.support_unreachable" },
	[DIP_W_SUPPORT_INTO_SELF] = { "support into own province",
	    "dip.why.support_into_self" },
	[DIP_W_SUPPORTED_ILLEGAL] = { "supported move is illegal",
	    "dip.why.supported_illegal" },
	[DIP_W_CONVOY_COASTAL] = { "only fleets at sea convoy",
	    "dip.why.convoy_coastal" },
	[DIP_W_CONVOY_NOT_ARMY] = { "only armies are convoyed",
	    "dip.why.convoy_not_army" },
	[DIP_W_CONVOY_TO_SELF] = { "convoy to own province",
	    "dip.why.convoy_to_self" },
	[DIP_W_CONVOY_OFF_ROUTE] = { "not on any possible route",
	    "dip.why.convoy_off_route" },
	[DIP_W_WRONG_PHASE] = { "not an order of this phase",
	    "dip.why.wrong_phase" },
	[DIP_W_NOT_DISLODGED] = { "unit was not dislodged",
	    "dip.why.not_dislodged" },
	[DIP_W_RETREAT_ATTACKER] = { "attacker came from there",
	    "dip.why.retreat_attacker" },
	[DIP_W_RETREAT_STANDOFF] = { "standoff there",
	    "dip.why.retreat_standoff" },
	[DIP_W_RETREAT_OCCUPIED] = { "not a retreat option",
	    "dip.why.retreat_occupied" },
	[DIP_W_NOT_HOME] = { "not a home centre", "dip.why.not_home" },
	[DIP_W_HOME_NOT_OWNED] = { "home centre not owned",
	    "dip.why.home_not_owned" },
	[DIP_W_CENTRE_OCCUPIED] = { "centre occupied",
	    "dip.why.centre_occupied" },
	[DIP_W_FLEET_INLAND_CENTRE] = { "fleet in inland centre",
	    "dip.why.fleet_inland_centre" },
	[DIP_W_COAST_NOT_GIVEN] = { "coast not specified",
	    "dip.why.coast_not_given" },
	[DIP_W_TYPE_NOT_GIVEN] = { "unit type not specified",
	    "dip.why.type_not_given" },
	[DIP_W_NO_BUILDS_LEFT] = { "no builds left",
	    "dip.why.no_builds_left" },
	[DIP_W_CENTRE_USED] = { "centre already used",
	    "dip.why.centre_used" },
	[DIP_W_NO_REMOVALS_LEFT] = { "no removals left",
	    "dip.why.no_removals_left" },
	[DIP_W_ALREADY_REMOVED] = { "unit already removed",
	    "dip.why.already_removed" },
	[DIP_W_REPLACED] = { "replaced by a later order",
	    "dip.why.replaced" },
	[DIP_W_UNDEAD] = { "undead unit there", "dip.why.undead" },
	[DIP_W_UNDEAD_MOVES] = { "undead units never move",
	    "dip.why.undead_moves" },
};

static bool
adjustments_due(const struct dip_state *st)
{
	int	 centres[DIP_MAX_POWERS], units[DIP_MAX_POWERS], p;

	dip_state_tally(st, centres, units);
	for (p = 0; p < st->map->npowers; p++)
		if (centres[p] != units[p])
			return true;
	return false;
}

/*
 * After the last phase of a season. Exported for Zombie-Diplomacy, whose
 * Zombie-board places zombies between its retreats and the end of the
 * season (rules/zombie-diplomacy.md, "One phase clock").
 */
void
dip_adjudicate_season(struct dip_state *st, struct dip_report *rep)
{
	if (st->season == DIP_SPRING) {
		st->season = DIP_FALL;
		st->phase = DIP_MOVEMENT;
		return;
	}
	if (st->season == DIP_FALL) {
		dip_state_update_owners(st, rep);
		if (adjustments_due(st)) {
			st->season = DIP_WINTER;
			st->phase = DIP_ADJUST;
			return;
		}
	}
	st->season = DIP_SPRING;
	st->phase = DIP_MOVEMENT;
	st->year++;
}

int
dip_adjudicate(struct dip_state *st, const struct dip_order *orders,
    int norders, struct dip_report *rep, struct dip_scratch *scratch)
{
	if (norders < 0 || norders > DIP_MAX_ORDERS)
		return -1;
	rep->ndislodged = rep->ndisbanded = rep->nautoremoved = 0;
	rep->owners_changed = false;
	switch (st->phase) {
	case DIP_MOVEMENT:
		dip_movement(st, orders, norders, rep, scratch);
		if (st->nretreats > 0) {
			st->phase = DIP_RETREAT;
			return 0;
		}
		break;
	case DIP_RETREAT:
		dip_retreat(st, orders, norders, rep);
		break;
	case DIP_ADJUST:
		dip_adjust(st, orders, norders, rep);
		break;
	default:
		return -1;
	}
	dip_adjudicate_season(st, rep);
	return 0;
}
