/*
 * tz.h - wall-clock time in a named zone (a game's "Europe/Berlin").
 *
 * Deadlines are kept as seconds since the epoch and shown, and entered, in
 * the game's zone. Zone names are those of the system's tz database.
 */
#ifndef PBEMD_TZ_H
#define PBEMD_TZ_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#define TZ_NAME_MAX	64	/* tz_valid() refuses a longer name */
#define TZ_ABBR_MAX	16	/* the tz database's are 3 to 6 bytes */

/* Whether zone names a zone of the tz database ("UTC" always does). */
bool	tz_valid(const char *zone);
/* t as wall-clock time in zone; abbr (may be NULL) gets "CET", "CEST". */
void	tz_local(time_t t, const char *zone, struct tm *out, char *abbr,
	    size_t abbrlen);
/* The instant of a wall-clock time in zone; tm is normalised like mktime.
 * A time that does not exist (a spring-forward gap) moves forward. */
time_t	tz_mktime(struct tm *tm, const char *zone);

#endif
