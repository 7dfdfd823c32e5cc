/*
 * report.c - turns one seat's view into the text of its report.
 *
 * Reads nothing but its arguments: no database, no full game state. The
 * layout is fixed (heading, board, one line per message) so that two players
 * of a hidden-information game receive reports of the same shape.
 */
#include <stdio.h>
#include <string.h>

#include "adjudicator/render/report.h"

void
report_subject(const struct catalog *cat, const struct report_head *h,
    struct buf *out)
{
	char	 n[16];

	snprintf(n, sizeof(n), "%d", h->phase);
	catalog_say(cat, out, "report.subject", 2, h->game, n);
}

void
report_render(const struct catalog *cat, const struct report_head *h,
    const struct game_view *v, struct buf *out)
{
	char	 n[16];
	int	 i;

	snprintf(n, sizeof(n), "%d", v->ply);
	catalog_say(cat, out, h->options[0] ? "report.head.options" :
	    "report.head", 4, h->game, h->kind, h->options, n);
	buf_putc(out, '\n');
	if (h->seat_key) {
		char arg[GAME_ARG_MAX];	/* "@dip.seat.0": a game's literal */

		snprintf(arg, sizeof(arg), "@%s", h->seat_key);
		catalog_say(cat, out, "report.you_play", 1, arg);
	} else
		catalog_say(cat, out, h->observer ? "report.you_observe" :
		    "report.you_gm", 0);
	buf_puts(out, "\n\n");
	if (v->board[0]) {
		buf_puts(out, v->board);
		if (v->board[strlen(v->board) - 1] != '\n')
			buf_putc(out, '\n');
		buf_putc(out, '\n');
	}
	for (i = 0; i < v->nmsgs; i++) {
		catalog_render(cat, &v->msgs[i], out);
		buf_putc(out, '\n');
	}
}
