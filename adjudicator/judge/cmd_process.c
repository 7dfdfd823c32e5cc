/*
 * cmd_process.c - PROCESS [phase]: the GM has the phase played now, with
 * the orders there are (play.c); with a phase such as S1901M only if the
 * game is still in it (njudge's guard against a PROCESS that arrives after
 * the phase moved on).
 */
#include <strings.h>

#include "adjudicator/judge/cmd_process.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/play.h"

void
judge_cmd_process(struct judge_session *s, const struct judge_line *l)
{
	struct game_state	*st;
	struct game_stat	 now;

	if (s->who.game.status != DB_RUNNING) {
		judge_err(s, "judge.err.not_running", 1, s->who.game.name);
		return;
	}
	if (l->argc > 1) {
		if ((st = judge_phase_load(s, &s->who, s->who.game.phase)) ==
		    NULL)
			return;
		s->who.ops->stat(st, &now);
		s->who.ops->free(st);
		if (strcasecmp(now.phase, l->argv[1]) != 0) {
			judge_err(s, "clock.err.phase_moved", 3,
			    s->who.game.name, now.phase, l->argv[1]);
			return;
		}
	}
	if (judge_play_process(s, &s->who, JUDGE_PLAY_GM) == 0)
		judge_ok(s, "clock.processed", 1, s->who.game.name);
}
