/*
 * judge_game.c - the commands that change a game: CREATE, JOIN, SIGNON,
 * RESIGN, and order lines for the game the sender signed on to.
 *
 * Every change is a new phase row (history is never overwritten). Error
 * replies for orders come from the game's parser, which answers from the
 * sender's view only; this file adds nothing that depends on hidden state.
 */
#include <ctype.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/judge_priv.h"
#include "common/log.h"

#define JUDGE_GAME_NAME_MAX	20
#define JUDGE_MAX_ORDERS	256	/* a phase of Zombie-Diplomacy: two boards */
#define JUDGE_GM_PASSWORD_LEN	11	/* ten characters and the NUL */

static bool
judge_valid_name(const char *n)
{
	size_t	 i, len = strlen(n);

	if (len == 0 || len > JUDGE_GAME_NAME_MAX || !isalpha((unsigned char)n[0]))
		return false;
	for (i = 0; i < len; i++)
		if (!isalnum((unsigned char)n[i]) && n[i] != '-' && n[i] != '_')
			return false;
	return true;
}

/* The game's current state, owned; NULL (and the reason said) on failure. */
struct game_state *
judge_load(struct judge_session *s, const struct judge_seat *w)
{
	struct game_state	*st = NULL;
	struct game_diag	 why;
	char			*text = NULL;
	int			 rc;

	rc = db_phase_state(s->env->db, w->game.id, w->game.phase, &text);
	if (rc == DB_ERR) {
		judge_store_failed(s);
		return NULL;
	}
	if (rc == DB_NONE || w->ops->load(text, &st, &why) != 0) {
		/* A broken invariant: say so, keep the other games going. */
		log_warnx("judge: game=%s phase=%d state does not load",
		    w->game.name, w->game.phase);
		judge_err(s, "judge.err.state", 1, w->game.name);
		st = NULL;
	}
	free(text);
	return st;
}

/*
 * Stores st as the next phase of the game and notes status and winner; a
 * game with a clock gets the judge's proposal for the new phase's deadline.
 */
int
judge_advance(struct judge_session *s, struct judge_seat *w,
    const struct game_state *st)
{
	struct game_view	 v;
	char			*text;
	size_t			 need;

	need = w->ops->save(st, NULL, 0);
	text = xmalloc(need + 1);
	w->ops->save(st, text, need + 1);
	w->game.phase++;
	w->ops->view(st, GAME_SEAT_GM, &v);
	if (v.status == GAME_STATUS_OVER) {
		w->game.status = DB_OVER;
		w->game.winner = v.winner;
	} else if (v.status == GAME_STATUS_RUNNING)
		w->game.status = DB_RUNNING;
	if (db_phase_insert(s->env->db, w->game.id, w->game.phase, text,
	    s->inbox_id, s->env->now) != DB_OK ||
	    db_game_update(s->env->db, &w->game) != DB_OK) {
		free(text);
		judge_store_failed(s);
		return -1;
	}
	free(text);
	judge_clock_phase_begun(s, w, st);
	return s->failed ? -1 : 0;
}

/* After a phase: reports to everyone, with the seed revealed at the end. */
void
judge_after_phase(struct judge_session *s, struct judge_seat *w,
    const struct game_state *st)
{
	char	 seed[32];

	if (w->game.status == DB_OVER) {
		snprintf(seed, sizeof(seed), "%llu",
		    (unsigned long long)w->game.seed);
		judge_report_all(s, w, st, "judge.seed_reveal", seed);
	} else
		judge_report_all(s, w, st, NULL, NULL);
	if (s->who.on && s->who.game.id == w->game.id)
		s->who.game = w->game;
}

static void
judge_hex_commitment(uint64_t seed, char out[65])
{
	unsigned char	 h[crypto_hash_sha256_BYTES];
	char		 dec[32];

	snprintf(dec, sizeof(dec), "%llu", (unsigned long long)seed);
	crypto_hash_sha256(h, (const unsigned char *)dec, strlen(dec));
	sodium_bin2hex(out, 65, h, sizeof(h));
}

void
judge_cmd_create(struct judge_session *s, struct judge_line *l)
{
	const struct game_ops	*ops;
	struct game_state	*st = NULL;
	struct game_diag	 why;
	struct db_game		 g;
	struct judge_seat	 w;
	struct judge_opts	 opts;
	char			 pw[JUDGE_GM_PASSWORD_LEN], *text = NULL;
	size_t			 need;

	if (!judge_valid_name(l->argv[1])) {
		judge_err(s, "judge.err.bad_name", 1, l->argv[1]);
		return;
	}
	if ((ops = game_find(l->argv[2])) == NULL) {
		judge_err(s, "judge.err.no_such_kind", 1, l->argv[2]);
		return;
	}
	switch (db_game_get(s->env->db, l->argv[1], &g)) {
	case DB_OK:
		judge_err(s, "judge.err.name_taken", 1, l->argv[1]);
		return;
	case DB_ERR:
		judge_store_failed(s);
		return;
	}
	/* The press and clock words are the judge's; the rest the game's. */
	judge_opts_init(&opts, s->env->timezone);
	if (judge_opts_split(l->argv + 3, l->argc - 3, &opts, &why) != 0) {
		judge_msg(s, &why.msg, true);
		goto out;
	}
	memset(&g, 0, sizeof(g));
	strlcpy_(g.name, l->argv[1], sizeof(g.name));
	strlcpy_(g.kind, ops->name, sizeof(g.kind));
	strlcpy_(g.options, opts.stored.len ? opts.stored.data : "",
	    sizeof(g.options));
	/* 63 bits: the seed must fit SQLite's signed integer unchanged. */
	randombytes_buf(&g.seed, sizeof(g.seed));
	g.seed >>= 1;
	strlcpy_(g.gm_address, s->msg->reply_to, sizeof(g.gm_address));
	g.status = DB_FORMING;
	g.first_seat = g.winner = -1;
	if (ops->create(opts.game.len ? opts.game.data : "", g.seed, &st,
	    &why) != 0) {
		judge_msg(s, &why.msg, true);
		goto out;
	}
	password_generate(pw, sizeof(pw));
	if (password_hash(pw, g.gm_pwhash) != 0) {
		judge_store_failed(s);
		goto out;
	}
	need = ops->save(st, NULL, 0);
	text = xmalloc(need + 1);
	ops->save(st, text, need + 1);
	if (db_game_insert(s->env->db, &g, s->env->now) != DB_OK ||
	    db_phase_insert(s->env->db, g.id, 0, text, s->inbox_id,
	    s->env->now) != DB_OK) {
		judge_store_failed(s);
		goto out;
	}
	log_info("judge: game=%s kind=%s created", g.name, g.kind);
	judge_ok(s, "judge.created", 3, g.name, g.kind, pw);
	if (opts.clock.on && judge_clock_created(s, &g, &opts.clock) != 0)
		goto out;
	memset(&w, 0, sizeof(w));
	w.on = true;
	w.game = g;
	w.ops = ops;
	w.seat = GAME_SEAT_GM;
	judge_speak_as(s, &w);
out:
	sodium_memzero(pw, sizeof(pw));
	ops->free(st);
	free(text);
	judge_opts_free(&opts);
}

/*
 * Who moves first: the loser of the last game between the same two
 * players, after a draw the one who did not start it (rules decision 4 and
 * A-W6); else drawn from the game's published seed.
 */
static int
judge_first_seat(struct judge_session *s, const struct db_game *g,
    const struct db_player *p, int n)
{
	struct db_game	 last;
	char		 addr[GAME_MAX_SEATS][DB_ADDR_MAX];
	const char	*who = NULL;
	int		 i;

	if (n == 2 && db_last_match(s->env->db, g->kind, p[0].address,
	    p[1].address, g->id, &last, addr, GAME_MAX_SEATS) == DB_OK) {
		if (last.winner >= 0 && last.winner < 2)
			who = addr[1 - last.winner];
		else if (last.winner == GAME_DRAWN && last.first_seat >= 0 &&
		    last.first_seat < 2)
			who = addr[1 - last.first_seat];
		for (i = 0; who && i < n; i++)
			if (strcasecmp(p[i].address, who) == 0)
				return p[i].seat;
	}
	return (int)(g->seed % (uint64_t)n);
}

/*
 * The ledger's points go to a game that has a handicap, before it starts;
 * a seat holding points moves first (Way of the Knight, rules 6), so the
 * stored first seat says who really began.
 */
static int
judge_handicap(struct judge_session *s, struct judge_seat *w,
    struct game_state *st, const struct db_player *p, int n)
{
	struct game_diag	 why;
	int			 pts[2];

	if (judge_ledger(s, &w->game, p, n, pts) != 0)
		return -1;
	if (w->ops->handicap(st, pts, 2, &why) != 0) {
		judge_msg(s, &why.msg, true);
		return -1;
	}
	if (pts[0] != pts[1])
		w->game.first_seat = pts[0] > pts[1] ? 0 : 1;
	return 0;
}

void
judge_start(struct judge_session *s, struct judge_seat *w)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct game_state	*st;
	struct game_diag	 why;
	char			 commit[65];
	int			 n;

	if (db_players(s->env->db, w->game.id, p, GAME_MAX_SEATS, &n) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	if ((st = judge_load(s, w)) == NULL)
		return;
	w->game.first_seat = judge_first_seat(s, &w->game, p, n);
	if (w->ops->handicap != NULL && judge_handicap(s, w, st, p, n) != 0) {
		w->ops->free(st);
		return;
	}
	if (w->ops->start(st, w->game.first_seat, &why) != 0) {
		judge_msg(s, &why.msg, true);
		w->ops->free(st);
		return;
	}
	w->game.status = DB_RUNNING;
	if (judge_advance(s, w, st) == 0) {
		log_info("judge: game=%s started first=%d", w->game.name,
		    w->game.first_seat);
		judge_hex_commitment(w->game.seed, commit);
		judge_report_all(s, w, st, "judge.seed_commit", commit);
		s->who.game = w->game;
	}
	w->ops->free(st);
}

/*
 * The game called name and its rules, into w; false (and the reason said)
 * when there is none or its kind is unknown to this judge.
 */
bool
judge_lookup(struct judge_session *s, const char *name, struct judge_seat *w)
{
	memset(w, 0, sizeof(*w));
	switch (db_game_get(s->env->db, name, &w->game)) {
	case DB_NONE:
		judge_err(s, "judge.err.no_such_game", 1, name);
		return false;
	case DB_ERR:
		judge_store_failed(s);
		return false;
	}
	if ((w->ops = game_find(w->game.kind)) == NULL) {
		judge_err(s, "judge.err.state", 1, w->game.name);
		return false;
	}
	return true;
}

void
judge_cmd_join(struct judge_session *s, struct judge_line *l)
{
	struct db_player	 p[GAME_MAX_SEATS], np;
	struct judge_seat	 w;
	const char		*lang = l->argc > 3 ? l->argv[3] : NULL;
	int			 n, i;

	if (!judge_lookup(s, l->argv[1], &w))
		return;
	if (w.game.status != DB_FORMING) {
		judge_err(s, "judge.err.not_forming", 1, w.game.name);
		return;
	}
	if (w.ops->nseats > 2) {
		/* judge_lobby.c: preferences; the GM starts the game. */
		judge_lobby_join(s, l, &w);
		return;
	}
	if (lang && strcasecmp(lang, "en") != 0 && strcasecmp(lang, "de") != 0) {
		judge_err(s, "judge.err.bad_language", 1, lang);
		return;
	}
	if (strlen(l->argv[2]) < PASSWORD_MIN || strlen(l->argv[2]) > PASSWORD_MAX) {
		judge_err(s, "judge.err.bad_password", 0);
		return;
	}
	if (strcasecmp(w.game.gm_address, s->msg->reply_to) == 0) {
		judge_err(s, "judge.err.gm_cannot_play", 1, w.game.name);
		return;
	}
	if (db_players(s->env->db, w.game.id, p, GAME_MAX_SEATS, &n) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	for (i = 0; i < n; i++)
		if (strcasecmp(p[i].address, s->msg->reply_to) == 0) {
			judge_err(s, "judge.err.already_joined", 1, w.game.name);
			return;
		}
	memset(&np, 0, sizeof(np));
	np.game_id = w.game.id;
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
	{
		char key[GAME_ARG_MAX];

		snprintf(key, sizeof(key), "@%s", w.ops->seat_key(n));
		judge_ok(s, "judge.joined", 2, w.game.name, key);
	}
	w.on = true;
	w.seat = n;
	judge_speak_as(s, &w);
	s->signon_failed = false;
	s->parse_ctx[0] = '\0';
	if (n + 1 == w.ops->nseats)
		judge_start(s, &w);
	else
		judge_ok(s, "judge.waiting", 1, w.game.name);
}

void
judge_cmd_signon(struct judge_session *s, struct judge_line *l)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct judge_seat	 w;
	int			 n, i, pass, seat = -2;

	s->who.on = false;
	s->signon_failed = true;
	if (!judge_lookup(s, l->argv[1], &w))
		return;
	if (db_players(s->env->db, w.game.id, p, GAME_MAX_SEATS, &n) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	/* The sender's own seat first, so one mail costs one verification. */
	for (pass = 0; pass < 2 && seat == -2; pass++) {
		for (i = 0; i < n && seat == -2; i++) {
			bool mine = strcasecmp(p[i].address,
			    s->msg->reply_to) == 0;

			if (mine == (pass == 0) && !p[i].ejected &&
			    password_verify(
			    s->env->pwcache, p[i].pwhash, l->argv[2]))
				seat = p[i].seat;
		}
		if (seat == -2 && (strcasecmp(w.game.gm_address,
		    s->msg->reply_to) == 0) == (pass == 0) &&
		    password_verify(s->env->pwcache, w.game.gm_pwhash,
		    l->argv[2]))
			seat = GAME_SEAT_GM;
	}
	if (seat == -2) {
		log_info("judge: game=%s signon=refused", w.game.name);
		judge_err(s, "judge.err.bad_signon", 1, w.game.name);
		return;
	}
	w.on = true;
	w.seat = seat;
	judge_speak_as(s, &w);
	s->signon_failed = false;
	s->parse_ctx[0] = '\0';
	if (seat == GAME_SEAT_GM)
		judge_ok(s, "judge.signed_on_gm", 1, w.game.name);
	else if (w.game.status == DB_FORMING && w.ops->nseats > 2)
		/* Before the start a seat number is only a place in the
		 * queue (judge_lobby.c). */
		judge_ok(s, "judge.signed_on_forming", 1, w.game.name);
	else {
		char key[GAME_ARG_MAX];

		snprintf(key, sizeof(key), "@%s", w.ops->seat_key(seat));
		judge_ok(s, "judge.signed_on", 2, w.game.name, key);
		judge_clock_signed_on(s, &w);
	}
}

void
judge_cmd_resign(struct judge_session *s, struct judge_line *l)
{
	struct game_state	*st;
	struct judge_seat	 w = s->who;

	(void)l;
	if (w.game.status != DB_RUNNING) {
		judge_err(s, "judge.err.not_running", 1, w.game.name);
		return;
	}
	if ((st = judge_load(s, &w)) == NULL)
		return;
	if (w.ops->resign(st, w.seat) != 0)
		judge_err(s, "judge.err.cannot_resign", 0);
	else if (db_player_resign(s->env->db, w.game.id, w.seat) != DB_OK)
		judge_store_failed(s);
	else {
		int was = w.game.phase;

		judge_ok(s, "judge.resigned", 1, w.game.name);
		if (judge_advance(s, &w, st) == 0) {
			/* A game that goes on: the others' orders of this
			 * phase stay given (judge_lobby.c, seven seats). */
			if (w.game.status == DB_RUNNING && db_orders_copy(
			    s->env->db, w.game.id, was, w.game.phase) != DB_OK)
				judge_store_failed(s);
			judge_after_phase(s, &w, st);
		}
	}
	w.ops->free(st);
}

/* Adjudicates when the stored orders make the phase ready. */
static void
judge_maybe_adjudicate(struct judge_session *s, struct judge_seat *w,
    struct game_state *st)
{
	struct db_order		 dbo[JUDGE_MAX_ORDERS];
	struct game_order	 go[JUDGE_MAX_ORDERS];
	struct game_diag	 why;
	int			 n, i;

	/* A game with a clock is processed by judge_tick() only. */
	if (judge_clock_owns(s, w))
		return;
	if (db_orders(s->env->db, w->game.id, w->game.phase, dbo,
	    JUDGE_MAX_ORDERS, &n) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	memset(go, 0, sizeof(go));
	for (i = 0; i < n; i++) {
		go[i].seat = dbo[i].seat;
		strlcpy_(go[i].slot, dbo[i].slot, sizeof(go[i].slot));
		strlcpy_(go[i].text, dbo[i].text, sizeof(go[i].text));
	}
	if (!w->ops->ready(st, go, n))
		return;
	if (w->ops->adjudicate(st, go, n, &why) != 0) {
		log_warnx("judge: game=%s phase=%d adjudication refused",
		    w->game.name, w->game.phase);
		judge_msg(s, &why.msg, true);
		return;
	}
	if (judge_advance(s, w, st) == 0)
		judge_after_phase(s, w, st);
}

void
judge_orders(struct judge_session *s, struct judge_line *l)
{
	struct game_order	 o[JUDGE_MAX_ORDERS];
	struct game_state	*st;
	struct game_diag	 why;
	struct judge_seat	 w = s->who;
	struct db_order		 dbo;
	int			 n, i;

	if (w.game.status == DB_FORMING) {
		judge_err(s, "judge.err.not_started", 1, w.game.name);
		return;
	}
	if ((st = judge_load(s, &w)) == NULL)
		return;
	s->ordered = true;	/* judge_orders.c confirms the whole set */
	s->order_phase = w.game.phase;
	memset(&why, 0, sizeof(why));
	n = w.ops->parse(st, w.seat, l->text, s->parse_ctx, o,
	    JUDGE_MAX_ORDERS, &why);
	judge_clock_order_line(s, &w, n < 0);
	if (n < 0) {
		judge_msg(s, &why.msg, true);
		goto out;
	}
	if (n == 0 && why.msg.key[0] != '\0')
		judge_msg(s, &why.msg, false);
	for (i = 0; i < n; i++) {
		memset(&dbo, 0, sizeof(dbo));
		dbo.seat = w.seat;
		dbo.by_gm = w.by_gm;
		strlcpy_(dbo.slot, o[i].slot, sizeof(dbo.slot));
		strlcpy_(dbo.text, o[i].text, sizeof(dbo.text));
		if (db_order_put(s->env->db, w.game.id, w.game.phase, &dbo,
		    s->inbox_id) != DB_OK) {
			judge_store_failed(s);
			goto out;
		}
		judge_msg(s, &o[i].echo, false);
	}
	s->orders_due = true;
out:
	w.ops->free(st);
}

/*
 * The phase is tried once the mail's orders for a game are all in: at the
 * end of the mail, or when the sender signs on to another game. So the lines
 * of one mail may come in any order (a move and its draw offer), and a later
 * line for the same slot still replaces an earlier one.
 */
void
judge_orders_flush(struct judge_session *s)
{
	struct game_state	*st;
	struct judge_seat	 w = s->who;

	if (!s->orders_due)
		return;
	s->orders_due = false;
	if (s->failed || !w.on || w.game.status != DB_RUNNING)
		return;
	if ((st = judge_load(s, &w)) == NULL)
		return;
	judge_maybe_adjudicate(s, &w, st);
	w.ops->free(st);
}

/* The sender speaks for another seat or game from the next line on. */
void
judge_speak_as(struct judge_session *s, const struct judge_seat *w)
{
	judge_orders_flush(s);
	s->who = *w;
}
