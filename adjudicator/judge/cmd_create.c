/*
 * cmd_create.c - CREATE <name> <game> [options]: a new game, whose
 * sender becomes its game master with a password of the judge's making.
 *
 * The option words that are the judge's (press, clock) are taken out
 * (opts.c); the game gets the rest and refuses what it does not know. The
 * game's seed is drawn here and stored with it, so every phase can be
 * replayed; its commitment is published at the start (phase.c).
 */
#include <ctype.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/cmd_create.h"
#include "adjudicator/judge/opts.h"
#include "adjudicator/judge/orders.h"
#include "adjudicator/judge/password.h"
#include "common/log.h"

#define JUDGE_GAME_NAME_MAX	20
#define JUDGE_GM_PASSWORD_LEN	11	/* ten characters and the NUL */

static bool
judge_create_valid_name(const char *n)
{
	size_t	 i, len = strlen(n);

	if (len == 0 || len > JUDGE_GAME_NAME_MAX || !isalpha((unsigned char)n[0]))
		return false;
	for (i = 0; i < len; i++)
		if (!isalnum((unsigned char)n[i]) && n[i] != '-' && n[i] != '_')
			return false;
	return true;
}

/* The game's row before it is stored; 0, or -1 with the reason said. */
static int
judge_create_row(struct judge_session *s, const struct judge_line *l,
    const struct game_ops *ops, const struct judge_opts *opts,
    struct db_game *g)
{
	memset(g, 0, sizeof(*g));
	/* The name is checked above (20 characters); kind and the stored
	 * options fit the columns, else say so rather than cut them. */
	strlcpy_(g->name, l->argv[1], sizeof(g->name));
	strlcpy_(g->kind, ops->name, sizeof(g->kind));
	if (strlcpy_(g->options, opts->stored.len ? opts->stored.data : "",
	    sizeof(g->options)) >= sizeof(g->options)) {
		judge_err(s, "judge.err.options_long", 0);
		return -1;
	}
	/* 63 bits: the seed must fit SQLite's signed integer unchanged. */
	randombytes_buf(&g->seed, sizeof(g->seed));
	g->seed >>= 1;
	strlcpy_(g->gm_address, s->msg->reply_to, sizeof(g->gm_address));
	g->status = DB_FORMING;
	g->first_seat = g->winner = -1;
	return 0;
}

void
judge_cmd_create(struct judge_session *s, const struct judge_line *l)
{
	const struct game_ops	*ops;
	struct game_state	*st = NULL;
	struct game_diag	 why;
	struct db_game		 g;
	struct judge_seat	 w;
	struct judge_opts	 opts;
	char			 pw[JUDGE_GM_PASSWORD_LEN], *text = NULL;
	const char		*near;
	size_t			 need;

	if (!judge_create_valid_name(l->argv[1])) {
		judge_err(s, "judge.err.bad_name", 1, l->argv[1]);
		return;
	}
	if ((ops = game_find(l->argv[2])) == NULL) {
		if ((near = game_nearest(l->argv[2])) != NULL)
			judge_err(s, "judge.err.no_such_kind_hint", 2,
			    l->argv[2], near);
		else
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
	memset(pw, 0, sizeof(pw));
	judge_opts_init(&opts, s->env->timezone);
	memset(&why, 0, sizeof(why));
	if (judge_opts_split(l->argv + 3, l->argc - 3, &opts, &why) != 0) {
		judge_msg(s, &why.msg, true);
		goto out;
	}
	if (judge_create_row(s, l, ops, &opts, &g) != 0)
		goto out;
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
	judge_orders_speak_as(s, &w);
out:
	sodium_memzero(pw, sizeof(pw));
	if (st != NULL)
		ops->free(st);
	free(text);
	judge_opts_free(&opts);
}
