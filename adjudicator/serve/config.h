/*
 * config.h - the daemon's configuration file (INI, read with libinih).
 *
 * Sections [imap], [smtp], [judge]; see README.md for every key. Passwords
 * may be given inline or, better, in a file named by password_file. With
 * auth = xoauth2 or oauthbearer a section names where an OAuth2 token
 * comes from instead (token_file or token_command, exactly one), and has
 * a user and no password.
 */
#ifndef PBEMD_CONFIG_H
#define PBEMD_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "common/log.h"
#include "mail/sasl.h"

/*
 * The longest password a password_file may hold in its first line. A
 * longer line is refused, never cut (a cut password would fail as a wrong
 * one) and never read on (a device or a large file named by mistake).
 */
#define CONFIG_PASSWORD_MAX	4096
/*
 * [judge] keepers: at most this many addresses, each at most
 * CONFIG_KEEPER_MAX bytes (an address the mail reader takes is shorter).
 */
#define CONFIG_KEEPERS_MAX	32
#define CONFIG_KEEPER_MAX	254

struct config_mail {
	char	*url;
	char	*user;
	char	*password;
	char	*ca_file;
	bool	 starttls;	/* require STARTTLS on imap:// and smtp:// */
	bool	 insecure;	/* skip certificate verification */
	int	 timeout;
	enum sasl_auth	 auth;	/* password (default), xoauth2, oauthbearer */
	char	*token_file;	/* the OAuth2 token's source: read at */
	char	*token_command;	/* every connection, never at load */
};

struct config {
	struct config_mail	 imap;
	struct config_mail	 smtp;
	char			*address;	/* the judge's mail address */
	char			*name;		/* its display name */
	char			*database;
	char			*templates;	/* NULL: runtime_open() looks */
	char			*language;	/* for senders we do not know */
	char			*timezone;	/* of new games' clocks */
	int			 poll_interval;	/* seconds */
	int			 max_failures;	/* then a mail is quarantined */
	int			 creates_per_hour;	/* 0: the judge's */
	int			 joins_per_hour;
	int			 answers_per_hour;
	enum log_level		 log_level;
	enum log_target		 log;		/* serve, deliver, tick */
	/* The judgekeepers' addresses as written, parted by commas or
	 * blanks (checked: each has an '@'), or NULL: nobody. */
	char			*keepers;
};

/* 0, or -1 with a reason naming the file and line; the reason is for
 * the operator's eyes and cut to whylen (the caller's: 256 or 512). */
int	config_load(const char *path, struct config *out, char *why,
	    size_t whylen);
void	config_free(struct config *);

#endif
