/*
 * smtp.h - sending finished messages (libetpan's SMTP client).
 *
 * One struct smtp keeps one connection open across sends, so a turn's
 * reports pay the server's connection cost once. After a failed send the
 * connection is dropped and the next send connects again. With auth
 * xoauth2 or oauthbearer it logs in with an OAuth2 access token read
 * afresh for every new connection.
 */
#ifndef PBEMD_SMTP_H
#define PBEMD_SMTP_H

#include <stdbool.h>
#include <stddef.h>

#include "mail/sasl.h"

struct smtp_conf {
	const char	*url;		/* smtp://host:port (STARTTLS when offered,
					   required with starttls) or smtps://host:port */
	const char	*user;		/* NULL: no AUTH */
	const char	*password;
	const char	*ca_file;	/* NULL: the system's trust store */
	bool		 starttls;	/* require STARTTLS on smtp:// */
	bool		 insecure;	/* skip certificate checks (never default) */
	long		 timeout;	/* seconds per connect and per send; 0: 60 */
	enum sasl_auth	 auth;		/* password: PLAIN, else LOGIN */
	const char	*token_file;	/* the OAuth2 token, read at every */
	const char	*token_command;	/* connection (token.h) */
};

enum smtp_result {
	SMTP_OK = 0,
	SMTP_TEMPFAIL = 1,	/* connection, TLS, timeout, 4xx, refused AUTH
				   or sender (our configuration): retry later */
	SMTP_PERMFAIL = 2,	/* 5xx for this recipient or message: do not retry */
	SMTP_RCPT_TEMPFAIL = 3	/* 4xx for this recipient alone: retry it later,
				   the server takes the others */
};

struct smtp;

/*
 * Copies conf; no I/O yet. NULL (logged) when the URL is not smtp(s)://;
 * one whose host or port cannot be read makes every send fail
 * (SMTP_TEMPFAIL, saying why).
 */
struct smtp		*smtp_new(const struct smtp_conf *);
void			 smtp_free(struct smtp *);	/* QUIT; accepts NULL */
/*
 * One message (CRLF lines) to one recipient, within conf->timeout seconds
 * (a failure on a reused connection is tried once more on a new one). why
 * gets the reason on failure: the command, the server's reply (printable,
 * cut), or what failed before any.
 */
enum smtp_result	 smtp_send(struct smtp *, const char *from,
			    const char *rcpt, const char *msg, size_t len,
			    char *why, size_t whylen);

#endif
