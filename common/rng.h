/*
 * rng.h - the seeded generator every game keeps in its state.
 *
 * splitmix64 to expand the seed, xoshiro256** to draw: small, fast and
 * fully determined by its four words, which a game saves with its state so
 * any phase can be replayed. Pure header; no global state.
 */
#ifndef PBEMD_RNG_H
#define PBEMD_RNG_H

#include <stdint.h>

struct rng {
	uint64_t	 s[4];
};

static inline uint64_t
rng_splitmix(uint64_t *x)
{
	uint64_t	 z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline void
rng_seed(struct rng *r, uint64_t seed)
{
	int	 i;

	for (i = 0; i < 4; i++)
		r->s[i] = rng_splitmix(&seed);
}

static inline uint64_t
rng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t
rng_next(struct rng *r)
{
	uint64_t	 res = rng_rotl(r->s[1] * 5, 7) * 9;
	uint64_t	 t = r->s[1] << 17;

	r->s[2] ^= r->s[0];
	r->s[3] ^= r->s[1];
	r->s[1] ^= r->s[2];
	r->s[0] ^= r->s[3];
	r->s[2] ^= t;
	r->s[3] = rng_rotl(r->s[3], 45);
	return res;
}

/* Uniform in [0, n) without modulo bias; n > 0. */
static inline uint32_t
rng_below(struct rng *r, uint32_t n)
{
	uint64_t	 limit = UINT64_MAX - UINT64_MAX % n;
	uint64_t	 x;

	do
		x = rng_next(r);
	while (x >= limit);
	return (uint32_t)(x % n);
}

#endif
