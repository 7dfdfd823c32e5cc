/*
 * cmd_signon.c - SIGNON <name> <password>: the lines after it speak for
 * the sender's seat of that game, or for its GM.
 *
 * The password is checked against the sender's own seat first, so one
 * mail costs one Argon2id verification; a password also opens a seat
 * whose player writes from another address (the same person, another
 * mailbox). A failed SIGNON skips the lines after it, up to the next one.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/cmd_signon.h"
#include "adjudicator/judge/orders.h"
#include "adjudicator/judge/phase.h"
#include "common/log.h"

#define JUDGE_SIGNON_NONE	(-2)	/* no seat and not the GM */

/* The seat the password opens, the sender's own tried first. */
static int
judge_signon_seat(struct judge_session *s, const struct judge_seat *w,
    const struct db_player *p, int n, const char *pw)
{
	int	 pass, i, seat = JUDGE_SIGNON_NONE;
	bool	 mine;

	for (pass = 0; pass < 2 && seat == JUDGE_SIGNON_NONE; pass++) {
		for (i = 0; i < n && seat == JUDGE_SIGNON_NONE; i++) {
			mine = strcasecmp(p[i].address, s->msg->reply_to) == 0;
			if (mine == (pass == 0) && !p[i].ejected &&
			    password_verify(s->env->pwcache, p[i].pwhash, pw))
				seat = p[i].seat;
		}
		if (seat == JUDGE_SIGNON_NONE && (strcasecmp(w->game.gm_address,
		    s->msg->reply_to) == 0) == (pass == 0) &&
		    password_verify(s->env->pwcache, w->game.gm_pwhash, pw))
			seat = GAME_SEAT_GM;
	}
	return seat;
}

/*
 * Nobody speaks until the next SIGNON, and the lines in between are
 * skipped; the orders so far belong to the speaker until now.
 */
static void
judge_signon_failed(struct judge_session *s)
{
	judge_orders_flush(s);
	s->who.on = false;
	s->signon_failed = true;
}

void
judge_cmd_signon(struct judge_session *s, const struct judge_line *l)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct judge_seat	 w;
	char			 key[GAME_ARG_MAX];
	int			 n, seat;

	if (!judge_phase_find(s, l->argv[1], &w) ||
	    !judge_phase_players(s, &w.game, p, &n)) {
		judge_signon_failed(s);
		return;
	}
	if ((seat = judge_signon_seat(s, &w, p, n, l->argv[2])) ==
	    JUDGE_SIGNON_NONE) {
		log_info("judge: game=%s signon=refused", w.game.name);
		judge_err(s, "judge.err.bad_signon", 1, w.game.name);
		judge_signon_failed(s);
		return;
	}
	w.on = true;
	w.seat = seat;
	judge_orders_speak_as(s, &w);
	s->signon_failed = false;
	if (seat == GAME_SEAT_GM)
		judge_ok(s, "judge.signed_on_gm", 1, w.game.name);
	else if (w.game.status == DB_FORMING && w.ops->nseats > 2)
		/* Before the start a seat number is only a place in the
		 * queue (cmd_join.c). */
		judge_ok(s, "judge.signed_on_forming", 1, w.game.name);
	else {
		snprintf(key, sizeof(key), "@%s", w.ops->seat_key(seat));
		judge_ok(s, "judge.signed_on", 2, w.game.name, key);
		judge_clock_signed_on(s, &w);
	}
}
