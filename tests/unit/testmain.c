/*
 * testmain.c - main() of every unit-test binary.
 *
 * Each test_*.c file under tests/unit defines test_suite(); this runs it with Check
 * and exits non-zero when a test failed. Tests run from the top of the tree,
 * so data files are named "tests/data/...".
 */
#include <stdlib.h>

#include "tests/unit/test.h"

int
main(void)
{
	SRunner	*sr;
	int	 failed;

	sr = srunner_create(test_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
