/*
 * zombie_parse.c - the orders of Zombie-Diplomacy: which board a line is
 * for, zombie placements, undead units, and what a power still owes.
 *
 * Board markers (rules/zombie-diplomacy.md: "the exact syntax is the
 * project's choice ... tolerant of how players write"): a line that is
 * only a marker ("NR:", "ZOMBIE:", "BOARD NR", "Zombie-Board", "Z") sets
 * the board for the following lines of the mail (parse's ctx); a marker
 * before an order on the same line ("NR: A PAR - BUR", "Z: A VIE H")
 * holds for that line. Without a marker the board is inferred where only
 * one can be meant (the only board with a unit there, the only board in
 * retreats, ...), else the order is refused with a request for a marker.
 * Stored texts always carry the prefix "NR: " or "Z: ". No I/O.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "zombie.h"

#define ZP_LINE		GAME_ORDER_MAX

enum { BOARD_NONE, BOARD_NR, BOARD_Z };

static const char *const board_args[] = {
	"", "@zombie.board.nr", "@zombie.board.z"
};

static int
refuse(struct game_diag *why, const char *key, const char *line,
    const char *a)
{
	char	 q[GAME_ARG_MAX];
	size_t	 n;

	while (isspace((unsigned char)*line))
		line++;
	game_msg_format(q, "%s", line);
	n = strlen(q);
	while (n > 0 && isspace((unsigned char)q[n - 1]))
		q[--n] = '\0';
	game_diag_set(why, key, 2, q, a ? a : "");
	return -1;
}

/* A province for a message: its name in the reader's language. */
static const char *
prov_arg(const struct dip_map *m, int prov, char out[GAME_ARG_MAX])
{
	dip_order_province(m, prov, out, GAME_ARG_MAX);
	return out;
}

/*
 * Lower-case words, one blank apart; '-' and ':' separate words. A line
 * longer than out is cut: only its first words are looked at (markers,
 * ZOMBIE, DRAW; "undead" anywhere), and a long line they send to a
 * placement or undead order is refused there whole (strip()).
 */
static void
words(const char *s, char *out, size_t len)
{
	size_t	 n = 0;
	bool	 gap = false;

	for (; *s != '\0' && n + 2 < len; s++) {
		unsigned char c = (unsigned char)*s;

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

/* A whole line naming a board, or BOARD_NONE. */
static int
marker(const char *line)
{
	static const struct {
		const char	*w;
		int		 board;
	} m[] = {
		{ "nr", BOARD_NR }, { "nr board", BOARD_NR },
		{ "board nr", BOARD_NR }, { "no retreat board", BOARD_NR },
		{ "z", BOARD_Z }, { "zombie", BOARD_Z },
		{ "zombie board", BOARD_Z }, { "board zombie", BOARD_Z },
		{ "board z", BOARD_Z }, { "zombies", BOARD_Z },
	};
	char	 w[ZP_LINE];
	size_t	 i;

	words(line, w, sizeof(w));
	for (i = 0; i < sizeof(m) / sizeof(m[0]); i++)
		if (strcmp(w, m[i].w) == 0)
			return m[i].board;
	return BOARD_NONE;
}

/* "NR: ...", "Z: ...", "Zombie: ...", "NR-board: ..."; returns the
 * board and points *rest after the colon, or BOARD_NONE. */
static int
prefix(const char *line, const char **rest)
{
	const char	*c = strchr(line, ':');
	char		 head[64];

	if (c == NULL || (size_t)(c - line) >= sizeof(head))
		return BOARD_NONE;
	snprintf(head, sizeof(head), "%.*s", (int)(c - line), line);
	*rest = c + 1;
	return marker(head);
}

static bool
word_in(const char *w, const char *first)
{
	size_t	 n = strlen(first);

	return strncmp(w, first, n) == 0 && (w[n] == '\0' || w[n] == ' ');
}

/*
 * The line with the words in skip removed; "->" and "=>" as blanks if
 * arrows. out holds ZP_LINE bytes, enough for what is left of a line that
 * fits buf. -1 for a longer line: cut, it could read as another order
 * (its tail, e.g. a second order after a comma, gone).
 */
static int
strip(const char *line, const char *const *skip, bool arrows,
    char out[ZP_LINE])
{
	char	 buf[ZP_LINE], *t, *save = NULL;
	size_t	 n = 0, i;

	if (snprintf(buf, sizeof(buf), "%s", line) >= (int)sizeof(buf))
		return -1;
	for (t = buf; *t && arrows; t++)
		if ((t[0] == '-' || t[0] == '=') && t[1] == '>')
			t[0] = t[1] = ' ';
	out[0] = '\0';
	for (t = strtok_r(buf, " \t", &save); t != NULL;
	    t = strtok_r(NULL, " \t", &save)) {
		for (i = 0; skip[i] != NULL && strcasecmp(t, skip[i]); i++)
			;
		if (skip[i] == NULL && n < ZP_LINE)
			n += (size_t)snprintf(out + n, ZP_LINE - n, "%s%s",
			    n ? " " : "", t);
	}
	return 0;
}

static int
count_wait(const struct game_state *st, int power, int kind)
{
	int	 i, n = 0;

	for (i = 0; i < st->nwait; i++)
		n += st->wait[i].unit.power == power &&
		    (kind == DIP_ANYKIND || st->wait[i].unit.kind == kind);
	return n;
}

/*
 * "ZOMBIE A (VIE) -> BUD": the zombie's type (DIP_ANYKIND if left out),
 * where it was dislodged, and the centre. The zombie is named by where it
 * fell in brackets (the stored form; "(Vienna)" too) or as a move
 * ("ZOMBIE A VIE -> BUD", "... FROM VIE TO BUD"); else *from is -1 and
 * the line names only the centre ("ZOMBIE A -> BUD", also "PLACE", or
 * "BUILD" in a placement phase; the arrow, "to", "in" and the unit type
 * may be left out). German: "ZOMBIE A -> Wien", "ZOMBIE A nach Wien",
 * "ZOMBIE A von BOH nach VIE", "Baue A Wien". Returns 0, or -1 with why.
 */
static int
place_words(const struct game_state *st, int power, const char *line,
    int *kind, int *from, int *loc, struct game_diag *why)
{
	static const char *const named[] = {
		"zombie", "place", "build", "b", "from", "baue", "aufbau",
		"von", NULL
	};
	static const char *const skip[] = {
		"zombie", "place", "build", "b", "-", "to", "in", "at", "on",
		"into", "baue", "aufbau", "nach", NULL
	};
	const struct dip_map	*m = &st->map;
	struct dip_order	 o[2];
	struct game_diag	 quiet;
	char			 buf[ZP_LINE], rest[ZP_LINE], text[ZP_LINE + 8];
	char			 key[DIP_NAME_MAX], *open, *close;
	int			 fell = -1;

	if (snprintf(buf, sizeof(buf), "%s", line) >= (int)sizeof(buf))
		return refuse(why, "dip.err.too_long", line, NULL);
	/* "(VIE)", "(Vienna)": where it fell; the rest names the centre. */
	if ((open = strchr(buf, '(')) != NULL &&
	    (close = strchr(open, ')')) != NULL) {
		dip_map_key(open + 1, strcspn(open + 1, "/)"), key,
		    sizeof(key));
		if ((fell = dip_map_find(m, key)) < 0) {
			*close = '\0';
			return refuse(why, "dip.err.unknown_province", line,
			    open + 1);
		}
		memmove(open, close + 1, strlen(close + 1) + 1);
	} else if (strip(buf, named, false, rest) == 0 &&
	    dip_order_parse(m, power, rest, o, 2, &quiet) == 1 &&
	    (o[0].kind == DIP_MOVE || o[0].kind == DIP_RETREAT_TO)) {
		/* Two places: where the zombie fell, and its centre. */
		*kind = o[0].ukind;
		*from = m->loc[o[0].uloc].prov;
		*loc = o[0].dest;
		return 0;
	}
	if (strip(buf, skip, true, rest) < 0)
		return refuse(why, "dip.err.too_long", line, NULL);
	snprintf(text, sizeof(text), "BUILD %s", rest);	/* rest + 6 */
	if (dip_order_parse(m, power, text, o, 2, why) != 1 ||
	    o[0].kind != DIP_BUILD)
		return why->msg.key[0] ? -1 : refuse(why,
		    "zombie.err.place_syntax", line, NULL);
	*kind = o[0].ukind;
	*from = fell;
	*loc = o[0].uloc;
	return 0;
}

/* "A (VIE)": how a zombie is named in texts and messages. */
static void
zombie_name(const struct game_state *st, const struct dip_unit *u,
    char *out, size_t len)
{
	snprintf(out, len, "%c (%s)", u->kind == DIP_ARMY ? 'A' : 'F',
	    st->map.prov[st->map.loc[u->loc].prov].abbr);
}

/*
 * The waiting zombie a placement is for: the power's zombie of that kind
 * dislodged in from, or with from -1 its only zombie of that kind (of
 * any kind when kind is DIP_ANYKIND). Returns its index in st->wait, or
 * -1 with why: two zombies of one kind must be told apart by where they
 * fell (rules: each zombie has its own placement).
 */
static int
which_zombie(const struct game_state *st, int power, int kind, int from,
    const char *line, struct game_diag *why)
{
	const struct dip_map	*m = &st->map;
	char			 list[GAME_ARG_MAX], name[16];
	char			 pname[GAME_ARG_MAX];
	int			 i, found = -1, n = 0;
	size_t			 len = 0;

	list[0] = '\0';
	for (i = 0; i < st->nwait; i++) {
		const struct dip_unit *u = &st->wait[i].unit;

		if (u->power != power ||
		    (kind != DIP_ANYKIND && u->kind != kind) ||
		    (from >= 0 && m->loc[u->loc].prov != from))
			continue;
		found = i;
		n++;
		if (len < sizeof(list))
			len += (size_t)snprintf(list + len, sizeof(list) - len,
			    "%s%s", len ? ", " : "",
			    m->prov[m->loc[u->loc].prov].abbr);
	}
	if (n == 1)
		return found;
	if (n == 0 && from >= 0 && count_wait(st, power, kind) > 0)
		return refuse(why, "zombie.err.no_zombie_from", line,
		    prov_arg(m, from, pname));
	if (n == 0)
		return refuse(why, "zombie.err.no_zombie", line, NULL);
	if (kind == DIP_ANYKIND && count_wait(st, power, DIP_ARMY) > 0 &&
	    count_wait(st, power, DIP_FLEET) > 0)
		return refuse(why, "zombie.err.place_kind", line, NULL);
	zombie_name(st, &st->wait[found].unit, name, sizeof(name));
	refuse(why, "zombie.err.place_which", line, list);
	game_msg_format(why->msg.args[2], "%s", name);
	why->msg.nargs = 3;
	return -1;
}

/* Slot ZP:<where it fell>: a later placement of the same zombie replaces
 * the earlier one, whatever centre either names. */
static int
place(const struct game_state *st, int power, const char *line,
    struct game_order *out, struct game_diag *why)
{
	const struct dip_map	*m = &st->map;
	const struct dip_unit	*u;
	char			 name[16], pname[GAME_ARG_MAX];
	int			 kind = DIP_ANYKIND, from = -1, loc = 0, w, prov;

	if (st->kind != DIP_RETREAT || count_wait(st, power, DIP_ANYKIND) == 0)
		return refuse(why, "zombie.err.no_zombie", line, NULL);
	if (place_words(st, power, line, &kind, &from, &loc, why) < 0 ||
	    (w = which_zombie(st, power, kind, from, line, why)) < 0)
		return -1;
	u = &st->wait[w].unit;
	prov = m->loc[loc].prov;
	if (u->kind == DIP_ARMY)
		loc = prov;
	if (m->prov[prov].home != power || !m->prov[prov].centre)
		return refuse(why, "zombie.err.place_home", line,
		    prov_arg(m, prov, pname));
	if (u->kind == DIP_FLEET && m->prov[prov].terrain == DIP_LAND)
		return refuse(why, "zombie.err.place_inland", line,
		    prov_arg(m, prov, pname));
	if (u->kind == DIP_FLEET && m->prov[prov].ncoasts > 0 && loc == prov)
		return refuse(why, "zombie.err.place_coast", line,
		    prov_arg(m, prov, pname));
	if (dip_state_unit_at(&st->z.st, prov) >= 0)
		return refuse(why, "zombie.err.place_occupied", line,
		    prov_arg(m, prov, pname));
	zombie_name(st, u, name, sizeof(name));
	memset(out, 0, sizeof(*out));
	out->seat = power;
	snprintf(out->slot, sizeof(out->slot), "ZP:%s",
	    m->prov[m->loc[u->loc].prov].abbr);
	snprintf(out->text, sizeof(out->text), "Z: ZOMBIE %s -> %s", name,
	    m->loc[loc].name);
	game_msg_set(&out->echo, "zombie.ok.place", 1, out->text);
	return 1;
}

/*
 * Reads a stored "ZOMBIE A (VIE) -> BUD" back: *from is the province the
 * zombie fell in, -1 in a text stored before zombies were named
 * ("ZOMBIE A -> BUD"). -1 if it is no placement.
 */
int
zombie_place_read(const struct game_state *st, const char *text, int *kind,
    int *from, int *loc)
{
	char	 k;
	char	 fell[16], where[16];
	int	 f = -1, l;

	if (sscanf(text, " ZOMBIE %c (%15[^)]) -> %15s", &k, fell,
	    where) == 3) {
		if ((f = dip_map_locname(&st->map, fell)) < 0)
			return -1;
		f = st->map.loc[f].prov;
	} else if (sscanf(text, " ZOMBIE %c -> %15s", &k, where) != 2)
		return -1;
	if ((k != 'A' && k != 'F') ||
	    (l = dip_map_locname(&st->map, where)) < 0)
		return -1;
	*kind = k == 'A' ? DIP_ARMY : DIP_FLEET;
	*from = f;
	*loc = l;
	return 0;
}

/*
 * The placement order of waiting zombie w: the last one of its power
 * naming it (a text without the zombie's name counts when the power has
 * one zombie of that kind). Returns its index in o and *loc, or -1.
 */
int
zombie_place_order(const struct game_state *st, int w,
    const struct game_order *o, int n, int *loc)
{
	const struct dip_unit	*u = &st->wait[w].unit;
	int			 i, k, f, l, prov = st->map.loc[u->loc].prov;

	for (i = n - 1; i >= 0; i--) {
		if (o[i].seat != u->power || strncmp(o[i].text, "Z:", 2) != 0 ||
		    zombie_place_read(st, o[i].text + 2, &k, &f, &l) != 0 ||
		    k != u->kind)
			continue;
		if (f == prov || (f < 0 &&
		    count_wait(st, u->power, u->kind) == 1)) {
			*loc = l;
			return i;
		}
	}
	return -1;
}

/* "UNDEAD A SER -> TUS": the dislodged unit and the NR province. */
static int
undead_words(const struct game_state *st, int power, const char *line,
    int *from, int *to, struct game_diag *why)
{
	static const char *const skip[] = { "undead", "nr", NULL };
	const struct dip_map	*m = &st->map;
	struct dip_order	 o[2];
	char			 rest[ZP_LINE];

	if (strip(line, skip, false, rest) < 0)
		return refuse(why, "dip.err.too_long", line, NULL);
	if (dip_order_parse(m, power, rest, o, 2, why) != 1 ||
	    (o[0].kind != DIP_MOVE && o[0].kind != DIP_RETREAT_TO))
		return why->msg.key[0] ? -1 : refuse(why,
		    "zombie.err.undead_syntax", line, NULL);
	*from = m->loc[o[0].uloc].prov;
	*to = m->loc[o[0].dest].prov;
	return 0;
}

int
zombie_undead_read(const struct game_state *st, const char *text, int *from,
    int *to)
{
	char	 k, a[16], b[16];

	if (sscanf(text, " UNDEAD %c %15s -> %15s", &k, a, b) != 3 ||
	    (*from = dip_map_locname(&st->map, a)) < 0 ||
	    (*to = dip_map_locname(&st->map, b)) < 0)
		return -1;
	*from = st->map.loc[*from].prov;
	*to = st->map.loc[*to].prov;
	return 0;
}

/* rules/zombie-diplomacy.md, optional rule: a dislodged Zombie-board
 * unit goes to a vacant non-centre NR province instead of retreating. */
static int
undead(const struct game_state *st, int power, const char *line,
    struct game_order *out, struct game_diag *why)
{
	const struct dip_map	*m = &st->map;
	const struct dip_retreat *r = NULL;
	char			 u[16], pname[GAME_ARG_MAX];
	int			 from = -1, to = -1, i;

	if (!st->undead)
		return refuse(why, "zombie.err.undead_off", line, NULL);
	if (!zombie_active(st, &st->z) || st->kind != DIP_RETREAT)
		return refuse(why, "zombie.err.undead_phase", line, NULL);
	if (undead_words(st, power, line, &from, &to, why) < 0)
		return -1;
	for (i = 0; i < st->z.st.nretreats; i++)
		if (m->loc[st->z.st.retreat[i].unit.loc].prov == from)
			r = &st->z.st.retreat[i];
	if (r == NULL || r->unit.power != power)
		return refuse(why, r ? "dip.err.not_yours" :
		    "dip.err.not_dislodged", line, prov_arg(m, from, pname));
	if (m->prov[to].centre || (r->unit.kind == DIP_ARMY &&
	    m->prov[to].terrain == DIP_SEA) || (r->unit.kind == DIP_FLEET &&
	    m->prov[to].terrain == DIP_LAND))
		return refuse(why, "zombie.err.undead_place", line,
		    prov_arg(m, to, pname));
	for (i = 0; i < st->nr.nundead; i++)
		if (m->loc[st->nr.undead[i].loc].prov == to)
			break;
	if (i < st->nr.nundead || dip_state_unit_at(&st->nr.st, to) >= 0)
		return refuse(why, "zombie.err.undead_occupied", line,
		    prov_arg(m, to, pname));
	dip_board_unit_text(m, &r->unit, u, sizeof(u));
	memset(out, 0, sizeof(*out));
	out->seat = power;
	snprintf(out->slot, sizeof(out->slot), "Z:%s", m->prov[from].abbr);
	snprintf(out->text, sizeof(out->text), "Z: UNDEAD %s -> %s", u,
	    m->prov[to].abbr);
	game_msg_set(&out->echo, "zombie.ok.undead", 1, out->text);
	return 1;
}

/* Which board an unmarked order line is for, or BOARD_NONE. */
static int
infer(const struct game_state *st, int power, const char *line,
    const char *w)
{
	struct dip_order	 o[2];
	struct game_diag	 why;
	bool			 nr = zombie_active(st, &st->nr);
	bool			 z = zombie_active(st, &st->z);
	int			 prov, u;

	if (word_in(w, "draw") || word_in(w, "no draw") ||
	    word_in(w, "nodraw"))
		return st->zstarted ? BOARD_NONE : BOARD_NR;
	if (nr != z)
		return nr ? BOARD_NR : z ? BOARD_Z : BOARD_NONE;
	if (!nr || st->kind != DIP_MOVEMENT ||
	    dip_order_parse(&st->map, power, line, o, 2, &why) < 1)
		return BOARD_NONE;
	prov = st->map.loc[o[0].uloc].prov;
	u = dip_state_unit_at(&st->nr.st, prov);
	nr = (u >= 0 && st->nr.st.unit[u].power == power);
	for (u = 0; u < st->nr.nundead; u++)
		nr |= st->map.loc[st->nr.undead[u].loc].prov == prov &&
		    st->nr.undead[u].power == power;
	u = dip_state_unit_at(&st->z.st, prov);
	z = (u >= 0 && st->z.st.unit[u].power == power);
	return nr == z ? BOARD_NONE : nr ? BOARD_NR : BOARD_Z;
}

static int
one_line(const struct game_state *st, int power, const char *line, int board,
    struct game_order *out, int max, struct game_diag *why)
{
	const struct dip_board	*b;
	char			 w[ZP_LINE];

	words(line, w, sizeof(w));
	if (word_in(w, "zombie") || word_in(w, "place") ||
	    ((word_in(w, "build") || word_in(w, "baue") ||
	    word_in(w, "aufbau")) && st->kind == DIP_RETREAT))
		return place(st, power, line, out, why);
	if (strstr(w, "undead") != NULL)
		return undead(st, power, line, out, why);
	if (board == BOARD_NONE && (board = infer(st, power, line, w)) == BOARD_NONE)
		return refuse(why, "zombie.err.which_board", line, NULL);
	b = board == BOARD_NR ? &st->nr : &st->z;
	if (board == BOARD_Z && !st->zstarted)
		return refuse(why, "zombie.err.z_not_started", line, NULL);
	if (b->end != DIP_END_NONE)
		return refuse(why, "dip.err.board_over", line, NULL);
	if (!word_in(w, "draw") && !word_in(w, "no draw") &&
	    !word_in(w, "nodraw") && !zombie_active(st, b))
		return refuse(why, "zombie.err.board_idle", line,
		    board_args[board]);
	return dip_board_parse(b, power, line, board == BOARD_NR ? "NR:" :
	    "Z:", ZOMBIE_DRAW_FROM, out, max, why);
}

/*
 * Whether the judge may take a refused line for a mistyped command (game.h
 * game_diag.foreign): its first word is none of an order's (prose.c), nor
 * PLACE, and no board's marker stood before it (rest is past one).
 */
static bool
zombie_foreign(const struct game_state *st, const char *line,
    const char *rest)
{
	char	 w[ZP_LINE];

	if (rest != line)
		return false;
	words(line, w, sizeof(w));
	return !word_in(w, "place") && dip_order_foreign(&st->map, line);
}

int
zombie_parse(const struct game_state *st, int seat, const char *line,
    char *ctx, struct game_order *out, int max, struct game_diag *why)
{
	const char	*rest = line;
	int		 board, m;

	if (!st->started || st->over || seat < 0 ||
	    seat >= st->map.npowers) {
		if (!st->started || st->over)
			game_diag_set(why, st->over ? "dip.err.over" :
			    "dip.err.not_started", 0);
		else
			game_diag_set(why, "dip.err.no_power", 0);
		/* Whoever writes it (the GM too), a greeting is no order. */
		why->prose = !dip_order_looks(&st->map, line);
		why->foreign = zombie_foreign(st, line, line);
		return -1;
	}
	if ((m = marker(line)) != BOARD_NONE) {
		snprintf(ctx, GAME_CTX_MAX, "%s", m == BOARD_NR ? "NR" : "Z");
		game_diag_set(why, "zombie.ok.board", 1, board_args[m]);
		return 0;
	}
	if ((board = prefix(line, &rest)) == BOARD_NONE)
		board = strcmp(ctx, "NR") == 0 ? BOARD_NR :
		    strcmp(ctx, "Z") == 0 ? BOARD_Z : BOARD_NONE;
	if ((m = one_line(st, seat, rest, board, out, max, why)) < 0) {
		why->prose = !dip_order_looks(&st->map, rest);
		why->foreign = zombie_foreign(st, line, rest);
	}
	return m;
}

/*
 * The stored orders of one board (texts "NR: ..." or "Z: ..."). An
 * undead order is the dislodged unit's order in place of a retreat
 * (rules/zombie-diplomacy.md, undead units): it stands in as the unit
 * leaving the board, so the unit is no longer owed.
 */
static void
collect(const struct game_state *st, const struct dip_board *b,
    const struct game_order *o, int n, struct dip_board_orders *bo)
{
	const struct dip_map	*m = &st->map;
	int			 i, r, from, to;

	dip_board_collect(b, o, n, b == &st->nr ? "NR:" : "Z:", bo);
	if (b != &st->z || !st->undead || st->kind != DIP_RETREAT)
		return;
	for (i = 0; i < n && bo->n < DIP_MAX_ORDERS; i++) {
		if (strncmp(o[i].text, "Z:", 2) != 0 ||
		    zombie_undead_read(st, o[i].text + 2, &from, &to) != 0)
			continue;
		for (r = 0; r < b->st.nretreats; r++) {
			const struct dip_unit *u = &b->st.retreat[r].unit;

			if (u->power != o[i].seat || m->loc[u->loc].prov != from)
				continue;
			memset(&bo->o[bo->n], 0, sizeof(bo->o[0]));
			bo->o[bo->n].kind = DIP_DISBAND;
			bo->o[bo->n].power = u->power;
			bo->o[bo->n].ukind = (int8_t)u->kind;
			bo->o[bo->n].uloc = u->loc;
			bo->o[bo->n].tkind = DIP_ANYKIND;
			bo->o[bo->n++].dest = -1;
		}
	}
}

/*
 * What the power owes for its zombies: a placement for each, and no two
 * of them in one centre (the one that fell first would get it, the other
 * the default). Adds a message per such zombie to out (out NULL: only
 * counts) and returns how many there are; the phase waits for them
 * (rules: the default applies only if the owner names no centre by the
 * deadline).
 */
static int
placements_owed(const struct game_state *st, int power,
    const struct game_order *o, int n, struct game_msg *out, int max)
{
	const struct dip_map	*m = &st->map;
	int			 loc[DIP_MAX_UNITS];
	char			 a[16], b[16];
	int			 w, e, owed = 0;

	if (st->kind != DIP_RETREAT || !st->zstarted ||
	    st->z.end != DIP_END_NONE)
		return 0;
	for (w = 0; w < st->nwait; w++) {
		const struct dip_unit *u = &st->wait[w].unit;

		loc[w] = -1;
		if (u->power != power)
			continue;
		zombie_name(st, u, a, sizeof(a));
		if (zombie_place_order(st, w, o, n, &loc[w]) < 0) {
			loc[w] = -1;
			if (out != NULL && owed < max)
				game_msg_set(&out[owed], "zombie.pend.place",
				    1, a);
			owed++;
			continue;
		}
		for (e = 0; e < w; e++)
			if (loc[e] >= 0 &&
			    m->loc[loc[e]].prov == m->loc[loc[w]].prov)
				break;
		if (e == w)
			continue;
		zombie_name(st, &st->wait[e].unit, b, sizeof(b));
		if (out != NULL && owed < max)
			game_msg_set(&out[owed], "zombie.pend.same_centre", 3,
			    b, a, m->prov[m->loc[loc[w]].prov].abbr);
		owed++;
	}
	return owed;
}

static int
board_pending(const struct game_state *st, const struct dip_board *b,
    int seat, const struct game_order *o, int n, struct game_msg *out,
    int max)
{
	struct dip_board_orders	 bo;
	int			 k;

	if (!zombie_active(st, b) || max < 2)
		return 0;
	collect(st, b, o, n, &bo);
	if (dip_board_draw_agreed(b, &bo))
		return 0;
	if ((k = dip_board_pending(b, seat, &bo, out + 1, max - 1)) == 0)
		return 0;
	game_msg_set(&out[0], "zombie.pend.head", 1,
	    board_args[b == &st->nr ? BOARD_NR : BOARD_Z]);
	return k + 1;
}

int
zombie_pending(const struct game_state *st, int seat,
    const struct game_order *o, int n, struct game_msg *out, int max)
{
	int	 k = 0;

	if (!st->started || st->over || seat < 0 || seat >= st->map.npowers)
		return 0;
	k += board_pending(st, &st->nr, seat, o, n, out, max);
	k += board_pending(st, &st->z, seat, o, n, out + k, max - k);
	if (k < max)
		k += placements_owed(st, seat, o, n, out + k, max - k);
	return k < max ? k : max;
}

/*
 * The powers whose orders are awaited (bits): those that owe something on
 * a board playing in this phase, or a placement. The same powers as
 * zombie_pending(st, p, NULL, 0, ...) > 0, without building messages or
 * collecting orders: a board owes before any order came in exactly what
 * dip_board_due() says.
 */
uint8_t
zombie_due(const struct game_state *st)
{
	uint8_t	 due = 0;
	int	 p;

	if (!st->started || st->over)
		return 0;
	if (zombie_active(st, &st->nr))
		due |= dip_board_due(&st->nr);
	if (zombie_active(st, &st->z))
		due |= dip_board_due(&st->z);
	for (p = 0; p < st->map.npowers; p++)
		if (placements_owed(st, p, NULL, 0, NULL, 0) > 0)
			due |= DIP_BIT(p);
	return due;
}

bool
zombie_ready(const struct game_state *st, const struct game_order *o, int n)
{
	struct game_msg	 m[4];
	int		 p;

	if (!st->started || st->over)
		return false;
	for (p = 0; p < st->map.npowers; p++) {
		if ((st->nr.cd & DIP_BIT(p)) != 0)
			continue;
		if (zombie_pending(st, p, o, n, m, 4) > 0)
			return false;
	}
	return true;
}
