/*
 * order.c - reads one line of ARI orders into a canonical order, and lists
 * every order a seat could give.
 *
 * Notation of rules/ari-and-weekeewachee.md 1.3, case and spaces free:
 * "III h8 N9 E2", "IV f6-k7 N3 E4" (origin optional, checked), "IV k7 N3
 * E4 T1" (top face checked), "Q g5" (placement), "Q g5-g6" or "Q g6"
 * (step), "DRAW" (also "DRAW?" and "DRAW!"). The orientation may also be
 * given by the south or west face (decision 1: the mover chooses it, the
 * judge checks it against the die's real faces). Nothing here changes the
 * state.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "adjudicator/ari/ari.h"
#include "adjudicator/game/orderline.h"

#define ARI_LINE_MAX	96	/* longer lines are no order of ours */

static const char *const ari_order_seats[2] = {
	"@ari.seat.0", "@ari.seat.1"
};

/* What a line says, before the state is looked at. */
struct ari_shape {
	bool	 draw;
	int	 piece;
	int	 from;		/* ARI_OFF when not given */
	int	 to;
	int	 face[5];	/* N E S W T as given, 0 when not */
};

/*
 * A square's shape at s with len characters (a letter and one or two
 * digits): its number, or -2 when off the board (with the name in bad),
 * or -3 when s has no such shape.
 */
static int
ari_order_square(const char *s, int len, char bad[8])
{
	int	 rank;

	if (!isalpha((unsigned char)s[0]) || !isdigit((unsigned char)s[1]) ||
	    (len == 3 && !isdigit((unsigned char)s[2])) || s[1] == '0')
		return -3;
	rank = len == 3 ? (s[1] - '0') * 10 + s[2] - '0' : s[1] - '0';
	if (ari_rules_square(s[0] - 'A', rank - 1) == ARI_OFF) {
		snprintf(bad, 8, "%c%d", tolower((unsigned char)s[0]), rank);
		return -2;
	}
	return ari_rules_square(s[0] - 'A', rank - 1);
}

/* Faces "N9E2", "E2N9", "S1W7T5", ...: each letter once, one per axis. */
static bool
ari_order_faces(const char *s, int face[5])
{
	static const char	 letters[] = "NESWT";
	const char		*l;

	memset(face, 0, 5 * sizeof(face[0]));
	for (; *s != '\0'; s += 2) {
		if ((l = strchr(letters, s[0])) == NULL || s[0] == '\0' ||
		    s[1] < '1' || s[1] > '9' || face[l - letters] != 0)
			return false;
		face[l - letters] = s[1] - '0';
	}
	return (face[ARI_N] || face[ARI_S]) && (face[ARI_E] || face[ARI_W]);
}

/*
 * After the piece: one square or two (a '-' or 'X' between optional),
 * then the faces for a die. Tries one square first, so "III h8 N9 E2"
 * never reads N9 as a square. 0, or -1 with a bad square in bad.
 */
static int
ari_order_squares(const char *s, bool die, struct ari_shape *o, char bad[8])
{
	const char	*a, *b;
	int		 l1, l2, sq1, sq2;

	for (l1 = 2; l1 <= 3; l1++) {
		if (strlen(s) < (size_t)l1 ||
		    (sq1 = ari_order_square(s, l1, bad)) == -3)
			continue;
		a = s + l1;
		if (die ? ari_order_faces(a, o->face) : *a == '\0') {
			o->to = sq1;
			return sq1 == -2 ? -1 : 0;
		}
		b = a + (*a == '-' || *a == 'X');
		for (l2 = 2; l2 <= 3; l2++) {
			if (strlen(b) < (size_t)l2 ||
			    (sq2 = ari_order_square(b, l2, bad)) == -3)
				continue;
			if (die ? ari_order_faces(b + l2, o->face) :
			    b[l2] == '\0') {
				if (sq1 == -2)	/* name the first bad square */
					ari_order_square(s, l1, bad);
				o->from = sq1;
				o->to = sq2;
				return sq1 < 0 || sq2 < 0 ? -1 : 0;
			}
		}
	}
	bad[0] = '\0';
	return -1;
}

/* "III", "IV", "V" (or 3, 4, 5) for a die, "Q" or "D" (Dame) for the
 * queen: the piece and the length of its name, or -1. */
static int
ari_order_piece(const char *c, int *len)
{
	static const struct {
		const char	*word;
		int		 piece;
	} names[] = {
		{ "III", 0 }, { "IV", 1 }, { "V", 2 }, { "3", 0 }, { "4", 1 },
		{ "5", 2 }, { "Q", ARI_QUEEN }, { "D", ARI_QUEEN },
	};
	size_t	 i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strncmp(c, names[i].word, strlen(names[i].word)) == 0) {
			*len = (int)strlen(names[i].word);
			return names[i].piece;
		}
	return -1;
}

static int
ari_order_shape(const char *line, struct ari_shape *o, struct game_diag *why)
{
	char	 c[ARI_LINE_MAX], quoted[GAME_ARG_MAX], bad[8];
	int	 len;

	memset(o, 0, sizeof(*o));
	o->from = ARI_OFF;
	o->to = ARI_OFF;
	orderline_quote(line, quoted);
	if (orderline_compact(line, c, sizeof(c)) == -1 || c[0] == '\0')
		goto syntax;
	if (strcmp(c, "DRAW") == 0 || strcmp(c, "DRAW?") == 0 ||
	    strcmp(c, "DRAW!") == 0) {
		o->draw = true;
		return 0;
	}
	if (strcmp(c, "PASS") == 0) {
		game_diag_set(why, "ari.err.no_pass", 0);
		return -1;
	}
	if (strcmp(c, "RESIGN") == 0) {
		game_diag_set(why, "ari.err.resign_not_order", 0);
		return -1;
	}
	if ((o->piece = ari_order_piece(c, &len)) < 0)
		goto syntax;
	if (ari_order_squares(c + len, o->piece != ARI_QUEEN, o, bad) == 0)
		return 0;
	if (bad[0] != '\0') {
		game_diag_set(why, "ari.err.bad_square", 1, bad);
		return -1;
	}
syntax:
	game_diag_set(why, "ari.err.syntax", 1, quoted);
	return -1;
}

/* The faces of a die, "1 2 5 6 7 9", for an error text. */
static void
ari_order_face_list(int piece, char out[GAME_ARG_MAX])
{
	size_t	 n = 0;
	int	 f;

	out[0] = '\0';
	for (f = 1; f <= 9; f++)
		if (ari_dice_has(piece, f))
			n += (size_t)snprintf(out + n, GAME_ARG_MAX - n, "%s%d",
			    n ? " " : "", f);
}

/* Decision 1: the given faces must be the die's and fix one layout. */
static int
ari_order_layout(const struct ari_shape *o, struct ari_action *a,
    struct game_diag *why)
{
	static const char	 letters[] = "NESWT";
	const char		*die = ari_dice_name(o->piece);
	/* A face (1..9), with its letter: 2 bytes. */
	char			 f[4], list[GAME_ARG_MAX], g[4], t[4];
	int			 i;

	for (i = 0; i < 5; i++)
		if (o->face[i] && !ari_dice_has(o->piece, o->face[i])) {
			snprintf(f, sizeof(f), "%c%d", letters[i], o->face[i]);
			ari_order_face_list(o->piece, list);
			game_diag_set(why, "ari.err.no_face", 3, die, f, list);
			return -1;
		}
	a->n = o->face[ARI_N] ? o->face[ARI_N] :
	    ari_dice_opposite(o->piece, o->face[ARI_S]);
	a->e = o->face[ARI_E] ? o->face[ARI_E] :
	    ari_dice_opposite(o->piece, o->face[ARI_W]);
	for (i = ARI_N; i <= ARI_E; i++)
		if (o->face[i] && o->face[i + 2] &&
		    ari_dice_opposite(o->piece, o->face[i]) != o->face[i + 2]) {
			snprintf(f, sizeof(f), "%d", o->face[i]);
			snprintf(g, sizeof(g), "%d", o->face[i + 2]);
			snprintf(t, sizeof(t), "%d",
			    ari_dice_opposite(o->piece, o->face[i]));
			game_diag_set(why, "ari.err.not_opposite", 4, die, f, t,
			    g);
			return -1;
		}
	if (!ari_dice_layout_ok(o->piece, a->n, a->e)) {
		snprintf(f, sizeof(f), "%d", a->n);
		snprintf(g, sizeof(g), "%d", a->e);
		game_diag_set(why, "ari.err.same_axis", 3, die, f, g);
		return -1;
	}
	if (o->face[4] && o->face[4] != ari_dice_top(o->piece, a->n, a->e)) {
		snprintf(f, sizeof(f), "%d", o->face[4]);
		snprintf(t, sizeof(t), "%d", ari_dice_top(o->piece, a->n,
		    a->e));
		game_diag_set(why, "ari.err.top", 3, die, f, t);
		return -1;
	}
	return 0;
}

/* "N9 E2 S1 W7" of a layout. */
static void
ari_order_side_text(int piece, int n, int e, char out[GAME_ARG_MAX])
{
	snprintf(out, GAME_ARG_MAX, "N%d E%d S%d W%d", n, e,
	    ari_dice_face(piece, n, e, ARI_S), ari_dice_face(piece, n, e,
	    ARI_W));
}

static void
ari_order_echo(const struct ari_action *a, struct game_order *go)
{
	char	 f[4], t[4], sq[12], sides[GAME_ARG_MAX], top[4];

	ari_rules_square_name(a->from, f);
	ari_rules_square_name(a->to, t);
	if (a->piece == ARI_QUEEN) {
		if (a->from == ARI_OFF)
			game_msg_set(&go->echo, "ari.echo.queen_place", 1, t);
		else
			game_msg_set(&go->echo, "ari.echo.queen_step", 2, f, t);
		return;
	}
	if (a->from == ARI_OFF)
		snprintf(sq, sizeof(sq), "%s", t);
	else
		snprintf(sq, sizeof(sq), "%s-%s", f, t);
	ari_order_side_text(a->piece, a->n, a->e, sides);
	snprintf(top, sizeof(top), "%d", ari_dice_top(a->piece, a->n, a->e));
	game_msg_set(&go->echo, a->from == ARI_OFF ? "ari.echo.die" :
	    "ari.echo.die_move", 4, ari_dice_name(a->piece), sq, sides, top);
}

static int
ari_order_draw(const struct game_state *st, int seat, struct game_order *go)
{
	snprintf(go->slot, sizeof(go->slot), "draw");
	snprintf(go->text, sizeof(go->text), "DRAW");
	if (st->offer == 1 - seat)
		game_msg_set(&go->echo, "ari.echo.draw_accept", 1,
		    ari_order_seats[1 - seat]);
	else
		game_msg_set(&go->echo, "ari.echo.draw_offer", 0);
	return 0;
}

/*
 * Reads and checks one line for seat: fills a (the action) or *draw, and
 * go (the canonical order); -1 with why when the line is refused.
 */
int
ari_order_read(const struct game_state *st, int seat, const char *line,
    struct ari_action *a, bool *draw, struct game_order *go,
    struct game_diag *why)
{
	struct ari_shape	 o;

	memset(go, 0, sizeof(*go));
	memset(a, 0, sizeof(*a));
	*draw = false;
	if (ari_order_shape(line, &o, why) == -1)
		return -1;
	if (seat != 0 && seat != 1) {
		game_diag_set(why, "ari.err.no_seat", 0);
		return -1;
	}
	if (st->status != ARI_RUNNING) {
		game_diag_set(why, st->status == ARI_OVER ?
		    "ari.err.game_over" : "ari.err.not_started", 0);
		return -1;
	}
	if (st->pos.turn != seat) {
		game_diag_set(why, o.draw ? "ari.err.draw_turn" :
		    "ari.err.not_your_turn", 1, ari_order_seats[st->pos.turn]);
		return -1;
	}
	go->seat = seat;
	if (o.draw) {
		*draw = true;
		return ari_order_draw(st, seat, go);
	}
	a->piece = o.piece;
	a->to = o.to;
	/* No origin given: the piece's own square (A-8 lifts it there). */
	a->from = o.from != ARI_OFF ? o.from : st->pos.p[seat][o.piece].sq;
	if (o.piece != ARI_QUEEN && ari_order_layout(&o, a, why) == -1)
		return -1;
	if (ari_rules_check(&st->pos, a, why) == -1)
		return -1;
	snprintf(go->slot, sizeof(go->slot), "move");
	ari_rules_text(&st->pos, a, go->text, sizeof(go->text));
	ari_order_echo(a, go);
	return 0;
}

int
ari_order_parse(const struct game_state *st, int seat, const char *line,
    char *ctx, struct game_order *out, int max, struct game_diag *why)
{
	struct ari_action	 a;
	bool			 draw;

	(void)ctx;	/* one line is one order */
	if (max < 1) {
		game_diag_set(why, "ari.err.too_many", 0);
		return -1;
	}
	if (ari_order_read(st, seat, line, &a, &draw, &out[0], why) == -1)
		return -1;
	return 1;
}

struct ari_legal {
	const struct ari_pos	*pos;
	void			(*emit)(void *, const char *);
	void			*arg;
};

static void
ari_order_emit(void *arg, const struct ari_action *a)
{
	struct ari_legal	*l = arg;
	char			 text[GAME_ORDER_MAX];

	ari_rules_text(l->pos, a, text, sizeof(text));
	l->emit(l->arg, text);
}

/* Every order seat could give now: its actions, and DRAW. */
int
ari_order_legal(const struct game_state *st, int seat,
    void (*emit)(void *, const char *), void *arg)
{
	struct ari_legal	 l = { &st->pos, emit, arg };
	int			 n;

	if (st->status != ARI_RUNNING || seat != st->pos.turn)
		return 0;
	n = ari_rules_actions(&st->pos, ari_order_emit, &l);
	emit(arg, "DRAW");
	return n + 1;
}
