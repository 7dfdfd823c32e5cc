/*
 * runtime.h - what `serve` and `deliver` both set up from the config file:
 * the store, the catalogs, the password cache. Owned by the command's main
 * function and handed down; nothing here is global.
 */
#ifndef PBEMD_RUNTIME_H
#define PBEMD_RUNTIME_H

#include "adjudicator/judge/judge.h"
#include "adjudicator/serve/config.h"

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
void	runtime_close(struct runtime *);
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
