/*
 * fuzz_case.c - libFuzzer target: the case reader of `pbemd adjudicate`
 * (adjudicator/diplomacy/cli.c), the cases in the DATC record format read
 * from the input (any number, issue 18) and adjudicated, their results
 * written to /dev/null.
 *
 * The command line's options come from the input: a first line starting
 * with "#" (a comment to the reader) that holds --no-retreat,
 * --start=1898 or --old-civil-disorder sets them, as the DATC runner
 * gives them. The reader writes a line it cannot read to stderr, as the
 * command does.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/diplomacy/cli.h"
#include "adjudicator/diplomacy/dip.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Where the results go; only this harness uses it. */
static FILE	*fuzz_case_out;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if ((fuzz_case_out = fopen("/dev/null", "w")) == NULL) {
		perror("fuzz_case: /dev/null");
		exit(1);
	}
	return 0;
}

/* The options a first comment line names. */
static unsigned
fuzz_case_options(const char *data, size_t size)
{
	char		 line[256];
	size_t		 n;
	unsigned	 o = 0;

	if (size == 0 || data[0] != '#')
		return 0;
	for (n = 0; n < size && n + 1 < sizeof(line) && data[n] != '\n'; n++)
		line[n] = data[n];
	line[n] = '\0';
	if (strstr(line, "--no-retreat") != NULL)
		o |= DIP_OPT_NO_RETREAT;
	if (strstr(line, "--start=1898") != NULL)
		o |= DIP_OPT_START_1898;
	if (strstr(line, "--old-civil-disorder") != NULL)
		o |= DIP_OPT_OLD_DISORDER;
	return o;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct game_diag	 why;
	struct cli		*c;
	FILE			*in;

	if (size == 0 || (in = fmemopen((void *)data, size, "r")) == NULL)
		return 0;
	memset(&why, 0, sizeof(why));
	if ((c = dip_cli_new(fuzz_case_options((const char *)data, size),
	    &why)) == NULL) {
		fprintf(stderr, "fuzz_case: the standard map does not load\n");
		abort();
	}
	(void)dip_cli_run(c, in, fuzz_case_out);
	dip_cli_free(c);
	fclose(in);
	return 0;
}
