/*
 * password.h - game passwords: stored as Argon2id hashes (libsodium),
 * compared in constant time, with a small cache of recent verifications.
 *
 * The cache exists because one Argon2id verification costs tens of
 * milliseconds by design, and an active player signs on with every mail.
 * It keeps, per stored hash, a keyed BLAKE2b digest of the password that
 * verified against it; the key is random per process, so the cache is no
 * weaker than the process memory it lives in. The daemon owns it.
 */
#ifndef PBEMD_PASSWORD_H
#define PBEMD_PASSWORD_H

#include <stdbool.h>
#include <stddef.h>

#define PASSWORD_HASH_MAX	128	/* crypto_pwhash_STRBYTES */
#define PASSWORD_MIN		4
#define PASSWORD_MAX		64

struct password_cache;

/* Must be called once before anything else here (sodium_init). */
int	password_init(void);
/* 0, or -1 when out of memory (the only way Argon2id fails here). */
int	password_hash(const char *pw, char out[PASSWORD_HASH_MAX]);
bool	password_verify(struct password_cache *, const char *hash,
	    const char *pw);
/* len - 1 random letters and digits (no look-alikes) and a NUL into out. */
void	password_generate(char *out, size_t len);

struct password_cache	*password_cache_new(void);
void			 password_cache_free(struct password_cache *);

#endif
