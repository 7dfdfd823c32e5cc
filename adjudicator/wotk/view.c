/*
 * view.c - what a seat of Way of the Knight sees: the diagram with every
 * piece's level, the same board as structured cells for the picture, and
 * the messages (last move, improvements, check, whose turn, result).
 *
 * Way of the Knight hides nothing, so players and the game master see the
 * same board; each player sees it from his own side. No I/O.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "adjudicator/wotk/wotk.h"

static const char *const wotk_view_colors[2] = {
	"@wotk.color.0", "@wotk.color.1"
};

static const char *const wotk_view_reasons[] = {
	[WOTK_END_NONE] = "",
	[WOTK_END_MATE] = "@wotk.reason.mate",
	[WOTK_END_KING_TAKEN] = "@wotk.reason.king_taken",
	[WOTK_END_RESIGN] = "@wotk.reason.resign",
	[WOTK_END_STALEMATE] = "@wotk.reason.stalemate",
	[WOTK_END_REPETITION] = "@wotk.reason.repetition",
	[WOTK_END_FIFTY] = "@wotk.reason.fifty",
	[WOTK_END_MATERIAL] = "@wotk.reason.material",
	[WOTK_END_AGREEMENT] = "@wotk.reason.agreement",
};

/* "Q8", or "q8" for Black when lower is set; "" for an empty square. */
static void
wotk_view_label(uint8_t pc, bool lower, char *out, size_t outlen)
{
	char	 c;

	if (pc == 0) {
		out[0] = '\0';
		return;
	}
	c = wotk_forms[WOTK_FORM_OF(pc)].letter;
	if (lower && WOTK_COLOR_OF(pc) == WOTK_BLACK)
		c = (char)tolower((unsigned char)c);
	snprintf(out, outlen, "%c%d", c, wotk_forms[WOTK_FORM_OF(pc)].level);
}

/* The square shown at row r (0 at the top) and column c. */
static int
wotk_view_square(bool black, int r, int c)
{
	return black ? r * 8 + (7 - c) : (7 - r) * 8 + c;
}

/*
 * The diagram, from White's side for White and the game master, turned
 * round for Black; upper case White, lower case Black, each piece with its
 * level; '.' a light and ':' a dark empty square:
 *
 *	    a   b   c   d   e   f   g   h
 *	  +---------------------------------+
 *	8 | r5  n3  b3  q8  k11 b3  n3  r5  | 8
 *	...
 *	1 | R5  N3  B3  Q8  K11 B3  N3  R5  | 1
 *	  +---------------------------------+
 *	    a   b   c   d   e   f   g   h
 */
#define WOTK_DIAGRAM_LEN	(2 * (33 + 1) + 2 * 38 + 8 * (4 + 8 * 4 + 4))
_Static_assert(WOTK_DIAGRAM_LEN < GAME_BOARD_MAX, "the diagram fits");
/* A square's label, a letter and the level, in its 4 columns. */
_Static_assert(WOTK_LEVEL_MAX < 100, "a level has at most 2 digits");

static void
wotk_view_board(const struct game_state *st, bool black, char *out,
    size_t outlen)
{
	static const char	 border[] =
	    "  +---------------------------------+\n";
	char			 files[48], lab[8];
	size_t			 n = 0;
	int			 r, c, sq;

	snprintf(files, sizeof(files), "    ");
	for (c = 0; c < 8; c++)
		snprintf(files + 4 + 4 * c, sizeof(files) - 4 - 4 * (size_t)c,
		    "%c   ", black ? 'h' - c : 'a' + c);
	files[33] = '\0';
	n += (size_t)snprintf(out + n, outlen - n, "%s\n%s", files, border);
	for (r = 0; r < 8; r++) {
		sq = wotk_view_square(black, r, 0);
		n += (size_t)snprintf(out + n, outlen - n, "%d | ",
		    sq / 8 + 1);
		for (c = 0; c < 8; c++) {
			sq = wotk_view_square(black, r, c);
			wotk_view_label(st->pos.sq[sq], true, lab,
			    sizeof(lab));
			if (lab[0] == '\0')
				snprintf(lab, sizeof(lab), "%c",
				    (sq / 8 + sq % 8) % 2 == 0 ? ':' : '.');
			n += (size_t)snprintf(out + n, outlen - n, "%-4s",
			    lab);
		}
		n += (size_t)snprintf(out + n, outlen - n, "| %d\n",
		    sq / 8 + 1);
	}
	snprintf(out + n, outlen - n, "%s%s\n", border, files);
}

/* The structured twin of the diagram (game.h): names "e4", labels "Q8". */
static void
wotk_view_cells(const struct game_state *st, bool black,
    struct game_cells *cells)
{
	const struct wotk_last	*l = &st->last;
	struct game_cell	*cl;
	int			 r, c, sq;
	uint8_t			 pc;

	cells->shape = GAME_CELL_SQUARE;
	cells->rows = cells->cols = 8;
	cells->light_seat = st->white == 1 ? 1 : 0;
	cells->n = 0;
	for (r = 0; r < 8; r++)
		for (c = 0; c < 8; c++) {
			sq = wotk_view_square(black, r, c);
			pc = st->pos.sq[sq];
			cl = &cells->cell[cells->n++];
			memset(cl, 0, sizeof(*cl));
			cl->row = (int16_t)r;
			cl->col = (int16_t)c;
			wotk_square_name(sq, cl->name);
			cl->shade = (sq / 8 + sq % 8) % 2 == 0 ?
			    GAME_SHADE_DARK : GAME_SHADE_PLAIN;
			if (l->type == WOTK_EV_MOVE && (sq == l->move.from ||
			    sq == l->move.to))
				cl->marks = GAME_MARK_LAST;
			cl->owner = pc == 0 ? GAME_OWNER_NONE :
			    WOTK_COLOR_OF(pc) == WOTK_WHITE ?
			    GAME_OWNER_SEAT0 : GAME_OWNER_SEAT1;
			wotk_view_label(pc, false, cl->label,
			    sizeof(cl->label));
		}
}

static void
wotk_view_form_arg(const struct game_state *st, int form, char *out,
    size_t outlen)
{
	snprintf(out, outlen, "@%s", wotk_form_key(&st->rules, form));
}

static void
wotk_view_setup(const struct game_state *st, struct game_view *v)
{
	const struct wotk_last	*l = &st->last;
	char			 sq[3], f[GAME_ARG_MAX];
	int			 i;

	game_view_add(v, "wotk.ev.setup", 1, wotk_view_colors[WOTK_WHITE]);
	for (i = 0; i < l->nsetup; i++) {
		wotk_square_name(l->setup_sq[i], sq);
		wotk_view_form_arg(st, l->setup_form[i], f, sizeof(f));
		game_view_add(v, "wotk.ev.setup_item", 2, sq, f);
	}
}

static void
wotk_view_move(const struct game_state *st, struct game_view *v)
{
	const struct wotk_last	*l = &st->last;
	char			 a[GAME_ARG_MAX], b[GAME_ARG_MAX], sq[3];
	int			 mover = WOTK_COLOR_OF(l->piece);

	game_view_add(v, "wotk.ev.move", 2, wotk_view_colors[mover], l->text);
	if (l->victim != 0) {
		wotk_view_form_arg(st, WOTK_FORM_OF(l->victim), a, sizeof(a));
		game_view_add(v, "wotk.ev.capture", 1, a);
	}
	if (l->move.form != WOTK_FORM_OF(l->piece)) {
		wotk_view_form_arg(st, WOTK_FORM_OF(l->piece), a, sizeof(a));
		wotk_view_form_arg(st, l->move.form, b, sizeof(b));
		wotk_square_name(l->move.to, sq);
		game_view_add(v, "wotk.ev.improve", 3, a, sq, b);
	}
}

static void
wotk_view_event(const struct game_state *st, struct game_view *v)
{
	const struct wotk_last	*l = &st->last;

	switch (l->type) {
	case WOTK_EV_NONE:
		break;
	case WOTK_EV_START:
		game_view_add(v, "wotk.ev.start", 0);
		break;
	case WOTK_EV_SETUP:
		wotk_view_setup(st, v);
		break;
	case WOTK_EV_MOVE:
		wotk_view_move(st, v);
		break;
	case WOTK_EV_DRAW:
		game_view_add(v, "wotk.ev.draw_agreed", 0);
		break;
	case WOTK_EV_RESIGN:
		game_view_add(v, "wotk.ev.resign", 1,
		    wotk_view_colors[wotk_color_of_seat(st, l->seat)]);
		break;
	}
}

/* Kings, check and a standing draw offer. */
static void
wotk_view_kings(const struct game_state *st, struct game_view *v)
{
	char	 n[8];
	int	 c;

	for (c = 0; c < 2; c++)
		if (wotk_king_count(&st->pos, c) > 1) {
			snprintf(n, sizeof(n), "%d",
			    wotk_king_count(&st->pos, c));
			game_view_add(v, "wotk.info.kings", 2,
			    wotk_view_colors[c], n);
		}
	if (st->phase == WOTK_PHASE_PLAY &&
	    wotk_in_check(&st->pos, st->pos.side))
		game_view_add(v, "wotk.info.check", 1,
		    wotk_view_colors[st->pos.side]);
	if (st->phase == WOTK_PHASE_PLAY && st->offer >= 0)
		game_view_add(v, "wotk.info.draw_offer", 1,
		    wotk_view_colors[wotk_color_of_seat(st, st->offer)]);
}

static void
wotk_view_status(const struct game_state *st, int seat, struct game_view *v)
{
	char	 n[16];

	switch (st->phase) {
	case WOTK_PHASE_FORMING:
		game_view_add(v, "wotk.info.forming", 0);
		break;
	case WOTK_PHASE_SETUP:
		snprintf(n, sizeof(n), "%d", st->handicap[st->white]);
		game_view_add(v, seat == st->white ? "wotk.info.setup_due" :
		    "wotk.info.setup_wait", 2, wotk_view_colors[WOTK_WHITE], n);
		break;
	case WOTK_PHASE_PLAY:
		snprintf(n, sizeof(n), "%d", st->pos.fullmove);
		game_view_add(v, "wotk.turn", 2,
		    wotk_view_colors[st->pos.side], n);
		break;
	case WOTK_PHASE_OVER:
		if (st->winner == GAME_DRAWN)
			game_view_add(v, "wotk.result.draw", 1,
			    wotk_view_reasons[st->end]);
		else
			game_view_add(v, "wotk.result.win", 2,
			    wotk_view_colors[wotk_color_of_seat(st,
			    st->winner)], wotk_view_reasons[st->end]);
		break;
	}
}

/* game_ops.stat, and the same fields of every view: "setup" during the
 * handicap set-up, then the full move and the side to move ("12b"). */
void
wotk_view_stat(const struct game_state *st, struct game_stat *out)
{
	int	 due;

	memset(out, 0, sizeof(*out));
	out->ply = st->ply;
	out->winner = st->winner;
	out->phase_kind = GAME_PHASE_MOVE;
	if (st->phase == WOTK_PHASE_FORMING)
		out->status = GAME_STATUS_FORMING;
	else if (st->phase == WOTK_PHASE_OVER)
		out->status = GAME_STATUS_OVER;
	else
		out->status = GAME_STATUS_RUNNING;
	if (st->phase == WOTK_PHASE_OVER)
		game_stat_end(out, wotk_view_reasons[st->end]);
	due = st->phase == WOTK_PHASE_SETUP ? st->white :
	    st->phase == WOTK_PHASE_PLAY ? wotk_seat_of_color(st,
	    st->pos.side) : GAME_NOBODY;
	if (due == 0 || due == 1)
		out->due[due] = true;
	if (st->phase == WOTK_PHASE_SETUP)
		snprintf(out->phase, sizeof(out->phase), "setup");
	else
		snprintf(out->phase, sizeof(out->phase), "%d%c",
		    st->pos.fullmove, st->pos.side == WOTK_WHITE ? 'w' : 'b');
}

void
wotk_view_project(const struct game_state *st, int seat, struct game_view *out)
{
	struct game_stat	 s;
	bool			 player = seat == 0 || seat == 1;
	int			 color = player ? wotk_color_of_seat(st, seat) :
				    -1;

	memset(out, 0, sizeof(*out));
	out->seat = player ? seat : GAME_SEAT_GM;
	wotk_view_stat(st, &s);
	game_view_set_stat(out, &s);
	wotk_view_board(st, color == WOTK_BLACK, out->board,
	    sizeof(out->board));
	wotk_view_cells(st, color == WOTK_BLACK, &out->cells);

	if (color >= 0)
		game_view_add(out, "wotk.info.you", 1,
		    wotk_view_colors[color]);
	wotk_view_event(st, out);
	wotk_view_kings(st, out);
	wotk_view_status(st, seat, out);
	game_view_add(out, st->rules.paths->mixed ? "wotk.legend.alternative" :
	    "wotk.legend.standard", 0);
}
