/*
 * report.c - turns one seat's view into the text of its report.
 *
 * Reads nothing but its arguments: no database, no full game state. The
 * layout is fixed so that two players of a hidden-information game
 * receive reports of the same shape: a heading, then the view's first
 * nresults messages (a map game's results), the diagram, the other
 * messages. A map game's report is named after the phase it reports
 * ("alpha S1902M results", "alpha Frühjahr 1902 Ergebnisse"), the other
 * games' after the judge's move number.
 */
#include <stdio.h>
#include <string.h>

#include "adjudicator/render/report.h"

/* Season and kind of a phase code ("S1902M"), in the order of play. */
static int
report_phase_rank(const char *code, int *year)
{
	static const char seasons[] = "SFW", kinds[] = "MRA";
	const char	*s, *k;
	size_t		 n = strlen(code);

	*year = 0;
	if (n < 3 || (s = strchr(seasons, code[0])) == NULL ||
	    (k = strchr(kinds, code[n - 1])) == NULL)
		return -1;
	if (sscanf(code + 1, "%d", year) != 1)
		return -1;
	return (int)(s - seasons) * 3 + (int)(k - kinds);
}

/*
 * The phase a map game's view reports: the latest phase code of its
 * boards' results (Zombie-Diplomacy's two boards share the clock, but a
 * board without play in a phase keeps its older results). Borrowed from
 * v; NULL when no board has results yet (a game just started).
 */
static const char *
report_played(const struct game_view *v)
{
	const char	*best = NULL;
	int		 b, r, y, br = -1, by = 0;

	for (b = 0; b < v->map.nboards && b < GAME_MAP_BOARDS; b++) {
		if (!v->map.board[b].results)
			continue;
		r = report_phase_rank(v->map.board[b].phase, &y);
		if (best == NULL || y > by || (y == by && r > br)) {
			best = v->map.board[b].phase;
			br = r;
			by = y;
		}
	}
	return best;
}

/*
 * A phase code as the reader names it in a subject: report.phase.SM with
 * the year ("S{1}M", "Frühjahr {1}"); a code of another shape as it is.
 */
static void
report_phase_name(const struct catalog *cat, const char *code,
    struct buf *out)
{
	char	 key[24], year[16];
	size_t	 n = strlen(code);
	int	 y;

	if (report_phase_rank(code, &y) < 0) {
		buf_puts(out, code);
		return;
	}
	snprintf(key, sizeof(key), "report.phase.%c%c", code[0], code[n - 1]);
	snprintf(year, sizeof(year), "%d", y);
	catalog_say(cat, out, key, 1, year);
}

void
report_subject(const struct catalog *cat, const struct report_head *h,
    const struct game_view *v, struct buf *out)
{
	struct buf	 phase;
	const char	*played;
	char		 n[16];

	if (v->map.nboards == 0) {
		snprintf(n, sizeof(n), "%d", h->phase);
		catalog_say(cat, out, "report.subject", 2, h->game, n);
		return;
	}
	buf_init(&phase);
	if ((played = report_played(v)) != NULL) {
		report_phase_name(cat, played, &phase);
		catalog_say(cat, out, "report.subject.results", 2, h->game,
		    phase.data);
	} else {
		report_phase_name(cat, v->phase, &phase);
		catalog_say(cat, out, "report.subject.phase", 2, h->game,
		    phase.data);
	}
	buf_free(&phase);
}

static void
report_msgs(const struct catalog *cat, const struct game_view *v, int from,
    int to, struct buf *out)
{
	int	 i;

	for (i = from; i < to && i < v->nmsgs; i++) {
		catalog_render(cat, &v->msgs[i], out);
		buf_putc(out, '\n');
	}
}

/* The judge's notes, after a blank line. */
static void
report_notes(const struct report_head *h, struct buf *out)
{
	if (h->notes == NULL || h->notes[0] == '\0')
		return;
	buf_putc(out, '\n');
	buf_puts(out, h->notes);
}

void
report_render(const struct catalog *cat, const struct report_head *h,
    const struct game_view *v, struct buf *out)
{
	const char	*key;
	char		 n[16];
	int		 first;

	/* A map game names its phases in its messages, not by move. */
	snprintf(n, sizeof(n), "%d", v->ply);
	if (v->map.nboards > 0)
		key = h->options[0] ? "report.head.map_options" :
		    "report.head.map";
	else
		key = h->options[0] ? "report.head.options" : "report.head";
	catalog_say(cat, out, key, 4, h->game, h->kind, h->options, n);
	buf_putc(out, '\n');
	if (h->seat_key) {
		char arg[GAME_ARG_MAX];	/* "@dip.seat.0": a game's literal */

		snprintf(arg, sizeof(arg), "@%s", h->seat_key);
		catalog_say(cat, out, "report.you_play", 1, arg);
	} else
		catalog_say(cat, out, h->observer ? "report.you_observe" :
		    "report.you_gm", 0);
	buf_puts(out, "\n\n");
	first = v->nresults > 0 && v->nresults <= v->nmsgs ? v->nresults : 0;
	if (first > 0) {
		report_msgs(cat, v, 0, first, out);
		report_notes(h, out);
		buf_putc(out, '\n');
	}
	if (v->board[0]) {
		buf_puts(out, v->board);
		if (v->board[strlen(v->board) - 1] != '\n')
			buf_putc(out, '\n');
		buf_putc(out, '\n');
	}
	report_msgs(cat, v, first, v->nmsgs, out);
	if (first == 0)
		report_notes(h, out);
}
