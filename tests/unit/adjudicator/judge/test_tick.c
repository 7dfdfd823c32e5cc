/*
 * test_tick.c - adjudicator/judge/tick.c: the clock driver over every
 * running game, however many. The driver reads the games a page at a time;
 * an earlier version read at most 512 and the 513th never ticked (issue
 * "The judge in layers"). 2,000 copies of a weekeewachee game with a clock
 * are written straight into the store, each with a phase its clock has not
 * begun yet, and one judge_tick() must begin every one of them.
 *
 * On a fake clock (env.now), a game whose orders are all in is processed
 * early at the next tick, and late players are reminded once at the
 * deadline, the GM told, and the game played or held at the end of grace.
 *
 * The clock's promise that each step of judge_tick() is one transaction
 * recording what it sent, so that a crash neither skips nor repeats a
 * notice (tick.c, downtime.c).
 *
 * As SQLite's own fault tests do, the same tick is run again and again with
 * a fault injected at each point in turn: the n-th write of the tick fails
 * (a trigger on every table calls a function that errs), or the n-th
 * COMMIT becomes a ROLLBACK (the commit hook). Either leaves the store as a
 * kill -9 before that point would, as the judge keeps nothing in memory
 * between ticks. After each fault the judge ticks again at the same time,
 * as the daemon or the next cron run would; the mails queued and the games
 * and clocks must then be exactly those of a tick without a fault. Every
 * run starts from a snapshot of the store (SQLite's backup API).
 *
 * The scenario, two games at once: seven-power Diplomacy with cd, where
 * Italy sends nothing, and weekeewachee, where Black does not set up. The
 * tick points: both proposals pass unapproved (GM notices); both deadlines
 * pass (reminders and GM notices); both grace periods end (Diplomacy is
 * processed with Italy holding and put into civil disorder, weekeewachee
 * cannot go on: the GM is told); every order is in (both processed early).
 */
#include "tests/unit/test.h"
#include <ctype.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/judge/judge.h"
#include "db/db.h"
#include "tests/unit/adjudicator/judge/clock_fixture.h"

#define TICK_GAMES	2000
#define MAXROWS		256

/* A running weekeewachee game g on a clock, both seats taken. */
static void
running_game(const char *g)
{
	char	*r;

	mailf(GM, "CREATE %s weekeewachee move=1h", g);
	r = take(GM);
	has(r, "is created");
	free(r);
	mailf(ALICE, "JOIN %s alice-secret", g);
	mailf(BOB, "JOIN %s bob-secret", g);
	drain();
}

/* Writes a copy of game tpl called name whose clock lags one phase. */
static void
copy_game(const struct db_game *tpl, const struct db_player *p, int np,
    const char *state, const struct db_clock *ctpl, const char *name)
{
	struct db_game		 g = *tpl;
	struct db_player	 q;
	struct db_clock		 c = *ctpl;
	int			 i;

	g.id = 0;
	snprintf(g.name, sizeof(g.name), "%s", name);
	ck_assert_int_eq(db_game_insert(F.db, &g, F.env.now), DB_OK);
	for (i = 0; i < np; i++) {
		q = p[i];
		q.game_id = g.id;
		ck_assert_int_eq(db_player_insert(F.db, &q, F.env.now), DB_OK);
	}
	ck_assert_int_eq(db_phase_insert(F.db, g.id, g.phase, state, 0,
	    F.env.now), DB_OK);
	c.game_id = g.id;
	c.phase = g.phase - 1;
	ck_assert_int_eq(db_clock_put(F.db, &c), DB_OK);
}

/* Whether the clock of game name has begun the game's current phase. */
static bool
begun(const char *name)
{
	struct db_game	 g;
	struct db_clock	 c;

	ck_assert_int_eq(db_game_get(F.db, name, &g), DB_OK);
	ck_assert_int_eq(db_clock_get(F.db, g.id, &c), DB_OK);
	return c.phase == g.phase && c.proposed > F.env.now;
}

/* The fault injector, on the judge's own connection. */
static struct {
	sqlite3	*h;
	int	 writes, fail_write;	/* the write that fails; 0: none */
	int	 commits, fail_commit;	/* the COMMIT that fails; 0: none */
	bool	 fired;
} X;

static void
fault_write(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	(void)argc;
	(void)argv;
	if (++X.writes == X.fail_write) {
		X.fired = true;
		sqlite3_result_error(ctx, "injected fault", -1);
	} else
		sqlite3_result_null(ctx);
}

static int
fault_commit(void *arg)
{
	(void)arg;
	if (++X.commits == X.fail_commit) {
		X.fired = true;
		return 1;		/* the COMMIT becomes a ROLLBACK */
	}
	return 0;
}

/* Called by SQLite for every connection opened: the first is the judge's. */
static int
fault_attach(sqlite3 *h, const char **err, const void *api)
{
	(void)err;
	(void)api;
	if (X.h != NULL)
		return SQLITE_OK;
	X.h = h;
	sqlite3_create_function(h, "pbemd_fault", 0, SQLITE_UTF8, NULL,
	    fault_write, NULL, NULL);
	sqlite3_commit_hook(h, fault_commit, NULL);
	return SQLITE_OK;
}

/* A TEMP trigger before every write to every table of the store. */
static void
fault_triggers(void)
{
	static const char *const ops[] = { "INSERT", "UPDATE", "DELETE" };
	sqlite3_stmt	*st;
	char		 sql[256];
	char		 names[64][64];
	int		 n = 0, i, j;

	ck_assert_int_eq(sqlite3_prepare_v2(X.h, "SELECT name FROM "
	    "main.sqlite_master WHERE type = 'table' AND name NOT LIKE "
	    "'sqlite_%'", -1, &st, NULL), SQLITE_OK);
	while (sqlite3_step(st) == SQLITE_ROW && n < 64)
		snprintf(names[n++], sizeof(names[0]), "%s",
		    (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	ck_assert_int_gt(n, 10);
	for (i = 0; i < n; i++)
		for (j = 0; j < 3; j++) {
			snprintf(sql, sizeof(sql), "CREATE TEMP TRIGGER "
			    "fault_%s_%d BEFORE %s ON main.%s BEGIN SELECT "
			    "pbemd_fault(); END", names[i], j, ops[j],
			    names[i]);
			ck_assert_msg(sqlite3_exec(X.h, sql, NULL, NULL,
			    NULL) == SQLITE_OK, "%s: %s", sql,
			    sqlite3_errmsg(X.h));
		}
}

static void
fault_setup(void)
{
	memset(&X, 0, sizeof(X));
	ck_assert_int_eq(sqlite3_auto_extension((void (*)(void))fault_attach),
	    SQLITE_OK);
	setup();
	ck_assert_ptr_nonnull(X.h);
	fault_triggers();
}

static void
fault_teardown(void)
{
	teardown();
	sqlite3_reset_auto_extension();
}

static void
fault_arm(int write, int commit)
{
	X.writes = X.commits = 0;
	X.fail_write = write;
	X.fail_commit = commit;
	X.fired = false;
}

/* The store copied to (from) memory. */
static void
snap_copy(sqlite3 *to, sqlite3 *from)
{
	sqlite3_backup	*b;

	ck_assert_ptr_nonnull(b = sqlite3_backup_init(to, "main", from,
	    "main"));
	ck_assert_int_eq(sqlite3_backup_step(b, -1), SQLITE_DONE);
	ck_assert_int_eq(sqlite3_backup_finish(b), SQLITE_OK);
}

static sqlite3 *
snap_take(void)
{
	sqlite3	*m;

	ck_assert_int_eq(sqlite3_open(":memory:", &m), SQLITE_OK);
	snap_copy(m, X.h);
	return m;
}

static int64_t
outbox_top(void)
{
	sqlite3_stmt	*st;
	int64_t		 id = 0;

	sqlite3_prepare_v2(X.h, "SELECT coalesce(max(id), 0) FROM outbox",
	    -1, &st, NULL);
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return id;
}

static int
strp_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * What the store says after a tick: each mail queued after row top (the
 * random part of its Message-ID, which also names MIME boundaries, blanked
 * out), sorted,
 * then the games' phases and every clock's times and sent marks. Owned.
 */
static char *
outcome(int64_t top)
{
	sqlite3_stmt	*st;
	struct buf	 b, one;
	char		*rows[MAXROWS], *m, *p, tok[17];
	int		 n = 0, i;

	buf_init(&b);
	sqlite3_prepare_v2(X.h, "SELECT rcpt, message FROM outbox WHERE id "
	    "> ?", -1, &st, NULL);
	sqlite3_bind_int64(st, 1, top);
	while (sqlite3_step(st) == SQLITE_ROW) {
		ck_assert_int_lt(n, MAXROWS);
		buf_init(&one);
		buf_printf(&one, "To %s\n", sqlite3_column_text(st, 0));
		buf_add(&one, sqlite3_column_blob(st, 1),
		    (size_t)sqlite3_column_bytes(st, 1));
		buf_puts(&one, "");
		m = buf_steal(&one);
		/* "<pbemd.TIME.HEX@": the boundary holds HEX cut short. */
		if ((p = strstr(m, "Message-ID: <pbemd.")) != NULL &&
		    sscanf(p, "Message-ID: <pbemd.%*[0-9].%16[0-9a-f]",
		    tok) == 1)
			while ((p = strstr(m, tok)) != NULL)
				while (isxdigit((unsigned char)*p))
					*p++ = 'X';
		rows[n++] = m;
	}
	sqlite3_finalize(st);
	qsort(rows, (size_t)n, sizeof(rows[0]), strp_cmp);
	for (i = 0; i < n; i++) {
		buf_printf(&b, "%s\n----\n", rows[i]);
		free(rows[i]);
	}
	sqlite3_prepare_v2(X.h, "SELECT g.name, g.phase, g.status, c.phase, "
	    "c.proposed, c.deadline, c.grace_end, c.sent FROM games g JOIN "
	    "clocks c ON c.game_id = g.id ORDER BY g.name", -1, &st, NULL);
	while (sqlite3_step(st) == SQLITE_ROW)
		for (i = 0; i < 8; i++)
			buf_printf(&b, "%s%s", sqlite3_column_text(st, i),
			    i == 7 ? "\n" : " ");
	sqlite3_finalize(st);
	buf_puts(&b, "");
	return buf_steal(&b);
}

/* How many rows a string of outcome() holds. */
static int
mails(const char *o)
{
	int	 n = 0;

	while ((o = strstr(o, "\n----\n")) != NULL) {
		n++;
		o++;
	}
	return n;
}

/*
 * The tick at env.now, checked against every fault: returns with the
 * store as after a tick without one. want: the mails it must queue.
 */
static void
tick_under_faults(const char *what, int want)
{
	sqlite3		*snap = snap_take();
	char		*clean, *got;
	int64_t		 top = outbox_top();
	int		 k, kind, runs = 0, writes, commits;

	fault_arm(0, 0);
	judge_tick(&F.env);
	writes = X.writes;
	commits = X.commits;
	clean = outcome(top);
	if (mails(clean) < want)
		fprintf(stderr, "%s without a fault:\n%s\n", what, clean);
	ck_assert_msg(mails(clean) >= want, "%s: %d mails, want %d", what,
	    mails(clean), want);
	for (kind = 0; kind < 2; kind++)
		for (k = 1; k <= (kind ? commits : writes); k++) {
			snap_copy(X.h, snap);
			fault_arm(kind ? 0 : k, kind ? k : 0);
			judge_tick(&F.env);
			ck_assert_msg(X.fired, "%s: fault %d/%d did not fire",
			    what, kind, k);
			fault_arm(0, 0);
			judge_tick(&F.env);	/* the next wake-up */
			judge_tick(&F.env);	/* ... and one more */
			got = outcome(top);
			if (strcmp(got, clean) != 0)
				fprintf(stderr, "%s, fault at %d:\n%s\n===="
				    " without a fault:\n%s\n", what, k, got,
				    clean);
			ck_assert_msg(strcmp(got, clean) == 0, "%s: after a "
			    "%s fault at %d of %d, the tick queued %d mails, "
			    "without a fault %d (stderr has both)", what,
			    kind ? "COMMIT" : "write", k, kind ? commits :
			    writes, mails(got), mails(clean));
			free(got);
			runs++;
		}
	fprintf(stderr, "faults: %s: %d mails, %d writes, %d commits, %d "
	    "runs\n", what, mails(clean), writes, commits, runs);
	/* Leave the store as the clean tick left it. */
	snap_copy(X.h, snap);
	judge_tick(&F.env);
	sqlite3_close(snap);
	free(clean);
	ck_assert_int_gt(runs, 2);
}

static char	 dgpw[32], wkpw[32];

static void
say(const char *addr, const char *fmt, ...)
{
	char	 text[1024];
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	mail(addr, text);
}

static void
create(const char *line, char *pw, size_t len)
{
	char	*r;

	mail(GM, line);
	r = take(GM);
	hasnt(r, "ERROR");
	gm_password(r, pw, len);
	free(r);
}

/* Holds from every power but Italy in dg; White's set-up in wk. */
static void
orders_but_italy_and_black(bool white)
{
	int	 i;

	for (i = 0; i < 7; i++)
		if (i != 4)
			say(P[i].addr, "SIGNON dg password%d\n%s", i, P[i].hold);
	if (white)
		say(ALICE, "SIGNON wk alice-secret\nSETUP RPWS");
	drain();
}

static time_t
later(time_t a, time_t b)
{
	return a > b ? a : b;
}

START_TEST(every_one_of_two_thousand_running_games_ticks)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct db_game		 tpl;
	struct db_clock		 c;
	char			*state = NULL, name[DB_NAME_MAX];
	int			 np, i, queued = 0;

	running_game("t0000");
	ck_assert_int_eq(db_game_get(F.db, "t0000", &tpl), DB_OK);
	ck_assert_int_eq(tpl.status, DB_RUNNING);
	ck_assert_int_eq(db_players(F.db, tpl.id, p, GAME_MAX_SEATS, &np),
	    DB_OK);
	ck_assert_int_eq(db_phase_state(F.db, tpl.id, tpl.phase, &state),
	    DB_OK);
	ck_assert_int_eq(db_clock_get(F.db, tpl.id, &c), DB_OK);
	ck_assert_int_eq(db_begin(F.db), DB_OK);
	c.phase = tpl.phase - 1;
	ck_assert_int_eq(db_clock_put(F.db, &c), DB_OK);
	for (i = 1; i < TICK_GAMES; i++) {
		snprintf(name, sizeof(name), "t%04d", i);
		copy_game(&tpl, p, np, state, &c, name);
	}
	ck_assert_int_eq(db_commit(F.db), DB_OK);
	free(state);
	ck_assert(!begun("t0000"));
	ck_assert(!begun("t1999"));

	F.env.now += 60;
	judge_tick(&F.env);

	for (i = 0; i < TICK_GAMES; i++) {
		snprintf(name, sizeof(name), "t%04d", i);
		ck_assert_msg(begun(name), "game %s did not tick", name);
	}
	/* Each game told its two players and its GM the new proposal. */
	ck_assert_int_eq(db_outbox_pending(F.db, &queued), DB_OK);
	ck_assert_int_eq(queued, 3 * TICK_GAMES);
}
END_TEST

START_TEST(complete_orders_are_processed_early_at_the_next_tick)
{
	clock_game("g", "move=1h tz=" ZONE);
	drain();
	mailf(ALICE, "SIGNON g alice-secret\nSETUP RPWS");
	mailf(BOB, "SIGNON g bob-secret\nSETUP RPWS");
	/* The orders are in, but only the tick processes a game with a clock. */
	expect_not(ALICE, "Both setups are revealed");
	ck_assert_int_eq(phase_of("g"), 1);
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 2);
	expect(ALICE, "Both setups are revealed", "Every order was in",
	    "Deadline proposed by the judge", NULL);
	expect(BOB, "Alle Befehle lagen vor", NULL);
	expect(GM, "Every order was in", NULL);
	/* The new phase has its own proposal; a second tick does nothing. */
	ck_assert_int_eq(clock_of("g").phase, 2);
	ck_assert_int_eq(clock_of("g").proposed, F.env.now + 3600);
	judge_tick(&F.env);
	ck_assert_int_eq(pending(), 0);
}
END_TEST

START_TEST(late_players_are_reminded_once_and_the_gm_told)
{
	struct db_clock	 c;
	char		 d[64], g[64];
	int		 before;

	clock_game("g", "move=1h grace=30m remind=0 tz=" ZONE);
	gm("g", "APPROVE");
	mailf(ALICE, "SIGNON g alice-secret\nSETUP RPWS");
	drain();
	c = clock_of("g");
	F.env.now = c.deadline - 1;
	judge_tick(&F.env);
	ck_assert_int_eq(pending(), 0);
	F.env.now = c.deadline;
	judge_tick(&F.env);
	shown(c.deadline, d, sizeof(d));
	shown(c.grace_end, g, sizeof(g));
	expect(BOB, "Ihre Befehle f", "Partie g fehlen", NULL);
	expect(GM, "The deadline of game g passed at ", d,
	    "The grace period ends at ", g, "Late:", "- Black", NULL);
	expect_not(ALICE, "missing");
	ck_assert_int_eq(judge_next_wake(&F.env), c.grace_end);
	/* Never twice, however often the judge wakes. */
	before = pending();
	judge_tick(&F.env);
	F.env.now += 60;
	judge_tick(&F.env);
	ck_assert_int_eq(pending(), before);
	/* At the end of grace weekeewachee cannot move without Black's
	 * set-up: the GM is told once, and the game waits for it. */
	F.env.now = c.grace_end;
	judge_tick(&F.env);
	judge_tick(&F.env);
	expect(GM, "cannot go on without the missing orders", "- Black", NULL);
	ck_assert_int_eq(pending(), 0);
	ck_assert_int_eq(phase_of("g"), 1);
	ck_assert_int_eq(judge_next_wake(&F.env), 0);
	mailf(BOB, "SIGNON g bob-secret\nSETUP RPWS");
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 2);
	expect(ALICE, "Both setups are revealed", NULL);
}
END_TEST

/*
 * approve=auto: the GM never approves, and the game runs: every phase's
 * proposal holds at once, the late are reminded, the phase is processed
 * at the end of grace and the next one has its deadline too.
 */
START_TEST(with_approve_auto_a_silent_gm_never_stalls_the_game)
{
	struct db_clock	 c;
	char		 pw[64], d[64];
	int		 i;

	create("CREATE au standard move=1h grace=30m approve=auto remind=0 "
	    "tz=" ZONE, pw, sizeof(pw));
	for (i = 0; i < 7; i++)
		say(P[i].addr, "JOIN au password%d %s", i, P[i].power);
	say(GM, "SIGNON au %s\nSTART", pw);
	c = clock_of("au");
	ck_assert(c.proposed != 0);
	ck_assert_int_eq(c.deadline, c.proposed);
	ck_assert_int_eq(c.grace_end, c.deadline + 1800);
	shown(c.deadline, d, sizeof(d));
	expect(P[0].addr, "Deadline: ", d, NULL);
	expect_not(P[1].addr, "awaiting the game master's approval");
	expect_not(GM, "Send APPROVE to confirm it");
	for (i = 0; i < 7; i++)
		if (i != 4)
			say(P[i].addr, "SIGNON au password%d\n%s", i, P[i].hold);
	drain();
	F.env.now = c.deadline;
	judge_tick(&F.env);
	expect(P[4].addr, "Your orders for game au are missing", NULL);
	F.env.now = c.grace_end;
	judge_tick(&F.env);
	ck_assert_int_gt(clock_of("au").phase, c.phase);
	expect(P[0].addr, "Italy had no complete orders", NULL);
	/* The next phase holds its proposal too: no approval is asked. */
	c = clock_of("au");
	ck_assert_int_eq(c.deadline, c.proposed);
	ck_assert_int_gt(c.deadline, F.env.now);
	expect_not(GM, "awaits your approval");
}
END_TEST

/*
 * approve=gm (the default): a proposal that waits for the GM is reminded
 * to him remind= before it passes (here halfway, the phase being
 * shorter), once; when it passes unapproved he is asked again and the
 * players hear that the game waits for the GM.
 */
START_TEST(an_unapproved_proposal_is_reminded_and_its_passing_told)
{
	struct db_clock	 c;
	time_t		 at;

	clock_game("g", "move=2d grace=1h tz=" ZONE);
	drain();
	c = clock_of("g");
	at = c.proposed - 86400;		/* remind=24h */
	ck_assert_int_eq(judge_next_wake(&F.env), at);
	F.env.now = at - 1;
	judge_tick(&F.env);
	ck_assert_int_eq(pending(), 0);
	F.env.now = at;
	judge_tick(&F.env);
	expect(GM, "proposed deadline for game g", "still awaits your approval",
	    "SET APPROVE AUTO", NULL);
	ck_assert_int_eq(pending(), 0);		/* the players hear nothing */
	judge_tick(&F.env);
	ck_assert_int_eq(pending(), 0);		/* once */
	ck_assert_int_eq(judge_next_wake(&F.env), c.proposed);
	F.env.now = c.proposed;
	judge_tick(&F.env);
	expect(GM, "has passed without your approval", NULL);
	expect(ALICE, "passed without the game master's approval",
	    "the game waits for the game master", NULL);
	expect(BOB, "wartet daher auf den Spielleiter", NULL);
	ck_assert_int_eq(phase_of("g"), 1);
}
END_TEST

/*
 * remind=: a power whose orders are not complete is reminded that long
 * before the deadline, once, with what it still owes; a complete one is
 * not.
 */
START_TEST(powers_not_complete_are_reminded_before_the_deadline)
{
	struct db_clock	 c;
	char		 d[64];
	time_t		 at;

	clock_game("g", "move=2d grace=1h remind=12h tz=" ZONE);
	gm("g", "APPROVE");
	mailf(ALICE, "SIGNON g alice-secret\nSETUP RPWS");
	drain();
	c = clock_of("g");
	at = c.deadline - 12 * 3600;
	ck_assert_int_eq(judge_next_wake(&F.env), at);
	F.env.now = at - 1;
	judge_tick(&F.env);
	ck_assert_int_eq(pending(), 0);
	F.env.now = at;
	judge_tick(&F.env);
	shown(c.deadline, d, sizeof(d));
	expect(BOB, "Erinnerung: Der Abgabetermin der Partie g ist ",
	    "noch nicht vollst", NULL);
	ck_assert_int_eq(pending(), 0);		/* Alice is complete */
	judge_tick(&F.env);
	ck_assert_int_eq(pending(), 0);		/* once */
	ck_assert_int_eq(judge_next_wake(&F.env), c.deadline);
	/* A new deadline from the GM reminds again before it. */
	gm("g", "SET REMIND 6h\nEXTEND 1d");
	drain();
	c = clock_of("g");
	ck_assert_int_eq(c.remind, 6 * 3600);
	ck_assert_int_eq(judge_next_wake(&F.env), c.deadline - 6 * 3600);
	F.env.now = c.deadline - 6 * 3600;
	judge_tick(&F.env);
	expect(BOB, "Erinnerung", NULL);
	expect_not(ALICE, "Reminder");
}
END_TEST

START_TEST(no_notice_is_lost_or_doubled_by_a_fault_at_any_step)
{
	struct db_clock	 d, w;
	int		 i;

	F.env.timezone = "UTC";
	F.env.downtime_slack = 7 * 86400;	/* the heartbeat, kept */
	create("CREATE dg standard move=1h grace=30m cd", dgpw, sizeof(dgpw));
	for (i = 0; i < 7; i++)
		say(P[i].addr, "JOIN dg password%d %s", i, P[i].power);
	say(GM, "SIGNON dg %s\nSTART", dgpw);
	create("CREATE wk weekeewachee move=1h grace=30m", wkpw, sizeof(wkpw));
	mail(ALICE, "JOIN wk alice-secret");
	mail(BOB, "JOIN wk bob-secret");
	drain();

	/* Both proposals pass unapproved: the GM is told, once a game. */
	F.env.now = later(clock_of("dg").proposed, clock_of("wk").proposed);
	tick_under_faults("unapproved", 2);
	say(GM, "SIGNON dg %s\nSET DEADLINE +1h", dgpw);
	say(GM, "SIGNON wk %s\nSET DEADLINE +1h", wkpw);
	orders_but_italy_and_black(true);

	/* The deadlines: Italy, Black and the GM (twice) are reminded. */
	d = clock_of("dg");
	w = clock_of("wk");
	F.env.now = later(d.deadline, w.deadline);
	tick_under_faults("deadline", 4);
	ck_assert(clock_of("dg").sent & DB_SENT_LATE);

	/* The grace ends: Diplomacy is processed, Italy in civil disorder,
	 * with reports to eight; weekeewachee waits and the GM is told. */
	F.env.now = later(d.grace_end, w.grace_end);
	tick_under_faults("grace", 9);
	ck_assert_int_gt(clock_of("dg").phase, d.phase);
	ck_assert(clock_of("wk").sent & DB_SENT_STUCK);

	/* Every awaited order is in: both are processed early. */
	orders_but_italy_and_black(false);
	mail(BOB, "SIGNON wk bob-secret\nSETUP RPWS");
	drain();
	F.env.now += 60;
	tick_under_faults("early", 8 + 3);
	ck_assert_int_gt(clock_of("wk").phase, w.phase);
	ck_assert_int_gt(clock_of("dg").phase, d.phase + 1);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/tick");
	TCase	*tc;

	tc = tcase_create("many games");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, every_one_of_two_thousand_running_games_ticks);
	suite_add_tcase(s, tc);

	tc = tcase_create("clock");
	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc,
	    complete_orders_are_processed_early_at_the_next_tick);
	tcase_add_test(tc, late_players_are_reminded_once_and_the_gm_told);
	tcase_add_test(tc, with_approve_auto_a_silent_gm_never_stalls_the_game);
	tcase_add_test(tc,
	    an_unapproved_proposal_is_reminded_and_its_passing_told);
	tcase_add_test(tc, powers_not_complete_are_reminded_before_the_deadline);
	suite_add_tcase(s, tc);

	tc = tcase_create("faults");
	tcase_add_checked_fixture(tc, fault_setup, fault_teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, no_notice_is_lost_or_doubled_by_a_fault_at_any_step);
	suite_add_tcase(s, tc);
	return s;
}
