/*
 * deadline.h - what is due when: pure functions of the clock value they are
 * given, so they are tested without a clock (STYLE.md 9).
 */
#ifndef PBEMD_DEADLINE_H
#define PBEMD_DEADLINE_H

#include <time.h>

/*
 * Seconds to wait before attempt number attempt+1 after attempt failures:
 * base doubled per failure, never more than cap. attempt 0 gives 0.
 */
int	deadline_backoff(int attempt, int base, int cap);

/* The earlier of two times, where 0 means "none". */
time_t	deadline_earliest(time_t a, time_t b);

#endif
