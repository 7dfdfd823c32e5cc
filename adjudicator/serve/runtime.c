/*
 * runtime.c - opens what every mail-handling command needs (runtime.h).
 */
#include <stdio.h>
#include <string.h>

#include "adjudicator/render/catalog_dir.h"
#include "adjudicator/render/paintbox.h"
#include "adjudicator/serve/runtime.h"
#include "common/log.h"
#include "mail/smtp.h"

static const char *const runtime_langs[JUDGE_LANGS] = { "en", "de" };

int
runtime_open(const char *path, struct runtime *rt, char *why, size_t whylen)
{
	int	 i;

	memset(rt, 0, sizeof(*rt));
	if (config_load(path, &rt->cfg, why, whylen) != 0)
		return -1;
	log_init(rt->cfg.log_level, NULL);
	if (password_init() != 0) {
		snprintf(why, whylen, "libsodium cannot initialise");
		goto fail;
	}
	/* Unset, it is where a checkout or `make install` put them. */
	if (rt->cfg.templates == NULL &&
	    (rt->cfg.templates = catalog_dir_default()) == NULL) {
		snprintf(why, whylen, "%s: no [judge] templates, and no "
		    "templates/ here nor beside the binary", path);
		goto fail;
	}
	for (i = 0; i < JUDGE_LANGS; i++) {
		rt->cat[i] = catalog_load(rt->cfg.templates, runtime_langs[i],
		    i ? rt->cat[0] : NULL, why, whylen);
		if (rt->cat[i] == NULL)
			goto fail;
	}
	/* Compiled in, but checked whole here, like the map: a drawing that
	 * does not load stops the judge at start, not one report later; so
	 * do missing fonts. */
	if ((rt->box = paintbox_new(why, whylen)) == NULL ||
	    paintbox_map(rt->box, why, whylen) == NULL)
		goto fail;
	if (db_open(rt->cfg.database, &rt->db, why, whylen) != DB_OK) {
		runtime_close(rt);
		return RUNTIME_STORE;
	}
	rt->pw = password_cache_new();
	return 0;
fail:
	runtime_close(rt);
	return RUNTIME_CONFIG;
}

void
runtime_close(struct runtime *rt)
{
	int	 i;

	db_close(rt->db);
	for (i = JUDGE_LANGS - 1; i >= 0; i--)
		catalog_free(rt->cat[i]);
	password_cache_free(rt->pw);
	paintbox_free(rt->box);
	config_free(&rt->cfg);
	memset(rt, 0, sizeof(*rt));
}

void
runtime_env(struct runtime *rt, time_t now, struct judge_env *env)
{
	int	 i;

	memset(env, 0, sizeof(*env));
	env->db = rt->db;
	for (i = 0; i < JUDGE_LANGS; i++)
		env->cat[i] = rt->cat[i];
	env->box = rt->box;
	env->address = rt->cfg.address;
	env->name = rt->cfg.name;
	env->default_lang = rt->cfg.language;
	env->timezone = rt->cfg.timezone;
	env->pwcache = rt->pw;
	env->now = now;
	env->creates_per_hour = rt->cfg.creates_per_hour;
	env->joins_per_hour = rt->cfg.joins_per_hour;
	env->answers_per_hour = rt->cfg.answers_per_hour;
}

int
runtime_downtime_slack(const struct runtime *rt)
{
	return 2 * rt->cfg.poll_interval + 120;
}

void
runtime_smtp_conf(const struct runtime *rt, struct smtp_conf *c)
{
	memset(c, 0, sizeof(*c));
	c->url = rt->cfg.smtp.url;
	c->user = rt->cfg.smtp.user;
	c->password = rt->cfg.smtp.password;
	c->ca_file = rt->cfg.smtp.ca_file;
	c->starttls = rt->cfg.smtp.starttls;
	c->insecure = rt->cfg.smtp.insecure;
	c->timeout = rt->cfg.smtp.timeout;
}
