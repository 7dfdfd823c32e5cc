/*
 * test_stat.c - game_ops.stat (adjudicator/game/game.h) of every game in
 * the registry: seeded random games of each game and of its variants that
 * matter, played through game_ops as the judge plays them, and at every
 * position stat() must give what view(GAME_SEAT_GM) gives for status,
 * winner, ply, phase kind and name and the seats due, and once a
 * two-player game is over the reason its result message gives. Each
 * variant counts what its games visited (games over, Diplomacy's retreat
 * and adjustment phases, plies), so the test cannot pass by visiting
 * nothing.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/klinzha/kz.h"
#include "common/rng.h"
#include "tests/unit/adjudicator/diplomacy/support_game.h"

#define RESIGN_ONE_IN	60	/* phases; a resignation ends a duel */
#define DRAW_ONE_IN	12	/* orders; DRAW, where legal() lists it */
#define DIAS_ONE_IN	12	/* phases; every power votes DRAW */
#define NO_DIAS		1000	/* dias_from: no votes */
#define TRIES		8	/* rounds of orders until ready() */

/* Zombie-Diplomacy, both boards in 1910: DRAW votes count from now on
 * (rules/zombie-diplomacy.md), so its games reach the final standings. */
#define ZOMBIE_1910 \
	"zombie 1\noptions: -\nseed: 0000000000000007\nstarted: 1\n" \
	"zstarted: 1\nzfirst: S1903R\nply: 40\nclock: S1910M\n" \
	"nr.phase: S1910M\nnr.owns: AUS VIE BUD TRI\nnr.owns: ENG LON\n" \
	"nr.owns: FRA PAR\nnr.unit: AUS A VIE\nnr.unit: ENG F LON\n" \
	"nr.unit: FRA A PAR\n" \
	"z.phase: S1910M\nz.owns: GER BER\nz.owns: AUS VIE\n" \
	"z.unit: GER A BER\nz.unit: AUS A VIE\n"

/*
 * A game and one of its variants (named in the messages): the CREATE
 * options (or a position to load), a handicap (Way of the Knight), how
 * many seeded games of how many phases at most, from which phase on
 * Diplomacy's powers may all vote DRAW, and what those games must have
 * visited.
 */
struct variant {
	const char	*label;
	const char	*game;
	const char	*options;
	const char	*text;
	int		 handicap[2];
	int		 games;
	int		 phases;
	int		 dias_from;
	int		 min_over;
	int		 min_retreat;
	int		 min_adjust;
	int		 min_ply;	/* the longest game reaches it */
};

static const struct variant variants[] = {
	{ "standard", "standard", "", NULL, { 0, 0 }, 3, 40, 20, 1, 1, 1, 20 },
	{ "zombie", "zombie", "", NULL, { 0, 0 }, 2, 30, NO_DIAS, 0, 1, 1,
	    20 },
	{ "zombie undead", "zombie", "undead", NULL, { 0, 0 }, 1, 30, NO_DIAS,
	    0, 1, 1, 20 },
	{ "zombie from 1910", "zombie", NULL, ZOMBIE_1910, { 0, 0 }, 6, 12, 0,
	    3, 0, 0, 42 },
	{ "klinzha open", "klinzha", "open", NULL, { 0, 0 }, 12, 150, 0, 6, 0,
	    0, 10 },
	{ "klinzha clouded", "klinzha", "clouded", NULL, { 0, 0 }, 12, 150, 0,
	    6, 0, 0, 10 },
	{ "klinzha blind", "klinzha", "blind", NULL, { 0, 0 }, 12, 150, 0, 6,
	    0, 0, 10 },
	{ "weekeewachee classic", "weekeewachee", "classic", NULL, { 0, 0 },
	    16, 150, 0, 8, 0, 0, 10 },
	{ "weekeewachee blind", "weekeewachee", "blind", NULL, { 0, 0 }, 16,
	    150, 0, 8, 0, 0, 10 },
	{ "wotk", "wotk", "", NULL, { 0, 0 }, 10, 150, 0, 5, 0, 0, 10 },
	{ "wotk handicap 0 3", "wotk", "", NULL, { 0, 3 }, 6, 150, 0, 3, 0, 0,
	    10 },
	{ "ari", "ari", "", NULL, { 0, 0 }, 10, 150, 0, 5, 0, 0, 10 },
};
#define NVARIANTS	((int)(sizeof(variants) / sizeof(variants[0])))

/* What the games of one variant visited. */
struct visits {
	int	 positions;
	int	 over;
	int	 drawn;		/* of those over */
	int	 retreat;
	int	 adjust;
	int	 max_ply;
};

/* legal()'s orders, collected. */
struct list {
	int	 n;
	char	 text[1024][GAME_ORDER_MAX];
};

/* One game being played, and where it is for the failure messages. */
struct play {
	const struct variant	*va;
	struct tg		*g;
	struct rng		 r;
	int			 game, phase;
	struct visits		*seen;
	struct list		*legal;	/* scratch of duel_orders */
};

/* Whether a message of v has the argument "@key": the reason of the
 * result message, where stat's end must come from. */
static bool
view_has_reason(const struct game_view *v, const char *key)
{
	int	 i, j;

	for (i = 0; i < v->nmsgs; i++)
		for (j = 0; j < v->msgs[i].nargs; j++)
			if (v->msgs[i].args[j][0] == '@' &&
			    strcmp(v->msgs[i].args[j] + 1, key) == 0)
				return true;
	return false;
}

/* The test itself: stat() against view(GAME_SEAT_GM), field by field.
 * stat's output is filled with garbage first, so a field it leaves out
 * shows (UBSan also stops on an enum or bool that was never written). */
static void
check(struct play *p)
{
	const struct game_ops	*ops = p->g->ops;
	struct game_view	*v = &p->g->v;
	struct game_stat	 s;
	struct game_msg		 m[8];
	int			 i;

	memset(&s, 0xa5, sizeof(s));
	ops->stat(p->g->st, &s);
	ops->view(p->g->st, GAME_SEAT_GM, v);
#define WHERE	"%s game %d phase %d (view phase %s): "
#define AT	p->va->label, p->game, p->phase, v->phase
	ck_assert_msg(s.status == v->status, WHERE "status %d, view %d", AT,
	    (int)s.status, (int)v->status);
	ck_assert_msg(s.winner == v->winner, WHERE "winner %d, view %d", AT,
	    s.winner, v->winner);
	ck_assert_msg(s.ply == v->ply, WHERE "ply %d, view %d", AT, s.ply,
	    v->ply);
	ck_assert_msg(s.phase_kind == v->phase_kind,
	    WHERE "phase kind %d, view %d", AT, (int)s.phase_kind,
	    (int)v->phase_kind);
	ck_assert_msg(memchr(s.phase, '\0', sizeof(s.phase)) != NULL,
	    WHERE "phase not terminated", AT);
	ck_assert_msg(strcmp(s.phase, v->phase) == 0,
	    WHERE "phase \"%s\"", AT, s.phase);
	for (i = 0; i < GAME_MAX_SEATS; i++) {
		ck_assert_msg(memcmp(&s.due[i], &v->due[i], 1) == 0,
		    WHERE "due[%d] %d, view %d", AT, i,
		    *(unsigned char *)&s.due[i], (int)v->due[i]);
		/* game.h, pending: with no orders yet, a seat owes
		 * something exactly when it is due. */
		if (ops->pending != NULL && i < ops->nseats)
			ck_assert_msg((ops->pending(p->g->st, i, NULL, 0, m,
			    8) > 0) == v->due[i],
			    WHERE "pending of seat %d disagrees", AT, i);
	}
	/* end: why a game is over, the reason its result message gives
	 * (every two-player game tells one); nothing while it runs. */
	ck_assert_msg(memchr(s.end, '\0', sizeof(s.end)) != NULL,
	    WHERE "end not terminated", AT);
	if (v->status != GAME_STATUS_OVER)
		ck_assert_msg(s.end[0] == '\0', WHERE "end \"%s\" while not "
		    "over", AT, s.end);
	else if (ops->nseats == 2)
		ck_assert_msg(s.end[0] != '\0' && view_has_reason(v, s.end),
		    WHERE "end \"%s\" is not the view's reason", AT, s.end);
#undef AT
#undef WHERE
	p->seen->positions++;
	if (v->status == GAME_STATUS_RUNNING) {
		p->seen->retreat += v->phase_kind == GAME_PHASE_RETREAT;
		p->seen->adjust += v->phase_kind == GAME_PHASE_ADJUST;
	}
	if (v->ply > p->seen->max_ply)
		p->seen->max_ply = v->ply;
}

static void
list_add(void *arg, const char *order)
{
	struct list	*l = arg;

	if (l->n < (int)(sizeof(l->text) / sizeof(l->text[0])))
		snprintf(l->text[l->n++], GAME_ORDER_MAX, "%s", order);
}

/* KlinZha: a random SETUP line (rules/klinzha.md 2.6); parse() picks out
 * the ones with a corner still free. */
static void
kz_setup(struct play *p, int seat)
{
	static const int	 kinds[9] = {
		KZ_FENCER, KZ_LANCER, KZ_SWIFT, KZ_FLIER, KZ_FLIER,
		KZ_VANGUARD, KZ_VANGUARD, KZ_VANGUARD, KZ_BLOCKADER
	};
	static const char *const corner[3] = { "apex", "left", "right" };
	char	 line[256], fn[6];
	int	 fields[KZ_FIELDS], n, i, j, c, t, tries;
	size_t	 m;

	for (tries = 0; tries < 64; tries++) {
		c = (int)rng_below(&p->r, 3);
		for (n = 0, i = 0; i < KZ_FIELDS; i++)
			if (kz_board_in_point(i, c, false))
				fields[n++] = i;
		for (i = n - 1; i > 0; i--) {
			j = (int)rng_below(&p->r, (uint32_t)i + 1);
			t = fields[i];
			fields[i] = fields[j];
			fields[j] = t;
		}
		m = (size_t)snprintf(line, sizeof(line), "SETUP %s", corner[c]);
		for (i = 0; i < 9; i++) {
			kz_board_name(fields[i], fn);
			m += (size_t)snprintf(line + m, sizeof(line) - m,
			    " %c %s", KZ_LETTERS[kinds[i]], fn);
		}
		kz_board_name(fields[rng_below(&p->r, 2) ? 0 : 9], fn);
		snprintf(line + m, sizeof(line) - m, " G %s", fn);
		if (tg_order(p->g, seat, line) > 0)
			return;
	}
	ck_abort_msg("klinzha: no set-up found");
}

/* Orders where legal() cannot list them: the set-ups. */
static void
setup_order(struct play *p, int seat)
{
	if (strcmp(p->g->ops->name, "klinzha") == 0)
		kz_setup(p, seat);
	else if (strcmp(p->g->ops->name, "wotk") == 0)
		/* Three handicap points (test_wotk.c). */
		tg_ok(p->g, seat, "SETUP h1=G b2=I c2=S");
	else
		ck_abort_msg("%s: no orders for seat %d", p->g->ops->name,
		    seat);
}

/* One random legal order for each seat due; DRAW now and then, also
 * from the seat not due where the parser takes it, so draws are offered,
 * accepted and refused. */
static void
duel_orders(struct play *p)
{
	struct list	*l = p->legal;
	bool		 draw;
	int		 seat, k, i;

	for (seat = 0; seat < p->g->ops->nseats; seat++) {
		draw = rng_below(&p->r, DRAW_ONE_IN) == 0;
		if (!p->g->v.due[seat] && !draw)
			continue;
		l->n = 0;
		if (p->g->ops->legal(p->g->st, seat, list_add, l) < 0) {
			if (p->g->v.due[seat])
				setup_order(p, seat);
			continue;
		}
		ck_assert_int_gt(l->n, p->g->v.due[seat] ? 0 : -1);
		k = (int)rng_below(&p->r, (uint32_t)l->n + 1);
		for (i = 0; i < l->n && draw != (strncmp(l->text[k % l->n],
		    "DRAW", 4) == 0); i++)
			k++;
		if (i < l->n)
			tg_ok(p->g, seat, l->text[k % l->n]);
	}
}

/*
 * Diplomacy has no legal(): orders are made from the units in the state
 * text ("unit: AUS A VIE", "retreat: AUS A VIE TRI 0 BOH GAL", Zombie-
 * Diplomacy's "nr."/"z." boards and "wait:" zombies), and parse() turns
 * away whatever does not fit the phase. Moves go to a neighbour, and
 * later units support earlier moves, so units are dislodged and retreat.
 */
struct dip_moves {
	int	 n;
	char	 unit[64][16];		/* "A VIE" */
	char	 dest[64][8];
};

static int
dip_power(const char *abbr)
{
	int	 p;

	for (p = 0; p < tg_map.npowers; p++)
		if (strcmp(tg_map.power[p], abbr) == 0)
			return p;
	return -1;
}

static const char *
dip_neighbour(struct play *p, char kind, const char *loc)
{
	int	 l = tg_loc(loc), c[DIP_MAX_LOCS], n = 0, k;

	for (k = 0; k < tg_map.nlocs; k++)
		if (kind == 'F' ? dip_set_has(&tg_map.fleet_adj[l], k) :
		    k < tg_map.nprov &&
		    dip_set_has(&tg_map.army_adj[tg_map.loc[l].prov], k))
			c[n++] = k;
	return n == 0 ? loc : tg_map.loc[c[rng_below(&p->r,
	    (uint32_t)n)]].name;
}

/* Whether a unit of kind on loc could move to (so support into) dest. */
static bool
dip_reaches(char kind, const char *loc, const char *dest)
{
	int	 l = tg_loc(loc), d = tg_map.loc[tg_loc(dest)].prov;

	return kind == 'F' ? dip_set_has(&tg_map.fleet_reach[l], d) :
	    dip_set_has(&tg_map.army_adj[tg_map.loc[l].prov], d);
}

static const char *
dip_home(struct play *p, int power)
{
	int	 c[DIP_MAX_PROVINCES], n = 0, k;

	for (k = 0; k < tg_map.nprov; k++)
		if (tg_map.prov[k].home == power)
			c[n++] = k;
	return n == 0 ? "PAR" : tg_map.prov[c[rng_below(&p->r,
	    (uint32_t)n)]].abbr;
}

static void
dip_unit_order(struct play *p, struct dip_moves *mv, const char *pre, int power,
    char kind, const char *loc)
{
	char	 line[128];
	int	 k, n, r = (int)rng_below(&p->r, 100);

	if (r < 15) {
		snprintf(line, sizeof(line), "%s%c %s H", pre, kind, loc);
		tg_order(p->g, power, line);
		return;
	}
	/* Support an earlier move the unit can reach. */
	n = r < 60 ? mv->n : 0;
	for (k = n > 0 ? (int)rng_below(&p->r, (uint32_t)n) : 0; n > 0;
	    n--, k++) {
		k %= mv->n;
		if (rng_below(&p->r, 2) == 0 || !dip_reaches(kind, loc,
		    mv->dest[k]) || strcmp(mv->unit[k] + 2, loc) == 0)
			continue;
		snprintf(line, sizeof(line), "%s%c %s S %s - %s", pre, kind,
		    loc, mv->unit[k], mv->dest[k]);
		if (tg_order(p->g, power, line) > 0)
			return;
	}
	snprintf(line, sizeof(line), "%s%c %s - %s", pre, kind, loc,
	    dip_neighbour(p, kind, loc));
	if (tg_order(p->g, power, line) > 0 && mv->n < 64) {
		snprintf(mv->unit[mv->n], sizeof(mv->unit[0]), "%c %s", kind,
		    loc);
		snprintf(mv->dest[mv->n++], sizeof(mv->dest[0]), "%s",
		    strrchr(line, ' ') + 1);
	}
	/* In an adjustment phase the unit may have to go. */
	if (rng_below(&p->r, 3) == 0) {
		snprintf(line, sizeof(line), "%sREMOVE %c %s", pre, kind, loc);
		tg_order(p->g, power, line);
	}
}

static void
dip_retreat_order(struct play *p, const char *pre, int power, char kind,
    const char *loc, const char *opts)
{
	char	 line[128], opt[8];
	int	 n = 0, k, used;

	for (k = 0; sscanf(opts + k, "%7s%n", opt, &used) == 1; k += used)
		n++;
	if (n == 0 || rng_below(&p->r, 4) == 0) {
		snprintf(line, sizeof(line), "%s%c %s D", pre, kind, loc);
		tg_order(p->g, power, line);
		return;
	}
	n = (int)rng_below(&p->r, (uint32_t)n);
	for (k = 0; sscanf(opts + k, "%7s%n", opt, &used) == 1 && n-- > 0;
	    k += used)
		;
	snprintf(line, sizeof(line), "%s%c %s R %s", pre, kind, loc, opt);
	tg_order(p->g, power, line);
}

/* Builds, waivers, zombie placements and DRAW votes, per power. */
static void
dip_power_orders(struct play *p, int power, bool zombie, bool dias)
{
	static const char *const boards[2][2] = { { "", "" },
		{ "NR: ", "Z: " } };
	char	 line[64];
	int	 b;

	for (b = 0; b < 2; b++) {
		snprintf(line, sizeof(line), "%sBUILD %c %s", boards[zombie][b],
		    rng_below(&p->r, 2) ? 'A' : 'F', dip_home(p, power));
		tg_order(p->g, power, line);
		if (rng_below(&p->r, 4) == 0) {
			snprintf(line, sizeof(line), "%sWAIVE",
			    boards[zombie][b]);
			tg_order(p->g, power, line);
		}
	}
	if (zombie) {
		snprintf(line, sizeof(line), "ZOMBIE %c %s",
		    rng_below(&p->r, 2) ? 'A' : 'F', dip_home(p, power));
		tg_order(p->g, power, line);
	}
	if (!dias)
		return;
	if (!zombie)
		tg_order(p->g, power, "DRAW");
	else {
		tg_order(p->g, power, "NR: DRAW");
		tg_order(p->g, power, "Z: DRAW");
	}
}

static void
dip_orders(struct play *p)
{
	struct dip_moves	*mv = calloc(1, sizeof(*mv));
	char			*text = tg_save(p->g), *line, *next, *val;
	char			 pow[8], kind[4], loc[8], from[8];
	const char		*pre;
	bool			 zombie, dias;
	int			 power, used, more;

	ck_assert_ptr_nonnull(mv);
	zombie = strcmp(p->g->ops->name, "zombie") == 0;
	for (line = text; line != NULL && *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if ((val = strstr(line, ": ")) == NULL)
			continue;
		*val = '\0';
		val += 2;
		pre = strncmp(line, "nr.", 3) == 0 ? "NR: " :
		    strncmp(line, "z.", 2) == 0 ? "Z: " : "";
		line = strchr(line, '.') != NULL ? strchr(line, '.') + 1 : line;
		if (sscanf(val, "%7s %3s %7s%n", pow, kind, loc, &used) != 3 ||
		    (power = dip_power(pow)) < 0)
			continue;
		if (strcmp(line, "unit") == 0)
			dip_unit_order(p, mv, pre, power, kind[0], loc);
		else if (strcmp(line, "retreat") == 0 &&
		    sscanf(val + used, "%7s %*d%n", from, &more) == 1)
			dip_retreat_order(p, pre, power, kind[0], loc,
			    val + used + more);
	}
	dias = p->phase >= p->va->dias_from &&
	    rng_below(&p->r, DIAS_ONE_IN) == 0;
	for (power = 0; power < tg_map.npowers; power++)
		dip_power_orders(p, power, zombie, dias);
	free(text);
	free(mv);
}

static void
resign(struct play *p)
{
	int	 seat = (int)rng_below(&p->r, (uint32_t)p->g->ops->nseats);

	/* Diplomacy: civil disorder, which a takeover may end again. */
	if (p->g->ops->resume != NULL && rng_below(&p->r, 2) == 0)
		p->g->ops->resume(p->g->st, seat);
	else
		p->g->ops->resign(p->g->st, seat);
}

/* One phase: orders until the game is ready to adjudicate. Diplomacy's
 * orders may leave something owed; then the deadline adjudicates. */
static void
play_phase(struct play *p)
{
	const struct game_ops	*ops = p->g->ops;
	int			 i;

	tg_mail(p->g);
	for (i = 0; i < TRIES && !ops->ready(p->g->st, p->g->o, p->g->n);
	    i++) {
		if (ops->legal != NULL)
			duel_orders(p);
		else
			dip_orders(p);
	}
	ck_assert_msg(ops->legal == NULL || ops->ready(p->g->st, p->g->o,
	    p->g->n), "%s: not ready after %d rounds of orders", ops->name,
	    TRIES);
	tg_play(p->g);
}

/* A new game (or the variant's position), checked before it starts. */
static void
begin(struct play *p, const struct game_ops *ops, uint64_t seed)
{
	struct tg	*g = calloc(1, sizeof(*g));
	struct game_diag why;

	ck_assert_ptr_nonnull(g);
	g->ops = ops;
	p->g = g;
	if (p->va->text != NULL) {
		ck_assert_int_eq(ops->load(p->va->text, &g->st, &why), 0);
		return;
	}
	ck_assert_int_eq(ops->create(p->va->options, seed, &g->st, &why), 0);
	check(p);
	if (p->va->handicap[0] != 0 || p->va->handicap[1] != 0)
		ck_assert_int_eq(ops->handicap(g->st, p->va->handicap, 2,
		    &why), 0);
	ck_assert_int_eq(ops->start(g->st, GAME_NOBODY, &why), 0);
}

START_TEST(stat_equals_the_game_masters_view_at_every_position)
{
	const struct variant	*va = &variants[_i];
	const struct game_ops	*ops = game_find(va->game);
	struct visits		 seen = { 0, 0, 0, 0, 0, 0 };
	struct play		 p;

	ck_assert_ptr_nonnull(ops);
	ck_assert_ptr_nonnull(ops->stat);
	memset(&p, 0, sizeof(p));
	p.va = va;
	p.seen = &seen;
	p.legal = malloc(sizeof(*p.legal));
	ck_assert_ptr_nonnull(p.legal);
	for (p.game = 0; p.game < va->games; p.game++) {
		rng_seed(&p.r, 0x57a7ULL * 1000 + (uint64_t)(_i * 100 +
		    p.game));
		begin(&p, ops, rng_next(&p.r));
		for (p.phase = 0; p.phase < va->phases; p.phase++) {
			check(&p);
			if (p.g->v.status == GAME_STATUS_OVER)
				break;
			if (rng_below(&p.r, RESIGN_ONE_IN) == 0)
				resign(&p);
			else
				play_phase(&p);
		}
		check(&p);
		seen.over += p.g->v.status == GAME_STATUS_OVER;
		seen.drawn += p.g->v.status == GAME_STATUS_OVER &&
		    p.g->v.winner == GAME_DRAWN;
		tg_free(p.g);
	}
	free(p.legal);
	fprintf(stderr, "stat: %s: %d games, %d positions, %d over (%d "
	    "drawn), %d retreat, %d adjust, ply %d\n", va->label, va->games,
	    seen.positions, seen.over, seen.drawn, seen.retreat, seen.adjust,
	    seen.max_ply);
	ck_assert_int_ge(seen.over, va->min_over);
	ck_assert_int_ge(seen.retreat, va->min_retreat);
	ck_assert_int_ge(seen.adjust, va->min_adjust);
	ck_assert_int_ge(seen.max_ply, va->min_ply);
}
END_TEST

START_TEST(every_game_of_the_registry_has_stat_and_is_played_here)
{
	const struct game_ops	*ops;
	int			 i, k;

	for (i = 0; (ops = game_at(i)) != NULL; i++) {
		ck_assert_msg(ops->stat != NULL, "%s: no stat", ops->name);
		for (k = 0; k < NVARIANTS; k++)
			if (game_find(variants[k].game) == ops)
				break;
		ck_assert_msg(k < NVARIANTS, "%s: no variant in test_stat.c",
		    ops->name);
	}
	ck_assert_int_ge(i, 6);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/game/stat");
	TCase	*tc = tcase_create("stat");

	tcase_add_unchecked_fixture(tc, tg_map_setup, NULL);
	tcase_add_test(tc,
	    every_game_of_the_registry_has_stat_and_is_played_here);
	tcase_add_loop_test(tc,
	    stat_equals_the_game_masters_view_at_every_position, 0, NVARIANTS);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}
