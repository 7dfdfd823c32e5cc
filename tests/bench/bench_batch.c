/*
 * bench_batch.c - where the time of `pbemd adjudicate` goes, in one
 * process on one core (issue 18), over BENCH_PHASES random movement
 * phases (phasegen.c, seed 18): (a) reading the text alone, the position
 * built from its UNIT lines and every ORDER line parsed, per phase, and
 * of that the orders alone, per phase and per order line; (b)
 * adjudicating alone, the orders parsed beforehand;
 * (c) the code of `pbemd adjudicate` over the same text, text in and
 * results out (to /dev/null): every case in one run, as the batch reads
 * them, and a new struct cli (the map loaded anew) per case, as a driver
 * of one case at a time would have it; (d) taking the map, which every
 * process and every game state the judge reads pays once: the compiled
 * map copied (dip_map_standard), beside loading it from its text as
 * every start did before (dip_map_load). Each figure is the best of
 * BENCH_ROUNDS rounds, as other work may share the machine. Built with
 * -O2 and without sanitizers (make bench).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "adjudicator/diplomacy/cli.h"
#include "phasegen.h"

#define BENCH_PHASES	3000
#define BENCH_ROUNDS	5

/* One phase read: the position and its orders (into the shared pool). */
struct bench_phase {
	struct dip_state	 st;
	int			 first, norders;
};

struct bench {
	struct dip_map		 map;
	struct phasegen_phase	 gen;
	char			*text[BENCH_PHASES];	/* each a case */
	size_t			 len[BENCH_PHASES];
	char			*all;			/* every case */
	size_t			 alllen;
	struct bench_phase	 ph[BENCH_PHASES];
	struct dip_order	 pool[BENCH_PHASES * DIP_MAX_UNITS];
	int			 npool, nlines;
	struct dip_report	 rep;
	struct dip_scratch	 scratch;
};

static double
bench_now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* "FRA A PAR" into st; -1 if it cannot be read. */
static int
bench_unit(const struct dip_map *m, struct dip_state *st, const char *s)
{
	char	 pw[4];
	int	 p, l;

	memcpy(pw, s, 3);
	pw[3] = '\0';
	if ((p = dip_map_power(m, pw)) < 0 ||
	    (l = dip_map_locname(m, s + 6)) < 0)
		return -1;
	return dip_state_add_unit(st, p, s[4] == 'A' ? DIP_ARMY : DIP_FLEET,
	    l);
}

/* Phase i of the generated text read into b->ph[i]: the work of (a);
 * the time of the orders alone added to *orders. */
static void
bench_read(struct bench *b, const struct phasegen_phase *g,
    struct bench_phase *ph, double *orders)
{
	struct game_diag	 why;
	char			 pw[4];
	double			 t0;
	int			 i, p;

	dip_state_init(&ph->st, &b->map, 0);
	dip_state_clear(&ph->st);
	dip_state_set_phase(&ph->st, g->code);
	for (i = 0; i < g->nunits; i++)
		bench_unit(&b->map, &ph->st, g->unit[i]);
	ph->first = b->npool;
	t0 = bench_now();
	for (i = 0; i < g->norders; i++) {
		memcpy(pw, g->order[i], 3);
		pw[3] = '\0';
		p = dip_map_power(&b->map, pw);
		if (dip_order_parse(&b->map, p, g->order[i] + 4,
		    &b->pool[b->npool], 1, &why) == 1)
			b->npool++;
	}
	*orders += bench_now() - t0;
	ph->norders = b->npool - ph->first;
}

/*
 * (a): the phases are drawn anew from the seed for every round (not
 * timed), so the text read is the text the file holds.
 */
static double
bench_parse(struct bench *b, double *orders)
{
	struct rng	 r;
	double		 best = 1e9, t, t0, o;
	int		 round, i;

	for (round = 0; round < BENCH_ROUNDS; round++) {
		rng_seed(&r, 18);
		b->npool = 0;
		b->nlines = 0;
		t = o = 0;
		for (i = 0; i < BENCH_PHASES; i++) {
			phasegen_next(&r, &b->map, &b->gen);
			b->nlines += b->gen.norders;
			t0 = bench_now();
			bench_read(b, &b->gen, &b->ph[i], &o);
			t += bench_now() - t0;
		}
		if (t < best) {
			best = t;
			*orders = o;
		}
	}
	return best;
}

static double
bench_adjudicate(struct bench *b)
{
	static struct dip_state	 st;
	double			 best = 1e9, t;
	int			 round, i;

	for (round = 0; round < BENCH_ROUNDS; round++) {
		t = bench_now();
		for (i = 0; i < BENCH_PHASES; i++) {
			st = b->ph[i].st;
			dip_adjudicate(&st, &b->pool[b->ph[i].first],
			    b->ph[i].norders, &b->rep, &b->scratch);
		}
		if ((t = bench_now() - t) < best)
			best = t;
	}
	return best;
}

/* The cases' texts, each its own string. */
static void
bench_texts(struct bench *b)
{
	struct rng	 r;
	FILE		*f;
	int		 i;

	FILE		*all;

	rng_seed(&r, 18);
	if ((all = open_memstream(&b->all, &b->alllen)) == NULL) {
		fprintf(stderr, "bench_batch: out of memory\n");
		exit(1);
	}
	for (i = 0; i < BENCH_PHASES; i++) {
		phasegen_next(&r, &b->map, &b->gen);
		if ((f = open_memstream(&b->text[i], &b->len[i])) == NULL) {
			fprintf(stderr, "bench_batch: out of memory\n");
			exit(1);
		}
		phasegen_print(&b->gen, i + 1, f);
		phasegen_print(&b->gen, i + 1, all);
		fclose(f);
	}
	fclose(all);
}

/* (d), per map taken: copied if copy, else loaded from the text. */
static double
bench_map(bool copy)
{
	static struct dip_map	 m;
	struct game_diag	 why;
	double			 best = 1e9, t;
	int			 round, i;

	for (round = 0; round < BENCH_ROUNDS; round++) {
		t = bench_now();
		for (i = 0; i < 100; i++) {
			if (copy)
				dip_map_standard(&m);
			else
				dip_map_load(dip_standard_map_text, &m, &why);
		}
		if ((t = (bench_now() - t) / 100) < best)
			best = t;
	}
	return best;
}

/* (c), every case in one run of one struct cli. */
static double
bench_cli_batch(struct bench *b, FILE *null)
{
	struct game_diag	 why;
	struct cli		*c;
	FILE			*in;
	double			 best = 1e9, t;
	int			 round;

	if ((c = dip_cli_new(0, &why)) == NULL) {
		fprintf(stderr, "bench_batch: cannot start\n");
		exit(1);
	}
	for (round = 0; round < BENCH_ROUNDS; round++) {
		t = bench_now();
		if ((in = fmemopen(b->all, b->alllen, "r")) == NULL ||
		    dip_cli_run(c, in, null) != 0) {
			fprintf(stderr, "bench_batch: the batch failed\n");
			exit(1);
		}
		fclose(in);
		if ((t = bench_now() - t) < best)
			best = t;
	}
	dip_cli_free(c);
	return best;
}

/* (c), one struct cli per case. */
static double
bench_cli_each(struct bench *b, FILE *null)
{
	struct game_diag	 why;
	struct cli		*c;
	FILE			*in;
	double			 best = 1e9, t;
	int			 round, i;

	for (round = 0; round < BENCH_ROUNDS; round++) {
		t = bench_now();
		for (i = 0; i < BENCH_PHASES; i++) {
			if ((c = dip_cli_new(0, &why)) == NULL ||
			    (in = fmemopen(b->text[i], b->len[i], "r")) ==
			    NULL) {
				fprintf(stderr, "bench_batch: cannot start\n");
				exit(1);
			}
			dip_cli_run(c, in, null);
			fclose(in);
			dip_cli_free(c);
		}
		if ((t = bench_now() - t) < best)
			best = t;
	}
	return best;
}

int
main(void)
{
	struct bench		*b = calloc(1, sizeof(*b));
	struct game_diag	 why;
	FILE			*null;
	double			 parse, orders = 0, adj, batch, each;
	int			 i;

	if (b == NULL || (null = fopen("/dev/null", "w")) == NULL ||
	    dip_map_load(dip_standard_map_text, &b->map, &why) < 0) {
		fprintf(stderr, "bench_batch: cannot start\n");
		return 1;
	}
	parse = bench_parse(b, &orders);
	adj = bench_adjudicate(b);
	bench_texts(b);
	batch = bench_cli_batch(b, null);
	each = bench_cli_each(b, null);
	printf("bench batch: %d random movement phases, %d order lines, "
	    "%d orders read (seed 18)\n", BENCH_PHASES, b->nlines, b->npool);
	printf("bench batch: (a) reading alone %8.2f us/phase, of which the "
	    "orders %.2f us/phase, %.3f us/order line\n",
	    parse * 1e6 / BENCH_PHASES, orders * 1e6 / BENCH_PHASES,
	    orders * 1e6 / b->nlines);
	printf("bench batch: (b) adjudicating alone %8.2f us/phase\n",
	    adj * 1e6 / BENCH_PHASES);
	printf("bench batch: (c) the CLI code, every case in one run "
	    "%10.0f phases/s (%.2f us/phase)\n", BENCH_PHASES / batch,
	    batch * 1e6 / BENCH_PHASES);
	printf("bench batch: (c) the CLI code, a struct cli per case "
	    "%10.0f phases/s\n", BENCH_PHASES / each);
	printf("bench batch: (d) the map: copying the compiled one %.1f us, "
	    "loading it from its text %.1f us\n", bench_map(true) * 1e6,
	    bench_map(false) * 1e6);
	for (i = 0; i < BENCH_PHASES; i++)
		free(b->text[i]);
	free(b->all);
	fclose(null);
	free(b);
	return 0;
}
