/*
 * support_mapview.h - map views built by hand for the map picture's tests,
 * its benchmark and the sample pictures of docs/: the standard opening,
 * a Spring 1902 with supports, a convoy, bounces and a dislodgement, and a
 * Zombie-Diplomacy pair of boards with every other mark. Linked into
 * every unit-test binary (tests/module.mk).
 */
#ifndef PBEMD_TEST_SUPPORT_MAPVIEW_H
#define PBEMD_TEST_SUPPORT_MAPVIEW_H

#include <stdbool.h>

#include "adjudicator/game/game.h"

/* An empty view of n boards for the seven powers. */
void	tmv_init(struct game_mapview *, int nboards);
/* Board b's phase, e.g. "S1902M", its title ("" or "@zombie.board.z"). */
void	tmv_phase(struct game_mapview *, int b, const char *phase,
	    bool results, const char *title);
/* A centre and its owner (-1: nobody); the counts follow. */
void	tmv_centre(struct game_mapview *, int b, const char *at, int owner);
struct game_map_unit *tmv_unit(struct game_mapview *, int b, int power,
	    char kind, const char *at, int mark);
struct game_map_order *tmv_order(struct game_mapview *, int b, int kind,
	    int outcome, int power, char ukind, const char *unit,
	    const char *from, const char *to);

/* Spring 1901 before any order: the 22 units and 34 centres. */
void	tmv_opening(struct game_mapview *);
/* The results of a Spring 1902 (support/convoy/bounce/dislodgement). */
void	tmv_battle(struct game_mapview *);
/* Zombie-Diplomacy: both boards, undead, zombies, retreats, builds. */
void	tmv_zombie(struct game_mapview *);

#endif
