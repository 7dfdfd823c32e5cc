/*
 * cmd_wait.c - SET WAIT and SET NOWAIT: a player holds the phase until its
 * deadline even when every order is in, or lets it go again (njudge's
 * WAIT). Told to the player alone; the flag holds for this phase only.
 */
#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/cmd_wait.h"

static void
judge_wait_set(struct judge_session *s, bool wait)
{
	struct db_clock_seat	 f;
	struct db_clock		 c;

	if (!judge_clock_here(s, &c) || judge_clock_seat(s, &s->who, &f) != 0)
		return;
	f.wait_phase = wait ? s->who.game.phase : -1;
	if (db_clock_seat_put(s->env->db, s->who.game.id, &f) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	judge_ok(s, wait ? "clock.wait_set" : "clock.nowait_set", 1,
	    s->who.game.name);
}

void
judge_cmd_set_wait(struct judge_session *s, const struct judge_line *l)
{
	(void)l;
	judge_wait_set(s, true);
}

void
judge_cmd_set_nowait(struct judge_session *s, const struct judge_line *l)
{
	(void)l;
	judge_wait_set(s, false);
}
