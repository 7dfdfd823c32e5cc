/*
 * runtime.h - what `serve` and `deliver` both set up from the config file:
 * the store, the catalogs, the password cache. Owned by the command's main
 * function and handed down; nothing here is global.
 */
#ifndef PBEMD_RUNTIME_H
#define PBEMD_RUNTIME_H

#include "adjudicator/judge/judge.h"
#include "adjudicator/serve/config.h"
#include "adjudicator/serve/reload.h"

struct runtime {
	struct config		 cfg;
	struct db		*db;
	struct catalog		*cat[JUDGE_LANGS];
	struct paintbox		*box;	/* fonts, map (render/paintbox.h) */
	struct password_cache	*pw;
};

/*
 * 0, or with why (then nothing is left to free): RUNTIME_CONFIG when the
 * configuration or the templates are wrong (the operator must act),
 * RUNTIME_STORE when they are right but the store cannot be opened (a full
 * disk, an I/O error: a mail handed over by an MTA is to be retried).
 */
#define RUNTIME_CONFIG	(-1)
#define RUNTIME_STORE	(-2)
int	runtime_open(const char *config_path, struct runtime *, char *why,
	    size_t whylen);
/*
 * The same with the store opened for reading only (`pbemd status`, beside
 * a running judge): never created, never migrated (db_open_readonly());
 * no password cache.
 */
int	runtime_open_readonly(const char *config_path, struct runtime *,
	    char *why, size_t whylen);
void	runtime_close(struct runtime *);
/* What serve needs beyond the others: an [imap] url that parses, an [smtp]
 * url of smtp:// or smtps://. 0, or -1 with why. */
int	runtime_serve_check(const struct config *, const char *path,
	    char *why, size_t whylen);
/*
 * Reads path again for serve and checks it as at start (the parser, the
 * password files, the catalogs, an [imap] url). Bad: -1 with why, and rt
 * untouched. Good: 0; rt's configuration and catalogs replaced (the keys
 * that take a restart keep their running values), the log level set, and
 * out (RELOAD_KEYS_MAX entries) and *nout the keys that changed. The store
 * and the map's drawing stay. Call it between rounds: a judge_env built
 * before it borrows what it frees.
 */
int	runtime_reload(struct runtime *, const char *path,
	    struct reload_change *out, size_t *nout, char *why,
	    size_t whylen);
/* The judge's environment for a mail handled at time now. */
void	runtime_env(struct runtime *, time_t now, struct judge_env *out);
/*
 * The silence after which the phase clock counts downtime: twice the poll
 * interval (for `pbemd tick` from cron: the cron interval) and two minutes.
 */
int	runtime_downtime_slack(const struct runtime *);
/* The SMTP settings of the config, borrowed from it. */
struct smtp_conf;
void	runtime_smtp_conf(const struct runtime *, struct smtp_conf *out);

#endif
