/*
 * reload.h - what SIGHUP may change while serve runs: every key of the
 * configuration, and whether the running judge takes its new value or only
 * a restart does (docs/pbemd.ini.5, RELOADING).
 */
#ifndef PBEMD_RELOAD_H
#define PBEMD_RELOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "adjudicator/serve/config.h"

/* The rows of reload.c's table: one per key of struct config. */
#define RELOAD_KEYS_MAX	34

struct reload_change {
	const char	*section;	/* "imap", "smtp", "judge" */
	const char	*key;		/* as in the file; "password" also
					   for a changed password_file */
	bool		 restart;	/* not applied: takes a restart */
};

/*
 * Compares next, just read, with cur, the configuration that runs, key by
 * key in the table's order. Fills out (RELOAD_KEYS_MAX entries) with the
 * keys that differ and returns their number. A key that takes a restart
 * gets cur's value back in next, so that next says what runs.
 */
size_t	reload_merge(const struct config *cur, struct config *next,
	    struct reload_change *out);

#endif
