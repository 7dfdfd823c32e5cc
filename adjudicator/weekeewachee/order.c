/*
 * order.c - reads one line of weekeewachee orders into a canonical order.
 *
 * Accepted: "b1-b2", "b1 b2", "b1xc2" (case-insensitive, x optional),
 * "SETUP RPWS" (spaces allowed), "DRAW?" and "DRAW!". The line is checked
 * against the state as the ordering seat sees it; nothing here changes the
 * state, and no error depends on a hidden identity (STYLE.md 7).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "adjudicator/game/orderline.h"
#include "adjudicator/weekeewachee/wkw.h"

#define WKW_LINE_MAX	128	/* longer lines are no order of ours */

static const char *const wkw_seat_keys[2] = {
	"@wkw.seat.0", "@wkw.seat.1"
};

static enum wkw_kind
wkw_order_kind(char c)
{
	const char	*p;

	if (c == '.' || c == '\0' || (p = strchr(WKW_LETTERS, c)) == NULL)
		return WKW_NONE;
	return (enum wkw_kind)(p - WKW_LETTERS);
}

/* "SETUP" already stripped: exactly the four letters R P S W. */
static int
wkw_order_setup_letters(const char *s, struct wkw_order *o,
    struct game_diag *why)
{
	bool		 seen[WKW_KINDS + 1] = { false };
	enum wkw_kind	 k;
	char		 bad[2];
	int		 i;

	for (i = 0; s[i] != '\0'; i++) {
		if ((k = wkw_order_kind(s[i])) == WKW_NONE) {
			bad[0] = s[i];
			bad[1] = '\0';
			game_diag_set(why, "wkw.err.setup_letter", 1, bad);
			return -1;
		}
		if (seen[k]) {
			game_diag_set(why, "wkw.err.setup_twice", 1,
			    wkw_rules_piece_key(k));
			return -1;
		}
		seen[k] = true;
		if (i < WKW_FILES)
			o->setup[i] = k;
	}
	if (i != WKW_FILES) {
		/* No letter twice and none unknown: one is missing. */
		for (k = WKW_ROCK; seen[k]; k++)
			;
		game_diag_set(why, "wkw.err.setup_missing", 1,
		    wkw_rules_piece_key(k));
		return -1;
	}
	return 0;
}

/* "B1-C2", "B1XC2" or "B1C2" (compacted); -1 if not that shape. */
static int
wkw_order_squares(const char *s, char sq[2][3], bool *xgiven)
{
	size_t	 len = strlen(s);

	*xgiven = false;
	if (len == 5 && (s[2] == '-' || s[2] == 'X')) {
		*xgiven = s[2] == 'X';
	} else if (len != 4)
		return -1;
	if (!isalpha((unsigned char)s[0]) || !isdigit((unsigned char)s[1]) ||
	    !isalpha((unsigned char)s[len - 2]) ||
	    !isdigit((unsigned char)s[len - 1]))
		return -1;
	sq[0][0] = (char)tolower((unsigned char)s[0]);
	sq[0][1] = s[1];
	sq[0][2] = '\0';
	sq[1][0] = (char)tolower((unsigned char)s[len - 2]);
	sq[1][1] = s[len - 1];
	sq[1][2] = '\0';
	return 0;
}

static int
wkw_order_square(const char name[3], struct game_diag *why)
{
	int	 sq;

	sq = wkw_rules_square(name[0] - 'a', name[1] - '0');
	if (sq < 0)
		game_diag_set(why, "wkw.err.bad_square", 1, name);
	return sq;
}

/* Recognises the shape of the line; the state is not looked at yet. */
static int
wkw_order_shape(const char *line, struct wkw_order *o, bool *xgiven,
    struct game_diag *why)
{
	char	 c[WKW_LINE_MAX], sq[2][3], quoted[GAME_ARG_MAX];

	memset(o, 0, sizeof(*o));
	*xgiven = false;
	orderline_quote(line, quoted);
	if (orderline_compact(line, c, sizeof(c)) == -1 || c[0] == '\0')
		goto syntax;
	if (strcmp(c, "DRAW?") == 0) {
		o->type = WKW_O_DRAW_OFFER;
		return 0;
	}
	if (strcmp(c, "DRAW!") == 0) {
		o->type = WKW_O_DRAW_ACCEPT;
		return 0;
	}
	if (strcmp(c, "PASS") == 0) {
		game_diag_set(why, "wkw.err.no_pass", 0);
		return -1;
	}
	if (strcmp(c, "RESIGN") == 0) {
		game_diag_set(why, "wkw.err.resign_not_order", 0);
		return -1;
	}
	if (strncmp(c, "SETUP", 5) == 0) {
		o->type = WKW_O_SETUP;
		return wkw_order_setup_letters(c + 5, o, why);
	}
	if (wkw_order_squares(c, sq, xgiven) == -1)
		goto syntax;
	o->type = WKW_O_MOVE;
	if ((o->from = wkw_order_square(sq[0], why)) < 0 ||
	    (o->to = wkw_order_square(sq[1], why)) < 0)
		return -1;
	return 0;
syntax:
	game_diag_set(why, "wkw.err.syntax", 1, quoted);
	return -1;
}

static int
wkw_order_check_setup(const struct game_state *st, const struct wkw_order *o,
    struct game_order *go, struct game_diag *why)
{
	int	 i;

	if (st->blind) {
		game_diag_set(why, "wkw.err.setup_blind", 0);
		return -1;
	}
	if (st->phase != WKW_PHASE_SETUP) {
		game_diag_set(why, "wkw.err.setup_done", 0);
		return -1;
	}
	snprintf(go->slot, sizeof(go->slot), "setup");
	snprintf(go->text, sizeof(go->text), "SETUP ");
	for (i = 0; i < WKW_FILES; i++)
		go->text[6 + i] = WKW_LETTERS[o->setup[i]];
	go->text[6 + WKW_FILES] = '\0';
	game_msg_set(&go->echo, "wkw.echo.setup", 4,
	    wkw_rules_piece_key(o->setup[0]), wkw_rules_piece_key(o->setup[1]),
	    wkw_rules_piece_key(o->setup[2]), wkw_rules_piece_key(o->setup[3]));
	return 0;
}

static int
wkw_order_check_move(const struct game_state *st, int seat,
    const struct wkw_order *o, bool xgiven, struct game_order *go,
    struct game_diag *why)
{
	const struct wkw_square	*a, *d;
	char			 f[3], t[3];

	if (st->phase == WKW_PHASE_SETUP) {
		game_diag_set(why, "wkw.err.setup_first", 0);
		return -1;
	}
	if (st->turn != seat) {
		game_diag_set(why, "wkw.err.not_your_turn", 1,
		    wkw_seat_keys[st->turn]);
		return -1;
	}
	if (wkw_rules_check(st, seat, o->from, o->to, xgiven, why) == -1)
		return -1;
	a = &st->board[o->from];
	d = &st->board[o->to];
	wkw_rules_square_name(o->from, f);
	wkw_rules_square_name(o->to, t);
	snprintf(go->slot, sizeof(go->slot), "move");
	snprintf(go->text, sizeof(go->text), "%s%c%s", f,
	    d->owner == GAME_NOBODY ? '-' : 'x', t);
	if (d->owner == GAME_NOBODY)
		game_msg_set(&go->echo, "wkw.echo.move", 2, f, t);
	else if (a->hidden || d->hidden)
		game_msg_set(&go->echo, "wkw.echo.attack", 2, f, t);
	else
		game_msg_set(&go->echo, "wkw.echo.capture", 4, f, t,
		    wkw_rules_piece_key(a->kind), wkw_rules_piece_key(d->kind));
	return 0;
}

/*
 * Reads and checks one line for seat: fills o (what to do) and go (the
 * canonical order), or returns -1 with why.
 */
int
wkw_order_read(const struct game_state *st, int seat, const char *line,
    struct wkw_order *o, struct game_order *go, struct game_diag *why)
{
	bool	 xgiven;

	memset(go, 0, sizeof(*go));
	if (wkw_order_shape(line, o, &xgiven, why) == -1)
		return -1;
	if (seat != 0 && seat != 1) {
		game_diag_set(why, "wkw.err.no_seat", 0);
		return -1;
	}
	if (st->phase == WKW_PHASE_FORMING) {
		game_diag_set(why, "wkw.err.not_started", 0);
		return -1;
	}
	if (st->phase == WKW_PHASE_OVER) {
		game_diag_set(why, "wkw.err.game_over", 0);
		return -1;
	}
	go->seat = seat;
	switch (o->type) {
	case WKW_O_SETUP:
		return wkw_order_check_setup(st, o, go, why);
	case WKW_O_MOVE:
		return wkw_order_check_move(st, seat, o, xgiven, go, why);
	case WKW_O_DRAW_OFFER:
		snprintf(go->slot, sizeof(go->slot), "draw");
		snprintf(go->text, sizeof(go->text), "DRAW?");
		game_msg_set(&go->echo, "wkw.echo.draw_offer", 0);
		return 0;
	case WKW_O_DRAW_ACCEPT:
		snprintf(go->slot, sizeof(go->slot), "draw");
		snprintf(go->text, sizeof(go->text), "DRAW!");
		game_msg_set(&go->echo, "wkw.echo.draw_accept", 0);
		return 0;
	}
	return -1;
}

int
wkw_order_parse(const struct game_state *st, int seat, const char *line,
    char *ctx, struct game_order *out, int max, struct game_diag *why)
{
	(void)ctx;	/* one line is one move */
	struct wkw_order	 o;
	struct game_order	 go;

	if (max < 1) {
		game_diag_set(why, "wkw.err.too_many", 0);
		return -1;
	}
	if (wkw_order_read(st, seat, line, &o, &go, why) == -1)
		return -1;
	out[0] = go;
	return 1;
}
