/*
 * sasl.c - builds the client's side of XOAUTH2 and OAUTHBEARER (RFC 7628)
 * and reads the server's error challenge for the log; and the responses
 * of PLAIN (RFC 4616) and LOGIN.
 *
 * Pure: strings in, strings out; no I/O and no logging, so the exact bytes
 * are tested alone (tests/unit/mail/test_sasl.c). What holds a token is
 * zeroed before it is freed. Base64 is libsodium's, its original alphabet
 * with padding (RFC 4648 section 4), as both mechanisms want.
 */
#include <sodium.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/util.h"
#include "mail/sasl.h"

/* Of a longer challenge only this much is decoded: the log shows less. */
#define SASL_CHALLENGE_MAX	2048

/* The messages before base64; ^A (\001) ends each field. */
#define SASL_XOAUTH2_FMT	"user=%s\001auth=Bearer %s\001\001"
/* gs2-header "n,a=<authzid>," (no channel binding), then the fields. */
#define SASL_OAUTHBEARER_FMT	"n,a=%s,\001host=%s\001port=%u\001" \
				"auth=Bearer %s\001\001"

static bool	 sasl_sendable(const char *);
static char	*sasl_b64(const char *, size_t);

int
sasl_auth_parse(const char *v, enum sasl_auth *out)
{
	if (strcasecmp(v, "password") == 0)
		*out = SASL_AUTH_PASSWORD;
	else if (strcasecmp(v, "xoauth2") == 0)
		*out = SASL_AUTH_XOAUTH2;
	else if (strcasecmp(v, "oauthbearer") == 0)
		*out = SASL_AUTH_OAUTHBEARER;
	else
		return -1;
	return 0;
}

const char *
sasl_auth_name(enum sasl_auth a)
{
	switch (a) {
	case SASL_AUTH_XOAUTH2:
		return "XOAUTH2";
	case SASL_AUTH_OAUTHBEARER:
		return "OAUTHBEARER";
	default:
		return "password";
	}
}

char *
sasl_gs2_escape(const char *user)
{
	struct buf	 b;

	buf_init(&b);
	for (; *user != '\0'; user++) {
		if (*user == ',')
			buf_puts(&b, "=2C");
		else if (*user == '=')
			buf_puts(&b, "=3D");
		else
			buf_putc(&b, *user);
	}
	return buf_steal(&b);
}

char *
sasl_oauth_response(enum sasl_auth mech, const char *user, const char *host,
    unsigned port, const char *token)
{
	char	*gs2 = NULL, *plain = NULL, *out = NULL;
	int	 n = -1;

	if (!sasl_sendable(user) || !sasl_sendable(token))
		return NULL;
	/* Measured first, then written once: no copy of the token is left
	 * behind in memory a growing buffer gave back. */
	if (mech == SASL_AUTH_XOAUTH2) {
		n = snprintf(NULL, 0, SASL_XOAUTH2_FMT, user, token);
		plain = xmalloc((size_t)n + 1);
		snprintf(plain, (size_t)n + 1, SASL_XOAUTH2_FMT, user, token);
	} else if (mech == SASL_AUTH_OAUTHBEARER && sasl_sendable(host)) {
		gs2 = sasl_gs2_escape(user);
		n = snprintf(NULL, 0, SASL_OAUTHBEARER_FMT, gs2, host, port,
		    token);
		plain = xmalloc((size_t)n + 1);
		snprintf(plain, (size_t)n + 1, SASL_OAUTHBEARER_FMT, gs2, host,
		    port, token);
		free(gs2);
	}
	if (plain != NULL) {
		out = sasl_b64(plain, (size_t)n);
		explicit_bzero(plain, (size_t)n);
		free(plain);
	}
	return out;
}

const char *
sasl_oauth_ack(enum sasl_auth mech)
{
	return mech == SASL_AUTH_OAUTHBEARER ? "AQ==" : "";
}

void
sasl_oauth_error(const char *b64, size_t len, char *out)
{
	unsigned char	 bin[SASL_CHALLENGE_MAX];
	size_t		 n = 0, i, k;

	out[0] = '\0';
	if (len == 0)
		return;
	/* Whole quads only: a prefix of valid base64 decodes alone. */
	if (len > SASL_CHALLENGE_MAX / 3 * 4)
		len = SASL_CHALLENGE_MAX / 3 * 4;
	if (sodium_base642bin(bin, sizeof(bin), b64, len, NULL, &n, NULL,
	    sodium_base64_VARIANT_ORIGINAL) != 0) {
		snprintf(out, SASL_ERROR_MAX + 1, "(not base64)");
		return;
	}
	for (i = k = 0; i < n && k < SASL_ERROR_MAX; i++)
		out[k++] = bin[i] >= 0x20 && bin[i] < 0x7f ? (char)bin[i] : '?';
	if (i < n)
		memcpy(out + SASL_ERROR_MAX - 3, "...", 3);
	out[k] = '\0';
}

char *
sasl_plain_response(const char *user, const char *password)
{
	size_t	 ul, pl;
	char	*plain, *out;

	if (user == NULL || *user == '\0')
		return NULL;
	if (password == NULL)
		password = "";
	ul = strlen(user);
	pl = strlen(password);
	plain = xmalloc(ul + pl + 2);
	plain[0] = '\0';
	memcpy(plain + 1, user, ul);
	plain[ul + 1] = '\0';
	memcpy(plain + ul + 2, password, pl);
	out = sasl_b64(plain, ul + pl + 2);
	explicit_bzero(plain, ul + pl + 2);
	free(plain);
	return out;
}

char *
sasl_base64(const char *s)
{
	return sasl_b64(s, strlen(s));
}

void
sasl_free(char *s)
{
	if (s == NULL)
		return;
	explicit_bzero(s, strlen(s));
	free(s);
}

/* Non-empty, no control byte: ^A separates the fields, CR LF the lines. */
static bool
sasl_sendable(const char *s)
{
	if (s == NULL || *s == '\0')
		return false;
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return false;
	return true;
}

/* n bytes of s in base64, one line; owned. */
static char *
sasl_b64(const char *s, size_t n)
{
	size_t	 len = sodium_base64_ENCODED_LEN(n,
		    sodium_base64_VARIANT_ORIGINAL);
	char	*out = xmalloc(len);

	sodium_bin2base64(out, len, (const unsigned char *)s, n,
	    sodium_base64_VARIANT_ORIGINAL);
	return out;
}
