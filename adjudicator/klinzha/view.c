/*
 * view.c - what one KlinZha seat may know: the diagram, the cells of the
 * picture and the messages of its report.
 *
 * rules/klinzha.md decisions 5 and 6. Every field is first reduced to what
 * the seat sees there (kz_view_field), and both the diagram and the cells
 * are drawn from that alone; the events of the last move are told from the
 * seat's side: the mover learns what his move did, the other side which of
 * its pieces died and where. The game master sees everything, and so does
 * everybody once the game is over. No I/O.
 */
#include <stdio.h>
#include <string.h>

#include "adjudicator/klinzha/kz.h"

static const char *const kz_view_seats[2] = {
	"@kz.seat.0", "@kz.seat.1"
};

static const char *const kz_view_reasons[] = {
	[KZ_END_NONE] = "",
	[KZ_END_GOAL] = "@kz.reason.goal",
	[KZ_END_NO_MOVES] = "@kz.reason.no_moves",
	[KZ_END_RESIGN] = "@kz.reason.resign",
	[KZ_END_AGREEMENT] = "@kz.reason.agreement",
	[KZ_END_REPETITION] = "@kz.reason.repetition",
	[KZ_END_QUIET] = "@kz.reason.quiet",
	[KZ_END_PLY_CAP] = "@kz.reason.ply_cap",
};

/* One field as the seat sees it. */
struct kz_vfield {
	char	 piece;		/* letter, 'G' a lone Goal, '?', '.' */
	bool	 goal;		/* a Goal is carried here */
	int	 owner;		/* enum game_cell_owner */
	bool	 zone;		/* in a zone the seat knows of */
	bool	 mark;		/* a field of the last move the seat knows */
};

static bool
kz_view_player(int seat)
{
	return seat == 0 || seat == 1;
}

/* The fields of the last move this seat may know of (decision 6). */
static void
kz_view_marks(const struct game_state *st, int seat, bool all,
    bool mark[KZ_FIELDS])
{
	const struct kz_last	*l = &st->last;

	memset(mark, 0, KZ_FIELDS);
	if (l->type != KZ_EV_MOVE)
		return;
	if (all || seat == l->seat || st->form == KZ_OPEN) {
		mark[l->path[0]] = true;
		mark[l->stop] = true;
	} else if (l->killed != KZ_NONE || l->goal_taken)
		mark[l->stop] = true;
}

static void
kz_view_fields(const struct game_state *st, int seat,
    struct kz_vfield v[KZ_FIELDS])
{
	const struct kz_pos	*p = &st->pos;
	bool			 all = !kz_view_player(seat) ||
				    st->phase == KZ_PHASE_OVER;
	bool			 mark[KZ_FIELDS];
	int			 f, o, sight, b, s, i;

	kz_view_marks(st, seat, all, mark);
	for (f = 0; f < KZ_FIELDS; f++) {
		memset(&v[f], 0, sizeof(v[f]));
		v[f].piece = '.';
		v[f].owner = GAME_OWNER_NONE;
		v[f].mark = mark[f];
		o = p->owner[f] >= 0 ? p->owner[f] :
		    p->goal[0] == f ? 0 : p->goal[1] == f ? 1 : -1;
		if (o < 0)
			continue;
		sight = all || o == seat ? KZ_SIGHT_FULL :
		    kz_rules_sight(st, seat, f);
		if (sight == KZ_SIGHT_NONE)
			continue;
		if (sight == KZ_SIGHT_SOME) {
			v[f].piece = '?';
			v[f].owner = GAME_OWNER_UNKNOWN;
			continue;
		}
		v[f].owner = o == 0 ? GAME_OWNER_SEAT0 : GAME_OWNER_SEAT1;
		v[f].piece = p->owner[f] >= 0 ? KZ_LETTERS[p->kind[f]] : 'G';
		if (o == 1)
			v[f].piece = (char)(v[f].piece - 'A' + 'a');
		v[f].goal = p->owner[f] >= 0 && p->goal[o] == f;
	}
	/* Zones: the own one, and an enemy one only around a Blockader the
	 * seat sees by kind (decision 5). */
	for (s = 0; s < 2; s++) {
		if ((b = kz_rules_blockader(p, s)) < 0)
			continue;
		if (!all && s != seat && kz_rules_sight(st, seat, b) !=
		    KZ_SIGHT_FULL)
			continue;
		for (i = 0; i < 3; i++)
			if (kz_nb[b][i] >= 0)
				v[kz_nb[b][i]].zone = true;
	}
}

/*
 * The diagram: the triangle with the apex at the top, each field three
 * characters wide (a field's neighbour in its row is half a triangle
 * away), the row letter at both ends. Under the bottom row the digits 1..9
 * mark where the two diagonals of a label start: E-38 is in row E on the
 * "/" line rising from 3 and the "\" line rising from 8.
 *
 *	A                          .                           A
 *	B                       .  .  .                        B
 *	...
 *	I  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .   I
 *	   1     2     3     4     5     6     7     8     9
 *
 * Each field: a mark (blank, ~ cloud edge, # cloud), the object, and a
 * third character (* the piece carries its Goal, + an empty field in a
 * Blockader zone, ' last move).
 */
/* Each row r: its letter, 3 * (KZ_ROWS - 1 - r) blanks either side of
 * its 2r + 1 fields of three characters, the letter again (56 bytes);
 * the digits below: at most 561 bytes. */
#define KZ_DIAGRAM_LEN	(KZ_ROWS * (2 + 6 * (KZ_ROWS - 1) + 3 + 3) + \
	2 + 6 * 9 + 1)
_Static_assert(KZ_DIAGRAM_LEN < GAME_BOARD_MAX, "the diagram fits");

static void
kz_view_board(const struct game_state *st, const struct kz_vfield *v,
    char *out, size_t outlen)
{
	size_t	 n = 0;
	int	 r, k, f, i;
	char	 c, third;

	for (r = 0; r < KZ_ROWS && n < outlen; r++) {
		n += (size_t)snprintf(out + n, outlen - n, "%c %*s",
		    'A' + r, 3 * (KZ_ROWS - 1 - r), "");
		for (k = 0; k <= 2 * r && n < outlen; k++) {
			f = r * r + k;
			c = st->pos.cloud[f] == KZ_CLOUD ? '#' :
			    st->pos.cloud[f] == KZ_EDGE ? '~' : ' ';
			third = v[f].goal ? '*' : v[f].mark ? '\'' :
			    v[f].zone && v[f].piece == '.' ? '+' : ' ';
			n += (size_t)snprintf(out + n, outlen - n, "%c%c%c",
			    c, v[f].piece, third);
		}
		n += (size_t)snprintf(out + n, outlen - n, "%*s %c\n",
		    3 * (KZ_ROWS - 1 - r), "", 'A' + r);
	}
	if (n < outlen)
		n += (size_t)snprintf(out + n, outlen - n, "  ");
	for (i = 1; i <= 9 && n < outlen; i++)
		n += (size_t)snprintf(out + n, outlen - n, " %d    ", i);
	while (n > 0 && out[n - 1] == ' ')
		out[--n] = '\0';
	if (n + 1 < outlen)
		snprintf(out + n, outlen - n, "\n");
}

/* The structured twin of the diagram, for the picture (game.h). */
static void
kz_view_cells(const struct game_state *st, const struct kz_vfield *v,
    struct game_cells *c)
{
	struct game_cell	*x;
	int			 f;

	c->shape = GAME_CELL_TRI;
	c->rows = KZ_ROWS;
	c->cols = 2 * KZ_ROWS - 1;
	c->n = KZ_FIELDS;
	for (f = 0; f < KZ_FIELDS; f++) {
		x = &c->cell[f];
		memset(x, 0, sizeof(*x));
		x->row = (int16_t)kz_board_row(f);
		x->col = (int16_t)kz_board_col(f);
		kz_board_name(f, x->name);
		x->owner = (uint8_t)v[f].owner;
		if (v[f].piece != '.')
			snprintf(x->label, sizeof(x->label), "%c%s",
			    v[f].piece, v[f].goal ? "*" : "");
		/* Blind: every field lies under the cloud (the legend says
		 * so), and a board hatched all over says nothing. */
		if (st->pos.cloud[f] == KZ_CLOUD && st->form != KZ_BLIND)
			x->shade = GAME_SHADE_CLOUD;
		else if (st->pos.cloud[f] == KZ_EDGE)
			x->shade = GAME_SHADE_EDGE;
		else
			x->shade = GAME_SHADE_PLAIN;
		/* The diagram's marks, from the same field as the seat sees
		 * it, on any ground: a cloud hides pieces, not what the seat
		 * was told. */
		x->marks = (uint8_t)((v[f].mark ? GAME_MARK_LAST : 0) |
		    (v[f].zone ? GAME_MARK_ZONE : 0));
	}
}

static void
kz_view_form(const struct game_state *st, struct game_view *v)
{
	char	 gap[16], every[16], step[16];

	snprintf(gap, sizeof(gap), "%d", st->zone_gap);
	if (st->form == KZ_OPEN)
		game_view_add(v, "kz.form.open", 1, gap);
	else if (st->form == KZ_BLIND)
		game_view_add(v, "kz.form.blind", 1, gap);
	else
		game_view_add(v, "kz.form.clouded", 2, st->layout, gap);
	if (st->half_fields)
		game_view_add(v, "kz.info.half_fields", 0);
	if (st->moving) {
		snprintf(every, sizeof(every), "%d", st->cloud_every);
		snprintf(step, sizeof(step), "%d", st->cloud_step);
		game_view_add(v, st->cloud_step ? "kz.info.moving_fixed" :
		    "kz.info.moving", 2, every, step);
	}
	if (st->corner[0] >= 0 || st->corner[1] >= 0)
		game_view_add(v, "kz.info.corners", 2,
		    st->corner[0] >= 0 ? kz_board_point_key(st->corner[0]) :
		    "@kz.point.none",
		    st->corner[1] >= 0 ? kz_board_point_key(st->corner[1]) :
		    "@kz.point.none");
}

/*
 * A crash, told to the mover alone: what it ran into where he saw it when
 * ordering (the enemy Blockader's zone, or too close to that Blockader),
 * else only that it was something he could not see (decision 6).
 */
static void
kz_view_crash(const struct kz_last *l, const char *target, const char *stop,
    struct game_view *v)
{
	const char	*piece = kz_rules_piece_key(l->kind);

	if (l->crash == KZ_CRASH_ZONE)
		game_view_add(v, "kz.ev.crashed_zone", 3, piece, target, stop);
	else if (l->crash == KZ_CRASH_GAP)
		game_view_add(v, "kz.ev.crashed_gap", 3, piece, target, stop);
	else
		game_view_add(v, "kz.ev.crashed", 3, piece, target, stop);
}

/* The last move told from the seat's side (decision 6). */
static void
kz_view_move(const struct game_state *st, int seat, bool all,
    struct game_view *v)
{
	const struct kz_last	*l = &st->last;
	const char		*who = kz_view_seats[l->seat];
	bool			 mine = all || seat == l->seat;
	bool			 open = mine || st->form == KZ_OPEN;
	char			 a[6], b[6], s[6], d[6];

	kz_board_name(l->path[0], a);
	kz_board_name(l->path[l->npath - 1], b);
	kz_board_name(l->stop, s);
	kz_board_name(l->drop, d);
	if (!open) {
		game_view_add(v, "kz.ev.moved_hidden", 1, who);
		if (l->killed != KZ_NONE)
			game_view_add(v, "kz.ev.lost", 2,
			    kz_rules_piece_key(l->killed), s);
		if (l->goal_taken)
			game_view_add(v, "kz.ev.goal", 2, who, s);
		return;
	}
	game_view_add(v, "kz.ev.moved", 4, who, kz_rules_piece_key(l->kind),
	    a, s);
	if (l->crash != KZ_CRASH_NONE && mine)
		kz_view_crash(l, b, s, v);
	if (l->drop >= 0)
		game_view_add(v, "kz.ev.dropped", 2, who, d);
	if (l->pickup)
		game_view_add(v, "kz.ev.picked_up", 2, who, s);
	if (l->killed != KZ_NONE)
		game_view_add(v, "kz.ev.killed", 3, who,
		    kz_rules_piece_key(l->killed), s);
	if (l->goal_taken)
		game_view_add(v, "kz.ev.goal", 2, who, s);
}

static void
kz_view_event(const struct game_state *st, int seat, bool all,
    struct game_view *v)
{
	const struct kz_last	*l = &st->last;
	char			 y[16];

	switch (l->type) {
	case KZ_EV_NONE:
		break;
	case KZ_EV_SETUP:
		game_view_add(v, "kz.ev.setup", 2, kz_view_seats[l->seat],
		    kz_board_point_key(st->corner[l->seat]));
		break;
	case KZ_EV_MOVE:
		kz_view_move(st, seat, all, v);
		break;
	case KZ_EV_DRAW:
		game_view_add(v, "kz.ev.draw_agreed", 0);
		break;
	case KZ_EV_RESIGN:
		game_view_add(v, "kz.ev.resigned", 1, kz_view_seats[l->seat]);
		break;
	}
	if (l->cloud_y > 0) {
		snprintf(y, sizeof(y), "%d", l->cloud_y);
		game_view_add(v, "kz.ev.clouds", 2, y,
		    kz_board_dir_key(l->cloud_z));
	}
	if (st->draw_offer >= 0 && st->phase == KZ_PHASE_PLAY)
		game_view_add(v, "kz.ev.draw_offer", 1,
		    kz_view_seats[st->draw_offer]);
}

static void
kz_view_status(const struct game_state *st, int seat, struct game_view *v)
{
	int	 due = st->phase == KZ_PHASE_SETUP1 ? st->first : 1 - st->first;

	switch (st->phase) {
	case KZ_PHASE_FORMING:
		game_view_add(v, "kz.info.forming", 0);
		break;
	case KZ_PHASE_SETUP1:
	case KZ_PHASE_SETUP2:
		if (seat == due)
			game_view_add(v, st->phase == KZ_PHASE_SETUP1 ?
			    "kz.info.setup_first" : "kz.info.setup_second", 1,
			    st->corner[1 - due] >= 0 ?
			    kz_board_point_key(st->corner[1 - due]) : "");
		else
			game_view_add(v, "kz.info.setup_wait", 1,
			    kz_view_seats[due]);
		break;
	case KZ_PHASE_PLAY:
		game_view_add(v, "kz.turn", 1, kz_view_seats[st->turn]);
		break;
	case KZ_PHASE_OVER:
		if (st->winner == GAME_DRAWN)
			game_view_add(v, "kz.result.draw", 1,
			    kz_view_reasons[st->end]);
		else
			game_view_add(v, "kz.result.win", 2,
			    kz_view_seats[st->winner],
			    kz_view_reasons[st->end]);
		if (st->form != KZ_OPEN)
			game_view_add(v, "kz.info.final", 0);
		break;
	}
}

/* game_ops.stat, and the same fields of every view: "SETUP" while the
 * sides set up, then "M<n>" for the move being played (or the last one,
 * once the game is over). */
void
kz_view_stat(const struct game_state *st, struct game_stat *out)
{
	memset(out, 0, sizeof(*out));
	out->ply = st->ply;
	out->winner = st->winner;
	out->phase_kind = GAME_PHASE_MOVE;
	if (st->phase == KZ_PHASE_FORMING)
		out->status = GAME_STATUS_FORMING;
	else if (st->phase == KZ_PHASE_OVER) {
		out->status = GAME_STATUS_OVER;
		game_stat_end(out, kz_view_reasons[st->end]);
	} else
		out->status = GAME_STATUS_RUNNING;
	if (st->phase == KZ_PHASE_SETUP1 || st->phase == KZ_PHASE_SETUP2) {
		out->due[st->phase == KZ_PHASE_SETUP1 ? st->first :
		    1 - st->first] = true;
		snprintf(out->phase, sizeof(out->phase), "SETUP");
	} else if (st->phase == KZ_PHASE_PLAY) {
		out->due[st->turn] = true;
		snprintf(out->phase, sizeof(out->phase), "M%d", st->ply + 1);
	} else
		snprintf(out->phase, sizeof(out->phase), "M%d", st->ply);
}

void
kz_view_project(const struct game_state *st, int seat, struct game_view *out)
{
	struct kz_vfield	 f[KZ_FIELDS];
	struct game_stat	 s;
	bool			 player = kz_view_player(seat);
	bool			 all = !player || st->phase == KZ_PHASE_OVER;

	memset(out, 0, sizeof(*out));
	out->seat = player ? seat : GAME_SEAT_GM;
	kz_view_stat(st, &s);
	game_view_set_stat(out, &s);
	kz_view_fields(st, seat, f);
	if (st->phase != KZ_PHASE_FORMING) {
		kz_view_board(st, f, out->board, sizeof(out->board));
		kz_view_cells(st, f, &out->cells);
	}
	kz_view_form(st, out);
	kz_view_event(st, seat, all, out);
	kz_view_status(st, seat, out);
	game_view_add(out, st->form == KZ_OPEN ? "kz.legend" :
	    "kz.legend.clouds", 0);
}
