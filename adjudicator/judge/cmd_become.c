/*
 * cmd_become.c - BECOME <power>: the GM gives a power's orders for the
 * rest of the mail (rules/judge-conventions.md 1.5).
 *
 * One BECOME per mail, so one player's copy never shows what the GM did
 * for another. At the end of the mail the power's player gets a copy of
 * the reply's lines after the BECOME and his orders as they stand; the
 * history marks the orders as the GM's (db orders.by_gm).
 */
#include <string.h>

#include "adjudicator/judge/cmd_become.h"
#include "adjudicator/judge/notify.h"
#include "adjudicator/judge/orders.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/seats.h"

void
judge_cmd_become(struct judge_session *s, const struct judge_line *l,
    void *own)
{
	struct judge_become	*b = own;
	struct judge_seat	 w = s->who;
	char			 arg[GAME_ARG_MAX];
	int			 seat;

	if (b->became) {
		judge_err(s, "judge.err.become_once", 0);
		return;
	}
	if (w.game.status != DB_RUNNING) {
		judge_err(s, "judge.err.not_running", 1, w.game.name);
		return;
	}
	if ((seat = judge_seat_or_say(s, w.ops, l->argv[1])) < 0)
		return;
	w.seat = seat;
	w.by_gm = true;
	judge_orders_speak_as(s, &w);
	b->became = true;
	judge_seat_arg(w.ops, seat, arg, sizeof(arg));
	judge_ok(s, "judge.became", 1, arg);
	buf_putc(&s->reply, '\n');
	b->at = s->reply.len;
}

void
judge_become_end(struct judge_session *s, void *own)
{
	struct judge_become	*b = own;
	struct db_player	 p[GAME_MAX_SEATS];
	struct judge_seat	*w = &s->who;
	struct buf		 copy;
	char			 arg[GAME_ARG_MAX];
	int			 n, i;

	if (!b->became || s->failed || !w->on || !w->by_gm ||
	    !judge_phase_players(s, &w->game, p, &n))
		return;
	for (i = 0; i < n && p[i].seat != w->seat; i++)
		continue;
	if (i == n || p[i].resigned || p[i].ejected)
		return;
	judge_seat_arg(w->ops, w->seat, arg, sizeof(arg));
	buf_init(&copy);
	if (s->reply.len > b->at)
		buf_add(&copy, s->reply.data + b->at, s->reply.len - b->at);
	judge_orders_confirm(s, judge_reader_catalog(s, p[i].address), &copy);
	judge_notify_copy(s, &w->game, p[i].address, &copy, "judge.become.copy",
	    2, arg, w->game.name);
	buf_free(&copy);
}
