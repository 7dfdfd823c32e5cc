/*
 * cmd_rollback.c - ROLLBACK: the GM takes the game one phase back.
 *
 * History is never overwritten (DESIGN.md): the state of the phase before
 * is stored again as a new phase row, and the orders that were given for
 * that phase are copied to it, so the GM (or the players) can correct them
 * and the phase runs again. njudge's house rule applies to its use: turns
 * are replayed for judge errors, not to let players change their minds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/judge/cmd_rollback.h"
#include "adjudicator/judge/phase.h"
#include "common/log.h"

#define JUDGE_ROLLBACK_ORDERS	256

/* The state of phase row no and its ply; NULL if it does not load. */
static struct game_state *
judge_rollback_load(struct judge_session *s, const struct judge_seat *w,
    int no, int *ply)
{
	struct game_state	*st;
	struct game_stat	 at;

	if ((st = judge_phase_load(s, w, no)) == NULL)
		return NULL;
	w->ops->stat(st, &at);
	*ply = at.ply;
	return st;
}

/*
 * The newest phase row before the current one whose ply is one less: after
 * earlier rollbacks that is the phase the current one was played from.
 */
static struct game_state *
judge_rollback_find(struct judge_session *s, const struct judge_seat *w,
    int *found)
{
	struct game_state	*st;
	int			 cur, ply, no;

	if ((st = judge_rollback_load(s, w, w->game.phase, &cur)) == NULL)
		return NULL;
	w->ops->free(st);
	/* Row 0 is the game before it started: never go back there. */
	for (no = w->game.phase - 1; no >= 1 && cur > 0; no--) {
		if ((st = judge_rollback_load(s, w, no, &ply)) == NULL)
			return NULL;
		if (ply == cur - 1) {
			*found = no;
			return st;
		}
		w->ops->free(st);
	}
	return NULL;
}

static int
judge_rollback_orders(struct judge_session *s, const struct judge_seat *w,
    int from, int to)
{
	struct db_order	*o;
	int		 n, i, rc = 0;

	o = xcalloc(JUDGE_ROLLBACK_ORDERS, sizeof(*o));
	if (db_orders(s->env->db, w->game.id, from, o, JUDGE_ROLLBACK_ORDERS,
	    &n) != DB_OK)
		rc = -1;
	for (i = 0; rc == 0 && i < n; i++)
		if (db_order_put(s->env->db, w->game.id, to, &o[i],
		    s->inbox_id) != DB_OK)
			rc = -1;
	free(o);
	return rc;
}

/*
 * The kept orders would make the phase ready at once: with a clock it is
 * not processed early, only at its deadline or by PROCESS.
 */
static int
judge_rollback_hold(struct judge_session *s, const struct judge_seat *w)
{
	struct db_clock	 c;

	switch (db_clock_get(s->env->db, w->game.id, &c)) {
	case DB_NONE:
		return 0;
	case DB_ERR:
		return -1;
	}
	c.sent |= DB_SENT_HELD;
	return db_clock_put(s->env->db, &c);
}

void
judge_cmd_rollback(struct judge_session *s, const struct judge_line *l)
{
	struct judge_seat	*w = &s->who;
	struct game_state	*st;
	struct game_msg		 note;
	int			 from = 0;

	(void)l;
	if (w->game.status != DB_RUNNING && w->game.status != DB_OVER) {
		judge_err(s, "judge.err.not_running", 1, w->game.name);
		return;
	}
	if ((st = judge_rollback_find(s, w, &from)) == NULL) {
		judge_err(s, "clock.err.no_rollback", 1, w->game.name);
		return;
	}
	w->game.winner = GAME_NOBODY;
	if (judge_phase_advance(s, w, st) == 0 &&
	    (judge_rollback_orders(s, w, from, w->game.phase) != 0 ||
	    judge_rollback_hold(s, w) != 0))
		judge_store_failed(s);
	if (!s->failed) {
		log_info("judge: game=%s rolled back to phase=%d as %d",
		    w->game.name, from, w->game.phase);
		judge_ok(s, "clock.rolled_back", 1, w->game.name);
		memset(&note, 0, sizeof(note));
		game_msg_set(&note, "clock.note.rollback", 1, w->game.name);
		judge_phase_report(s, w, st, &note, 1);
	}
	w->ops->free(st);
}
