/*
 * legal.c - every weekeewachee order a seat could give now (game.h legal).
 *
 * Each candidate line (the 24 setups, one king step from every square,
 * DRAW? and DRAW!) goes through the order reader the judge uses
 * (order.c), and what it accepts is emitted in its canonical text: so the
 * list can never disagree with the parser. In Blind-Fun that makes every
 * attack involving a hidden piece legal, as the player may write it
 * (rules/ari-and-weekeewachee.md 2.4.3). No I/O, no allocation.
 */
#include <stdio.h>

#include "adjudicator/weekeewachee/wkw.h"

typedef void	 wkw_emit_fn(void *, const char *);

/* Emits the canonical order of line if the judge would accept it. */
static int
wkw_legal_try(const struct game_state *st, int seat, const char *line,
    wkw_emit_fn *emit, void *arg)
{
	struct wkw_order	 o;
	struct game_order	 go;
	struct game_diag	 why;

	if (wkw_order_read(st, seat, line, &o, &go, &why) == -1)
		return 0;
	emit(arg, go.text);
	return 1;
}

/* The 24 orders of the four kinds on files a..d (Heap's algorithm would
 * do; four nested loops say it plainer). */
static int
wkw_legal_setups(const struct game_state *st, int seat, wkw_emit_fn *emit,
    void *arg)
{
	char	 line[16];
	int	 a, b, c, d, n = 0;

	for (a = WKW_ROCK; a <= WKW_WELL; a++)
		for (b = WKW_ROCK; b <= WKW_WELL; b++)
			for (c = WKW_ROCK; c <= WKW_WELL; c++)
				for (d = WKW_ROCK; d <= WKW_WELL; d++) {
					if (a == b || a == c || a == d ||
					    b == c || b == d || c == d)
						continue;
					snprintf(line, sizeof(line),
					    "SETUP %c%c%c%c", WKW_LETTERS[a],
					    WKW_LETTERS[b], WKW_LETTERS[c],
					    WKW_LETTERS[d]);
					n += wkw_legal_try(st, seat, line,
					    emit, arg);
				}
	return n;
}

static int
wkw_legal_moves(const struct game_state *st, int seat, wkw_emit_fn *emit,
    void *arg)
{
	char	 line[8], f[3], t[3];
	int	 from, to, n = 0;

	for (from = 0; from < WKW_SQUARES; from++) {
		if (st->board[from].owner != seat)
			continue;
		for (to = 0; to < WKW_SQUARES; to++) {
			if (!wkw_rules_adjacent(from, to))
				continue;
			wkw_rules_square_name(from, f);
			wkw_rules_square_name(to, t);
			/* "-" lets the reader pick "-" or "x" itself. */
			snprintf(line, sizeof(line), "%s-%s", f, t);
			n += wkw_legal_try(st, seat, line, emit, arg);
		}
	}
	return n;
}

int
wkw_legal(const struct game_state *st, int seat,
    void (*emit)(void *arg, const char *order), void *arg)
{
	int	 n = 0;

	if (st->phase == WKW_PHASE_SETUP)
		n += wkw_legal_setups(st, seat, emit, arg);
	else if (st->phase == WKW_PHASE_PLAY)
		n += wkw_legal_moves(st, seat, emit, arg);
	n += wkw_legal_try(st, seat, "DRAW?", emit, arg);
	n += wkw_legal_try(st, seat, "DRAW!", emit, arg);
	return n;
}
