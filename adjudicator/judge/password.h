/*
 * password.h - game passwords: stored as Argon2id hashes (libsodium),
 * compared in constant time, with a small cache of recent verifications.
 *
 * The cache exists because one Argon2id verification costs tens of
 * milliseconds by design, and an active player signs on with every mail.
 * It keeps, per stored hash, a keyed BLAKE2b digest of the password that
 * verified against it; the key is random per process, so the cache is no
 * weaker than the process memory it lives in. The daemon owns it.
 *
 * One-time codes (SET ADDRESS) are random words of the same alphabet as
 * generated passwords; what is stored is their BLAKE2b hash: a code has
 * 50 random bits and lives seven days, so a slow hash would buy nothing.
 */
#ifndef PBEMD_PASSWORD_H
#define PBEMD_PASSWORD_H

#include <stdbool.h>
#include <stddef.h>

#define PASSWORD_HASH_MAX	128	/* crypto_pwhash_STRBYTES */
#define PASSWORD_MIN		8
#define PASSWORD_MAX		64
#define PASSWORD_CODE_LEN	10	/* characters of a one-time code */
#define PASSWORD_CODE_HASH	65	/* its BLAKE2b-256 in hex, and a NUL */

struct password_cache;

/* Must be called once before anything else here (sodium_init). */
int	password_init(void);
/* 0, or -1 when out of memory (the only way Argon2id fails here). */
int	password_hash(const char *pw, char out[PASSWORD_HASH_MAX]);
bool	password_verify(struct password_cache *, const char *hash,
	    const char *pw);
/*
 * Whether pw may be a password (JOIN, TAKEOVER, SET PASSWORD): from
 * PASSWORD_MIN to PASSWORD_MAX bytes; being a word, it has no blanks.
 */
bool	password_acceptable(const char *pw);
/* len - 1 random letters and digits (no look-alikes) and a NUL into out. */
void	password_generate(char *out, size_t len);
/* A new one-time code into code, and the hash to store of it into hash. */
void	password_code_new(char code[PASSWORD_CODE_LEN + 1],
	    char hash[PASSWORD_CODE_HASH]);
/*
 * Whether code, as a player typed it (case does not matter), is the one
 * hash was made of; the hashes are compared in constant time.
 */
bool	password_code_matches(const char *hash, const char *code);

struct password_cache	*password_cache_new(void);
void			 password_cache_free(struct password_cache *);

#endif
