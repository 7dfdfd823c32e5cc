/*
 * daemon.c - the main loop: wait for mail (IDLE or polling), hand each new
 * mail to the judge, flush the outbox, and reconnect with backoff when a
 * server goes away. It knows no games.
 *
 * The stages hand work to each other through SQLite (inbox, outbox), so a
 * kill -9 at any point loses nothing: a mail is marked processed (the
 * keyword of imap.h; \Seen is the operator's) only after its transaction
 * committed, and found again (and skipped) if the mark was lost.
 * SIGHUP re-reads the configuration between rounds, never in the middle of
 * a mail: a good one replaces the running one, a bad one is logged and the
 * old one kept. The signal flags below are the only mutable global state of
 * the program (with log.c's settings).
 */
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "adjudicator/serve/daemon.h"
#include "adjudicator/serve/intake.h"
#include "adjudicator/serve/outbox.h"
#include "adjudicator/serve/runtime.h"
#include "common/backoff.h"
#include "common/log.h"
#include "common/util.h"
#include "mail/imap.h"
#include "mail/smtp.h"

#define DAEMON_CHUNK		64	/* mails fetched and marked at once */
#define DAEMON_RECONNECT_BASE	1
#define DAEMON_RECONNECT_CAP	300
#define DAEMON_READ_CHUNK	(64 * 1024)	/* bytes of stdin read at once */
#define DAEMON_TRIM_EVERY	16	/* mails of a backlog between trims */
#define DAEMON_SEND_BUDGET	5	/* seconds of sending before intake again */

#define EX_OK		0
#define EX_USAGE	64
#define EX_DATAERR	65
#define EX_SOFTWARE	70
#define EX_TEMPFAIL	75
#define EX_CONFIG	78

/*
 * Set by the handler, cleared by the loop: stop (SIGTERM, SIGINT), reload
 * (SIGHUP), and wake, which the handler sets after either so that a wait
 * (imap_wait(), daemon_sleep()) returns. The loop clears wake before it
 * reads the others, so no signal is slept through.
 */
static volatile sig_atomic_t daemon_stop, daemon_hup, daemon_wake;

struct daemon {
	struct runtime	 rt;
	const char	*config_path;	/* read again on SIGHUP */
	struct imap	*imap;
	struct smtp	*smtp;
	int		 imap_failures;
	time_t		 imap_retry;
	int		 smtp_failures;
	time_t		 smtp_retry;
	uint32_t	 uidvalidity;
	uint32_t	*done;		/* UIDs to mark processed */
	size_t		 ndone;
	unsigned	 handled;	/* mails handled: DAEMON_TRIM_EVERY */
	time_t		 next_tick;	/* the phase clock's next wish */
	bool		 once;		/* serve --once: send all, then stop */
};

static void
daemon_signal(int sig)
{
	if (sig == SIGHUP)
		daemon_hup = 1;
	else
		daemon_stop = 1;
	daemon_wake = 1;
}

static void
daemon_signals(void)
{
	struct sigaction	 sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = daemon_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
}

static void
daemon_imap_conf(const struct daemon *d, struct imap_conf *c)
{
	memset(c, 0, sizeof(*c));
	c->url = d->rt.cfg.imap.url;
	c->user = d->rt.cfg.imap.user;
	c->password = d->rt.cfg.imap.password;
	c->ca_file = d->rt.cfg.imap.ca_file;
	c->starttls = d->rt.cfg.imap.starttls;
	c->insecure = d->rt.cfg.imap.insecure;
	c->timeout = d->rt.cfg.imap.timeout;
	c->auth = d->rt.cfg.imap.auth;
	c->token_file = d->rt.cfg.imap.token_file;
	c->token_command = d->rt.cfg.imap.token_command;
}

static void
daemon_imap_lost(struct daemon *d, const char *what)
{
	int	 wait;

	imap_close(d->imap);
	d->imap = NULL;
	d->imap_failures++;
	wait = backoff_delay(d->imap_failures, DAEMON_RECONNECT_BASE,
	    DAEMON_RECONNECT_CAP);
	d->imap_retry = time(NULL) + wait;
	log_warnx("imap: %s; reconnecting in %ds", what, wait);
}

static void
daemon_imap_connect(struct daemon *d)
{
	struct imap_conf	 c;
	char			 why[256];

	daemon_imap_conf(d, &c);
	if ((d->imap = imap_connect(&c, why, sizeof(why))) == NULL) {
		daemon_imap_lost(d, why);
		return;
	}
	d->imap_failures = 0;
	d->uidvalidity = imap_uidvalidity(d->imap);
	log_info("imap: connected uidvalidity=%u idle=%s mark=%s",
	    d->uidvalidity, imap_has_idle(d->imap) ? "yes" : "no",
	    imap_marking(d->imap) == IMAP_MARK_KEYWORD ? IMAP_KEYWORD_DONE :
	    "\\Seen");
	if (imap_marking(d->imap) == IMAP_MARK_SEEN)
		log_warnx("imap: the mailbox cannot keep the keyword %s "
		    "(PERMANENTFLAGS has neither it nor \\*): processed mail "
		    "is marked \\Seen instead, and mail read in a mail client "
		    "before the judge saw it is never answered",
		    IMAP_KEYWORD_DONE);
}

struct daemon_fetch {
	struct daemon		*d;
	struct judge_env	*env;
};

/*
 * The heap's free pages go back to the system: before the daemon waits,
 * and every DAEMON_TRIM_EVERY mails of a backlog. Handling mail leaves
 * free pages between the chunks it keeps (pictures, messages and their
 * copies, freed in another order than they were taken): over a backlog of
 * 800 mails 4.7 MB were in use and 5 MB free among them, all resident
 * until the wait. A password check adds Argon2id's 7 MiB (judge/
 * password.c) to whatever the process holds then (issue 18). A trim costs
 * a walk over the free chunks and a fault for each page touched again:
 * too little to show in `make bench`.
 */
static void
daemon_trim(void)
{
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}

static int
daemon_one_mail(void *arg, uint32_t uid, const char *raw, size_t len)
{
	struct daemon_fetch	*f = arg;
	struct daemon		*d = f->d;

	f->env->now = time(NULL);
	if (intake_mail(f->env, raw, len, d->uidvalidity, uid, true,
	    d->rt.cfg.max_failures) != INTAKE_RETRY)
		d->done[d->ndone++] = uid;
	if (++d->handled % DAEMON_TRIM_EVERY == 0)
		daemon_trim();
	return daemon_stop ? -1 : 0;
}

/* Counts, fetches and handles one chunk of new UIDs; marks what is done. */
static int
daemon_chunk(struct daemon *d, const uint32_t *uids, size_t n)
{
	struct judge_env	 env;
	struct daemon_fetch	 f = { d, &env };
	char			*key;
	bool			 lazy;
	int			 rc;

	if (n == 0)
		return 0;
	/* Only the first can have been in hand at a crash: those before it
	 * are recorded, those after it not yet tried. */
	key = intake_key(d->uidvalidity, uids[0], NULL);
	rc = intake_attempts(d->rt.db, (const char *const *)&key, 1,
	    time(NULL));
	free(key);
	if (rc != 0)
		return 0;	/* the store is busy: try again next round */
	runtime_env(&d->rt, time(NULL), &env);
	/*
	 * A chunk's mails commit without waiting for the disk each, and the
	 * WAL is synced once after them, before any of them is marked on the
	 * server (daemon_mark()) and before the outbox sends what they
	 * queued: a power cut loses only mails still unmarked, which the
	 * next round fetches again. One sync a chunk, not one a mail.
	 */
	lazy = db_sync_each(d->rt.db, false) == DB_OK;
	rc = imap_fetch_many(d->imap, uids, n, daemon_one_mail, &f);
	if (lazy) {
		if (db_sync(d->rt.db) != DB_OK) {
			d->ndone = 0;	/* not on the disk: not marked */
			rc = -1;
		}
		if (db_sync_each(d->rt.db, true) != DB_OK)
			log_fatalx("daemon: the store's commits cannot wait "
			    "for the disk again");
	}
	return rc < 0 && !daemon_stop ? -1 : 0;
}

static int
daemon_mark(struct daemon *d)
{
	int	 rc = 0;

	if (d->ndone > 0 && d->imap)
		rc = imap_mark_done(d->imap, d->done, d->ndone);
	d->ndone = 0;
	return rc;
}

/*
 * One round over the mail not marked processed. -1 when the connection
 * was lost. A mail the store knows is only marked, never fetched: one
 * whose mark was lost in a crash, or, after the upgrade from \Seen to the
 * keyword, every mail processed before it.
 */
static int
daemon_round(struct daemon *d)
{
	uint32_t	*uids = NULL, fresh[DAEMON_CHUNK];
	size_t		 n = 0, i, nfresh = 0;
	int		 rc = 0;

	if (imap_search_pending(d->imap, &uids, &n) != 0)
		return -1;
	d->done = xrealloc(d->done, (n + 1) * sizeof(*d->done));
	d->ndone = 0;
	for (i = 0; i < n && rc == 0 && !daemon_stop; i++) {
		if (db_inbox_known(d->rt.db, d->uidvalidity, uids[i], NULL) ==
		    DB_OK) {
			d->done[d->ndone++] = uids[i];
			continue;
		}
		fresh[nfresh++] = uids[i];
		if (nfresh == DAEMON_CHUNK || i + 1 == n) {
			rc = daemon_chunk(d, fresh, nfresh);
			nfresh = 0;
			if (daemon_mark(d) != 0)
				rc = -1;
		}
	}
	if (rc == 0 && nfresh > 0)
		rc = daemon_chunk(d, fresh, nfresh);
	if (daemon_mark(d) != 0)
		rc = -1;
	free(uids);
	return rc;
}

/*
 * The phase clock, after every complete round over the mail: only then has
 * the judge seen every order sent before now. While the mail server is out
 * of reach the clock does not run, and the silence counts as downtime.
 */
static void
daemon_tick(struct daemon *d)
{
	struct judge_env	 env;
	time_t			 now = time(NULL);

	runtime_env(&d->rt, now, &env);
	env.downtime_slack = runtime_downtime_slack(&d->rt);
	d->next_tick = judge_tick(&env);
	/* A step that failed is tried again, but not in a tight loop. */
	if (d->next_tick && d->next_tick <= now)
		d->next_tick = now + 1;
}

/* The GMs learn of their games' mails the server refused for good. */
static void
daemon_undelivered(struct runtime *rt)
{
	struct judge_env	 env;

	runtime_env(rt, time(NULL), &env);
	judge_undelivered(&env);
}

static void
daemon_outbox(struct daemon *d)
{
	time_t	 now = time(NULL), next;
	int	 wait;

	if (now < d->smtp_retry)
		return;
	if (db_outbox_next(d->rt.db, &next) != DB_OK || next > now)
		return;
	if (outbox_flush(d->rt.db, d->smtp, d->rt.cfg.address, now,
	    d->once ? 0 : DAEMON_SEND_BUDGET) < 0) {
		daemon_undelivered(&d->rt);
		d->smtp_failures++;
		wait = backoff_delay(d->smtp_failures, 5, 600);
		d->smtp_retry = now + wait;
		log_warnx("smtp: server unavailable; next attempt in %ds", wait);
	} else {
		daemon_undelivered(&d->rt);
		d->smtp_failures = 0;
	}
}

/* How long to sleep: until the poll interval, an outbox retry or a reconnect. */
static int
daemon_timeout_ms(struct daemon *d)
{
	time_t	 now = time(NULL), next = 0, when;

	if (db_outbox_next(d->rt.db, &when) == DB_OK)
		next = when > d->smtp_retry ? when : d->smtp_retry;
	if (d->imap == NULL)
		next = backoff_earliest(next, d->imap_retry);
	else
		next = backoff_earliest(next, d->next_tick);
	next = backoff_earliest(next, now + d->rt.cfg.poll_interval);
	if (next <= now)
		return 0;
	return (int)(next - now) * 1000;
}

static void
daemon_sleep(int ms)
{
	struct timespec	 ts;

	while (ms > 0 && !daemon_wake) {
		int slice = ms > 200 ? 200 : ms;

		ts.tv_sec = 0;
		ts.tv_nsec = (long)slice * 1000000L;
		nanosleep(&ts, NULL);
		ms -= slice;
	}
}

/* Whether a key of section is among the n changes. */
static bool
daemon_changed(const struct reload_change *c, size_t n, const char *section)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (strcmp(c[i].section, section) == 0 && !c[i].restart)
			return true;
	return false;
}

/* The connections follow new server settings at once: IMAP reconnects now,
 * and SMTP gets a new client, tried at once whatever its backoff said. */
static void
daemon_reconnect(struct daemon *d, const struct reload_change *c, size_t n)
{
	struct smtp_conf	 sc;

	if (daemon_changed(c, n, "imap")) {
		log_info("imap: settings changed; reconnecting");
		imap_close(d->imap);
		d->imap = NULL;
		d->imap_failures = 0;
		d->imap_retry = 0;
	}
	if (daemon_changed(c, n, "smtp")) {
		smtp_free(d->smtp);
		runtime_smtp_conf(&d->rt, &sc);
		d->smtp = smtp_new(&sc);
		d->smtp_failures = 0;
		d->smtp_retry = 0;
	}
}

/*
 * SIGHUP: the configuration read and checked again. A bad one is logged at
 * error level and the running one kept; a good one replaces it, its changes
 * logged, with a warning for each key that takes a restart.
 */
static void
daemon_reload(struct daemon *d)
{
	struct reload_change	 c[RELOAD_KEYS_MAX];
	enum log_target		 was = d->rt.cfg.log;
	struct buf		 list;
	char			 why[512];
	size_t			 n, i;

	if (runtime_reload(&d->rt, d->config_path, c, &n, why,
	    sizeof(why)) != 0) {
		log_error("config: reload refused, the running configuration "
		    "stays: %s", why);
		return;
	}
	if (d->rt.cfg.log != was) {
		log_info("config: logging to %s from now on",
		    d->rt.cfg.log == LOG_TARGET_SYSLOG ? "syslog" : "stderr");
		log_target_set(d->rt.cfg.log);
	}
	buf_init(&list);
	for (i = 0; i < n; i++)
		if (!c[i].restart)
			buf_printf(&list, "%s%s.%s", list.len ? "," : "",
			    c[i].section, c[i].key);
	log_info("config: reloaded file=%s changed=%s", d->config_path,
	    list.len ? list.data : "none");
	buf_free(&list);
	for (i = 0; i < n; i++)
		if (c[i].restart)
			log_warnx("config: %s.%s changed but takes a restart; "
			    "the running value stays until then", c[i].section,
			    c[i].key);
	daemon_reconnect(d, c, n);
}

/*
 * Before the daemon waits: the WAL copied into the database (a commit
 * copies it only once it holds 64 MB, db.c), so a backlog's answers are
 * not held up by it; then the heap trimmed (daemon_trim()).
 */
static void
daemon_idle(struct daemon *d)
{
	if (db_checkpoint(d->rt.db) != DB_OK)
		log_warnx("daemon: the store's WAL was not copied back; "
		    "trying again at the next wait");
	daemon_trim();
}

static void
daemon_loop(struct daemon *d, bool once)
{
	int	 ms;

	d->once = once;
	for (;;) {
		/* Cleared before the flags are read: a signal from here on
		 * cuts the next wait short. */
		daemon_wake = 0;
		if (daemon_stop)
			break;
		if (daemon_hup) {
			daemon_hup = 0;
			daemon_reload(d);
		}
		if (d->imap == NULL && time(NULL) >= d->imap_retry)
			daemon_imap_connect(d);
		if (d->imap && daemon_round(d) != 0 && !daemon_stop)
			daemon_imap_lost(d, "connection lost");
		else if (d->imap && !daemon_stop)
			daemon_tick(d);
		daemon_outbox(d);
		if (once)
			break;
		ms = daemon_timeout_ms(d);
		if (ms == 0)
			continue;
		daemon_idle(d);
		if (d->imap) {
			if (imap_wait(d->imap, ms, &daemon_wake) < 0 &&
			    !daemon_stop)
				daemon_imap_lost(d, "connection lost while idle");
		} else
			daemon_sleep(ms);
	}
}

int
daemon_serve(const char *config_path, bool once)
{
	struct daemon		 d;
	struct smtp_conf	 sc;
	char			 why[512];

	memset(&d, 0, sizeof(d));
	d.config_path = config_path;
	if (runtime_open(config_path, &d.rt, why, sizeof(why)) != 0) {
		log_warnx("%s", why);
		return EX_CONFIG;
	}
	if (runtime_serve_check(&d.rt.cfg, config_path, why, sizeof(why)) != 0) {
		log_warnx("%s", why);
		runtime_close(&d.rt);
		return EX_CONFIG;
	}
	log_target_set(d.rt.cfg.log);
	daemon_signals();
	runtime_smtp_conf(&d.rt, &sc);
	d.smtp = smtp_new(&sc);
	log_info("serve: started pid=%ld db=%s templates=%s", (long)getpid(),
	    d.rt.cfg.database, d.rt.cfg.templates);
	daemon_loop(&d, once);
	log_info("serve: stopping");
	imap_close(d.imap);
	smtp_free(d.smtp);
	free(d.done);
	runtime_close(&d.rt);
	return EX_OK;
}

/* The mail on standard input, owned; NULL when it is too large. */
static char *
daemon_read_stdin(size_t *len)
{
	struct buf	 b;
	char		*chunk;
	size_t		 n;

	buf_init(&b);
	chunk = xmalloc(DAEMON_READ_CHUNK);	/* not on the stack */
	while ((n = fread(chunk, 1, DAEMON_READ_CHUNK, stdin)) > 0) {
		if (b.len + n > INTAKE_MAIL_MAX) {
			buf_free(&b);
			free(chunk);
			return NULL;
		}
		buf_add(&b, chunk, n);
	}
	free(chunk);
	*len = b.len;
	return buf_steal(&b);
}

/* What the outbox holds goes out now if the server is there, else later. */
static void
daemon_send_now(struct runtime *rt)
{
	struct smtp_conf	 sc;
	struct smtp		*smtp;

	runtime_smtp_conf(rt, &sc);
	/* A URL smtp_new() refuses (it says why): the mail stays queued for
	 * serve or the next run, once the configuration is mended. */
	if ((smtp = smtp_new(&sc)) == NULL)
		return;
	outbox_flush(rt->db, smtp, rt->cfg.address, time(NULL), 0);
	daemon_undelivered(rt);
	/* The GM's notices of what was refused go out at once too. */
	outbox_flush(rt->db, smtp, rt->cfg.address, time(NULL), 0);
	smtp_free(smtp);
}

int
daemon_deliver(const char *config_path)
{
	struct runtime		 rt;
	struct judge_env	 env;
	enum intake_result	 r;
	char			 why[512], *raw;
	size_t			 len = 0;
	int			 rc;

	if ((rc = runtime_open(config_path, &rt, why, sizeof(why))) != 0) {
		log_warnx("%s", why);
		/* A store that cannot be opened now may be tomorrow: the MTA
		 * keeps the mail and tries again. */
		return rc == RUNTIME_STORE ? EX_TEMPFAIL : EX_CONFIG;
	}
	log_target_set(rt.cfg.log);
	if ((raw = daemon_read_stdin(&len)) == NULL) {
		log_warnx("deliver: mail larger than %d bytes refused",
		    INTAKE_MAIL_MAX);
		runtime_close(&rt);
		return EX_DATAERR;
	}
	runtime_env(&rt, time(NULL), &env);
	r = intake_mail(&env, raw, len, 0, 0, false, rt.cfg.max_failures);
	free(raw);
	if (r != INTAKE_RETRY) {
		/* Phases this mail completed. The heartbeat only where tick
		 * or serve keep it: the first mail after a downtime may come
		 * before the first tick, and must not make anyone late. */
		runtime_env(&rt, time(NULL), &env);
		env.downtime_slack = runtime_downtime_slack(&rt);
		env.downtime_if_kept = true;
		judge_tick(&env);
		daemon_send_now(&rt);
	}
	runtime_close(&rt);
	switch (r) {
	case INTAKE_DONE:
		return EX_OK;
	case INTAKE_UNREADABLE:
		return EX_DATAERR;
	default:
		return EX_TEMPFAIL;
	}
}

/*
 * `pbemd tick`: the clock for installations without the daemon, run by
 * cron. It keeps the heartbeat, so a cron that stopped (the machine was
 * down) is downtime: deadlines that passed meanwhile move on.
 */
int
daemon_tick_once(const char *config_path)
{
	struct runtime		 rt;
	struct judge_env	 env;
	char			 why[512];
	time_t			 next;

	if (runtime_open(config_path, &rt, why, sizeof(why)) != 0) {
		log_warnx("%s", why);
		return EX_CONFIG;
	}
	log_target_set(rt.cfg.log);
	runtime_env(&rt, time(NULL), &env);
	env.downtime_slack = runtime_downtime_slack(&rt);
	next = judge_tick(&env);
	daemon_send_now(&rt);
	log_debug("tick: done next=%lld", (long long)next);
	runtime_close(&rt);
	return EX_OK;
}
