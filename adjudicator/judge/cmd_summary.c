/*
 * cmd_summary.c - SUMMARY <name>: a game on one page: its kind, options
 * and status, the phase it is in, every seat's state (with the players'
 * addresses and the take-overs for its GM only), and the game's tally per
 * period (Diplomacy: the supply centres of every power per year).
 *
 * Anyone may ask; everything but the GM's addresses is public.
 */
#include <stdio.h>
#include <string.h>

#include "adjudicator/judge/cmd_summary.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/seats.h"

#define JUDGE_SUMMARY_ROWS	200	/* periods tallied: a game of 200 years */
#define JUDGE_SUMMARY_CHANGES	32	/* take-overs listed (more: said) */

/* The first three characters (not bytes) of a seat's name. */
static void
judge_summary_abbr(const struct catalog *cat, const struct game_ops *ops,
    int seat, char *out, size_t len)
{
	const char	*name = catalog_get(cat, ops->seat_key(seat));
	size_t		 i = 0;
	int		 chars = 0;

	if (name == NULL)
		name = "?";
	while (name[i] && chars < 3) {
		i++;
		while (((unsigned char)name[i] & 0xc0) == 0x80)
			i++;
		chars++;
	}
	snprintf(out, len, "%.*s", (int)i, name);
}

/* The tally per period: the last stored phase of each period counts. */
static void
judge_summary_tally(struct judge_session *s, const struct judge_seat *w)
{
	struct game_state	*st;
	char			 period[16], last[16] = "", abbr[16];
	int			 count[GAME_MAX_SEATS], keep[GAME_MAX_SEATS];
	int			 no, i, n = 0, rows = 0;

	if (w->ops->tally == NULL)
		return;
	catalog_say(s->cat, &s->reply, "judge.summary.tally", 0);
	buf_puts(&s->reply, "\n      ");
	for (i = 0; i < w->ops->nseats; i++) {
		judge_summary_abbr(s->cat, w->ops, i, abbr, sizeof(abbr));
		buf_printf(&s->reply, " %4s", abbr);
	}
	buf_putc(&s->reply, '\n');
	for (no = 1; no <= w->game.phase + 1 && rows < JUDGE_SUMMARY_ROWS; no++) {
		st = no <= w->game.phase ? judge_phase_load(s, w, no) : NULL;
		if (st) {
			n = w->ops->tally(st, period, sizeof(period), count,
			    GAME_MAX_SEATS);
			w->ops->free(st);
		} else
			period[0] = '\0';
		if (last[0] && strcmp(period, last) != 0) {
			buf_printf(&s->reply, "%-6s", last);
			for (i = 0; i < w->ops->nseats; i++)
				buf_printf(&s->reply, " %4d", keep[i]);
			buf_putc(&s->reply, '\n');
			rows++;
		}
		if (st == NULL)
			continue;
		memcpy(keep, count, sizeof(keep));
		for (i = n; i < GAME_MAX_SEATS; i++)
			keep[i] = 0;
		strlcpy_(last, period, sizeof(last));
	}
	buf_putc(&s->reply, '\n');
}

/* One line per seat: its player's state and, for the GM, his address. */
static void
judge_summary_seats(struct judge_session *s, const struct judge_seat *w,
    const struct db_game *g, bool gm)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct db_seat_change	 c[JUDGE_SUMMARY_CHANGES];
	char			 arg[GAME_ARG_MAX], ph[16];
	const char		*key;
	int			 n, nc, i, k;

	if (db_players(s->env->db, g->id, p, GAME_MAX_SEATS, &n) != DB_OK ||
	    db_seat_changes(s->env->db, g->id, c, JUDGE_SUMMARY_CHANGES,
	    &nc) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	if (g->status == DB_FORMING) {
		snprintf(ph, sizeof(ph), "%d/%d", n, w->ops->nseats);
		catalog_say(s->cat, &s->reply, "judge.summary.forming", 1, ph);
		buf_putc(&s->reply, '\n');
		return;
	}
	for (i = 0; i < n; i++) {
		judge_seat_arg(w->ops, p[i].seat, arg, sizeof(arg));
		key = p[i].ejected ? "judge.summary.ejected" : p[i].resigned ?
		    "judge.summary.resigned" : "judge.summary.playing";
		catalog_say(s->cat, &s->reply, key, 1, arg);
		if (gm)
			buf_printf(&s->reply, " <%s>", p[i].address);
		buf_putc(&s->reply, '\n');
		for (k = 0; k < nc; k++)
			if (c[k].seat == p[i].seat) {
				snprintf(ph, sizeof(ph), "%d", c[k].phase);
				buf_puts(&s->reply, "    ");
				catalog_say(s->cat, &s->reply,
				    "judge.summary.took_over", 1, ph);
				if (gm)
					buf_printf(&s->reply, " <%s> -> <%s>",
					    c[k].old_address, c[k].address);
				buf_putc(&s->reply, '\n');
			}
	}	if (nc == JUDGE_SUMMARY_CHANGES) {
		snprintf(ph, sizeof(ph), "%d", nc);
		catalog_say(s->cat, &s->reply, "judge.summary.changes_more", 1,
		    ph);
		buf_putc(&s->reply, '\n');
	}
}

/* SUMMARY <game>: anyone; addresses only for its GM. */
void
judge_cmd_summary(struct judge_session *s, const struct judge_line *l)
{
	struct judge_seat	 w;
	struct game_state	*st;
	struct game_stat	 at;
	bool			 gm;

	if (!judge_phase_find(s, l->argv[1], &w))
		return;
	gm = s->who.on && s->who.game.id == w.game.id &&
	    (s->who.seat == GAME_SEAT_GM || s->who.by_gm);
	buf_putc(&s->reply, '\n');
	catalog_say(s->cat, &s->reply, w.game.options[0] ?
	    "judge.summary.head_options" : "judge.summary.head", 4, w.game.name,
	    w.game.kind, judge_phase_status_arg(w.game.status), w.game.options);
	buf_putc(&s->reply, '\n');
	if (w.game.status != DB_FORMING &&
	    (st = judge_phase_load(s, &w, w.game.phase)) != NULL) {
		/* Only the phase's name: it is public (game_ops.stat). */
		w.ops->stat(st, &at);
		catalog_say(s->cat, &s->reply, "judge.summary.phase", 1,
		    at.phase);
		buf_putc(&s->reply, '\n');
		w.ops->free(st);
	}
	judge_summary_seats(s, &w, &w.game, gm);
	buf_putc(&s->reply, '\n');
	if (w.game.status != DB_FORMING)
		judge_summary_tally(s, &w);
}
