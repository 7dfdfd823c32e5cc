/*
 * test_retreat.c - adjudicator/diplomacy/retreat.c: which retreat orders
 * a dislodged unit is allowed, through dip_ops as the judge drives it.
 *
 * Issue 12, point 6: a report listed BUL as an army's retreat option and
 * the judge then refused "A RUM - BUL" as "not a retreat option". The
 * examples: an army into Bulgaria (a coast written or not, as in a move),
 * a fleet to one of its coasts, and the reason a refused retreat gives (a
 * move's, where a move would be refused too). The property, over seeded
 * random positions: every option the report lists is accepted as a
 * retreat order, a retreat order is accepted only for a place the report
 * lists, and a retreat that stands alone ends where the report said.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/rng.h"
#include "tests/unit/adjudicator/diplomacy/support_game.h"

extern const struct game_ops dip_ops;

enum { AUS, ENG, FRA, GER, ITA, RUS, TUR };

/* Retreat phases the property checks, and the movement phases it may
 * play to find them (about one in two dislodges a unit). */
#define POSITIONS	2000
#define ROUNDS_MAX	(POSITIONS * 10)
#define OPTIONS_MAX	16	/* a unit has at most 10 on the standard map */

static const char *const pw[] = {
	"AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"
};

/* A position as state text: the header, then board lines. */
static struct tg *
position(const char *board)
{
	char	 text[4096];

	snprintf(text, sizeof(text), "dip 1\noptions: -\nseed: "
	    "000000000000002a\nstarted: 1\nply: 9\n%s", board);
	return tg_load(&dip_ops, text);
}

/* Russia dislodges the Austrian A RUM; Turkey dislodges Austria's F CON
 * and F AEG. Bulgaria stays empty, so it is open to all three; F CON
 * reaches both its coasts, F AEG only the south coast. */
static struct tg *
balkan_retreats(void)
{
	struct tg		*g;
	const struct game_view	*v;

	g = position("phase: F1901M\ncd: -\nalive: AUS RUS TUR\nend: none\n"
	    "unit: AUS A RUM\nunit: AUS F CON\nunit: AUS F AEG\n"
	    "unit: RUS A UKR\nunit: RUS A GAL\n"
	    "unit: TUR A SMY\nunit: TUR A ANK\nunit: TUR F ION\n"
	    "unit: TUR F EAS\nlast: -\neliminated: -\n");
	tg_ok(g, RUS, "A UKR - RUM, A GAL S A UKR - RUM");
	tg_ok(g, TUR, "A SMY - CON, A ANK S A SMY - CON");
	tg_ok(g, TUR, "F ION - AEG, F EAS S F ION - AEG");
	tg_play(g);
	v = tg_view(g, AUS);
	ck_assert_int_eq(v->phase_kind, GAME_PHASE_RETREAT);
	ck_assert_str_eq(tg_find(v, "dip.view.must_retreat", "A RUM")->args[2],
	    "BUD, BUL, SER, SEV");
	ck_assert_str_eq(tg_find(v, "dip.view.must_retreat", "F CON")->args[2],
	    "BLA, BUL/EC, BUL/SC");
	ck_assert_str_eq(tg_find(v, "dip.view.must_retreat", "F AEG")->args[2],
	    "GRE, SMY, BUL/SC");
	return g;
}

/* Issue 12: the option listed is the order accepted, and it is played. */
START_TEST(an_army_retreats_into_a_two_coast_province)
{
	struct tg		*g = balkan_retreats();
	const struct game_view	*v;

	tg_ok(g, AUS, "A RUM - BUL");
	ck_assert_str_eq(g->o[0].text, "A RUM R BUL");
	tg_ok(g, AUS, "A RUM R Bulgaria");
	ck_assert_int_eq(g->n, 1);
	tg_play(g);
	v = tg_view(g, AUS);
	ck_assert_ptr_nonnull(tg_find(v, "dip.res.ok", "A RUM R BUL"));
	ck_assert_ptr_nonnull(strstr(v->board, "A BUL"));
	tg_free(g);
}
END_TEST

/* An army goes to the province whatever coast is written, as a move
 * does (movement.c): the coast is echoed and then has no effect. */
START_TEST(an_army_retreat_ignores_a_written_coast)
{
	struct tg		*g = balkan_retreats();
	const struct game_view	*v;

	tg_ok(g, AUS, "A RUM R BUL/SC");
	tg_ok(g, AUS, "A RUM R BUL/EC");
	ck_assert_str_eq(g->o[0].text, "A RUM R BUL/EC");
	tg_play(g);
	v = tg_view(g, AUS);
	ck_assert_ptr_nonnull(tg_find(v, "dip.res.ok", "A RUM R BUL/EC"));
	ck_assert_ptr_nonnull(strstr(v->board, "A BUL"));
	ck_assert_ptr_null(strstr(v->board, "A BUL/"));
	tg_free(g);
}
END_TEST

/* A fleet names the coast when two are open (DATC 6.B.1 for moves) and
 * needs none when one is (6.B.2). */
START_TEST(a_fleet_retreat_names_a_coast_only_when_two_are_open)
{
	struct tg		*g = balkan_retreats();
	const struct game_view	*v;

	tg_refused(g, AUS, "F CON R BUL", "dip.err.illegal");
	ck_assert_str_eq(g->why.msg.args[1], "@dip.why.coast_required");
	tg_ok(g, AUS, "F CON - BUL/SC");
	ck_assert_str_eq(g->o[0].text, "F CON R BUL/SC");
	tg_refused(g, AUS, "F AEG R ION", "dip.err.illegal");
	ck_assert_str_eq(g->why.msg.args[1], "@dip.why.retreat_attacker");
	tg_ok(g, AUS, "F AEG R BUL");
	ck_assert_str_eq(g->o[1].text, "F AEG R BUL");
	tg_ok(g, AUS, "A RUM R SER");
	tg_play(g);
	v = tg_view(g, AUS);
	/* Both fleets went to Bulgaria: both are disbanded (DATC 6.H.7). */
	ck_assert_ptr_nonnull(tg_find(v, "dip.res.fails", "F CON R BUL/SC"));
	ck_assert_ptr_nonnull(tg_find(v, "dip.res.fails", "F AEG R BUL"));
	ck_assert_ptr_nonnull(strstr(v->board, "A SER"));
	ck_assert_ptr_null(strstr(v->board, "F BUL"));
	tg_free(g);

	g = balkan_retreats();
	tg_ok(g, AUS, "F AEG R BUL");
	tg_play(g);
	v = tg_view(g, AUS);
	ck_assert_ptr_nonnull(tg_find(v, "dip.res.ok", "F AEG R BUL"));
	ck_assert_ptr_nonnull(strstr(v->board, "F BUL/SC"));
	tg_free(g);
}
END_TEST

/* A retreat that is not an option is refused with a move's reason where
 * a move would be refused too (DATC 6.A.1 to 6.A.4, 6.B.3). */
START_TEST(a_refused_retreat_says_why_as_a_move_would)
{
	static const struct {
		const char	*line;
		const char	*why;
	} cases[] = {
		{ "A RUM R RUM", "@dip.why.move_to_self" },
		{ "A RUM R BLA", "@dip.why.army_to_sea" },
		{ "A RUM R VIE", "@dip.why.not_adjacent" },
		{ "A RUM R UKR", "@dip.why.retreat_attacker" },
		{ "A RUM R GAL", "@dip.why.retreat_occupied" },
		{ "F CON R SER", "@dip.why.fleet_to_inland" },
		{ "F AEG R BUL/EC", "@dip.why.coast_unreachable" },
		{ "F AEG R STP/NC", "@dip.why.not_adjacent" },
		{ "F AEG R CON", "@dip.why.retreat_occupied" },
	};
	struct tg	*g = balkan_retreats();
	size_t		 i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		tg_refused(g, AUS, cases[i].line, "dip.err.illegal");
		ck_assert_msg(strcmp(g->why.msg.args[1], cases[i].why) == 0,
		    "%s: %s, not %s", cases[i].line, g->why.msg.args[1],
		    cases[i].why);
	}
	tg_free(g);
}
END_TEST

/* ---- the property over random positions ---- */

struct unit {
	int	 power;
	int	 kind;
	int	 loc;
	char	 text[16];
};

struct position {
	int		 n;
	struct unit	 u[DIP_MAX_UNITS];
	int		 dest[DIP_MAX_UNITS];	/* province moved to, or -1 */
	int		 at[DIP_MAX_PROVINCES];	/* unit, or -1 */
};

/* How often each case of a two-coast province came up. */
struct coverage {
	int	 army_split;	/* an army listed BUL, SPA or STP */
	int	 fleet_coast;	/* a fleet listed a coast of one */
	int	 fleet_one;	/* a fleet's bare BUL meant its one coast */
	int	 fleet_two;	/* ... and was refused: two coasts open */
	int	 played;	/* retreats played to a listed place */
};

/* Half the time a location next to a two-coast province, which is left
 * open for retreats (issue 12); else any. */
static int
random_loc(struct rng *r)
{
	const struct dip_map	*m = &tg_map;
	int			 c[DIP_MAX_LOCS], n = 0, l, p, q;

	if (rng_below(r, 2) == 0)
		return (int)rng_below(r, (uint32_t)m->nlocs);
	for (l = 0; l < m->nlocs; l++) {
		q = m->loc[l].prov;
		for (p = 0; p < m->nprov; p++)
			if (m->prov[p].ncoasts > 0 && p != q &&
			    dip_set_has(&m->any_adj[p], q))
				break;
		if (p < m->nprov)
			c[n++] = l;
	}
	return c[rng_below(r, (uint32_t)n)];
}

/* 16 to 45 units of random powers, split coasts included. */
static void
random_units(struct position *p, struct rng *r)
{
	const struct dip_map	*m = &tg_map;
	int			 want = 16 + (int)rng_below(r, 30), i, l;

	p->n = 0;
	for (i = 0; i < m->nprov; i++)
		p->at[i] = -1;
	for (i = 0; i < want; i++) {
		struct unit *u = &p->u[p->n];
		const struct dip_province *pr;

		l = random_loc(r);
		pr = &m->prov[m->loc[l].prov];
		if (p->at[m->loc[l].prov] >= 0)
			continue;
		p->at[m->loc[l].prov] = p->n;
		u->power = (int)rng_below(r, 7);
		u->loc = l;
		if (pr->terrain == DIP_SEA || l >= m->nprov)
			u->kind = DIP_FLEET;
		else if (pr->terrain == DIP_LAND || pr->ncoasts > 0)
			u->kind = DIP_ARMY;
		else
			u->kind = (int)rng_below(r, 2);
		snprintf(u->text, sizeof(u->text), "%c %s",
		    u->kind == DIP_ARMY ? 'A' : 'F', m->loc[l].name);
		p->dest[p->n++] = -1;
	}
}

/*
 * The position as state text, loaded without the round trip of tg_load():
 * most positions never reach a retreat, and the retreat phases that do
 * are checked by tg_roundtrip() in check_position().
 */
static struct tg *
load_position(const struct position *p)
{
	char		 text[4096];
	struct tg	*g;
	size_t		 n;
	int		 i;

	n = (size_t)snprintf(text, sizeof(text), "dip 1\noptions: -\nseed: "
	    "000000000000002a\nstarted: 1\nply: 9\nphase: S1901M\ncd: -\n"
	    "alive: AUS ENG FRA GER ITA RUS TUR\nend: none\n");
	for (i = 0; i < p->n; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
		    "unit: %s %s\n", pw[p->u[i].power], p->u[i].text);
	snprintf(text + n, sizeof(text) - n, "last: -\neliminated: -\n");
	ck_assert_uint_lt(n, sizeof(text) - 32);
	g = calloc(1, sizeof(*g));
	ck_assert_ptr_nonnull(g);
	g->ops = &dip_ops;
	ck_assert_msg(dip_ops.load(text, &g->st, &g->why) == 0, "load: %s",
	    g->why.msg.key);
	return g;
}

/* A place the unit could move to, two times in three one held by
 * another power: a location for a fleet, a province for an army; -1 if
 * none. */
static int
neighbour(const struct position *p, const struct unit *u, struct rng *r)
{
	const struct dip_map	*m = &tg_map;
	int			 c[DIP_MAX_LOCS], n = 0, l, t, attack;

	for (attack = rng_below(r, 3) > 0; n == 0 && attack >= 0; attack--)
		for (l = 0; l < m->nlocs; l++) {
			if (!(u->kind == DIP_FLEET ?
			    dip_set_has(&m->fleet_adj[u->loc], l) :
			    l < m->nprov &&
			    dip_set_has(&m->army_adj[m->loc[u->loc].prov], l)))
				continue;
			t = p->at[m->loc[l].prov];
			if (!attack || (t >= 0 && p->u[t].power != u->power))
				c[n++] = l;
		}
	return n ? c[rng_below(r, (uint32_t)n)] : -1;
}

static bool
reaches(const struct unit *u, int prov)
{
	const struct dip_map *m = &tg_map;

	return prov != m->loc[u->loc].prov && (u->kind == DIP_FLEET ?
	    dip_set_has(&m->fleet_reach[u->loc], prov) :
	    dip_set_has(&m->army_adj[m->loc[u->loc].prov], prov));
}

/* A unit supports a move ordered before it, if it can; else a hold. */
static void
support(struct tg *g, struct position *p, int i, const int *order, int k,
    struct rng *r)
{
	const struct dip_map	*m = &tg_map;
	char			 line[64];
	int			 c[DIP_MAX_UNITS], n = 0, j, t;

	for (j = 0; j < k; j++)
		if (p->dest[order[j]] >= 0 &&
		    reaches(&p->u[i], p->dest[order[j]]))
			c[n++] = order[j];
	if (n > 0) {
		t = c[rng_below(r, (uint32_t)n)];
		snprintf(line, sizeof(line), "%s S %s - %s", p->u[i].text,
		    p->u[t].text, m->prov[p->dest[t]].abbr);
	} else {
		t = (int)rng_below(r, (uint32_t)p->n);
		snprintf(line, sizeof(line), "%s S %s", p->u[i].text,
		    p->u[t].text);
	}
	tg_order(g, p->u[i].power, line);
}

/* Moves, supports of those moves, and holds, in a random order. */
static void
random_orders(struct tg *g, struct position *p, struct rng *r)
{
	const struct dip_map	*m = &tg_map;
	char			 line[64];
	int			 order[DIP_MAX_UNITS], i, j, k, d;

	for (i = 0; i < p->n; i++)
		order[i] = i;
	for (i = p->n - 1; i > 0; i--) {
		j = (int)rng_below(r, (uint32_t)i + 1);
		k = order[i];
		order[i] = order[j];
		order[j] = k;
	}
	for (k = 0; k < p->n; k++) {
		i = order[k];
		switch (rng_below(r, 10)) {
		case 0: case 1: case 2: case 3:
			if ((d = neighbour(p, &p->u[i], r)) < 0)
				break;
			snprintf(line, sizeof(line), "%s - %s", p->u[i].text,
			    m->loc[d].name);
			if (tg_order(g, p->u[i].power, line) > 0)
				p->dest[i] = m->loc[d].prov;
			break;
		case 4: case 5: case 6: case 7:
			support(g, p, i, order, k, r);
			break;
		default:
			break;
		}
	}
}

/* "BUD, BUL, SER" into names; returns how many. */
static int
split_options(const char *text, char names[][8], int max)
{
	int	 n = 0;
	size_t	 len;

	while (*text != '\0' && n < max) {
		len = strcspn(text, ",");
		ck_assert_uint_lt(len, 8);
		memcpy(names[n], text, len);
		names[n++][len] = '\0';
		text += len;
		text += strspn(text, ", ");
	}
	ck_assert_msg(*text == '\0', "more than %d options", max);
	return n;
}

static bool
listed(char names[][8], int n, const char *name)
{
	int	 i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return true;
	return false;
}

/*
 * Whether "UNIT R dest" should be accepted, given what was listed: an
 * army's place is the province (a coast written is ignored); a fleet's
 * bare two-coast province means its coast when only one is listed.
 */
static bool
expected(int kind, int l, char names[][8], int n, struct coverage *cov)
{
	const struct dip_map		*m = &tg_map;
	const struct dip_province	*pr = &m->prov[m->loc[l].prov];
	int				 i, open = 0;

	if (kind == DIP_ARMY)
		return listed(names, n, m->loc[m->loc[l].prov].name);
	if (l >= m->nprov || pr->ncoasts == 0)
		return listed(names, n, m->loc[l].name);
	for (i = 0; i < pr->ncoasts; i++)
		open += listed(names, n, m->loc[pr->coast[i]].name);
	cov->fleet_one += open == 1;
	cov->fleet_two += open == 2;
	return open == 1;
}

/* Whether the judge accepts the line; no order is kept. */
static bool
accepted(struct tg *g, int power, const char *unit, const char *verb,
    const char *dest)
{
	char	 line[64];
	int	 n;

	snprintf(line, sizeof(line), "%s %s %s", unit, verb, dest);
	n = tg_order(g, power, line);
	g->n = 0;
	return n > 0;
}

/* One dislodged unit of the report: every listed place is accepted, and
 * every place of the map is accepted exactly when expected() says so. */
static void
check_unit(struct tg *g, const struct game_msg *msg, int round,
    struct rng *r, struct coverage *cov, char names[][8], int *nnames)
{
	const struct dip_map	*m = &tg_map;
	const char		*unit = msg->args[1], *verb;
	int			 power = -1, kind, n, i, l;
	bool			 acc;

	ck_assert_int_eq(sscanf(msg->args[0], "@dip.power.%d", &power), 1);
	kind = unit[0] == 'A' ? DIP_ARMY : DIP_FLEET;
	n = *nnames = split_options(msg->args[2], names, OPTIONS_MAX);
	ck_assert_msg(n > 0, "round %d: %s has no option", round, unit);
	for (i = 0; i < n; i++) {
		l = dip_map_locname(m, names[i]);
		ck_assert_int_ge(l, 0);
		cov->army_split += kind == DIP_ARMY &&
		    m->prov[m->loc[l].prov].ncoasts > 0;
		cov->fleet_coast += kind == DIP_FLEET && l >= m->nprov;
		verb = rng_below(r, 2) ? "R" : "-";
		ck_assert_msg(accepted(g, power, unit, verb, names[i]),
		    "round %d: %s %s %s listed but refused: %s %s", round,
		    unit, verb, names[i], g->why.msg.key, g->why.msg.args[1]);
	}
	for (l = 0; l < m->nlocs; l++) {
		verb = rng_below(r, 2) ? "R" : "-";
		acc = accepted(g, power, unit, verb, m->loc[l].name);
		ck_assert_msg(acc == expected(kind, l, names, n, cov),
		    "round %d: %s %s %s %s (listed: %s): %s %s", round, unit,
		    verb, m->loc[l].name, acc ? "accepted" : "refused",
		    msg->args[2], g->why.msg.key, g->why.msg.args[1]);
	}
}

/* The results and the pending list name the same options as the status. */
static void
check_texts(struct tg *g, const struct game_view *v,
    const struct game_msg *msg, int round)
{
	struct game_msg		 pend[32];
	const struct game_msg	*d;
	int			 power = -1, n, i;

	d = tg_find(v, "dip.view.dislodged", msg->args[1]);
	ck_assert_msg(d != NULL, "round %d: %s not reported dislodged",
	    round, msg->args[1]);
	ck_assert_str_eq(d->args[3], msg->args[2]);
	sscanf(msg->args[0], "@dip.power.%d", &power);
	n = dip_ops.pending(g->st, power, g->o, 0, pend, 32);
	for (i = 0; i < n; i++)
		if (strcmp(pend[i].key, "dip.pend.retreat") == 0 &&
		    strcmp(pend[i].args[0], msg->args[1]) == 0)
			break;
	ck_assert_msg(i < n, "round %d: %s not pending", round, msg->args[1]);
	ck_assert_str_eq(pend[i].args[1], msg->args[2]);
}

/* Every unit retreats to a listed place; one that goes there alone must
 * stand there afterwards (two to one province both fail, 6.H.7). */
static void
play_listed(struct tg *g, char chosen[][8], const int *power,
    const char units[][16], int n, int round, struct coverage *cov)
{
	const struct dip_map	*m = &tg_map;
	char			 line[64], *text;
	int			 prov[DIP_MAX_UNITS], i, j, same;

	for (i = 0; i < n; i++) {
		snprintf(line, sizeof(line), "%s R %s", units[i], chosen[i]);
		ck_assert_int_eq(tg_order(g, power[i], line), 1);
		prov[i] = m->loc[dip_map_locname(m, chosen[i])].prov;
	}
	tg_play(g);
	text = tg_save(g);
	for (i = 0; i < n; i++) {
		for (same = 0, j = 0; j < n; j++)
			same += prov[j] == prov[i];
		if (same > 1)
			continue;
		snprintf(line, sizeof(line), "\nunit: %s %c %s\n",
		    pw[power[i]], units[i][0], chosen[i]);
		ck_assert_msg(strstr(text, line) != NULL,
		    "round %d: %s R %s did not end there", round, units[i],
		    chosen[i]);
		cov->played++;
	}
	free(text);
}

/* One retreat phase: every unit of the report, then a played retreat. */
static void
check_position(struct tg *g, int round, struct rng *r, struct coverage *cov)
{
	const struct game_view	*v;
	char			 names[OPTIONS_MAX][8];
	char			 chosen[DIP_MAX_UNITS][8];
	char			 units[DIP_MAX_UNITS][16];
	int			 power[DIP_MAX_UNITS], n = 0, nn, i;

	tg_roundtrip(g);
	v = tg_view(g, AUS);
	for (i = 0; i < v->nmsgs; i++) {
		const struct game_msg *msg = &v->msgs[i];

		if (strcmp(msg->key, "dip.view.must_retreat") != 0)
			continue;
		check_texts(g, v, msg, round);
		check_unit(g, msg, round, r, cov, names, &nn);
		snprintf(units[n], sizeof(units[n]), "%s", msg->args[1]);
		sscanf(msg->args[0], "@dip.power.%d", &power[n]);
		memcpy(chosen[n++], names[rng_below(r, (uint32_t)nn)], 8);
	}
	ck_assert_int_gt(n, 0);
	play_listed(g, chosen, power, units, n, round, cov);
}

START_TEST(every_listed_retreat_is_accepted_and_only_those)
{
	struct position		 p;
	struct coverage		 cov = { 0 };
	struct rng		 r;
	struct tg		*g;
	int			 round, checked = 0;

	rng_seed(&r, 12);
	for (round = 0; round < ROUNDS_MAX && checked < POSITIONS; round++) {
		random_units(&p, &r);
		g = load_position(&p);
		random_orders(g, &p, &r);
		ck_assert_int_eq(dip_ops.adjudicate(g->st, g->o, g->n, &g->why),
		    0);
		g->n = 0;
		if (tg_view(g, AUS)->phase_kind == GAME_PHASE_RETREAT) {
			check_position(g, round, &r, &cov);
			checked++;
		}
		tg_free(g);
	}
	ck_assert_int_eq(checked, POSITIONS);
	/* The cases of issue 12 came up, not just easy ones. */
	ck_assert_int_gt(cov.army_split, 0);
	ck_assert_int_gt(cov.fleet_coast, 0);
	ck_assert_int_gt(cov.fleet_one, 0);
	ck_assert_int_gt(cov.fleet_two, 0);
	ck_assert_int_gt(cov.played, POSITIONS / 2);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/diplomacy/retreat");
	TCase	*t = tcase_create("two-coast provinces");
	TCase	*p = tcase_create("random retreat phases");

	tcase_add_checked_fixture(t, tg_map_setup, NULL);
	tcase_add_test(t, an_army_retreats_into_a_two_coast_province);
	tcase_add_test(t, an_army_retreat_ignores_a_written_coast);
	tcase_add_test(t, a_fleet_retreat_names_a_coast_only_when_two_are_open);
	tcase_add_test(t, a_refused_retreat_says_why_as_a_move_would);
	suite_add_tcase(s, t);
	tcase_add_checked_fixture(p, tg_map_setup, NULL);
	/* About 10 s with the sanitizers; the bound only stops a hang. */
	tcase_set_timeout(p, 300);
	tcase_add_test(p, every_listed_retreat_is_accepted_and_only_those);
	suite_add_tcase(s, p);
	return s;
}
