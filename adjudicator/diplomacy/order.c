/*
 * order.c - reads orders the way email players write them.
 *
 * rules/diplomacy.md: case-insensitive; abbreviations, full names and
 * aliases (the map's name index); unit type optional; "-", "->", "to",
 * "m", "move" for moves; S, C, H, R, B, D and their words; coasts as
 * "/nc", "(nc)", "nc" or "north coast"; "via convoy"; several orders per
 * line, separated by "," or ";". German too, in every order (issue 16;
 * no order knows its writer's language, and no German word is an English
 * one or a name): the map's German names, Armee, Flotte, nach, hält (H),
 * unterstützt (U), konvoiert (K), Rückzug, auflösen, baue, Aufbau,
 * entferne, verzichte, "per Konvoi", the coasts NK, SK, OK and
 * "Nordküste". Only the words are read here: whether an
 * order is possible is decided against the board at adjudication, and a
 * missing coast is never guessed. An unreadable order is an error that
 * quotes it, says why and suggests near province names (as data: a
 * catalog key and arguments, templates/en/dip.txt; each name a catalog
 * reference, "@dip.prov.mun", that the reader's catalog names). The word
 * tables below are gathered once into the map's word index
 * (dip_order_index), and every word of an order is looked up once there
 * and in the map's name index, so a line is read without a search
 * through the tables (issue 18). No I/O, no allocation.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "dip.h"

#define ORDER_TOKENS	40
#define ORDER_WINDOW	4	/* words in the longest province name */

/* What dip_word.flags say of a word besides verb, unit and coast. */
#define WORD_COAST_NOUN	0x1	/* "coast", "Küste" */
#define WORD_CONVOY	0x2	/* "convoy" of "via convoy", "Konvoi" */
#define WORD_KEIN	0x4	/* "kein" of "kein Aufbau" */

struct token {
	const char	*text;
	int		 len;
	bool		 glued;		/* a hyphen inside a word */
	uint8_t		 klen;		/* of key */
	uint8_t		 verb;		/* enum verb */
	int8_t		 kind;		/* DIP_ARMY, DIP_FLEET, DIP_ANYKIND */
	uint8_t		 coast;		/* enum dip_coast */
	uint8_t		 flags;		/* WORD_* */
	int16_t		 prov;		/* the province it names alone, or -1 */
	uint32_t	 hash;		/* dip_hash() of key */
	char		 key[DIP_NAME_MAX];
};

struct parser {
	const struct dip_map	*map;
	const char		*seg;
	int			 seglen;
	struct token		 tok[ORDER_TOKENS];
	int			 ntok;
	int			 i;
	struct game_diag	*why;
};

enum verb {
	V_NONE,
	V_HOLD,
	V_MOVE,
	V_SUPPORT,
	V_CONVOY,
	V_RETREAT,
	V_DISBAND,
	V_BUILD,
	V_REMOVE,
	V_WAIVE,
	V_VIA
};

static const struct {
	const char	*word;
	enum verb	 verb;
} verbs[] = {
	{ "h", V_HOLD }, { "hold", V_HOLD }, { "holds", V_HOLD },
	{ "stand", V_HOLD }, { "stands", V_HOLD },
	{ "-", V_MOVE }, { "to", V_MOVE }, { "m", V_MOVE },
	{ "move", V_MOVE }, { "moves", V_MOVE }, { "mto", V_MOVE },
	{ "s", V_SUPPORT }, { "support", V_SUPPORT },
	{ "supports", V_SUPPORT }, { "sup", V_SUPPORT },
	{ "c", V_CONVOY }, { "convoy", V_CONVOY }, { "convoys", V_CONVOY },
	{ "cvy", V_CONVOY },
	{ "r", V_RETREAT }, { "retreat", V_RETREAT },
	{ "retreats", V_RETREAT },
	{ "d", V_DISBAND }, { "disband", V_DISBAND },
	{ "disbands", V_DISBAND },
	{ "b", V_BUILD }, { "build", V_BUILD }, { "builds", V_BUILD },
	{ "remove", V_REMOVE }, { "removes", V_REMOVE },
	{ "waive", V_WAIVE }, { "waives", V_WAIVE },
	{ "via", V_VIA }, { "by", V_VIA },
	/* German (keys: an umlaut reads as its vowel, map.c). */
	{ "halt", V_HOLD }, { "haelt", V_HOLD }, { "halte", V_HOLD },
	{ "halten", V_HOLD },
	{ "nach", V_MOVE },
	{ "u", V_SUPPORT }, { "unterstutzt", V_SUPPORT },
	{ "unterstuetzt", V_SUPPORT }, { "unterstutze", V_SUPPORT },
	{ "unterstuetze", V_SUPPORT },
	{ "k", V_CONVOY }, { "konvoiert", V_CONVOY }, { "konvoiere", V_CONVOY },
	{ "transportiert", V_CONVOY }, { "transportiere", V_CONVOY },
	{ "ruckzug", V_RETREAT }, { "rueckzug", V_RETREAT },
	{ "auflosen", V_DISBAND }, { "aufloesen", V_DISBAND },
	{ "vernichte", V_DISBAND },
	{ "baue", V_BUILD }, { "bauen", V_BUILD }, { "aufbau", V_BUILD },
	{ "aufbauen", V_BUILD },
	{ "entferne", V_REMOVE }, { "entfernen", V_REMOVE },
	{ "verzichte", V_WAIVE }, { "verzicht", V_WAIVE },
	{ "per", V_VIA },
};

/* The coast words, English and German ("NK" Nordküste, "SK", "OK"). */
static const struct {
	const char	*word;
	int		 coast;
} coast_words[] = {
	{ "nc", DIP_NC }, { "north", DIP_NC }, { "nk", DIP_NC },
	{ "nord", DIP_NC }, { "nordkuste", DIP_NC }, { "nordkueste", DIP_NC },
	{ "sc", DIP_SC }, { "south", DIP_SC }, { "sk", DIP_SC },
	{ "sud", DIP_SC }, { "sued", DIP_SC }, { "sudkuste", DIP_SC },
	{ "suedkueste", DIP_SC },
	{ "ec", DIP_EC }, { "east", DIP_EC }, { "ok", DIP_EC },
	{ "ost", DIP_EC }, { "ostkuste", DIP_EC }, { "ostkueste", DIP_EC },
};

/* The order words of the canonical text, and the catalog references a
 * reader gets instead (templates/LANG/dip.txt: "H", "hält"). */
enum word {
	W_HOLD, W_SUPPORT, W_CONVOY, W_RETREAT, W_DISBAND, W_BUILD, W_REMOVE,
	W_WAIVE, W_VIA, W__COUNT
};

static const char *const canon_words[W__COUNT] = {
	"H", "S", "C", "R", "D", "BUILD", "REMOVE", "WAIVE", "VIA"
};

static const char *const reader_words[W__COUNT] = {
	"@dip.ord.hold", "@dip.ord.support", "@dip.ord.convoy",
	"@dip.ord.retreat", "@dip.ord.disband", "@dip.ord.build",
	"@dip.ord.remove", "@dip.ord.waive", "@dip.ord.via"
};

/* The unit words, and the nouns and words read only beside others. */
static const struct {
	const char	*word;
	int		 kind;
} kind_words[] = {
	{ "a", DIP_ARMY }, { "army", DIP_ARMY }, { "armee", DIP_ARMY },
	{ "f", DIP_FLEET }, { "fleet", DIP_FLEET }, { "flotte", DIP_FLEET },
};

static const struct {
	const char	*word;
	unsigned	 flags;
} flag_words[] = {
	{ "coast", WORD_COAST_NOUN }, { "kuste", WORD_COAST_NOUN },
	{ "kueste", WORD_COAST_NOUN },
	{ "convoy", WORD_CONVOY }, { "konvoi", WORD_CONVOY },
	{ "kein", WORD_KEIN },
};

/*
 * The word of key (len bytes, hash dip_hash() of them) in m's index, or
 * NULL. key is an array of DIP_WORD_MAX bytes, zero from len up to its
 * eighth byte, as the index's keys are (the map is zeroed when it
 * loads): the first eight bytes are compared as one number, the rest of
 * a longer key by hand.
 */
static inline const struct dip_word *
word_find(const struct dip_map *m, const char *key, size_t len,
    uint32_t hash)
{
	const struct dip_word	*w;
	unsigned		 i = dip_hash_slot(hash, DIP_WORD_SLOTS);
	uint64_t		 head, theirs;
	size_t			 j;
	int			 k;

	if (len >= DIP_WORD_MAX)
		return NULL;
	memcpy(&head, key, sizeof(head));
	for (; (k = m->word_slot[i]) != 0; i = (i + 1) & (DIP_WORD_SLOTS - 1)) {
		w = &m->words[k - 1];
		if (w->hash != hash || w->len != len)
			continue;
		memcpy(&theirs, w->key, sizeof(theirs));
		if (theirs != head)
			continue;
		for (j = sizeof(head); j < len && w->key[j] == key[j]; j++)
			;
		if (j >= len)
			return w;
	}
	return NULL;
}

/* The entry of word in m's index, added if new; NULL when full. */
static struct dip_word *
word_entry(struct dip_map *m, const char *word)
{
	struct dip_word	*w;
	char		 key[DIP_WORD_MAX] = { 0 };
	size_t		 len = strlen(word);
	uint32_t	 h = dip_hash(DIP_HASH_INIT, word, len);
	unsigned	 i;

	if (len >= DIP_WORD_MAX)
		return NULL;
	memcpy(key, word, len);
	if ((w = (struct dip_word *)word_find(m, key, len, h)) != NULL)
		return w;
	if (m->nwords == DIP_MAX_WORDS)
		return NULL;
	w = &m->words[m->nwords++];
	memcpy(w->key, word, len + 1);
	w->hash = h;
	w->len = (uint8_t)len;
	w->prov = -1;
	w->verb = V_NONE;
	w->kind = DIP_ANYKIND;
	w->coast = DIP_NOCOAST;
	w->flags = 0;
	for (i = dip_hash_slot(h, DIP_WORD_SLOTS); m->word_slot[i] != 0;
	    i = (i + 1) & (DIP_WORD_SLOTS - 1))
		;
	m->word_slot[i] = (uint16_t)m->nwords;
	return w;
}

/*
 * Gathers the tables of this file and the map's names (sorted, so the
 * index is the same whatever order the map file lists them in) into m's
 * word index: a word of two tables ("convoy": a verb and the noun of "via
 * convoy") is one entry with both, and a word that is a name says which
 * province, so that one lookup tells the parser all a word can be (issue
 * 18). Returns 0, or -1 when the index is full (DIP_MAX_WORDS).
 */
int
dip_order_index(struct dip_map *m)
{
	struct dip_word	*w;
	size_t		 i;

	m->nwords = 0;
	memset(m->word_slot, 0, sizeof(m->word_slot));
	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		if ((w = word_entry(m, verbs[i].word)) == NULL)
			return -1;
		w->verb = (uint8_t)verbs[i].verb;
	}
	for (i = 0; i < sizeof(kind_words) / sizeof(kind_words[0]); i++) {
		if ((w = word_entry(m, kind_words[i].word)) == NULL)
			return -1;
		w->kind = (int8_t)kind_words[i].kind;
	}
	for (i = 0; i < sizeof(coast_words) / sizeof(coast_words[0]); i++) {
		if ((w = word_entry(m, coast_words[i].word)) == NULL)
			return -1;
		w->coast = (uint8_t)coast_words[i].coast;
	}
	for (i = 0; i < sizeof(flag_words) / sizeof(flag_words[0]); i++) {
		if ((w = word_entry(m, flag_words[i].word)) == NULL)
			return -1;
		w->flags |= (uint8_t)flag_words[i].flags;
	}
	for (i = 0; i < (size_t)m->nnames; i++) {
		if ((w = word_entry(m, m->names[i].key)) == NULL)
			return -1;
		w->prov = m->names[i].prov;
	}
	return 0;
}

/* What the token's key (and hash) is as an order word, and the
 * province it names alone. */
static void
classify(const struct dip_map *m, struct token *t)
{
	const struct dip_word	*w;

	if ((w = word_find(m, t->key, t->klen, t->hash)) != NULL) {
		t->verb = w->verb;
		t->kind = w->kind;
		t->coast = w->coast;
		t->flags = w->flags;
		t->prov = w->prov;
	} else {
		t->verb = V_NONE;
		t->kind = DIP_ANYKIND;
		t->coast = DIP_NOCOAST;
		t->flags = 0;
		t->prov = -1;
	}
}

/*
 * The bytes that end an order: NUL, ',', ';' and a newline (several
 * orders on one line); those that separate words: blanks, brackets, '/',
 * ':'; and those that end a word besides both, the move signs '-' and
 * '='. As bits of the byte's value, all below 64.
 */
#define ORDER_END_BITS	((1ULL << '\0') | (1ULL << ',') | (1ULL << ';') | \
	(1ULL << '\n'))
#define ORDER_SEP_BITS	((1ULL << ' ') | (1ULL << '\t') | (1ULL << '(') | \
	(1ULL << ')') | (1ULL << '/') | (1ULL << ':') | (1ULL << '\n') |	\
	(1ULL << '\r') | (1ULL << '\v') | (1ULL << '\f'))
#define ORDER_STOP_BITS	(ORDER_END_BITS | ORDER_SEP_BITS | (1ULL << '-') | \
	(1ULL << '='))

static inline bool
order_bit(uint64_t bits, char c)
{
	unsigned char	 u = (unsigned char)c;

	return u < 64 && (bits >> u) & 1;
}

static inline bool
is_sep(char c)
{
	return order_bit(ORDER_SEP_BITS, c);
}

/*
 * The word token t at s: its text, length, key and hash in one pass.
 * The key is dip_map_key()'s reading of an ASCII word (letters lower
 * case, digits, nothing else); a word with a byte beyond ASCII goes to
 * dip_map_key() itself (German letters). Returns where the word ends.
 */
static const char *
token_word(struct token *t, const char *s)
{
	uint32_t	 h = DIP_HASH_INIT;
	unsigned	 c;
	size_t		 n = 0;
	bool		 ascii = true;

	/* Zero up to the eighth byte, as word_find() compares them. */
	memset(t->key, 0, 8);
	t->text = s;
	for (; !order_bit(ORDER_STOP_BITS, *s); s++) {
		c = (unsigned char)*s;
		if (c - 'A' < 26u)
			c += 'a' - 'A';
		else if (c - 'a' >= 26u && c - '0' >= 10u) {
			ascii &= c < 0x80;
			continue;
		}
		if (n + 1 < sizeof(t->key)) {
			t->key[n++] = (char)c;
			h = (h ^ c) * 16777619u;
		}
	}
	t->len = (int)(s - t->text);
	t->glued = false;
	if (!ascii) {
		n = dip_map_key(t->text, (size_t)t->len, t->key,
		    sizeof(t->key));
		h = dip_hash(DIP_HASH_INIT, t->key, n);
	}
	t->key[n] = '\0';
	t->klen = (uint8_t)n;
	t->hash = h;
	return s;
}

/*
 * The tokens of the order at p->seg, up to the end of the order
 * (ORDER_END_BITS), whose length goes to p->seglen; -1 if there are more
 * than ORDER_TOKENS. "->", "=>" and a lone "-" are one move token, glued
 * or not.
 */
static int
tokenize(struct parser *p)
{
	const char	*s = p->seg;
	struct token	*t;

	p->ntok = 0;
	while (!order_bit(ORDER_END_BITS, *s)) {
		if (is_sep(*s)) {
			s++;
			continue;
		}
		if (p->ntok == ORDER_TOKENS) {
			while (!order_bit(ORDER_END_BITS, *s))
				s++;
			p->seglen = (int)(s - p->seg);
			return -1;
		}
		t = &p->tok[p->ntok++];
		if (*s != '-' && *s != '=') {
			s = token_word(t, s);
			if (t->klen == 0)
				p->ntok--;
			else
				classify(p->map, t);
			continue;
		}
		t->text = s++;
		if (*s == '>')
			s++;
		t->len = (int)(s - t->text);
		t->glued = t->len == 1 && t->text > p->seg &&
		    !is_sep(t->text[-1]) && !order_bit(ORDER_END_BITS, *s) &&
		    !is_sep(*s);
		memset(t->key, 0, 8);
		t->key[0] = '-';
		t->klen = 1;
		t->hash = dip_hash(DIP_HASH_INIT, t->key, 1);
		classify(p->map, t);
	}
	p->seglen = (int)(s - p->seg);
	return 0;
}

static int
fail(struct parser *p, const char *key, const char *arg, const char *arg2)
{
	char	 quoted[GAME_ARG_MAX];

	game_msg_format(quoted, "%.*s", p->seglen, p->seg);
	game_diag_set(p->why, key, 3, quoted, arg ? arg : "",
	    arg2 ? arg2 : "");
	return -1;
}

static enum verb
verb_of(const struct token *t)
{
	return (enum verb)t->verb;
}

static enum verb
peek_verb(struct parser *p)
{
	return p->i < p->ntok ? verb_of(&p->tok[p->i]) : V_NONE;
}

/* "A", "Army", "Armee"; "F", "Fleet", "Flotte"; else DIP_ANYKIND. */
static int
unit_kind(struct parser *p)
{
	int	 kind;

	if (p->i >= p->ntok)
		return DIP_ANYKIND;
	if ((kind = p->tok[p->i].kind) != DIP_ANYKIND)
		p->i++;
	return kind;
}

/* "did you mean": the nearest names for the words at the cursor. */
static int
unknown_province(struct parser *p)
{
	const struct dip_map	*m = p->map;
	char			 key[DIP_NAME_MAX * 2], list[GAME_ARG_MAX];
	char			 word[GAME_ARG_MAX];
	int			 sugg[3], n = 0, w, i;
	size_t			 len;

	game_msg_format(word, "%.*s", p->tok[p->i].len, p->tok[p->i].text);
	/* A key cut here is longer than any name (DIP_NAME_MAX) and so
	 * near none: it suggests nothing, as the whole would not. */
	key[0] = '\0';
	for (w = 0; w < 3 && p->i + w < p->ntok && n == 0; w++) {
		len = strlen(key);
		snprintf(key + len, sizeof(key) - len, "%s",
		    p->tok[p->i + w].key);
		n = dip_map_suggest(m, key, sugg, 3);
	}
	/* Whole suggestions only, best first: one that does not fit the
	 * argument any more is left out, never cut in the middle. Each
	 * names the province in the reader's language ("@dip.prov.mun
	 * (MUN)": "München (MUN)"); three always fit. */
	list[0] = '\0';
	for (i = 0; i < n; i++) {
		char	 name[GAME_ARG_MAX];

		len = strlen(list);
		dip_order_province(m, sugg[i], name, sizeof(name));
		if (snprintf(list + len, sizeof(list) - len, "%s%s (%s)",
		    i ? ", " : "", name, m->prov[sugg[i]].abbr) >=
		    (int)(sizeof(list) - len)) {
			list[len] = '\0';
			break;
		}
	}
	return fail(p, n ? "dip.err.unknown_province_hint" :
	    "dip.err.unknown_province", word, list);
}


/* An optional coast after a province; returns the location or -1. */
static int
coast(struct parser *p, int prov)
{
	int	 c, loc;
	char	 word[GAME_ARG_MAX], name[GAME_ARG_MAX];

	if (p->i >= p->ntok || (c = p->tok[p->i].coast) == DIP_NOCOAST)
		return prov;
	/* "north" alone is a coast only before "coast" or at a split
	 * province; "nc" always is. */
	game_msg_format(word, "%.*s", p->tok[p->i].len, p->tok[p->i].text);
	p->i++;
	if (p->i < p->ntok && (p->tok[p->i].flags & WORD_COAST_NOUN))
		p->i++;
	if (p->map->prov[prov].ncoasts == 0)
		return prov;	/* DATC 4.B.6: a needless coast is ignored */
	if ((loc = dip_map_loc(p->map, prov, c)) < 0) {
		dip_order_province(p->map, prov, name, sizeof(name));
		return fail(p, "dip.err.no_such_coast", word, name);
	}
	return loc;
}

/* The longest run of words (and hyphens inside a name) naming a
 * province, then its coast; returns a location or -1. */
static int
location(struct parser *p)
{
	const struct token	*first = NULL;
	char			 key[DIP_NAME_MAX];
	int			 w, best = -1, bestw = 0, prov, j;
	size_t			 len = 0;
	uint32_t		 h = DIP_HASH_INIT;

	if (p->i >= p->ntok)
		return fail(p, "dip.err.expected_province", NULL, NULL);
	for (w = 0, j = p->i; j < p->ntok && w < ORDER_WINDOW + 2; j++, w++) {
		const struct token *t = &p->tok[j];

		/* "Mid-Atlantic" is one name, "PAR-BUR" and "MAR S" are not:
		 * a name never runs over an order word (the alias "mars"). */
		if (t->glued)
			continue;
		if (j > p->i && (t->verb != V_NONE || t->kind != DIP_ANYKIND))
			break;
		/* A key longer than any name: no more words can make one. */
		if (len + t->klen >= DIP_NAME_MAX)
			break;
		if (len == 0) {
			/* One word: what it names is known (classify). Its
			 * key is copied only if more words follow. */
			first = t;
			len = t->klen;
			h = t->hash;
			prov = t->prov;
		} else {
			if (first != NULL) {
				memcpy(key, first->key, first->klen);
				first = NULL;
			}
			memcpy(key + len, t->key, t->klen);
			len += t->klen;
			h = dip_hash(h, t->key, t->klen);
			prov = dip_map_findh(p->map, key, len, h);
		}
		if (prov >= 0) {
			best = prov;
			bestw = j - p->i + 1;
		}
	}
	if (best < 0)
		return unknown_province(p);
	p->i += bestw;
	return coast(p, best);
}

static int
parse_unit(struct parser *p, int8_t *kind, uint8_t *loc)
{
	int	 l;

	*kind = (int8_t)unit_kind(p);
	if ((l = location(p)) < 0)
		return -1;
	*loc = (uint8_t)l;
	return 0;
}

/* "via convoy", "via", "by convoy" */
static void
via(struct parser *p, struct dip_order *o)
{
	if (peek_verb(p) != V_VIA)
		return;
	p->i++;
	o->via = true;
	if (p->i < p->ntok && ((p->tok[p->i].flags & WORD_CONVOY) ||
	    verb_of(&p->tok[p->i]) == V_CONVOY))
		p->i++;
}

/* A move's destination; a spelled-out convoy route "A LON - NTH - BEL"
 * keeps only the end and marks the intent (DATC 4.A.6). */
static int
move_dest(struct parser *p, struct dip_order *o)
{
	int	 l;

	for (;;) {
		if ((l = location(p)) < 0)
			return -1;
		o->dest = (int16_t)l;
		if (peek_verb(p) != V_MOVE)
			break;
		p->i++;
		o->via = true;
	}
	via(p, o);
	return 0;
}

static int
support_or_convoy(struct parser *p, struct dip_order *o)
{
	enum verb	 v;

	if (parse_unit(p, &o->tkind, &o->tloc) < 0)
		return -1;
	v = peek_verb(p);
	if (v == V_HOLD || (v == V_NONE && p->i == p->ntok)) {
		if (o->kind == DIP_CONVOY)
			return fail(p, "dip.err.convoy_needs_move", NULL, NULL);
		p->i += v == V_HOLD;
		return 0;
	}
	if (v != V_MOVE)
		return fail(p, "dip.err.expected_move", NULL, NULL);
	p->i++;
	return move_dest(p, o);
}

static int
after_unit(struct parser *p, struct dip_order *o)
{
	enum verb	 v = peek_verb(p);

	if (p->i == p->ntok) {
		o->kind = DIP_HOLD;
		return 0;
	}
	p->i++;
	switch (v) {
	case V_HOLD:
		o->kind = DIP_HOLD;
		return 0;
	case V_MOVE:
		o->kind = DIP_MOVE;
		return move_dest(p, o);
	case V_RETREAT:
		/* "A MUN Rückzug nach BOH", "A MUN R - BOH" */
		o->kind = DIP_RETREAT_TO;
		p->i += peek_verb(p) == V_MOVE;
		return move_dest(p, o);
	case V_SUPPORT:
		o->kind = DIP_SUPPORT;
		return support_or_convoy(p, o);
	case V_CONVOY:
		o->kind = DIP_CONVOY;
		return support_or_convoy(p, o);
	case V_DISBAND:
		o->kind = DIP_DISBAND;
		return 0;
	case V_REMOVE:
		o->kind = DIP_REMOVE;
		return 0;
	case V_BUILD:
		o->kind = DIP_BUILD;
		return 0;
	default:
		p->i--;
		return fail(p, "dip.err.expected_verb", p->tok[p->i].key, NULL);
	}
}

static int
one_order(struct parser *p, int power, struct dip_order *o)
{
	enum verb	 v;
	char		 word[GAME_ARG_MAX];

	memset(o, 0, sizeof(*o));
	o->power = (int8_t)power;
	o->dest = -1;
	o->tkind = DIP_ANYKIND;
	p->i = 0;
	v = peek_verb(p);
	if (v == V_WAIVE) {
		o->kind = DIP_WAIVE;
		p->i++;
	} else if ((p->tok[0].flags & WORD_KEIN) && p->ntok > 1 &&
	    verb_of(&p->tok[1]) == V_BUILD) {
		o->kind = DIP_WAIVE;	/* "kein Aufbau": a waive */
		p->i += 2;
	} else if (v == V_BUILD || v == V_REMOVE || v == V_DISBAND) {
		o->kind = v == V_BUILD ? DIP_BUILD : v == V_REMOVE ?
		    DIP_REMOVE : DIP_DISBAND;
		p->i++;
		if (parse_unit(p, &o->ukind, &o->uloc) < 0)
			return -1;
	} else if (parse_unit(p, &o->ukind, &o->uloc) < 0 ||
	    after_unit(p, o) < 0)
		return -1;
	if (p->i < p->ntok) {
		game_msg_format(word, "%.*s", p->tok[p->i].len,
		    p->tok[p->i].text);
		return fail(p, "dip.err.trailing", word, NULL);
	}
	return 0;
}

/*
 * Reads the orders of one line for power. Returns how many were stored
 * in out (at most max), or -1 with why for the first order that cannot
 * be read; why quotes that order.
 */
int
dip_order_parse(const struct dip_map *m, int power, const char *line,
    struct dip_order *out, int max, struct game_diag *why)
{
	struct parser	 p;
	const char	*s, *e;
	int		 n = 0, rc;

	/* No memset: the tokens (1.8 KB) are written before they are read. */
	p.map = m;
	p.why = why;
	p.ntok = p.i = 0;
	for (s = line; *s != '\0'; s = *e != '\0' ? e + 1 : e) {
		/* One pass: the tokens end where the order does. */
		p.seg = s;
		rc = tokenize(&p);
		e = s + p.seglen;
		if (rc < 0)
			return fail(&p, "dip.err.too_long", NULL, NULL);
		if (p.ntok == 0)
			continue;
		if (n == max)
			return fail(&p, "dip.err.too_many", NULL, NULL);
		if (one_order(&p, power, &out[n]) < 0)
			return -1;
		n++;
	}
	if (n == 0) {
		p.seg = line;
		p.seglen = (int)strlen(line);
		return fail(&p, "dip.err.empty", NULL, NULL);
	}
	return n;
}

static int
unit_text(const struct dip_map *m, int kind, int loc, char *out, size_t len)
{
	if (kind == DIP_ANYKIND)
		return snprintf(out, len, "%s", m->loc[loc].name);
	return snprintf(out, len, "%c %s", kind == DIP_ARMY ? 'A' : 'F',
	    m->loc[loc].name);
}

/* The order in the words w (canon_words or reader_words). */
static int
order_text(const struct dip_map *m, const struct dip_order *o,
    const char *const *w, char *out, size_t len)
{
	char	 u[16], t[16];

	unit_text(m, o->ukind, o->uloc, u, sizeof(u));
	unit_text(m, o->tkind, o->tloc, t, sizeof(t));
	switch (o->kind) {
	case DIP_HOLD:
		return snprintf(out, len, "%s %s", u, w[W_HOLD]);
	case DIP_MOVE:
		return snprintf(out, len, "%s - %s%s%s", u,
		    m->loc[o->dest].name, o->via ? " " : "",
		    o->via ? w[W_VIA] : "");
	case DIP_SUPPORT:
		if (o->dest < 0)
			return snprintf(out, len, "%s %s %s", u, w[W_SUPPORT],
			    t);
		return snprintf(out, len, "%s %s %s - %s", u, w[W_SUPPORT], t,
		    m->loc[o->dest].name);
	case DIP_CONVOY:
		return snprintf(out, len, "%s %s %s - %s", u, w[W_CONVOY], t,
		    m->loc[o->dest].name);
	case DIP_RETREAT_TO:
		return snprintf(out, len, "%s %s %s", u, w[W_RETREAT],
		    m->loc[o->dest].name);
	case DIP_DISBAND:
		return snprintf(out, len, "%s %s", u, w[W_DISBAND]);
	case DIP_BUILD:
		return snprintf(out, len, "%s %s", w[W_BUILD], u);
	case DIP_REMOVE:
		return snprintf(out, len, "%s %s", w[W_REMOVE], u);
	default:
		return snprintf(out, len, "%s", w[W_WAIVE]);
	}
}

/* The canonical text, which dip_order_parse() reads back unchanged. */
int
dip_order_format(const struct dip_map *m, const struct dip_order *o,
    char *out, size_t len)
{
	return order_text(m, o, canon_words, out, len);
}

/*
 * The order as a reader sees it: the canonical text with each order word
 * a catalog reference ("A MUN @dip.ord.hold"), which the reader's catalog
 * renders ("A MUN H", "A MUN hält"). At most 43 bytes ("F STP/NC
 * @dip.ord.support F STP/NC - STP/NC"), so it fits a message argument
 * with a board's prefix.
 */
int
dip_order_reader(const struct dip_map *m, const struct dip_order *o,
    char *out, size_t len)
{
	return order_text(m, o, reader_words, out, len);
}

/*
 * The full name of province prov in the reader's language: a catalog
 * reference, "@dip.prov.mun" (templates/LANG/provinces.txt). 14 bytes.
 */
void
dip_order_province(const struct dip_map *m, int prov, char *out, size_t len)
{
	char	 abbr[4];
	size_t	 i;

	for (i = 0; i < 3 && m->prov[prov].abbr[i] != '\0'; i++)
		abbr[i] = (char)tolower((unsigned char)m->prov[prov].abbr[i]);
	abbr[i] = '\0';
	snprintf(out, len, "@dip.prov.%s", abbr);
}
