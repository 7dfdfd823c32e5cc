/*
 * view.c - what one weekeewachee seat may know: diagram and messages.
 *
 * Reports are made from this alone (DESIGN.md), so every hidden identity
 * is masked here: in Blind-Fun a hidden piece is X (White) or x (Black)
 * for both players, the owner included (decision 3). The game master sees
 * everything; once the game is over, so does everyone. No I/O.
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

void
wkw_view_project(const struct game_state *st, int seat, struct game_view *out)
{
	bool	 player = seat == 0 || seat == 1;
	bool	 show = !player || st->phase == WKW_PHASE_OVER;

	memset(out, 0, sizeof(*out));
	out->seat = player ? seat : GAME_SEAT_GM;
	out->ply = st->ply;
	out->winner = st->winner;
	if (st->phase == WKW_PHASE_FORMING)
		out->status = GAME_STATUS_FORMING;
	else if (st->phase == WKW_PHASE_OVER)
		out->status = GAME_STATUS_OVER;
	else
		out->status = GAME_STATUS_RUNNING;
	if (st->phase == WKW_PHASE_SETUP)
		out->due[0] = out->due[1] = true;
	else if (st->phase == WKW_PHASE_PLAY)
		out->due[st->turn] = true;
	wkw_view_board(st, seat == 1, show, out->board, sizeof(out->board));

	game_view_add(out, st->blind ? "wkw.variant.blind" :
	    "wkw.variant.classic", 0);
	wkw_view_event(st, show, out);
	wkw_view_status(st, seat, out);
	game_view_add(out, st->blind ? "wkw.legend.blind" : "wkw.legend", 0);
}
