/*
 * bench_wotk.c - move generation speed of the Way of the Knight engine,
 * on one core: perft(5) from the start position with experience (the
 * game as played) and as plain chess (no-experience), in nodes per
 * second, and the mean time of the legal-move list the judge builds per
 * order. Built with -O2 and without sanitizers (make bench).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "adjudicator/wotk/wotk.h"

#define BENCH_START	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define BENCH_MIDDLE	"r1bqk2r/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PPQ2PPP/R1B1KB1R w KQkq - 0 1"

static double
bench_now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
bench_perft(const char *label, const char *options, int depth)
{
	struct wotk_rules	 r;
	struct wotk_pos		 p;
	struct game_diag	 why;
	uint64_t		 n;
	double			 t0, dt;

	if (wotk_options(options, &r, &why) != 0 ||
	    wotk_fen_read(BENCH_START, &r, &p) != 0) {
		fprintf(stderr, "bench wotk: cannot set up %s\n", label);
		return -1;
	}
	t0 = bench_now();
	n = wotk_perft(&p, &r, depth);
	dt = bench_now() - t0;
	printf("bench wotk: perft(%d) %-20s %10llu nodes %8.2f s %12.0f "
	    "nodes/s\n", depth, label, (unsigned long long)n, dt,
	    dt > 0 ? (double)n / dt : 0.0);
	return 0;
}

static int
bench_legal(void)
{
	struct wotk_rules	 r;
	struct wotk_pos		 p;
	struct wotk_move	 m[WOTK_MAX_MOVES];
	struct game_diag	 why;
	double			 t0, dt;
	long			 i, rounds = 200000, total = 0;

	if (wotk_options("", &r, &why) != 0 ||
	    wotk_fen_read(BENCH_MIDDLE, &r, &p) != 0)
		return -1;
	t0 = bench_now();
	for (i = 0; i < rounds; i++)
		total += wotk_gen_legal(&p, &r, m);
	dt = bench_now() - t0;
	printf("bench wotk: legal moves of a middle-game position: %ld "
	    "moves, %.2f us per list\n", total / rounds, dt * 1e6 /
	    (double)rounds);
	return 0;
}

int
main(void)
{
	if (bench_perft("with experience", "", 5) != 0 ||
	    bench_perft("chess", "no-experience", 5) != 0 ||
	    bench_legal() != 0)
		return 1;
	return 0;
}
