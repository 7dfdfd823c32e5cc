/*
 * cmd_terminate.c - TERMINATE: the game master ends his running game
 * before its time (njudge's TERMINATE).
 *
 * The game ends as it stands, without a winner: a game that can say so
 * records it in its state (game_ops.terminate; Diplomacy: "ended by the
 * game master", its supply centres the final standings), any other is
 * over by the judge's row alone and its last reports show the position
 * as it stood. Every player, the GM and the observers get the final
 * report of their own view with the note and the seed revealed, as at
 * the end of any game (phase.c). The orders given for the phase are not
 * played. ROLLBACK takes a game back to the phase before, as after any
 * other end. No mail but the reports; no writes but the phase and the
 * game's row.
 */
#include <string.h>

#include "adjudicator/judge/cmd_terminate.h"
#include "adjudicator/judge/phase.h"

void
judge_cmd_terminate(struct judge_session *s, const struct judge_line *l)
{
	struct judge_seat	*w = &s->who;
	struct game_state	*st;
	struct game_msg		 note;

	(void)l;
	if (w->game.status != DB_RUNNING) {
		judge_err(s, "judge.err.not_running", 1, w->game.name);
		return;
	}
	if ((st = judge_phase_load(s, w, w->game.phase)) == NULL)
		return;
	memset(&note, 0, sizeof(note));
	game_msg_set(&note, "judge.terminated.note", 1, w->game.name);
	if (judge_phase_terminate(s, w, st, &note) == 0)
		judge_ok(s, "judge.terminated", 1, w->game.name);
	w->ops->free(st);
}
