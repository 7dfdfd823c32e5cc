/*
 * bench_hostile.c - what one hostile mail costs the judge (issue 13): the
 * CPU time of judge_handle_message() for a mail of 400 lines of one costly
 * command (wrong SIGNONs against a seven-player game, HELP, LIST, CREATE,
 * JOIN), each in its own transaction on a real SQLite file, and the size
 * of the reply it queued. Prints "bench:" lines; -O2, no sanitizers.
 * Target: under 1 s of CPU for any of them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "adjudicator/judge/judge.h"
#include "common/util.h"
#include "db/db.h"

#define HOSTILE_LINES	400
#define TARGET_MS	1000.0

static struct judge_env	 E;
static int		 seq;
static char		 gmpw[64];	/* the target game's GM password */

static double
cpu_ms(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void
send_mail(const char *from, const char *text)
{
	struct message	 m;
	char		 id[64], why[128];

	memset(&m, 0, sizeof(m));
	snprintf(id, sizeof(id), "b%d@bench.test", ++seq);
	m.reply_to = m.from = (char *)from;
	m.from_name = "";
	m.subject = "bench";
	m.message_id = id;
	m.text = (char *)text;
	m.text_len = strlen(text);
	m.has_text = true;
	E.now++;
	if (judge_handle_message(&E, &m, 1, (uint32_t)seq, why,
	    sizeof(why)) != JUDGE_HANDLED) {
		fprintf(stderr, "bench hostile: mail not handled: %s\n", why);
		exit(1);
	}
}

/* Bytes queued since the outbox row after, for the reply's size. */
static size_t
queued_bytes(void)
{
	struct db_outbox_row	 rows[64];
	size_t			 total = 0;
	const char		*pw;
	int			 n, i;

	if (db_outbox_due(E.db, E.now + 1, rows, 64, &n) != DB_OK)
		return 0;
	for (i = 0; i < n; i++) {
		total += rows[i].len;
		if ((pw = strstr(rows[i].message,
		    "password is ")) != NULL)	/* CREATE's, for START */
			snprintf(gmpw, sizeof(gmpw), "%.*s",
			    (int)strcspn(pw + 12, ": \r\n"), pw + 12);
		db_outbox_sent(E.db, rows[i].id, E.now);
		db_outbox_row_clear(&rows[i]);
	}
	return total;
}

static void
hostile(const char *what, const char *fmt)
{
	struct buf	 b;
	double		 t0, ms;
	size_t		 bytes;
	int		 i;

	buf_init(&b);
	for (i = 0; i < HOSTILE_LINES; i++) {
		buf_printf(&b, fmt, i);
		buf_putc(&b, '\n');
	}
	(void)queued_bytes();
	t0 = cpu_ms();
	send_mail("mallory@bench.test", b.data);
	ms = cpu_ms() - t0;
	bytes = queued_bytes();
	printf("bench: hostile mail of %d %s lines (%zu bytes): %.0f ms CPU, "
	    "reply %zu bytes%s\n", HOSTILE_LINES, what, b.len, ms, bytes,
	    ms > TARGET_MS ? " (over the 1 s target)" : "");
	buf_free(&b);
}

/*
 * HOSTILE_MAILS mails of one wrong sign-on each, at the seats in turn, from
 * one address within the hour: after the hourly limits (judge/limits.c)
 * they cost no Argon2id check at all.
 */
#define HOSTILE_MAILS	100

static void
many(const char *what, const char *fmt, const char *const *seats)
{
	char	 line[128];
	double	 t0, ms, first = 0;
	int	 i;

	t0 = cpu_ms();
	for (i = 0; i < HOSTILE_MAILS; i++) {
		snprintf(line, sizeof(line), fmt, seats[i % 7], i);
		send_mail("mallet@bench.test", line);
		if (i == 9)
			first = cpu_ms() - t0;
	}
	ms = cpu_ms() - t0;
	(void)queued_bytes();
	printf("bench: %d mails of one of %s from one address: %.0f ms CPU "
	    "(the first 10: %.0f ms, the other %d: %.0f ms)\n", HOSTILE_MAILS,
	    what, ms, first, HOSTILE_MAILS - 10, ms - first);
}

int
main(void)
{
	static const char *const powers[7] = {
		"Austria", "England", "France", "Germany", "Italy", "Russia",
		"Turkey"
	};
	struct catalog	*en, *de;
	char		 path[] = "/tmp/pbemd-bench-XXXXXX", why[256], line[128],
			 p[96];
	int		 fd, i;

	if ((fd = mkstemp(path)) < 0 || password_init() != 0)
		return 1;
	close(fd);
	memset(&E, 0, sizeof(E));
	if (db_open(path, &E.db, why, sizeof(why)) != DB_OK ||
	    (en = catalog_load("templates", "en", NULL, why, sizeof(why))) ==
	    NULL || (de = catalog_load("templates", "de", en, why,
	    sizeof(why))) == NULL) {
		fprintf(stderr, "bench hostile: %s\n", why);
		return 1;
	}
	E.cat[0] = en;
	E.cat[1] = de;
	E.address = "judge@bench.test";
	E.name = "pbemd judge";
	E.default_lang = "en";
	E.pwcache = password_cache_new();
	E.now = 1700000000;
	/* A seven-player game whose seats all hold a password hash. */
	send_mail("gm@bench.test", "CREATE target standard");
	(void)queued_bytes();
	for (i = 0; i < 7; i++) {
		snprintf(line, sizeof(line), "JOIN target secret-%d %s", i,
		    powers[i]);
		snprintf(p, sizeof(p), "p%d@bench.test", i);
		send_mail(p, line);
	}
	snprintf(line, sizeof(line), "SIGNON target %s\nSTART", gmpw);
	send_mail("gm@bench.test", line);
	hostile("wrong SIGNON (no seat named)", "SIGNON target guess%04d");
	hostile("wrong SIGNON naming France", "SIGNON target France "
	    "guess%04d");
	hostile("HELP", "HELP");
	hostile("LIST", "LIST");
	hostile("CREATE", "CREATE g%04d standard");
	hostile("JOIN", "JOIN target pass%04d");
	many("wrong SIGNONs naming a seat", "SIGNON target %s guess%04d",
	    powers);
	password_cache_free(E.pwcache);
	db_close(E.db);
	catalog_free(de);
	catalog_free(en);
	unlink(path);
	snprintf(p, sizeof(p), "%s-wal", path);
	unlink(p);
	snprintf(p, sizeof(p), "%s-shm", path);
	unlink(p);
	return 0;
}
