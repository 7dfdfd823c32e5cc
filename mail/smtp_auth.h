/*
 * smtp_auth.h - logging in to the SMTP server (AUTH, RFC 4954) over a
 * libetpan session: PLAIN, else LOGIN, with the password; XOAUTH2 or
 * OAUTHBEARER with an OAuth2 access token. Private to mail/smtp.c and its
 * tests.
 */
#ifndef PBEMD_SMTP_AUTH_H
#define PBEMD_SMTP_AUTH_H

#include <libetpan/libetpan.h>

#include <stddef.h>
#include <stdint.h>

#include "mail/sasl.h"

/* What smtp_auth_offers() keeps: longer lists are cut (see there). */
#define SMTP_AUTH_OFFERS_MAX	512

struct smtp_login {
	enum sasl_auth	 mech;
	const char	*user;
	const char	*secret;	/* the password, or the token */
	const char	*host;		/* named in OAUTHBEARER's message */
	uint16_t	 port;
};

/*
 * The mechanisms of the AUTH line of an EHLO reply as libetpan keeps it
 * (session->response: one line an extension, the codes cut), space
 * separated, into out (outlen with its NUL); "" when there is none. A
 * list longer than outlen - 1 is cut at a space, so a mechanism is kept
 * whole or not at all.
 */
void	smtp_auth_offers(const char *ehlo, char *out, size_t outlen);

/*
 * Logs in on ss (greeted, EHLO answered, TLS started where it will be)
 * as login->user with a mechanism of offers (smtp_auth_offers()). The
 * initial response goes with AUTH while that line stays within RFC 4954's
 * 512 octets, else after the server's empty challenge. An OAuth2 error
 * challenge is answered (sasl_oauth_ack()) so that the server gives its
 * final reply. 0 once the server said 235; -1 with the reason in why:
 * the mechanism and the user, then the server's reply and its error
 * challenge decoded, or why nothing was sent. why never holds the secret.
 * Reads and writes the session's own stream, so libetpan's next command
 * finds it where it expects it.
 */
int	smtp_auth(mailsmtp *ss, const struct smtp_login *login,
	    const char *offers, char *why, size_t whylen);

#endif
