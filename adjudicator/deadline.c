/*
 * deadline.c - backoff and "what comes first" for the daemon's loop.
 *
 * Deadlines of Diplomacy phases (issue 4) will live here too; for now the
 * retry schedule of the outbox and of reconnects. No clock is read here.
 */
#include "deadline.h"

int
deadline_backoff(int attempt, int base, int cap)
{
	long	 t = base;
	int	 i;

	if (attempt <= 0)
		return 0;
	for (i = 1; i < attempt && t < cap; i++)
		t *= 2;
	return t > cap ? cap : (int)t;
}

time_t
deadline_earliest(time_t a, time_t b)
{
	if (a == 0)
		return b;
	if (b == 0)
		return a;
	return a < b ? a : b;
}
