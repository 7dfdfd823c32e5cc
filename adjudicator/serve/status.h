/*
 * status.h - `pbemd status`: the judge at a glance for its operator.
 */
#ifndef PBEMD_STATUS_H
#define PBEMD_STATUS_H

#include <stdio.h>

/*
 * Writes the overview of the judge of the config file (judge_overview(),
 * in English) to out, or why not to err. Opens the store for reading
 * only: safe while serve runs. Returns a sysexits code: 0; 66 the
 * database cannot be opened (missing, or of another schema version);
 * 75 it cannot be read now (try again); 78 bad config.
 */
int	status_main(const char *config_path, FILE *out, FILE *err);

#endif
