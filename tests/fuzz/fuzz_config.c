/*
 * fuzz_config.c - libFuzzer target: the daemon's configuration reader,
 * config_load() (adjudicator/serve/config.c), on an INI file of the
 * input's bytes.
 *
 * config_load() reads a path, so the input goes into an anonymous memory
 * file (memfd) named by /proc/self/fd/N: no file on disk. A configuration
 * it accepts must hold what the daemon relies on: the judge's address, the
 * database, the SMTP URL, a language of en or de, a time zone, positive
 * intervals. A broken promise aborts, so libFuzzer keeps the input.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "adjudicator/serve/config.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* The memory file every input is written to; only this harness uses it. */
static int	 fuzz_config_fd = -1;
static char	 fuzz_config_path[64];

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if ((fuzz_config_fd = memfd_create("pbemd-fuzz.ini", 0)) < 0) {
		perror("fuzz_config: memfd_create");
		exit(1);
	}
	snprintf(fuzz_config_path, sizeof(fuzz_config_path),
	    "/proc/self/fd/%d", fuzz_config_fd);
	return 0;
}

/* An OAuth2 login has a user, one token source and no password; a
 * password login no token source. */
static int
fuzz_config_auth_ok(const struct config_mail *m)
{
	int	 sources = (m->token_file != NULL) + (m->token_command != NULL);

	if (m->auth == SASL_AUTH_PASSWORD)
		return sources == 0;
	return sources == 1 && m->password == NULL && m->user != NULL &&
	    m->user[0] != '\0';
}

/* What the daemon needs of an accepted config. templates may be unset:
 * the judge then looks beside its binary (render/catalog_dir.c). */
static void
fuzz_config_check(const struct config *c)
{
	if (c->address == NULL || c->database == NULL ||
	    c->smtp.url == NULL || c->name == NULL ||
	    c->language == NULL || c->timezone == NULL ||
	    (strcmp(c->language, "en") != 0 &&
	    strcmp(c->language, "de") != 0) ||
	    c->poll_interval < 1 || c->max_failures < 1 ||
	    c->imap.timeout < 1 || c->smtp.timeout < 1 ||
	    !fuzz_config_auth_ok(&c->imap) || !fuzz_config_auth_ok(&c->smtp)) {
		fprintf(stderr, "fuzz_config: accepted without what the daemon "
		    "needs\n");
		abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct config	 c;
	char		 why[256];

	if (ftruncate(fuzz_config_fd, 0) != 0 ||
	    pwrite(fuzz_config_fd, data, size, 0) != (ssize_t)size) {
		perror("fuzz_config: write");
		exit(1);
	}
	if (config_load(fuzz_config_path, &c, why, sizeof(why)) == 0) {
		fuzz_config_check(&c);
		config_free(&c);
	} else if (memchr(why, '\0', sizeof(why)) == NULL) {
		fprintf(stderr, "fuzz_config: a reason without its NUL\n");
		abort();
	}
	return 0;
}
