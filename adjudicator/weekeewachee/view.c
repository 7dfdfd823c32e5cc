/*
 * view.c - what one weekeewachee seat may know: diagram and messages.
 *
 * Reports are made from this alone (DESIGN.md), so every hidden identity
 * is masked here: in Blind-Fun a hidden piece is X (White) or x (Black)
 * for both players, the owner included (decision 3). The game master sees
 * everything; once the game is over, so does everyone. The cells say the
 * same as the diagram, field by field. No I/O.
 */
#include <stdio.h>
#include <string.h>

#include "adjudicator/weekeewachee/wkw.h"

static const char *const wkw_view_seats[2] = {
	"@wkw.seat.0", "@wkw.seat.1"
};

static const char *const wkw_view_reasons[] = {
	[WKW_END_NONE] = "",
	[WKW_END_BASE_ROW] = "@wkw.reason.base_row",
	[WKW_END_CAPTURE_ALL] = "@wkw.reason.capture_all",
	[WKW_END_RESIGN] = "@wkw.reason.resign",
	[WKW_END_REPETITION] = "@wkw.reason.repetition",
	[WKW_END_NO_MOVES] = "@wkw.reason.no_moves",
	[WKW_END_AGREEMENT] = "@wkw.reason.agreement",
	[WKW_END_PLY_CAP] = "@wkw.reason.ply_cap",
};

/*
 * The diagram, from White's side for White and the game master, turned
 * round for Black, so a player's own base row is always at the bottom:
 *
 *	    a  b  c  d
 *	  +-------------+
 *	6 | s  w  p  r  | 6
 *	...
 *	1 | R* P* W  S  | 1
 *	  +-------------+
 *	    a  b  c  d
 *
 * A '*' after a letter marks a piece the players have not seen yet; it
 * appears only where identities are shown (game master, game over).
 */
#define WKW_DIAGRAM_LEN	(2 * (14 + 1) + 2 * 18 + WKW_RANKS * \
	(4 + 3 * WKW_FILES + 4))	/* 186 bytes */
_Static_assert(WKW_DIAGRAM_LEN < GAME_BOARD_MAX, "the diagram fits");

static void
wkw_view_board(const struct game_state *st, bool black, bool show, char *out,
    size_t outlen)
{
	static const char	 border[] = "  +-------------+\n";
	const struct wkw_square	*q;
	char			 files[32];
	size_t			 n = 0;
	int			 i, r, f, rank, file;

	memcpy(files, "   ", 3);
	for (i = 0; i < WKW_FILES; i++) {
		file = black ? WKW_FILES - 1 - i : i;
		snprintf(files + 3 + 3 * i, sizeof(files) - 3 - 3 * (size_t)i,
		    " %c ", 'a' + file);
	}
	n += (size_t)snprintf(out + n, outlen - n, "%.14s\n%s", files, border);
	for (r = 0; r < WKW_RANKS; r++) {
		rank = black ? r + 1 : WKW_RANKS - r;
		n += (size_t)snprintf(out + n, outlen - n, "%d | ", rank);
		for (f = 0; f < WKW_FILES; f++) {
			file = black ? WKW_FILES - 1 - f : f;
			q = &st->board[wkw_rules_square(file, rank)];
			n += (size_t)snprintf(out + n, outlen - n, "%c%c ",
			    wkw_rules_letter(q, show),
			    show && q->hidden && q->owner != GAME_NOBODY ?
			    '*' : ' ');
		}
		n += (size_t)snprintf(out + n, outlen - n, "| %d\n", rank);
	}
	snprintf(out + n, outlen - n, "%s%.14s\n", border, files);
}

/* Whether sq is a field of the last move (marked GAME_MARK_LAST). */
static bool
wkw_view_marked(const struct game_state *st, int sq)
{
	const struct wkw_last	*l = &st->last;

	if (l->type != WKW_EV_MOVE && l->type != WKW_EV_CAPTURE &&
	    l->type != WKW_EV_ATTACK)
		return false;
	return sq == l->from || sq == l->to;
}

/*
 * One square as the viewer may see it. A piece whose kind the viewer does
 * not know is labelled "?": an enemy one is GAME_OWNER_UNKNOWN, an own one
 * (Blind-Fun hides them from their owner too, decision 3) keeps its owner.
 * Where identities are shown, "*" marks a piece the players never saw, as
 * in the diagram.
 */
static void
wkw_view_cell(const struct game_state *st, int seat, bool show, int sq,
    struct game_cell *c)
{
	const struct wkw_square	*q = &st->board[sq];

	wkw_rules_square_name(sq, c->name);
	c->shade = GAME_SHADE_PLAIN;
	c->marks = wkw_view_marked(st, sq) ? GAME_MARK_LAST : 0;
	if (q->owner == GAME_NOBODY) {
		c->owner = GAME_OWNER_NONE;
		return;
	}
	c->owner = q->owner == 0 ? GAME_OWNER_SEAT0 : GAME_OWNER_SEAT1;
	if (!q->hidden)
		snprintf(c->label, sizeof(c->label), "%c", WKW_LETTERS[q->kind]);
	else if (show)
		snprintf(c->label, sizeof(c->label), "%c*",
		    WKW_LETTERS[q->kind]);
	else {
		snprintf(c->label, sizeof(c->label), "?");
		if (q->owner != seat)
			c->owner = GAME_OWNER_UNKNOWN;
	}
}

/* The cells in the diagram's orientation: row 0 is the top rank the
 * viewer sees (rank 6 for White and the GM, rank 1 for Black). */
static void
wkw_view_cells(const struct game_state *st, int seat, bool show,
    struct game_cells *cs)
{
	int	 r, f, rank, file;

	cs->shape = GAME_CELL_SQUARE;
	cs->rows = WKW_RANKS;
	cs->cols = WKW_FILES;
	cs->n = 0;
	for (r = 0; r < WKW_RANKS; r++)
		for (f = 0; f < WKW_FILES; f++) {
			rank = seat == 1 ? r + 1 : WKW_RANKS - r;
			file = seat == 1 ? WKW_FILES - 1 - f : f;
			cs->cell[cs->n].row = (int16_t)r;
			cs->cell[cs->n].col = (int16_t)f;
			wkw_view_cell(st, seat, show,
			    wkw_rules_square(file, rank), &cs->cell[cs->n]);
			cs->n++;
		}
}

/* The last phase, as far as this seat may know it. */
static void
wkw_view_event(const struct game_state *st, bool show, struct game_view *v)
{
	const struct wkw_last	*l = &st->last;
	char			 f[3], t[3];

	wkw_rules_square_name(l->from, f);
	wkw_rules_square_name(l->to, t);
	switch (l->type) {
	case WKW_EV_NONE:
		break;
	case WKW_EV_SHUFFLE:
		game_view_add(v, "wkw.ev.shuffled", 0);
		break;
	case WKW_EV_SETUP:
		game_view_add(v, "wkw.ev.setup", 0);
		break;
	case WKW_EV_MOVE:
		game_view_add(v, "wkw.ev.moved", 4, wkw_view_seats[l->seat],
		    wkw_rules_piece_key(l->ahidden && !show ? WKW_NONE :
		    l->akind), f, t);
		break;
	case WKW_EV_CAPTURE:
		game_view_add(v, "wkw.ev.captured", 4,
		    wkw_rules_piece_key(l->akind), f,
		    wkw_rules_piece_key(l->dkind), t);
		break;
	case WKW_EV_ATTACK:
		/* Both pieces are revealed to both players (decision 3). */
		game_view_add(v, "wkw.ev.attack", 4,
		    wkw_rules_piece_key(l->akind), f,
		    wkw_rules_piece_key(l->dkind), t);
		if (l->outcome == WKW_OUT_WON)
			game_view_add(v, "wkw.ev.attack_won", 1, t);
		else if (l->outcome == WKW_OUT_LOST)
			game_view_add(v, "wkw.ev.attack_lost", 1, f);
		else
			game_view_add(v, "wkw.ev.attack_equal", 0);
		break;
	case WKW_EV_DRAW:
		game_view_add(v, "wkw.ev.draw_agreed", 0);
		break;
	case WKW_EV_RESIGN:
		game_view_add(v, "wkw.ev.resigned", 1, wkw_view_seats[l->seat]);
		break;
	}
}

static void
wkw_view_status(const struct game_state *st, int seat, struct game_view *v)
{
	char	 rank[4];

	switch (st->phase) {
	case WKW_PHASE_FORMING:
		game_view_add(v, "wkw.info.forming", 0);
		break;
	case WKW_PHASE_SETUP:
		if (seat == 0 || seat == 1) {
			snprintf(rank, sizeof(rank), "%d",
			    wkw_rules_base_rank(seat));
			game_view_add(v, "wkw.info.setup_due", 1, rank);
		} else
			game_view_add(v, "wkw.info.setup_wait", 0);
		break;
	case WKW_PHASE_PLAY:
		game_view_add(v, "wkw.turn", 1, wkw_view_seats[st->turn]);
		break;
	case WKW_PHASE_OVER:
		if (st->winner == GAME_DRAWN)
			game_view_add(v, "wkw.result.draw", 1,
			    wkw_view_reasons[st->end]);
		else
			game_view_add(v, "wkw.result.win", 2,
			    wkw_view_seats[st->winner],
			    wkw_view_reasons[st->end]);
		/* The seed behind the shuffle is committed to and
		 * published by the judge (judge.seed_commit, rules 2.4.1). */
		if (st->blind)
			game_view_add(v, "wkw.info.revealed", 0);
		break;
	}
}

/* game_ops.stat, and the same fields of every view. The phase has no
 * name: weekeewachee counts plies only. */
void
wkw_view_stat(const struct game_state *st, struct game_stat *out)
{
	memset(out, 0, sizeof(*out));
	out->ply = st->ply;
	out->winner = st->winner;
	out->phase_kind = GAME_PHASE_MOVE;
	if (st->phase == WKW_PHASE_FORMING)
		out->status = GAME_STATUS_FORMING;
	else if (st->phase == WKW_PHASE_OVER) {
		out->status = GAME_STATUS_OVER;
		game_stat_end(out, wkw_view_reasons[st->end]);
	} else
		out->status = GAME_STATUS_RUNNING;
	if (st->phase == WKW_PHASE_SETUP)
		out->due[0] = out->due[1] = true;
	else if (st->phase == WKW_PHASE_PLAY)
		out->due[st->turn] = true;
}

void
wkw_view_project(const struct game_state *st, int seat, struct game_view *out)
{
	struct game_stat	 s;
	bool			 player = seat == 0 || seat == 1;
	bool			 show = !player || st->phase == WKW_PHASE_OVER;

	memset(out, 0, sizeof(*out));
	out->seat = player ? seat : GAME_SEAT_GM;
	wkw_view_stat(st, &s);
	game_view_set_stat(out, &s);
	wkw_view_board(st, seat == 1, show, out->board, sizeof(out->board));
	wkw_view_cells(st, out->seat, show, &out->cells);

	game_view_add(out, st->blind ? "wkw.variant.blind" :
	    "wkw.variant.classic", 0);
	wkw_view_event(st, show, out);
	wkw_view_status(st, seat, out);
	game_view_add(out, st->blind ? "wkw.legend.blind" : "wkw.legend", 0);
}
