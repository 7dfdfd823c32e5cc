/*
 * cmd_join.c - JOIN <name> <password> [powers ...] [en|de]: a player takes
 * a seat of a game that is forming.
 *
 * A two-player game gives the next free seat and starts itself when both
 * are taken. A game of more than two seats keeps the joiner's wishes
 * (`F,E,G`, `FEG` or `France England`); his seat number is only his place
 * in the queue until the GM's START gives the powers out (cmd_lobby.c).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/assign.h"
#include "adjudicator/judge/cmd_join.h"
#include "adjudicator/judge/notify.h"
#include "adjudicator/judge/orders.h"
#include "adjudicator/judge/password.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/seats.h"
#include "common/log.h"

/* The sender speaks for his new seat from the next line on. */
static void
judge_join_speak(struct judge_session *s, struct judge_seat *w, int seat)
{
	w->on = true;
	w->seat = seat;
	judge_orders_speak_as(s, w);
	s->signon_failed = false;
}

/* JOIN <game> <password> [en|de] for a game of two seats. */
static void
judge_join_duel(struct judge_session *s, const struct judge_line *l,
    struct judge_seat *w)
{
	struct db_player	 p[GAME_MAX_SEATS], np;
	const char		*lang = l->argc > 3 ? l->argv[3] : NULL;
	char			 key[GAME_ARG_MAX];
	int			 n, i;

	if (lang && strcasecmp(lang, "en") != 0 && strcasecmp(lang, "de") != 0) {
		judge_err(s, "judge.err.bad_language", 1, lang);
		return;
	}
	if (!judge_seat_newcomer(s, &w->game, l->argv[2]) ||
	    !judge_phase_players(s, &w->game, p, &n))
		return;
	for (i = 0; i < n; i++)
		if (strcasecmp(p[i].address, s->msg->reply_to) == 0) {
			judge_err(s, "judge.err.already_joined", 1, w->game.name);
			return;
		}
	memset(&np, 0, sizeof(np));
	np.game_id = w->game.id;
	np.seat = n;
	strlcpy_(np.address, s->msg->reply_to, sizeof(np.address));
	if (password_hash(l->argv[2], np.pwhash) != 0 ||
	    db_player_insert(s->env->db, &np, s->env->now) != DB_OK ||
	    (lang && db_person_set_lang(s->env->db, s->msg->reply_to, lang,
	    s->env->now) != DB_OK)) {
		judge_store_failed(s);
		return;
	}
	if (lang)
		s->cat = judge_catalog(s->env, lang);
	snprintf(key, sizeof(key), "@%s", w->ops->seat_key(n));
	judge_ok(s, "judge.joined", 2, w->game.name, key);
	judge_join_speak(s, w, n);
	if (n + 1 == w->ops->nseats)
		judge_phase_start(s, w);
	else
		judge_ok(s, "judge.waiting", 1, w->game.name);
}

/* The joiner's row of a game of more than two seats; -1 when refused. */
static int
judge_join_row(struct judge_session *s, const struct judge_seat *w,
    const int *want, int nwant, struct db_player *np)
{
	struct db_player	 p[GAME_MAX_SEATS];
	bool			 used[GAME_MAX_SEATS] = { false };
	int			 n, i;

	if (!judge_phase_players(s, &w->game, p, &n))
		return -1;
	for (i = 0; i < n; i++) {
		if (strcasecmp(p[i].address, s->msg->reply_to) == 0) {
			judge_err(s, "judge.err.already_joined", 1, w->game.name);
			return -1;
		}
		if (p[i].seat >= 0 && p[i].seat < GAME_MAX_SEATS)
			used[p[i].seat] = true;
	}
	if (n >= w->ops->nseats) {
		judge_err(s, "judge.err.full", 1, w->game.name);
		return -1;
	}
	memset(np, 0, sizeof(*np));
	np->game_id = w->game.id;
	for (np->seat = 0; used[np->seat]; np->seat++)
		continue;
	strlcpy_(np->address, s->msg->reply_to, sizeof(np->address));
	judge_assign_prefs_text(want, nwant, np->prefs, sizeof(np->prefs));
	return n;
}

/* JOIN <game> <password> [powers ...] [en|de] for a game of 3+ seats. */
static void
judge_join_lobby(struct judge_session *s, const struct judge_line *l,
    struct judge_seat *w)
{
	struct db_player	 np;
	struct buf		 names;
	char			*words[JUDGE_MAX_ARGS];
	char			 bad[GAME_ARG_MAX], total[16];
	const char		*lang = NULL;
	int			 want[GAME_MAX_SEATS], nwant = 0, nwords = 0;
	int			 n, i;

	for (i = 3; i < l->argc; i++)
		if (strcasecmp(l->argv[i], "en") == 0 ||
		    strcasecmp(l->argv[i], "de") == 0)
			lang = l->argv[i];
		else
			words[nwords++] = l->argv[i];
	if (!judge_seat_newcomer(s, &w->game, l->argv[2]))
		return;
	buf_init(&names);
	if (nwords > 0 && (nwant = judge_seat_list(s->env, w->ops, words,
	    nwords, want, GAME_MAX_SEATS, bad, sizeof(bad))) < 0) {
		judge_seat_all_names(s->cat, w->ops, &names);
		judge_err(s, "judge.err.no_such_power", 2, bad, names.data);
		goto out;
	}
	if ((n = judge_join_row(s, w, want, nwant, &np)) < 0)
		goto out;
	if (password_hash(l->argv[2], np.pwhash) != 0 ||
	    db_player_insert(s->env->db, &np, s->env->now) != DB_OK ||
	    db_player_prefs(s->env->db, w->game.id, np.seat, np.prefs,
	    JUDGE_ASSIGN_NONE) != DB_OK ||
	    (lang && db_person_set_lang(s->env->db, s->msg->reply_to,
	    strcasecmp(lang, "de") == 0 ? "de" : "en", s->env->now) != DB_OK)) {
		judge_store_failed(s);
		goto out;
	}
	if (lang)
		s->cat = judge_catalog(s->env, lang);
	judge_seat_names(s->cat, w->ops, want, nwant, &names);
	if (nwant > 0)
		judge_ok(s, "judge.joined_prefs", 2, w->game.name, names.data);
	else
		judge_ok(s, "judge.joined_any", 1, w->game.name);
	log_info("judge: game=%s joined n=%d", w->game.name, n + 1);
	judge_join_speak(s, w, np.seat);
	if (n + 1 == w->ops->nseats) {
		snprintf(total, sizeof(total), "%d", w->ops->nseats);
		judge_ok(s, "judge.full_wait_gm", 1, w->game.name);
		judge_notify(s, &w->game, w->game.gm_address, "judge.gm.full",
		    2, w->game.name, total);
	}
out:
	buf_free(&names);
}

void
judge_cmd_join(struct judge_session *s, const struct judge_line *l)
{
	struct judge_seat	 w;

	if (!judge_phase_find(s, l->argv[1], &w))
		return;
	if (w.game.status != DB_FORMING) {
		judge_err(s, "judge.err.not_forming", 1, w.game.name);
		return;
	}
	if (w.ops->nseats > 2)
		judge_join_lobby(s, l, &w);
	else
		judge_join_duel(s, l, &w);
}
