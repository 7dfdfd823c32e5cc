/*
 * overview.c - the judge at a glance, for its keepers (issue 17): the
 * games by state and a line for each running one (or for every game: a
 * keeper's LIST ALL; gametable.c gathers them), the outbox queue and the
 * mails failing in it, the quarantine, the time of the last mail and of
 * the last tick. The same text goes to `pbemd status` (serve/status.c, in
 * English) and into a keeper's reply by mail (cmd_status.c, cmd_info.c,
 * in his language).
 *
 * Read only: the store's counts (db/stats.c) and the clock's heartbeat.
 * Times are UTC, written alike in every language, as the operator's logs
 * have them. Labels and columns are aligned by the characters they show,
 * so the text reads in a terminal and in a mail alike. Never a password,
 * never an order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/deadline.h"
#include "adjudicator/judge/overview.h"
#include "adjudicator/judge/session.h"
#include "common/log.h"

#define JUDGE_OVERVIEW_FAILING	10	/* failing mails listed one a line */
/* Lines of a section at most: the sections below have no more; a fifth
 * would take the fourth's place. */
#define JUDGE_OVERVIEW_PAIRS	4
#define JUDGE_OVERVIEW_TIME	32	/* "2026-11-28 20:00 UTC" */
#define JUDGE_OVERVIEW_AGE	24	/* "12d3h" */

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

/* An instant as "2026-11-28 20:00 UTC", as the game table writes it. */
static void
judge_overview_time(time_t t, char out[JUDGE_OVERVIEW_TIME])
{
	deadline_format(t, "UTC", out, JUDGE_OVERVIEW_TIME, NULL);
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
	buf_puts(&kv->value[i], "");	/* a text, even left empty */
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

/* The rows of t, columns aligned, each line indented by indent, when
 * there is more than the head row. */
static void
judge_overview_table(const struct judge_gametable *t, int indent,
    struct buf *out)
{
	const struct buf	*row;
	size_t			 width[JUDGE_GAMETABLE_COLS], n;
	int			 r, i;

	memset(width, 0, sizeof(width));
	for (r = 0; r < t->rows; r++)
		for (i = 0; i < JUDGE_GAMETABLE_COLS; i++) {
			n = judge_overview_width(t->cell[r *
			    JUDGE_GAMETABLE_COLS + i].data);
			if (n > width[i])
				width[i] = n;
		}
	for (r = 0; t->rows > 1 && r < t->rows; r++) {
		row = &t->cell[r * JUDGE_GAMETABLE_COLS];
		buf_printf(out, "%*s", indent, "");
		for (i = 0; i < JUDGE_GAMETABLE_COLS - 1; i++) {
			judge_overview_pad(out, row[i].data, width[i]);
			buf_puts(out, "  ");
		}
		buf_printf(out, "%s\n", row[i].data);
	}
}

/* The table of page's games, counted into count (may be NULL). */
static int
judge_overview_walk(const struct judge_env *env, const struct catalog *cat,
    struct judge_gametable_page *page, struct judge_gametable_count *count,
    int indent, struct buf *out)
{
	struct judge_gametable	 t;
	int			 rc;

	rc = judge_gametable(env, cat, page, count, &t);
	if (rc == 0)
		judge_overview_table(&t, indent, out);
	judge_gametable_free(&t);
	return rc;
}

int
judge_overview_games(const struct judge_env *env, const struct catalog *cat,
    struct judge_gametable_page *page, int indent, struct buf *out)
{
	return judge_overview_walk(env, cat, page, NULL, indent, out);
}

/* The games by state, and the table of the running ones. */
static int
judge_overview_games_part(const struct judge_env *env,
    const struct catalog *cat, int max, struct buf *out)
{
	struct judge_gametable_page	 page = { false, 0, max, 0, 0 };
	struct judge_gametable_count	 count;
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

/* text as reply lines of s; text's empty lines stay empty. */
static void
judge_overview_lines(struct judge_session *s, char *text)
{
	char	*line, *next;

	for (line = text; line != NULL && *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (*line == '\0')
			buf_putc(&s->reply, '\n');
		else
			judge_text(s, line, false);
	}
}

int
judge_overview_say(struct judge_session *s, int max)
{
	struct buf	 b;
	int		 rc;

	buf_init(&b);
	if ((rc = judge_overview(s->env, s->cat, max, &b)) == 0)
		judge_overview_lines(s, b.data);
	else
		judge_store_failed(s);
	buf_free(&b);
	return rc;
}

int
judge_overview_say_games(struct judge_session *s,
    struct judge_gametable_page *page)
{
	struct buf	 b;
	int		 rc;

	buf_init(&b);
	if ((rc = judge_overview_games(s->env, s->cat, page, 0, &b)) == 0)
		judge_overview_lines(s, b.data);
	else
		judge_store_failed(s);
	buf_free(&b);
	return rc;
}
