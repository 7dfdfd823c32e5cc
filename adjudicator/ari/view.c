/*
 * view.c - what an ARI seat sees: the diagram with every die's four side
 * faces, the same board as structured cells for the picture, and the
 * messages (last action, danger, draw offer, whose turn, result).
 *
 * ARI hides nothing, so every seat and the game master see the same board.
 * Directions are absolute (rules 1.3), so the board is never turned: rank
 * 15 is at the top for everyone and a die's N face points up. No I/O.
 */
#include <stdio.h>
#include <string.h>

#include "adjudicator/ari/ari.h"

#define ARI_CELL_W	5	/* characters per square in the diagram */

static const char *const ari_view_seats[2] = {
	"@ari.seat.0", "@ari.seat.1"
};

static const char *const ari_view_reasons[] = {
	[ARI_END_NONE] = "",
	[ARI_END_CAPTURE] = "@ari.reason.capture",
	[ARI_END_RESIGN] = "@ari.reason.resign",
	[ARI_END_REPETITION] = "@ari.reason.repetition",
	[ARI_END_AGREEMENT] = "@ari.reason.agreement",
	[ARI_END_PLY_CAP] = "@ari.reason.ply_cap",
};

/* Which piece stands on each square: seat * ARI_PIECES + piece, or -1. */
static void
ari_view_pieces(const struct ari_pos *pos, int who[ARI_SQUARES])
{
	int	 s, i;

	for (i = 0; i < ARI_SQUARES; i++)
		who[i] = -1;
	for (s = 0; s < 2; s++)
		for (i = 0; i < ARI_PIECES; i++)
			if (pos->p[s][i].sq != ARI_OFF)
				who[pos->p[s][i].sq] = s * ARI_PIECES + i;
}

/* The die's name for the diagram: upper case White, lower case Black. */
static void
ari_view_die_name(int seat, int piece, char out[4])
{
	static const char *const names[2][ARI_PIECES] = {
		{ "III", "IV ", " V ", " Q " },
		{ "iii", "iv ", " v ", " q " },
	};

	memcpy(out, names[seat][piece], 4);
}

/* One of the three text lines of a square (0 top, 1 middle, 2 bottom). */
static void
ari_view_square_line(const struct ari_pos *pos, int who, bool target,
    int line, char out[ARI_CELL_W + 1])
{
	const struct ari_piece	*p;
	char			 name[4];
	int			 s = who / ARI_PIECES, i = who % ARI_PIECES;

	memset(out, ' ', ARI_CELL_W);
	out[ARI_CELL_W] = '\0';
	if (who < 0) {
		if (line == 1)
			out[2] = target ? '+' : '.';
		return;
	}
	p = &pos->p[s][i];
	if (i == ARI_QUEEN) {
		if (line == 1)
			out[2] = s == 0 ? 'Q' : 'q';
		return;
	}
	if (line != 1) {
		out[2] = (char)('0' + ari_dice_face(i, p->n, p->e,
		    line == 0 ? ARI_N : ARI_S));
		return;
	}
	ari_view_die_name(s, i, name);
	out[0] = (char)('0' + ari_dice_face(i, p->n, p->e, ARI_W));
	memcpy(out + 1, name, 3);
	out[4] = (char)('0' + p->e);
}

/*
 * The diagram, three text lines per rank, rank 15 on top, framed so that
 * every line is exactly 79 characters wide (no trailing blanks for a mail
 * program to eat):
 *
 *	       a    b    c    d    e    f    g    h    i
 *	  +---------------------------------------------- ... -+
 *	  |                                     9              |
 *	 8|8 V 3  +    .    +    +    .    .  7III2  .    .   |
 *	  |  7                                  1              |
 *
 * A die shows its north face above, west and east beside and south below
 * its name (upper case White, lower case Black); Q and q are the queens;
 * '+' is an empty square some die points at.
 */
/* Its size, the largest of all games' (3837 bytes): the file letters,
 * two frame lines and three lines of 79 characters per rank. */
#define ARI_DIAGRAM_LEN	((3 + 5 * ARI_SIZE - 2 + 1) + 2 * (3 + ARI_SIZE * \
	ARI_CELL_W + 2) + 3 * ARI_SIZE * (3 + ARI_SIZE * ARI_CELL_W + 2))
_Static_assert(ARI_DIAGRAM_LEN < GAME_BOARD_MAX, "the ARI diagram fits");

static void
ari_view_board(const struct ari_pos *pos, const bool *targets, char *out,
    size_t outlen)
{
	char	 border[ARI_SIZE * ARI_CELL_W + 1], sq[ARI_CELL_W + 1];
	int	 who[ARI_SQUARES];
	size_t	 n = 0;
	int	 r, f, l;

	ari_view_pieces(pos, who);
	memset(border, '-', sizeof(border) - 1);
	border[sizeof(border) - 1] = '\0';
	n += (size_t)snprintf(out + n, outlen - n, "   ");
	for (f = 0; f < ARI_SIZE && n < outlen; f++)
		n += (size_t)snprintf(out + n, outlen - n, "  %c%s", 'a' + f,
		    f < ARI_SIZE - 1 ? "  " : "");
	if (n < outlen)
		n += (size_t)snprintf(out + n, outlen - n, "\n  +%s+\n",
		    border);
	for (r = ARI_SIZE - 1; r >= 0; r--)
		for (l = 0; l < 3 && n < outlen; l++) {
			if (l == 1)
				n += (size_t)snprintf(out + n, outlen - n,
				    "%2d|", r + 1);
			else
				n += (size_t)snprintf(out + n, outlen - n,
				    "  |");
			for (f = 0; f < ARI_SIZE && n < outlen; f++) {
				ari_view_square_line(pos,
				    who[r * ARI_SIZE + f],
				    targets[r * ARI_SIZE + f], l, sq);
				n += (size_t)snprintf(out + n, outlen - n,
				    "%s", sq);
			}
			if (n < outlen)
				n += (size_t)snprintf(out + n, outlen - n,
				    "|\n");
		}
	if (n < outlen)
		snprintf(out + n, outlen - n, "  +%s+\n", border);
}

static bool
ari_view_marked(const struct game_state *st, int sq)
{
	return st->last.type == ARI_EV_ACTION && (st->last.act.to == sq ||
	    (st->last.act.from == sq && sq != ARI_OFF));
}

/* The board as cells: row 0 is rank 15, column 0 file a. */
static void
ari_view_cells(const struct game_state *st, const bool *targets,
    struct game_cells *c)
{
	const struct ari_piece	*p;
	struct game_cell	*x;
	int			 who[ARI_SQUARES];
	int			 sq, s, i, d;

	ari_view_pieces(&st->pos, who);
	c->shape = GAME_CELL_SQUARE;
	c->rows = c->cols = ARI_SIZE;
	c->n = ARI_SQUARES;
	for (sq = 0; sq < ARI_SQUARES; sq++) {
		x = &c->cell[sq];
		x->row = (int16_t)(ARI_SIZE - 1 - sq / ARI_SIZE);
		x->col = (int16_t)(sq % ARI_SIZE);
		ari_rules_square_name(sq, x->name);
		x->shade = GAME_SHADE_PLAIN;
		x->marks = (uint8_t)((ari_view_marked(st, sq) ?
		    GAME_MARK_LAST : 0) | (targets[sq] ? GAME_MARK_ZONE : 0));
		x->owner = GAME_OWNER_NONE;
		if (who[sq] < 0)
			continue;
		s = who[sq] / ARI_PIECES;
		i = who[sq] % ARI_PIECES;
		p = &st->pos.p[s][i];
		x->owner = s == 0 ? GAME_OWNER_SEAT0 : GAME_OWNER_SEAT1;
		snprintf(x->label, sizeof(x->label), "%s", ari_dice_name(i));
		if (i == ARI_QUEEN)
			continue;
		for (d = 0; d < 4; d++)	/* a face: one digit */
			snprintf(x->side[d], sizeof(x->side[d]), "%d",
			    ari_dice_face(i, p->n, p->e, (enum ari_dir)d));
	}
}

/* "III h8 N9 E2, IV -, V -, Q m13": where a seat's pieces stand; 47 bytes
 * at most (faces are single digits), within GAME_ARG_MAX. */
static void
ari_view_list(const struct ari_pos *pos, int seat, char out[GAME_ARG_MAX])
{
	const struct ari_piece	*p;
	char			 sq[4];
	size_t			 n = 0;
	int			 i;

	out[0] = '\0';
	for (i = 0; i < ARI_PIECES; i++) {
		p = &pos->p[seat][i];
		ari_rules_square_name(p->sq, sq);
		if (p->sq != ARI_OFF && i != ARI_QUEEN)
			n += (size_t)snprintf(out + n, GAME_ARG_MAX - n,
			    "%s%s %s N%d E%d", i ? ", " : "", ari_dice_name(i),
			    sq, p->n, p->e);
		else
			n += (size_t)snprintf(out + n, GAME_ARG_MAX - n,
			    "%s%s %s", i ? ", " : "", ari_dice_name(i), sq);
		if (n >= GAME_ARG_MAX)
			break;
	}
}

static void
ari_view_event(const struct game_state *st, struct game_view *v)
{
	const struct ari_last	*l = &st->last;
	const struct ari_action	*a = &l->act;
	char			 f[4], t[4], sq[12], sides[GAME_ARG_MAX];

	ari_rules_square_name(a->from, f);
	ari_rules_square_name(a->to, t);
	switch (l->type) {
	case ARI_EV_NONE:
		break;
	case ARI_EV_ACTION:
		if (a->piece == ARI_QUEEN && a->from == ARI_OFF)
			game_view_add(v, "ari.ev.queen_placed", 2,
			    ari_view_seats[l->seat], t);
		else if (a->piece == ARI_QUEEN)
			game_view_add(v, "ari.ev.queen_step", 3,
			    ari_view_seats[l->seat], f, t);
		else {
			if (a->from == ARI_OFF)
				snprintf(sq, sizeof(sq), "%s", t);
			else
				snprintf(sq, sizeof(sq), "%s-%s", f, t);
			snprintf(sides, sizeof(sides), "N%d E%d S%d W%d", a->n,
			    a->e, ari_dice_face(a->piece, a->n, a->e, ARI_S),
			    ari_dice_face(a->piece, a->n, a->e, ARI_W));
			game_view_add(v, a->from == ARI_OFF ? "ari.ev.die" :
			    "ari.ev.die_moved", 4,
			    ari_view_seats[l->seat], ari_dice_name(a->piece),
			    sq, sides);
		}
		break;
	case ARI_EV_DRAW:
		game_view_add(v, "ari.ev.draw_agreed", 0);
		break;
	case ARI_EV_RESIGN:
		game_view_add(v, "ari.ev.resigned", 1, ari_view_seats[l->seat]);
		break;
	}
}

/* The informational "+" of rules 1.3: the side to move is in danger. */
static void
ari_view_danger(const struct game_state *st, struct game_view *v)
{
	static const char	 dirs[] = "NESW";
	struct ari_threat	 t;
	char			 q[4], s[4], by[GAME_ARG_MAX];
	int			 seat = st->pos.turn;

	if (!ari_rules_danger(&st->pos, seat, &t))
		return;
	ari_rules_square_name(st->pos.p[seat][ARI_QUEEN].sq, q);
	ari_rules_square_name(t.sq, s);
	snprintf(by, sizeof(by), "%s %s %c%d", ari_dice_name(t.piece), s,
	    dirs[t.dir], t.value);
	game_view_add(v, "ari.info.danger", 3, ari_view_seats[seat], q, by);
}

static void
ari_view_status(const struct game_state *st, struct game_view *v)
{
	const char	*who = ari_view_seats[st->pos.turn];
	int		 s, placed = 0;

	switch (st->status) {
	case ARI_FORMING:
		game_view_add(v, "ari.info.forming", 0);
		return;
	case ARI_OVER:
		if (st->winner == GAME_DRAWN)
			game_view_add(v, "ari.result.draw", 1,
			    ari_view_reasons[st->end]);
		else
			game_view_add(v, "ari.result.win", 2,
			    ari_view_seats[st->winner],
			    ari_view_reasons[st->end]);
		return;
	case ARI_RUNNING:
		break;
	}
	ari_view_danger(st, v);
	if (st->offer == 0 || st->offer == 1)
		game_view_add(v, "ari.info.draw_offer", 2,
		    ari_view_seats[st->offer], ari_view_seats[1 - st->offer]);
	for (s = 0; s < 2 * ARI_DICE; s++)
		placed += st->pos.p[s / ARI_DICE][s % ARI_DICE].sq != ARI_OFF;
	switch (st->pos.stage) {
	case ARI_STAGE_OPENING:
		game_view_add(v, placed == 0 ? "ari.turn.first_die" :
		    "ari.turn.die", 1, who);
		break;
	case ARI_STAGE_QUEENS:
		game_view_add(v, "ari.turn.queen", 1, who);
		break;
	case ARI_STAGE_PLAY:
		game_view_add(v, "ari.turn", 1, who);
		break;
	}
}

/* game_ops.stat, and the same fields of every view: the phase is the
 * stage of the game ("opening", "queens", "play"), or "forming", "over". */
void
ari_view_stat(const struct game_state *st, struct game_stat *out)
{
	static const char *const stages[] = { "opening", "queens", "play" };

	memset(out, 0, sizeof(*out));
	out->ply = st->ply;
	out->winner = st->winner;
	out->phase_kind = GAME_PHASE_MOVE;
	switch (st->status) {
	case ARI_FORMING:
		out->status = GAME_STATUS_FORMING;
		snprintf(out->phase, sizeof(out->phase), "forming");
		break;
	case ARI_OVER:
		out->status = GAME_STATUS_OVER;
		snprintf(out->phase, sizeof(out->phase), "over");
		game_stat_end(out, ari_view_reasons[st->end]);
		break;
	case ARI_RUNNING:
		out->status = GAME_STATUS_RUNNING;
		out->due[st->pos.turn] = true;
		snprintf(out->phase, sizeof(out->phase), "%s",
		    stages[st->pos.stage]);
		break;
	}
}

void
ari_view_project(const struct game_state *st, int seat, struct game_view *out)
{
	struct game_stat	 facts;
	bool			 targets[ARI_SQUARES];
	char			 list[GAME_ARG_MAX];
	int			 s;

	memset(out, 0, sizeof(*out));
	out->seat = seat == 0 || seat == 1 ? seat : GAME_SEAT_GM;
	ari_view_stat(st, &facts);
	game_view_set_stat(out, &facts);
	ari_rules_targets(&st->pos, -1, -1, targets);
	ari_view_board(&st->pos, targets, out->board, sizeof(out->board));
	ari_view_cells(st, targets, &out->cells);
	ari_view_event(st, out);
	ari_view_status(st, out);
	for (s = 0; s < 2; s++) {
		ari_view_list(&st->pos, s, list);
		game_view_add(out, "ari.info.pieces", 2, ari_view_seats[s],
		    list);
	}
	game_view_add(out, "ari.legend", 0);
}
