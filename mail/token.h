/*
 * token.h - the OAuth2 access token for one connection to the mail server.
 *
 * The operator's side obtains and refreshes the token (a refresher on a
 * timer rewrites a file, or a helper prints a fresh one); the judge reads
 * it anew at every connection, so a refreshed token is taken without a
 * restart. A token is the first line of a file or the first line a command
 * prints, and must be an RFC 6750 b64token: letters, digits and
 * "-._~+/", then any "=". Nothing here logs, and no reason quotes the
 * token.
 */
#ifndef PBEMD_TOKEN_H
#define PBEMD_TOKEN_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The longest token taken (Microsoft's are 1.5 to 2.5 KB, Google's under
 * 300 bytes). A longer first line is refused, never cut; so is a command's
 * output of more than TOKEN_MAX + 2 bytes in all.
 */
#define TOKEN_MAX	16384

struct token_source {
	const char	*file;		/* its first line; or NULL */
	const char	*command;	/* run by /bin/sh -c; or NULL */
	int		 timeout;	/* seconds the command may take; 0: 60 */
};

/*
 * The current token from file, else from command. Owned and secret: free
 * it with token_free(). NULL and a reason in why (that never holds the
 * token) when the file cannot be read, the command fails, exits non-zero
 * or outlives its timeout (then it is killed, with its process group), or
 * what they give is empty, too long or not a b64token.
 */
char	*token_read(const struct token_source *, char *why, size_t whylen);
void	 token_free(char *);		/* zeroes, then frees; accepts NULL */

/* Whether s is an RFC 6750 (2.1) b64token. */
bool	 token_valid(const char *s);

#endif
