/*
 * dice.c - Miwin's dice III, IV and V as ARI uses them: their faces, the
 * opposite pairs, the 24 ways a die can lie, and the face on top.
 *
 * rules/ari-and-weekeewachee.md 1.2: on the board only the four side faces
 * count; south is the face opposite north, west the one opposite east, and
 * north and east come from different pairs (24 layouts per die, all
 * physically reachable). The top face has no rule function; it is derived
 * from the reference orientation of 1.2 (handedness after source S2) for
 * the display and the optional T check of an order. Pure tables, no I/O.
 */
#include <stddef.h>

#include "adjudicator/ari/ari.h"

/*
 * The reference orientation of each die, as (top, N, E, S, W, bottom).
 * rules 1.2: III top 5, N9 E2 S1 W7; IV top 4, N1 E3 S9 W8; V top 6,
 * N2 E8 S7 W3. Faces, pairs and sums follow from it: III 1-9 2-7 5-6,
 * IV 1-9 3-8 4-5, V 2-7 3-8 4-6.
 */
static const int ari_dice_ref[ARI_DICE][6] = {
	{ 5, 9, 2, 1, 7, 6 },
	{ 4, 1, 3, 9, 8, 5 },
	{ 6, 2, 8, 7, 3, 4 },
};

/* The body vectors of those six positions: up, N, E, S, W, down. */
static const int ari_dice_vec[6][3] = {
	{ 0, 0, 1 }, { 0, 1, 0 }, { 1, 0, 0 },
	{ 0, -1, 0 }, { -1, 0, 0 }, { 0, 0, -1 },
};

static const char *const ari_dice_names[ARI_PIECES] = {
	"III", "IV", "V", "Q"
};

const char *
ari_dice_name(int piece)
{
	if (piece < 0 || piece >= ARI_PIECES)
		return "?";
	return ari_dice_names[piece];
}

/* Index 0..5 of face in the reference orientation, or -1. */
static int
ari_dice_slot(int piece, int face)
{
	int	 i;

	if (piece < 0 || piece >= ARI_DICE)
		return -1;
	for (i = 0; i < 6; i++)
		if (ari_dice_ref[piece][i] == face)
			return i;
	return -1;
}

bool
ari_dice_has(int piece, int face)
{
	return ari_dice_slot(piece, face) >= 0;
}

/* The face opposite face, or 0 when the die has no such face. */
int
ari_dice_opposite(int piece, int face)
{
	int	 i;

	if ((i = ari_dice_slot(piece, face)) < 0)
		return 0;
	/* Slots 0/5, 1/3 and 2/4 are opposite each other. */
	switch (i) {
	case 0: return ari_dice_ref[piece][5];
	case 5: return ari_dice_ref[piece][0];
	case 1: return ari_dice_ref[piece][3];
	case 3: return ari_dice_ref[piece][1];
	case 2: return ari_dice_ref[piece][4];
	default: return ari_dice_ref[piece][2];
	}
}

/* A die may lie with north n and east e: both its faces, not opposite. */
bool
ari_dice_layout_ok(int piece, int n, int e)
{
	return ari_dice_has(piece, n) && ari_dice_has(piece, e) && n != e &&
	    ari_dice_opposite(piece, n) != e;
}

/* The value on side d of a die lying with north n and east e. */
int
ari_dice_face(int piece, int n, int e, enum ari_dir d)
{
	switch (d) {
	case ARI_N: return n;
	case ARI_E: return e;
	case ARI_S: return ari_dice_opposite(piece, n);
	default: return ari_dice_opposite(piece, e);
	}
}

/*
 * The face on top. A rotation taking the body vectors of n and e to north
 * and east takes their cross product e x n to up (a proper rotation keeps
 * cross products), so the top face is the one whose body vector is e x n.
 */
int
ari_dice_top(int piece, int n, int e)
{
	const int	*a, *b;
	int		 c[3], i;

	if (!ari_dice_layout_ok(piece, n, e))
		return 0;
	a = ari_dice_vec[ari_dice_slot(piece, e)];
	b = ari_dice_vec[ari_dice_slot(piece, n)];
	c[0] = a[1] * b[2] - a[2] * b[1];
	c[1] = a[2] * b[0] - a[0] * b[2];
	c[2] = a[0] * b[1] - a[1] * b[0];
	for (i = 0; i < 6; i++)
		if (ari_dice_vec[i][0] == c[0] && ari_dice_vec[i][1] == c[1] &&
		    ari_dice_vec[i][2] == c[2])
			return ari_dice_ref[piece][i];
	return 0;
}

/*
 * Layout i (0..23) of a die: north in ascending face order, then east in
 * ascending order among the four faces beside it. The order of legal().
 */
void
ari_dice_layout(int piece, int i, int *n, int *e)
{
	int	 faces[6], k, j, t, cnt = 0;

	for (k = 0; k < 6; k++)
		faces[k] = ari_dice_ref[piece][k];
	for (k = 1; k < 6; k++)
		for (j = k; j > 0 && faces[j - 1] > faces[j]; j--) {
			t = faces[j];
			faces[j] = faces[j - 1];
			faces[j - 1] = t;
		}
	*n = faces[i / 4];
	for (k = 0; k < 6; k++) {
		if (!ari_dice_layout_ok(piece, *n, faces[k]))
			continue;
		if (cnt++ == i % 4) {
			*e = faces[k];
			return;
		}
	}
	*e = 0;
}
