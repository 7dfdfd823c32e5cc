/*
 * cmd_history.c - HISTORY <name> [from] [to]: a game's past by mail,
 * replayed phase by phase as the reader was told it (from his own seat's
 * view of each stored phase, so a hidden-information game cannot leak
 * through it), with the broadcasts of each phase and who gave orders in
 * the GM's name. Private press is never replayed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/cmd_history.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/seats.h"

#define JUDGE_HISTORY_MAX	(512 * 1024)	/* bytes of one answer */
#define JUDGE_HISTORY_PRESS	64	/* broadcasts of a phase shown (said) */

/*
 * A phase given as a number (the judge's phase number) or by the game's
 * name of it ("S1902M"); first: the first such phase, else the last.
 */
static int
judge_history_find(struct judge_session *s, const struct judge_seat *w,
    const char *spec, bool first)
{
	struct game_state	*st;
	struct game_stat	 at;
	char			*e;
	long			 no;
	int			 i, found = -1;

	no = strtol(spec, &e, 10);
	if (*e == '\0' && e != spec)
		return no < 0 ? 0 : no > w->game.phase ? w->game.phase + 1 :
		    (int)no;
	for (i = 0; i <= w->game.phase; i++) {
		if ((st = judge_phase_load(s, w, i)) == NULL)
			continue;
		w->ops->stat(st, &at);	/* a phase's name is public */
		w->ops->free(st);
		if (strcasecmp(at.phase, spec) == 0) {
			found = i;
			if (first)
				break;
		}
	}
	if (found < 0)
		judge_err(s, "judge.err.no_such_phase", 2, spec, w->game.name);
	return found;
}

static void
judge_history_press(struct judge_session *s, const struct judge_seat *w,
    int no)
{
	struct db_press	 p[JUDGE_HISTORY_PRESS];
	char		 from[GAME_ARG_MAX], cap[16];
	const char	*line, *e;
	int		 n, i;

	if (db_press_broadcasts(s->env->db, w->game.id, no, p,
	    JUDGE_HISTORY_PRESS, &n) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	for (i = 0; i < n; i++) {
		if (p[i].anonymous)
			snprintf(from, sizeof(from), "@judge.press.anonymous");
		else
			judge_seat_arg(w->ops, p[i].from_seat, from, sizeof(from));
		catalog_say(s->cat, &s->reply, "judge.history.broadcast", 1,
		    from);
		buf_putc(&s->reply, '\n');
		for (line = p[i].body; *line; line = *e ? e + 1 : e) {
			e = line + strcspn(line, "\n");
			buf_printf(&s->reply, "  | %.*s\n", (int)(e - line), line);
		}
		db_press_clear(&p[i]);
	}
	if (n == JUDGE_HISTORY_PRESS) {
		snprintf(cap, sizeof(cap), "%d", n);
		catalog_say(s->cat, &s->reply, "judge.history.press_more", 1,
		    cap);
		buf_putc(&s->reply, '\n');
	}
}

static void
judge_history_gm_orders(struct judge_session *s, const struct judge_seat *w,
    int no)
{
	bool	 by_gm[GAME_MAX_SEATS] = { false };
	char	 arg[GAME_ARG_MAX];
	int	 i;

	if (db_orders_by_gm(s->env->db, w->game.id, no, by_gm,
	    GAME_MAX_SEATS) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	for (i = 0; i < w->ops->nseats; i++)
		if (by_gm[i]) {
			judge_seat_arg(w->ops, i, arg, sizeof(arg));
			catalog_say(s->cat, &s->reply, "judge.history.gm_orders",
			    1, arg);
			buf_putc(&s->reply, '\n');
		}
}

/* One stored phase as the reader saw it, then what happened during it. */
static void
judge_history_one(struct judge_session *s, const struct judge_seat *w,
    int reader, int no, bool last, struct game_view *v)
{
	struct game_state	*st;
	char			 num[16];
	int			 i;

	if ((st = judge_phase_load(s, w, no)) == NULL)
		return;
	memset(v, 0, sizeof(*v));
	w->ops->view(st, reader, v);
	w->ops->free(st);
	snprintf(num, sizeof(num), "%d", no);
	catalog_say(s->cat, &s->reply, v->phase[0] ? "judge.history.phase" :
	    "judge.history.phase_no", 2, v->phase, num);
	buf_putc(&s->reply, '\n');
	if (last && v->board[0]) {
		buf_puts(&s->reply, v->board);
		if (v->board[strlen(v->board) - 1] != '\n')
			buf_putc(&s->reply, '\n');
	}
	for (i = 0; i < v->nmsgs; i++) {
		catalog_render(s->cat, &v->msgs[i], &s->reply);
		buf_putc(&s->reply, '\n');
	}
	judge_history_press(s, w, no);
	judge_history_gm_orders(s, w, no);
	buf_putc(&s->reply, '\n');
}

/* HISTORY <game> [from] [to] */
void
judge_cmd_history(struct judge_session *s, const struct judge_line *l)
{
	const struct judge_seat	*w = &s->who;
	struct game_view	*v;
	int			 reader, from = 1, to, no;

	if (!w->on || strcasecmp(w->game.name, l->argv[1]) != 0) {
		judge_err(s, "judge.err.history_signon", 1, l->argv[1]);
		return;
	}
	reader = w->seat == GAME_SEAT_GM || w->by_gm ? GAME_SEAT_GM : w->seat;
	if (w->game.status == DB_FORMING) {
		judge_err(s, "judge.err.not_started", 1, w->game.name);
		return;
	}
	v = xmalloc(sizeof(*v));
	to = w->game.phase;
	if (l->argc > 2 && (from = judge_history_find(s, w, l->argv[2],
	    true)) < 0)
		goto out;
	if (l->argc > 3 && (to = judge_history_find(s, w, l->argv[3],
	    false)) < 0)
		goto out;
	if (from < 1)
		from = 1;	/* phase 0 is the game before its start */
	if (to > w->game.phase)
		to = w->game.phase;
	if (from > to) {
		judge_err(s, "judge.err.empty_range", 0);
		goto out;
	}
	buf_putc(&s->reply, '\n');
	for (no = from; no <= to && !s->failed; no++) {
		if (s->reply.len > JUDGE_HISTORY_MAX) {
			char next[16];

			snprintf(next, sizeof(next), "%d", no);
			catalog_say(s->cat, &s->reply, "judge.history.more", 2,
			    w->game.name, next);
			buf_putc(&s->reply, '\n');
			break;
		}
		judge_history_one(s, w, reader, no, no == to, v);
	}
out:
	free(v);
}

