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
	const struct dip_set	*c = &st->map->centres;
	int			 i, n = 0;

	for (i = dip_set_next(c, 0); i >= 0; i = dip_set_next(c, i + 1))
		n += st->owner[i] == power;
	return n;
}

/* The centres and the units of every power at once, into centres and
 * units (DIP_MAX_POWERS each): what dip_state_centres() and
 * dip_state_units() say of each power, in one pass over the board. */
void
dip_state_tally(const struct dip_state *st, int *centres, int *units)
{
	const struct dip_set	*c = &st->map->centres;
	int			 i;

	memset(centres, 0, DIP_MAX_POWERS * sizeof(*centres));
	memset(units, 0, DIP_MAX_POWERS * sizeof(*units));
	for (i = dip_set_next(c, 0); i >= 0; i = dip_set_next(c, i + 1))
		if (st->owner[i] >= 0 && st->owner[i] < DIP_MAX_POWERS)
			centres[st->owner[i]]++;
	for (i = 0; i < st->nunits; i++)
		if (st->unit[i].power >= 0 && st->unit[i].power < DIP_MAX_POWERS)
			units[st->unit[i].power]++;
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
	int	 centres[DIP_MAX_POWERS], units[DIP_MAX_POWERS], i, p;

	for (i = 0; i < st->nunits; i++) {
		p = st->map->loc[st->unit[i].loc].prov;
		if (st->map->prov[p].centre &&
		    st->owner[p] != st->unit[i].power) {
			st->owner[p] = st->unit[i].power;
			rep->owners_changed = true;
		}
	}
	dip_state_tally(st, centres, units);
	for (p = 0; p < st->map->npowers && st->winner < 0; p++)
		if (centres[p] >= DIP_WIN_CENTRES)
			st->winner = p;
}

int
dip_state_phase_code(const struct dip_state *st, char *out, size_t len)
{
	static const char seasons[] = "SFW", phases[] = "MRA";
	char		 buf[16], digits[12];
	unsigned	 y;
	size_t		 k;
	int		 n = 0, d = 0;

	/* By hand, as snprintf("%c%d%c") would write it: the code of every
	 * phase of every case (issue 18). */
	buf[n++] = seasons[st->season];
	if (st->year < 0)
		buf[n++] = '-';
	y = st->year < 0 ? 0u - (unsigned)st->year : (unsigned)st->year;
	do
		digits[d++] = (char)('0' + y % 10);
	while ((y /= 10) != 0);
	while (d > 0)
		buf[n++] = digits[--d];
	buf[n++] = phases[st->phase];
	buf[n] = '\0';
	if (len > 0) {
		k = (size_t)n < len - 1 ? (size_t)n : len - 1;
		memcpy(out, buf, k);
		out[k] = '\0';
	}
	return n;
}

/* "S1901M", "F1905R", "W1910A"; returns -1 if the code is not one. */
int
dip_state_set_phase(struct dip_state *st, const char *code)
{
	const char	*s = "SFW", *p = "MRA", *a, *b;
	int		 year, n = 0, i;
	char		 c1, c2;

	/* The usual code, a season, four digits and a phase, by hand; any
	 * other text as sscanf() reads it (a sign, blanks, fewer digits). */
	for (i = 1; code[0] != '\0' && i <= 4 && code[i] >= '0' &&
	    code[i] <= '9'; i++)
		;
	if (i == 5 && code[5] != '\0' && code[6] == '\0') {
		c1 = code[0];
		c2 = code[5];
		year = (code[1] - '0') * 1000 + (code[2] - '0') * 100 +
		    (code[3] - '0') * 10 + (code[4] - '0');
		n = 6;
	} else if (sscanf(code, "%c%4d%c%n", &c1, &year, &c2, &n) != 3)
		return -1;
	if (code[n] != '\0' || (a = strchr(s, c1)) == NULL ||
	    (b = strchr(p, c2)) == NULL || c1 == '\0' || c2 == '\0')
		return -1;
	if ((a - s == DIP_WINTER) != (b - p == DIP_ADJUST))
		return -1;
	st->season = (uint8_t)(a - s);
	st->phase = (uint8_t)(b - p);
	st->year = year;
	return 0;
}
