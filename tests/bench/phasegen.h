/*
 * phasegen.h - random Diplomacy movement phases for the benchmarks
 * (issue 18): each a case of the DATC record format, drawn from a seed.
 */
#ifndef PBEMD_BENCH_PHASEGEN_H
#define PBEMD_BENCH_PHASEGEN_H

#include <stdio.h>

#include "adjudicator/diplomacy/dip.h"
#include "common/rng.h"

#define PHASEGEN_LINE	96	/* one UNIT or ORDER line's text */

/* One phase as text: the units ("FRA A PAR") and the orders ("FRA A PAR
 * - BUR"), each led by its power, as a case's UNIT and ORDER lines. */
struct phasegen_phase {
	char	 code[8];			/* "F1904M" */
	int	 nunits, norders;
	char	 unit[DIP_MAX_UNITS][PHASEGEN_LINE];
	char	 order[DIP_MAX_UNITS][PHASEGEN_LINE];
};

/*
 * The next phase of r on map m into out: 12 to 60 units of random
 * powers on random provinces; about nine orders in ten readable and
 * possible (holds, moves, supports of moves and holds, convoys with the
 * armies they carry), the rest impossible or unreadable (not adjacent, no
 * such unit, unknown province or order word, a support of oneself), and
 * a few units left without an order.
 */
void	 phasegen_next(struct rng *r, const struct dip_map *m,
	    struct phasegen_phase *out);

/* The phase as a case "CASE R<id>", PHASE, UNIT and ORDER lines, END,
 * into f. */
void	 phasegen_print(const struct phasegen_phase *, int id, FILE *f);

#endif
