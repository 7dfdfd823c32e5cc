/*
 * judge_lobby.c - seats of games with more than two players: JOIN with a
 * preference list, the GM's ASSIGN and START, TAKEOVER of an empty seat
 * with the GM's APPROVE or REFUSE, EJECT, and BECOME (the GM acting for a
 * power for the rest of a mail).
 *
 * Two-player games keep their own way (judge_game.c: the next free seat,
 * the game starts itself). Here, before the start, a player's seat number
 * is only his place in the queue; the powers are given out at START by
 * judge_assign() from the preferences and the game's seed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/judge_priv.h"
#include "common/log.h"

#define JUDGE_LOBBY_CANDIDATES	8

/* Seat names in the reader's language, comma-separated, into out. */
static void
judge_lobby_names(struct judge_session *s, const struct game_ops *ops,
    const int *seats, int n, char *out, size_t len)
{
	struct buf	 b;
	const char	*name;
	int		 i;

	buf_init(&b);
	for (i = 0; i < n; i++) {
		name = catalog_get(s->cat, ops->seat_key(seats[i]));
		buf_printf(&b, "%s%s", i ? ", " : "", name ? name : "?");
	}
	snprintf(out, len, "%s", b.len ? b.data : "");
	buf_free(&b);
}

/* Every seat's name: for errors that say what may be written. */
static void
judge_lobby_all_names(struct judge_session *s, const struct game_ops *ops,
    char *out, size_t len)
{
	int	 seats[GAME_MAX_SEATS], i;

	for (i = 0; i < ops->nseats; i++)
		seats[i] = i;
	judge_lobby_names(s, ops, seats, ops->nseats, out, len);
}

/* The seat a command names, or -1 with the reason said. */
static int
judge_lobby_seat(struct judge_session *s, const struct judge_seat *w,
    const char *word)
{
	char	 names[GAME_ARG_MAX];
	int	 seat;

	if ((seat = judge_seat_named(s->env, w->ops, word)) < 0) {
		judge_lobby_all_names(s, w->ops, names, sizeof(names));
		judge_err(s, "judge.err.no_such_power", 2, word, names);
	}
	return seat;
}

static bool
judge_lobby_players(struct judge_session *s, const struct db_game *g,
    struct db_player *p, int *n)
{
	if (db_players(s->env->db, g->id, p, GAME_MAX_SEATS, n) != DB_OK) {
		judge_store_failed(s);
		return false;
	}
	return true;
}

static void
judge_lobby_prefs_text(const int *seats, int n, char *out, size_t len)
{
	size_t	 used = 0;
	int	 i;

	out[0] = '\0';
	for (i = 0; i < n && used + 4 < len; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%d",
		    i ? "," : "", seats[i]);
}

static int
judge_lobby_prefs_parse(const char *text, int *seats, int max)
{
	char	*e;
	int	 n = 0;

	while (*text && n < max) {
		seats[n++] = (int)strtol(text, &e, 10);
		if (e == text)
			return n - 1;
		text = *e == ',' ? e + 1 : e;
	}
	return n;
}

/* JOIN <game> <password> [powers ...] [en|de] for a game of 3+ seats. */
void
judge_lobby_join(struct judge_session *s, struct judge_line *l,
    struct judge_seat *w)
{
	struct db_player	 p[GAME_MAX_SEATS], np;
	char			*words[JUDGE_MAX_ARGS];
	char			 bad[GAME_ARG_MAX], names[GAME_ARG_MAX];
	char			 prefs[DB_PREFS_MAX];
	const char		*lang = NULL;
	bool			 used[GAME_MAX_SEATS] = { false };
	int			 want[GAME_MAX_SEATS], nwant = 0, nwords = 0;
	int			 n, i;

	for (i = 3; i < l->argc; i++)
		if (strcasecmp(l->argv[i], "en") == 0 ||
		    strcasecmp(l->argv[i], "de") == 0)
			lang = l->argv[i];
		else
			words[nwords++] = l->argv[i];
	if (strlen(l->argv[2]) < PASSWORD_MIN ||
	    strlen(l->argv[2]) > PASSWORD_MAX) {
		judge_err(s, "judge.err.bad_password", 0);
		return;
	}
	if (strcasecmp(w->game.gm_address, s->msg->reply_to) == 0) {
		judge_err(s, "judge.err.gm_cannot_play", 1, w->game.name);
		return;
	}
	if (nwords > 0 && (nwant = judge_seat_list(s->env, w->ops, words,
	    nwords, want, GAME_MAX_SEATS, bad, sizeof(bad))) < 0) {
		judge_lobby_all_names(s, w->ops, names, sizeof(names));
		judge_err(s, "judge.err.no_such_power", 2, bad, names);
		return;
	}
	if (!judge_lobby_players(s, &w->game, p, &n))
		return;
	for (i = 0; i < n; i++) {
		if (strcasecmp(p[i].address, s->msg->reply_to) == 0) {
			judge_err(s, "judge.err.already_joined", 1, w->game.name);
			return;
		}
		if (p[i].seat >= 0 && p[i].seat < GAME_MAX_SEATS)
			used[p[i].seat] = true;
	}
	if (n >= w->ops->nseats) {
		judge_err(s, "judge.err.full", 1, w->game.name);
		return;
	}
	memset(&np, 0, sizeof(np));
	np.game_id = w->game.id;
	for (np.seat = 0; used[np.seat]; np.seat++)
		continue;
	strlcpy_(np.address, s->msg->reply_to, sizeof(np.address));
	judge_lobby_prefs_text(want, nwant, prefs, sizeof(prefs));
	if (password_hash(l->argv[2], np.pwhash) != 0 ||
	    db_player_insert(s->env->db, &np, s->env->now) != DB_OK ||
	    db_player_prefs(s->env->db, w->game.id, np.seat, prefs,
	    JUDGE_ASSIGN_NONE) != DB_OK ||
	    (lang && db_person_set_lang(s->env->db, s->msg->reply_to,
	    strcasecmp(lang, "de") == 0 ? "de" : "en", s->env->now) != DB_OK)) {
		judge_store_failed(s);
		return;
	}
	if (lang)
		s->cat = judge_catalog(s->env, lang);
	judge_lobby_names(s, w->ops, want, nwant, names, sizeof(names));
	if (nwant > 0)
		judge_ok(s, "judge.joined_prefs", 2, w->game.name, names);
	else
		judge_ok(s, "judge.joined_any", 1, w->game.name);
	log_info("judge: game=%s joined n=%d", w->game.name, n + 1);
	w->on = true;
	w->seat = np.seat;
	judge_speak_as(s, w);
	s->signon_failed = false;
	s->parse_ctx[0] = '\0';
	if (n + 1 == w->ops->nseats) {
		char total[16];

		snprintf(total, sizeof(total), "%d", w->ops->nseats);
		judge_ok(s, "judge.full_wait_gm", 1, w->game.name);
		judge_notify(s, &w->game, w->game.gm_address, "judge.gm.full",
		    2, w->game.name, total);
	}
}

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
judge_cmd_assign(struct judge_session *s, struct judge_line *l)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct judge_seat	*w = &s->who;
	char			 arg[GAME_ARG_MAX];
	int			 seat, n, i, who = -1;

	if (!judge_lobby_forming(s, w) ||
	    (seat = judge_lobby_seat(s, w, l->argv[1])) < 0 ||
	    !judge_lobby_players(s, &w->game, p, &n))
		return;
	for (i = 0; i < n; i++)
		if (strcasecmp(p[i].address, l->argv[2]) == 0)
			who = i;
	if (who < 0) {
		judge_err(s, "judge.err.not_joined", 2, l->argv[2], w->game.name);
		return;
	}
	for (i = 0; i < n; i++)
		if (i != who && p[i].assigned == seat) {
			judge_seat_arg(w->ops, seat, arg, sizeof(arg));
			judge_err(s, "judge.err.assigned_twice", 2, arg,
			    p[i].address);
			return;
		}
	if (db_player_prefs(s->env->db, w->game.id, p[who].seat, p[who].prefs,
	    seat) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	judge_seat_arg(w->ops, seat, arg, sizeof(arg));
	judge_ok(s, "judge.assigned", 2, arg, p[who].address);
}

/* START: the GM begins a full game; powers are given out first. */
void
judge_cmd_start(struct judge_session *s, struct judge_line *l)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct judge_seat	*w = &s->who;
	int			 prefs[GAME_MAX_SEATS][GAME_MAX_SEATS];
	int			 nprefs[GAME_MAX_SEATS], fixed[GAME_MAX_SEATS];
	int			 from[GAME_MAX_SEATS], to[GAME_MAX_SEATS];
	char			 arg[GAME_ARG_MAX];
	int			 n, i;

	(void)l;
	if (!judge_lobby_forming(s, w) ||
	    !judge_lobby_players(s, &w->game, p, &n))
		return;
	if (n < w->ops->nseats) {
		snprintf(arg, sizeof(arg), "%d/%d", n, w->ops->nseats);
		judge_err(s, "judge.err.not_full", 2, w->game.name, arg);
		return;
	}
	for (i = 0; i < n; i++) {
		from[i] = p[i].seat;
		fixed[i] = p[i].assigned;
		nprefs[i] = judge_lobby_prefs_parse(p[i].prefs, prefs[i],
		    GAME_MAX_SEATS);
	}
	if (judge_assign(w->ops->nseats, n, (const int (*)[GAME_MAX_SEATS])prefs,
	    nprefs, fixed, w->game.seed, to) != 0) {
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
	judge_start(s, w);
}

/* TAKEOVER <game> <power> <password>: asks the GM for an empty seat. */
void
judge_cmd_takeover(struct judge_session *s, struct judge_line *l)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct judge_seat	 w;
	char			 hash[DB_HASH_MAX], arg[GAME_ARG_MAX];
	int			 n, i, seat;

	if (!judge_lookup(s, l->argv[1], &w))
		return;
	if (w.game.status != DB_RUNNING) {
		judge_err(s, "judge.err.not_running", 1, w.game.name);
		return;
	}
	if ((seat = judge_lobby_seat(s, &w, l->argv[2])) < 0 ||
	    !judge_lobby_players(s, &w.game, p, &n))
		return;
	if (strlen(l->argv[3]) < PASSWORD_MIN ||
	    strlen(l->argv[3]) > PASSWORD_MAX) {
		judge_err(s, "judge.err.bad_password", 0);
		return;
	}
	if (strcasecmp(w.game.gm_address, s->msg->reply_to) == 0) {
		judge_err(s, "judge.err.gm_cannot_play", 1, w.game.name);
		return;
	}
	judge_seat_arg(w.ops, seat, arg, sizeof(arg));
	for (i = 0; i < n; i++) {
		if (strcasecmp(p[i].address, s->msg->reply_to) == 0 &&
		    !p[i].resigned && !p[i].ejected) {
			judge_err(s, "judge.err.already_joined", 1, w.game.name);
			return;
		}
		/* rules/judge-conventions.md 1.4-1.5: only a seat its player
		 * left (resigned, or removed by the GM) can be taken over. */
		if (p[i].seat == seat && !p[i].resigned && !p[i].ejected) {
			judge_err(s, "judge.err.seat_not_open", 2, arg,
			    w.game.name);
			return;
		}
	}
	if (password_hash(l->argv[3], hash) != 0 ||
	    db_takeover_request(s->env->db, w.game.id, seat, s->msg->reply_to,
	    hash, s->env->now) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	log_info("judge: game=%s takeover seat=%d asked", w.game.name, seat);
	judge_ok(s, "judge.takeover.asked", 2, arg, w.game.name);
	judge_notify(s, &w.game, w.game.gm_address, "judge.gm.takeover", 3,
	    s->msg->reply_to, arg, w.game.name);
}

/* The pending request APPROVE/REFUSE TAKEOVER <power> [address] means. */
static bool
judge_lobby_pick(struct judge_session *s, struct judge_line *l, int seat,
    struct db_takeover *out)
{
	struct db_takeover	 t[JUDGE_LOBBY_CANDIDATES];
	struct buf		 who;
	char			 arg[GAME_ARG_MAX];
	int			 n, i;

	if (db_takeovers_pending(s->env->db, s->who.game.id, seat, t,
	    JUDGE_LOBBY_CANDIDATES, &n) != DB_OK) {
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

/*
 * The game took the seat back from resign() (Diplomacy: out of civil
 * disorder): the new state is a phase row of its own, and the orders
 * given so far in this phase stay given.
 */
static void
judge_lobby_resumed(struct judge_session *s, struct judge_seat *w,
    const struct game_state *st)
{
	int	 was = w->game.phase;

	if (judge_advance(s, w, st) != 0)
		return;
	if (db_orders_copy(s->env->db, w->game.id, was, w->game.phase) !=
	    DB_OK)
		judge_store_failed(s);
}

/* Gives the seat to the approved candidate and tells everyone. */
static void
judge_lobby_hand_over(struct judge_session *s, const struct db_takeover *t)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct db_takeover	 rest[JUDGE_LOBBY_CANDIDATES];
	struct judge_seat	*w = &s->who;
	struct game_state	*st;
	char			 arg[GAME_ARG_MAX], old[DB_ADDR_MAX] = "";
	int			 n, i, nrest;

	if (!judge_lobby_players(s, &w->game, p, &n))
		return;
	for (i = 0; i < n; i++)
		if (p[i].seat == t->seat) {
			if (!p[i].resigned && !p[i].ejected) {
				judge_seat_arg(w->ops, t->seat, arg, sizeof(arg));
				judge_err(s, "judge.err.seat_not_open", 2, arg,
				    w->game.name);
				return;
			}
			strlcpy_(old, p[i].address, sizeof(old));
		}
	if (db_player_replace(s->env->db, w->game.id, t->seat, t->address,
	    t->pwhash) != DB_OK || db_takeover_decide(s->env->db, t->id, true,
	    w->game.phase, old, s->env->now) != DB_OK ||
	    db_takeovers_pending(s->env->db, w->game.id, t->seat, rest,
	    JUDGE_LOBBY_CANDIDATES, &nrest) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	judge_seat_arg(w->ops, t->seat, arg, sizeof(arg));
	/* The seat is gone: the other candidates hear it at once. */
	for (i = 0; i < nrest; i++) {
		if (db_takeover_decide(s->env->db, rest[i].id, false,
		    w->game.phase, "", s->env->now) != DB_OK) {
			judge_store_failed(s);
			return;
		}
		judge_notify(s, &w->game, rest[i].address,
		    "judge.takeover.refused", 2, arg, w->game.name);
	}
	log_info("judge: game=%s takeover seat=%d approved", w->game.name,
	    t->seat);
	judge_ok(s, "judge.takeover.approved_gm", 2, arg, t->address);
	judge_notify_all(s, &w->game, t->address, "judge.takeover.done", 2,
	    arg, w->game.name);
	if ((st = judge_load(s, w)) == NULL)
		return;
	if (w->ops->resume && w->ops->resume(st, t->seat) == 0)
		judge_lobby_resumed(s, w, st);
	judge_report_one(s, w, st, t->seat, t->address,
	    "judge.takeover.welcome", w->game.name);
	w->ops->free(st);
}

static void
judge_lobby_decide(struct judge_session *s, struct judge_line *l,
    bool approve)
{
	struct db_takeover	 t;
	char			 arg[GAME_ARG_MAX];
	int			 seat;

	if (l->argc < 3 || l->argc > 4 ||
	    strcasecmp(l->argv[1], "TAKEOVER") != 0) {
		judge_err(s, "judge.err.decide_usage", 1, l->argv[0]);
		return;
	}
	if ((seat = judge_lobby_seat(s, &s->who, l->argv[2])) < 0 ||
	    !judge_lobby_pick(s, l, seat, &t))
		return;
	if (approve) {
		judge_lobby_hand_over(s, &t);
		return;
	}
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

/*
 * APPROVE TAKEOVER <power> [address]. APPROVE is shared with the clock's
 * approvals (deadlines, extensions): the second word says which.
 */
void
judge_lobby_approve(struct judge_session *s, struct judge_line *l)
{
	judge_lobby_decide(s, l, true);
}

/* REFUSE TAKEOVER <power> [address]. */
void
judge_lobby_refuse(struct judge_session *s, struct judge_line *l)
{
	judge_lobby_decide(s, l, false);
}

/* EJECT <address> before the start; EJECT <power> after it. */
void
judge_cmd_eject(struct judge_session *s, struct judge_line *l)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct judge_seat	*w = &s->who;
	char			 arg[GAME_ARG_MAX];
	int			 n, i, seat = -1;

	if (!judge_lobby_players(s, &w->game, p, &n))
		return;
	if (w->game.status == DB_FORMING) {
		for (i = 0; i < n; i++)
			if (strcasecmp(p[i].address, l->argv[1]) == 0)
				break;
		if (i == n) {
			judge_err(s, "judge.err.not_joined", 2, l->argv[1],
			    w->game.name);
			return;
		}
		if (db_player_delete(s->env->db, w->game.id, p[i].seat) !=
		    DB_OK) {
			judge_store_failed(s);
			return;
		}
		judge_ok(s, "judge.ejected_forming_gm", 2, p[i].address,
		    w->game.name);
		judge_notify(s, &w->game, p[i].address,
		    "judge.ejected_forming", 1, w->game.name);
		return;
	}
	if (w->game.status != DB_RUNNING) {
		judge_err(s, "judge.err.not_running", 1, w->game.name);
		return;
	}
	if ((seat = judge_lobby_seat(s, w, l->argv[1])) < 0)
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

/* BECOME <power>: the rest of the mail speaks for that power. */
void
judge_cmd_become(struct judge_session *s, struct judge_line *l)
{
	struct judge_seat	*w = &s->who;
	char			 arg[GAME_ARG_MAX];
	int			 seat;

	/* rules/judge-conventions.md 1.5: one BECOME per mail, so one
	 * player's copy never shows what the GM did for another. */
	if (s->became) {
		judge_err(s, "judge.err.become_once", 0);
		return;
	}
	if (w->game.status != DB_RUNNING) {
		judge_err(s, "judge.err.not_running", 1, w->game.name);
		return;
	}
	if ((seat = judge_lobby_seat(s, w, l->argv[1])) < 0)
		return;
	w->seat = seat;
	w->by_gm = true;
	s->became = true;
	s->parse_ctx[0] = '\0';
	judge_seat_arg(w->ops, seat, arg, sizeof(arg));
	judge_ok(s, "judge.became", 1, arg);
	buf_putc(&s->reply, '\n');
	s->become_at = s->reply.len;
}

/*
 * After a mail with BECOME: the power's player gets a copy of what the GM
 * did for him, and his orders as they stand.
 */
void
judge_become_finish(struct judge_session *s)
{
	struct db_player	 p[GAME_MAX_SEATS];
	const struct catalog	*cat;
	struct judge_seat	*w = &s->who;
	struct buf		 subj, body;
	char			 arg[GAME_ARG_MAX];
	int			 n, i;

	if (!s->became || s->failed || !w->on || !w->by_gm ||
	    !judge_lobby_players(s, &w->game, p, &n))
		return;
	for (i = 0; i < n && p[i].seat != w->seat; i++)
		continue;
	if (i == n || p[i].resigned || p[i].ejected)
		return;
	cat = judge_reader_catalog(s, p[i].address);
	judge_seat_arg(w->ops, w->seat, arg, sizeof(arg));
	buf_init(&subj);
	buf_init(&body);
	catalog_say(cat, &subj, "judge.notice.subject", 1, w->game.name);
	catalog_say(cat, &body, "judge.become.copy", 2, arg, w->game.name);
	buf_puts(&body, "\n\n");
	if (s->reply.len > s->become_at)
		buf_add(&body, s->reply.data + s->become_at,
		    s->reply.len - s->become_at);
	judge_orders_confirm(s, cat, &body);
	judge_queue(s, p[i].address, subj.data, body.data, false, w->game.id);
	buf_free(&subj);
	buf_free(&body);
}
