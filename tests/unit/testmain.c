/*
 * testmain.c - main() of every unit-test binary.
 *
 * Each test_*.c file under tests/unit defines test_suite(); this runs it with Check
 * and exits non-zero when a test failed. Tests run from the top of the tree,
 * so data files are named "tests/data/...". A test's time bound only stops a
 * hang: before the suite is built, the bounds are made generous and scaled
 * by the machine's load, so a test that is merely slow on a busy machine
 * does not fail. Nothing else is set here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "tests/unit/test.h"

/* Seconds for a test without a bound of its own (Check's own is 4). */
#define TESTMAIN_DEFAULT_TIMEOUT	"60"
/* Every bound is multiplied by at least this much, at most that much. */
#define TESTMAIN_MIN_MULTIPLIER		2
#define TESTMAIN_MAX_MULTIPLIER		16

/*
 * Check reads CK_DEFAULT_TIMEOUT and CK_TIMEOUT_MULTIPLIER when a TCase is
 * created and when its bound is set, so they are set before test_suite();
 * what the environment already says is kept. The multiplier is one more
 * than the load per CPU of the last minute, rounded up: four busy
 * processes beside this one on two cores (a load of 5) make it 4.
 */
static void
testmain_timeouts(void)
{
	double	 load, per_cpu;
	long	 ncpu;
	int	 mult = TESTMAIN_MIN_MULTIPLIER;
	char	 buf[16];

	setenv("CK_DEFAULT_TIMEOUT", TESTMAIN_DEFAULT_TIMEOUT, 0);
	if (getenv("CK_TIMEOUT_MULTIPLIER") != NULL)
		return;
	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	if (ncpu > 0 && getloadavg(&load, 1) == 1) {
		per_cpu = load / (double)ncpu;
		if (per_cpu > TESTMAIN_MAX_MULTIPLIER)
			per_cpu = TESTMAIN_MAX_MULTIPLIER;
		/* Rounded up: a load of 2.1 per CPU makes 4. */
		if (1 + (int)(per_cpu + 0.999) > mult)
			mult = 1 + (int)(per_cpu + 0.999);
		if (mult > TESTMAIN_MAX_MULTIPLIER)
			mult = TESTMAIN_MAX_MULTIPLIER;
	}
	snprintf(buf, sizeof(buf), "%d", mult);
	setenv("CK_TIMEOUT_MULTIPLIER", buf, 0);
}

int
main(void)
{
	SRunner	*sr;
	int	 failed;

	testmain_timeouts();
	sr = srunner_create(test_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
