/*
 * board_text.c - one board as "KEY: VALUE" lines, and back.
 *
 * Used by the standard game (keys without prefix) and by
 * Zombie-Diplomacy ("nr." and "z." before every key). load reads exactly
 * what save wrote; an unknown word is refused, never guessed (STYLE.md
 * 12). The layout, in this order (P is the prefix):
 *
 *	Pphase: S1901M			the engine's phase code
 *	Pcd: AUS TUR | -		powers in civil disorder
 *	Palive: AUS ENG ... | -		powers with units or centres
 *	Pend: none | solo YEAR POW | draw YEAR POW... | stopped YEAR
 *	Powns: POW PRV PRV ...		one line per power owning anything
 *	Punit: POW A|F LOC		the units, in the engine's order
 *	Pundead: POW A|F LOC		undead units (Zombie-Diplomacy)
 *	Pretreat: POW A|F LOC FROM CONVOYED OPT...	waiting to retreat
 *	Plast: S1901M | -		the phase the lines below report
 *	Pres: POW RESULT WHY HOW ORDER...	each order with its result
 *	Pdisl: POW A|F LOC FROM CONVOYED OPT...	dislodged in that phase
 *	Pgone: POW A|F LOC WHY		units that left the board
 *	Pbuilds: POW UNUSED WAIVED	builds not used in that phase
 *	Peliminated: POW... | -		powers eliminated in that phase
 *
 * RESULT is SUCCEEDS, OWN, FAILS or VOID; WHY the last word of the
 * dip.why.* key; HOW order, hold or undead. No I/O.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

#define TEXT_WORDS	40

static const char *const result_words[] = {
	"SUCCEEDS", "OWN", "FAILS", "VOID"
};
static const char *const how_words[] = { "order", "hold", "undead" };
static const char *const gone_words[] = {
	"no_retreat", "no_option", "no_order", "disbanded", "removed",
	"disorder", "undead"
};

static const char *
why_word(int why)
{
	return strrchr(dip_why_table[why].key, '.') + 1;
}

static void
put_powers(const struct dip_map *m, uint8_t set, struct statetext_out *o)
{
	int	 p, n = 0;

	for (p = 0; p < m->npowers; p++)
		if (set & DIP_BIT(p))
			statetext_put(o, "%s%s", n++ ? " " : "", m->power[p]);
	statetext_put(o, "%s\n", n ? "" : "-");
}

static void
put_unit(const struct dip_map *m, const struct dip_unit *u,
    struct statetext_out *o)
{
	statetext_put(o, "%s %c %s", m->power[u->power],
	    u->kind == DIP_ARMY ? 'A' : 'F', m->loc[u->loc].name);
}

static void
put_retreat(const struct dip_map *m, const char *prefix, const char *key,
    const struct dip_retreat *r, struct statetext_out *o)
{
	int	 l;

	statetext_put(o, "%s%s: ", prefix, key);
	put_unit(m, &r->unit, o);
	statetext_put(o, " %s %d", m->prov[r->from].abbr, r->convoyed ? 1 : 0);
	for (l = 0; l < m->nlocs; l++)
		if (dip_set_has(&r->options, l))
			statetext_put(o, " %s", m->loc[l].name);
	statetext_put(o, "\n");
}

static void
save_last(const struct dip_board *b, const char *P, struct statetext_out *o)
{
	const struct dip_map	*m = b->st.map;
	int			 i;

	statetext_put(o, "%slast: %s\n", P, b->last[0] ? b->last : "-");
	for (i = 0; i < b->nres; i++)
		statetext_put(o, "%sres: %s %s %s %s %s\n", P,
		    m->power[b->res[i].power], result_words[b->res[i].result],
		    why_word(b->res[i].why), how_words[b->res[i].how],
		    b->res[i].text);
	for (i = 0; i < b->ndisl; i++)
		put_retreat(m, P, "disl", &b->disl[i], o);
	for (i = 0; i < b->ngone; i++) {
		statetext_put(o, "%sgone: ", P);
		put_unit(m, &b->gone[i].unit, o);
		statetext_put(o, " %s\n", gone_words[b->gone[i].why]);
	}
	for (i = 0; i < m->npowers; i++)
		if (b->unused[i] != 0)
			statetext_put(o, "%sbuilds: %s %d %d\n", P, m->power[i],
			    b->unused[i], b->waived[i]);
	statetext_put(o, "%seliminated: ", P);
	put_powers(m, b->eliminated, o);
}

void
dip_board_save(const struct dip_board *b, const char *P,
    struct statetext_out *o)
{
	const struct dip_map	*m = b->st.map;
	char			 code[8];
	int			 p, i;

	dip_state_phase_code(&b->st, code, sizeof(code));
	statetext_put(o, "%sphase: %s\n%scd: ", P, code, P);
	put_powers(m, b->cd, o);
	statetext_put(o, "%salive: ", P);
	put_powers(m, b->alive, o);
	if (b->end == DIP_END_NONE)
		statetext_put(o, "%send: none\n", P);
	else if (b->end == DIP_END_SOLO)
		statetext_put(o, "%send: solo %d %s\n", P, b->end_year,
		    m->power[b->st.winner]);
	else if (b->end == DIP_END_STOPPED)
		statetext_put(o, "%send: stopped %d\n", P, b->end_year);
	else {
		statetext_put(o, "%send: draw %d ", P, b->end_year);
		put_powers(m, b->drawn, o);
	}
	for (p = 0; p < m->npowers; p++) {
		if (dip_state_centres(&b->st, p) == 0)
			continue;
		statetext_put(o, "%sowns: %s", P, m->power[p]);
		for (i = 0; i < m->nprov; i++)
			if (b->st.owner[i] == p && m->prov[i].centre)
				statetext_put(o, " %s", m->prov[i].abbr);
		statetext_put(o, "\n");
	}
	for (i = 0; i < b->st.nunits; i++) {
		statetext_put(o, "%sunit: ", P);
		put_unit(m, &b->st.unit[i], o);
		statetext_put(o, "\n");
	}
	for (i = 0; i < b->nundead; i++) {
		statetext_put(o, "%sundead: ", P);
		put_unit(m, &b->undead[i], o);
		statetext_put(o, "\n");
	}
	for (i = 0; i < b->st.nretreats; i++)
		put_retreat(m, P, "retreat", &b->st.retreat[i], o);
	save_last(b, P, o);
}

/* Everything but the map and the options, before the lines are read. */
void
dip_board_load_begin(struct dip_board *b)
{
	const struct dip_map	*m = b->st.map;
	unsigned		 options = b->st.options;

	memset(b, 0, sizeof(*b));
	b->st.map = m;
	b->st.options = options;
	dip_state_clear(&b->st);
}

/* The words of a value; -1 when it has more than TEXT_WORDS, which no
 * line save() writes has (35 at most: a power owning all 34 centres). */
static int
split(char *s, char **w)
{
	int	 n = 0;

	for (;;) {
		while (*s == ' ')
			*s++ = '\0';
		if (*s == '\0')
			break;
		if (n == TEXT_WORDS)
			return -1;
		w[n++] = s;
		while (*s != '\0' && *s != ' ')
			s++;
	}
	return n;
}

/* A province by its abbreviation, exactly as save wrote it. */
static int
province(const struct dip_map *m, const char *abbr)
{
	int	 l = dip_map_locname(m, abbr);

	return l >= 0 && l < m->nprov && strcmp(m->prov[l].abbr, abbr) == 0 ?
	    l : -1;
}

static int
powers(const struct dip_map *m, char **w, int n, uint8_t *out)
{
	int	 i, p;

	*out = 0;
	if (n == 1 && strcmp(w[0], "-") == 0)
		return 0;
	for (i = 0; i < n; i++) {
		if ((p = dip_map_power(m, w[i])) < 0)
			return -1;
		*out |= DIP_BIT(p);
	}
	return 0;
}

/* POW A|F LOC at w[0..2]. */
static int
unit_of(const struct dip_map *m, char **w, int n, struct dip_unit *u)
{
	int	 p, l;

	if (n < 3 || (p = dip_map_power(m, w[0])) < 0 ||
	    (strcmp(w[1], "A") != 0 && strcmp(w[1], "F") != 0) ||
	    (l = dip_map_locname(m, w[2])) < 0 || strcmp(m->loc[l].name,
	    w[2]) != 0)
		return -1;
	u->power = (int8_t)p;
	u->kind = w[1][0] == 'A' ? DIP_ARMY : DIP_FLEET;
	u->loc = (uint8_t)l;
	return 0;
}

static int
retreat_of(const struct dip_map *m, char **w, int n, struct dip_retreat *r)
{
	int	 i, l, from;

	memset(r, 0, sizeof(*r));
	if (unit_of(m, w, n, &r->unit) < 0 || n < 5 ||
	    (from = province(m, w[3])) < 0 ||
	    (strcmp(w[4], "0") != 0 && strcmp(w[4], "1") != 0))
		return -1;
	r->from = (uint8_t)from;
	r->convoyed = w[4][0] == '1';
	for (i = 5; i < n; i++) {
		if ((l = dip_map_locname(m, w[i])) < 0)
			return -1;
		dip_set_add(&r->options, l);
	}
	return 0;
}

static int
load_res(struct dip_board *b, char **w, int n, const char *rest)
{
	struct dip_res	*r;
	int		 p, res, why, how;

	if (n < 5 || b->nres == DIP_BOARD_RES ||
	    (p = dip_map_power(b->st.map, w[0])) < 0 ||
	    (res = statetext_word(w[1], result_words,
	    STATETEXT_NWORDS(result_words))) < 0 ||
	    (how = statetext_word(w[3], how_words,
	    STATETEXT_NWORDS(how_words))) < 0)
		return -1;
	for (why = 0; why < DIP_W__COUNT; why++)
		if (strcmp(why_word(why), w[2]) == 0)
			break;
	if (why == DIP_W__COUNT || strlen(rest) >= DIP_TEXT_MAX)
		return -1;
	r = &b->res[b->nres++];
	r->power = (int8_t)p;
	r->result = (uint8_t)res;
	r->why = (uint8_t)why;
	r->how = (uint8_t)how;
	snprintf(r->text, sizeof(r->text), "%s", rest);
	return 0;
}

static int
load_end(struct dip_board *b, char **w, int n)
{
	if (n == 1 && strcmp(w[0], "none") == 0)
		return 0;
	if (n == 2 && strcmp(w[0], "stopped") == 0) {
		b->end = DIP_END_STOPPED;
		b->end_year = atoi(w[1]);
		return 0;
	}
	if (n < 3)
		return -1;
	b->end_year = atoi(w[1]);
	if (strcmp(w[0], "solo") == 0 && n == 3) {
		b->end = DIP_END_SOLO;
		b->st.winner = dip_map_power(b->st.map, w[2]);
		return b->st.winner < 0 ? -1 : 0;
	}
	if (strcmp(w[0], "draw") != 0)
		return -1;
	b->end = DIP_END_DRAW;
	return powers(b->st.map, w + 2, n - 2, &b->drawn);
}

static int
load_list(struct dip_board *b, const char *key, char **w, int n)
{
	const struct dip_map	*m = b->st.map;
	struct dip_unit		 u;
	int			 p, i, c;

	if (strcmp(key, "owns") == 0) {
		if (n < 2 || (p = dip_map_power(m, w[0])) < 0)
			return -1;
		for (i = 1; i < n; i++) {
			if ((c = province(m, w[i])) < 0 ||
			    !m->prov[c].centre)
				return -1;
			b->st.owner[c] = (int8_t)p;
		}
		return 0;
	}
	if (strcmp(key, "unit") == 0 || strcmp(key, "undead") == 0) {
		if (n != 3 || unit_of(m, w, n, &u) < 0)
			return -1;
		if (strcmp(key, "undead") == 0) {
			if (b->nundead == DIP_MAX_UNITS)
				return -1;
			b->undead[b->nundead++] = u;
			return 0;
		}
		return dip_state_add_unit(&b->st, u.power, u.kind, u.loc) < 0 ?
		    -1 : 0;
	}
	if (strcmp(key, "retreat") == 0)
		return b->st.nretreats == DIP_MAX_UNITS ? -1 :
		    retreat_of(m, w, n, &b->st.retreat[b->st.nretreats++]);
	if (strcmp(key, "disl") == 0)
		return b->ndisl == DIP_MAX_UNITS ? -1 :
		    retreat_of(m, w, n, &b->disl[b->ndisl++]);
	if (strcmp(key, "gone") == 0) {
		if (n != 4 || b->ngone == DIP_MAX_UNITS ||
		    unit_of(m, w, 3, &b->gone[b->ngone].unit) < 0 ||
		    (i = statetext_word(w[3], gone_words,
		    STATETEXT_NWORDS(gone_words))) < 0)
			return -1;
		b->gone[b->ngone++].why = (uint8_t)i;
		return 0;
	}
	if (strcmp(key, "builds") == 0) {
		if (n != 3 || (p = dip_map_power(m, w[0])) < 0)
			return -1;
		b->unused[p] = (int8_t)atoi(w[1]);
		b->waived[p] = (int8_t)atoi(w[2]);
		return 0;
	}
	return 1;
}

/* One line's key (prefix removed) and value. Returns 0, -1 on a bad
 * value, 1 for a key that is not a board's. */
int
dip_board_load_line(struct dip_board *b, const char *key, const char *value)
{
	char	 buf[GAME_ORDER_MAX], *w[TEXT_WORDS];
	int	 n;

	if (strlen(value) >= sizeof(buf))
		return -1;
	snprintf(buf, sizeof(buf), "%s", value);
	if ((n = split(buf, w)) < 0)
		return -1;
	if (strcmp(key, "phase") == 0)
		return n == 1 ? dip_state_set_phase(&b->st, w[0]) : -1;
	if (strcmp(key, "cd") == 0)
		return powers(b->st.map, w, n, &b->cd);
	if (strcmp(key, "alive") == 0)
		return powers(b->st.map, w, n, &b->alive);
	if (strcmp(key, "eliminated") == 0)
		return powers(b->st.map, w, n, &b->eliminated);
	if (strcmp(key, "end") == 0)
		return load_end(b, w, n);
	if (strcmp(key, "last") == 0) {
		if (n != 1 || strlen(w[0]) >= sizeof(b->last))
			return -1;
		snprintf(b->last, sizeof(b->last), "%s",
		    strcmp(w[0], "-") == 0 ? "" : w[0]);
		return 0;
	}
	if (strcmp(key, "res") == 0) {
		/* The order text is everything after the fourth word. */
		const char *rest = value;
		int i;

		for (i = 0; i < 4 && *rest; i++) {
			rest += strcspn(rest, " ");
			rest += strspn(rest, " ");
		}
		return load_res(b, w, n, rest);
	}
	return load_list(b, key, w, n);
}

/* A loaded board as a whole: every unit on its own province. */
int
dip_board_check(const struct dip_board *b)
{
	const struct dip_map	*m = b->st.map;
	bool			 seen[DIP_MAX_PROVINCES];
	int			 i, p;

	memset(seen, 0, sizeof(seen));
	for (i = 0; i < b->st.nunits; i++) {
		p = m->loc[b->st.unit[i].loc].prov;
		if (seen[p])
			return -1;
		seen[p] = true;
	}
	for (i = 0; i < b->nundead; i++) {
		p = m->loc[b->undead[i].loc].prov;
		if (seen[p] || m->prov[p].centre)
			return -1;
		seen[p] = true;
	}
	if (b->end == DIP_END_SOLO && b->st.winner < 0)
		return -1;
	return 0;
}
