/*
 * clouds.c - KlinZha cloud layouts: reading, the corner limit, and moving
 * clouds.
 *
 * rules/klinzha.md decisions 10 and 11 and maps/klinzha/README.md. A
 * layout is 81 letters N / E / C in field order; the ready ones are
 * compiled in from maps/klinzha/ (build/gen/kz_layouts.c). Moving clouds
 * draw from the game's own generator only. Pure; no I/O.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/klinzha/kz.h"

#define KZ_CLOUD_LIMIT	8	/* decision 10: fewer than 8 per corner */

/* 81 letters N, E, C (either case), spaces, lines and '#' comments. */
int
kz_clouds_read(const char *text, char out[KZ_FIELDS])
{
	const char	*p;
	int		 n = 0;
	char		 c;

	for (p = text; *p != '\0'; p++) {
		if (*p == '#') {
			while (p[1] != '\0' && p[1] != '\n')
				p++;
			continue;
		}
		if (isspace((unsigned char)*p))
			continue;
		c = (char)toupper((unsigned char)*p);
		if ((c != KZ_CLEAR && c != KZ_EDGE && c != KZ_CLOUD) ||
		    n >= KZ_FIELDS)
			return -1;
		out[n++] = c;
	}
	return n == KZ_FIELDS ? 0 : -1;
}

/* A ready layout by name; "none" is the clear board. */
int
kz_clouds_layout(const char *name, char out[KZ_FIELDS], struct game_diag *why)
{
	int	 i;

	if (strcasecmp(name, "none") == 0) {
		memset(out, KZ_CLEAR, KZ_FIELDS);
		return 0;
	}
	for (i = 0; kz_layouts[i].name != NULL; i++)
		if (strcasecmp(kz_layouts[i].name, name) == 0) {
			if (kz_clouds_read(kz_layouts[i].text, out) != 0)
				break;
			return 0;
		}
	game_diag_set(why, "kz.err.layout", 1, name);
	return -1;
}

/*
 * Decision 10: fewer than 8 cloud fields among the 24 full fields of each
 * corner (half fields do not count, decision 13). Returns 0, or -1 with
 * the first corner over the limit in *point.
 */
int
kz_clouds_check(const char cloud[KZ_FIELDS], int *point)
{
	int	 n[3] = { 0, 0, 0 }, f, p;

	for (f = 0; f < KZ_FIELDS; f++)
		if (cloud[f] == KZ_CLOUD && kz_point[f] != KZ_HALF)
			n[kz_point[f]]++;
	for (p = 0; p < 3; p++)
		if (n[p] >= KZ_CLOUD_LIMIT) {
			*point = p;
			return -1;
		}
	return 0;
}

/*
 * Decision 11: the whole layout moves Y lattice steps in direction Z
 * (drawn now; Y fixed when the GM fixed it); fields pushed off the board
 * are dropped, fields moved in from outside are normal. The draw goes into
 * st->last so the phase records it.
 */
void
kz_clouds_move(struct game_state *st)
{
	char	 next[KZ_FIELDS];
	int	 y, z, i, f, g;

	y = st->cloud_step > 0 ? st->cloud_step :
	    1 + (int)rng_below(&st->rng, 6);
	z = (int)rng_below(&st->rng, KZ_DIRS);
	for (i = 0; i < y; i++) {
		memset(next, KZ_CLEAR, sizeof(next));
		for (f = 0; f < KZ_FIELDS; f++)
			if ((g = kz_board_shift(f, z)) >= 0)
				next[g] = st->pos.cloud[f];
		memcpy(st->pos.cloud, next, sizeof(next));
	}
	st->last.cloud_y = y;
	st->last.cloud_z = z;
}
