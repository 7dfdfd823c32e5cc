/*
 * cmd_resign.c - RESIGN: the signed-on player gives his game up.
 *
 * The game records what that means (a two-player game is lost; a
 * Diplomacy power goes into civil disorder) as a new phase row; in a game
 * that goes on, the orders the others gave for this phase stay given.
 */
#include "adjudicator/judge/cmd_resign.h"
#include "adjudicator/judge/phase.h"

void
judge_cmd_resign(struct judge_session *s, const struct judge_line *l)
{
	struct game_state	*st;
	struct judge_seat	 w = s->who;
	int			 was = w.game.phase;

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
		if (judge_phase_advance(s, &w, st) == 0) {
			if (w.game.status == DB_RUNNING && db_orders_copy(
			    s->env->db, w.game.id, was, w.game.phase) != DB_OK)
				judge_store_failed(s);
			judge_phase_report(s, &w, st, NULL, 0);
		}
	}
	w.ops->free(st);
}
