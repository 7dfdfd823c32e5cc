/*
 * gametable.c - the games as the keepers' overview lists them: a row of
 * cells per game (name, kind, state, phase, deadline) and the games
 * counted by state, for `pbemd status`, a keeper's STATUS and LIST ALL
 * (overview.c lays them out). Read only: the games, their clocks and the
 * state of each one's phase, loaded just to name the phase. Times are
 * UTC, as the operator's logs have them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/judge/deadline.h"
#include "adjudicator/judge/gametable.h"
#include "adjudicator/judge/phase.h"

#define JUDGE_GAMETABLE_TIME	32	/* "2026-11-28 20:00 UTC" */

/* The walk over the games: what it lists, the rows it gathered. */
struct judge_gametable_walk {
	const struct judge_env		*env;
	const struct catalog		*cat;
	struct judge_gametable_page	*page;
	struct judge_gametable_count	*count;		/* may be NULL */
	struct judge_gametable		*t;
	bool				 failed;
};

/* An instant as "2026-11-28 20:00 UTC". */
static void
judge_gametable_time(time_t t, char out[JUDGE_GAMETABLE_TIME])
{
	deadline_format(t, "UTC", out, JUDGE_GAMETABLE_TIME, NULL);
}

/*
 * The phase of g as its game names it, "move N" where it names none, "-"
 * for a game still forming, "?" for a state that does not load. -1 on a
 * store error.
 */
static int
judge_gametable_phase(const struct judge_gametable_walk *w,
    const struct db_game *g, const struct game_ops *ops, struct buf *out)
{
	struct game_state	*st = NULL;
	struct game_diag	 why;
	struct game_stat	 at;
	char			*text = NULL, ply[16];
	int			 rc;

	if (g->status == DB_FORMING) {
		buf_puts(out, "-");
		return 0;
	}
	if ((rc = db_phase_state(w->env->db, g->id, g->phase, &text)) ==
	    DB_ERR)
		return -1;
	memset(&why, 0, sizeof(why));
	if (ops == NULL || rc != DB_OK || ops->load(text, &st, &why) != 0) {
		buf_puts(out, "?");
		free(text);
		return 0;
	}
	ops->stat(st, &at);
	snprintf(ply, sizeof(ply), "%d", at.ply);
	if (at.phase[0] != '\0')
		catalog_say(w->cat, out, "overview.phase", 1, at.phase);
	else
		catalog_say(w->cat, out, "overview.ply", 1, ply);
	ops->free(st);
	free(text);
	return 0;
}

/*
 * The deadline of running game g with clock c (have: false when it has
 * none), as the clock will act on it.
 */
static void
judge_gametable_deadline(const struct catalog *cat, const struct db_game *g,
    const struct db_clock *c, bool have, struct buf *out)
{
	char	 t[JUDGE_GAMETABLE_TIME];

	if (!have)
		catalog_say(cat, out, "overview.deadline.none", 0);
	else if (c->paused) {
		judge_gametable_time(c->paused, t);
		catalog_say(cat, out, "overview.deadline.paused", 1, t);
	} else if (c->phase != g->phase || (!c->deadline && !c->proposed))
		catalog_say(cat, out, "overview.deadline.unset", 0);
	else if (c->deadline || c->approve == DB_APPROVE_AUTO) {
		/* With approve=auto the proposal holds unapproved. */
		judge_gametable_time(c->deadline ? c->deadline : c->proposed, t);
		buf_puts(out, t);
	} else {
		judge_gametable_time(c->proposed, t);
		catalog_say(cat, out, "overview.deadline.proposed", 1, t);
	}
}

/* The clock of g into c: 1 it has one, 0 none, -1 a store error. */
static int
judge_gametable_clock(const struct judge_gametable_walk *w,
    const struct db_game *g, struct db_clock *c)
{
	memset(c, 0, sizeof(*c));
	if (g->status != DB_RUNNING)
		return 0;
	switch (db_clock_get(w->env->db, g->id, c)) {
	case DB_OK:
		return 1;
	case DB_NONE:
		return 0;
	default:
		return -1;
	}
}

/* Room for one more row of cells, each empty. */
static struct buf *
judge_gametable_row(struct judge_gametable *t)
{
	struct buf	*row;
	int		 i;

	if (t->rows == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		t->cell = xrealloc(t->cell, (size_t)t->cap *
		    JUDGE_GAMETABLE_COLS * sizeof(*t->cell));
	}
	row = &t->cell[t->rows++ * JUDGE_GAMETABLE_COLS];
	for (i = 0; i < JUDGE_GAMETABLE_COLS; i++)
		buf_init(&row[i]);
	return row;
}

/* The cells of game g: name, kind, state, phase, deadline. */
static int
judge_gametable_cells(struct judge_gametable_walk *w, const struct db_game *g,
    const struct db_clock *c, int have)
{
	struct buf	*row = judge_gametable_row(w->t);

	buf_puts(&row[0], g->name);
	buf_puts(&row[1], g->kind);
	if (have > 0 && c->paused)
		catalog_say(w->cat, &row[2], "overview.state.paused", 0);
	else
		catalog_say(w->cat, &row[2], "overview.state", 1,
		    judge_phase_status_arg(g->status));
	if (judge_gametable_phase(w, g, game_find(g->kind), &row[3]) != 0)
		return -1;
	if (g->status == DB_RUNNING)
		judge_gametable_deadline(w->cat, g, c, have > 0, &row[4]);
	else
		buf_puts(&row[4], "-");
	return 0;
}

/* db_game_each(): counts g, and gathers its cells when it is listed. */
static int
judge_gametable_one(void *arg, const struct db_game *g)
{
	struct judge_gametable_walk	*w = arg;
	struct judge_gametable_page	*p = w->page;
	struct db_clock			 c;
	int				 have;

	if ((have = judge_gametable_clock(w, g, &c)) < 0)
		goto fail;
	if (w->count != NULL && g->status >= DB_FORMING &&
	    g->status <= DB_HALTED) {
		w->count->n[g->status]++;
		w->count->paused += have > 0 && c.paused;
	}
	if (!p->all && g->status != DB_RUNNING)
		return 0;
	if (++p->total <= p->skip || (p->max > 0 && p->shown >= p->max))
		return 0;
	p->shown++;
	if (judge_gametable_cells(w, g, &c, have) == 0)
		return 0;
fail:
	w->failed = true;
	return 1;
}

int
judge_gametable(const struct judge_env *env, const struct catalog *cat,
    struct judge_gametable_page *page, struct judge_gametable_count *count,
    struct judge_gametable *t)
{
	static const char *const head[JUDGE_GAMETABLE_COLS] = {
		"overview.col.game", "overview.col.kind", "overview.col.state",
		"overview.col.phase", "overview.col.deadline"
	};
	struct judge_gametable_walk	 w = { env, cat, page, count, t, false };
	struct buf			*row;
	int				 i;

	memset(t, 0, sizeof(*t));
	page->total = page->shown = 0;
	row = judge_gametable_row(t);
	for (i = 0; i < JUDGE_GAMETABLE_COLS; i++)
		catalog_say(cat, &row[i], head[i], 0);
	if (db_game_each(env->db, judge_gametable_one, &w) != DB_OK)
		w.failed = true;
	return w.failed ? -1 : 0;
}

void
judge_gametable_free(struct judge_gametable *t)
{
	int	 i;

	for (i = 0; i < t->rows * JUDGE_GAMETABLE_COLS; i++)
		buf_free(&t->cell[i]);
	free(t->cell);
	memset(t, 0, sizeof(*t));
}
