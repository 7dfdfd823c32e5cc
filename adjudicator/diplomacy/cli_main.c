/*
 * cli_main.c - main() of pbemd-adjudicate, `pbemd adjudicate` as a
 * program of its own (issue 18): the engine and the C library, without
 * the mail judge's libraries (IMAP, SMTP, TLS, SQLite, cairo), whose
 * loading cost `pbemd adjudicate` ten times the work of one case. The
 * maps of --png need cairo: with --png it runs `pbemd adjudicate` from
 * the directory it was itself run from, with the same arguments. Not
 * part of libpbemd.a (module.mk).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* Runs the pbemd beside this binary as `pbemd adjudicate ARGS`; returns
 * only if it cannot: 69 (EX_UNAVAILABLE). */
static int
cli_main_png(int argc, char **argv)
{
	char	 exe[PATH_MAX], *slash, **args;
	ssize_t	 n;
	int	 i;

	if ((n = readlink("/proc/self/exe", exe, sizeof(exe) - 1)) <= 0 ||
	    (size_t)n + sizeof("pbemd") > sizeof(exe) ||
	    (args = calloc((size_t)argc + 2, sizeof(*args))) == NULL) {
		fprintf(stderr, "pbemd-adjudicate: --png: cannot find pbemd\n");
		return 69;
	}
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	strcpy(slash != NULL ? slash + 1 : exe, "pbemd");
	args[0] = "pbemd";
	args[1] = "adjudicate";
	for (i = 1; i < argc; i++)
		args[i + 1] = argv[i];
	args[argc + 1] = NULL;
	execv(exe, args);
	fprintf(stderr, "pbemd-adjudicate: --png needs %s: ", exe);
	perror(NULL);
	free(args);
	return 69;
}

int
main(int argc, char **argv)
{
	int	 i;

	for (i = 1; i < argc; i++)
		if (strcmp(argv[i], "--png") == 0)
			return cli_main_png(argc, argv);
	argv[0] = "adjudicate";
	return dip_cli_main(argc, argv, NULL, NULL);
}
