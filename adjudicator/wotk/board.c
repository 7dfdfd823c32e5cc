/*
 * board.c - the 8x8 board of Way of the Knight: precomputed leaper and
 * ray tables, the squares a form reaches, and whether a square is attacked.
 *
 * Every table is static const, built by the compiler from the macros below
 * (STYLE.md 11: geometry precomputed, no mutable globals). A rider's line
 * is cut at its first blocker by looking that blocker's own line up in the
 * same table (classical ray attacks); the nightrider (research 4.1, NN)
 * uses the same scheme with knight steps. No I/O, no allocation.
 */
#include "adjudicator/wotk/wotk.h"

#define WF(s)		((s) & 7)
#define WR(s)		((s) >> 3)
#define ON(s, df, dr)	(WF(s) + (df) >= 0 && WF(s) + (df) < 8 && \
	WR(s) + (dr) >= 0 && WR(s) + (dr) < 8)
#define BIT(s, df, dr)	(ON(s, df, dr) ? \
	1ULL << (((s) + (df) + 8 * (dr)) & 63) : 0ULL)
/* The eight symmetric leaps (a, b). */
#define SYM8(s, a, b)	(BIT(s, a, b) | BIT(s, -(a), b) | BIT(s, a, -(b)) | \
	BIT(s, -(a), -(b)) | BIT(s, b, a) | BIT(s, -(b), a) | \
	BIT(s, b, -(a)) | BIT(s, -(b), -(a)))
/* Forward and backward only: the Squire's vD (research 4.2). */
#define VERT(s, a, b)	(BIT(s, 0, b) | BIT(s, 0, -(b)))
#define RAY(s, a, b)	(BIT(s, a, b) | BIT(s, 2 * (a), 2 * (b)) | \
	BIT(s, 3 * (a), 3 * (b)) | BIT(s, 4 * (a), 4 * (b)) | \
	BIT(s, 5 * (a), 5 * (b)) | BIT(s, 6 * (a), 6 * (b)) | \
	BIT(s, 7 * (a), 7 * (b)))
#define PAWN(s, a, b)	(BIT(s, -1, a) | BIT(s, 1, a))
#define SQ64(M, a, b) \
	M(0, a, b), M(1, a, b), M(2, a, b), M(3, a, b), M(4, a, b), \
	M(5, a, b), M(6, a, b), M(7, a, b), M(8, a, b), M(9, a, b), \
	M(10, a, b), M(11, a, b), M(12, a, b), M(13, a, b), M(14, a, b), \
	M(15, a, b), M(16, a, b), M(17, a, b), M(18, a, b), M(19, a, b), \
	M(20, a, b), M(21, a, b), M(22, a, b), M(23, a, b), M(24, a, b), \
	M(25, a, b), M(26, a, b), M(27, a, b), M(28, a, b), M(29, a, b), \
	M(30, a, b), M(31, a, b), M(32, a, b), M(33, a, b), M(34, a, b), \
	M(35, a, b), M(36, a, b), M(37, a, b), M(38, a, b), M(39, a, b), \
	M(40, a, b), M(41, a, b), M(42, a, b), M(43, a, b), M(44, a, b), \
	M(45, a, b), M(46, a, b), M(47, a, b), M(48, a, b), M(49, a, b), \
	M(50, a, b), M(51, a, b), M(52, a, b), M(53, a, b), M(54, a, b), \
	M(55, a, b), M(56, a, b), M(57, a, b), M(58, a, b), M(59, a, b), \
	M(60, a, b), M(61, a, b), M(62, a, b), M(63, a, b)

/* Indexed by enum wotk_atom. */
static const uint64_t wotk_leap[WOTK_ATOMS][WOTK_SQUARES] = {
	[WOTK_AW] = { SQ64(SYM8, 0, 1) },
	[WOTK_AF] = { SQ64(SYM8, 1, 1) },
	[WOTK_AD] = { SQ64(SYM8, 0, 2) },
	[WOTK_AA] = { SQ64(SYM8, 2, 2) },
	[WOTK_AN] = { SQ64(SYM8, 1, 2) },
	[WOTK_AC] = { SQ64(SYM8, 1, 3) },
	[WOTK_AVD] = { SQ64(VERT, 0, 2) },
};

/* The squares a pawn of each colour attacks. */
static const uint64_t wotk_pawn_att[2][WOTK_SQUARES] = {
	{ SQ64(PAWN, 1, 0) },
	{ SQ64(PAWN, -1, 0) },
};

/*
 * Lines: 0-3 orthogonal, 4-7 diagonal, 8-15 knight steps. wotk_up says
 * whether the square number grows along the line, so the first blocker is
 * the lowest or the highest bit.
 */
#define WOTK_DIRS	16
static const uint64_t wotk_ray[WOTK_DIRS][WOTK_SQUARES] = {
	{ SQ64(RAY, 0, 1) }, { SQ64(RAY, 1, 0) },
	{ SQ64(RAY, 0, -1) }, { SQ64(RAY, -1, 0) },
	{ SQ64(RAY, 1, 1) }, { SQ64(RAY, -1, 1) },
	{ SQ64(RAY, 1, -1) }, { SQ64(RAY, -1, -1) },
	{ SQ64(RAY, 1, 2) }, { SQ64(RAY, -1, 2) },
	{ SQ64(RAY, 2, 1) }, { SQ64(RAY, -2, 1) },
	{ SQ64(RAY, 1, -2) }, { SQ64(RAY, -1, -2) },
	{ SQ64(RAY, 2, -1) }, { SQ64(RAY, -2, -1) },
};
static const bool wotk_up[WOTK_DIRS] = {
	true, true, false, false, true, true, false, false,
	true, true, true, true, false, false, false, false,
};
/* The lines of each rider: first direction and count. */
static const struct {
	int	 first, n;
} wotk_ride_dirs[WOTK_RIDES] = {
	[WOTK_RORTH] = { 0, 4 },
	[WOTK_RDIAG] = { 4, 4 },
	[WOTK_RNIGHT] = { 8, 8 },
};

static inline uint64_t
wotk_line(int d, int sq, uint64_t occ)
{
	uint64_t	 r = wotk_ray[d][sq], b = r & occ;

	if (b != 0)
		r ^= wotk_ray[d][wotk_up[d] ? __builtin_ctzll(b) :
		    63 - __builtin_clzll(b)];
	return r;
}

/* Every square a (non-pawn) form on sq moves to or attacks, own pieces
 * included: the caller removes them. */
uint64_t
wotk_targets(int form, int sq, uint64_t occ)
{
	const struct wotk_form	*f = &wotk_forms[form];
	uint64_t		 t = 0;
	unsigned		 m;
	int			 r, d;

	for (m = f->atoms; m != 0; m &= m - 1)
		t |= wotk_leap[__builtin_ctz(m)][sq];
	for (m = f->rides; m != 0; m &= m - 1) {
		r = __builtin_ctz(m);
		for (d = wotk_ride_dirs[r].first; d < wotk_ride_dirs[r].first +
		    wotk_ride_dirs[r].n; d++)
			t |= wotk_line(d, sq, occ);
	}
	return t;
}

/* Pawn captures of colour c from sq. */
uint64_t
wotk_pawn_attacks(int c, int sq)
{
	return wotk_pawn_att[c][sq];
}

/*
 * Whether a piece of colour by attacks sq. Every form except the Pawn
 * moves symmetrically, so sq is attacked by form X exactly when X's moves
 * from sq reach a piece that has X's atom or line.
 */
bool
wotk_attacked(const struct wotk_pos *p, int sq, int by)
{
	uint64_t	 occ = p->occ[0] | p->occ[1], bb;
	int		 a, r, d;

	if (wotk_pawn_att[1 - by][sq] & p->pawns[by])
		return true;
	for (a = 0; a < WOTK_ATOMS; a++)
		if (wotk_leap[a][sq] & p->atom[by][a])
			return true;
	for (r = 0; r < WOTK_RIDES; r++) {
		if ((bb = p->ride[by][r]) == 0)
			continue;
		for (d = wotk_ride_dirs[r].first; d < wotk_ride_dirs[r].first +
		    wotk_ride_dirs[r].n; d++)
			if (wotk_line(d, sq, occ) & bb)
				return true;
	}
	return false;
}

static void
wotk_toggle(struct wotk_pos *p, int sq, uint8_t piece)
{
	const struct wotk_form	*f = &wotk_forms[WOTK_FORM_OF(piece)];
	uint64_t		 b = 1ULL << sq;
	int			 c = WOTK_COLOR_OF(piece);
	unsigned		 m;

	p->occ[c] ^= b;
	for (m = f->atoms; m != 0; m &= m - 1)
		p->atom[c][__builtin_ctz(m)] ^= b;
	for (m = f->rides; m != 0; m &= m - 1)
		p->ride[c][__builtin_ctz(m)] ^= b;
	if (f->level == 1)
		p->pawns[c] ^= b;
	else if (f->level == WOTK_LEVEL_MAX)
		p->kings[c] ^= b;
}

/* Puts piece on the empty square sq. */
void
wotk_put(struct wotk_pos *p, int sq, uint8_t piece)
{
	p->sq[sq] = piece;
	wotk_toggle(p, sq, piece);
}

void
wotk_take(struct wotk_pos *p, int sq)
{
	if (p->sq[sq] != 0)
		wotk_toggle(p, sq, p->sq[sq]);
	p->sq[sq] = 0;
}

/* The rank of sq counted from color's own side, 1..8 (rules 1). */
int
wotk_rel_rank(int color, int sq)
{
	return color == WOTK_WHITE ? WR(sq) + 1 : 8 - WR(sq);
}

void
wotk_square_name(int sq, char out[3])
{
	out[0] = (char)('a' + WF(sq));
	out[1] = (char)('1' + WR(sq));
	out[2] = '\0';
}
