/*
 * assign.h - who plays which power when a game of more than two seats
 * starts (assign.c). Pure; layer L0 of the judge.
 */
#ifndef PBEMD_JUDGE_ASSIGN_H
#define PBEMD_JUDGE_ASSIGN_H

#include <stddef.h>
#include <stdint.h>

#include "adjudicator/game/game.h"

#define JUDGE_ASSIGN_NONE	(-1)	/* no seat fixed by the GM */

/*
 * prefs[i][0..nprefs[i]) are player i's wishes, fixed[i] his seat from the
 * GM or JUDGE_ASSIGN_NONE. Fills seat_out[i] for every player; returns -1
 * if the players do not fill the seats exactly or two share a fixed seat.
 */
int	judge_assign(int nseats, int nplayers, const int prefs[][GAME_MAX_SEATS],
	    const int *nprefs, const int *fixed, uint64_t seed, int *seat_out);
/* A player's wishes as stored: "2,0,5" into out (len bytes). */
void	judge_assign_prefs_text(const int *seats, int n, char *out,
	    size_t len);
/* The wishes stored as text, into seats[0..max); how many. */
int	judge_assign_prefs_parse(const char *text, int *seats, int max);

#endif
