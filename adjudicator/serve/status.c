/*
 * status.c - `pbemd status -c FILE` (status.h): the judge at a glance for
 * its operator, the text of the keepers' overview (judge/overview.c) in
 * English, every game listed. The store is opened for reading only, with
 * the judge's busy timeout, so it is safe while serve runs and never
 * creates or migrates a database; nothing is written, nobody is mailed.
 */
#include <stdio.h>
#include <time.h>

#include "adjudicator/serve/runtime.h"
#include "adjudicator/serve/status.h"

#define EX_OK		0
#define EX_NOINPUT	66
#define EX_TEMPFAIL	75
#define EX_CONFIG	78

int
status_main(const char *config_path, FILE *out, FILE *err)
{
	struct runtime		 rt;
	struct judge_env	 env;
	struct buf		 text;
	char			 why[512];
	int			 rc;

	if ((rc = runtime_open_readonly(config_path, &rt, why,
	    sizeof(why))) != 0) {
		fprintf(err, "pbemd: status: %s\n", why);
		return rc == RUNTIME_STORE ? EX_NOINPUT : EX_CONFIG;
	}
	runtime_env(&rt, time(NULL), &env);
	buf_init(&text);
	if (judge_overview(&env, env.cat[0], 0, &text) != 0) {
		fprintf(err, "pbemd: status: the database cannot be read now; "
		    "try again\n");
		rc = EX_TEMPFAIL;
	} else {
		fputs(text.data, out);
		rc = EX_OK;
	}
	buf_free(&text);
	runtime_close(&rt);
	return rc;
}
