/*
 * board_view.c - what a report says about one board: the fixed-width
 * diagram and the messages (results of the last phase, dislodgements and
 * retreat options, defaults the judge applied, centres and units per
 * power, the next phase or the end), in the order a report gives them:
 * what happened first, the next phase last (game.h, nresults).
 *
 * Diplomacy hides nothing but the orders before the deadline, and those
 * are not in the board: every reader gets the same text. The diagram is
 * language-neutral (power and province abbreviations, SC and U); every
 * sentence is a catalog key (templates/LANG/dip.txt), and the orders of
 * the results name their order words as catalog references, so a German
 * reader reads "A MUN hält" (dip_order_reader). No I/O.
 */
#include <stdio.h>
#include <string.h>

#include "board.h"

#define VIEW_WIDTH	72
#define VIEW_INDENT	"           | "

static const char *const power_args[DIP_MAX_POWERS] = {
	"@dip.power.0", "@dip.power.1", "@dip.power.2", "@dip.power.3",
	"@dip.power.4", "@dip.power.5", "@dip.power.6"
};

static const char *const gone_keys[DIP_GONE__COUNT] = {
	"dip.gone.no_retreat", "dip.gone.no_option", "dip.gone.no_order",
	"dip.gone.disbanded", "dip.gone.removed", "dip.gone.disorder",
	"dip.gone.undead"
};

const char *
dip_board_power_arg(int power)
{
	return power >= 0 && power < DIP_MAX_POWERS ? power_args[power] : "";
}

/* "S1901M" as three arguments: @season, year, @kind. */
void
dip_board_phase_args(const char *code, char season[GAME_ARG_MAX],
    char year[GAME_ARG_MAX], char kind[GAME_ARG_MAX])
{
	const char	*s = code[0] == 'S' ? "spring" : code[0] == 'F' ?
	    "fall" : "winter";
	size_t		 n = strlen(code);
	const char	*k = n > 0 && code[n - 1] == 'M' ? "movement" :
	    n > 0 && code[n - 1] == 'R' ? "retreat" : "adjust";

	snprintf(season, GAME_ARG_MAX, "@dip.season.%s", s);
	snprintf(year, GAME_ARG_MAX, "%.*s", n > 2 ? (int)n - 2 : 0,
	    code + 1);
	snprintf(kind, GAME_ARG_MAX, "@dip.kind.%s", k);
}

/*
 * A diagram line: a label, then words wrapped under one another. The
 * text goes to the view's diagram, which grows with the units and
 * retreats: game_view_board() cuts it after a whole line if it reaches
 * GAME_BOARD_MAX, and says so (game.h).
 */
struct diagram {
	struct game_view *v;
	size_t		  col;
};

static void
emit(struct diagram *d, const char *s)
{
	game_view_board(d->v, "%s", s);
}

static void
row(struct diagram *d, const char *label)
{
	emit(d, label);
	d->col = strlen(label);
}

/* Units are two spaces apart ("A BUD  F TRI"), names one. */
static void
word(struct diagram *d, const char *w)
{
	const char	*sep = strchr(w, ' ') ? "  " : " ";

	if (d->col + strlen(w) + strlen(sep) > VIEW_WIDTH) {
		emit(d, "\n" VIEW_INDENT);
		d->col = strlen(VIEW_INDENT);
	} else if (d->col > strlen(VIEW_INDENT)) {
		emit(d, sep);
		d->col += strlen(sep);
	}
	emit(d, w);
	d->col += strlen(w);
}

static void
units_row(struct diagram *d, const struct dip_map *m, const char *label,
    const struct dip_unit *u, int n, int power)
{
	char	 lab[24], t[16];
	int	 i, c = 0;

	for (i = 0; i < n; i++)
		c += u[i].power == power;
	if (c == 0)
		return;
	snprintf(lab, sizeof(lab), "    %-2s %3d | ", label, c);
	row(d, lab);
	for (i = 0; i < n; i++) {
		if (u[i].power != power)
			continue;
		dip_board_unit_text(m, &u[i], t, sizeof(t));
		word(d, t);
	}
	emit(d, "\n");
}

static void
power_rows(struct diagram *d, const struct dip_board *b, int p)
{
	const struct dip_map	*m = b->st.map;
	char			 lab[24], t[GAME_ARG_MAX];
	int			 i, l;

	snprintf(lab, sizeof(lab), "%-3s SC %3d | ", p < 0 ? "---" :
	    m->power[p], dip_state_centres(&b->st, p));
	row(d, lab);
	for (i = 0; i < m->nprov; i++)
		if (m->prov[i].centre && b->st.owner[i] == p)
			word(d, m->prov[i].abbr);
	emit(d, "\n");
	if (p < 0)
		return;
	units_row(d, m, "U", b->st.unit, b->st.nunits, p);
	units_row(d, m, "UD", b->undead, b->nundead, p);
	for (i = 0; i < b->st.nretreats; i++) {
		const struct dip_retreat *r = &b->st.retreat[i];
		size_t n;

		if (r->unit.power != p)
			continue;
		row(d, "    R      | ");
		dip_board_unit_text(m, &r->unit, t, sizeof(t));
		n = strlen(t);
		snprintf(t + n, sizeof(t) - n, " ->");
		word(d, t);
		for (l = 0; l < m->nlocs; l++)
			if (dip_set_has(&r->options, l))
				word(d, m->loc[l].name);
		emit(d, "\n");
	}
}

/*
 * The board as fixed-width text:
 *
 *	S1901M
 *	AUS SC   3 | BUD TRI VIE
 *	    U    3 | A BUD  A VIE  F TRI
 *	...
 *	--- SC  12 | BEL BUL DEN ...		(centres nobody owns)
 *
 * "UD" lists undead units, "R" a unit waiting to retreat and its options.
 * Appended to the view's diagram (Zombie-Diplomacy draws two boards).
 */
void
dip_board_diagram(const struct dip_board *b, const char *title,
    struct game_view *v)
{
	struct diagram	 d = { v, 0 };
	int		 p;

	emit(&d, title);
	emit(&d, "\n");
	for (p = 0; p < b->st.map->npowers; p++)
		if ((b->alive & DIP_BIT(p)) || dip_state_units(&b->st, p) > 0)
			power_rows(&d, b, p);
	power_rows(&d, b, -1);
}

static void
unit_arg(const struct dip_map *m, const struct dip_unit *u,
    char out[GAME_ARG_MAX])
{
	dip_board_unit_text(m, u, out, GAME_ARG_MAX);
}

/* At most 54 bytes on the standard map (board.c, options_text()). */
static void
options_arg(const struct dip_map *m, const struct dip_set *opt,
    char out[GAME_ARG_MAX])
{
	size_t	 n = 0;
	int	 l;

	out[0] = '\0';
	for (l = 0; l < m->nlocs && n < GAME_ARG_MAX; l++)
		if (dip_set_has(opt, l))
			n += (size_t)snprintf(out + n, GAME_ARG_MAX - n, "%s%s",
			    n ? ", " : "", m->loc[l].name);
}

/*
 * The order of a result in the reader's words ("A MUN @dip.ord.hold":
 * "A MUN H", "A MUN hält"), read back from its canonical text; the text
 * itself if it does not read (it always does: the engine wrote it).
 */
static void
order_arg(const struct dip_map *m, const struct dip_res *r,
    char out[GAME_ARG_MAX])
{
	struct dip_order	 o[2];
	struct game_diag	 why;

	if (dip_order_parse(m, r->power, r->text, o, 2, &why) == 1)
		dip_order_reader(m, &o[0], out, GAME_ARG_MAX);
	else
		game_msg_format(out, "%s", r->text);
}

static void
report_res(const struct dip_map *m, const struct dip_res *r,
    struct game_view *v)
{
	char	 why[GAME_ARG_MAX], text[GAME_ARG_MAX];

	snprintf(why, sizeof(why), "@%s", dip_why_table[r->why].key);
	order_arg(m, r, text);
	if (r->how == DIP_HOW_HOLD)
		game_view_add(v, r->result == DIP_FAILS ? "dip.res.nmr_fails" :
		    "dip.res.nmr", 3, power_args[r->power], text, why);
	else if (r->result == DIP_FAILS)
		game_view_add(v, "dip.res.fails", 3, power_args[r->power],
		    text, why);
	else if (r->result == DIP_VOID)
		game_view_add(v, "dip.res.void", 3, power_args[r->power],
		    text, why);
	else
		game_view_add(v, "dip.res.ok", 2, power_args[r->power], text);
}

/* What the last phase of this board did. */
void
dip_board_report(const struct dip_board *b, struct game_view *v)
{
	const struct dip_map	*m = b->st.map;
	char			 s[GAME_ARG_MAX], y[GAME_ARG_MAX];
	char			 k[GAME_ARG_MAX], u[GAME_ARG_MAX];
	char			 o[GAME_ARG_MAX], n1[16], n2[16];
	int			 i;

	if (b->last[0] == '\0')
		return;
	dip_board_phase_args(b->last, s, y, k);
	game_view_add(v, "dip.view.results", 3, s, y, k);
	for (i = 0; i < b->nres; i++)
		report_res(m, &b->res[i], v);
	for (i = 0; i < b->ndisl; i++) {
		const struct dip_retreat *r = &b->disl[i];

		unit_arg(m, &r->unit, u);
		options_arg(m, &r->options, o);
		if (o[0] != '\0')
			game_view_add(v, "dip.view.dislodged", 4,
			    power_args[r->unit.power], u, m->prov[r->from].abbr,
			    o);
		else
			game_view_add(v, "dip.view.dislodged_only", 3,
			    power_args[r->unit.power], u,
			    m->prov[r->from].abbr);
	}
	for (i = 0; i < b->ngone; i++) {
		unit_arg(m, &b->gone[i].unit, u);
		game_view_add(v, gone_keys[b->gone[i].why], 2,
		    power_args[b->gone[i].unit.power], u);
	}
	for (i = 0; i < m->npowers; i++) {
		if (b->unused[i] <= 0)
			continue;
		snprintf(n1, sizeof(n1), "%d", b->waived[i]);
		snprintf(n2, sizeof(n2), "%d", b->unused[i] - b->waived[i]);
		if (b->waived[i] > 0)
			game_view_add(v, "dip.view.waived", 2, power_args[i],
			    n1);
		if (b->unused[i] > b->waived[i])
			game_view_add(v, "dip.view.unbuilt", 2, power_args[i],
			    n2);
	}
	for (i = 0; i < m->npowers; i++)
		if (b->eliminated & DIP_BIT(i))
			game_view_add(v, "dip.view.eliminated", 1,
			    power_args[i]);
}

static void
status_due(const struct dip_board *b, struct game_view *v)
{
	const struct dip_map	*m = b->st.map;
	char			 u[GAME_ARG_MAX], o[GAME_ARG_MAX], n[16];
	int			 p, i, a;

	if (b->st.phase == DIP_RETREAT)
		for (i = 0; i < b->st.nretreats; i++) {
			const struct dip_retreat *r = &b->st.retreat[i];

			unit_arg(m, &r->unit, u);
			options_arg(m, &r->options, o);
			game_view_add(v, "dip.view.must_retreat", 3,
			    power_args[r->unit.power], u, o);
		}
	if (b->st.phase != DIP_ADJUST)
		return;
	for (p = 0; p < m->npowers; p++) {
		if ((a = dip_board_allowance(b, p)) == 0)
			continue;
		snprintf(n, sizeof(n), "%d", a > 0 ? a : -a);
		game_view_add(v, a > 0 ? "dip.view.may_build" :
		    "dip.view.must_remove", 2, power_args[p], n);
	}
}

/* Centres and units per power, civil disorder, then the end of the game
 * on this board or what the next phase asks (retreats, builds, removals). */
void
dip_board_status(const struct dip_board *b, struct game_view *v)
{
	const struct dip_map	*m = b->st.map;
	char			 y[GAME_ARG_MAX], c[16], u[16];
	int			 p;

	for (p = 0; p < m->npowers; p++) {
		if (!(b->alive & DIP_BIT(p)))
			continue;
		snprintf(c, sizeof(c), "%d", dip_state_centres(&b->st, p));
		snprintf(u, sizeof(u), "%d", dip_state_units(&b->st, p));
		game_view_add(v, "dip.view.power", 3, power_args[p], c, u);
	}
	for (p = 0; p < m->npowers; p++)
		if ((b->cd & DIP_BIT(p)) && (b->alive & DIP_BIT(p)))
			game_view_add(v, "dip.view.cd", 1, power_args[p]);
	snprintf(y, sizeof(y), "%d", b->end_year);
	if (b->end == DIP_END_SOLO) {
		snprintf(c, sizeof(c), "%d",
		    dip_state_centres(&b->st, b->st.winner));
		game_view_add(v, "dip.view.solo", 3,
		    power_args[b->st.winner], c, y);
		return;
	}
	if (b->end == DIP_END_STOPPED) {
		game_view_add(v, "dip.view.stopped", 1, y);
		return;
	}
	if (b->end == DIP_END_DRAW) {
		/* A draw among fewer than every survivor (draw=named) names
		 * its powers as a list, not "all survivors". */
		game_view_add(v, b->drawn == dip_board_survivors(b) ?
		    "dip.view.draw" : "dip.view.draw_named", 1, y);
		for (p = 0; p < m->npowers; p++)
			if (b->drawn & DIP_BIT(p))
				game_view_add(v, "dip.view.in_draw", 1,
				    power_args[p]);
		return;
	}
	status_due(b, v);
}

/* The next phase of this board, unless its game is over. */
void
dip_board_next(const struct dip_board *b, struct game_view *v)
{
	char	 s[GAME_ARG_MAX], y[GAME_ARG_MAX], k[GAME_ARG_MAX];
	char	 code[16];

	if (b->end != DIP_END_NONE)
		return;
	dip_state_phase_code(&b->st, code, sizeof(code));
	dip_board_phase_args(code, s, y, k);
	game_view_add(v, "dip.view.next", 3, s, y, k);
}
