/*
 * setup.c - the handicap set-up of Way of the Knight (rules 6, the seed's
 * "Handicap"): before the first move the handicapped player spends his
 * points, one level per point, on his own pieces in any distribution, and
 * then moves first.
 *
 * Written "SETUP b1=J a1=C e2=S": a square and the form the piece there
 * ends in. The form must lie exactly (its level - the piece's level)
 * improvements away along the table's ways, so a Rook given two points may
 * become a Cardinal, a Pawn given three a Baron or an Archbishop. All
 * points must be spent. Improvements never move a piece, so castling rights
 * stay (rules 5). No I/O.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "adjudicator/wotk/wotk.h"

#define WOTK_TOKEN_MAX	24

static int
wotk_setup_token(const char **sp, char *out)
{
	const char	*s = *sp;
	size_t		 n;

	s += strspn(s, " \t,;");
	n = strcspn(s, " \t,;");
	if (n == 0)
		return -1;
	/* A longer token is cut: it is then longer than every square and
	 * form name and refused, quoted between characters. */
	if (n >= WOTK_TOKEN_MAX)
		n = WOTK_TOKEN_MAX - 1;
	memcpy(out, s, n);
	out[n] = '\0';
	if (s[n] != '\0' && strchr(" \t,;", s[n]) == NULL)
		game_msg_cut(out, n);
	*sp = s + strcspn(s, " \t,;");
	return 0;
}

/* One improvement "b1=J" (or "b1 J", "b1=baron"); 0 or -1 with why. */
static int
wotk_setup_item(const struct game_state *st, int color, const char *sqtext,
    const char *formtext, struct wotk_order *o, int *spent,
    struct game_diag *why)
{
	int	 sq, f, target, steps, i;
	uint8_t	 pc;

	if (strlen(sqtext) != 2 || tolower((unsigned char)sqtext[0]) < 'a' ||
	    tolower((unsigned char)sqtext[0]) > 'h' || sqtext[1] < '1' ||
	    sqtext[1] > '8') {
		game_diag_set(why, "wotk.err.setup_syntax", 1, sqtext);
		return -1;
	}
	sq = (sqtext[1] - '1') * 8 + (tolower((unsigned char)sqtext[0]) - 'a');
	pc = st->pos.sq[sq];
	if (pc == 0 || WOTK_COLOR_OF(pc) != color) {
		game_diag_set(why, "wotk.err.not_your_piece", 1, sqtext);
		return -1;
	}
	for (i = 0; i < o->nsetup; i++)
		if (o->setup_sq[i] == sq) {
			game_diag_set(why, "wotk.err.setup_twice", 1, sqtext);
			return -1;
		}
	if ((target = wotk_form_by_name(&st->rules, formtext)) < 0) {
		game_diag_set(why, "wotk.err.form_unknown", 1, formtext);
		return -1;
	}
	f = WOTK_FORM_OF(pc);
	steps = wotk_forms[target].level - wotk_forms[f].level;
	if (steps < 1 || !(wotk_reach(&st->rules, f, steps) &
	    (1u << target))) {
		char a[GAME_ARG_MAX], b[GAME_ARG_MAX];

		snprintf(a, sizeof(a), "@%s", wotk_form_key(&st->rules, f));
		snprintf(b, sizeof(b), "@%s", wotk_form_key(&st->rules,
		    target));
		game_diag_set(why, "wotk.err.setup_way", 3, sqtext, a, b);
		return -1;
	}
	if (o->nsetup >= WOTK_SIDE_MAX) {
		game_diag_set(why, "wotk.err.too_many", 0);
		return -1;
	}
	o->setup_sq[o->nsetup] = (uint8_t)sq;
	o->setup_form[o->nsetup] = (uint8_t)target;
	o->nsetup++;
	*spent += steps;
	return 0;
}

/* Sorts the improvements by square, so the canonical text is unique. */
static void
wotk_setup_sort(struct wotk_order *o)
{
	uint8_t	 t;
	int	 i, j;

	for (i = 1; i < o->nsetup; i++)
		for (j = i; j > 0 && o->setup_sq[j - 1] > o->setup_sq[j]; j--) {
			t = o->setup_sq[j];
			o->setup_sq[j] = o->setup_sq[j - 1];
			o->setup_sq[j - 1] = t;
			t = o->setup_form[j];
			o->setup_form[j] = o->setup_form[j - 1];
			o->setup_form[j - 1] = t;
		}
}

/* args: what follows the word SETUP. */
int
wotk_setup_read(const struct game_state *st, int seat, const char *args,
    struct wotk_order *o, struct game_diag *why)
{
	char	 a[WOTK_TOKEN_MAX], b[WOTK_TOKEN_MAX], pts[16], sp[16];
	char	*eq;
	int	 color = wotk_color_of_seat(st, seat), spent = 0;

	memset(o, 0, sizeof(*o));
	o->type = WOTK_O_SETUP;
	if (seat != 0 && seat != 1) {
		game_diag_set(why, "wotk.err.no_seat", 0);
		return -1;
	}
	if (st->phase != WOTK_PHASE_SETUP || color != WOTK_WHITE) {
		game_diag_set(why, "wotk.err.no_setup", 0);
		return -1;
	}
	while (wotk_setup_token(&args, a) == 0) {
		if ((eq = strchr(a, '=')) != NULL) {
			*eq = '\0';
			snprintf(b, sizeof(b), "%s", eq + 1);
		} else if (wotk_setup_token(&args, b) != 0) {
			game_diag_set(why, "wotk.err.setup_syntax", 1, a);
			return -1;
		}
		if (wotk_setup_item(st, color, a, b, o, &spent, why) != 0)
			return -1;
	}
	if (spent != st->handicap[seat]) {
		snprintf(pts, sizeof(pts), "%d", st->handicap[seat]);
		snprintf(sp, sizeof(sp), "%d", spent);
		game_diag_set(why, "wotk.err.setup_points", 2, pts, sp);
		return -1;
	}
	wotk_setup_sort(o);
	return 0;
}

/* "SETUP" and WOTK_SIDE_MAX improvements " a1=C": GAME_ORDER_MAX holds it. */
_Static_assert(5 + 5 * WOTK_SIDE_MAX < GAME_ORDER_MAX, "a set-up fits");

/* "SETUP a1=C b1=J", letters upper case. */
void
wotk_setup_text(const struct game_state *st, const struct wotk_order *o,
    char *out, size_t outlen)
{
	size_t	 n;
	char	 sq[3];
	int	 i;

	(void)st;
	n = (size_t)snprintf(out, outlen, "SETUP");
	for (i = 0; i < o->nsetup && n < outlen; i++) {
		wotk_square_name(o->setup_sq[i], sq);
		n += (size_t)snprintf(out + n, outlen - n, " %s=%c", sq,
		    wotk_forms[o->setup_form[i]].letter);
	}
}

void
wotk_setup_apply(struct game_state *st, const struct wotk_order *o)
{
	int	 i, sq;
	uint8_t	 pc;

	for (i = 0; i < o->nsetup; i++) {
		sq = o->setup_sq[i];
		pc = st->pos.sq[sq];
		wotk_take(&st->pos, sq);
		wotk_put(&st->pos, sq, WOTK_PIECE(WOTK_COLOR_OF(pc),
		    o->setup_form[i]));
	}
}
