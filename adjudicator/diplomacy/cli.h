/*
 * cli.h - `pbemd adjudicate`: any number of cases in the record format of
 * the DATC data, adjudicated offline, each on its own (rules/diplomacy.md,
 * DESIGN.md "The command line").
 */
#ifndef PBEMD_DIP_CLI_H
#define PBEMD_DIP_CLI_H

#include <stdio.h>

#include "adjudicator/game/game.h"

/*
 * With --png DIR, after each phase draw(arg, path, map) writes the map of
 * the phase just played to path ("DIR/S1901M.png"); 0, or -1 (it said
 * why on stderr). The drawing lives above this folder (main.c): a game
 * folder never includes render/.
 */
typedef int	(*dip_cli_draw_fn)(void *arg, const char *path,
		    const struct game_mapview *);

/* argv[0] is "adjudicate". Returns the exit status: 0, 64 (usage, or
 * --png without draw), 65 (a line of some case cannot be read: that case
 * ends with an ERROR record, the others are played), 66 (the file cannot
 * be opened), 73 (a picture cannot be written: the run stops). */
int	dip_cli_main(int argc, char **argv, dip_cli_draw_fn draw, void *arg);

/* The same path without argv, for the benchmark: options are DIP_OPT_*
 * bits; dip_cli_new() returns an owned object (never NULL: the map was
 * checked when the program was built, and why is left alone);
 * dip_cli_run() reads every case of in and returns an exit status as
 * above. A struct cli holds the map, copied once, and the case being
 * read: one serves any number of runs. */
struct cli;
struct cli	*dip_cli_new(unsigned options, struct game_diag *why);
int		 dip_cli_run(struct cli *, FILE *in, FILE *out);
void		 dip_cli_free(struct cli *);

#endif
