/*
 * cmd_takeover.c - a new player for a seat its player left: TAKEOVER
 * <name> <power> <password> asks the GM, who answers with APPROVE
 * TAKEOVER <power> [address] or REFUSE TAKEOVER <power> [address].
 *
 * rules/judge-conventions.md 1.4-1.5: only a seat whose player resigned or
 * was removed can be taken over. When the seat goes to one candidate, the
 * others hear at once; the game takes the seat back from resign() where
 * it can (a Diplomacy power leaves civil disorder) as a phase row of its
 * own, and the orders given so far in the phase stay given.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/cmd_takeover.h"
#include "adjudicator/judge/notify.h"
#include "adjudicator/judge/password.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/report.h"
#include "adjudicator/judge/seats.h"
#include "common/log.h"

/* Requests pending for one seat; a further one is refused (below). */
#define JUDGE_TAKEOVER_CANDIDATES	8

/* Whether the sender may ask for seat of w's game; says why not. */
static bool
judge_takeover_may(struct judge_session *s, const struct judge_seat *w,
    int seat, const char *pw)
{
	struct db_player	 p[GAME_MAX_SEATS];
	char			 arg[GAME_ARG_MAX];
	int			 n, i;

	if (!judge_phase_players(s, &w->game, p, &n) ||
	    !judge_seat_newcomer(s, &w->game, pw))
		return false;
	judge_seat_arg(w->ops, seat, arg, sizeof(arg));
	for (i = 0; i < n; i++) {
		if (strcasecmp(p[i].address, s->msg->reply_to) == 0 &&
		    !p[i].resigned && !p[i].ejected) {
			judge_err(s, "judge.err.already_joined", 1, w->game.name);
			return false;
		}
		if (p[i].seat == seat && !p[i].resigned && !p[i].ejected) {
			judge_err(s, "judge.err.seat_not_open", 2, arg,
			    w->game.name);
			return false;
		}
	}
	return true;
}

/*
 * Whether another request for seat fits: the GM picks among at most
 * JUDGE_TAKEOVER_CANDIDATES, so one more is refused until he decides.
 */
static bool
judge_takeover_room(struct judge_session *s, const struct judge_seat *w,
    int seat)
{
	struct db_takeover	 t[JUDGE_TAKEOVER_CANDIDATES];
	char			 arg[GAME_ARG_MAX], n_s[16];
	int			 n;

	if (db_takeovers_pending(s->env->db, w->game.id, seat, t,
	    JUDGE_TAKEOVER_CANDIDATES, &n) != DB_OK) {
		judge_store_failed(s);
		return false;
	}
	if (n < JUDGE_TAKEOVER_CANDIDATES)
		return true;
	judge_seat_arg(w->ops, seat, arg, sizeof(arg));
	snprintf(n_s, sizeof(n_s), "%d", n);
	judge_err(s, "judge.err.takeover_full", 2, n_s, arg);
	return false;
}

/* TAKEOVER <game> <power> <password>: asks the GM for an empty seat. */
void
judge_cmd_takeover(struct judge_session *s, const struct judge_line *l)
{
	struct judge_seat	 w;
	char			 hash[DB_HASH_MAX], arg[GAME_ARG_MAX];
	int			 seat;

	if (!judge_phase_find(s, l->argv[1], &w))
		return;
	if (w.game.status != DB_RUNNING) {
		judge_err(s, "judge.err.not_running", 1, w.game.name);
		return;
	}
	if ((seat = judge_seat_or_say(s, w.ops, l->argv[2])) < 0 ||
	    !judge_takeover_may(s, &w, seat, l->argv[3]) ||
	    !judge_takeover_room(s, &w, seat))
		return;
	if (password_hash(l->argv[3], hash) != 0 ||
	    db_takeover_request(s->env->db, w.game.id, seat, s->msg->reply_to,
	    hash, s->env->now) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	log_info("judge: game=%s takeover seat=%d asked", w.game.name, seat);
	judge_seat_arg(w.ops, seat, arg, sizeof(arg));
	judge_ok(s, "judge.takeover.asked", 2, arg, w.game.name);
	judge_notify(s, &w.game, w.game.gm_address, "judge.gm.takeover", 3,
	    s->msg->reply_to, arg, w.game.name);
}

/* The pending request APPROVE/REFUSE TAKEOVER <power> [address] means. */
static bool
judge_takeover_pick(struct judge_session *s, const struct judge_line *l,
    int seat, struct db_takeover *out)
{
	struct db_takeover	 t[JUDGE_TAKEOVER_CANDIDATES];
	struct buf		 who;
	char			 arg[GAME_ARG_MAX];
	int			 n, i;

	if (db_takeovers_pending(s->env->db, s->who.game.id, seat, t,
	    JUDGE_TAKEOVER_CANDIDATES, &n) != DB_OK) {
		judge_store_failed(s);
		return false;
	}
	judge_seat_arg(s->who.ops, seat, arg, sizeof(arg));
	for (i = 0; i < n; i++)
		if (l->argc > 3 && strcasecmp(t[i].address, l->argv[3]) == 0) {
			*out = t[i];
			return true;
		}
	if (l->argc <= 3 && n == 1) {
		*out = t[0];
		return true;
	}
	if (n == 0 || l->argc > 3) {
		judge_err(s, "judge.err.no_takeover", 2, arg, l->argc > 3 ?
		    l->argv[3] : "-");
		return false;
	}
	buf_init(&who);
	for (i = 0; i < n; i++)
		buf_printf(&who, "%s%s", i ? ", " : "", t[i].address);
	judge_err(s, "judge.err.takeover_which", 2, arg, who.data);
	buf_free(&who);
	return false;
}

/* The seat's former player, into old; false (and said) if it is taken. */
static bool
judge_takeover_open(struct judge_session *s, const struct judge_seat *w,
    int seat, char *old, size_t oldlen)
{
	struct db_player	 p[GAME_MAX_SEATS];
	char			 arg[GAME_ARG_MAX];
	int			 n, i;

	if (!judge_phase_players(s, &w->game, p, &n))
		return false;
	for (i = 0; i < n; i++)
		if (p[i].seat == seat) {
			if (!p[i].resigned && !p[i].ejected) {
				judge_seat_arg(w->ops, seat, arg, sizeof(arg));
				judge_err(s, "judge.err.seat_not_open", 2, arg,
				    w->game.name);
				return false;
			}
			/* Both are DB_ADDR_MAX bytes: nothing is cut. */
			strlcpy_(old, p[i].address, oldlen);
		}
	return true;
}

/* The other candidates for the seat hear at once that it is gone. */
static int
judge_takeover_refuse_rest(struct judge_session *s, const struct judge_seat *w,
    int seat, const char *arg)
{
	struct db_takeover	 rest[JUDGE_TAKEOVER_CANDIDATES];
	int			 n, i;

	if (db_takeovers_pending(s->env->db, w->game.id, seat, rest,
	    JUDGE_TAKEOVER_CANDIDATES, &n) != DB_OK)
		return -1;
	for (i = 0; i < n; i++) {
		if (db_takeover_decide(s->env->db, rest[i].id, false,
		    w->game.phase, "", s->env->now) != DB_OK)
			return -1;
		judge_notify(s, &w->game, rest[i].address,
		    "judge.takeover.refused", 2, arg, w->game.name);
	}
	return 0;
}

/* Gives the seat to the approved candidate and tells everyone. */
static void
judge_takeover_hand_over(struct judge_session *s, const struct db_takeover *t)
{
	struct judge_seat	*w = &s->who;
	struct judge_extra	 x = { "judge.takeover.welcome", NULL, NULL, 0,
				    NULL, 0 };
	struct game_state	*st;
	char			 arg[GAME_ARG_MAX], old[DB_ADDR_MAX] = "";

	if (!judge_takeover_open(s, w, t->seat, old, sizeof(old)))
		return;
	judge_seat_arg(w->ops, t->seat, arg, sizeof(arg));
	if (db_player_replace(s->env->db, w->game.id, t->seat, t->address,
	    t->pwhash) != DB_OK || db_takeover_decide(s->env->db, t->id, true,
	    w->game.phase, old, s->env->now) != DB_OK ||
	    judge_takeover_refuse_rest(s, w, t->seat, arg) != 0) {
		judge_store_failed(s);
		return;
	}
	log_info("judge: game=%s takeover seat=%d approved", w->game.name,
	    t->seat);
	judge_ok(s, "judge.takeover.approved_gm", 2, arg, t->address);
	judge_notify_all(s, &w->game, t->address, "judge.takeover.done", 2,
	    arg, w->game.name);
	if ((st = judge_phase_load(s, w, w->game.phase)) == NULL)
		return;
	/* The game took the seat back from resign() (Diplomacy: out of
	 * civil disorder) within the phase: the clock goes on as it was. */
	if (w->ops->resume && w->ops->resume(st, t->seat) == 0)
		(void)judge_phase_amend(s, w, st);
	x.arg = w->game.name;
	judge_report_one(s, w, st, t->seat, t->address, &x);
	w->ops->free(st);
}

/* APPROVE TAKEOVER <power> [address] */
void
judge_cmd_approve_takeover(struct judge_session *s, const struct judge_line *l)
{
	struct db_takeover	 t;
	int			 seat;

	if ((seat = judge_seat_or_say(s, s->who.ops, l->argv[2])) < 0 ||
	    !judge_takeover_pick(s, l, seat, &t))
		return;
	judge_takeover_hand_over(s, &t);
}

/* REFUSE TAKEOVER <power> [address] */
void
judge_cmd_refuse_takeover(struct judge_session *s, const struct judge_line *l)
{
	struct db_takeover	 t;
	char			 arg[GAME_ARG_MAX];
	int			 seat;

	if ((seat = judge_seat_or_say(s, s->who.ops, l->argv[2])) < 0 ||
	    !judge_takeover_pick(s, l, seat, &t))
		return;
	if (db_takeover_decide(s->env->db, t.id, false, s->who.game.phase, "",
	    s->env->now) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	judge_seat_arg(s->who.ops, seat, arg, sizeof(arg));
	judge_ok(s, "judge.takeover.refused_gm", 2, arg, t.address);
	judge_notify(s, &s->who.game, t.address, "judge.takeover.refused", 2,
	    arg, s->who.game.name);
}
