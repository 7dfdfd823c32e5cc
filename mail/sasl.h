/*
 * sasl.h - the messages of the two OAuth2 SASL mechanisms the big mail
 * hosts speak: XOAUTH2 (Google's, also Microsoft's) and OAUTHBEARER (RFC
 * 7628). The client's initial response, the answer to a server's error
 * challenge, and that error made fit for the log; and SMTP's password
 * mechanisms, PLAIN and LOGIN. Pure: no I/O, no log; imap_auth.c and
 * smtp_auth.c send what these build.
 */
#ifndef PBEMD_SASL_H
#define PBEMD_SASL_H

#include <stddef.h>

/* How the judge logs in: the [imap] and [smtp] key "auth". */
enum sasl_auth {
	SASL_AUTH_PASSWORD,	/* IMAP LOGIN; SMTP AUTH PLAIN, else LOGIN */
	SASL_AUTH_XOAUTH2,
	SASL_AUTH_OAUTHBEARER
};

/* The longest error text sasl_oauth_error() writes, without its NUL. */
#define SASL_ERROR_MAX	200

/* "password", "xoauth2" or "oauthbearer" (any case). 0, or -1. */
int		 sasl_auth_parse(const char *, enum sasl_auth *out);
/* The mechanism's name as servers announce it ("XOAUTH2"). Static. */
const char	*sasl_auth_name(enum sasl_auth);

/*
 * user with RFC 5801's escaping for a gs2 header: "," becomes "=2C" and
 * "=" becomes "=3D". Owned; the caller frees it.
 */
char		*sasl_gs2_escape(const char *user);

/*
 * The initial client response of mech, base64 (RFC 4648, one line),
 * before encoding:
 *   XOAUTH2      "user=" user ^A "auth=Bearer " token ^A ^A
 *   OAUTHBEARER  "n,a=" gs2(user) "," ^A "host=" host ^A "port=" port ^A
 *                "auth=Bearer " token ^A ^A             (RFC 7628 3.1)
 * Owned and secret: free it with sasl_free(). NULL when user, host or
 * token is empty or holds a byte below 0x20 or 0x7f (a ^A would end a
 * field early), or mech is SASL_AUTH_PASSWORD.
 */
char		*sasl_oauth_response(enum sasl_auth mech, const char *user,
		    const char *host, unsigned port, const char *token);

/*
 * What the client answers to the server's error challenge so that the
 * server sends its final refusal: OAUTHBEARER a single ^A, "AQ==" (RFC
 * 7628 3.2.3); XOAUTH2 an empty response (Google's XOAUTH2 document).
 * Static.
 */
const char	*sasl_oauth_ack(enum sasl_auth mech);

/*
 * The error challenge (base64 of a JSON object such as
 * {"status":"401","schemes":"bearer","scope":"mail"}) as text for the log:
 * decoded, every byte outside printable ASCII shown as '?', cut to
 * SASL_ERROR_MAX bytes (then ending in "..."). "(not base64)" when it
 * does not decode, "" when it is empty. out must hold SASL_ERROR_MAX + 1
 * bytes.
 */
void		 sasl_oauth_error(const char *b64, size_t len, char *out);

/*
 * PLAIN's response (RFC 4616), base64 of NUL user NUL password: no
 * authorization identity. Owned and secret: free it with sasl_free().
 * NULL when user is empty.
 */
char		*sasl_plain_response(const char *user, const char *password);

/*
 * s in base64: LOGIN's answer to the server's prompt for the user name or
 * the password. Owned and secret: free it with sasl_free().
 */
char		*sasl_base64(const char *s);

/* Zeroes and frees what the functions above returned; accepts NULL. */
void		 sasl_free(char *);

#endif
