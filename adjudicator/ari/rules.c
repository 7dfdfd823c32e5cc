/*
 * rules.c - the ARI board: squares, targets of live faces, danger to a
 * queen, whether an action is legal (with the reason when not), the list
 * of every legal action, and playing one.
 *
 * rules/ari-and-weekeewachee.md 1.4 (D1-D4 and the three stages) with the
 * resolutions A-1..A-11 and decisions 1 and 2. Directions are absolute:
 * north is towards rank 15, east towards file o (1.3). Works on struct
 * ari_pos alone: no history, no I/O, no allocation.
 */
#include <stdio.h>
#include <string.h>

#include "adjudicator/ari/ari.h"

/* What stands on a square, for covering and blocking. */
enum ari_occ {
	ARI_EMPTY,
	ARI_DIE,
	ARI_QUEENOCC
};

static const int ari_rules_df[4] = { 0, 1, 0, -1 };	/* N E S W */
static const int ari_rules_dr[4] = { 1, 0, -1, 0 };

int
ari_rules_square(int file, int rank)
{
	if (file < 0 || file >= ARI_SIZE || rank < 0 || rank >= ARI_SIZE)
		return ARI_OFF;
	return rank * ARI_SIZE + file;
}

/* "h8"; "-" for ARI_OFF: 3 bytes at most ("o15"). */
void
ari_rules_square_name(int sq, char out[4])
{
	if (sq < 0 || sq >= ARI_SQUARES) {
		snprintf(out, 4, "-");
		return;
	}
	snprintf(out, 4, "%c%d", 'a' + sq % ARI_SIZE, sq / ARI_SIZE + 1);
}

/* The square k steps from sq in direction d, or ARI_OFF. */
static int
ari_rules_step(int sq, int d, int k)
{
	return ari_rules_square(sq % ARI_SIZE + k * ari_rules_df[d],
	    sq / ARI_SIZE + k * ari_rules_dr[d]);
}

static bool
ari_rules_touch(int a, int b)
{
	int	 df = a % ARI_SIZE - b % ARI_SIZE;
	int	 dr = a / ARI_SIZE - b / ARI_SIZE;

	return a != b && df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
}

/* The board without piece (lseat, lpiece); lseat -1 lifts nothing. */
static void
ari_rules_occupancy(const struct ari_pos *pos, int lseat, int lpiece,
    uint8_t occ[ARI_SQUARES])
{
	int	 s, i;

	memset(occ, ARI_EMPTY, ARI_SQUARES);
	for (s = 0; s < 2; s++)
		for (i = 0; i < ARI_PIECES; i++)
			if (pos->p[s][i].sq != ARI_OFF &&
			    !(s == lseat && i == lpiece))
				occ[pos->p[s][i].sq] = i == ARI_QUEEN ?
				    ARI_QUEENOCC : ARI_DIE;
}

/*
 * The target of face d of die (s, i), or ARI_OFF when the face is void:
 * covered by a die beside it (D1, A-7: queens never cover) or pointing off
 * the board.
 */
static int
ari_rules_face_target(const struct ari_pos *pos, const uint8_t *occ, int s,
    int i, int d, int *value)
{
	const struct ari_piece	*p = &pos->p[s][i];
	int			 next;

	*value = ari_dice_face(i, p->n, p->e, (enum ari_dir)d);
	next = ari_rules_step(p->sq, d, 1);
	if (next == ARI_OFF || occ[next] == ARI_DIE)
		return ARI_OFF;
	return ari_rules_step(p->sq, d, *value);
}

/*
 * Every target of a live face of a die on the board except (lseat,
 * lpiece), which is lifted first: its own faces never count and faces it
 * covered become live. D2: what stands between does not matter.
 */
void
ari_rules_targets(const struct ari_pos *pos, int lseat, int lpiece,
    bool out[ARI_SQUARES])
{
	uint8_t	 occ[ARI_SQUARES];
	int	 s, i, d, t, k;

	memset(out, 0, ARI_SQUARES * sizeof(out[0]));
	ari_rules_occupancy(pos, lseat, lpiece, occ);
	for (s = 0; s < 2; s++)
		for (i = 0; i < ARI_DICE; i++) {
			if (pos->p[s][i].sq == ARI_OFF ||
			    (s == lseat && i == lpiece))
				continue;
			for (d = 0; d < 4; d++)
				if ((t = ari_rules_face_target(pos, occ, s, i,
				    d, &k)) != ARI_OFF)
					out[t] = true;
		}
}

/*
 * D3/D4: the queen of seat is in danger when a live face of an enemy die
 * has her on its exact target, or on its row short of the target with
 * nothing (die or queen) between. by, when not NULL, names the first such
 * face (dice III, IV, V; faces N, E, S, W).
 */
bool
ari_rules_danger(const struct ari_pos *pos, int seat, struct ari_threat *by)
{
	uint8_t	 occ[ARI_SQUARES];
	int	 q = pos->p[seat][ARI_QUEEN].sq, o = 1 - seat;
	int	 i, d, j, k, t, sq;

	if (q == ARI_OFF)
		return false;
	ari_rules_occupancy(pos, -1, -1, occ);
	for (i = 0; i < ARI_DICE; i++) {
		if (pos->p[o][i].sq == ARI_OFF)
			continue;
		for (d = 0; d < 4; d++) {
			if ((t = ari_rules_face_target(pos, occ, o, i, d,
			    &k)) == ARI_OFF)
				continue;
			/* D2: nothing between helps on the exact target. */
			if (t == q)
				goto found;
			for (j = 1; j < k; j++) {
				sq = ari_rules_step(pos->p[o][i].sq, d, j);
				if (sq == q)
					goto found;
				if (occ[sq] != ARI_EMPTY)
					break;
			}
			continue;
found:
			if (by != NULL) {
				by->piece = i;
				by->sq = pos->p[o][i].sq;
				by->dir = (enum ari_dir)d;
				by->value = k;
			}
			return true;
		}
	}
	return false;
}

/* The threat as diag arguments: queen square, die, its square, face. */
static void
ari_rules_danger_diag(const struct ari_pos *pos, int seat,
    struct game_diag *why)
{
	static const char	 dirs[] = "NESW";
	struct ari_threat	 t;
	char			 q[4], s[4], face[4];	/* "N9" */

	if (!ari_rules_danger(pos, seat, &t))
		return;
	ari_rules_square_name(pos->p[seat][ARI_QUEEN].sq, q);
	ari_rules_square_name(t.sq, s);
	snprintf(face, sizeof(face), "%c%d", dirs[t.dir], t.value);
	game_diag_set(why, "ari.err.danger", 4, q, ari_dice_name(t.piece), s,
	    face);
}

static int
ari_rules_fail(struct game_diag *why, const char *key, const char *arg)
{
	if (why != NULL)
		game_diag_set(why, key, arg != NULL ? 1 : 0, arg);
	return -1;
}

/* Whether the position after act leaves the mover's queen safe. */
static int
ari_rules_safe_after(const struct ari_pos *pos, const struct ari_action *a,
    struct game_diag *why)
{
	struct ari_pos	 next = *pos;

	next.p[pos->turn][a->piece].sq = (int16_t)a->to;
	if (!ari_rules_danger(&next, pos->turn, NULL))
		return 0;
	if (why != NULL)
		ari_rules_danger_diag(&next, pos->turn, why);
	return -1;
}

static bool
ari_rules_any_die(const struct ari_pos *pos)
{
	int	 s, i;

	for (s = 0; s < 2; s++)
		for (i = 0; i < ARI_DICE; i++)
			if (pos->p[s][i].sq != ARI_OFF)
				return true;
	return false;
}

/* Whether die a->piece may go to a->to; the layout is checked apart. */
static int
ari_rules_check_die_square(const struct ari_pos *pos,
    const struct ari_action *a, const uint8_t *occ, const bool *targets,
    struct game_diag *why)
{
	const struct ari_piece	*p = &pos->p[pos->turn][a->piece];
	const struct ari_piece	*q = &pos->p[pos->turn][ARI_QUEEN];
	struct ari_pos		 alone;
	bool			 own[ARI_SQUARES];
	char			 name[4];
	int			 d;

	ari_rules_square_name(a->to, name);
	if (occ[a->to] != ARI_EMPTY)
		return ari_rules_fail(why, "ari.err.occupied", name);
	if (pos->stage == ARI_STAGE_OPENING) {
		/* 1.4.1 and A-3: the first die anywhere, then on a target. */
		if (ari_rules_any_die(pos) && !targets[a->to])
			return ari_rules_fail(why, "ari.err.not_target_opening",
			    name);
		return 0;
	}
	if (targets[a->to])
		return 0;
	for (d = 0; d < 4 && q->sq != ARI_OFF; d++)
		if (ari_rules_step(q->sq, d, 1) == a->to)
			return 0;
	if (p->sq != ARI_OFF && why != NULL) {
		/* say so when only the die's own faces point there. */
		memset(&alone, 0, sizeof(alone));
		for (d = 0; d < 2 * ARI_PIECES; d++)
			alone.p[d / ARI_PIECES][d % ARI_PIECES].sq = ARI_OFF;
		alone.p[pos->turn][a->piece] = *p;
		ari_rules_targets(&alone, -1, -1, own);
		if (own[a->to])
			return ari_rules_fail(why, "ari.err.own_target", name);
	}
	return ari_rules_fail(why, "ari.err.not_target", name);
}

static int
ari_rules_check_die(const struct ari_pos *pos, const struct ari_action *a,
    struct game_diag *why)
{
	const struct ari_piece	*p = &pos->p[pos->turn][a->piece];
	uint8_t			 occ[ARI_SQUARES];
	bool			 targets[ARI_SQUARES];
	char			 sq[4];

	ari_rules_square_name(p->sq, sq);
	if (pos->stage == ARI_STAGE_QUEENS)
		return ari_rules_fail(why, "ari.err.queens_now", NULL);
	if (pos->stage == ARI_STAGE_OPENING && p->sq != ARI_OFF) {
		if (why != NULL)
			game_diag_set(why, "ari.err.opening_placed", 2,
			    ari_dice_name(a->piece), sq);
		return -1;
	}
	if (a->from != p->sq) {
		if (why == NULL)
			return -1;
		if (p->sq == ARI_OFF)
			game_diag_set(why, "ari.err.die_off", 1,
			    ari_dice_name(a->piece));
		else
			game_diag_set(why, "ari.err.die_elsewhere", 2,
			    ari_dice_name(a->piece), sq);
		return -1;
	}
	if (!ari_dice_layout_ok(a->piece, a->n, a->e))
		return ari_rules_fail(why, "ari.err.layout", NULL);
	/* a die set again on its own square must turn. */
	if (a->to == p->sq && a->n == p->n && a->e == p->e) {
		if (why != NULL)
			game_diag_set(why, "ari.err.same_layout", 2,
			    ari_dice_name(a->piece), sq);
		return -1;
	}
	ari_rules_occupancy(pos, pos->turn, a->piece, occ);
	ari_rules_targets(pos, pos->turn, a->piece, targets);
	if (ari_rules_check_die_square(pos, a, occ, targets, why) == -1)
		return -1;
	return ari_rules_safe_after(pos, a, why);
}

static int
ari_rules_check_queen(const struct ari_pos *pos, const struct ari_action *a,
    struct game_diag *why)
{
	const struct ari_piece	*q = &pos->p[pos->turn][ARI_QUEEN];
	int			 other = pos->p[1 - pos->turn][ARI_QUEEN].sq;
	uint8_t			 occ[ARI_SQUARES];
	char			 name[4];

	ari_rules_square_name(a->to, name);
	if (pos->stage == ARI_STAGE_OPENING)
		return ari_rules_fail(why, "ari.err.queen_opening", NULL);
	if (pos->stage == ARI_STAGE_QUEENS && a->from != ARI_OFF)
		return ari_rules_fail(why, "ari.err.queen_off", NULL);
	if (a->from != q->sq) {
		ari_rules_square_name(q->sq, name);
		return ari_rules_fail(why, "ari.err.queen_elsewhere", name);
	}
	if (pos->stage == ARI_STAGE_PLAY && !ari_rules_touch(a->from, a->to))
		return ari_rules_fail(why, "ari.err.queen_step", NULL);
	ari_rules_square_name(a->to, name);
	ari_rules_occupancy(pos, -1, -1, occ);
	if (occ[a->to] != ARI_EMPTY)
		return ari_rules_fail(why, "ari.err.occupied", name);
	/* never beside the other queen, diagonals included. */
	if (other != ARI_OFF && ari_rules_touch(a->to, other))
		return ari_rules_fail(why, "ari.err.queens_touch", name);
	return ari_rules_safe_after(pos, a, why);
}

/*
 * Whether the side to move may play act; -1 with the reason (why may be
 * NULL) when not. act->from must be where the piece stands.
 */
int
ari_rules_check(const struct ari_pos *pos, const struct ari_action *a,
    struct game_diag *why)
{
	if (a->piece < 0 || a->piece >= ARI_PIECES || a->to < 0 ||
	    a->to >= ARI_SQUARES)
		return ari_rules_fail(why, "ari.err.syntax", "");
	if (a->piece == ARI_QUEEN)
		return ari_rules_check_queen(pos, a, why);
	return ari_rules_check_die(pos, a, why);
}

/* Plays a legal action; the stage follows from what is on the board. */
void
ari_rules_apply(struct ari_pos *pos, const struct ari_action *a)
{
	struct ari_piece	*p = &pos->p[pos->turn][a->piece];
	int			 s, i, dice = 0, queens = 0;

	p->sq = (int16_t)a->to;
	p->n = a->piece == ARI_QUEEN ? 0 : (uint8_t)a->n;
	p->e = a->piece == ARI_QUEEN ? 0 : (uint8_t)a->e;
	pos->turn = 1 - pos->turn;
	for (s = 0; s < 2; s++)
		for (i = 0; i < ARI_PIECES; i++)
			if (pos->p[s][i].sq == ARI_OFF) {
				if (i == ARI_QUEEN)
					queens++;
				else
					dice++;
			}
	/* 1.4: six dice, then two queens, then play. */
	if (pos->stage == ARI_STAGE_OPENING && dice == 0)
		pos->stage = ARI_STAGE_QUEENS;
	else if (pos->stage == ARI_STAGE_QUEENS && queens == 0)
		pos->stage = ARI_STAGE_PLAY;
}

/* Emits die i set on to in every layout (not its own on its own square). */
static int
ari_rules_emit_layouts(const struct ari_pos *pos, struct ari_action *a,
    void (*emit)(void *, const struct ari_action *), void *arg)
{
	const struct ari_piece	*p = &pos->p[pos->turn][a->piece];
	int			 l, cnt = 0;

	for (l = 0; l < ARI_LAYOUTS; l++) {
		ari_dice_layout(a->piece, l, &a->n, &a->e);
		if (a->to == p->sq && a->n == p->n && a->e == p->e)
			continue;	/* */
		cnt++;
		if (emit != NULL)
			emit(arg, a);
	}
	return cnt;
}

/*
 * The legal actions of the side to move, each passed to emit (may be NULL
 * to count only), stopping once more than limit are found. Orientation
 * never changes whether a die may go somewhere (own dice never endanger
 * the own queen), so each square is tried once for all its layouts.
 */
static int
ari_rules_generate(const struct ari_pos *pos,
    void (*emit)(void *, const struct ari_action *), void *arg, int limit)
{
	const struct ari_piece	*p;
	struct ari_action	 a;
	uint8_t			 occ[ARI_SQUARES];
	bool			 targets[ARI_SQUARES];
	int			 i, cnt = 0;

	for (i = 0; i < ARI_PIECES && cnt <= limit; i++) {
		p = &pos->p[pos->turn][i];
		memset(&a, 0, sizeof(a));
		a.piece = i;
		a.from = p->sq;
		if (i == ARI_QUEEN) {
			for (a.to = 0; a.to < ARI_SQUARES; a.to++) {
				if (pos->stage == ARI_STAGE_PLAY &&
				    !ari_rules_touch(a.from, a.to))
					continue;
				if (ari_rules_check_queen(pos, &a, NULL) != 0)
					continue;
				cnt++;
				if (emit != NULL)
					emit(arg, &a);
			}
			continue;
		}
		if (pos->stage == ARI_STAGE_QUEENS ||
		    (pos->stage == ARI_STAGE_OPENING && p->sq != ARI_OFF))
			continue;
		ari_rules_occupancy(pos, pos->turn, i, occ);
		ari_rules_targets(pos, pos->turn, i, targets);
		for (a.to = 0; a.to < ARI_SQUARES && cnt <= limit; a.to++)
			if (ari_rules_check_die_square(pos, &a, occ, targets,
			    NULL) == 0 && ari_rules_safe_after(pos, &a,
			    NULL) == 0)
				cnt += ari_rules_emit_layouts(pos, &a, emit,
				    arg);
	}
	return cnt;
}

/* Every legal action of the side to move; returns how many. */
int
ari_rules_actions(const struct ari_pos *pos,
    void (*emit)(void *, const struct ari_action *), void *arg)
{
	return ari_rules_generate(pos, emit, arg, ARI_SQUARES * ARI_LAYOUTS *
	    ARI_PIECES);
}

/* Whether the side to move has any legal action (A-1: else it loses). */
bool
ari_rules_can_act(const struct ari_pos *pos)
{
	return ari_rules_generate(pos, NULL, NULL, 0) > 0;
}

struct ari_perft {
	const struct ari_pos	*pos;
	int			 depth;
	uint64_t		 nodes;
};

static void
ari_rules_perft_one(void *arg, const struct ari_action *a)
{
	struct ari_perft	*pf = arg;
	struct ari_pos		 next = *pf->pos;

	ari_rules_apply(&next, a);
	pf->nodes += ari_rules_perft(&next, pf->depth - 1);
}

/* Action paths of depth plies (no repetition or ply cap: pure moves). */
uint64_t
ari_rules_perft(const struct ari_pos *pos, int depth)
{
	struct ari_perft	 pf = { pos, depth, 0 };

	if (depth <= 0)
		return 1;
	if (depth == 1)
		return (uint64_t)ari_rules_actions(pos, NULL, NULL);
	ari_rules_actions(pos, ari_rules_perft_one, &pf);
	return pf.nodes;
}

/*
 * The position as a repetition key: for each seat and piece its
 * file and rank as letters ('-' off the board) and its north and east
 * faces ('0' for a queen), then the side to move.
 */
void
ari_rules_key(const struct ari_pos *pos, char out[ARI_KEY_LEN + 1])
{
	const struct ari_piece	*p;
	int			 s, i;
	char			*o = out;

	for (s = 0; s < 2; s++)
		for (i = 0; i < ARI_PIECES; i++) {
			p = &pos->p[s][i];
			*o++ = p->sq == ARI_OFF ? '-' : 'a' + p->sq % ARI_SIZE;
			*o++ = p->sq == ARI_OFF ? '-' : 'a' + p->sq / ARI_SIZE;
			*o++ = (char)('0' + p->n);
			*o++ = (char)('0' + p->e);
		}
	*o++ = (char)('0' + pos->turn);
	*o = '\0';
}

/* An action in the notation of rules 1.3: "IV f6-k7 N3 E4", "Q g5-g6". */
void
ari_rules_text(const struct ari_pos *pos, const struct ari_action *a,
    char *out, size_t outlen)
{
	char	 f[4], t[4], sq[12];

	(void)pos;
	ari_rules_square_name(a->from, f);
	ari_rules_square_name(a->to, t);
	if (a->from == ARI_OFF)
		snprintf(sq, sizeof(sq), "%s", t);
	else
		snprintf(sq, sizeof(sq), "%s-%s", f, t);
	if (a->piece == ARI_QUEEN)
		snprintf(out, outlen, "Q %s", sq);
	else
		snprintf(out, outlen, "%s %s N%d E%d", ari_dice_name(a->piece),
		    sq, a->n, a->e);
}
