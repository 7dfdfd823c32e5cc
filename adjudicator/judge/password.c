/*
 * password.c - Argon2id hashing and verification of game passwords.
 *
 * Parameters: Argon2id with 7 MiB and 5 passes, the least memory of OWASP's
 * equivalent recommended settings, chosen over libsodium's "interactive"
 * 64 MiB so the daemon stays small. A check still adds its 7 MiB to the
 * daemon's 18 MB for the 7 ms it runs; the mail path's target of 20 MB is
 * measured outside the checks (docs/architecture.md, "Memory"). One-time
 * codes are hashed with BLAKE2b (password.h says why).
 */
#include <ctype.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/judge/password.h"
#include "common/util.h"

#define PASSWORD_OPS		5
#define PASSWORD_MEM		(7U * 1024 * 1024)
#define PASSWORD_CACHE_SLOTS	256

struct password_cache_slot {
	char		 hash[PASSWORD_HASH_MAX];
	unsigned char	 digest[32];
};

struct password_cache {
	unsigned char			 key[32];
	struct password_cache_slot	 slot[PASSWORD_CACHE_SLOTS];
	size_t				 next;
};

int
password_init(void)
{
	return sodium_init() < 0 ? -1 : 0;
}

int
password_hash(const char *pw, char out[PASSWORD_HASH_MAX])
{
	return crypto_pwhash_str_alg(out, pw, strlen(pw), PASSWORD_OPS,
	    PASSWORD_MEM, crypto_pwhash_ALG_ARGON2ID13);
}

static void
password_digest(const struct password_cache *c, const char *hash,
    const char *pw, unsigned char out[32])
{
	crypto_generichash_state	 st;

	crypto_generichash_init(&st, c->key, sizeof(c->key), 32);
	crypto_generichash_update(&st, (const unsigned char *)hash,
	    strlen(hash) + 1);
	crypto_generichash_update(&st, (const unsigned char *)pw, strlen(pw));
	crypto_generichash_final(&st, out, 32);
}

bool
password_verify(struct password_cache *c, const char *hash, const char *pw)
{
	unsigned char	 d[32];
	size_t		 i;
	bool		 ok;

	if (c != NULL) {
		password_digest(c, hash, pw, d);
		for (i = 0; i < PASSWORD_CACHE_SLOTS; i++)
			if (strcmp(c->slot[i].hash, hash) == 0 &&
			    sodium_memcmp(c->slot[i].digest, d, 32) == 0)
				return true;
	}
	ok = crypto_pwhash_str_verify(hash, pw, strlen(pw)) == 0;
	if (ok && c != NULL && strlen(hash) < PASSWORD_HASH_MAX) {
		struct password_cache_slot *s = &c->slot[c->next];

		c->next = (c->next + 1) % PASSWORD_CACHE_SLOTS;
		strlcpy_(s->hash, hash, sizeof(s->hash));
		memcpy(s->digest, d, 32);
	}
	sodium_memzero(d, sizeof(d));
	return ok;
}

bool
password_acceptable(const char *pw)
{
	size_t	 n = strlen(pw);

	return n >= PASSWORD_MIN && n <= PASSWORD_MAX;
}

void
password_generate(char *out, size_t len)
{
	static const char alphabet[] = "abcdefghjkmnpqrstuvwxyz23456789";
	size_t		 i;

	for (i = 0; i + 1 < len; i++)
		out[i] = alphabet[randombytes_uniform(sizeof(alphabet) - 1)];
	if (len)
		out[i] = '\0';
}

/* The stored form of a code: BLAKE2b-256 of its lower case, in hex. */
static void
password_code_hash(const char *code, char hash[PASSWORD_CODE_HASH])
{
	unsigned char	 d[32];
	char		 low[PASSWORD_CODE_LEN];
	size_t		 i;

	for (i = 0; i < PASSWORD_CODE_LEN && code[i] != '\0'; i++)
		low[i] = (char)tolower((unsigned char)code[i]);
	crypto_generichash(d, sizeof(d), (const unsigned char *)low, i,
	    NULL, 0);
	sodium_bin2hex(hash, PASSWORD_CODE_HASH, d, sizeof(d));
	sodium_memzero(low, sizeof(low));
}

void
password_code_new(char code[PASSWORD_CODE_LEN + 1],
    char hash[PASSWORD_CODE_HASH])
{
	password_generate(code, PASSWORD_CODE_LEN + 1);
	password_code_hash(code, hash);
}

bool
password_code_matches(const char *hash, const char *code)
{
	char	 mine[PASSWORD_CODE_HASH];

	/* A length says nothing of the code: it is the same for all. */
	if (strlen(code) != PASSWORD_CODE_LEN ||
	    strlen(hash) != PASSWORD_CODE_HASH - 1)
		return false;
	password_code_hash(code, mine);
	return sodium_memcmp(mine, hash, PASSWORD_CODE_HASH - 1) == 0;
}

struct password_cache *
password_cache_new(void)
{
	struct password_cache	*c = xcalloc(1, sizeof(*c));

	randombytes_buf(c->key, sizeof(c->key));
	return c;
}

void
password_cache_free(struct password_cache *c)
{
	if (c == NULL)
		return;
	sodium_memzero(c, sizeof(*c));
	free(c);
}
