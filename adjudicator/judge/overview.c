/*
 * overview.c - the judge at a glance, for its keepers (issue 17): the
 * games by state and a line for each running one (or for every game: a
 * keeper's LIST ALL), the outbox queue and the mails failing in it, the
 * quarantine, the time of the last mail and of the last tick. The same
 * text goes to `pbemd status` (serve/status.c, in English) and into a
 * keeper's reply by mail (cmd_status.c, cmd_info.c, in his language).
 *
 * Read only: the store's rows (db/stats.c, the games, their clocks and
 * phases) and the clock's heartbeat. Times are UTC, written alike in
 * every language, as the operator's logs have them. Columns are aligned
 * by the characters their cells show, so the text reads in a terminal
 * and in a mail alike. Never a password, never an order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/overview.h"
#include "adjudicator/judge/phase.h"
#include "common/log.h"

#define JUDGE_OVERVIEW_COLS	5	/* game, kind, state, phase, deadline */
#define JUDGE_OVERVIEW_FAILING	10	/* failing mails listed one a line */
#define JUDGE_OVERVIEW_PAIRS	4	/* lines of a section at most */
#define JUDGE_OVERVIEW_TIME	24	/* "2026-11-28 20:00 UTC" */
#define JUDGE_OVERVIEW_AGE	24	/* "12d3h" */

/* The games by state (paused: running, with the clock paused). */
struct judge_overview_count {
	int	 n[4];		/* by enum db_game_status */
	int	 paused;
};

/* The walk over the games: what it lists, the cells it gathered. */
struct judge_overview_walk {
	const struct judge_env		*env;
	const struct catalog		*cat;
	struct judge_overview_page	*page;
	struct judge_overview_count	*count;		/* may be NULL */
	struct buf			*cell;		/* rows * COLS */
	int				 rows, cap;
	bool				 failed;
};

/* A section's lines: a label and a value each, the labels aligned. */
struct judge_overview_kv {
	int		 n;
	struct buf	 label[JUDGE_OVERVIEW_PAIRS];
	struct buf	 value[JUDGE_OVERVIEW_PAIRS];
};

/* The characters s shows (UTF-8: the bytes that begin one). */
static size_t
judge_overview_width(const char *s)
{
	size_t	 n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* s, then blanks up to width characters. */
static void
judge_overview_pad(struct buf *out, const char *s, size_t width)
{
	size_t	 w;

	buf_puts(out, s);
	for (w = judge_overview_width(s); w < width; w++)
		buf_putc(out, ' ');
}

/* An instant as "2026-11-28 20:00 UTC". */
static void
judge_overview_time(time_t t, char out[JUDGE_OVERVIEW_TIME])
{
	struct tm	 tm;

	if (gmtime_r(&t, &tm) == NULL || strftime(out, JUDGE_OVERVIEW_TIME,
	    "%Y-%m-%d %H:%M UTC", &tm) == 0)
		snprintf(out, JUDGE_OVERVIEW_TIME, "%lld", (long long)t);
}

/* How long ago, in its two largest units: "45s", "3m12s", "2h5m", "4d3h". */
static void
judge_overview_age(time_t secs, char out[JUDGE_OVERVIEW_AGE])
{
	long long	 s = secs > 0 ? (long long)secs : 0;

	if (s < 60)
		snprintf(out, JUDGE_OVERVIEW_AGE, "%llds", s);
	else if (s < 3600)
		snprintf(out, JUDGE_OVERVIEW_AGE, "%lldm%llds", s / 60, s % 60);
	else if (s < 86400)
		snprintf(out, JUDGE_OVERVIEW_AGE, "%lldh%lldm", s / 3600,
		    s / 60 % 60);
	else
		snprintf(out, JUDGE_OVERVIEW_AGE, "%lldd%lldh", s / 86400,
		    s / 3600 % 24);
}

/* "T (AGE ago)" of the instant t, seen at now, into out. */
static void
judge_overview_when(const struct catalog *cat, time_t t, time_t now,
    struct buf *out)
{
	char	 at[JUDGE_OVERVIEW_TIME], age[JUDGE_OVERVIEW_AGE];

	judge_overview_time(t, at);
	judge_overview_age(now - t, age);
	catalog_say(cat, out, "overview.ago", 2, at, age);
}

static void
judge_overview_kv_free(struct judge_overview_kv *kv)
{
	int	 i;

	for (i = 0; i < JUDGE_OVERVIEW_PAIRS; i++) {
		buf_free(&kv->label[i]);
		buf_free(&kv->value[i]);
	}
	kv->n = 0;
}

/* The next line: its label the text of key; the value's buffer. */
static struct buf *
judge_overview_kv_add(struct judge_overview_kv *kv, const struct catalog *cat,
    const char *key)
{
	int	 i = kv->n < JUDGE_OVERVIEW_PAIRS ? kv->n++ : kv->n - 1;

	buf_reset(&kv->label[i]);
	buf_reset(&kv->value[i]);
	catalog_say(cat, &kv->label[i], key, 0);
	return &kv->value[i];
}

/* The value of a line that is a number. */
static void
judge_overview_kv_num(struct judge_overview_kv *kv, const struct catalog *cat,
    const char *key, long long n)
{
	buf_printf(judge_overview_kv_add(kv, cat, key), "%lld", n);
}

/* The lines, indented by two, labels padded alike; then empties kv. */
static void
judge_overview_kv_put(struct judge_overview_kv *kv, struct buf *out)
{
	size_t	 w = 0;
	int	 i;

	for (i = 0; i < kv->n; i++)
		if (judge_overview_width(kv->label[i].data) > w)
			w = judge_overview_width(kv->label[i].data);
	for (i = 0; i < kv->n; i++) {
		buf_puts(out, "  ");
		judge_overview_pad(out, kv->label[i].data, w);
		buf_printf(out, "  %s\n", kv->value[i].data);
	}
	judge_overview_kv_free(kv);
}

/* A section's title, after an empty line. */
static void
judge_overview_title(const struct catalog *cat, const char *key,
    struct buf *out)
{
	buf_putc(out, '\n');
	catalog_say(cat, out, key, 0);
	buf_putc(out, '\n');
}

/*
 * The phase of g as its game names it, "move N" where it names none, "-"
 * for a game still forming, "?" for a state that does not load. -1 on a
 * store error.
 */
static int
judge_overview_phase(const struct judge_overview_walk *w,
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
 * The deadline of running game g with clock c (have: 0 when it has
 * none), as the clock will act on it.
 */
static void
judge_overview_deadline(const struct catalog *cat, const struct db_game *g,
    const struct db_clock *c, bool have, struct buf *out)
{
	char	 t[JUDGE_OVERVIEW_TIME];

	if (!have)
		catalog_say(cat, out, "overview.deadline.none", 0);
	else if (c->paused) {
		judge_overview_time(c->paused, t);
		catalog_say(cat, out, "overview.deadline.paused", 1, t);
	} else if (c->phase != g->phase || (!c->deadline && !c->proposed))
		catalog_say(cat, out, "overview.deadline.unset", 0);
	else if (c->deadline || c->approve == DB_APPROVE_AUTO) {
		/* With approve=auto the proposal holds unapproved. */
		judge_overview_time(c->deadline ? c->deadline : c->proposed, t);
		buf_puts(out, t);
	} else {
		judge_overview_time(c->proposed, t);
		catalog_say(cat, out, "overview.deadline.proposed", 1, t);
	}
}

/* The clock of g into c: 1 it has one, 0 none, -1 a store error. */
static int
judge_overview_clock(const struct judge_overview_walk *w,
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
judge_overview_row(struct judge_overview_walk *w)
{
	struct buf	*row;
	int		 i;

	if (w->rows == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 16;
		w->cell = xrealloc(w->cell, (size_t)w->cap *
		    JUDGE_OVERVIEW_COLS * sizeof(*w->cell));
	}
	row = &w->cell[w->rows++ * JUDGE_OVERVIEW_COLS];
	for (i = 0; i < JUDGE_OVERVIEW_COLS; i++)
		buf_init(&row[i]);
	return row;
}

/* The cells of game g: name, kind, state, phase, deadline. */
static int
judge_overview_cells(struct judge_overview_walk *w, const struct db_game *g,
    const struct db_clock *c, int have)
{
	struct buf	*row = judge_overview_row(w);

	buf_puts(&row[0], g->name);
	buf_puts(&row[1], g->kind);
	if (have > 0 && c->paused)
		catalog_say(w->cat, &row[2], "overview.state.paused", 0);
	else
		catalog_say(w->cat, &row[2], "overview.state", 1,
		    judge_phase_status_arg(g->status));
	if (judge_overview_phase(w, g, game_find(g->kind), &row[3]) != 0)
		return -1;
	if (g->status == DB_RUNNING)
		judge_overview_deadline(w->cat, g, c, have > 0, &row[4]);
	else
		buf_puts(&row[4], "-");
	return 0;
}

/* db_game_each(): counts g, and gathers its cells when it is listed. */
static int
judge_overview_one(void *arg, const struct db_game *g)
{
	struct judge_overview_walk	*w = arg;
	struct judge_overview_page	*p = w->page;
	struct db_clock			 c;
	int				 have;

	if ((have = judge_overview_clock(w, g, &c)) < 0)
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
	if (judge_overview_cells(w, g, &c, have) == 0)
		return 0;
fail:
	w->failed = true;
	return 1;
}

/* The head row of the table: the first row gathered. */
static void
judge_overview_head_row(struct judge_overview_walk *w)
{
	static const char *const head[JUDGE_OVERVIEW_COLS] = {
		"overview.col.game", "overview.col.kind", "overview.col.state",
		"overview.col.phase", "overview.col.deadline"
	};
	struct buf	*row = judge_overview_row(w);
	int		 i;

	for (i = 0; i < JUDGE_OVERVIEW_COLS; i++)
		catalog_say(w->cat, &row[i], head[i], 0);
}

/* The gathered rows, columns aligned, when there is more than the head
 * row; then frees them. */
static void
judge_overview_table(struct judge_overview_walk *w, int indent,
    struct buf *out)
{
	struct buf	*row;
	size_t		 width[JUDGE_OVERVIEW_COLS], n;
	int		 r, i;

	memset(width, 0, sizeof(width));
	for (r = 0; r < w->rows; r++)
		for (i = 0; i < JUDGE_OVERVIEW_COLS; i++) {
			n = judge_overview_width(w->cell[r *
			    JUDGE_OVERVIEW_COLS + i].data);
			if (n > width[i])
				width[i] = n;
		}
	for (r = 0; w->rows > 1 && r < w->rows; r++) {
		row = &w->cell[r * JUDGE_OVERVIEW_COLS];
		buf_printf(out, "%*s", indent, "");
		for (i = 0; i < JUDGE_OVERVIEW_COLS - 1; i++) {
			judge_overview_pad(out, row[i].data, width[i]);
			buf_puts(out, "  ");
		}
		buf_printf(out, "%s\n", row[i].data);
	}
	for (r = 0; r < w->rows * JUDGE_OVERVIEW_COLS; r++)
		buf_free(&w->cell[r]);
	free(w->cell);
	w->cell = NULL;
	w->rows = w->cap = 0;
}

/* Walks the games of page, counting them into count (may be NULL). */
static int
judge_overview_walk(const struct judge_env *env, const struct catalog *cat,
    struct judge_overview_page *page, struct judge_overview_count *count,
    int indent, struct buf *out)
{
	struct judge_overview_walk	 w;

	memset(&w, 0, sizeof(w));
	w.env = env;
	w.cat = cat;
	w.page = page;
	w.count = count;
	page->total = page->shown = 0;
	judge_overview_head_row(&w);
	if (db_game_each(env->db, judge_overview_one, &w) != DB_OK)
		w.failed = true;
	judge_overview_table(&w, indent, out);
	return w.failed ? -1 : 0;
}

int
judge_overview_games(const struct judge_env *env, const struct catalog *cat,
    struct judge_overview_page *page, int indent, struct buf *out)
{
	return judge_overview_walk(env, cat, page, NULL, indent, out);
}

/* The games by state, and the table of the running ones. */
static int
judge_overview_games_part(const struct judge_env *env,
    const struct catalog *cat, int max, struct buf *out)
{
	struct judge_overview_page	 page = { false, 0, max, 0, 0 };
	struct judge_overview_count	 count;
	struct judge_overview_kv	 kv;
	struct buf			 table, *v;
	char				 n[16], p[16];
	int				 rc;

	memset(&count, 0, sizeof(count));
	memset(&kv, 0, sizeof(kv));
	buf_init(&table);
	rc = judge_overview_walk(env, cat, &page, &count, 2, &table);
	judge_overview_title(cat, "overview.games", out);
	judge_overview_kv_num(&kv, cat, "judge.status.forming",
	    count.n[DB_FORMING]);
	v = judge_overview_kv_add(&kv, cat, "judge.status.running");
	snprintf(n, sizeof(n), "%d", count.n[DB_RUNNING]);
	snprintf(p, sizeof(p), "%d", count.paused);
	if (count.paused > 0)
		catalog_say(cat, v, "overview.games.paused", 2, n, p);
	else
		buf_puts(v, n);
	judge_overview_kv_num(&kv, cat, "judge.status.over", count.n[DB_OVER]);
	judge_overview_kv_num(&kv, cat, "judge.status.halted",
	    count.n[DB_HALTED]);
	judge_overview_kv_put(&kv, out);
	judge_overview_title(cat, "overview.running", out);
	if (page.shown == 0) {
		buf_puts(out, "  ");
		catalog_say(cat, out, "overview.none", 0);
		buf_putc(out, '\n');
	} else
		buf_puts(out, table.data);
	if (page.total > page.shown) {
		snprintf(n, sizeof(n), "%d", page.total - page.shown);
		buf_puts(out, "  ");
		catalog_say(cat, out, "overview.more", 1, n);
		buf_putc(out, '\n');
	}
	buf_free(&table);
	return rc;
}

/* One failing mail a line, under the outbox's counts. */
static int
judge_overview_failing(const struct judge_env *env, const struct catalog *cat,
    int failing, struct buf *out)
{
	struct db_outbox_failing	*f;
	char				 id[24], tries[16], next[JUDGE_OVERVIEW_TIME];
	int				 n, i;

	f = xcalloc(JUDGE_OVERVIEW_FAILING, sizeof(*f));
	if (db_stats_failing(env->db, f, JUDGE_OVERVIEW_FAILING, &n) != DB_OK) {
		free(f);
		return -1;
	}
	for (i = 0; i < n; i++) {
		snprintf(id, sizeof(id), "%lld", (long long)f[i].id);
		snprintf(tries, sizeof(tries), "%d", f[i].attempts);
		judge_overview_time(f[i].next_try, next);
		buf_puts(out, "  ");
		if (f[i].game[0] != '\0')
			catalog_say(cat, out, "overview.outbox.row_game", 4, id,
			    f[i].rcpt, f[i].game, tries);
		else
			catalog_say(cat, out, "overview.outbox.row", 3, id,
			    f[i].rcpt, tries);
		catalog_say(cat, out, "overview.outbox.row_next", 2, next,
		    f[i].error[0] ? f[i].error : "-");
		buf_putc(out, '\n');
	}
	if (failing > n) {
		snprintf(id, sizeof(id), "%d", failing - n);
		buf_puts(out, "  ");
		catalog_say(cat, out, "overview.more", 1, id);
		buf_putc(out, '\n');
	}
	free(f);
	return 0;
}

/* The outbox: waiting (and since when), failing, refused, sent. */
static int
judge_overview_outbox(const struct judge_env *env, const struct catalog *cat,
    struct buf *out)
{
	struct db_outbox_stats	 o;
	struct judge_overview_kv kv;
	struct buf		*v, when;
	char			 n[16];

	if (db_stats_outbox(env->db, &o) != DB_OK)
		return -1;
	memset(&kv, 0, sizeof(kv));
	judge_overview_title(cat, "overview.outbox", out);
	v = judge_overview_kv_add(&kv, cat, "overview.outbox.waiting");
	buf_printf(v, "%d", o.waiting);
	if (o.waiting > 0) {
		buf_init(&when);
		judge_overview_when(cat, o.oldest, env->now, &when);
		snprintf(n, sizeof(n), "%d", o.waiting);
		buf_reset(v);
		catalog_say(cat, v, "overview.outbox.oldest", 2, n, when.data);
		buf_free(&when);
	}
	judge_overview_kv_num(&kv, cat, "overview.outbox.failing", o.failing);
	judge_overview_kv_num(&kv, cat, "overview.outbox.refused", o.refused);
	judge_overview_kv_num(&kv, cat, "overview.outbox.sent", o.sent);
	judge_overview_kv_put(&kv, out);
	return o.failing > 0 ? judge_overview_failing(env, cat, o.failing,
	    out) : 0;
}

/* The quarantine: how many held, the newest of them, how many released. */
static int
judge_overview_quarantine(const struct judge_env *env,
    const struct catalog *cat, struct buf *out)
{
	struct db_quarantine_stats	 q;
	struct judge_overview_kv	 kv;
	struct buf			*v;
	char				 n[16], id[24], at[JUDGE_OVERVIEW_TIME];

	if (db_stats_quarantine(env->db, &q) != DB_OK)
		return -1;
	memset(&kv, 0, sizeof(kv));
	judge_overview_title(cat, "overview.quarantine", out);
	v = judge_overview_kv_add(&kv, cat, "overview.quarantine.held");
	buf_printf(v, "%d", q.held);
	if (q.held > 0) {
		snprintf(n, sizeof(n), "%d", q.held);
		snprintf(id, sizeof(id), "%lld", (long long)q.newest_id);
		judge_overview_time(q.newest, at);
		buf_reset(v);
		catalog_say(cat, v, "overview.quarantine.newest", 4, n, id, at,
		    q.sender[0] ? q.sender : "-");
		if (q.reason[0] != '\0')
			buf_printf(v, ": %s", q.reason);
	}
	judge_overview_kv_num(&kv, cat, "overview.quarantine.released",
	    q.released);
	judge_overview_kv_put(&kv, out);
	return 0;
}

/* The last mail the inbox recorded, and the clock's last tick. */
static int
judge_overview_clock_part(const struct judge_env *env,
    const struct catalog *cat, struct buf *out)
{
	struct judge_overview_kv kv;
	struct buf		*v;
	int64_t			 tick = 0;
	time_t			 mail = 0;
	int			 rc;

	memset(&kv, 0, sizeof(kv));
	if ((rc = db_stats_last_mail(env->db, &mail)) == DB_ERR)
		return -1;
	v = judge_overview_kv_add(&kv, cat, "overview.clock.mail");
	if (rc == DB_OK)
		judge_overview_when(cat, mail, env->now, v);
	else
		catalog_say(cat, v, "overview.clock.never", 0);
	if ((rc = db_meta_get(env->db, JUDGE_HEARTBEAT, &tick)) == DB_ERR) {
		judge_overview_kv_free(&kv);
		return -1;
	}
	v = judge_overview_kv_add(&kv, cat, "overview.clock.tick");
	if (rc == DB_OK)
		judge_overview_when(cat, (time_t)tick, env->now, v);
	else
		catalog_say(cat, v, "overview.clock.no_tick", 0);
	judge_overview_title(cat, "overview.clock", out);
	judge_overview_kv_put(&kv, out);
	return 0;
}

int
judge_overview(const struct judge_env *env, const struct catalog *cat,
    int max, struct buf *out)
{
	char	 now[JUDGE_OVERVIEW_TIME];
	int	 rc;

	judge_overview_time(env->now, now);
	catalog_say(cat, out, "overview.head", 2, env->address ?
	    env->address : "-", now);
	buf_putc(out, '\n');
	rc = judge_overview_games_part(env, cat, max, out);
	if (rc == 0)
		rc = judge_overview_outbox(env, cat, out);
	if (rc == 0)
		rc = judge_overview_quarantine(env, cat, out);
	if (rc == 0)
		rc = judge_overview_clock_part(env, cat, out);
	if (rc != 0)
		log_warnx("overview: the store cannot be read");
	return rc;
}
