/*
 * test.h - what every unit-test file provides: its Check suite, run by
 * testmain.c.
 */
#ifndef PBEMD_TEST_H
#define PBEMD_TEST_H

#include <check.h>

Suite	*test_suite(void);

#endif
