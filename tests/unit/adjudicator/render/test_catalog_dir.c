/*
 * test_catalog_dir.c - where the catalogs are found when nobody says
 * (catalog_dir.c). The path beside an installed binary is checked from
 * outside, by tests/install/test_install.sh.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "adjudicator/render/catalog_dir.h"

static char	 dir[64];
static char	 top[4096];

static void
tmp_setup(void)
{
	ck_assert_ptr_nonnull(getcwd(top, sizeof(top)));
	strcpy(dir, "/tmp/pbemd-catdir-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_eq(chdir(dir), 0);
}

static void
tmp_teardown(void)
{
	ck_assert_int_eq(chdir(top), 0);
	if (dir[0] != '\0') {
		char	 p[128];

		snprintf(p, sizeof(p), "%s/templates/en", dir);
		rmdir(p);
		snprintf(p, sizeof(p), "%s/templates", dir);
		rmdir(p);
		rmdir(dir);
	}
}

START_TEST(the_trees_own_templates_are_found_from_its_top)
{
	char	*d;

	ck_assert_int_eq(chdir(top), 0);
	d = catalog_dir_default();
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d, "templates");
	free(d);
}
END_TEST

START_TEST(templates_here_with_en_are_found)
{
	char	*d;

	ck_assert_int_eq(mkdir("templates", 0700), 0);
	ck_assert_int_eq(mkdir("templates/en", 0700), 0);
	d = catalog_dir_default();
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d, "templates");
	free(d);
}
END_TEST

/* Neither here nor beside the test binary (build/san/tests/unit/...). */
START_TEST(none_anywhere_is_null)
{
	ck_assert_ptr_null(catalog_dir_default());
}
END_TEST

START_TEST(a_templates_directory_without_en_is_passed_over)
{
	ck_assert_int_eq(mkdir("templates", 0700), 0);
	ck_assert_ptr_null(catalog_dir_default());
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/render/catalog_dir");
	TCase	*tc;

	tc = tcase_create("default");
	tcase_add_checked_fixture(tc, tmp_setup, tmp_teardown);
	tcase_add_test(tc, the_trees_own_templates_are_found_from_its_top);
	tcase_add_test(tc, templates_here_with_en_are_found);
	tcase_add_test(tc, none_anywhere_is_null);
	tcase_add_test(tc, a_templates_directory_without_en_is_passed_over);
	suite_add_tcase(s, tc);
	return s;
}
