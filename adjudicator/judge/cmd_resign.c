/*
 * cmd_resign.c - RESIGN: the signed-on player gives his game up.
 *
 * The game records what that means (a two-player game is lost; a
 * Diplomacy power goes into civil disorder) as a new phase row; in a game
 * that goes on, the orders the others gave for this phase stay given.
 */
#include "adjudicator/judge/cmd_resign.h"
#include "adjudicator/judge/notify.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/seats.h"

/*
 * The game goes on without the seat: a new state of the same phase, so
 * the clock keeps its deadline and the others keep their orders; they
 * hear it in a short notice, not a full report of a board that did not
 * change.
 */
static void
judge_resign_in_phase(struct judge_session *s, struct judge_seat *w,
    const struct game_state *st)
{
	char	 arg[GAME_ARG_MAX];

	if (judge_phase_amend(s, w, st) != 0)
		return;
	judge_seat_arg(w->ops, w->seat, arg, sizeof(arg));
	judge_notify_all(s, &w->game, s->msg->reply_to, "judge.resigned.all",
	    2, arg, w->game.name);
	s->who.game = w->game;
}

void
judge_cmd_resign(struct judge_session *s, const struct judge_line *l)
{
	struct game_state	*st;
	struct game_stat	 now;
	struct judge_seat	 w = s->who;

	(void)l;
	if (w.game.status != DB_RUNNING) {
		judge_err(s, "judge.err.not_running", 1, w.game.name);
		return;
	}
	if ((st = judge_phase_load(s, &w, w.game.phase)) == NULL)
		return;
	if (w.ops->resign(st, w.seat) != 0)
		judge_err(s, "judge.err.cannot_resign", 0);
	else if (db_player_resign(s->env->db, w.game.id, w.seat) != DB_OK)
		judge_store_failed(s);
	else {
		judge_ok(s, "judge.resigned", 1, w.game.name);
		w.ops->stat(st, &now);
		if (now.status == GAME_STATUS_RUNNING)
			judge_resign_in_phase(s, &w, st);
		else if (judge_phase_advance(s, &w, st) == 0)
			judge_phase_report(s, &w, st, NULL, 0);
	}
	w.ops->free(st);
}
