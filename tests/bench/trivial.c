/*
 * trivial.c - the yardstick of a process's start (issue 18): reads its
 * standard input to the end and exits. Linked statically by
 * tests/bench/module.mk, so it pays for no dynamic loader.
 */
#include <unistd.h>

int
main(void)
{
	char	 buf[4096];

	while (read(0, buf, sizeof(buf)) > 0)
		;
	return 0;
}
