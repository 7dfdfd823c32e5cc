/*
 * backoff.c - retry delays and the earliest of two wake-up times
 * (backoff.h). Pure: no clock is read here.
 */
#include "common/backoff.h"

int
backoff_delay(int attempt, int base, int cap)
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
backoff_earliest(time_t a, time_t b)
{
	if (a == 0)
		return b;
	if (b == 0)
		return a;
	return a < b ? a : b;
}
