/*
 * cmd_observers.c - watching a game without playing it (issue 16, njudge's
 * OBSERVE): OBSERVE <game> [en|de] (also WATCH), UNOBSERVE <game>, and
 * SIGNOFF <game> for an observer.
 *
 * Anyone may observe a forming or running game from his address, unless
 * its GM created it with observers=no, or the game hides something from
 * someone (game_ops.observable: KlinZha in clouds, Blind-Fun): an
 * observer reads the GM's view, which there would show him more than any
 * player sees. The game's own players and GM are refused (their reports
 * come anyway), and a game holds at most JUDGE_OBSERVERS_MAX. What an
 * observer is sent, and that each mail counts as an answer to his
 * address, is observe.c's. No password: the address is the observer's
 * only name, as it is for MAP; the language given goes to that address
 * as JOIN's does.
 */
#include <stdio.h>
#include <strings.h>

#include "adjudicator/judge/cmd_observe.h"
#include "adjudicator/judge/observers.h"
#include "adjudicator/judge/opts.h"
#include "adjudicator/judge/phase.h"
#include "common/log.h"

/* Whether the game w may take the sender as an observer; says why not. */
static bool
judge_observe_allowed(struct judge_session *s, const struct judge_seat *w)
{
	struct game_state	*st;
	struct db_player	 p[GAME_MAX_SEATS];
	char			 val[16] = "";
	bool			 open;
	int			 n, i;

	if (w->game.status != DB_FORMING && w->game.status != DB_RUNNING) {
		judge_err(s, "judge.err.observe_over", 1, w->game.name);
		return false;
	}
	if (judge_opt(w->game.options, "observers", val, sizeof(val)) &&
	    strcasecmp(val, "no") == 0) {
		judge_err(s, "judge.err.observe_forbidden", 1, w->game.name);
		return false;
	}
	if ((st = judge_phase_load(s, w, w->game.phase)) == NULL)
		return false;
	open = judge_observers_open(w, st);
	w->ops->free(st);
	if (!open) {
		judge_err(s, "judge.err.observe_hidden", 1, w->game.name);
		return false;
	}
	if (!judge_phase_players(s, &w->game, p, &n))
		return false;
	for (i = 0; i < n; i++)
		if (!p[i].ejected && strcasecmp(p[i].address,
		    s->msg->reply_to) == 0)
			break;
	if (i < n || strcasecmp(w->game.gm_address, s->msg->reply_to) == 0) {
		judge_err(s, "judge.err.observe_own", 1, w->game.name);
		return false;
	}
	return true;
}

/* Whether game w has room for one more observer; says why not. */
static bool
judge_observe_room(struct judge_session *s, const struct judge_seat *w)
{
	struct db_observer	 o[JUDGE_OBSERVERS_MAX];
	char			 max[16];
	int			 n;

	if (db_observers(s->env->db, w->game.id, o, JUDGE_OBSERVERS_MAX, &n) !=
	    DB_OK) {
		judge_store_failed(s);
		return false;
	}
	if (n < JUDGE_OBSERVERS_MAX)
		return true;
	for (; n > 0; n--)	/* one who observes already takes no room */
		if (strcasecmp(o[n - 1].address, s->msg->reply_to) == 0)
			return true;
	snprintf(max, sizeof(max), "%d", JUDGE_OBSERVERS_MAX);
	judge_err(s, "judge.err.observe_full", 2, w->game.name, max);
	return false;
}

void
judge_cmd_observe(struct judge_session *s, const struct judge_line *l)
{
	struct judge_seat	 w;
	const char		*lang = l->argc > 2 ? l->argv[2] : NULL;
	int			 rc;

	if (s->msg == NULL || s->msg->reply_to == NULL)
		return;
	if (lang && strcasecmp(lang, "en") != 0 &&
	    strcasecmp(lang, "de") != 0) {
		judge_err(s, "judge.err.bad_language", 1, lang);
		return;
	}
	if (!judge_phase_find(s, l->argv[1], &w) ||
	    !judge_observe_allowed(s, &w) || !judge_observe_room(s, &w))
		return;
	if ((rc = db_observer_add(s->env->db, w.game.id, s->msg->reply_to,
	    s->env->now)) == DB_ERR || (lang && db_person_set_lang(s->env->db,
	    s->msg->reply_to, strcasecmp(lang, "de") == 0 ? "de" : "en",
	    s->env->now) != DB_OK)) {
		judge_store_failed(s);
		return;
	}
	if (lang)
		s->cat = judge_catalog(s->env, lang);
	if (rc == DB_NONE) {
		judge_ok(s, "judge.observe.already", 1, w.game.name);
		return;
	}
	log_info("judge: game=%s observer added", w.game.name);
	judge_ok(s, w.game.status == DB_FORMING ? "judge.observe.forming" :
	    "judge.observe.ok", 1, w.game.name);
}

void
judge_cmd_unobserve(struct judge_session *s, const struct judge_line *l)
{
	struct judge_seat	 w;

	if (s->msg == NULL || s->msg->reply_to == NULL ||
	    !judge_phase_find(s, l->argv[1], &w))
		return;
	switch (db_observer_drop(s->env->db, w.game.id, s->msg->reply_to)) {
	case DB_OK:
		log_info("judge: game=%s observer left", w.game.name);
		judge_ok(s, "judge.unobserve.ok", 1, w.game.name);
		break;
	case DB_NONE:
		judge_err(s, "judge.err.not_observing", 1, w.game.name);
		break;
	default:
		judge_store_failed(s);
	}
}

void
judge_observe_signoff(struct judge_session *s, const char *name)
{
	struct db_game	 g;

	if (s->msg == NULL || s->msg->reply_to == NULL)
		return;
	switch (db_game_get(s->env->db, name, &g)) {
	case DB_NONE:
		return;
	case DB_ERR:
		judge_store_failed(s);
		return;
	}
	switch (db_observer_drop(s->env->db, g.id, s->msg->reply_to)) {
	case DB_OK:
		log_info("judge: game=%s observer left", g.name);
		judge_ok(s, "judge.unobserve.ok", 1, g.name);
		break;
	case DB_ERR:
		judge_store_failed(s);
		break;
	}
}
