/*
 * config.c - reads the INI file into struct config and checks it.
 *
 * Unknown keys are errors, not warnings: a typo in a security setting
 * (say "ca_flie") must not silently fall back to a default.
 */
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/render/tz.h"
#include "adjudicator/serve/config.h"
#include "common/util.h"

struct config_parse {
	struct config	*c;
	const char	*path;
	char		*why;
	size_t		 whylen;
	char		*imap_pwfile, *smtp_pwfile;
};

static int
config_bool(const char *v, bool *out)
{
	if (strcasecmp(v, "yes") == 0 || strcasecmp(v, "true") == 0 ||
	    strcmp(v, "1") == 0 || strcasecmp(v, "on") == 0)
		*out = true;
	else if (strcasecmp(v, "no") == 0 || strcasecmp(v, "false") == 0 ||
	    strcmp(v, "0") == 0 || strcasecmp(v, "off") == 0)
		*out = false;
	else
		return -1;
	return 0;
}

static int
config_int(const char *v, int min, int max, int *out)
{
	char	*end;
	long	 n = strtol(v, &end, 10);

	if (*v == '\0' || *end != '\0' || n < min || n > max)
		return -1;
	*out = (int)n;
	return 0;
}

static void
config_str(char **dst, const char *v)
{
	free(*dst);
	*dst = xstrdup(v);
}

static int
config_mail_key(struct config_mail *m, char **pwfile, const char *k,
    const char *v)
{
	if (strcmp(k, "url") == 0)
		config_str(&m->url, v);
	else if (strcmp(k, "user") == 0)
		config_str(&m->user, v);
	else if (strcmp(k, "password") == 0)
		config_str(&m->password, v);
	else if (strcmp(k, "password_file") == 0)
		config_str(pwfile, v);
	else if (strcmp(k, "ca_file") == 0)
		config_str(&m->ca_file, v);
	else if (strcmp(k, "starttls") == 0)
		return config_bool(v, &m->starttls);
	else if (strcmp(k, "insecure") == 0)
		return config_bool(v, &m->insecure);
	else if (strcmp(k, "timeout") == 0)
		return config_int(v, 1, 3600, &m->timeout);
	else if (strcmp(k, "auth") == 0)
		return sasl_auth_parse(v, &m->auth);
	else if (strcmp(k, "token_file") == 0)
		config_str(&m->token_file, v);
	else if (strcmp(k, "token_command") == 0)
		config_str(&m->token_command, v);
	else
		return -2;
	return 0;
}

/*
 * [judge] keepers: addresses parted by commas or blanks, each with an '@'
 * and neither control character, quote nor angle bracket, at most
 * CONFIG_KEEPER_MAX bytes. Each line of the key adds to the list (a line
 * of the file is short), CONFIG_KEEPERS_MAX in all; an empty one adds
 * nobody.
 */
#define CONFIG_KEEPER_SEP	", \t"	/* as judge/keeper.c reads them */

static int
config_keepers(const char *v, char **list)
{
	const char	*p, *end, *q;
	char		*joined;
	int		 n = 0;

	/* Those of the lines before count too. */
	for (p = *list ? *list : ""; *(p += strspn(p, CONFIG_KEEPER_SEP)) !=
	    '\0'; p = end) {
		end = p + strcspn(p, CONFIG_KEEPER_SEP);
		n++;
	}
	for (p = v; *(p += strspn(p, CONFIG_KEEPER_SEP)) != '\0'; p = end) {
		end = p + strcspn(p, CONFIG_KEEPER_SEP);
		if (++n > CONFIG_KEEPERS_MAX ||
		    (size_t)(end - p) > CONFIG_KEEPER_MAX ||
		    memchr(p, '@', (size_t)(end - p)) == NULL)
			return -1;
		for (q = p; q < end; q++)
			if ((unsigned char)*q < 0x20 || *q == 0x7f || *q == '"' ||
			    *q == '<' || *q == '>')
				return -1;
	}
	if (v[strspn(v, CONFIG_KEEPER_SEP)] == '\0')
		return 0;
	if (*list == NULL) {
		*list = xstrdup(v);
		return 0;
	}
	joined = xmalloc(strlen(*list) + strlen(v) + 3);
	sprintf(joined, "%s, %s", *list, v);
	free(*list);
	*list = joined;
	return 0;
}

static int
config_judge_key(struct config *c, const char *k, const char *v)
{
	if (strcmp(k, "address") == 0)
		config_str(&c->address, v);
	else if (strcmp(k, "name") == 0)
		config_str(&c->name, v);
	else if (strcmp(k, "database") == 0)
		config_str(&c->database, v);
	else if (strcmp(k, "templates") == 0)
		config_str(&c->templates, v);
	else if (strcmp(k, "language") == 0) {
		if (strcmp(v, "en") != 0 && strcmp(v, "de") != 0)
			return -1;
		config_str(&c->language, v);
	} else if (strcmp(k, "timezone") == 0) {
		if (!tz_valid(v))
			return -1;
		config_str(&c->timezone, v);
	} else if (strcmp(k, "poll_interval") == 0)
		return config_int(v, 1, 86400, &c->poll_interval);
	else if (strcmp(k, "max_failures") == 0)
		return config_int(v, 1, 100, &c->max_failures);
	else if (strcmp(k, "creates_per_hour") == 0)
		return config_int(v, 1, 100000, &c->creates_per_hour);
	else if (strcmp(k, "joins_per_hour") == 0)
		return config_int(v, 1, 100000, &c->joins_per_hour);
	else if (strcmp(k, "answers_per_hour") == 0)
		return config_int(v, 1, 100000, &c->answers_per_hour);
	else if (strcmp(k, "log_level") == 0)
		return log_level_parse(v, &c->log_level);
	else if (strcmp(k, "log") == 0)
		return log_target_parse(v, &c->log);
	else if (strcmp(k, "keepers") == 0)
		return config_keepers(v, &c->keepers);
	else
		return -2;
	return 0;
}

static int
config_handler(void *arg, const char *section, const char *k, const char *v)
{
	struct config_parse	*p = arg;
	int			 rc;

	if (strcmp(section, "imap") == 0)
		rc = config_mail_key(&p->c->imap, &p->imap_pwfile, k, v);
	else if (strcmp(section, "smtp") == 0)
		rc = config_mail_key(&p->c->smtp, &p->smtp_pwfile, k, v);
	else if (strcmp(section, "judge") == 0)
		rc = config_judge_key(p->c, k, v);
	else
		rc = -2;
	/* inih goes on and reports the line of the first error: keep its text. */
	if (rc != 0 && p->why[0] == '\0') {
		if (rc == -2)
			snprintf(p->why, p->whylen, "unknown key [%s] %s",
			    section, k);
		else
			snprintf(p->why, p->whylen, "bad value for [%s] %s",
			    section, k);
	}
	return rc == 0;
}

/* The first line of a password file, whole: a password cut to a buffer
 * would be refused by the server as if it were wrong. A line over
 * CONFIG_PASSWORD_MAX is refused, so /dev/zero is not read until memory
 * runs out. */
static int
config_read_password(const char *path, char **out, char *why, size_t whylen)
{
	FILE	*f;
	char	 line[CONFIG_PASSWORD_MAX + 3];	/* the password, CR, LF, NUL */
	bool	 full;

	if ((f = fopen(path, "r")) == NULL) {
		snprintf(why, whylen, "%s: cannot read the password file", path);
		return -1;
	}
	if (fgets(line, sizeof(line), f) == NULL)
		line[0] = '\0';
	fclose(f);
	full = strchr(line, '\n') == NULL && strlen(line) == sizeof(line) - 1;
	line[strcspn(line, "\r\n")] = '\0';
	if (full || strlen(line) > CONFIG_PASSWORD_MAX) {
		explicit_bzero(line, sizeof(line));
		snprintf(why, whylen, "%s: the first line is longer than %d "
		    "bytes", path, CONFIG_PASSWORD_MAX);
		return -1;
	}
	config_str(out, line);
	explicit_bzero(line, sizeof(line));
	return 0;
}

static void
config_defaults(struct config *c)
{
	memset(c, 0, sizeof(*c));
	c->imap.starttls = c->smtp.starttls = true;
	c->imap.timeout = c->smtp.timeout = 60;
	c->poll_interval = 60;
	c->max_failures = 3;
	c->log_level = LOG_LEVEL_INFO;
	c->log = LOG_TARGET_STDERR;	/* tests and runs in the foreground */
	c->name = xstrdup("pbemd judge");
	c->language = xstrdup("en");
	c->timezone = xstrdup("UTC");
}

/*
 * A password and a token, a token without auth saying how to use it, or
 * the other way round, are mistakes the server would only answer with a
 * refused login, over and over: refused here with the reason. The token
 * itself is not read here but at every connection.
 */
static int
config_check_auth(const struct config_mail *m, const char *sect, char *why,
    size_t whylen)
{
	const char	*src = m->token_file != NULL ? "token_file" :
			    m->token_command != NULL ? "token_command" : NULL;
	const char	*mech = sasl_auth_name(m->auth);
	const char	*u;

	if (m->token_file != NULL && m->token_command != NULL)
		snprintf(why, whylen, "[%s] has both token_file and "
		    "token_command: give one", sect);
	else if (m->auth == SASL_AUTH_PASSWORD && src != NULL)
		snprintf(why, whylen, "[%s] %s needs auth = xoauth2 or "
		    "oauthbearer", sect, src);
	else if (m->auth == SASL_AUTH_PASSWORD)
		return 0;
	else if (src == NULL)
		snprintf(why, whylen, "[%s] auth = %s needs token_file or "
		    "token_command", sect, mech);
	else if (m->password != NULL)
		snprintf(why, whylen, "[%s] auth = %s logs in with a token: "
		    "remove password and password_file", sect, mech);
	else if (m->user == NULL || m->user[0] == '\0')
		snprintf(why, whylen, "[%s] auth = %s needs user", sect, mech);
	else {
		for (u = m->user; *u != '\0'; u++)
			if ((unsigned char)*u < 0x20 || *u == 0x7f)
				break;
		if (*u == '\0')
			return 0;
		snprintf(why, whylen, "[%s] user holds a control character",
		    sect);
	}
	return -1;
}

static int
config_check(struct config *c, char *why, size_t whylen)
{
	const char	*miss = NULL;

	if (c->address == NULL)
		miss = "[judge] address";
	else if (c->database == NULL)
		miss = "[judge] database";
	else if (c->smtp.url == NULL)
		miss = "[smtp] url";
	if (miss) {
		snprintf(why, whylen, "missing %s", miss);
		return -1;
	}
	if (config_check_auth(&c->imap, "imap", why, whylen) == -1 ||
	    config_check_auth(&c->smtp, "smtp", why, whylen) == -1)
		return -1;
	return 0;
}

int
config_load(const char *path, struct config *c, char *why, size_t whylen)
{
	struct config_parse	 p = { c, path, why, whylen, NULL, NULL };
	int			 rc;

	config_defaults(c);
	why[0] = '\0';
	rc = ini_parse(path, config_handler, &p);
	if (rc < 0)
		snprintf(why, whylen, "%s: cannot open", path);
	else if (rc > 0) {
		char detail[256];	/* a reason, cut like every reason */

		strlcpy_(detail, why[0] ? why : "syntax error", sizeof(detail));
		snprintf(why, whylen, "%s:%d: %s", path, rc, detail);
	}
	if (rc == 0 && p.imap_pwfile)
		rc = config_read_password(p.imap_pwfile, &c->imap.password, why,
		    whylen);
	if (rc == 0 && p.smtp_pwfile)
		rc = config_read_password(p.smtp_pwfile, &c->smtp.password, why,
		    whylen);
	if (rc == 0)
		rc = config_check(c, why, whylen);
	free(p.imap_pwfile);
	free(p.smtp_pwfile);
	if (rc != 0) {
		config_free(c);
		return -1;
	}
	return 0;
}

static void
config_mail_free(struct config_mail *m)
{
	free(m->url);
	free(m->user);
	if (m->password)
		memset(m->password, 0, strlen(m->password));
	free(m->password);
	free(m->ca_file);
	free(m->token_file);
	free(m->token_command);
}

void
config_free(struct config *c)
{
	config_mail_free(&c->imap);
	config_mail_free(&c->smtp);
	free(c->address);
	free(c->name);
	free(c->database);
	free(c->templates);
	free(c->language);
	free(c->timezone);
	free(c->keepers);
	memset(c, 0, sizeof(*c));
}
