/*
 * fuzz_judge.c - libFuzzer target: the judge's mail command language, one
 * mail through mime_parse() and judge_handle_message(), then, if the input
 * asks, the clock (judge_tick()) some hours later.
 *
 * The input's first line names the sender: gm, alice, bob, carol, dave,
 * p0..p6 (the players of the prepared games, below) or any address, and
 * may add a number of hours after which the clock ticks; the rest is the
 * body of a plain-text mail. At start the target prepares a store once:
 * duel, weekeewachee of alice and bob (bob reads German); dip, standard
 * Diplomacy of p0..p6 on a clock; zomb, Zombie-Diplomacy (undead, grey
 * press) of p0..p6; kz, klinzha, alice waiting; knight, Way of the Knight
 * of alice and bob on a clock; dice, ari of alice and bob. Every GM
 * password is "gmpass", a player's his name and "pw" (p3's pw3333). Each input starts from a copy of that store (on /dev/shm
 * where there is one), so one input alone reproduces what it did;
 * libsodium's random bytes come from a generator seeded again for every
 * input, for the same reason.
 *
 * With PBEMD_FUZZ_SHOW set in the environment it prints every mail the
 * judge queued and logs at debug level (to see what a seed does: run the
 * binary on that file); otherwise only errors are logged.
 *
 * It aborts when the judge answers a mail with "try again later": nothing
 * in a mail may make the store refuse it (STYLE.md 7); and when it handled
 * a mail (not a robot's, not a loop) without a reply to its sender. Run it from the top
 * of the tree: it reads templates/.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <sodium.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adjudicator/judge/judge.h"
#include "common/log.h"
#include "common/rng.h"
#include "common/util.h"
#include "db/db.h"
#include "mail/mime.h"

#define FUZZ_JUDGE_T0		1795000000	/* Wed 2026-11-18 12:06:40 UTC */
#define FUZZ_JUDGE_GMPW		"gmpass"
#define FUZZ_JUDGE_HOURS_MAX	(24 * 400)
#define FUZZ_JUDGE_ROWS		4096	/* outbox rows read after a mail */

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/*
 * The process's one judge. libFuzzer calls back with the input alone, so
 * what the calls share lives here; only this harness touches it.
 */
static struct {
	char			 tmpl[96], work[112];
	char			*image;		/* the prepared store's bytes */
	size_t			 imagelen;
	struct catalog		*en, *de;
	struct password_cache	*pw;
	struct judge_env	 env;
	struct rng		 rng;
} J;

/* Short names of the first line. */
static const struct {
	const char	*name, *addr;
} fuzz_judge_people[] = {
	{ "gm", "gm@example.test" },
	{ "alice", "alice@example.test" },
	{ "bob", "bob@example.test" },
	{ "carol", "carol@example.test" },
	{ "dave", "dave@example.test" },
	{ "p0", "p0@example.test" }, { "p1", "p1@example.test" },
	{ "p2", "p2@example.test" }, { "p3", "p3@example.test" },
	{ "p4", "p4@example.test" }, { "p5", "p5@example.test" },
	{ "p6", "p6@example.test" },
};

/* libsodium's random bytes, from J.rng. */
static const char *
fuzz_judge_rng_name(void)
{
	return "fuzz";
}

static uint32_t
fuzz_judge_rng_random(void)
{
	return (uint32_t)(rng_next(&J.rng) >> 32);
}

static void
fuzz_judge_rng_buf(void *const buf, const size_t size)
{
	unsigned char	*p = buf;
	uint64_t	 x = 0;
	size_t		 i;

	for (i = 0; i < size; i++) {
		if (i % 8 == 0)
			x = rng_next(&J.rng);
		p[i] = (unsigned char)(x >> (8 * (i % 8)));
	}
}

static randombytes_implementation fuzz_judge_rng = {
	fuzz_judge_rng_name, fuzz_judge_rng_random, NULL, NULL,
	fuzz_judge_rng_buf, NULL
};

static void __attribute__((noreturn))
fuzz_judge_die(const char *what, const char *why)
{
	fprintf(stderr, "fuzz_judge: %s: %s\n", what, why);
	exit(1);
}

/* Whether the outbox holds a mail to rcpt (among its first
 * FUZZ_JUDGE_ROWS, more than one mail of 4 KB queues). */
static bool
fuzz_judge_queued_to(const char *rcpt)
{
	struct db_outbox_row	*rows;
	bool			 found = false;
	int			 n, i;

	rows = xcalloc(FUZZ_JUDGE_ROWS, sizeof(*rows));
	if (db_outbox_due(J.env.db, J.env.now + 1, rows, FUZZ_JUDGE_ROWS,
	    &n) != DB_OK)
		fuzz_judge_die("outbox", "cannot read");
	for (i = 0; i < n; i++) {
		if (strcmp(rows[i].rcpt, rcpt) == 0)
			found = true;
		db_outbox_row_clear(&rows[i]);
	}
	free(rows);
	return found;
}

/*
 * One mail from addr with body, as intake.c hands it to the judge. A
 * mail handled (not a robot's, not a loop) is answered: its sender has
 * a mail in the outbox (README: every mail gets one reply).
 */
static enum judge_result
fuzz_judge_mail(const char *addr, const char *body, size_t len, char *why,
    size_t whylen)
{
	struct message		*m;
	struct buf		 raw;
	enum judge_result	 r = JUDGE_IGNORED;

	buf_init(&raw);
	buf_printf(&raw, "From: <%s>\nMessage-ID: <%llu@fuzz.test>\n"
	    "Subject: orders\nContent-Type: text/plain; charset=utf-8\n\n",
	    addr, (unsigned long long)J.env.now);
	buf_add(&raw, body, len);
	if (mime_parse(raw.data, raw.len, &m, why, whylen) == 0) {
		r = judge_handle_message(&J.env, m, 0, 0, why, whylen);
		if (r == JUDGE_HANDLED && !fuzz_judge_queued_to(m->reply_to)) {
			fprintf(stderr, "fuzz_judge: no reply to %s\n",
			    m->reply_to);
			abort();
		}
		message_free(m);
	}
	buf_free(&raw);
	return r;
}

/* A mail of the preparation, which must be handled. */
static void
fuzz_judge_prep(const char *addr, const char *body)
{
	char	 why[256];

	J.env.now += 60;
	if (fuzz_judge_mail(addr, body, strlen(body), why, sizeof(why)) !=
	    JUDGE_HANDLED)
		fuzz_judge_die(body, why);
}

/* Marks every queued mail sent; with gmpw, finds the GM password a
 * CREATE reply holds; with show, prints each mail to stderr. */
static void
fuzz_judge_drain(char *gmpw, size_t len, bool show)
{
	struct db_outbox_row	 rows[64];
	const char		*p;
	int			 n, i;

	do {
		if (db_outbox_due(J.env.db, J.env.now + 1, rows, 64, &n) !=
		    DB_OK)
			fuzz_judge_die("outbox", "cannot read");
		for (i = 0; i < n; i++) {
			if (gmpw != NULL && (p = strstr(rows[i].message,
			    "password is ")) != NULL) {
				p += strlen("password is ");
				snprintf(gmpw, len, "%.*s",
				    (int)strcspn(p, ": \r\n"), p);
			}
			if (show)
				fprintf(stderr, "---- to %s\n%.*s\n",
				    rows[i].rcpt, (int)rows[i].len,
				    rows[i].message);
			db_outbox_sent(J.env.db, rows[i].id, J.env.now);
			db_outbox_row_clear(&rows[i]);
		}
	} while (n > 0);
}

/* CREATE name with words by the GM; the GM password becomes gmpass. */
static void
fuzz_judge_create(const char *name, const char *words)
{
	char	 text[256], gmpw[64] = "";

	snprintf(text, sizeof(text), "CREATE %s %s", name, words);
	fuzz_judge_prep("gm@example.test", text);
	fuzz_judge_drain(gmpw, sizeof(gmpw), false);
	if (gmpw[0] == '\0')
		fuzz_judge_die(text, "no GM password in the reply");
	snprintf(text, sizeof(text), "SIGNON %s %s\nSET PASSWORD %s", name,
	    gmpw, FUZZ_JUDGE_GMPW);
	fuzz_judge_prep("gm@example.test", text);
}

/* JOIN name as who (an address of fuzz_judge_people), password pw. */
static void
fuzz_judge_join(const char *name, const char *who, const char *pw)
{
	char	 addr[64], text[128];

	snprintf(addr, sizeof(addr), "%s@example.test", who);
	snprintf(text, sizeof(text), "JOIN %s %s", name, pw);
	fuzz_judge_prep(addr, text);
}

/* Game name of kind with words, its seven seats taken by p0..p6 (pw0000
 * ...), power i given to player i by the GM, and started. */
static void
fuzz_judge_seven(const char *name, const char *words)
{
	static const char *const powers[7] = { "Austria", "England", "France",
	    "Germany", "Italy", "Russia", "Turkey" };
	char	 who[8], pw[16], lines[1024];
	int	 i;

	fuzz_judge_create(name, words);
	snprintf(lines, sizeof(lines), "SIGNON %s %s\n", name,
	    FUZZ_JUDGE_GMPW);
	for (i = 0; i < 7; i++) {
		snprintf(who, sizeof(who), "p%d", i);
		snprintf(pw, sizeof(pw), "pw%d%d%d%d", i, i, i, i);
		fuzz_judge_join(name, who, pw);
		snprintf(lines + strlen(lines), sizeof(lines) - strlen(lines),
		    "ASSIGN %s %s@example.test\n", powers[i], who);
	}
	strlcpy_(lines + strlen(lines), "START", sizeof(lines) - strlen(lines));
	fuzz_judge_prep("gm@example.test", lines);
}

/* The games every input finds (the comment at the top). */
static void
fuzz_judge_games(void)
{
	fuzz_judge_create("duel", "weekeewachee");
	fuzz_judge_join("duel", "alice", "alicepw");
	fuzz_judge_join("duel", "bob", "bobpw de");
	fuzz_judge_seven("dip", "standard move=48h retreat=24h adjust=24h "
	    "grace=12h approve=auto");
	fuzz_judge_seven("zomb", "zombie undead press=grey gm-sees-press");
	fuzz_judge_create("kz", "klinzha");
	fuzz_judge_join("kz", "alice", "alicepw");
	fuzz_judge_create("knight", "wotk move=24h approve=auto");
	fuzz_judge_join("knight", "alice", "alicepw");
	fuzz_judge_join("knight", "bob", "bobpw");
	fuzz_judge_create("dice", "ari");
	fuzz_judge_join("dice", "alice", "alicepw");
	fuzz_judge_join("dice", "bob", "bobpw");
	fuzz_judge_drain(NULL, 0, false);
}

static void
fuzz_judge_unlink(const char *path)
{
	char	 p[128];

	unlink(path);
	snprintf(p, sizeof(p), "%s-wal", path);
	unlink(p);
	snprintf(p, sizeof(p), "%s-shm", path);
	unlink(p);
}

static void
fuzz_judge_cleanup(void)
{
	fuzz_judge_unlink(J.tmpl);
	fuzz_judge_unlink(J.work);
}

/* The prepared store, read back whole once it is closed. */
static void
fuzz_judge_image(void)
{
	FILE	*f;
	long	 n;

	if ((f = fopen(J.tmpl, "rb")) == NULL || fseek(f, 0, SEEK_END) != 0 ||
	    (n = ftell(f)) <= 0 || fseek(f, 0, SEEK_SET) != 0)
		fuzz_judge_die(J.tmpl, "cannot read the prepared store");
	J.imagelen = (size_t)n;
	J.image = xmalloc(J.imagelen);
	if (fread(J.image, 1, J.imagelen, f) != J.imagelen)
		fuzz_judge_die(J.tmpl, "short read");
	fclose(f);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char	*dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" :
			    getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char		 why[256];
	int		 fd;

	(void)argc;
	(void)argv;
	log_init(getenv("PBEMD_FUZZ_SHOW") != NULL ? LOG_LEVEL_DEBUG :
	    LOG_LEVEL_ERROR, "fuzz_judge");
	rng_seed(&J.rng, 1);
	if (randombytes_set_implementation(&fuzz_judge_rng) != 0 ||
	    password_init() != 0)
		fuzz_judge_die("libsodium", "cannot start");
	if ((J.en = catalog_load("templates", "en", NULL, why,
	    sizeof(why))) == NULL || (J.de = catalog_load("templates", "de",
	    J.en, why, sizeof(why))) == NULL)
		fuzz_judge_die("templates (run from the top of the tree)", why);
	snprintf(J.tmpl, sizeof(J.tmpl), "%s/pbemd-fuzz-XXXXXX", dir);
	if ((fd = mkstemp(J.tmpl)) < 0)
		fuzz_judge_die(J.tmpl, "cannot create");
	close(fd);
	snprintf(J.work, sizeof(J.work), "%s.work", J.tmpl);
	atexit(fuzz_judge_cleanup);
	J.pw = password_cache_new();
	J.env.cat[0] = J.en;
	J.env.cat[1] = J.de;
	J.env.address = "judge@example.test";
	J.env.name = "pbemd judge";
	J.env.default_lang = "en";
	J.env.pwcache = J.pw;
	J.env.timezone = "UTC";
	J.env.now = FUZZ_JUDGE_T0;
	if (db_open(J.tmpl, &J.env.db, why, sizeof(why)) != DB_OK)
		fuzz_judge_die(J.tmpl, why);
	fuzz_judge_games();
	db_close(J.env.db);
	J.env.db = NULL;
	fuzz_judge_image();
	return 0;
}

/* The work store: a fresh copy of the prepared one. */
static void
fuzz_judge_restore(void)
{
	char	 why[256];
	int	 fd;

	fuzz_judge_unlink(J.work);
	if ((fd = open(J.work, O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0 ||
	    write(fd, J.image, J.imagelen) != (ssize_t)J.imagelen ||
	    close(fd) != 0)
		fuzz_judge_die(J.work, "cannot write");
	if (db_open(J.work, &J.env.db, why, sizeof(why)) != DB_OK)
		fuzz_judge_die(J.work, why);
}

/*
 * The first line: the sender's address (a short name or any address) into
 * addr, the hours before the clock ticks into *hours (0: no tick); returns
 * the length of the line with its LF.
 */
static size_t
fuzz_judge_head(const uint8_t *data, size_t size, char *addr, size_t len,
    long *hours)
{
	char		 line[320], word[300];
	size_t		 n, i;

	for (n = 0; n < size && data[n] != '\n'; n++)
		;
	snprintf(line, sizeof(line), "%.*s", (int)(n < 319 ? n : 319),
	    (const char *)data);
	*hours = 0;
	word[0] = '\0';
	if (sscanf(line, "%299s %ld", word, hours) < 1)
		strlcpy_(word, "nobody@example.test", sizeof(word));
	if (*hours < 0 || *hours > FUZZ_JUDGE_HOURS_MAX)
		*hours = 0;
	snprintf(addr, len, "%s", word);
	for (i = 0; i < sizeof(fuzz_judge_people) /
	    sizeof(fuzz_judge_people[0]); i++)
		if (strcmp(word, fuzz_judge_people[i].name) == 0)
			snprintf(addr, len, "%s", fuzz_judge_people[i].addr);
	return n < size ? n + 1 : n;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char			 addr[320], why[256];
	enum judge_result	 r;
	size_t			 skip;
	long			 hours;

	rng_seed(&J.rng, 2);
	fuzz_judge_restore();
	J.env.now = FUZZ_JUDGE_T0 + 86400;
	skip = fuzz_judge_head(data, size, addr, sizeof(addr), &hours);
	why[0] = '\0';
	r = fuzz_judge_mail(addr, (const char *)data + skip, size - skip, why,
	    sizeof(why));
	if (r == JUDGE_TEMPFAIL) {
		fprintf(stderr, "fuzz_judge: a mail was refused for later: %s\n",
		    why);
		abort();
	}
	if (hours > 0) {
		J.env.now += hours * 3600;
		(void)judge_tick(&J.env);
	}
	(void)judge_next_wake(&J.env);
	if (getenv("PBEMD_FUZZ_SHOW") != NULL)
		fuzz_judge_drain(NULL, 0, true);
	db_close(J.env.db);
	J.env.db = NULL;
	return 0;
}
