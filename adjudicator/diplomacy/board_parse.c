/*
 * board_parse.c - one line of a player's orders for one board, checked
 * against that board the way an email judge answers at once.
 *
 * The words are read by order.c (dip_order_parse); here each order is
 * checked for the phase and the power (own unit, unit dislodged, builds
 * left), and then by a trial adjudication on a copy of the board with this
 * order alone: an order the engine would call VOID (DATC 4.E.1: illegal
 * whatever the others order) is refused now with the engine's reason, so
 * a player learns it before the deadline instead of in the results. An
 * accepted order becomes canonical text that dip_board_read() reads back
 * unchanged; its echo names the order words in the reader's language
 * (dip_order_reader). DRAW [powers] / NO DRAW and WAIVE [n|ALL] (German:
 * VERZICHTE [n|ALLE], KEIN AUFBAU) are read here too. Never
 * changes the board; no allocation (the trial's copy is on the stack, about
 * 12 KiB), no I/O.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "board.h"

#define PARSE_MAX	16	/* orders on one line */

/* The copy of the board a trial plays on; large, so one per call. */
struct trial {
	struct dip_state	 st;
	struct dip_order	 o;
	struct dip_report	 rep;
	struct dip_scratch	 sc;
};

static const char *const phase_keys[] = {
	"@dip.kind.movement", "@dip.kind.retreat", "@dip.kind.adjust"
};

/* The line for a refusal: trimmed, cut between characters to fit. */
static void
quote(const char *line, char out[GAME_ARG_MAX])
{
	size_t	 n;

	while (isspace((unsigned char)*line))
		line++;
	game_msg_format(out, "%s", line);
	n = strlen(out);
	while (n > 0 && isspace((unsigned char)out[n - 1]))
		out[--n] = '\0';
}

/* A province for a message: its name in the reader's language. */
static const char *
prov_arg(const struct dip_map *m, int prov, char out[GAME_ARG_MAX])
{
	dip_order_province(m, prov, out, GAME_ARG_MAX);
	return out;
}

static int
refuse(struct game_diag *why, const char *key, const char *line,
    const char *a, const char *b)
{
	char	 q[GAME_ARG_MAX];

	quote(line, q);
	game_diag_set(why, key, 3, q, a ? a : "", b ? b : "");
	return -1;
}

/*
 * The line's words as lower-case letters and digits, blank-separated, as
 * far as they fit: only DRAW [powers], NO DRAW and WAIVE [n|ALL] are looked
 * for in them, all shorter than a cut line, which then goes to the order
 * parser.
 */
static void
words(const char *line, char *out, size_t len)
{
	size_t	 n = 0;
	bool	 gap = false;

	for (; *line != '\0' && n + 2 < len; line++) {
		unsigned char c = (unsigned char)*line;

		if (isalnum(c)) {
			if (gap && n > 0)
				out[n++] = ' ';
			out[n++] = (char)tolower(c);
			gap = false;
		} else
			gap = true;
	}
	out[n] = '\0';
}

static int
unit_index(const struct dip_board *b, int prov, bool *undead)
{
	int	 i;

	*undead = false;
	if ((i = dip_state_unit_at(&b->st, prov)) >= 0)
		return i;
	for (i = 0; i < b->nundead; i++)
		if (b->st.map->loc[b->undead[i].loc].prov == prov) {
			*undead = true;
			return i;
		}
	return -1;
}

static bool
undead_at(const struct dip_board *b, int loc)
{
	bool	 u;
	int	 prov = b->st.map->loc[loc].prov;

	return unit_index(b, prov, &u) >= 0 && u;
}

static int
retreat_at(const struct dip_board *b, int prov)
{
	int	 i;

	for (i = 0; i < b->st.nretreats; i++)
		if (b->st.map->loc[b->st.retreat[i].unit.loc].prov == prov)
			return i;
	return -1;
}

/* Movement: own unit; undead units hold, support and convoy only. */
static int
check_movement(const struct dip_board *b, int power, struct dip_order *o,
    const char *line, struct game_diag *why)
{
	const struct dip_map	*m = b->st.map;
	const struct dip_unit	*un;
	char			 name[GAME_ARG_MAX];
	bool			 undead, tu;
	int			 u, t;

	if (o->kind > DIP_CONVOY)
		return refuse(why, "dip.err.wrong_phase", line,
		    phase_keys[b->st.phase], NULL);
	if ((u = unit_index(b, m->loc[o->uloc].prov, &undead)) < 0)
		return refuse(why, "dip.err.no_unit", line,
		    prov_arg(m, m->loc[o->uloc].prov, name), NULL);
	un = undead ? &b->undead[u] : &b->st.unit[u];
	if (un->power != power)
		return refuse(why, "dip.err.not_yours", line,
		    prov_arg(m, m->loc[o->uloc].prov, name), NULL);
	/* DATC 4.C.1, 4.C.2: a missing or wrong unit type is no error;
	 * the echo shows the unit as it stands. */
	o->ukind = (int8_t)un->kind;
	o->uloc = un->loc;
	if (o->kind == DIP_SUPPORT || o->kind == DIP_CONVOY) {
		t = unit_index(b, m->loc[o->tloc].prov, &tu);
		if (t >= 0)
			o->tkind = (int8_t)(tu ? b->undead[t].kind :
			    b->st.unit[t].kind);
	}
	/* rules/zombie-diplomacy.md: undead units never move, and their
	 * provinces are closed to the living. */
	if (undead && o->kind == DIP_MOVE)
		return refuse(why, "dip.err.illegal", line,
		    "@dip.why.undead_moves", NULL);
	if (o->dest >= 0 && o->kind != DIP_HOLD && undead_at(b, o->dest))
		return refuse(why, "dip.err.illegal", line, "@dip.why.undead",
		    NULL);
	return 0;
}

static int
check_retreat(const struct dip_board *b, int power, struct dip_order *o,
    const char *line, struct game_diag *why)
{
	const struct dip_map	*m = b->st.map;
	char			 name[GAME_ARG_MAX];
	int			 r, prov = m->loc[o->uloc].prov;

	if (o->kind == DIP_MOVE)
		o->kind = DIP_RETREAT_TO;
	else if (o->kind == DIP_REMOVE)
		o->kind = DIP_DISBAND;
	if (o->kind != DIP_RETREAT_TO && o->kind != DIP_DISBAND)
		return refuse(why, "dip.err.wrong_phase", line,
		    phase_keys[b->st.phase], NULL);
	if ((r = retreat_at(b, prov)) < 0)
		return refuse(why, "dip.err.not_dislodged", line,
		    prov_arg(m, prov, name), NULL);
	if (b->st.retreat[r].unit.power != power)
		return refuse(why, "dip.err.not_yours", line,
		    prov_arg(m, prov, name), NULL);
	o->ukind = (int8_t)b->st.retreat[r].unit.kind;
	o->uloc = b->st.retreat[r].unit.loc;
	if (o->kind == DIP_RETREAT_TO && undead_at(b, o->dest))
		return refuse(why, "dip.err.illegal", line, "@dip.why.undead",
		    NULL);
	return 0;
}

static int
check_adjust(const struct dip_board *b, int power, struct dip_order *o,
    const char *line, struct game_diag *why)
{
	const struct dip_map	*m = b->st.map;
	char			 name[GAME_ARG_MAX];
	int			 left = dip_board_allowance(b, power);
	int			 prov = m->loc[o->uloc].prov, u;

	if (o->kind == DIP_DISBAND)
		o->kind = DIP_REMOVE;
	if (o->kind == DIP_BUILD) {
		if (left <= 0)
			return refuse(why, "dip.err.no_builds", line, NULL,
			    NULL);
		return 0;
	}
	if (o->kind != DIP_REMOVE)
		return refuse(why, "dip.err.wrong_phase", line,
		    phase_keys[b->st.phase], NULL);
	if (left >= 0)
		return refuse(why, "dip.err.no_removals", line, NULL, NULL);
	if ((u = dip_state_unit_at(&b->st, prov)) < 0)
		return refuse(why, "dip.err.no_unit", line,
		    prov_arg(m, prov, name), NULL);
	if (b->st.unit[u].power != power)
		return refuse(why, "dip.err.not_yours", line,
		    prov_arg(m, prov, name), NULL);
	o->ukind = (int8_t)b->st.unit[u].kind;
	o->uloc = b->st.unit[u].loc;
	return 0;
}

/* The engine on a copy, with this order alone: VOID is illegal. */
static int
trial(const struct dip_board *b, const struct dip_order *o,
    const char *line, struct game_diag *why)
{
	struct trial	 tr, *t = &tr;
	int		 i, rc = 0;
	char		 key[GAME_ARG_MAX];

	t->st = b->st;
	t->o = *o;
	for (i = 0; i < b->nundead && t->st.phase == DIP_MOVEMENT; i++)
		t->st.unit[t->st.nunits++] = b->undead[i];
	if (dip_adjudicate(&t->st, &t->o, 1, &t->rep, &t->sc) == 0 &&
	    (t->rep.out[0].result == DIP_VOID ||
	    (b->st.phase == DIP_ADJUST &&
	    t->rep.out[0].result == DIP_FAILS))) {
		snprintf(key, sizeof(key), "@%s",
		    dip_why_table[t->rep.out[0].why].key);
		rc = refuse(why, "dip.err.illegal", line, key, NULL);
	}
	return rc;
}

/*
 * One word of a named draw (lower case): a power's name ("france"), its
 * abbreviation ("fra"), or its initial ("f") when no other power shares
 * it; several initials run together ("fgi") name each. Its powers into
 * *set; -1 when the word names none.
 */
static int
draw_word(const struct dip_map *m, const char *w, uint8_t *set)
{
	uint8_t	 one = 0;
	int	 p, q, hits;

	for (p = 0; p < m->npowers; p++)
		if (strcasecmp(w, m->power[p]) == 0 ||
		    strcasecmp(w, m->power_name[p]) == 0) {
			*set |= DIP_BIT(p);
			return 0;
		}
	for (; *w != '\0'; w++) {
		for (p = 0, hits = 0, q = -1; p < m->npowers; p++)
			if (tolower((unsigned char)m->power_name[p][0]) == *w) {
				hits++;
				q = p;
			}
		if (hits != 1)
			return -1;
		one |= DIP_BIT(q);
	}
	*set |= one;
	return one != 0 ? 0 : -1;
}

/*
 * "DRAW F G I" in a draw=named game (w: the line's words after "draw"):
 * the vote's canonical text "DRAW AUS FRA ITA" into text, or -1 with why.
 * At least two powers, every one a survivor.
 */
static int
draw_named(const struct dip_board *b, const char *w, const char *line,
    char *text, size_t len, struct game_diag *why)
{
	const struct dip_map	*m = b->st.map;
	char			 word[GAME_ARG_MAX];
	uint8_t			 set = 0;
	size_t			 n;
	int			 p, k = 0;

	if (!(b->st.options & DIP_OPT_DRAW_NAMED))
		return refuse(why, "dip.err.draw_dias", line, NULL, NULL);
	for (; *w != '\0'; w += n) {
		w += strspn(w, " ");
		if ((n = strcspn(w, " ")) == 0)
			break;
		snprintf(word, sizeof(word), "%.*s", (int)n, w);
		if (draw_word(m, word, &set) != 0)
			return refuse(why, "dip.err.draw_power", line, word,
			    NULL);
	}
	for (p = 0; p < m->npowers; p++)
		if ((set & DIP_BIT(p)) && !(dip_board_survivors(b) &
		    DIP_BIT(p)))
			return refuse(why, "dip.err.draw_dead", line,
			    dip_board_power_arg(p), NULL);
	snprintf(text, len, "DRAW");
	for (p = 0; p < m->npowers; p++)
		if (set & DIP_BIT(p)) {
			snprintf(text + strlen(text), len - strlen(text),
			    " %s", m->power[p]);
			k++;
		}
	return k >= 2 ? 0 : refuse(why, "dip.err.draw_few", line, NULL, NULL);
}

/*
 * "DRAW", "DRAW <powers>" (draw=named), "NO DRAW", "NODRAW"; returns 1
 * for a vote, 0 if none.
 */
static int
draw_vote(const struct dip_board *b, int power, const char *w,
    const char *line, const char *prefix, int draw_from,
    struct game_order *out, struct game_diag *why)
{
	char	 year[16], vote[DIP_TEXT_MAX] = "DRAW";
	bool	 yes;

	if (strcmp(w, "draw") == 0)
		yes = true;
	else if (strncmp(w, "draw ", 5) == 0) {
		if (draw_named(b, w + 5, line, vote, sizeof(vote), why) != 0)
			return -1;
		yes = true;
	} else if (strcmp(w, "no draw") == 0 || strcmp(w, "nodraw") == 0)
		yes = false;
	else
		return 0;
	if (b->end != DIP_END_NONE)
		return refuse(why, "dip.err.board_over", line, NULL, NULL);
	if (!(dip_board_survivors(b) & DIP_BIT(power)))
		return refuse(why, "dip.err.draw_not_survivor", line, NULL,
		    NULL);
	/* rules/zombie-diplomacy.md: no DIAS before 1910. */
	if (yes && b->st.year < draw_from) {
		snprintf(year, sizeof(year), "%d", draw_from);
		return refuse(why, "dip.err.draw_too_early", line, year, NULL);
	}
	memset(out, 0, sizeof(*out));
	out->seat = power;
	snprintf(out->slot, sizeof(out->slot), "%sdraw", prefix);
	snprintf(out->text, sizeof(out->text), "%s%s%s", prefix,
	    *prefix ? " " : "", yes ? vote : "NO DRAW");
	/* Zombie-Diplomacy votes per board: the echo names it. */
	if (*prefix != '\0')
		game_msg_set(&out->echo, yes ? "dip.ok.draw_on" :
		    "dip.ok.nodraw_on", 1, strcmp(prefix, "NR:") == 0 ?
		    "@zombie.board.nr" : "@zombie.board.z");
	else if (yes && strcmp(vote, "DRAW") != 0)
		game_msg_set(&out->echo, "dip.ok.draw_named", 1, vote + 5);
	else
		game_msg_set(&out->echo, yes ? "dip.ok.draw" : "dip.ok.nodraw",
		    0);
	return 1;
}

/* The words of a waive, English and German ("kein Aufbau"). */
static const char *const waive_words[] = {
	"waive", "verzichte", "verzicht", "kein aufbau", "keinen aufbau"
};

/* "WAIVE", "WAIVE 2", "WAIVE ALL" (German: "Verzichte 2", "Verzichte
 * alle"); returns 1 for a waive, 0 if none. */
static int
waive(const struct dip_board *b, int power, const char *w, const char *line,
    const char *prefix, struct game_order *out, struct game_diag *why)
{
	int	 n = -1, left;
	char	 num[16];
	size_t	 i, k = 0;

	for (i = 0; i < sizeof(waive_words) / sizeof(waive_words[0]) &&
	    k == 0; i++) {
		k = strlen(waive_words[i]);
		if (strncmp(w, waive_words[i], k) != 0 ||
		    (w[k] != '\0' && w[k] != ' '))
			k = 0;
	}
	if (k == 0)
		return 0;
	w += k + (w[k] == ' ');
	if (*w != '\0' && strcmp(w, "all") != 0 && strcmp(w, "alle") != 0) {
		n = atoi(w);
		if (n <= 0 || strspn(w, "0123456789") != strlen(w))
			return 0;
	} else if (*w == '\0')
		n = 1;
	left = b->st.phase == DIP_ADJUST ? dip_board_allowance(b, power) : 0;
	if (b->st.phase != DIP_ADJUST)
		return refuse(why, "dip.err.wrong_phase", line,
		    phase_keys[b->st.phase], NULL);
	if (left <= 0)
		return refuse(why, "dip.err.no_builds", line, NULL, NULL);
	if (n > left)
		n = left;
	memset(out, 0, sizeof(*out));
	out->seat = power;
	snprintf(num, sizeof(num), "%d", n < 0 ? left : n);
	snprintf(out->slot, sizeof(out->slot), "%sWAIVE", prefix);
	if (n < 0)
		snprintf(out->text, sizeof(out->text), "%s%sWAIVE ALL",
		    prefix, *prefix ? " " : "");
	else
		snprintf(out->text, sizeof(out->text), "%s%sWAIVE %d",
		    prefix, *prefix ? " " : "", n);
	game_msg_set(&out->echo, "dip.ok.waive", 1, num);
	return 1;
}

static int
check(const struct dip_board *b, int power, struct dip_order *o,
    const char *line, struct game_diag *why)
{
	int	 rc;

	switch (b->st.phase) {
	case DIP_MOVEMENT:
		rc = check_movement(b, power, o, line, why);
		break;
	case DIP_RETREAT:
		rc = check_retreat(b, power, o, line, why);
		break;
	default:
		rc = check_adjust(b, power, o, line, why);
		break;
	}
	return rc < 0 ? -1 : trial(b, o, line, why);
}

/*
 * One line for power. prefix ("" or a board marker such as "NR:") goes
 * before every slot and text. draw_from: the first year a DRAW vote may
 * be cast (0: any). Returns the orders written to out, or -1 with why.
 */
int
dip_board_parse(const struct dip_board *b, int power, const char *line,
    const char *prefix, int draw_from, struct game_order *out, int max,
    struct game_diag *why)
{
	const struct dip_map	*m = b->st.map;
	struct dip_order	 o[PARSE_MAX];
	char			 w[GAME_ORDER_MAX], canon[DIP_TEXT_MAX];
	char			 reader[GAME_ARG_MAX], said[GAME_ARG_MAX];
	int			 n, i, rc;

	if (max < 1)
		return refuse(why, "dip.err.too_many", line, NULL, NULL);
	words(line, w, sizeof(w));
	if ((rc = draw_vote(b, power, w, line, prefix, draw_from, out,
	    why)) != 0)
		return rc;
	if (b->end != DIP_END_NONE)
		return refuse(why, "dip.err.board_over", line, NULL, NULL);
	if ((rc = waive(b, power, w, line, prefix, out, why)) != 0)
		return rc;
	if ((n = dip_order_parse(m, power, line, o, PARSE_MAX, why)) < 0)
		return -1;
	if (n > max)
		return refuse(why, "dip.err.too_many", line, NULL, NULL);
	for (i = 0; i < n; i++) {
		if (check(b, power, &o[i], line, why) < 0)
			return -1;
		dip_order_format(m, &o[i], canon, sizeof(canon));
		memset(&out[i], 0, sizeof(out[i]));
		out[i].seat = power;
		snprintf(out[i].slot, sizeof(out[i].slot), "%s%s", prefix,
		    m->prov[m->loc[o[i].uloc].prov].abbr);
		snprintf(out[i].text, sizeof(out[i].text), "%s%s%s", prefix,
		    *prefix ? " " : "", canon);
		/* The echo in the reader's words: "A MUN hält". */
		dip_order_reader(m, &o[i], said, sizeof(said));
		game_msg_format(reader, "%s%s%s", prefix, *prefix ? " " : "",
		    said);
		game_msg_set(&out[i].echo, "dip.ok.order", 1, reader);
	}
	return n;
}
