/*
 * noleak.h - the no-leak property of the KlinZha reports (rules/klinzha.md
 * decisions 5, 6, 13) over seeded random clouded and blind games, shared by
 * test_noleak.c (deep: parser probes and PNGs) and test_noleak_broad.c
 * (thousands of games), which are two binaries so that each runs on a core
 * of its own beside the other tests.
 *
 * At every position of every game, for each player: change the enemy
 * material he cannot see (move pieces under clouds, swap the kinds of
 * every piece he cannot make out, carry the Goal elsewhere in hiding) and
 * require the report text, the PNG picture, the list of legal orders and
 * the answer to a batch of order lines to stay byte-identical. The game
 * master's report must change for some of these, or the test would prove
 * nothing.
 */
#ifndef PBEMD_NOLEAK_H
#define PBEMD_NOLEAK_H

#include "adjudicator/render/catalog.h"
#include "adjudicator/render/picture.h"
#include "adjudicator/render/report.h"
#include "tests/unit/adjudicator/klinzha/kz_test.h"

#define NOLEAK_PLIES		40
#define NOLEAK_LINES_MAX	96

struct noleak_lines {
	int	 n;
	char	 text[NOLEAK_LINES_MAX][GAME_ORDER_MAX];
};

static inline void
noleak_collect(void *arg, const char *order)
{
	struct noleak_lines	*l = arg;

	if (l->n < NOLEAK_LINES_MAX)
		snprintf(l->text[l->n++], GAME_ORDER_MAX, "%s", order);
}

/* Everything a seat receives, as one byte string. */
static inline void
noleak_render(const struct catalog *cat, const struct game_state *st, int seat,
    const struct noleak_lines *probe, bool png, struct buf *out)
{
	static struct game_view	 v;
	struct report_head	 h = { "leak", "klinzha", "clouded",
				    kz_ops.seat_key(seat), 3, NULL, false };
	struct noleak_lines	 legal;
	struct game_order	 o;
	struct game_diag	 why;
	char			 ctx[GAME_CTX_MAX];
	int			 i, rc;

	kz_ops.view(st, seat, &v);
	report_render(cat, &h, &v, out);
	if (png)
		ck_assert_int_eq(picture_png(&v.cells, out), 0);
	else
		/* The picture is drawn from the cells alone (picture.c):
		 * comparing them stands for comparing the PNG. */
		for (i = 0; i < v.cells.n; i++)
			buf_printf(out, "%s %d %d %d %s %s\n",
			    v.cells.cell[i].name, v.cells.cell[i].owner,
			    v.cells.cell[i].shade, v.cells.cell[i].marks,
			    v.cells.cell[i].label, v.cells.cell[i].side[0]);
	legal.n = 0;
	rc = kz_ops.legal(st, seat, noleak_collect, &legal);
	buf_printf(out, "legal %d\n", rc);
	for (i = 0; i < legal.n; i++)
		buf_printf(out, "%s\n", legal.text[i]);
	for (i = 0; probe != NULL && i < probe->n; i++) {
		ctx[0] = '\0';
		memset(&why, 0, sizeof(why));
		memset(&o, 0, sizeof(o));
		rc = kz_ops.parse(st, seat, probe->text[i], ctx, &o, 1, &why);
		buf_printf(out, "%d %s %s %s|%s %s %s\n", rc, o.text,
		    o.echo.key, o.echo.args[0], why.msg.key, why.msg.args[0],
		    why.msg.args[1]);
	}
}

static inline void
noleak_swap(int *a, int *b)
{
	int	 t = *a;

	*a = *b;
	*b = t;
}

/* Changes what seat cannot see of the enemy; true if anything changed. */
static inline bool
noleak_perturb(struct game_state *st, int seat, struct rng *r)
{
	const struct game_state	 orig = *st;
	struct kz_pos		*p = &st->pos;
	int			 e = 1 - seat, hid[KZ_FIELDS], kind[KZ_FIELDS];
	int			 none[KZ_FIELDS], nh = 0, nn = 0, i, j, f, g;
	int			 sight[KZ_FIELDS], carriers[KZ_FIELDS], nc = 0;

	for (f = 0; f < KZ_FIELDS; f++) {
		sight[f] = kz_rules_sight(&orig, seat, f);
		if (p->owner[f] == e && sight[f] != KZ_SIGHT_FULL) {
			hid[nh] = f;
			kind[nh++] = p->kind[f];
		}
	}
	/* Kinds shuffled among the pieces seat cannot make out. */
	for (i = nh - 1; i > 0; i--) {
		j = (int)rng_below(r, (uint32_t)i + 1);
		noleak_swap(&kind[i], &kind[j]);
	}
	for (i = 0; i < nh; i++)
		p->kind[hid[i]] = (uint8_t)kind[i];
	/* Pieces under clouds wander to other empty cloud fields. */
	for (i = 0; i < nh; i++) {
		f = hid[i];
		if (sight[f] != KZ_SIGHT_NONE || rng_below(r, 2) == 0 ||
		    p->goal[e] == f)
			continue;
		for (nn = 0, g = 0; g < KZ_FIELDS; g++)
			if (sight[g] == KZ_SIGHT_NONE && p->owner[g] < 0 &&
			    p->goal[0] != g && p->goal[1] != g)
				none[nn++] = g;
		if (nn == 0)
			break;
		g = none[rng_below(r, (uint32_t)nn)];
		p->owner[g] = (int8_t)e;
		p->kind[g] = p->kind[f];
		p->owner[f] = -1;
		p->kind[f] = KZ_NONE;
		hid[i] = g;
	}
	/* The Goal, unless seat can see where it is (or that it is). */
	f = p->goal[e];
	if (f >= 0 && sight[f] != KZ_SIGHT_FULL &&
	    !(sight[f] == KZ_SIGHT_SOME && p->owner[f] != e)) {
		for (i = 0; i < nh; i++)
			if (kz_rules_carrier(p->kind[hid[i]]))
				carriers[nc++] = hid[i];
		for (g = 0; g < KZ_FIELDS; g++)
			if (sight[g] == KZ_SIGHT_NONE && p->owner[g] < 0 &&
			    p->goal[0] != g && p->goal[1] != g)
				carriers[nc++] = g;
		if (nc > 0)
			p->goal[e] = (int8_t)carriers[rng_below(r,
			    (uint32_t)nc)];
	}
	return memcmp(&orig.pos, p, sizeof(*p)) != 0;
}

/* A random set-up line for seat in a free corner, accepted by parse. */
static inline void
noleak_setup(struct game_state *st, int seat, struct rng *r)
{
	static const int	 kinds[9] = {
		KZ_FENCER, KZ_LANCER, KZ_SWIFT, KZ_FLIER, KZ_FLIER,
		KZ_VANGUARD, KZ_VANGUARD, KZ_VANGUARD, KZ_BLOCKADER
	};
	static const char *const corner[3] = { "apex", "left", "right" };
	struct game_order	 o;
	struct game_diag	 why;
	char			 line[256], fn[6];
	int			 fields[KZ_FIELDS], n, i, j, c, tries;
	size_t			 m;

	for (tries = 0; tries < 200; tries++) {
		do
			c = (int)rng_below(r, 3);
		while (c == st->corner[1 - seat]);
		for (n = 0, i = 0; i < KZ_FIELDS; i++)
			if (kz_board_in_point(i, c, st->half_fields))
				fields[n++] = i;
		for (i = n - 1; i > 0; i--) {
			j = (int)rng_below(r, (uint32_t)i + 1);
			noleak_swap(&fields[i], &fields[j]);
		}
		m = (size_t)snprintf(line, sizeof(line), "SETUP %s", corner[c]);
		for (i = 0; i < 9; i++) {
			kz_board_name(fields[i], fn);
			m += (size_t)snprintf(line + m, sizeof(line) - m,
			    " %c %s", KZ_LETTERS[kinds[i]], fn);
		}
		kz_board_name(fields[rng_below(r, 2) ? 0 : 9], fn);
		snprintf(line + m, sizeof(line) - m, " G %s", fn);
		if (kzt_parse(st, seat, line, &o, &why) == 1) {
			ck_assert_int_eq(kz_ops.adjudicate(st, &o, 1, &why), 0);
			return;
		}
	}
	ck_abort_msg("no set-up found");
}

/* Order lines to probe the parser with: legal ones and near misses. */
static inline void
noleak_probes(const struct game_state *st, int seat, struct rng *r,
    struct noleak_lines *l)
{
	static const char *const words[] = {
		"Fencer", "Lancer", "Swift", "Flier", "Vanguard", "Blockader",
		""
	};
	char	 a[6], b[6];
	int	 i, n;

	l->n = 0;
	kz_ops.legal(st, seat, noleak_collect, l);
	n = l->n;
	for (i = 0; i < 24 && l->n < NOLEAK_LINES_MAX; i++) {
		kz_board_name((int)rng_below(r, KZ_FIELDS), a);
		kz_board_name((int)rng_below(r, KZ_FIELDS), b);
		snprintf(l->text[l->n++], GAME_ORDER_MAX, "%s %s - %s",
		    words[rng_below(r, 7)], a, b);
	}
	/* Every legal line with its target shifted: mostly illegal. */
	for (i = 0; i < n && l->n < NOLEAK_LINES_MAX; i++) {
		memcpy(l->text[l->n], l->text[i], GAME_ORDER_MAX);
		if (strlen(l->text[l->n]) > 4)
			l->text[l->n][strlen(l->text[l->n]) - 1] =
			    (char)('1' + rng_below(r, 9));
		l->n++;
	}
}

/*
 * Plays games random games to the end or NOLEAK_PLIES plies and compares,
 * at every position and for both players, everything the player receives
 * with the enemy's hidden material changed. deep: also probe the parser
 * with legal lines and near misses and draw every 7th PNG; otherwise the
 * view's cells stand for the picture and the GM's report is compared at
 * every 4th position only (the guard that the change was real).
 */
static inline void
noleak_run(int games, bool deep, uint64_t seed, long min_checked)
{
	struct catalog		*cat;
	struct rng		 r;
	struct noleak_lines	 legal, probe;
	struct buf		 a, b, ga, gb;
	struct game_state	*st, *copy;
	struct game_diag	 why;
	char			 err[256];
	long			 checked = 0, gm_changed = 0, pngs = 0, gms = 0;
	int			 g, ply, seat;

	cat = catalog_load("templates", "en", NULL, err, sizeof(err));
	ck_assert_msg(cat != NULL, "%s", err);
	rng_seed(&r, seed);
	copy = malloc(sizeof(*copy));
	ck_assert_ptr_nonnull(copy);
	for (g = 0; g < games; g++) {
		static const char *const opts[] = {
			"clouded", "clouded layout=heavy", "blind",
			"clouded half-fields moving-clouds",
			"clouded layout=heavy moving-clouds clouds-every=1"
		};

		ck_assert_int_eq(kz_ops.create(opts[g % 5], (uint64_t)g, &st,
		    &why), 0);
		ck_assert_int_eq(kz_ops.start(st, GAME_NOBODY, &why), 0);
		noleak_setup(st, st->first, &r);
		for (ply = 0; ply <= NOLEAK_PLIES; ply++) {
			if (st->phase == KZ_PHASE_OVER)
				break;
			for (seat = 0; seat < 2; seat++) {
				bool png = deep && (checked % 7) == 0;
				bool gm = deep || (checked % 4) == 0;

				if (deep)
					noleak_probes(st, seat, &r, &probe);
				*copy = *st;
				if (!noleak_perturb(copy, seat, &r))
					continue;
				buf_init(&a);
				buf_init(&b);
				noleak_render(cat, st, seat,
				    deep ? &probe : NULL, png, &a);
				noleak_render(cat, copy, seat,
				    deep ? &probe : NULL, png, &b);
				ck_assert_msg(a.len == b.len &&
				    memcmp(a.data, b.data, a.len) == 0,
				    "game %d ply %d seat %d leaks:\n%.*s\n---\n"
				    "%.*s", g, ply, seat, (int)a.len, a.data,
				    (int)b.len, b.data);
				buf_init(&ga);
				buf_init(&gb);
				if (gm) {
					noleak_render(cat, st, GAME_SEAT_GM,
					    NULL, false, &ga);
					noleak_render(cat, copy, GAME_SEAT_GM,
					    NULL, false, &gb);
					gms++;
				}
				if (gm && (ga.len != gb.len ||
				    memcmp(ga.data, gb.data, ga.len) != 0))
					gm_changed++;
				checked++;
				pngs += png;
				buf_free(&a);
				buf_free(&b);
				buf_free(&ga);
				buf_free(&gb);
			}
			if (st->phase == KZ_PHASE_SETUP2) {
				noleak_setup(st, 1 - st->first, &r);
				continue;
			}
			legal.n = 0;
			kz_ops.legal(st, st->turn, noleak_collect, &legal);
			ck_assert_int_gt(legal.n, 1);	/* moves and DRAW */
			kzt_play(st, st->turn,
			    legal.text[rng_below(&r, (uint32_t)legal.n - 1)]);
		}
		kz_ops.free(st);
	}
	free(copy);
	catalog_free(cat);
	fprintf(stderr, "no-leak: %d games, %ld reports compared (%ld with "
	    "PNG%s), %ld of %ld GM reports changed\n", games, checked, pngs,
	    deep ? ", parser probed" : ", cells compared", gm_changed, gms);
	ck_assert_int_ge(checked, min_checked);
	ck_assert_int_ge(gm_changed, gms / 2);
}

#endif
