/*
 * state.c - the board between two phases: units, centre owners, pending
 * retreats, the phase clock, and the bookkeeping after a Fall.
 *
 * A state is a plain struct with fixed arrays; nothing here allocates or
 * does I/O. The start positions come from the map (standard) or from the
 * 1898 table (rules/diplomacy-notes.md, section a).
 */
#include <stdio.h>
#include <string.h>

#include "dip.h"

/* rules/diplomacy-notes.md (a): one unit each, first phase Spring 1899. */
static const struct {
	const char	*power;
	char		 kind;
	const char	*loc;
} start_1898[] = {
	{ "AUS", 'A', "TRI" }, { "ENG", 'F', "EDI" }, { "FRA", 'A', "BRE" },
	{ "GER", 'A', "KIE" }, { "ITA", 'A', "NAP" }, { "RUS", 'A', "STP" },
	{ "TUR", 'A', "SMY" },
};

void
dip_state_clear(struct dip_state *st)
{
	const struct dip_map	*m = st->map;
	unsigned		 options = st->options;

	memset(st, 0, sizeof(*st));
	st->map = m;
	st->options = options;
	st->winner = -1;
	memset(st->owner, -1, sizeof(st->owner));
}

static void
state_start_1898(struct dip_state *st)
{
	size_t	 i;

	for (i = 0; i < sizeof(start_1898) / sizeof(start_1898[0]); i++) {
		int	 p = dip_map_power(st->map, start_1898[i].power);
		int	 l = dip_map_locname(st->map, start_1898[i].loc);

		if (p < 0 || l < 0)
			continue;
		dip_state_add_unit(st, p, start_1898[i].kind == 'A' ?
		    DIP_ARMY : DIP_FLEET, l);
		st->owner[l] = (int8_t)p;
	}
	st->year = 1899;
}

/* The first phase of a new game: Spring 1901, or Spring 1899 for 1898. */
void
dip_state_init(struct dip_state *st, const struct dip_map *m,
    unsigned options)
{
	int	 i;

	st->map = m;
	st->options = options;
	dip_state_clear(st);
	st->season = DIP_SPRING;
	st->phase = DIP_MOVEMENT;
	if (options & DIP_OPT_START_1898) {
		state_start_1898(st);
		return;
	}
	st->year = 1901;
	for (i = 0; i < m->nstart; i++)
		st->unit[st->nunits++] = m->start[i];
	memcpy(st->owner, m->start_owner, sizeof(st->owner));
}

int
dip_state_unit_at(const struct dip_state *st, int prov)
{
	int	 i;

	for (i = 0; i < st->nunits; i++)
		if (st->map->loc[st->unit[i].loc].prov == prov)
			return i;
	return -1;
}

/* Returns the new unit's index, or -1 if the province is taken or the
 * board is full. */
int
dip_state_add_unit(struct dip_state *st, int power, int kind, int loc)
{
	if (st->nunits == DIP_MAX_UNITS ||
	    dip_state_unit_at(st, st->map->loc[loc].prov) >= 0)
		return -1;
	st->unit[st->nunits].power = (int8_t)power;
	st->unit[st->nunits].kind = (uint8_t)kind;
	st->unit[st->nunits].loc = (uint8_t)loc;
	return st->nunits++;
}

/* Keeps the order of the other units (output order does not depend on
 * it, but repeatable runs are easier to read). */
void
dip_state_remove_unit(struct dip_state *st, int i)
{
	memmove(&st->unit[i], &st->unit[i + 1],
	    sizeof(st->unit[0]) * (size_t)(st->nunits - i - 1));
	st->nunits--;
}

int
dip_state_centres(const struct dip_state *st, int power)
{
	int	 i, n = 0;

	for (i = 0; i < st->map->nprov; i++)
		n += st->map->prov[i].centre && st->owner[i] == power;
	return n;
}

int
dip_state_units(const struct dip_state *st, int power)
{
	int	 i, n = 0;

	for (i = 0; i < st->nunits; i++)
		n += st->unit[i].power == power;
	return n;
}

/* After the Fall phases a centre belongs to whoever stands on it; then
 * the first power with 18 centres wins. */
void
dip_state_update_owners(struct dip_state *st, struct dip_report *rep)
{
	int	 i, p;

	for (i = 0; i < st->nunits; i++) {
		p = st->map->loc[st->unit[i].loc].prov;
		if (st->map->prov[p].centre &&
		    st->owner[p] != st->unit[i].power) {
			st->owner[p] = st->unit[i].power;
			rep->owners_changed = true;
		}
	}
	for (p = 0; p < st->map->npowers && st->winner < 0; p++)
		if (dip_state_centres(st, p) >= DIP_WIN_CENTRES)
			st->winner = p;
}

int
dip_state_phase_code(const struct dip_state *st, char *out, size_t len)
{
	static const char seasons[] = "SFW", phases[] = "MRA";

	return snprintf(out, len, "%c%d%c", seasons[st->season], st->year,
	    phases[st->phase]);
}

/* "S1901M", "F1905R", "W1910A"; returns -1 if the code is not one. */
int
dip_state_set_phase(struct dip_state *st, const char *code)
{
	const char	*s = "SFW", *p = "MRA", *a, *b;
	int		 year, n = 0;
	char		 c1, c2;

	if (sscanf(code, "%c%4d%c%n", &c1, &year, &c2, &n) != 3 ||
	    code[n] != '\0' || (a = strchr(s, c1)) == NULL ||
	    (b = strchr(p, c2)) == NULL || c1 == '\0' || c2 == '\0')
		return -1;
	if ((a - s == DIP_WINTER) != (b - p == DIP_ADJUST))
		return -1;
	st->season = (uint8_t)(a - s);
	st->phase = (uint8_t)(b - p);
	st->year = year;
	return 0;
}
