/*
 * imap_auth.h - logging in to IMAP with an OAuth2 access token
 * (AUTHENTICATE XOAUTH2 or OAUTHBEARER); private to mail/imap.c and its
 * tests.
 */
#ifndef PBEMD_IMAP_AUTH_H
#define PBEMD_IMAP_AUTH_H

#include <libetpan/libetpan.h>

#include <stddef.h>
#include <stdint.h>

#include "mail/imap.h"

/* The answer when the judge sent nothing: no such mechanism, no user. */
#define IMAP_AUTH_NOT_TRIED	(-1)

/*
 * The token for one connection (conf's token_file or token_command),
 * read before connecting, so that no server waits for a slow helper.
 * Owned and secret: free it with token_free(). NULL with the reason in
 * why, which never holds the token.
 */
char	*imap_auth_token(const struct imap_conf *conf, char *why,
	    size_t whylen);

/*
 * Checks that the server offers conf->auth and authenticates the session
 * s (connected, TLS done, not logged in) as conf->user with token; host
 * and port go into an OAUTHBEARER message. With SASL-IR announced the
 * initial response goes with the command (RFC 4959), else after the
 * server's empty challenge. Returns MAILIMAP_NO_ERROR once logged in;
 * IMAP_AUTH_NOT_TRIED with the reason in detail (no such mechanism);
 * MAILIMAP_ERROR_LOGIN when the server refused (then s->imap_response
 * holds its words and detail its error challenge, decoded, if it sent
 * one); or libetpan's code of a lost connection. detail never holds the
 * token.
 */
int	imap_auth_oauth(mailimap *s, const struct imap_conf *conf,
	    const char *token, const char *host, uint16_t port, char *detail,
	    size_t detaillen);

#endif
