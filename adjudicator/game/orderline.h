/*
 * orderline.h - helpers the games share to read one line of orders.
 *
 * Players type orders with any case and spacing; a game whose notation
 * has no meaningful blanks reads the compacted line, and quotes the line
 * as typed (trimmed, cut to fit a diag argument) when it refuses it. Pure;
 * no allocation.
 */
#ifndef PBEMD_ORDERLINE_H
#define PBEMD_ORDERLINE_H

#include <stddef.h>

#include "adjudicator/game/game.h"

/* Upper-cases and drops white space; -1 when the line is too long. */
int	 orderline_compact(const char *line, char *out, size_t outlen);
/* The line as a diag argument, trimmed and cut on a UTF-8 boundary. */
void	 orderline_quote(const char *line, char out[GAME_ARG_MAX]);

#endif
