/*
 * cmd_lobby.c - the GM's seating of a game of more than two seats: ASSIGN
 * places a player who joined on a power, START gives the powers out and
 * begins the game, EJECT removes a player (before the start: his place in
 * the queue; after it: his seat, which is then open for TAKEOVER).
 *
 * Powers are given out by judge_assign() (assign.c) from the players'
 * wishes and the game's seed, so anyone can replay the draw once the seed
 * is revealed.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/assign.h"
#include "adjudicator/judge/cmd_lobby.h"
#include "adjudicator/judge/notify.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/seats.h"
#include "common/log.h"

static bool
judge_lobby_forming(struct judge_session *s, const struct judge_seat *w)
{
	if (w->game.status != DB_FORMING) {
		judge_err(s, "judge.err.not_forming", 1, w->game.name);
		return false;
	}
	if (w->ops->nseats <= 2) {
		judge_err(s, "judge.err.two_seats", 1, w->game.name);
		return false;
	}
	return true;
}

/* ASSIGN <power> <address>: the GM places a player who has joined. */
void
judge_cmd_assign(struct judge_session *s, const struct judge_line *l)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct judge_seat	*w = &s->who;
	char			 arg[GAME_ARG_MAX];
	int			 seat, n, i, who = -1;

	if (!judge_lobby_forming(s, w) ||
	    (seat = judge_seat_or_say(s, w->ops, l->argv[1])) < 0 ||
	    !judge_phase_players(s, &w->game, p, &n))
		return;
	for (i = 0; i < n; i++)
		if (strcasecmp(p[i].address, l->argv[2]) == 0)
			who = i;
	if (who < 0) {
		judge_err(s, "judge.err.not_joined", 2, l->argv[2], w->game.name);
		return;
	}
	judge_seat_arg(w->ops, seat, arg, sizeof(arg));
	for (i = 0; i < n; i++)
		if (i != who && p[i].assigned == seat) {
			judge_err(s, "judge.err.assigned_twice", 2, arg,
			    p[i].address);
			return;
		}
	if (db_player_prefs(s->env->db, w->game.id, p[who].seat, p[who].prefs,
	    seat) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	judge_ok(s, "judge.assigned", 2, arg, p[who].address);
}

/* The powers of the players p[0..n) into to[], from their wishes. */
static int
judge_lobby_draw(const struct judge_seat *w, const struct db_player *p,
    int n, int *from, int *to)
{
	int	 prefs[GAME_MAX_SEATS][GAME_MAX_SEATS];
	int	 nprefs[GAME_MAX_SEATS], fixed[GAME_MAX_SEATS];
	int	 i;

	for (i = 0; i < n; i++) {
		from[i] = p[i].seat;
		fixed[i] = p[i].assigned;
		nprefs[i] = judge_assign_prefs_parse(p[i].prefs, prefs[i],
		    GAME_MAX_SEATS);
	}
	return judge_assign(w->ops->nseats, n,
	    (const int (*)[GAME_MAX_SEATS])prefs, nprefs, fixed, w->game.seed,
	    to);
}

/* START: the GM begins a full game; powers are given out first. */
void
judge_cmd_start(struct judge_session *s, const struct judge_line *l)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct judge_seat	*w = &s->who;
	int			 from[GAME_MAX_SEATS], to[GAME_MAX_SEATS];
	char			 arg[GAME_ARG_MAX];
	int			 n, i;

	(void)l;
	if (!judge_lobby_forming(s, w) ||
	    !judge_phase_players(s, &w->game, p, &n))
		return;
	if (n < w->ops->nseats) {
		snprintf(arg, sizeof(arg), "%d/%d", n, w->ops->nseats);
		judge_err(s, "judge.err.not_full", 2, w->game.name, arg);
		return;
	}
	if (judge_lobby_draw(w, p, n, from, to) != 0) {
		judge_err(s, "judge.err.cannot_assign", 1, w->game.name);
		return;
	}
	if (db_player_reseat(s->env->db, w->game.id, from, to, n) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	for (i = 0; i < n; i++) {
		judge_seat_arg(w->ops, to[i], arg, sizeof(arg));
		judge_ok(s, "judge.assignment", 2, arg, p[i].address);
	}
	log_info("judge: game=%s powers assigned", w->game.name);
	judge_phase_start(s, w);
}

/* EJECT <address> before the start: the player leaves the queue. */
static void
judge_lobby_eject_forming(struct judge_session *s, const struct judge_seat *w,
    const struct db_player *p, int n, const char *addr)
{
	int	 i;

	for (i = 0; i < n; i++)
		if (strcasecmp(p[i].address, addr) == 0)
			break;
	if (i == n) {
		judge_err(s, "judge.err.not_joined", 2, addr, w->game.name);
		return;
	}
	if (db_player_delete(s->env->db, w->game.id, p[i].seat) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	judge_ok(s, "judge.ejected_forming_gm", 2, p[i].address, w->game.name);
	judge_notify(s, &w->game, p[i].address, "judge.ejected_forming", 1,
	    w->game.name);
}

/* EJECT <address> before the start; EJECT <power> after it. */
void
judge_cmd_eject(struct judge_session *s, const struct judge_line *l)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct judge_seat	*w = &s->who;
	char			 arg[GAME_ARG_MAX];
	int			 n, i, seat;

	if (!judge_phase_players(s, &w->game, p, &n))
		return;
	if (w->game.status == DB_FORMING) {
		judge_lobby_eject_forming(s, w, p, n, l->argv[1]);
		return;
	}
	if (w->game.status != DB_RUNNING) {
		judge_err(s, "judge.err.not_running", 1, w->game.name);
		return;
	}
	if ((seat = judge_seat_or_say(s, w->ops, l->argv[1])) < 0)
		return;
	judge_seat_arg(w->ops, seat, arg, sizeof(arg));
	for (i = 0; i < n && p[i].seat != seat; i++)
		continue;
	if (i == n || p[i].resigned || p[i].ejected) {
		judge_err(s, "judge.err.seat_empty", 1, arg);
		return;
	}
	if (db_player_eject(s->env->db, w->game.id, seat) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	log_info("judge: game=%s seat=%d ejected", w->game.name, seat);
	judge_ok(s, "judge.ejected_gm", 2, arg, p[i].address);
	judge_notify(s, &w->game, p[i].address, "judge.ejected", 2, arg,
	    w->game.name);
	judge_notify_all(s, &w->game, s->msg->reply_to, "judge.seat_open", 2,
	    arg, w->game.name);
}
