/*
 * test_cli.c - adjudicator/diplomacy/cli.c, `pbemd adjudicate`: what it
 * does with lines too long for its buffers. An order longer than it reads
 * is VOID(order too long), never read cut; an output line is printed
 * whole; a record of more fields than it reads cannot be read.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/diplomacy/cli.h"

/* Runs one case; returns the exit status, the output in *out (owned). */
static int
run(const char *input, char **out)
{
	struct game_diag	 why;
	struct cli		*c = dip_cli_new(0, &why);
	FILE			*in, *o;
	size_t			 len;
	int			 rc;

	ck_assert_ptr_nonnull(c);
	in = fmemopen((void *)input, strlen(input), "r");
	o = open_memstream(out, &len);
	ck_assert_ptr_nonnull(in);
	ck_assert_ptr_nonnull(o);
	rc = dip_cli_run(c, in, o);
	fclose(in);
	fclose(o);
	dip_cli_free(c);
	return rc;
}

static char *
dots(int n)
{
	char	*s = malloc((size_t)n + 1);

	ck_assert_ptr_nonnull(s);
	memset(s, '.', (size_t)n);
	s[n] = '\0';
	return s;
}

/*
 * 150 dots are no words of the order, but they make it longer than the
 * 160 bytes an order is read into. Cut, it read "A WAL S A LON": a
 * support to hold, which fails, where the order supports the move.
 */
START_TEST(an_order_too_long_to_read_whole_is_void)
{
	char	 in[512], *out, *d = dots(150);

	snprintf(in, sizeof(in), "UNIT ENG A WAL\nUNIT ENG A LON\n"
	    "PHASE S1901M\nORDER ENG A Wales S A London %s - Yorkshire\n"
	    "ORDER ENG A LON - YOR\nEND\n", d);
	ck_assert_int_eq(run(in, &out), 0);
	ck_assert_msg(strstr(out, "= VOID(order too long)\n") != NULL, "%s",
	    out);
	ck_assert_ptr_null(strstr(out, "FAILS"));
	ck_assert_ptr_nonnull(strstr(out, "ORDER ENG A LON - YOR = SUCCEEDS"));
	free(out);
	/* 100 dots: read whole, the support is given. */
	d[100] = '\0';
	snprintf(in, sizeof(in), "UNIT ENG A WAL\nUNIT ENG A LON\n"
	    "PHASE S1901M\nORDER ENG A Wales S A London %s - Yorkshire\n"
	    "ORDER ENG A LON - YOR\nEND\n", d);
	ck_assert_int_eq(run(in, &out), 0);
	ck_assert_msg(strstr(out, "- Yorkshire = SUCCEEDS\n") != NULL, "%s",
	    out);
	free(out);
	free(d);
}
END_TEST

/* An order of 155 bytes and an error of 150: 322 bytes of output line,
 * which used to be cut at 319, in the middle of the suggestions. */
START_TEST(a_long_result_line_is_printed_whole)
{
	char	 in[512], *out, *a = dots(80), *b = dots(60), *line;

	snprintf(in, sizeof(in), "UNIT ENG A WAL\nPHASE S1901M\n"
	    "ORDER ENG A Wales %s - Med%s\nEND\n", a, b);
	ck_assert_int_eq(run(in, &out), 0);
	line = strstr(out, "ORDER ENG");
	ck_assert_ptr_nonnull(line);
	*strchr(line, '\n') = '\0';
	ck_assert_uint_gt(strlen(line), 319);
	ck_assert_msg(strstr(line, "Mid-Atlantic Ocean (MAO)?)") != NULL,
	    "%s", line);
	free(out);
	free(a);
	free(b);
}
END_TEST

/* 64 fields are read; a 65th used to be dropped in silence. */
START_TEST(a_record_of_too_many_fields_cannot_be_read)
{
	char	 in[1024], *out;
	int	 i;

	snprintf(in, sizeof(in), "OWNS ENG");
	for (i = 0; i < 62; i++)
		strcat(in, i < 61 ? " LON" : " EDI");
	ck_assert_int_eq(run(strcat(in, "\nEND\n"), &out), 0);
	free(out);
	snprintf(in, sizeof(in), "OWNS ENG");
	for (i = 0; i < 63; i++)
		strcat(in, i < 62 ? " LON" : " BEL");
	ck_assert_int_eq(run(strcat(in, "\nEND\n"), &out), 65);
	free(out);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/diplomacy/cli");
	TCase	*t = tcase_create("cli");

	tcase_add_test(t, an_order_too_long_to_read_whole_is_void);
	tcase_add_test(t, a_long_result_line_is_printed_whole);
	tcase_add_test(t, a_record_of_too_many_fields_cannot_be_read);
	suite_add_tcase(s, t);
	return s;
}
