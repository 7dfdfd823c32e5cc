/*
 * prose.c - whether a line a player's parser refused reads as an order at
 * all, or is prose: a greeting, a name, a mail program's footer.
 *
 * rules/diplomacy.md, "Lines that are not orders": a refused line that
 * looks like an order is an error that keeps the power from counting as
 * ready (judge-conventions 1.3); any other line is quoted back as ignored
 * and blocks nothing, so "Viele Grüße / Jürgen" or "Sent from my iPhone"
 * never makes a power late. A line looks like an order when
 *
 *   - it begins with an order word (Hold, Move, Support, Convoy,
 *     Retreat, Disband, Build, Remove, Waive, Draw ...), or with a unit
 *     (A, F, Army, Fleet) followed by a province or an order word or sign
 *     later in the line;
 *   - or it names a province right after a unit ("... A Par ..."), or
 *     beside an order letter or word ("Par H", "S Mun"), or two joined
 *     by a move sign ("Par - Bur", "Kiel->Berlin"; not "Mid-December");
 *   - or it names a province and a long order word anywhere.
 *
 * A province alone is not enough, since the names and aliases include
 * everyday words ("Den", "War", "Na", "Mid"): every order names one
 * beside a unit, a sign or an order word.
 *
 * Provinces are the map's names (abbreviation, full name, aliases, the
 * German names: "München", "Muenchen"); a word with letters outside ASCII
 * other than the German ones is never one, since the name keys drop such
 * letters ("Café" would read as "caf"). The words "to", "by" and "via"
 * are no signs here: prose is full of them; nor is German "nach" ("Grüße
 * nach Wien"), except between two provinces ("München nach Wien"), as a
 * move sign.
 *
 * The same words say whether a line's first word is foreign to orders (no
 * unit, no order word or sign, no province's name begins there): the
 * judge may then take the line for a mistyped command (issue 16: "APROVE"
 * is no province, "SER WAIT" begins with Serbia). Pure; no allocation.
 */
#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "dip.h"

#define PROSE_WORDS	40	/* words of a line looked at */
#define PROSE_WINDOW	4	/* words in the longest province name */

enum prose_kind {
	W_OTHER,
	W_UNIT,			/* A, F, Army, Fleet, Armee, Flotte */
	W_MOVE,			/* -, ->, => */
	W_SIGN,			/* H, S, C, R, D, B, M ... */
	W_VERB			/* Hold, Support, Build, Waive ... */
};

struct prose_word {
	const char	*text;
	int		 len;
	bool		 plain;		/* letters a name key reads */
	enum prose_kind	 kind;
	int		 prov;	/* a province's name begins here: its words */
};

static const char *const prose_units[] = {
	"a", "f", "army", "fleet", "armee", "flotte"
};

/* The order letters and short forms (order.c's verbs, and German). */
static const char *const prose_moves[] = { "-", "->", "=>", "nach" };

static const char *const prose_signs[] = {
	"h", "s", "c", "r", "d", "b", "m", "u", "k",
	"sup", "cvy", "mto"
};

static const char *const prose_verbs[] = {
	"hold", "holds", "stand", "stands", "move", "moves", "support",
	"supports", "convoy", "convoys", "retreat", "retreats", "disband",
	"disbands", "build", "builds", "remove", "removes", "waive", "waives",
	"draw", "zombie", "undead", "baue", "aufbau", "entferne", "verzichte",
	"halte", "h\xc3\xa4lt", "unterst\xc3\xbctzt", "unterst\xc3\xbctze",
	"konvoiert", "aufl\xc3\xb6sen", "r\xc3\xbc" "ckzug",
	"haelt", "unterstuetzt", "unterstuetze", "aufloesen", "rueckzug",
	"transportiert", "vernichte", "verzicht"
};

static bool
prose_in(const struct prose_word *w, const char *const *list, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if ((int)strlen(list[i]) == w->len &&
		    strncasecmp(list[i], w->text, (size_t)w->len) == 0)
			return true;
	return false;
}

#define PROSE_IN(w, list) prose_in(w, list, sizeof(list) / sizeof(list[0]))

static bool
prose_letter(unsigned char c)
{
	return isalnum(c) || c == '.' || c == '\'' || c >= 0x80;
}

/* The words and signs of line, at most PROSE_WORDS; how many. */
static int
prose_split(const char *line, struct prose_word *w)
{
	const char	*s = line;
	int		 n = 0, i;

	while (*s != '\0' && n < PROSE_WORDS) {
		if (*s == '-' || *s == '=') {
			w[n].text = s++;
			if (*s == '>')
				s++;
			w[n].len = (int)(s - w[n].text);
			if (w[n].len == 1 && w[n].text[0] == '=')
				continue;		/* a lone "=" */
			w[n++].plain = true;
			continue;
		}
		if (!prose_letter((unsigned char)*s)) {
			s++;
			continue;
		}
		w[n].text = s;
		for (; prose_letter((unsigned char)*s); s++)
			;
		w[n].len = (int)(s - w[n].text);
		w[n].plain = dip_map_plain(w[n].text, (size_t)w[n].len);
		n++;
	}
	for (i = 0; i < n; i++) {
		w[i].prov = 0;
		w[i].kind = PROSE_IN(&w[i], prose_units) ? W_UNIT :
		    PROSE_IN(&w[i], prose_moves) ? W_MOVE :
		    PROSE_IN(&w[i], prose_signs) ? W_SIGN :
		    PROSE_IN(&w[i], prose_verbs) ? W_VERB : W_OTHER;
	}
	return n;
}

/* Marks where a province's name (of one to PROSE_WINDOW words) begins. */
static void
prose_provinces(const struct dip_map *m, struct prose_word *w, int n)
{
	char	 key[DIP_NAME_MAX * 2];
	size_t	 len;
	int	 i, j;

	for (i = 0; i < n; i++) {
		key[0] = '\0';
		for (j = i; j < n && j < i + PROSE_WINDOW; j++) {
			if (!w[j].plain || w[j].kind != W_OTHER)
				break;
			len = strlen(key);
			dip_map_key(w[j].text, (size_t)w[j].len, key + len,
			    sizeof(key) - len);
			if (strlen(key) >= DIP_NAME_MAX)
				break;
			if (key[0] != '\0' && dip_map_find(m, key) >= 0)
				w[i].prov = j - i + 1;
		}
	}
}

static bool
prose_letter_or_verb(const struct prose_word *w)
{
	return w->kind == W_SIGN || w->kind == W_VERB;
}

/*
 * Whether the province named at word i stands as in an order: right after
 * a unit, beside an order letter or word, or followed by a move sign and
 * another province.
 */
static bool
prose_placed(const struct prose_word *w, int n, int i)
{
	int	 after = i + w[i].prov;

	if (i > 0 && (w[i - 1].kind == W_UNIT ||
	    prose_letter_or_verb(&w[i - 1])))
		return true;
	if (after < n && prose_letter_or_verb(&w[after]))
		return true;
	return after + 1 < n && w[after].kind == W_MOVE &&
	    w[after + 1].prov > 0;
}

bool
dip_order_looks(const struct dip_map *m, const char *line)
{
	struct prose_word	 w[PROSE_WORDS];
	bool			 prov = false, verb = false, sign = false;
	int			 n, i;

	if ((n = prose_split(line, w)) == 0)
		return false;
	prose_provinces(m, w, n);
	for (i = 0; i < n; i++) {
		prov |= w[i].prov > 0;
		verb |= w[i].kind == W_VERB;
		sign |= w[i].kind == W_SIGN || w[i].kind == W_MOVE;
		if (w[i].prov > 0 && prose_placed(w, n, i))
			return true;
	}
	if (w[0].kind == W_VERB)
		return true;
	if (w[0].kind == W_UNIT && n > 1 && (prov || verb || sign))
		return true;
	return prov && verb;
}

bool
dip_order_foreign(const struct dip_map *m, const char *line)
{
	struct prose_word	 w[PROSE_WORDS];
	int			 n;

	if ((n = prose_split(line, w)) == 0)
		return false;
	prose_provinces(m, w, n);
	return w[0].kind == W_OTHER && w[0].prov == 0;
}
