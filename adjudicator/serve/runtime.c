/*
 * runtime.c - opens what every mail-handling command needs (runtime.h), and
 * builds a new configuration with its catalogs for a reload, checked as at
 * start before it replaces the running one. No signals, no loop: daemon.c
 * says when.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/render/catalog_dir.h"
#include "adjudicator/render/paintbox.h"
#include "adjudicator/serve/runtime.h"
#include "common/log.h"
#include "mail/imap_url.h"
#include "mail/smtp.h"

static const char *const runtime_langs[JUDGE_LANGS] = { "en", "de" };

static void
runtime_catalogs_free(struct catalog **cat)
{
	int	 i;

	for (i = JUDGE_LANGS - 1; i >= 0; i--) {
		catalog_free(cat[i]);
		cat[i] = NULL;
	}
}

/*
 * The configuration of path and the catalogs it names, checked whole: what
 * the start and a reload both build before anything else. 0, or -1 with
 * why and nothing left to free.
 */
static int
runtime_settings(const char *path, struct config *cfg, struct catalog **cat,
    char *why, size_t whylen)
{
	int	 i;

	for (i = 0; i < JUDGE_LANGS; i++)
		cat[i] = NULL;
	if (config_load(path, cfg, why, whylen) != 0)
		return -1;
	/* Unset, it is where a checkout or `make install` put them. */
	if (cfg->templates == NULL &&
	    (cfg->templates = catalog_dir_default()) == NULL) {
		snprintf(why, whylen, "%s: no [judge] templates, and no "
		    "templates/ here nor beside the binary", path);
		goto fail;
	}
	for (i = 0; i < JUDGE_LANGS; i++) {
		cat[i] = catalog_load(cfg->templates, runtime_langs[i],
		    i ? cat[0] : NULL, why, whylen);
		if (cat[i] == NULL)
			goto fail;
	}
	return 0;
fail:
	runtime_catalogs_free(cat);
	config_free(cfg);
	return -1;
}

/*
 * Everything but the store: the configuration, the catalogs, the map's
 * drawing. 0, or RUNTIME_CONFIG with why (nothing left to free).
 */
static int
runtime_load(const char *path, struct runtime *rt, char *why, size_t whylen)
{
	memset(rt, 0, sizeof(*rt));
	if (runtime_settings(path, &rt->cfg, rt->cat, why, whylen) != 0)
		return RUNTIME_CONFIG;
	log_init(rt->cfg.log_level, NULL);
	if (password_init() != 0) {
		snprintf(why, whylen, "libsodium cannot initialise");
		goto fail;
	}
	/* Compiled in, but checked whole here, like the map: a drawing that
	 * does not load stops the judge at start, not one report later; so
	 * do missing fonts. */
	if ((rt->box = paintbox_new(why, whylen)) == NULL ||
	    paintbox_map(rt->box, why, whylen) == NULL)
		goto fail;
	return 0;
fail:
	runtime_close(rt);
	return RUNTIME_CONFIG;
}

int
runtime_open(const char *path, struct runtime *rt, char *why, size_t whylen)
{
	int	 rc;

	if ((rc = runtime_load(path, rt, why, whylen)) != 0)
		return rc;
	if (db_open(rt->cfg.database, &rt->db, why, whylen) != DB_OK) {
		runtime_close(rt);
		return RUNTIME_STORE;
	}
	rt->pw = password_cache_new();
	return 0;
}

int
runtime_open_readonly(const char *path, struct runtime *rt, char *why,
    size_t whylen)
{
	int	 rc;

	if ((rc = runtime_load(path, rt, why, whylen)) != 0)
		return rc;
	if (db_open_readonly(rt->cfg.database, &rt->db, why, whylen) !=
	    DB_OK) {
		runtime_close(rt);
		return RUNTIME_STORE;
	}
	return 0;
}

/*
 * The URLs are read here, not first at the connection: a reload must not
 * swap a working server for one that can never be reached, and the start
 * refuses what a reload would.
 */
int
runtime_serve_check(const struct config *cfg, const char *path, char *why,
    size_t whylen)
{
	struct imap_url	 u;
	char		 detail[256];

	if (cfg->imap.url == NULL) {
		snprintf(why, whylen, "%s: missing [imap] url", path);
		return -1;
	}
	if (imap_url_parse(cfg->imap.url, &u, detail, sizeof(detail)) != 0) {
		snprintf(why, whylen, "%s: [imap] url: %s", path, detail);
		return -1;
	}
	/* As smtp_new() wants it. */
	if (strncasecmp(cfg->smtp.url, "smtp://", 7) != 0 &&
	    strncasecmp(cfg->smtp.url, "smtps://", 8) != 0) {
		snprintf(why, whylen, "%s: [smtp] url must start with smtp:// "
		    "or smtps://", path);
		return -1;
	}
	return 0;
}

int
runtime_reload(struct runtime *rt, const char *path,
    struct reload_change *out, size_t *nout, char *why, size_t whylen)
{
	struct config	 cfg;
	struct catalog	*cat[JUDGE_LANGS];
	int		 i;

	*nout = 0;
	if (runtime_settings(path, &cfg, cat, why, whylen) != 0)
		return -1;
	if (runtime_serve_check(&cfg, path, why, whylen) != 0) {
		runtime_catalogs_free(cat);
		config_free(&cfg);
		return -1;
	}
	*nout = reload_merge(&rt->cfg, &cfg, out);
	config_free(&rt->cfg);
	rt->cfg = cfg;
	runtime_catalogs_free(rt->cat);
	for (i = 0; i < JUDGE_LANGS; i++)
		rt->cat[i] = cat[i];
	log_init(rt->cfg.log_level, NULL);
	return 0;
}

void
runtime_close(struct runtime *rt)
{
	db_close(rt->db);
	runtime_catalogs_free(rt->cat);
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
	env->keepers = rt->cfg.keepers;
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
	c->auth = rt->cfg.smtp.auth;
	c->token_file = rt->cfg.smtp.token_file;
	c->token_command = rt->cfg.smtp.token_command;
}
