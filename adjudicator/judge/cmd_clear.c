/*
 * cmd_clear.c - CLEAR: the signed-on player withdraws every order of his
 * seat for the current phase. The reply's confirmation block then shows
 * the (empty) order set and what the seat still owes (orders.c).
 */
#include "adjudicator/judge/cmd_clear.h"
#include "adjudicator/judge/orders.h"

void
judge_cmd_clear(struct judge_session *s, const struct judge_line *l)
{
	struct judge_seat	*w = &s->who;

	(void)l;
	if (w->game.status != DB_RUNNING) {
		judge_err(s, "judge.err.not_running", 1, w->game.name);
		return;
	}
	if (db_orders_clear(s->env->db, w->game.id, w->game.phase, w->seat) !=
	    DB_OK) {
		judge_store_failed(s);
		return;
	}
	judge_orders_touched(s);
	judge_ok(s, "judge.cleared", 0);
}
