/*
 * quarantine.h - `pbemd quarantine`: the operator's list of the mails set
 * aside after failing too often, one of them shown whole, and its retry.
 */
#ifndef PBEMD_QUARANTINE_H
#define PBEMD_QUARANTINE_H

#include <stdint.h>
#include <stdio.h>

#include "adjudicator/judge/judge.h"

enum quarantine_verb {
	QUARANTINE_LIST,
	QUARANTINE_SHOW,
	QUARANTINE_RETRY
};

/*
 * The command over the store of the config file: results on standard
 * output, errors on standard error; id for show and retry. Returns a
 * sysexits code: 0, 65 the mail failed again (retry), 66 no mail id is
 * held, 75 the store failed for now, 78 bad config.
 */
int	quarantine_main(const char *config_path, enum quarantine_verb,
	    int64_t id);

/* The same steps over an open store (and for retry the judge's env). */
int	quarantine_list(struct db *, FILE *out, FILE *err);
int	quarantine_show(struct db *, int64_t id, FILE *out, FILE *err);
int	quarantine_retry(const struct judge_env *, int64_t id, FILE *out,
	    FILE *err);

#endif
