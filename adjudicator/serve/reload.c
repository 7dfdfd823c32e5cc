/*
 * reload.c - the table of every configuration key with the rule for a
 * reload (live, or only at a restart), and the comparison of the running
 * configuration with a new one by that table. No I/O, no logging: daemon.c
 * reads and checks the file (runtime.c), logs, and swaps.
 *
 * A key is live when its users read it from the configuration at each use
 * (the judge's environment is built anew for every round), or when the
 * daemon rebuilds what holds it (the log, the catalogs, the IMAP and SMTP
 * connections). The database stays open for the process's life, and the
 * address is the judge's identity (the mailbox it reads, the domain of its
 * Message-IDs that tell answers to its own mails): both take a restart.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/serve/reload.h"
#include "common/util.h"

enum reload_kind { RELOAD_STR, RELOAD_INT, RELOAD_BOOL, RELOAD_LEVEL,
	RELOAD_TARGET, RELOAD_AUTH };

struct reload_key {
	const char		*section;
	const char		*key;
	enum reload_kind	 kind;
	size_t			 off;	/* in struct config */
	bool			 restart;
};

#define RK(s, k, kind, field, r) \
	{ s, k, kind, offsetof(struct config, field), r }
#define RK_MAIL(s, m) \
	RK(s, "url", RELOAD_STR, m.url, false), \
	RK(s, "user", RELOAD_STR, m.user, false), \
	RK(s, "password", RELOAD_STR, m.password, false), \
	RK(s, "ca_file", RELOAD_STR, m.ca_file, false), \
	RK(s, "starttls", RELOAD_BOOL, m.starttls, false), \
	RK(s, "insecure", RELOAD_BOOL, m.insecure, false), \
	RK(s, "timeout", RELOAD_INT, m.timeout, false), \
	RK(s, "auth", RELOAD_AUTH, m.auth, false), \
	RK(s, "token_file", RELOAD_STR, m.token_file, false), \
	RK(s, "token_command", RELOAD_STR, m.token_command, false)

static const struct reload_key reload_keys[] = {
	RK_MAIL("imap", imap),
	RK_MAIL("smtp", smtp),
	RK("judge", "address", RELOAD_STR, address, true),
	RK("judge", "name", RELOAD_STR, name, false),
	RK("judge", "database", RELOAD_STR, database, true),
	RK("judge", "templates", RELOAD_STR, templates, false),
	RK("judge", "language", RELOAD_STR, language, false),
	RK("judge", "timezone", RELOAD_STR, timezone, false),
	RK("judge", "poll_interval", RELOAD_INT, poll_interval, false),
	RK("judge", "max_failures", RELOAD_INT, max_failures, false),
	RK("judge", "creates_per_hour", RELOAD_INT, creates_per_hour, false),
	RK("judge", "joins_per_hour", RELOAD_INT, joins_per_hour, false),
	RK("judge", "answers_per_hour", RELOAD_INT, answers_per_hour, false),
	RK("judge", "log_level", RELOAD_LEVEL, log_level, false),
	RK("judge", "log", RELOAD_TARGET, log, false),
	RK("judge", "keepers", RELOAD_STR, keepers, false),
};

_Static_assert(sizeof(reload_keys) / sizeof(reload_keys[0]) ==
    RELOAD_KEYS_MAX, "RELOAD_KEYS_MAX is the number of rows");

#define RELOAD_AT(c, k, type)	((type *)(void *)((char *)(c) + (k)->off))

static bool
reload_same(const struct config *a, const struct config *b,
    const struct reload_key *k)
{
	const char	*sa, *sb;

	switch (k->kind) {
	case RELOAD_STR:
		sa = *RELOAD_AT(a, k, char *const);
		sb = *RELOAD_AT(b, k, char *const);
		return sa == sb || (sa && sb && strcmp(sa, sb) == 0);
	case RELOAD_INT:
		return *RELOAD_AT(a, k, const int) == *RELOAD_AT(b, k, const int);
	case RELOAD_BOOL:
		return *RELOAD_AT(a, k, const bool) ==
		    *RELOAD_AT(b, k, const bool);
	case RELOAD_LEVEL:
		return *RELOAD_AT(a, k, const enum log_level) ==
		    *RELOAD_AT(b, k, const enum log_level);
	case RELOAD_TARGET:
		return *RELOAD_AT(a, k, const enum log_target) ==
		    *RELOAD_AT(b, k, const enum log_target);
	case RELOAD_AUTH:
		return *RELOAD_AT(a, k, const enum sasl_auth) ==
		    *RELOAD_AT(b, k, const enum sasl_auth);
	}
	return false;
}

/* Puts cur's value of key k back into next. */
static void
reload_keep(const struct config *cur, struct config *next,
    const struct reload_key *k)
{
	char		**dst;
	const char	*src;

	switch (k->kind) {
	case RELOAD_STR:
		dst = RELOAD_AT(next, k, char *);
		src = *RELOAD_AT(cur, k, char *const);
		free(*dst);
		*dst = src ? xstrdup(src) : NULL;
		break;
	case RELOAD_INT:
		*RELOAD_AT(next, k, int) = *RELOAD_AT(cur, k, const int);
		break;
	case RELOAD_BOOL:
		*RELOAD_AT(next, k, bool) = *RELOAD_AT(cur, k, const bool);
		break;
	case RELOAD_LEVEL:
		*RELOAD_AT(next, k, enum log_level) =
		    *RELOAD_AT(cur, k, const enum log_level);
		break;
	case RELOAD_TARGET:
		*RELOAD_AT(next, k, enum log_target) =
		    *RELOAD_AT(cur, k, const enum log_target);
		break;
	case RELOAD_AUTH:
		*RELOAD_AT(next, k, enum sasl_auth) =
		    *RELOAD_AT(cur, k, const enum sasl_auth);
		break;
	}
}

size_t
reload_merge(const struct config *cur, struct config *next,
    struct reload_change *out)
{
	const struct reload_key	*k;
	size_t			 i, n = 0;

	for (i = 0; i < RELOAD_KEYS_MAX; i++) {
		k = &reload_keys[i];
		if (reload_same(cur, next, k))
			continue;
		out[n].section = k->section;
		out[n].key = k->key;
		out[n].restart = k->restart;
		n++;
		if (k->restart)
			reload_keep(cur, next, k);
	}
	return n;
}
