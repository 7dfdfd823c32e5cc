/*
 * board.c - playing one phase of one board as the judge does: read the
 * stored order texts back, fill in the defaults for everything not
 * ordered (units hold, dislodged units without an order disband,
 * removals by the civil-disorder rule, builds not ordered are forfeited),
 * run the engine, and keep a record of what happened and which defaults
 * were applied, so that no default is ever silent (rules/diplomacy.md,
 * "Missing orders").
 *
 * Also what a power still owes (pending), who survives, and the draw
 * (DIAS, or among the powers the votes name in a draw=named game). The
 * engine's state is a plain struct; the work space is the caller's. No
 * allocation, no I/O.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "board.h"

void
dip_board_clear_last(struct dip_board *b)
{
	b->last[0] = '\0';
	b->nres = b->ndisl = b->ngone = 0;
	b->eliminated = 0;
	memset(b->unused, 0, sizeof(b->unused));
	memset(b->waived, 0, sizeof(b->waived));
}

void
dip_board_init(struct dip_board *b, const struct dip_map *m,
    unsigned options)
{
	memset(b, 0, sizeof(*b));
	dip_state_init(&b->st, m, options);
	b->alive = dip_board_survivors(b);
}

/* Powers with a unit or a centre; undead units do not keep one alive. */
uint8_t
dip_board_survivors(const struct dip_board *b)
{
	uint8_t	 s = 0;
	int	 p;

	for (p = 0; p < b->st.map->npowers; p++)
		if (dip_state_units(&b->st, p) > 0 ||
		    dip_state_centres(&b->st, p) > 0)
			s |= DIP_BIT(p);
	for (p = 0; p < b->st.nretreats; p++)
		s |= DIP_BIT(b->st.retreat[p].unit.power);
	return s;
}

/* Builds (> 0) or removals (< 0) of a power in an adjustment phase. */
int
dip_board_allowance(const struct dip_board *b, int power)
{
	return dip_state_centres(&b->st, power) -
	    dip_state_units(&b->st, power);
}

/* Powers that have something to order in this phase. */
uint8_t
dip_board_due(const struct dip_board *b)
{
	uint8_t	 d = 0;
	int	 p, i;

	if (b->end != DIP_END_NONE)
		return 0;
	for (p = 0; p < b->st.map->npowers; p++) {
		switch (b->st.phase) {
		case DIP_MOVEMENT:
			if (dip_state_units(&b->st, p) > 0)
				d |= DIP_BIT(p);
			break;
		case DIP_ADJUST:
			if (dip_board_allowance(b, p) != 0)
				d |= DIP_BIT(p);
			break;
		}
	}
	if (b->st.phase == DIP_RETREAT)
		for (i = 0; i < b->st.nretreats; i++)
			d |= DIP_BIT(b->st.retreat[i].unit.power);
	return d & (uint8_t)~b->cd;
}

int
dip_board_unit_text(const struct dip_map *m, const struct dip_unit *u,
    char *out, size_t len)
{
	return snprintf(out, len, "%c %s", u->kind == DIP_ARMY ? 'A' : 'F',
	    m->loc[u->loc].name);
}

/* "DRAW AUS FRA GER" as board_parse.c writes it: a vote among those. */
static int
read_draw_named(const struct dip_board *b, int power, const char *list,
    struct dip_board_orders *bo)
{
	char	 w[4];
	uint8_t	 set = 0;
	int	 p, n;

	while (*list != '\0') {
		list += strspn(list, " ");
		if ((n = (int)strcspn(list, " ")) == 0)
			break;
		if (n >= (int)sizeof(w))
			return -1;
		snprintf(w, sizeof(w), "%.*s", n, list);
		if ((p = dip_map_power(b->st.map, w)) < 0)
			return -1;
		set |= DIP_BIT(p);
		list += n;
	}
	if (set == 0)
		return -1;
	bo->draw |= DIP_BIT(power);
	bo->drawset[power] = set;
	return 0;
}

/*
 * One stored order text (without its board prefix) into bo. Returns 0,
 * or -1 if it is not an order of this board (it was accepted against the
 * same board, so that means another kind of order, e.g. a placement).
 */
int
dip_board_read(const struct dip_board *b, int power, const char *text,
    struct dip_board_orders *bo)
{
	struct game_diag	 why;
	struct dip_order	 o[2];
	const char		*w;

	while (isspace((unsigned char)*text))
		text++;
	if (strcasecmp(text, "DRAW") == 0) {
		bo->draw |= DIP_BIT(power);
		return 0;
	}
	if (strncasecmp(text, "DRAW ", 5) == 0)
		return read_draw_named(b, power, text + 5, bo);
	if (strcasecmp(text, "NO DRAW") == 0) {
		bo->nodraw |= DIP_BIT(power);
		return 0;
	}
	if (strncasecmp(text, "WAIVE ", 6) == 0) {
		w = text + 6;
		bo->waive[power] = (int8_t)(strcasecmp(w, "ALL") == 0 ? -1 :
		    atoi(w));
		return 0;
	}
	if (bo->n == DIP_MAX_ORDERS ||
	    dip_order_parse(b->st.map, power, text, o, 2, &why) != 1)
		return -1;
	bo->how[bo->n] = DIP_HOW_ORDER;
	bo->o[bo->n++] = o[0];
	return 0;
}

/* The orders of this board among the judge's: those whose text starts
 * with prefix (all if prefix is ""). */
void
dip_board_collect(const struct dip_board *b, const struct game_order *go,
    int n, const char *prefix, struct dip_board_orders *bo)
{
	size_t	 pl = strlen(prefix);
	int	 i;

	memset(bo, 0, sizeof(*bo));
	for (i = 0; i < n; i++) {
		if (go[i].seat < 0 || go[i].seat >= b->st.map->npowers ||
		    strncasecmp(go[i].text, prefix, pl) != 0)
			continue;
		dip_board_read(b, go[i].seat, go[i].text + pl, bo);
	}
}

static bool
has_order(const struct dip_board *b, const struct dip_board_orders *bo,
    int power, int prov)
{
	int	 k;

	for (k = 0; k < bo->n; k++)
		if (bo->o[k].power == power &&
		    b->st.map->loc[bo->o[k].uloc].prov == prov)
			return true;
	return false;
}

static int
count_kind(const struct dip_board_orders *bo, int power, int kind)
{
	int	 k, n = 0;

	for (k = 0; k < bo->n; k++)
		n += bo->o[k].power == power && bo->o[k].kind == kind;
	return n;
}

/* A unit's retreat options are some of its neighbours: 54 bytes at most
 * on the standard map (the Mid-Atlantic's ten), within GAME_ARG_MAX. */
static void
options_text(const struct dip_map *m, const struct dip_set *opt, char *out,
    size_t len)
{
	size_t	 n = 0;
	int	 l;

	out[0] = '\0';
	for (l = 0; l < m->nlocs && n < len; l++)
		if (dip_set_has(opt, l))
			n += (size_t)snprintf(out + n, len - n, "%s%s",
			    n ? ", " : "", m->loc[l].name);
}

/* What power still owes on this board; 0 when it is complete. */
int
dip_board_pending(const struct dip_board *b, int power,
    const struct dip_board_orders *bo, struct game_msg *out, int max)
{
	const struct dip_map	*m = b->st.map;
	char			 u[16], opt[GAME_ARG_MAX], num[16];
	int			 i, n = 0, left;

	if (!(dip_board_due(b) & DIP_BIT(power)))
		return 0;
	switch (b->st.phase) {
	case DIP_MOVEMENT:
		for (i = 0; i < b->st.nunits && n < max; i++) {
			const struct dip_unit *un = &b->st.unit[i];

			if (un->power != power || has_order(b, bo, power,
			    m->loc[un->loc].prov))
				continue;
			dip_board_unit_text(m, un, u, sizeof(u));
			game_msg_set(&out[n++], "dip.pend.unit", 1, u);
		}
		break;
	case DIP_RETREAT:
		for (i = 0; i < b->st.nretreats && n < max; i++) {
			const struct dip_retreat *r = &b->st.retreat[i];

			if (r->unit.power != power || has_order(b, bo, power,
			    m->loc[r->unit.loc].prov))
				continue;
			dip_board_unit_text(m, &r->unit, u, sizeof(u));
			options_text(m, &r->options, opt, sizeof(opt));
			game_msg_set(&out[n++], "dip.pend.retreat", 2, u, opt);
		}
		break;
	default:
		left = dip_board_allowance(b, power);
		if (left > 0) {
			if (bo->waive[power] < 0)
				break;
			left -= count_kind(bo, power, DIP_BUILD) +
			    bo->waive[power];
		} else
			left += count_kind(bo, power, DIP_REMOVE);
		if (left == 0 || n >= max)
			break;
		snprintf(num, sizeof(num), "%d", abs(left));
		game_msg_set(&out[n++], left > 0 ? "dip.pend.builds" :
		    "dip.pend.removals", 1, num);
		break;
	}
	return n;
}

/*
 * The draw every survivor not in civil disorder voted, or 0: each DRAW
 * names the same powers (a plain DRAW names every survivor: DIAS; only
 * draw=named games take another list, board_parse.c).
 */
uint8_t
dip_board_draw_set(const struct dip_board *b,
    const struct dip_board_orders *bo)
{
	uint8_t	 alive = dip_board_survivors(b);
	uint8_t	 voters = alive & (uint8_t)~b->cd, set = 0, one;
	int	 p;

	if (b->end != DIP_END_NONE || voters == 0 ||
	    (bo->draw & voters) != voters)
		return 0;
	for (p = 0; p < b->st.map->npowers; p++) {
		if (!(voters & DIP_BIT(p)))
			continue;
		one = bo->drawset[p] ? bo->drawset[p] & alive : alive;
		if (set != 0 && one != set)
			return 0;
		set = one;
	}
	return set;
}

/* Every survivor not in civil disorder voted the same draw. */
bool
dip_board_draw_agreed(const struct dip_board *b,
    const struct dip_board_orders *bo)
{
	return dip_board_draw_set(b, bo) != 0;
}

/* Moves, supports or convoys into an undead province are void
 * (rules/zombie-diplomacy.md, undead units); so is an undead move. */
static void
void_undead(const struct dip_board *b, struct dip_board_orders *bo,
    uint8_t *voided)
{
	const struct dip_map	*m = b->st.map;
	int			 k, i, p;

	for (k = 0; k < bo->n; k++) {
		struct dip_order *o = &bo->o[k];

		voided[k] = DIP_W_NONE;
		for (i = 0; i < b->nundead; i++) {
			p = m->loc[b->undead[i].loc].prov;
			if (o->dest >= 0 && o->kind != DIP_HOLD &&
			    m->loc[o->dest].prov == p)
				voided[k] = DIP_W_UNDEAD;
			if (o->kind == DIP_MOVE && m->loc[o->uloc].prov == p)
				voided[k] = DIP_W_UNDEAD_MOVES;
		}
		if (voided[k] != DIP_W_NONE) {
			o->kind = DIP_HOLD;
			o->dest = -1;
		}
	}
}

static void
add_defaults(const struct dip_board *b, struct dip_board_orders *bo)
{
	const struct dip_map	*m = b->st.map;
	int			 i;

	if (b->st.phase != DIP_MOVEMENT)
		return;
	for (i = 0; i < b->st.nunits && bo->n < DIP_MAX_ORDERS; i++) {
		const struct dip_unit *un = &b->st.unit[i];

		if (has_order(b, bo, un->power, m->loc[un->loc].prov))
			continue;
		memset(&bo->o[bo->n], 0, sizeof(bo->o[0]));
		bo->o[bo->n].kind = DIP_HOLD;
		bo->o[bo->n].power = un->power;
		bo->o[bo->n].ukind = (int8_t)un->kind;
		bo->o[bo->n].uloc = un->loc;
		bo->o[bo->n].tkind = DIP_ANYKIND;
		bo->o[bo->n].dest = -1;
		bo->how[bo->n++] = DIP_HOW_HOLD;
	}
}

static void
gone(struct dip_board *b, const struct dip_unit *u, int why)
{
	if (b->ngone == DIP_MAX_UNITS)
		return;
	b->gone[b->ngone].unit = *u;
	b->gone[b->ngone++].why = (uint8_t)why;
}

/* The movement phase with the undead units standing in (they hold,
 * support or convoy; nothing can enter their provinces). */
static void
play_movement(struct dip_board *b, struct dip_board_work *w)
{
	struct dip_state	*st = &b->st;
	const struct dip_map	*m = st->map;
	int			 i, j, n;

	for (i = 0; i < b->nundead; i++)
		st->unit[st->nunits++] = b->undead[i];
	dip_movement(st, w->bo.o, w->bo.n, &w->rep, &w->scratch);
	for (i = 0, n = 0; i < st->nunits; i++) {
		for (j = 0; j < b->nundead; j++)
			if (m->loc[b->undead[j].loc].prov ==
			    m->loc[st->unit[i].loc].prov)
				break;
		if (j == b->nundead)
			st->unit[n++] = st->unit[i];
	}
	st->nunits = n;
	for (i = 0; i < w->rep.ndislodged; i++)
		b->disl[b->ndisl++] = w->rep.dislodged[i];
	if (st->options & DIP_OPT_NO_RETREAT) {
		for (i = 0; i < w->rep.ndisbanded; i++)
			gone(b, &w->rep.disbanded[i], DIP_GONE_NO_RETREAT);
		return;
	}
	/* A unit with nowhere to go is destroyed at once; a retreat phase
	 * is only for units that can retreat. */
	for (i = 0, n = 0; i < st->nretreats; i++) {
		if (st->retreat[i].options.w[0] == 0 &&
		    st->retreat[i].options.w[1] == 0)
			gone(b, &st->retreat[i].unit, DIP_GONE_NO_OPTION);
		else
			st->retreat[n++] = st->retreat[i];
	}
	st->nretreats = n;
}

static void
play_retreat(struct dip_board *b, struct dip_board_work *w)
{
	const struct dip_map	*m = b->st.map;
	int			 i;

	dip_retreat(&b->st, w->bo.o, w->bo.n, &w->rep);
	for (i = 0; i < w->rep.ndisbanded; i++) {
		const struct dip_unit *u = &w->rep.disbanded[i];

		gone(b, u, has_order(b, &w->bo, u->power,
		    m->loc[u->loc].prov) ? DIP_GONE_DISBANDED :
		    DIP_GONE_NO_ORDER);
	}
}

static void
play_adjust(struct dip_board *b, struct dip_board_work *w)
{
	const struct dip_map	*m = b->st.map;
	int			 left[DIP_MAX_POWERS], p, k, i;

	for (p = 0; p < m->npowers; p++)
		left[p] = dip_board_allowance(b, p);
	for (k = 0; k < w->bo.n; k++) {
		const struct dip_order *o = &w->bo.o[k];
		int u = dip_state_unit_at(&b->st, m->loc[o->uloc].prov);

		if (o->kind == DIP_REMOVE && u >= 0)
			w->removed[k] = b->st.unit[u];
	}
	dip_adjust(&b->st, w->bo.o, w->bo.n, &w->rep);
	for (k = 0; k < w->bo.n; k++) {
		if (w->rep.out[k].result != DIP_SUCCEEDS)
			continue;
		if (w->bo.o[k].kind == DIP_BUILD)
			left[w->bo.o[k].power]--;
		else if (w->bo.o[k].kind == DIP_REMOVE)
			gone(b, &w->removed[k], DIP_GONE_REMOVED);
	}
	for (i = 0; i < w->rep.nautoremoved; i++)
		gone(b, &w->rep.autoremoved[i], DIP_GONE_DISORDER);
	for (p = 0; p < m->npowers; p++) {
		if (left[p] <= 0)
			continue;
		b->unused[p] = (int8_t)left[p];
		b->waived[p] = (int8_t)(w->bo.waive[p] < 0 ? left[p] :
		    w->bo.waive[p] < left[p] ? w->bo.waive[p] : left[p]);
	}
}

/* The longest canonical order, "F STP/NC S F STP/NC - STP/NC" (two units
 * and a location of at most 7 bytes each), fits dip_res.text whole. */
_Static_assert(DIP_TEXT_MAX > 2 * (2 + sizeof(((struct dip_loc *)0)->name)
    - 1) + 6 + sizeof(((struct dip_loc *)0)->name) - 1, "an order fits");

static void
record(struct dip_board *b, const struct dip_board_work *w,
    const uint8_t *voided)
{
	int	 k;

	for (k = 0; k < w->bo.n && b->nres < DIP_BOARD_RES; k++) {
		struct dip_res *r = &b->res[b->nres++];

		r->power = w->bo.o[k].power;
		r->result = w->rep.out[k].result;
		r->why = w->rep.out[k].why;
		r->how = w->bo.how[k];
		if (voided[k] != DIP_W_NONE) {
			r->result = DIP_VOID;
			r->why = voided[k];
		}
		dip_order_format(b->st.map, &w->orig[k], r->text,
		    sizeof(r->text));
	}
}

/*
 * Plays the phase the board is in with the orders in w->bo, the defaults
 * added here. hold: after a movement or retreat phase, do not end the
 * season (Zombie-Diplomacy places zombies first; dip_board_season() ends
 * it). The board keeps the record of what happened.
 */
void
dip_board_play(struct dip_board *b, struct dip_board_work *w, bool hold)
{
	uint8_t		 voided[DIP_MAX_ORDERS];
	uint8_t		 phase = b->st.phase;

	dip_board_clear_last(b);
	dip_state_phase_code(&b->st, b->last, sizeof(b->last));
	add_defaults(b, &w->bo);
	memcpy(w->orig, w->bo.o, sizeof(w->bo.o[0]) * (size_t)w->bo.n);
	void_undead(b, &w->bo, voided);
	w->rep.ndislodged = w->rep.ndisbanded = w->rep.nautoremoved = 0;
	w->rep.owners_changed = false;
	switch (phase) {
	case DIP_MOVEMENT:
		play_movement(b, w);
		break;
	case DIP_RETREAT:
		play_retreat(b, w);
		break;
	default:
		play_adjust(b, w);
		break;
	}
	record(b, w, voided);
	if (phase == DIP_MOVEMENT && b->st.nretreats > 0)
		b->st.phase = DIP_RETREAT;
	else if (hold && phase != DIP_ADJUST) {
		b->st.phase = DIP_RETREAT;
		b->st.nretreats = 0;
	} else
		dip_board_season(b);
	dip_board_after(b);
}

/* DIAS: the board ends as it stands; the phase is not played. */
void
dip_board_draw(struct dip_board *b)
{
	dip_board_draw_among(b, dip_board_survivors(b));
}

/* The same, a draw shared by the powers named (draw=named). */
void
dip_board_draw_among(struct dip_board *b, uint8_t powers)
{
	dip_board_clear_last(b);
	b->end = DIP_END_DRAW;
	b->drawn = powers;
	b->end_year = b->st.year;
}

/*
 * The game master ends the game (TERMINATE): the board ends as it stands,
 * without a winner; its standings are the centres each power owns.
 */
void
dip_board_stop(struct dip_board *b)
{
	dip_board_clear_last(b);
	b->end = DIP_END_STOPPED;
	b->end_year = b->st.year;
}

/* Ends the season: centre owners after the Fall, winter or spring next. */
void
dip_board_season(struct dip_board *b)
{
	struct dip_report	 rep;

	rep.owners_changed = false;
	dip_adjudicate_season(&b->st, &rep);
	dip_board_after(b);
}

/* Eliminations and the solo, after anything changed the board. */
void
dip_board_after(struct dip_board *b)
{
	uint8_t	 now = dip_board_survivors(b);

	b->eliminated |= b->alive & (uint8_t)~now;
	b->alive = now;
	if (b->end == DIP_END_NONE && b->st.winner >= 0) {
		b->end = DIP_END_SOLO;
		b->end_year = b->st.year - (b->st.season == DIP_SPRING);
	}
}
