/*
 * board.c - the KlinZha triangle: field names, rows, rays, points, shifts.
 *
 * rules/klinzha.md 2.1-2.6. Fields are numbered densely from the apex:
 * row r (1..9) holds 2r-1 fields, index (r-1)^2 + k-1, k odd pointing up;
 * the tables in build/gen/kz_board.c (gen_board.c) hold the coordinates
 * (a,b,c), neighbours across a side, the six rays, distances, points and
 * the TAKZH labels. Pure functions over those const tables; no I/O.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "adjudicator/klinzha/kz.h"

bool
kz_board_up(int f)
{
	return kz_abc[f][0] + kz_abc[f][1] + kz_abc[f][2] == 11;
}

/* Row from the apex, 0..8, and place in the row, 0..2*row. */
int
kz_board_row(int f)
{
	return 9 - kz_abc[f][2];
}

int
kz_board_col(int f)
{
	int	 r = kz_board_row(f);

	return f - r * r;
}

/* "E-38": the TAKZH label with its hyphen (decision 1). */
void
kz_board_name(int f, char out[6])
{
	if (f < 0 || f >= KZ_FIELDS) {
		snprintf(out, 6, "?");
		return;
	}
	snprintf(out, 6, "%c-%c%c", kz_label[f][0], kz_label[f][1],
	    kz_label[f][2]);
}

/*
 * A field name at the start of s: a row letter, an optional hyphen and two
 * digits, case-insensitive ("E-38", "e38"). Returns the field and its
 * length in *len, or -1 when s does not start with one (or names none).
 */
int
kz_board_field(const char *s, int *len)
{
	char	 l[4];
	int	 n = 1, f;

	if (toupper((unsigned char)s[0]) < 'A' ||
	    toupper((unsigned char)s[0]) > 'I')
		return -1;
	if (s[n] == '-')
		n++;
	if (!isdigit((unsigned char)s[n]) || !isdigit((unsigned char)s[n + 1]))
		return -1;
	/* "E-37xD-28": an x may follow as the capture sign. */
	if (isalnum((unsigned char)s[n + 2]) && s[n + 2] != 'x' &&
	    s[n + 2] != 'X')
		return -1;
	l[0] = (char)toupper((unsigned char)s[0]);
	l[1] = s[n];
	l[2] = s[n + 1];
	l[3] = '\0';
	for (f = 0; f < KZ_FIELDS; f++)
		if (memcmp(kz_label[f], l, 4) == 0) {
			if (len)
				*len = n + 2;
			return f;
		}
	return -1;
}

/*
 * Whether f may take a piece at set-up in point (rules 2.6, decision 7):
 * a full field of that point, or with the option half-fields one of the
 * six half fields on its two borders.
 */
bool
kz_board_in_point(int f, int point, bool half)
{
	int	 hi, mid, x = point == KZ_APEX ? 2 : point == KZ_LEFT ? 1 : 0;
	int	 o1 = (x + 1) % 3, o2 = (x + 2) % 3;

	if (kz_point[f] == point)
		return true;
	if (!half || kz_point[f] != KZ_HALF)
		return false;
	/* A half field's two largest coordinates are equal: it borders
	 * the points of those two coordinates. */
	hi = kz_abc[f][x];
	mid = kz_abc[f][o1] > kz_abc[f][o2] ? kz_abc[f][o1] : kz_abc[f][o2];
	return hi == mid;
}

/* Steps from `from` to `to` along one ray (direction in *dir), or -1. */
int
kz_board_ray_index(int from, int to, int *dir)
{
	int	 d, i;

	for (d = 0; d < KZ_DIRS; d++)
		for (i = 0; i < KZ_RAY_MAX && kz_ray[from][d][i] >= 0; i++)
			if (kz_ray[from][d][i] == to) {
				if (dir)
					*dir = d;
				return i + 1;
			}
	return -1;
}

/*
 * One lattice step of a cloud layout (decision 11): a translation that
 * keeps a+b+c, so up fields stay up. Directions 0..5: east, west,
 * south-east, north-west, south-west, north-east. -1: off the board.
 */
int
kz_board_shift(int f, int dir)
{
	static const int	 v[KZ_DIRS][3] = {
		{ 1, -1, 0 }, { -1, 1, 0 }, { 1, 0, -1 },
		{ -1, 0, 1 }, { 0, 1, -1 }, { 0, -1, 1 }
	};
	int			 a, b, c, g;

	a = kz_abc[f][0] + v[dir][0];
	b = kz_abc[f][1] + v[dir][1];
	c = kz_abc[f][2] + v[dir][2];
	for (g = 0; g < KZ_FIELDS; g++)
		if (kz_abc[g][0] == a && kz_abc[g][1] == b &&
		    kz_abc[g][2] == c)
			return g;
	return -1;
}

const char *
kz_board_point_key(int point)
{
	static const char *const keys[] = {
		"@kz.point.apex", "@kz.point.left", "@kz.point.right",
		"@kz.point.half"
	};

	return point >= 0 && point <= KZ_HALF ? keys[point] : "";
}

const char *
kz_board_dir_key(int dir)
{
	static const char *const keys[KZ_DIRS] = {
		"@kz.dir.0", "@kz.dir.1", "@kz.dir.2", "@kz.dir.3",
		"@kz.dir.4", "@kz.dir.5"
	};

	return dir >= 0 && dir < KZ_DIRS ? keys[dir] : "";
}
