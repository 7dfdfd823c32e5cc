/*
 * bench_send.c - the outbox's send rate beside a bare SMTP client's against
 * the same server (issue 18 point 5), driven by tests/bench/bench_send.sh.
 *
 *   bench_send fill DB DOMAIN GAMES PLIES
 *	plays GAMES Blind-Fun weekeewachee games for PLIES moves each through
 *	the judge in-process, as tests/bench/bench_mail.sh does by mail, and
 *	keeps in the outbox the mails the moves caused (a reply, the
 *	opponent's report and the GM's, with their pictures): the messages
 *	the outbox really sends. Set-up mails are dropped.
 *   bench_send bare DB HOST PORT CAFILE|- plain|pipelining
 *	sends every row over one connection with bench_smtp.c (STARTTLS
 *	with CAFILE), the messages read into memory beforehand; marks
 *	nothing.
 *   bench_send outbox DB URL CAFILE|- EVERY
 *	sends them with outbox_flush_sync() and the daemon's SMTP client
 *	(mail/smtp.c), each marked sent in its own commit, the marks synced
 *	every EVERY (OUTBOX_SYNC_EVERY as serve does; 1: each on its own).
 *   bench_send sink PORTFILE
 *	an SMTP server that keeps nothing (bench_sink.c), until killed.
 *
 * Both senders first put every row back to unsent, and print one line:
 * "bench send: WHO: N mails in S s = R mails/s, client CPU C ms a mail".
 * The wall time runs from before the connection to after QUIT. -O2, no
 * sanitizers.
 */
#include <sqlite3.h>

#include <sys/resource.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "adjudicator/judge/judge.h"
#include "adjudicator/serve/outbox.h"
#include "common/log.h"
#include "common/util.h"
#include "db/db.h"
#include "mail/smtp.h"
#include "tests/bench/bench_sink.h"
#include "tests/bench/bench_smtp.h"

#define BENCH_JUDGE	"judge"

/* bench_mail.sh's walk: White's moves inside ranks 1-3, Black mirrors it. */
static const char *const bench_walk[] = {
	"a1-a2", "b1-b2", "c1-c2", "d1-d2", "a2-a3", "b2-b3", "c2-c3",
	"d2-d3", "a3-a2", "a2-b2", "b2-c2", "c2-d2", "d2-d1", "d1-c1",
	"c1-b1", "b1-a1", "b3-a3", "a1-a2", "a2-b2", "b2-c2", "c2-d2",
	"d2-d1", "d1-c1", "c1-b1", "a3-a2", "b1-b2", "a2-a1", "a1-b1",
	"b1-c2", "b2-a2"
};
#define BENCH_WALK	(int)(sizeof(bench_walk) / sizeof(bench_walk[0]))

struct bench_row {
	char	*rcpt;
	char	*msg;
	size_t	 len;
};

static double
bench_now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
bench_die(const char *what, const char *why)
{
	fprintf(stderr, "bench send: %s: %s\n", what, why);
	exit(1);
}

static void
bench_sql(sqlite3 *h, const char *sql)
{
	char	*err = NULL;

	if (sqlite3_exec(h, sql, NULL, NULL, &err) != SQLITE_OK)
		bench_die(sql, err != NULL ? err : "?");
}

static sqlite3 *
bench_sql_open(const char *path)
{
	sqlite3	*h = NULL;

	if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READWRITE, NULL) !=
	    SQLITE_OK)
		bench_die(path, h != NULL ? sqlite3_errmsg(h) : "cannot open");
	sqlite3_busy_timeout(h, 10000);
	return h;
}

/* ---- fill */

struct bench_judge {
	struct judge_env	 env;
	const char		*domain;
	int			 seq;
};

static void
bench_mail(struct bench_judge *j, const char *user, const char *text)
{
	struct message	 m;
	char		 from[128], id[64], why[256];

	memset(&m, 0, sizeof(m));
	snprintf(from, sizeof(from), "%s@%s", user, j->domain);
	snprintf(id, sizeof(id), "send.%d@%s", ++j->seq, j->domain);
	m.reply_to = m.from = from;
	m.from_name = (char *)user;
	m.subject = "orders";
	m.message_id = id;
	m.text = (char *)text;
	m.text_len = strlen(text);
	m.has_text = true;
	j->env.now++;
	if (judge_handle_message(&j->env, &m, 1, (uint32_t)j->seq, why,
	    sizeof(why)) != JUDGE_HANDLED)
		bench_die("mail not handled", why);
}

static int
bench_first_seat(sqlite3 *h, int g)
{
	sqlite3_stmt	*st;
	char		 name[16];
	int		 seat = -1;

	snprintf(name, sizeof(name), "g%02d", g);
	if (sqlite3_prepare_v2(h, "SELECT first_seat FROM games WHERE name = ? "
	    "AND status = 'running'", -1, &st, NULL) != SQLITE_OK)
		bench_die("first seat", sqlite3_errmsg(h));
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		seat = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	if (seat < 0)
		bench_die(name, "not running");
	return seat;
}

/* Black's move: White's with the ranks 1-6 turned round. */
static void
bench_mirror(const char *mv, char *out, size_t size)
{
	size_t	 i;

	snprintf(out, size, "%s", mv);
	for (i = 0; out[i] != '\0'; i++)
		if (out[i] >= '1' && out[i] <= '6')
			out[i] = (char)('7' - (out[i] - '0'));
}

static void
bench_play(struct bench_judge *j, sqlite3 *h, int ng, int plies)
{
	char	 text[128], user[8], mv[16];
	int	 g, k, seat, *first;

	first = xcalloc((size_t)ng + 1, sizeof(*first));
	for (g = 1; g <= ng; g++)
		first[g] = bench_first_seat(h, g);
	for (k = 1; k <= plies; k++)
		for (g = 1; g <= ng; g++) {
			seat = (first[g] + k - 1) % 2;
			snprintf(user, sizeof(user), "p%02d", 2 * g - 1 + seat);
			if (seat == 0)
				snprintf(mv, sizeof(mv), "%s",
				    bench_walk[(k - 1) / 2]);
			else
				bench_mirror(bench_walk[(k - 1) / 2], mv,
				    sizeof(mv));
			snprintf(text, sizeof(text), "SIGNON g%02d secret-%s\n%s",
			    g, user, mv);
			bench_mail(j, user, text);
		}
	free(first);
}

static int
bench_fill(const char *path, const char *domain, int ng, int plies)
{
	struct bench_judge	 j;
	struct catalog		*en, *de;
	sqlite3			*h;
	char			 why[256], text[128], user[8], addr[128];
	int			 g, side;

	if (ng < 1 || ng > 50 || plies < 1 || plies > 2 * BENCH_WALK)
		bench_die("fill", "GAMES 1-50, PLIES 1-60");
	memset(&j, 0, sizeof(j));
	j.domain = domain;
	if (password_init() != 0)
		bench_die("fill", "password_init");
	if (db_open(path, &j.env.db, why, sizeof(why)) != DB_OK ||
	    (en = catalog_load("templates", "en", NULL, why, sizeof(why))) ==
	    NULL || (de = catalog_load("templates", "de", en, why,
	    sizeof(why))) == NULL)
		bench_die("fill", why);
	snprintf(addr, sizeof(addr), "%s@%s", BENCH_JUDGE, domain);
	j.env.cat[0] = en;
	j.env.cat[1] = de;
	j.env.address = addr;
	j.env.name = "pbemd judge";
	j.env.default_lang = "en";
	j.env.pwcache = password_cache_new();
	j.env.creates_per_hour = j.env.answers_per_hour = 1000;
	j.env.now = time(NULL) - 100000;
	for (g = 1; g <= ng; g++) {
		snprintf(text, sizeof(text), "CREATE g%02d weekeewachee blind",
		    g);
		bench_mail(&j, "gm", text);
	}
	for (side = 0; side < 2; side++)
		for (g = 1; g <= ng; g++) {
			snprintf(user, sizeof(user), "p%02d", 2 * g - 1 + side);
			snprintf(text, sizeof(text), "JOIN g%02d secret-%s", g,
			    user);
			bench_mail(&j, user, text);
		}
	h = bench_sql_open(path);
	bench_sql(h, "DELETE FROM outbox_message; DELETE FROM outbox_state");
	bench_play(&j, h, ng, plies);
	sqlite3_close(h);
	password_cache_free(j.env.pwcache);
	db_close(j.env.db);
	catalog_free(de);
	catalog_free(en);
	return 0;
}

/* ---- send */

/* Every row unsent again. */
static void
bench_reset(const char *path)
{
	sqlite3	*h = bench_sql_open(path);

	bench_sql(h, "UPDATE outbox_state SET sent = NULL, failed = NULL, "
	    "attempts = 0, next_try = created, last_error = NULL");
	sqlite3_close(h);
}

static struct bench_row *
bench_rows(const char *path, int *n)
{
	struct bench_row	*rows = NULL;
	sqlite3_stmt		*st;
	sqlite3			*h = bench_sql_open(path);
	size_t			 len;

	*n = 0;
	if (sqlite3_prepare_v2(h, "SELECT rcpt, message FROM outbox ORDER BY "
	    "id", -1, &st, NULL) != SQLITE_OK)
		bench_die("rows", sqlite3_errmsg(h));
	while (sqlite3_step(st) == SQLITE_ROW) {
		rows = xrealloc(rows, (size_t)(*n + 1) * sizeof(*rows));
		len = (size_t)sqlite3_column_bytes(st, 1);
		rows[*n].rcpt = xstrdup((const char *)sqlite3_column_text(st,
		    0));
		rows[*n].msg = xmalloc(len + 1);
		memcpy(rows[*n].msg, sqlite3_column_blob(st, 1), len);
		rows[*n].len = len;
		(*n)++;
	}
	sqlite3_finalize(st);
	sqlite3_close(h);
	if (*n == 0)
		bench_die(path, "the outbox is empty");
	return rows;
}

static void
bench_rows_free(struct bench_row *rows, int n)
{
	int	 i;

	for (i = 0; i < n; i++) {
		free(rows[i].rcpt);
		free(rows[i].msg);
	}
	free(rows);
}

/* The judge's address in the recipients' domain. */
static void
bench_from(const struct bench_row *r, char *out, size_t size)
{
	const char	*at = strchr(r->rcpt, '@');

	snprintf(out, size, "%s@%s", BENCH_JUDGE, at != NULL ? at + 1 : "");
}

/* CPU seconds this process used so far, user and system. */
static double
bench_cpu(void)
{
	struct rusage	 ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	    ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static void
bench_report(const char *who, int n, double s, double cpu)
{
	printf("bench send: %s: %d mails in %.3f s = %.0f mails/s, "
	    "client CPU %.3f ms a mail\n", who, n, s, s > 0 ? n / s : 0,
	    n > 0 ? 1e3 * cpu / n : 0);
}

static int
bench_bare(const char *path, const char *host, const char *port,
    const char *ca, const char *mode)
{
	struct bench_smtp_conf	 c;
	struct bench_smtp	*s;
	struct bench_row	*rows;
	char			 from[128], who[96];
	double			 t0, cpu0;
	int			 n, i, sent = 0;

	bench_reset(path);
	rows = bench_rows(path, &n);
	bench_from(&rows[0], from, sizeof(from));
	memset(&c, 0, sizeof(c));
	c.host = host;
	c.port = atoi(port);
	c.ca_file = strcmp(ca, "-") != 0 ? ca : NULL;
	c.pipelining = strcmp(mode, "pipelining") == 0;
	t0 = bench_now();
	cpu0 = bench_cpu();
	if ((s = bench_smtp_open(&c)) == NULL)
		return 1;
	for (i = 0; i < n; i++)
		sent += bench_smtp_send(s, from, rows[i].rcpt, rows[i].msg,
		    rows[i].len) == 0;
	snprintf(who, sizeof(who), "bare client%s%s, %d connection(s)",
	    c.ca_file != NULL ? " STARTTLS" : " no TLS",
	    c.pipelining ? " PIPELINING" : "", bench_smtp_connections(s));
	bench_smtp_close(s);
	bench_report(who, sent, bench_now() - t0, bench_cpu() - cpu0);
	bench_rows_free(rows, n);
	return sent == n ? 0 : 1;
}

static int
bench_outbox(const char *path, const char *url, const char *ca, int every)
{
	struct smtp_conf	 c;
	struct smtp		*s;
	struct bench_row	*rows;
	struct db		*db;
	char			 why[256], from[128], who[96];
	double			 t0, cpu0;
	int			 n, sent;

	bench_reset(path);
	rows = bench_rows(path, &n);
	bench_from(&rows[0], from, sizeof(from));
	bench_rows_free(rows, n);
	if (db_open(path, &db, why, sizeof(why)) != DB_OK)
		bench_die("outbox", why);
	memset(&c, 0, sizeof(c));
	c.url = url;
	c.ca_file = strcmp(ca, "-") != 0 ? ca : NULL;
	c.starttls = c.ca_file != NULL;
	c.timeout = 60;
	t0 = bench_now();
	cpu0 = bench_cpu();
	if ((s = smtp_new(&c)) == NULL)
		bench_die("outbox", "smtp_new");
	sent = outbox_flush_sync(db, s, from, time(NULL), 0, every);
	smtp_free(s);
	snprintf(who, sizeof(who), "outbox%s, marks synced %s",
	    c.ca_file != NULL ? " STARTTLS" : " no TLS", every > 1 ?
	    "in groups" : "each on its own");
	bench_report(who, sent, bench_now() - t0, bench_cpu() - cpu0);
	db_close(db);
	return sent == n ? 0 : 1;
}

int
main(int argc, char *argv[])
{
	log_init(LOG_LEVEL_WARN, "bench_send");
	if (argc == 6 && strcmp(argv[1], "fill") == 0)
		return bench_fill(argv[2], argv[3], atoi(argv[4]),
		    atoi(argv[5]));
	if (argc == 7 && strcmp(argv[1], "bare") == 0)
		return bench_bare(argv[2], argv[3], argv[4], argv[5], argv[6]);
	if (argc == 6 && strcmp(argv[1], "outbox") == 0)
		return bench_outbox(argv[2], argv[3], argv[4], atoi(argv[5]));
	if (argc == 3 && strcmp(argv[1], "sink") == 0)
		return bench_sink(argv[2]);
	fprintf(stderr, "usage: bench_send fill DB DOMAIN GAMES PLIES\n"
	    "       bench_send bare DB HOST PORT CAFILE|- plain|pipelining\n"
	    "       bench_send outbox DB URL CAFILE|- EVERY\n"
	    "       bench_send sink PORTFILE\n");
	return 64;
}
