/*
 * gen_phases.c - `gen_phases [-s SEED] N`: N random movement phases
 * (phasegen.c), each a case of the DATC record format, on standard
 * output; the input of `pbemd adjudicate` in tests/bench/bench_adjudicate.sh.
 * The same seed gives the same text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "phasegen.h"

int
main(int argc, char **argv)
{
	static struct dip_map		 map;
	static struct phasegen_phase	 ph;
	struct game_diag		 why;
	struct rng			 r;
	unsigned long long		 seed = 18;
	long				 n, i;
	int				 a = 1;

	if (argc > 2 && strcmp(argv[1], "-s") == 0) {
		seed = strtoull(argv[2], NULL, 10);
		a = 3;
	}
	if (a + 1 != argc || (n = strtol(argv[a], NULL, 10)) <= 0) {
		fprintf(stderr, "usage: gen_phases [-s SEED] N\n");
		return 64;
	}
	if (dip_map_load(dip_standard_map_text, &map, &why) < 0) {
		fprintf(stderr, "gen_phases: bad map\n");
		return 1;
	}
	rng_seed(&r, seed);
	for (i = 1; i <= n; i++) {
		phasegen_next(&r, &map, &ph);
		phasegen_print(&ph, (int)i, stdout);
	}
	return fflush(stdout) == 0 ? 0 : 1;
}
