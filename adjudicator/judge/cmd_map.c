/*
 * cmd_map.c - MAP <game>: the game's current report, with the picture of
 * the same view, for whoever may read its reports: its players, its game
 * master and its observers (OBSERVE: the report an observer gets, of a
 * game that hides nothing from anyone).
 *
 * The report goes the reports' own way (report.c judge_report_one(): the
 * reader's view alone, his language, whatever picture that view draws),
 * so MAP shows exactly what the reader's last report showed and never
 * more. Signed on to the game, the reader gets it in the reply, as every
 * signed-on mail does; without a sign-on the sender's address must be
 * the address of record of a seat, of the GM or of an observer, and the
 * report goes to that address in a mail of its own: a forged sender can
 * only make the judge mail a reader what he may read anyway, and that
 * mail counts as an answer to the address (limits.h, JUDGE_LIMIT_REPLY).
 * No writes but the outbox and that count.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/cmd_map.h"
#include "adjudicator/judge/limits.h"
#include "adjudicator/judge/notice.h"
#include "adjudicator/judge/observers.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/report.h"

/* Who reads game w's report for the sender, and where it goes. */
struct judge_map_reader {
	const struct judge_seat	*w;	/* the game as the report names it */
	int			 seat;	/* or GAME_SEAT_GM */
	char			 addr[DB_ADDR_MAX];
	bool			 reply;	/* into the reply: signed on to w */
	bool			 observer;	/* an observer's report */
};

/*
 * The reader the sender is in game w into r: signed on to it, the seat he
 * speaks for (the GM's after SIGNON as GM, the power's after BECOME, as
 * the reply's report); else by his address, the GM's first, then the
 * first seat of his that is not ejected, then an observer's. False when
 * he reads none of its reports (said) or on a store error.
 */
static bool
judge_map_reader(struct judge_session *s, const struct judge_seat *w,
    struct judge_map_reader *r)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct db_observer	 o[JUDGE_OBSERVERS_MAX];
	int			 n, i;

	memset(r, 0, sizeof(*r));
	r->w = w;
	if (s->who.on && s->who.game.id == w->game.id) {
		r->w = &s->who;
		r->seat = s->who.seat;
		r->reply = true;
		strlcpy_(r->addr, s->msg->reply_to, sizeof(r->addr));
		return true;
	}
	if (strcasecmp(w->game.gm_address, s->msg->reply_to) == 0) {
		r->seat = GAME_SEAT_GM;
		strlcpy_(r->addr, w->game.gm_address, sizeof(r->addr));
		return true;
	}
	if (!judge_phase_players(s, &w->game, p, &n))
		return false;
	for (i = 0; i < n; i++)
		if (!p[i].ejected && strcasecmp(p[i].address,
		    s->msg->reply_to) == 0) {
			r->seat = p[i].seat;
			strlcpy_(r->addr, p[i].address, sizeof(r->addr));
			return true;
		}
	if (!judge_observers_list(s, &w->game, o, &n))
		return false;
	for (i = 0; i < n; i++)
		if (strcasecmp(o[i].address, s->msg->reply_to) == 0) {
			r->seat = GAME_SEAT_GM;
			r->observer = true;
			strlcpy_(r->addr, o[i].address, sizeof(r->addr));
			return true;
		}
	judge_err(s, "judge.err.map_whose", 1, w->game.name);
	return false;
}

/*
 * Whether a report of w's game may still be mailed to the sender's address
 * this hour; counts it when it may, says why not when it may not.
 */
static bool
judge_map_within_hour(struct judge_session *s, const struct judge_seat *w)
{
	struct game_msg	 m;
	char		 max[16];
	time_t		 until;

	if (judge_limit_full(s, JUDGE_LIMIT_REPLY, s->msg->reply_to, &until)) {
		snprintf(max, sizeof(max), "%d",
		    judge_limit_max(s, JUDGE_LIMIT_REPLY));
		memset(&m, 0, sizeof(m));
		game_msg_set(&m, "judge.err.map_hourly", 2, w->game.name, max);
		judge_note_time(&m, 2, until);
		judge_note_say(s, "UTC", &m, true);
		return false;
	}
	return !s->failed && judge_limit_add(s, JUDGE_LIMIT_REPLY,
	    s->msg->reply_to, NULL) >= 0;
}

/* MAP <game> */
void
judge_cmd_map(struct judge_session *s, const struct judge_line *l)
{
	struct judge_map_reader	 r;
	struct judge_seat	 w;
	struct game_state	*st;

	if (s->msg == NULL || s->msg->reply_to == NULL ||
	    !judge_phase_find(s, l->argv[1], &w) ||
	    !judge_map_reader(s, &w, &r))
		return;
	if (w.game.status == DB_FORMING) {
		judge_err(s, "judge.err.not_started", 1, w.game.name);
		return;
	}
	if ((st = judge_phase_load(s, r.w, r.w->game.phase)) == NULL)
		return;
	if (r.observer && !judge_observers_open(r.w, st))
		judge_err(s, "judge.err.observe_hidden", 1, w.game.name);
	else if (r.observer && judge_map_within_hour(s, &w)) {
		judge_report_observer(s, r.w, st, r.addr, NULL);
		if (!s->failed)
			judge_ok(s, "judge.map.sent", 1, w.game.name);
	} else if (!r.observer && (r.reply || judge_map_within_hour(s, &w))) {
		judge_report_one(s, r.w, st, r.seat, r.addr, NULL);
		if (!s->failed)
			judge_ok(s, r.reply ? "judge.map.below" :
			    "judge.map.sent", 1, w.game.name);
	}
	w.ops->free(st);
}
