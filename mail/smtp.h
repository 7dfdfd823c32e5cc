/*
 * smtp.h - sending finished messages (libcurl's SMTP client).
 *
 * One struct smtp keeps one connection open across sends, so a turn's
 * reports pay the server's connection cost once.
 */
#ifndef PBEMD_SMTP_H
#define PBEMD_SMTP_H

#include <stdbool.h>
#include <stddef.h>

struct smtp_conf {
	const char	*url;		/* smtp://host:port (STARTTLS when offered,
					   required with starttls) or smtps://host:port */
	const char	*user;		/* NULL: no AUTH */
	const char	*password;
	const char	*ca_file;	/* NULL: the system's trust store */
	bool		 starttls;	/* require STARTTLS on smtp:// */
	bool		 insecure;	/* skip certificate checks (never default) */
	long		 timeout;	/* seconds per operation */
};

enum smtp_result {
	SMTP_OK = 0,
	SMTP_TEMPFAIL = 1,	/* connection, 4xx: retry later */
	SMTP_PERMFAIL = 2	/* 5xx for this recipient: do not retry */
};

struct smtp;

struct smtp		*smtp_new(const struct smtp_conf *);	/* no I/O yet */
void			 smtp_free(struct smtp *);	/* closes; accepts NULL */
/* One message to one recipient. why gets the server's reply on failure. */
enum smtp_result	 smtp_send(struct smtp *, const char *from,
			    const char *rcpt, const char *msg, size_t len,
			    char *why, size_t whylen);

#endif
