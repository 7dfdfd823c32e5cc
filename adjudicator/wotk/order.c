/*
 * order.c - one order line of Way of the Knight to a canonical order.
 *
 * A move is written in the notation of rules/way-of-the-knight.md 8.1
 * (e2-e4, e5xd6=I ep, O-O) or in the usual long algebraic (Ng1-f3,
 * e7xd8=N, e2e4), tolerant of case and spacing; the form a piece improves
 * to is a letter or a name after '=' (rules 2: required where two forms
 * exist). DRAW offers or accepts a draw; SETUP is the handicap set-up
 * (setup.c). Every order is checked against the legal moves here, so the
 * judge stores only orders that can be played. No I/O.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/wotk/wotk.h"

#define WOTK_LINE_MAX	128

/* What a move line says before it is matched against the legal moves. */
struct wotk_said {
	int		 from, to;	/* -1: castling */
	int		 castle;	/* 1 king side, 2 queen side */
	int		 piece;		/* form letter written first, or -1 */
	int		 form;		/* form written after '=', or -1 */
	bool		 x;		/* written as a capture */
};

static const char *const wotk_color_keys[2] = {
	"@wotk.color.0", "@wotk.color.1"
};

/* Lower case, without blanks and trailing annotations (+ # ! ?). */
static void
wotk_order_squeeze(const char *line, char *out, size_t outlen)
{
	size_t	 n = 0;

	for (; *line != '\0' && n + 1 < outlen; line++)
		if (!isspace((unsigned char)*line))
			out[n++] = (char)tolower((unsigned char)*line);
	while (n > 0 && strchr("+#!?", out[n - 1]) != NULL)
		n--;
	out[n] = '\0';
}

static int
wotk_order_square(const char *s)
{
	if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
		return -1;
	return (s[1] - '1') * 8 + (s[0] - 'a');
}

/* Splits a squeezed move; 0, or -1 with the reason. */
static int
wotk_order_split(const struct game_state *st, const char *s,
    struct wotk_said *m, struct game_diag *why, const char *line)
{
	char	 rest[WOTK_LINE_MAX];
	size_t	 n;

	memset(m, 0, sizeof(*m));
	m->piece = m->form = -1;
	if (strcmp(s, "o-o") == 0 || strcmp(s, "0-0") == 0 ||
	    strcmp(s, "o-o-o") == 0 || strcmp(s, "0-0-0") == 0) {
		m->from = m->to = -1;
		m->castle = strlen(s) == 3 ? 1 : 2;
		return 0;
	}
	if (isalpha((unsigned char)s[0]) && wotk_order_square(s) < 0 &&
	    wotk_order_square(s + 1) >= 0) {
		if ((m->piece = wotk_form_by_letter(&st->rules, s[0])) < 0)
			goto syntax;
		s++;
	}
	if ((m->from = wotk_order_square(s)) < 0)
		goto syntax;
	s += 2;
	if (*s == '-' || *s == ':' || *s == 'x') {
		m->x = *s == 'x' || *s == ':';
		s++;
	}
	if ((m->to = wotk_order_square(s)) < 0)
		goto syntax;
	s += 2;
	/* "ep" / "e.p." before or after the form: en passant is known from
	 * the position anyway. */
	if (strncmp(s, "e.p.", 4) == 0)
		s += 4;
	else if (strncmp(s, "ep", 2) == 0 && strchr("=/(", s[2]) != NULL)
		s += 2;
	snprintf(rest, sizeof(rest), "%s", s);
	n = strlen(rest);
	if (n >= 4 && strcmp(rest + n - 4, "e.p.") == 0)
		rest[n - 4] = '\0';
	else if (n >= 2 && strcmp(rest + n - 2, "ep") == 0)
		rest[n - 2] = '\0';
	s = rest;
	if (*s == '=' || *s == '/' || *s == '(')
		s++;
	n = strlen(s);
	if (n > 0 && s[n - 1] == ')')
		rest[(size_t)(s - rest) + n - 1] = '\0';
	if (*s != '\0' && (m->form = wotk_form_by_name(&st->rules, s)) < 0) {
		game_diag_set(why, "wotk.err.form_unknown", 1, s);
		return -1;
	}
	return 0;
syntax:
	game_diag_set(why, "wotk.err.syntax", 1, line);
	return -1;
}

/* The forms among moves[0..n) as message arguments. */
static void
wotk_order_choices(const struct game_state *st, const struct wotk_move *c,
    int n, const char *text, struct game_diag *why)
{
	char	 k[3][GAME_ARG_MAX];
	int	 i;

	for (i = 0; i < n && i < 3; i++)
		snprintf(k[i], sizeof(k[i]), "@%s",
		    wotk_form_key(&st->rules, c[i].form));
	if (n == 2)
		game_diag_set(why, "wotk.err.choose2", 3, text, k[0], k[1]);
	else
		game_diag_set(why, "wotk.err.choose3", 4, text, k[0], k[1],
		    k[2]);
}

/* The legal moves that fit what was said; -1 with the reason if none. */
static int
wotk_order_match(const struct game_state *st, const struct wotk_said *m,
    struct wotk_move *out, struct game_diag *why)
{
	struct wotk_move	 all[WOTK_MAX_MOVES], c[4];
	const struct wotk_pos	*p = &st->pos;
	struct wotk_pos		 q;
	char			 f[3], t[3], key[GAME_ARG_MAX];
	int			 n, i, nc = 0, npseudo = 0, from = m->from, to;

	if (m->castle) {
		from = p->side == WOTK_WHITE ? 4 : 60;
		to = from + (m->castle == 1 ? 2 : -2);
	} else
		to = m->to;
	wotk_square_name(from, f);
	wotk_square_name(to, t);
	if (p->sq[from] == 0 || WOTK_COLOR_OF(p->sq[from]) != p->side) {
		game_diag_set(why, "wotk.err.not_your_piece", 1, f);
		return -1;
	}
	snprintf(key, sizeof(key), "@%s", wotk_form_key(&st->rules,
	    WOTK_FORM_OF(p->sq[from])));
	if (m->piece >= 0 && m->piece != WOTK_FORM_OF(p->sq[from])) {
		game_diag_set(why, "wotk.err.piece_differs", 2, f, key);
		return -1;
	}
	n = wotk_gen(p, &st->rules, all);
	for (i = 0; i < n; i++) {
		if (all[i].from != from || all[i].to != to ||
		    (m->castle != 0) != ((all[i].flags & WOTK_MCASTLE) != 0))
			continue;
		npseudo++;
		q = *p;
		wotk_make(&q, &all[i]);
		if (wotk_legal_after(p, &q) && nc < 4)
			c[nc++] = all[i];
	}
	if (npseudo == 0) {
		if (m->castle)
			game_diag_set(why, "wotk.err.castle", 0);
		else
			game_diag_set(why, "wotk.err.cannot_move", 3, key, f,
			    t);
		return -1;
	}
	if (nc == 0) {
		game_diag_set(why, "wotk.err.king_attacked", 2, f, t);
		return -1;
	}
	if (m->x && !(c[0].flags & (WOTK_MCAPTURE | WOTK_MEP))) {
		game_diag_set(why, "wotk.err.nothing_to_take", 2, f, t);
		return -1;
	}
	for (i = 0; i < nc && m->form >= 0; i++)
		if (c[i].form == m->form) {
			*out = c[i];
			return 0;
		}
	if (nc == 1 && m->form < 0) {
		*out = c[0];
		return 0;
	}
	snprintf(key, sizeof(key), "%s%c%s", f, c[0].flags &
	    (WOTK_MCAPTURE | WOTK_MEP) ? 'x' : '-', t);
	if (nc == 1) {
		char now[GAME_ARG_MAX], asked[GAME_ARG_MAX];

		snprintf(now, sizeof(now), "@%s",
		    wotk_form_key(&st->rules, c[0].form));
		snprintf(asked, sizeof(asked), "@%s",
		    wotk_form_key(&st->rules, m->form));
		game_diag_set(why, "wotk.err.form_wrong", 3, key, asked, now);
		return -1;
	}
	wotk_order_choices(st, c, nc, key, why);
	return -1;
}

/* Whose turn and which phase allow seat to give a move or a draw. */
static int
wotk_order_turn(const struct game_state *st, int seat, struct game_diag *why)
{
	if (seat != 0 && seat != 1) {
		game_diag_set(why, "wotk.err.no_seat", 0);
		return -1;
	}
	switch (st->phase) {
	case WOTK_PHASE_FORMING:
		game_diag_set(why, "wotk.err.not_started", 0);
		return -1;
	case WOTK_PHASE_OVER:
		game_diag_set(why, "wotk.err.game_over", 0);
		return -1;
	case WOTK_PHASE_SETUP:
		game_diag_set(why, "wotk.err.setup_first", 1,
		    wotk_color_keys[WOTK_WHITE]);
		return -1;
	case WOTK_PHASE_PLAY:
		break;
	}
	if (wotk_color_of_seat(st, seat) != st->pos.side) {
		game_diag_set(why, "wotk.err.not_your_turn", 1,
		    wotk_color_keys[st->pos.side]);
		return -1;
	}
	return 0;
}

/*
 * Reads one line into o and the canonical game order go; 0 or -1 with why.
 * The judge's own words (RESIGN) are refused here with a hint.
 */
int
wotk_order_read(const struct game_state *st, int seat, const char *line,
    struct wotk_order *o, struct game_order *go, struct game_diag *why)
{
	char		 s[WOTK_LINE_MAX], old[GAME_ARG_MAX], nu[GAME_ARG_MAX];
	struct wotk_said m;

	memset(o, 0, sizeof(*o));
	memset(go, 0, sizeof(*go));
	go->seat = seat;
	while (isspace((unsigned char)*line))
		line++;
	if (strncasecmp(line, "setup", 5) == 0 && (line[5] == '\0' ||
	    isspace((unsigned char)line[5]))) {
		if (wotk_setup_read(st, seat, line + 5, o, why) != 0)
			return -1;
		snprintf(go->slot, sizeof(go->slot), "setup");
		wotk_setup_text(st, o, go->text, sizeof(go->text));
		game_msg_set(&go->echo, "wotk.echo.setup", 1, go->text);
		return 0;
	}
	wotk_order_squeeze(line, s, sizeof(s));
	if (strcmp(s, "resign") == 0) {
		game_diag_set(why, "wotk.err.resign_not_order", 0);
		return -1;
	}
	if (strcmp(s, "draw") == 0 || strcmp(s, "draw?") == 0 ||
	    strcmp(s, "remis") == 0) {
		if (wotk_order_turn(st, seat, why) != 0) {
			if (st->phase == WOTK_PHASE_PLAY && (seat == 0 ||
			    seat == 1))
				game_diag_set(why, "wotk.err.draw_turn", 0);
			return -1;
		}
		o->type = WOTK_O_DRAW;
		snprintf(go->slot, sizeof(go->slot), "draw");
		snprintf(go->text, sizeof(go->text), "DRAW");
		game_msg_set(&go->echo, st->offer == 1 - seat ?
		    "wotk.echo.draw_accept" : "wotk.echo.draw_offer", 0);
		return 0;
	}
	if (s[0] == '\0' || strlen(line) >= WOTK_LINE_MAX) {
		game_diag_set(why, "wotk.err.syntax", 1, line);
		return -1;
	}
	if (wotk_order_split(st, s, &m, why, line) != 0 ||
	    wotk_order_turn(st, seat, why) != 0 ||
	    wotk_order_match(st, &m, &o->move, why) != 0)
		return -1;
	o->type = WOTK_O_MOVE;
	snprintf(go->slot, sizeof(go->slot), "move");
	wotk_move_text(&st->pos, &o->move, go->text);
	if (o->move.form != WOTK_FORM_OF(st->pos.sq[o->move.from])) {
		snprintf(old, sizeof(old), "@%s", wotk_form_key(&st->rules,
		    WOTK_FORM_OF(st->pos.sq[o->move.from])));
		snprintf(nu, sizeof(nu), "@%s", wotk_form_key(&st->rules,
		    o->move.form));
		game_msg_set(&go->echo, "wotk.echo.improve", 3, go->text, old,
		    nu);
	} else
		game_msg_set(&go->echo, "wotk.echo.move", 1, go->text);
	return 0;
}

int
wotk_order_parse(const struct game_state *st, int seat, const char *line,
    char *ctx, struct game_order *out, int max, struct game_diag *why)
{
	struct wotk_order	 o;

	(void)ctx;
	if (max < 1) {
		game_diag_set(why, "wotk.err.too_many", 0);
		return -1;
	}
	if (wotk_order_read(st, seat, line, &o, out, why) != 0)
		return -1;
	return 1;
}

/*
 * game_ops.legal: every order the seat may send now, in canonical text:
 * the legal moves and, on the seat's turn, DRAW (an offer, or the
 * acceptance of a standing one).
 */
int
wotk_order_legal(const struct game_state *st, int seat,
    void (*emit)(void *, const char *), void *arg)
{
	struct wotk_move	 m[WOTK_MAX_MOVES];
	char			 text[WOTK_MOVE_TEXT];
	int			 n, i;

	if (st->phase == WOTK_PHASE_SETUP)
		return -1;	/* set-ups are too many to list */
	if (st->phase != WOTK_PHASE_PLAY ||
	    wotk_color_of_seat(st, seat) != st->pos.side)
		return 0;
	n = wotk_gen_legal(&st->pos, &st->rules, m);
	for (i = 0; i < n; i++) {
		wotk_move_text(&st->pos, &m[i], text);
		emit(arg, text);
	}
	emit(arg, "DRAW");
	return n + 1;
}
