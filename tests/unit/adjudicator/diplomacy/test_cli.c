/*
 * test_cli.c - adjudicator/diplomacy/cli.c, `pbemd adjudicate`: many
 * cases in one run, each on its own, a bad one reported under its CASE
 * line while the others run (issue 18); what it does with lines too long
 * for its buffers: an order longer than it reads is VOID(order too long),
 * never read cut; an output line is printed whole; a record of more
 * fields than it reads cannot be read. --png: a picture per case and
 * phase.
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

/* The text of the case named id in out (a CASE line to its END), or
 * NULL; owned. */
static char *
case_of(const char *out, const char *id)
{
	char		 head[64];
	const char	*b, *e;
	char		*s;

	snprintf(head, sizeof(head), "CASE %s\n", id);
	for (b = out; (b = strstr(b, head)) != NULL; b++)
		if (b == out || b[-1] == '\n')
			break;
	if (b == NULL || (e = strstr(b, "\nEND\n")) == NULL)
		return NULL;
	s = strndup(b, (size_t)(e - b) + 5);
	ck_assert_ptr_nonnull(s);
	return s;
}

/*
 * Issue 18: the units of a second case used to be added to the first
 * case's board as the first case left it, so "A MUN" stood beside the
 * English fleet that had moved to the Norwegian Sea.
 */
START_TEST(a_second_case_starts_on_a_board_of_its_own)
{
	static const char in[] = "CASE a\nPHASE S1901M\nUNIT ENG F NTH\n"
	    "ORDER ENG F NTH - NWG\nEND\n"
	    "CASE b\nPHASE S1901M\nUNIT GER A MUN\nORDER GER A MUN H\nEND\n";
	char		*out, *a, *b;
	const char	*s;
	int		 n = 0;

	ck_assert_int_eq(run(in, &out), 0);
	/* Two units on the two boards: the fleet once, after case a. */
	for (s = out; (s = strstr(s, "AFTER ")) != NULL; s++)
		n++;
	ck_assert_msg(n == 2, "%s", out);
	ck_assert_ptr_nonnull(a = case_of(out, "a"));
	ck_assert_ptr_nonnull(b = case_of(out, "b"));
	ck_assert_msg(strstr(a, "AFTER ENG F NWG\n") != NULL, "%s", out);
	ck_assert_msg(strstr(b, "AFTER GER A MUN\n") != NULL, "%s", out);
	ck_assert_msg(strstr(b, "NWG") == NULL, "%s", out);
	ck_assert_msg(strstr(b, "ENG") == NULL, "%s", out);
	free(a);
	free(b);
	free(out);
}
END_TEST

/* A case without UNIT lines plays from the standard opening, also after
 * a case that set its own board and one that moved from the opening. */
START_TEST(a_case_without_units_starts_from_the_opening)
{
	static const char in[] = "CASE a\nPHASE S1901M\nUNIT ENG F NTH\n"
	    "ORDER ENG F NTH H\nEND\n"
	    "CASE b\nPHASE S1901M\nORDER FRA A PAR - BUR\nEND\n"
	    "CASE c\nPHASE S1901M\nORDER FRA A PAR - PIC\nEND\n";
	char	*out, *c;
	int	 n = 0;
	const char *s;

	ck_assert_int_eq(run(in, &out), 0);
	ck_assert_ptr_nonnull(c = case_of(out, "c"));
	ck_assert_msg(strstr(c, "ORDER FRA A PAR - PIC = SUCCEEDS\n") != NULL,
	    "%s", out);
	for (s = c; (s = strstr(s, "\nAFTER ")) != NULL; s++)
		n++;
	ck_assert_int_eq(n, 22);
	ck_assert_ptr_null(strstr(c, "NTH"));
	ck_assert_ptr_null(strstr(c, "AFTER FRA A BUR"));
	free(c);
	free(out);
}
END_TEST

/*
 * A line that cannot be read ends its case with an ERROR record naming
 * the line, under that case's CASE line; the cases before and after are
 * played, and the status says that one failed.
 */
START_TEST(a_bad_line_fails_its_case_alone)
{
	static const char in[] =
	    "CASE a\nPHASE S1901M\nORDER FRA A PAR - BUR\nEND\n"
	    "CASE b\nPHASE S1901M\nUNIT ENG A LON\nUNIT ENG X WAL\n"
	    "ORDER ENG A LON - WAL\nEND\n"
	    "CASE c\nPHASE S1901M\nORDER GER A MUN - RUH\nEND\n";
	char	*out, *a, *b, *c;

	ck_assert_int_eq(run(in, &out), 65);
	ck_assert_ptr_nonnull(a = case_of(out, "a"));
	ck_assert_ptr_nonnull(b = case_of(out, "b"));
	ck_assert_ptr_nonnull(c = case_of(out, "c"));
	ck_assert_str_eq(b, "CASE b\nERROR line 8: cannot read: "
	    "UNIT ENG X WAL\nEND\n");
	ck_assert_ptr_nonnull(strstr(a, "ORDER FRA A PAR - BUR = SUCCEEDS"));
	ck_assert_ptr_nonnull(strstr(c, "ORDER GER A MUN - RUH = SUCCEEDS"));
	ck_assert_ptr_null(strstr(a, "ERROR"));
	ck_assert_ptr_null(strstr(c, "ERROR"));
	free(a);
	free(b);
	free(c);
	free(out);
}
END_TEST

/* A line longer than the reader's buffer fails its case alone too: the
 * rest of it is no line of its own. */
START_TEST(a_line_too_long_fails_its_case_alone)
{
	char	*in = malloc(4096), *out, *d = dots(2000), *b;

	ck_assert_ptr_nonnull(in);
	snprintf(in, 4096, "CASE a\nPHASE S1901M\nNOTE %s\nEND\n"
	    "CASE b\nPHASE S1901M\nORDER GER A MUN - RUH\nEND\n", d);
	ck_assert_int_eq(run(in, &out), 65);
	ck_assert_msg(strstr(out, "CASE a\nERROR line 3: line too long: "
	    "NOTE ...") != NULL, "%s", out);
	ck_assert_ptr_nonnull(b = case_of(out, "b"));
	ck_assert_ptr_nonnull(strstr(b, "ORDER GER A MUN - RUH = SUCCEEDS"));
	free(b);
	free(out);
	free(in);
	free(d);
}
END_TEST

/* The input is cut into lines from blocks (issue 18): CR LF ends a line
 * as LF does, the last line needs no newline, a line of 1022 bytes is
 * read and one of 1023 is too long, whichever block it ends in. */
START_TEST(lines_are_cut_as_fgets_cut_them)
{
	size_t	 big = 70000, n = 0, k;
	char	*in = malloc(big + 4096), *out, *d;

	ck_assert_ptr_nonnull(in);
	ck_assert_int_eq(run("CASE a\r\nPHASE S1901M\r\n"
	    "ORDER FRA A PAR - BUR\r\nEND", &out), 0);
	ck_assert_msg(strstr(out, "CASE a\nPHASE S1901M\nORDER FRA A PAR - "
	    "BUR = SUCCEEDS\n") != NULL, "%s", out);
	ck_assert_msg(strcmp(out + strlen(out) - 4, "END\n") == 0, "%s", out);
	free(out);
	/* Comment lines up to the edge of the first block, then lines of
	 * 1022 and 1023 bytes across it. */
	while (n < 65000) {
		k = (size_t)snprintf(in + n, 64, "# %zu\n", n);
		n += k;
	}
	d = dots(1020);
	n += (size_t)sprintf(in + n, "CASE a\nPHASE S1901M\n# %s\n", d);
	n += (size_t)sprintf(in + n, "ORDER FRA A PAR - BUR\nEND\n");
	n += (size_t)sprintf(in + n, "CASE b\nPHASE S1901M\n#. %s\nEND\n", d);
	ck_assert_int_eq(run(in, &out), 65);
	ck_assert_msg(strstr(out, "CASE a\nPHASE S1901M\nORDER FRA A PAR - "
	    "BUR = SUCCEEDS\n") != NULL, "%s", out);
	ck_assert_msg(strstr(out, "CASE b\nERROR line ") != NULL &&
	    strstr(out, ": line too long: #. ....") != NULL, "%s", out);
	free(out);
	free(d);
	free(in);
}
END_TEST

/* A case's name goes to the output and to stderr: a control character
 * in it is printed as '?'. */
START_TEST(a_case_name_is_printed_without_control_characters)
{
	char	*out;

	ck_assert_int_eq(run("CASE a\033[2Jb\nPHASE S1901M\nEND\n", &out), 0);
	ck_assert_msg(strncmp(out, "CASE a?[2Jb\n", 12) == 0, "%s", out);
	free(out);
}
END_TEST

/* What --png hands the drawing: each phase's path and map. */
struct drawn {
	int			 n;
	char			 path[4][64];
	struct game_mapview	 mv[4];
	bool			 fail;
};

static int
draw(void *arg, const char *path, const struct game_mapview *mv)
{
	struct drawn	*d = arg;

	if (d->n < 4) {
		snprintf(d->path[d->n], sizeof(d->path[0]), "%s", path);
		d->mv[d->n] = *mv;
	}
	d->n++;
	return d->fail ? -1 : 0;
}

static const struct game_map_order *
order_at(const struct game_map_board *b, const char *unit)
{
	int	 i;

	for (i = 0; i < b->norders; i++)
		if (strcmp(b->order[i].unit, unit) == 0)
			return &b->order[i];
	return NULL;
}

/*
 * --png DIR: one map per phase, of the phase just played: a bounce
 * FAILED, a move that went OK; the second phase's dislodged unit with its
 * attacker and options. A drawing that
 * fails stops the run with status 73.
 */
START_TEST(png_draws_each_phase_from_its_results)
{
	static const char in[] = "CASE t\nPHASE S1901M\n"
	    "ORDER AUS A VIE - TYR\nORDER ITA A VEN - TYR\n"
	    "ORDER FRA A PAR - BUR\nORDER GER A MUN - RUH\n"
	    "ORDER GER A BER - MUN\nORDER ENG F LON - NTH\n"
	    "PHASE F1901M\nORDER GER A RUH - BUR\n"
	    "ORDER GER A MUN S A RUH - BUR\nEND\n";
	char			*argv[] = { "adjudicate", "--png", "/d", "-",
	    NULL };
	struct drawn		*d = calloc(1, sizeof(*d));
	const struct game_map_order *o;
	FILE			*saved = stdin, *f;
	int			 i, rc;

	ck_assert_ptr_nonnull(d);
	f = fmemopen((void *)in, strlen(in), "r");
	ck_assert_ptr_nonnull(f);
	stdin = f;
	ck_assert_ptr_nonnull(freopen("/dev/null", "w", stdout));
	rc = dip_cli_main(4, argv, draw, d);
	stdin = saved;
	fclose(f);
	ck_assert_int_eq(rc, 0);
	ck_assert_int_eq(d->n, 2);
	ck_assert_str_eq(d->path[0], "/d/t-S1901M.png");
	ck_assert_str_eq(d->path[1], "/d/t-F1901M.png");
	ck_assert_int_eq(d->mv[0].nboards, 1);
	ck_assert(d->mv[0].board[0].results);
	ck_assert_str_eq(d->mv[0].board[0].phase, "S1901M");
	ck_assert_ptr_nonnull(o = order_at(&d->mv[0].board[0], "VIE"));
	ck_assert_int_eq(o->kind, GAME_MAP_MOVE);
	ck_assert_int_eq(o->outcome, GAME_MAP_FAILED);
	ck_assert_ptr_nonnull(o = order_at(&d->mv[0].board[0], "LON"));
	ck_assert_int_eq(o->outcome, GAME_MAP_OK);
	ck_assert_str_eq(o->to, "NTH");
	for (i = 0; i < d->mv[1].board[0].nunits; i++)
		if (d->mv[1].board[0].unit[i].mark == GAME_MAP_DISLODGED)
			break;
	ck_assert_int_lt(i, d->mv[1].board[0].nunits);
	ck_assert_str_eq(d->mv[1].board[0].unit[i].at, "BUR");
	ck_assert_str_eq(d->mv[1].board[0].unit[i].attacker, "RUH");
	ck_assert_int_gt(d->mv[1].board[0].unit[i].noptions, 0);
	/* A drawing that fails: status 73, no third phase drawn. */
	memset(d, 0, sizeof(*d));
	d->fail = true;
	f = fmemopen((void *)in, strlen(in), "r");
	stdin = f;
	rc = dip_cli_main(4, argv, draw, d);
	stdin = saved;
	fclose(f);
	ck_assert_int_eq(rc, 73);
	ck_assert_int_eq(d->n, 1);
	free(d);
}
END_TEST

/* Runs dip_cli_main with --png on in; the paths drawn into d. */
static int
run_png(const char *in, struct drawn *d)
{
	char	*argv[] = { "adjudicate", "--png", "/d", "-", NULL };
	FILE	*saved = stdin, *f;
	int	 rc;

	f = fmemopen((void *)in, strlen(in), "r");
	ck_assert_ptr_nonnull(f);
	stdin = f;
	ck_assert_ptr_nonnull(freopen("/dev/null", "w", stdout));
	rc = dip_cli_main(4, argv, draw, d);
	stdin = saved;
	fclose(f);
	return rc;
}

/*
 * Issue 18: one picture per case and phase, none replacing another: a
 * lone case without a CASE line keeps the old name; a name that is no
 * file name is made one; a name given twice gets "~2".
 */
START_TEST(png_names_each_case_apart)
{
	struct drawn	*d = calloc(1, sizeof(*d));

	ck_assert_ptr_nonnull(d);
	ck_assert_int_eq(run_png("PHASE S1901M\nEND\n", d), 0);
	ck_assert_int_eq(d->n, 1);
	ck_assert_str_eq(d->path[0], "/d/S1901M.png");
	memset(d, 0, sizeof(*d));
	ck_assert_int_eq(run_png("CASE x\nPHASE S1901M\nEND\n"
	    "CASE x\nPHASE S1901M\nEND\n"
	    "CASE ../a/b\nPHASE S1901M\nEND\n"
	    "PHASE F1901M\nEND\n", d), 0);
	ck_assert_int_eq(d->n, 4);
	ck_assert_str_eq(d->path[0], "/d/x-S1901M.png");
	ck_assert_str_eq(d->path[1], "/d/x~2-S1901M.png");
	ck_assert_str_eq(d->path[2], "/d/_._a_b-S1901M.png");
	ck_assert_str_eq(d->path[3], "/d/F1901M.png");
	free(d);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/diplomacy/cli");
	TCase	*t = tcase_create("cli");

	tcase_add_test(t, a_second_case_starts_on_a_board_of_its_own);
	tcase_add_test(t, a_case_without_units_starts_from_the_opening);
	tcase_add_test(t, a_bad_line_fails_its_case_alone);
	tcase_add_test(t, a_line_too_long_fails_its_case_alone);
	tcase_add_test(t, lines_are_cut_as_fgets_cut_them);
	tcase_add_test(t, a_case_name_is_printed_without_control_characters);
	tcase_add_test(t, an_order_too_long_to_read_whole_is_void);
	tcase_add_test(t, a_long_result_line_is_printed_whole);
	tcase_add_test(t, a_record_of_too_many_fields_cannot_be_read);
	tcase_add_test(t, png_draws_each_phase_from_its_results);
	tcase_add_test(t, png_names_each_case_apart);
	suite_add_tcase(s, t);
	return s;
}
