/*
 * map.c - reads maps/standard.map into a struct dip_map and checks it.
 *
 * The loader is strict: an unknown record, a name used twice, an adjacency
 * listed from one side only or a count that differs from the COUNTS record
 * makes it fail with a diagnostic naming the line, so a damaged map file is
 * found when the program is built (mapgen.c loads the standard map then,
 * map_standard.c hands out the result) and never during a game.
 * Adjudication only reads the result. The names, the locations and the
 * order words (order.c) get a hash index each, so the parser finds a word
 * in a probe or two (issue 18). No I/O here: the caller hands over the
 * text.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dip.h"

#define MAP_LINE_MAX	512
#define MAP_FIELDS	48

struct map_counts {
	int	 prov, centres, army, fleet, units;
	bool	 seen;
};

static int
map_fail(struct game_diag *why, int lineno, const char *what, const char *arg)
{
	char	 num[16];

	snprintf(num, sizeof(num), "%d", lineno);
	game_diag_set(why, "dip.map.bad", 3, num, what, arg ? arg : "");
	return -1;
}

/*
 * The German letters a key reads (UTF-8, the second byte after 0xc3):
 * an umlaut is its vowel, so "München" and "Munchen" are one key, and
 * "ß" is "ss". The spellings with "ae", "oe", "ue" are keys of their own,
 * added by the loader for every name that has an umlaut (map_add_forms).
 */
static const struct {
	unsigned char	 second;
	const char	*as;
} map_letters[] = {
	{ 0xa4, "a" }, { 0x84, "a" }, { 0xb6, "o" }, { 0x96, "o" },
	{ 0xbc, "u" }, { 0x9c, "u" }, { 0x9f, "ss" }
};

#define MAP_NLETTERS	(sizeof(map_letters) / sizeof(map_letters[0]))

/* The letters a key makes of the German letter at s (len bytes left),
 * or NULL if s holds none. */
static const char *
map_letter(const char *s, size_t len)
{
	size_t	 i;

	if (len < 2 || (unsigned char)s[0] != 0xc3)
		return NULL;
	for (i = 0; i < MAP_NLETTERS; i++)
		if ((unsigned char)s[1] == map_letters[i].second)
			return map_letters[i].as;
	return NULL;
}

/*
 * Names are compared as lower-case letters and digits only, so "St.
 * Petersburg", "st petersburg" and "STPETERSBURG" are one key. German
 * letters are read as map_letters says; any other byte outside ASCII is
 * left out (dip_map_plain() tells whether a word has one). Returns the
 * key's length.
 */
size_t
dip_map_key(const char *text, size_t len, char *out, size_t outlen)
{
	const char	*as;
	size_t		 i, n = 0;

	/* ASCII by hand: the program keeps the C locale, where these are
	 * isalnum() and tolower(), and this is every word of every order. */
	for (i = 0; i < len && text[i] != '\0'; i++) {
		unsigned char c = (unsigned char)text[i];

		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
			if (n + 1 < outlen)
				out[n++] = (char)c;
		} else if (c >= 'A' && c <= 'Z') {
			if (n + 1 < outlen)
				out[n++] = (char)(c - 'A' + 'a');
		} else if (c >= 0x80 &&
		    (as = map_letter(text + i, len - i)) != NULL) {
			for (; *as != '\0' && n + 1 < outlen; as++)
				out[n++] = *as;
			i++;
		}
	}
	out[n] = '\0';
	return n;
}

bool
dip_map_plain(const char *text, size_t len)
{
	size_t	 i;

	for (i = 0; i < len && text[i] != '\0'; i++) {
		if ((unsigned char)text[i] < 0x80)
			continue;
		if (map_letter(text + i, len - i) == NULL)
			return false;
		i++;
	}
	return true;
}

static int
map_name_cmp(const void *a, const void *b)
{
	const struct dip_name *x = a, *y = b;

	return strcmp(x->key, y->key);
}

/* The province named by key (len bytes, hash dip_hash() of them), or -1. */
int
dip_map_findh(const struct dip_map *m, const char *key, size_t len,
    uint32_t hash)
{
	unsigned	 i = dip_hash_slot(hash, DIP_NAME_SLOTS);
	int		 k;

	if (len >= DIP_NAME_MAX)
		return -1;
	for (; (k = m->name_slot[i]) != 0; i = (i + 1) & (DIP_NAME_SLOTS - 1))
		if (m->names[k - 1].hash == hash && m->names[k - 1].len == len &&
		    memcmp(m->names[k - 1].key, key, len) == 0)
			return m->names[k - 1].prov;
	return -1;
}

int
dip_map_find(const struct dip_map *m, const char *key)
{
	size_t	 len = strlen(key);

	return dip_map_findh(m, key, len, dip_hash(DIP_HASH_INIT, key, len));
}

/*
 * The Levenshtein distance of a (la bytes) and b (lb), or limit + 1 as
 * soon as a row of the table has no cell within limit: no later row can
 * come back under it, and "did you mean" asks only for the near names.
 */
static int
map_distance(const char *a, size_t la, const char *b, size_t lb, int limit)
{
	int	 row[DIP_NAME_MAX + 1], least;
	size_t	 i, j;

	if (la > DIP_NAME_MAX || lb > DIP_NAME_MAX)
		return 99;
	for (j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (i = 1; i <= la; i++) {
		int	 diag = row[0];

		least = row[0] = (int)i;
		for (j = 1; j <= lb; j++) {
			int	 up = row[j], best;

			best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
			if (best < least)
				least = best;
		}
		if (least > limit)
			return limit + 1;
	}
	return row[lb];
}

/* The letters and digits that occur in a key, one bit each. */
static uint64_t
map_letters_of(const char *key, size_t len)
{
	uint64_t	 bits = 0;
	size_t		 i;

	for (i = 0; i < len; i++)
		if (key[i] >= 'a' && key[i] <= 'z')
			bits |= (uint64_t)1 << (key[i] - 'a');
		else if (key[i] >= '0' && key[i] <= '9')
			bits |= (uint64_t)1 << (26 + key[i] - '0');
	return bits;
}

/* Whether more than limit bits of x are set: a bit at a time, up to
 * limit + 1 (no call to a population count the target may lack). */
static bool
map_more_bits(uint64_t x, int limit)
{
	int	 n;

	for (n = 0; x != 0 && n <= limit; n++)
		x &= x - 1;
	return x != 0 || n > limit;
}

/*
 * The provinces whose names are nearest to key (Levenshtein distance, at
 * most a third of the word, at least 1), best first; returns how many.
 */
int
dip_map_suggest(const struct dip_map *m, const char *key, int *out, int max)
{
	int		 best[DIP_MAX_PROVINCES];
	int		 i, k, n = 0, limit, d, nlen, from, to;
	int		 len = (int)strlen(key);
	uint64_t	 mine = map_letters_of(key, (size_t)len), theirs;

	limit = len / 3;
	if (limit < 1)
		limit = 1;
	for (i = 0; i < m->nprov; i++)
		best[i] = 99;
	/* The distance is at least the difference of the lengths: only the
	 * names of the lengths within limit are visited (by_len). A key may
	 * be longer than any name (unknown_province() joins words). */
	from = len - limit < 0 ? 0 : len - limit;
	if (from > DIP_NAME_MAX)
		from = DIP_NAME_MAX;
	to = len + limit + 1 > DIP_NAME_MAX ? DIP_NAME_MAX : len + limit + 1;
	for (k = m->len_first[from]; k < m->len_first[to]; k++) {
		/* And at least the number of letters one has and the other
		 * has not (each edit adds or takes one): most names end
		 * here. */
		i = m->by_len[k];
		nlen = m->names[i].len;
		theirs = m->names[i].letters;
		if (map_more_bits(mine & ~theirs, limit) ||
		    map_more_bits(theirs & ~mine, limit))
			continue;
		d = map_distance(key, (size_t)len, m->names[i].key,
		    (size_t)nlen, limit);
		if (d < best[m->names[i].prov])
			best[m->names[i].prov] = d;
	}
	for (d = 1; d <= limit && n < max; d++)
		for (i = 0; i < m->nprov && n < max; i++)
			if (best[i] == d)
				out[n++] = i;
	return n;
}

int
dip_map_loc(const struct dip_map *m, int prov, int coast)
{
	int	 i;

	if (coast == DIP_NOCOAST)
		return prov;
	for (i = 0; i < m->prov[prov].ncoasts; i++)
		if (m->loc[m->prov[prov].coast[i]].coast == coast)
			return m->prov[prov].coast[i];
	return -1;
}

/* toupper() of the C locale, the program's, without the call. */
static inline char
map_upper(char c)
{
	return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
}

int
dip_map_power(const struct dip_map *m, const char *abbr)
{
	return dip_map_power_len(m, abbr, strlen(abbr));
}

/* An abbreviation of up to 3 bytes, upper case, as one number; 0 for a
 * longer one. */
static uint32_t
map_power_key(const char *abbr, size_t len)
{
	uint32_t	 key = 0;
	size_t		 n;

	if (len == 3)	/* the usual length, without the loop */
		return (uint32_t)(unsigned char)map_upper(abbr[0]) |
		    (uint32_t)(unsigned char)map_upper(abbr[1]) << 8 |
		    (uint32_t)(unsigned char)map_upper(abbr[2]) << 16;
	if (len > 3)
		return 0;
	for (n = 0; n < len; n++)
		key |= (uint32_t)(unsigned char)map_upper(abbr[n]) << (8 * n);
	return key;
}

/* The first slot of key in the powers' index. */
static unsigned
map_power_slot(uint32_t key)
{
	return (key * 2654435769u) >> (32 - DIP_POWER_SLOTS_LOG2);
}

/* The power abbreviated abbr (len bytes, any case, no NUL), or -1: one
 * number looked up in a small index of the powers' (issue 18: this is
 * asked for every line, and a search through the powers in turn missed
 * its branch a time a line). */
int
dip_map_power_len(const struct dip_map *m, const char *abbr, size_t len)
{
	uint32_t	 key = map_power_key(abbr, len);
	unsigned	 i;
	int		 p;

	if (key == 0)
		return -1;
	for (i = map_power_slot(key); (p = m->power_slot[i]) != 0;
	    i = (i + 1) % DIP_POWER_SLOTS)
		if (m->power_key[p - 1] == key)
			return p - 1;
	return -1;
}

/* Power p in the powers' index (once its key is set). */
static void
map_index_power(struct dip_map *m, int p)
{
	unsigned	 i;

	for (i = map_power_slot(m->power_key[p]); m->power_slot[i] != 0;
	    i = (i + 1) % DIP_POWER_SLOTS)
		;
	m->power_slot[i] = (uint8_t)(p + 1);
}

/* "STP/NC" or "kie" to a location index, or -1. */
int
dip_map_locname(const struct dip_map *m, const char *text)
{
	return dip_map_locname_len(m, text, strlen(text));
}

/*
 * The location named by text (len bytes, any case), or -1. The names
 * are compared as the 8 bytes of their arrays (dip_loc.name), which the
 * loader leaves zero after the name.
 */
int
dip_map_locname_len(const struct dip_map *m, const char *text, size_t len)
{
	char		 up[sizeof(m->loc[0].name)] = { 0 };
	uint64_t	 want, have;
	uint32_t	 h = DIP_HASH_INIT;
	unsigned	 i;
	size_t		 n;
	int		 k;

	if (len >= sizeof(up))
		return -1;
	for (n = 0; n < len; n++) {
		if (text[n] == '\0')
			return -1;
		up[n] = map_upper(text[n]);
		h = (h ^ (unsigned char)up[n]) * 16777619u;
	}
	memcpy(&want, up, sizeof(want));
	i = dip_hash_slot(h, DIP_LOC_SLOTS);
	for (; (k = m->loc_slot[i]) != 0; i = (i + 1) & (DIP_LOC_SLOTS - 1)) {
		memcpy(&have, m->loc[k - 1].name, sizeof(have));
		if (have == want)
			return k - 1;
	}
	return -1;
}

/* Index item + 1 under key in slots (nslots, a power of two, at least
 * twice the items): the first free slot from the key's hash on. */
static void
map_slot_u16(uint16_t *slots, unsigned nslots, const char *key, int item)
{
	unsigned	 i = dip_hash_slot(dip_hash(DIP_HASH_INIT, key,
			    strlen(key)), nslots);

	while (slots[i] != 0)
		i = (i + 1) & (nslots - 1);
	slots[i] = (uint16_t)(item + 1);
}

/* The names' index, made anew once they are sorted (map_check); while
 * the map loads, map_add_name() keeps it in the order they came, to find
 * a name given twice. */
static void
map_index_names(struct dip_map *m)
{
	uint16_t	 next[DIP_NAME_MAX + 1];
	int		 i, len;

	memset(m->name_slot, 0, sizeof(m->name_slot));
	for (i = 0; i < m->nnames; i++)
		map_slot_u16(m->name_slot, DIP_NAME_SLOTS, m->names[i].key, i);
	/* The names by length, for "did you mean" (dip_map_suggest): a
	 * count per length, its running sum, then the names in place. */
	memset(m->len_first, 0, sizeof(m->len_first));
	for (i = 0; i < m->nnames; i++)
		m->len_first[m->names[i].len + 1]++;
	for (len = 0; len < DIP_NAME_MAX; len++)
		m->len_first[len + 1] += m->len_first[len];
	memcpy(next, m->len_first, sizeof(next));
	for (i = 0; i < m->nnames; i++)
		m->by_len[next[m->names[i].len]++] = (uint16_t)i;
}

/* The locations' index, once they are numbered (dip_map_load). Their
 * names are upper case. */
static void
map_index_locs(struct dip_map *m)
{
	unsigned	 i;
	int		 l;

	memset(m->loc_slot, 0, sizeof(m->loc_slot));
	for (l = 0; l < m->nlocs; l++) {
		i = dip_hash_slot(dip_hash(DIP_HASH_INIT, m->loc[l].name,
		    strlen(m->loc[l].name)), DIP_LOC_SLOTS);
		while (m->loc_slot[i] != 0)
			i = (i + 1) & (DIP_LOC_SLOTS - 1);
		m->loc_slot[i] = (uint8_t)(l + 1);
	}
}

static int
map_coast_code(const char *s)
{
	if (strcasecmp(s, "NC") == 0)
		return DIP_NC;
	if (strcasecmp(s, "SC") == 0)
		return DIP_SC;
	if (strcasecmp(s, "EC") == 0)
		return DIP_EC;
	return -1;
}

/*
 * A name's key must fit DIP_NAME_MAX with a byte to spare: a word an
 * order cuts to DIP_NAME_MAX - 1 letters then matches no name, where a
 * cut name could have matched a cut word (dip.h, DIP_NAME_MAX).
 */
static int
map_add_name(struct dip_map *m, const char *text, size_t len, int prov)
{
	char		 key[DIP_NAME_MAX];
	size_t		 n;
	uint32_t	 h;
	int		 p;

	n = dip_map_key(text, len, key, sizeof(key));
	if (n == 0 || n >= DIP_NAME_MAX - 1)
		return -1;
	h = dip_hash(DIP_HASH_INIT, key, n);
	if ((p = dip_map_findh(m, key, n, h)) >= 0)
		return p == prov ? 0 : -1;
	if (m->nnames == DIP_MAX_NAMES)
		return -1;
	memcpy(m->names[m->nnames].key, key, n + 1);
	m->names[m->nnames].len = (uint8_t)n;
	m->names[m->nnames].hash = h;
	m->names[m->nnames].letters = map_letters_of(key, n);
	m->names[m->nnames].prov = (uint8_t)prov;
	map_slot_u16(m->name_slot, DIP_NAME_SLOTS, key, m->nnames++);
	return 0;
}

/*
 * A name of another language, every spelling of it: each umlaut as its
 * vowel (the key's reading) and as the vowel and "e" ("Muenchen"), in
 * every combination. A name of more than MAP_UMLAUTS umlauts is refused.
 */
#define MAP_UMLAUTS	3

static int
map_add_forms(struct dip_map *m, const char *text, size_t len, int prov)
{
	char		 form[MAP_LINE_MAX];
	const char	*as;
	unsigned	 mask, nmask;
	size_t		 i, n;
	int		 k;

	for (i = 0, k = 0; i < len; i++)
		if ((as = map_letter(text + i, len - i)) != NULL) {
			k += as[1] == '\0';
			i++;
		}
	if (k > MAP_UMLAUTS)
		return -1;
	nmask = 1U << k;
	for (mask = 0; mask < nmask; mask++) {
		for (i = 0, n = 0, k = 0; i < len && n + 3 < sizeof(form); i++) {
			as = map_letter(text + i, len - i);
			if (as != NULL && as[1] == '\0' && (mask >> k++) & 1) {
				form[n++] = *as;
				form[n++] = 'e';
				i++;
			} else
				form[n++] = text[i];
		}
		if (i < len || map_add_name(m, form, n, prov) < 0)
			return -1;
	}
	return 0;
}

/*
 * NAME <ABBR> <lang> <name> [| <name> ...]: the names players of another
 * language write, for orders (the reader's names come from the message
 * catalog, templates/LANG). rest: the line from the first name on.
 */
static int
map_names(struct dip_map *m, char **f, int nf, const char *rest)
{
	const char	*s, *e, *bar;
	int		 p;

	if (nf < 4 || (p = dip_map_locname(m, f[1])) < 0 || p >= m->nprov ||
	    strlen(f[2]) != 2 || !islower((unsigned char)f[2][0]) ||
	    !islower((unsigned char)f[2][1]))
		return -1;
	for (s = rest; *s != '\0'; s = *bar ? bar + 1 : bar) {
		bar = s + strcspn(s, "|");
		while (*s == ' ' || *s == '\t')
			s++;
		for (e = bar; e > s && (e[-1] == ' ' || e[-1] == '\t'); e--)
			;
		if (e == s || map_add_forms(m, s, (size_t)(e - s), p) < 0)
			return -1;
	}
	return 0;
}

static int
map_province(struct dip_map *m, char **f, int nf, const char *line)
{
	struct dip_province	*p;
	const char		*name;
	char			 coasts[16], abbr[4], *c, *save;
	int			 i;

	if (nf < 7 || m->nprov == DIP_MAX_PROVINCES || strlen(f[1]) != 3)
		return -1;
	p = &m->prov[m->nprov];
	memset(p, 0, sizeof(*p));
	memcpy(p->abbr, f[1], 4);
	for (i = 0; i < 3; i++)
		p->abbr[i] = (char)toupper((unsigned char)p->abbr[i]);
	if (strcmp(f[2], "LAND") == 0)
		p->terrain = DIP_LAND;
	else if (strcmp(f[2], "COAST") == 0)
		p->terrain = DIP_COAST;
	else if (strcmp(f[2], "SEA") == 0)
		p->terrain = DIP_SEA;
	else
		return -1;
	p->centre = strcmp(f[3], "SC") == 0;
	p->home = strcmp(f[4], "-") == 0 ? -1 : dip_map_power(m, f[4]);
	if (p->home < 0 && strcmp(f[4], "-") != 0)
		return -1;
	/* The full name is the rest of the line after the sixth field. */
	name = strstr(line, f[6]);
	if (snprintf(p->name, sizeof(p->name), "%s", name) >=
	    (int)sizeof(p->name))
		return -1;
	m->loc[m->nprov].prov = (uint8_t)m->nprov;
	memcpy(m->loc[m->nprov].name, p->abbr, sizeof(p->abbr));
	if (strcmp(f[5], "-") != 0) {
		if (snprintf(coasts, sizeof(coasts), "%s", f[5]) >=
		    (int)sizeof(coasts))
			return -1;
		for (c = strtok_r(coasts, ",", &save); c != NULL;
		    c = strtok_r(NULL, ",", &save)) {
			struct dip_loc	*l = &m->loc[m->nlocs];

			if (map_coast_code(c) < 0 || p->ncoasts == 3 ||
			    m->nlocs == DIP_MAX_LOCS)
				return -1;
			l->prov = (uint8_t)m->nprov;
			l->coast = (uint8_t)map_coast_code(c);
			/* "STP/NC": 3 + 1 + 2 bytes (c is NC, SC or EC). */
			memcpy(abbr, p->abbr, sizeof(abbr));
			snprintf(l->name, sizeof(l->name), "%s/%.2s", abbr, c);
			p->coast[p->ncoasts++] = (uint8_t)m->nlocs++;
		}
	}
	if (map_add_name(m, p->abbr, 3, m->nprov) < 0 ||
	    map_add_name(m, p->name, strlen(p->name), m->nprov) < 0)
		return -1;
	m->nprov++;
	return 0;
}

/* Coast locations are numbered after all provinces: the PROVINCE records
 * are read in a first pass, and coasts renumbered here once nprov is known. */
static void
map_number_coasts(struct dip_map *m, int ncoastlocs, struct dip_loc *tmp)
{
	int	 i, j, k = m->nprov;

	for (i = 0; i < m->nprov; i++) {
		struct dip_province *p = &m->prov[i];

		for (j = 0; j < p->ncoasts; j++) {
			m->loc[k] = tmp[p->coast[j] - DIP_MAX_PROVINCES];
			p->coast[j] = (uint8_t)k++;
		}
	}
	m->nlocs = m->nprov + ncoastlocs;
}

static int
map_adjacency(struct dip_map *m, char **f, int nf, bool fleet)
{
	int	 from, to, i;

	if (nf < 3 || strcmp(f[2], ":") != 0)
		return -1;
	from = dip_map_locname(m, f[1]);
	if (from < 0 || (!fleet && from >= m->nprov))
		return -1;
	for (i = 3; i < nf; i++) {
		to = dip_map_locname(m, f[i]);
		if (to < 0 || to == from || (!fleet && to >= m->nprov))
			return -1;
		if (fleet) {
			if (m->prov[m->loc[from].prov].terrain == DIP_LAND ||
			    m->prov[m->loc[to].prov].terrain == DIP_LAND)
				return -1;
			dip_set_add(&m->fleet_adj[from], to);
		} else {
			if (m->prov[from].terrain == DIP_SEA ||
			    m->prov[to].terrain == DIP_SEA)
				return -1;
			dip_set_add(&m->army_adj[from], to);
		}
	}
	return 0;
}

static int
map_record(struct dip_map *m, char **f, int nf, const char *line,
    struct map_counts *counts)
{
	int	 i, p, l;

	if (strcmp(f[0], "MAP") == 0)
		return 0;
	if (strcmp(f[0], "POWER") == 0) {
		if (nf < 3 || m->npowers == DIP_MAX_POWERS ||
		    strlen(f[1]) >= sizeof(m->power[0]) ||
		    strlen(f[2]) >= sizeof(m->power_name[0]))
			return -1;
		snprintf(m->power[m->npowers], 4, "%s", f[1]);
		snprintf(m->power_name[m->npowers], 16, "%s", f[2]);
		m->power_key[m->npowers] = map_power_key(f[1], strlen(f[1]));
		map_index_power(m, m->npowers++);
		return 0;
	}
	if (strcmp(f[0], "PROVINCE") == 0)
		return map_province(m, f, nf, line);
	if (strcmp(f[0], "ALIAS") == 0) {
		if (nf < 3 || (p = dip_map_locname(m, f[1])) < 0 ||
		    p >= m->nprov)
			return -1;
		for (i = 2; i < nf; i++)
			if (map_add_name(m, f[i], strlen(f[i]), p) < 0)
				return -1;
		return 0;
	}
	/* The names begin where the fourth field does in line. */
	if (strcmp(f[0], "NAME") == 0)
		return nf < 4 ? -1 : map_names(m, f, nf,
		    line + strspn(line, " \t") + (f[3] - f[0]));
	if (strcmp(f[0], "ARMY") == 0 || strcmp(f[0], "FLEET") == 0)
		return map_adjacency(m, f, nf, f[0][0] == 'F');
	if (strcmp(f[0], "UNIT") == 0) {
		if (nf != 4 || m->nstart == DIP_MAX_UNITS ||
		    (p = dip_map_power(m, f[1])) < 0 ||
		    (l = dip_map_locname(m, f[3])) < 0 ||
		    (strcmp(f[2], "A") != 0 && strcmp(f[2], "F") != 0))
			return -1;
		m->start[m->nstart].power = (int8_t)p;
		m->start[m->nstart].kind = f[2][0] == 'A' ? DIP_ARMY : DIP_FLEET;
		m->start[m->nstart++].loc = (uint8_t)l;
		return 0;
	}
	if (strcmp(f[0], "OWNS") == 0) {
		if (nf < 2 || (p = dip_map_power(m, f[1])) < 0)
			return -1;
		for (i = 2; i < nf; i++) {
			l = dip_map_locname(m, f[i]);
			if (l < 0 || l >= m->nprov || !m->prov[l].centre)
				return -1;
			m->start_owner[l] = (int8_t)p;
		}
		return 0;
	}
	if (strcmp(f[0], "COUNTS") == 0) {
		if (nf != 6)
			return -1;
		counts->prov = atoi(f[1]);
		counts->centres = atoi(f[2]);
		counts->army = atoi(f[3]);
		counts->fleet = atoi(f[4]);
		counts->units = atoi(f[5]);
		counts->seen = true;
		return 0;
	}
	return -1;
}

/* The fields of a line; -1 when it has more than MAP_FIELDS. */
static int
map_split(char *buf, char **f)
{
	int	 nf = 0;
	char	*s = buf;

	while (*s != '\0') {
		while (*s == ' ' || *s == '\t')
			*s++ = '\0';
		if (*s == '\0')
			break;
		if (nf == MAP_FIELDS)
			return -1;
		f[nf++] = s;
		while (*s != '\0' && *s != ' ' && *s != '\t')
			s++;
	}
	return nf;
}

static int
map_popcount(const struct dip_set *s)
{
	return __builtin_popcountll(s->w[0]) + __builtin_popcountll(s->w[1]);
}

/* The checks that need the whole file: symmetry, counts, derived sets.
 * The loops visit the members of each set, not every location. */
static int
map_check(struct dip_map *m, const struct map_counts *c, struct game_diag *why)
{
	int	 i, j, na = 0, nf = 0, ncentres = 0;

	for (i = 0; i < m->nprov; i++) {
		ncentres += m->prov[i].centre;
		if (m->prov[i].centre)
			dip_set_add(&m->centres, i);
		if (m->prov[i].terrain == DIP_SEA)
			dip_set_add(&m->seas, i);
		na += map_popcount(&m->army_adj[i]);
		for (j = dip_set_next(&m->army_adj[i], 0); j >= 0;
		    j = dip_set_next(&m->army_adj[i], j + 1))
			if (!dip_set_has(&m->army_adj[j], i))
				return map_fail(why, 0, "asymmetric ARMY",
				    m->prov[i].abbr);
	}
	for (i = 0; i < m->nlocs; i++) {
		nf += map_popcount(&m->fleet_adj[i]);
		for (j = dip_set_next(&m->fleet_adj[i], 0); j >= 0;
		    j = dip_set_next(&m->fleet_adj[i], j + 1)) {
			if (!dip_set_has(&m->fleet_adj[j], i))
				return map_fail(why, 0, "asymmetric FLEET",
				    m->loc[i].name);
			dip_set_add(&m->fleet_reach[i], m->loc[j].prov);
			dip_set_add(&m->any_adj[m->loc[i].prov],
			    m->loc[j].prov);
		}
		if (m->prov[m->loc[i].prov].ncoasts > 0 && i < m->nprov &&
		    map_popcount(&m->fleet_adj[i]) != 0)
			return map_fail(why, 0, "FLEET needs a coast",
			    m->loc[i].name);
	}
	for (i = 0; i < m->nprov; i++) {
		m->any_adj[i].w[0] |= m->army_adj[i].w[0];
		m->any_adj[i].w[1] |= m->army_adj[i].w[1];
	}
	if (!c->seen)
		return map_fail(why, 0, "no COUNTS record", NULL);
	if (c->prov != m->nprov || c->centres != ncentres ||
	    c->army * 2 != na || c->fleet * 2 != nf || c->units != m->nstart)
		return map_fail(why, 0, "COUNTS differ from the records", NULL);
	qsort(m->names, (size_t)m->nnames, sizeof(m->names[0]), map_name_cmp);
	map_index_names(m);
	if (dip_order_index(m) < 0)
		return map_fail(why, 0, "too many order words", NULL);
	return 0;
}

/*
 * Fills out from the text of a map file. Two passes: provinces and powers
 * first, so that coast locations can be numbered after all provinces,
 * then everything else.
 */
int
dip_map_load(const char *text, struct dip_map *out, struct game_diag *why)
{
	static const char *const first[] = { "MAP", "POWER", "PROVINCE" };
	struct dip_loc		 coastlocs[DIP_MAX_LOCS];
	struct map_counts	 counts;
	char			 buf[MAP_LINE_MAX], line[MAP_LINE_MAX];
	char			*f[MAP_FIELDS];
	const char		*s, *e;
	int			 pass, lineno, nf, ncoast = 0;
	size_t			 len, k;

	memset(out, 0, sizeof(*out));
	memset(&counts, 0, sizeof(counts));
	memset(out->start_owner, -1, sizeof(out->start_owner));
	for (pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			ncoast = out->nlocs - DIP_MAX_PROVINCES;
			memcpy(coastlocs, &out->loc[DIP_MAX_PROVINCES],
			    sizeof(coastlocs[0]) * (size_t)ncoast);
			map_number_coasts(out, ncoast, coastlocs);
			map_index_locs(out);
		} else
			out->nlocs = DIP_MAX_PROVINCES;
		for (s = text, lineno = 1; *s != '\0'; s = e, lineno++) {
			bool	 isfirst = false;

			e = strchr(s, '\n');
			e = e ? e + 1 : s + strlen(s);
			len = (size_t)(e - s);
			if (len >= sizeof(buf))
				return map_fail(why, lineno, "line too long",
				    NULL);
			memcpy(buf, s, len);
			buf[len] = '\0';
			buf[strcspn(buf, "\r\n")] = '\0';
			memcpy(line, buf, len + 1);
			if ((nf = map_split(buf, f)) < 0)
				return map_fail(why, lineno, "too many fields",
				    NULL);
			if (nf == 0 || f[0][0] == '#')
				continue;
			for (k = 0; k < 3; k++)
				isfirst |= strcmp(f[0], first[k]) == 0;
			if (isfirst != (pass == 0))
				continue;
			if (map_record(out, f, nf, line, &counts) < 0)
				return map_fail(why, lineno, "bad record",
				    f[0]);
		}
	}
	return map_check(out, &counts, why);
}
