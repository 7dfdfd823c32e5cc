/*
 * backoff.h - when to try again: pure functions of the numbers they are
 * given, so they are tested without a clock (STYLE.md 9).
 *
 * The daemon's reconnects and the outbox's retries wait by backoff_delay();
 * every "next time something is due" is folded with backoff_earliest().
 */
#ifndef PBEMD_BACKOFF_H
#define PBEMD_BACKOFF_H

#include <time.h>

/*
 * Seconds to wait before attempt number attempt+1 after attempt failures:
 * base doubled per failure, never more than cap. attempt 0 gives 0.
 */
int	backoff_delay(int attempt, int base, int cap);

/* The earlier of two times, where 0 means "none". */
time_t	backoff_earliest(time_t a, time_t b);

#endif
