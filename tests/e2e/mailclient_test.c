/*
 * mailclient_test.c - mail/imap.c, mail/smtp.c and mail/tls.c against a
 * real Dovecot + Exim (tests/e2e/mailstack.sh, started by test_mail.sh).
 *
 * Reads the stack's MAILSTACK_* variables (MAILSTACK_SEEN_ONLY: the
 * mailbox that keeps no keyword) and MAILCLIENT_WRONG_CA (a self-signed
 * certificate the stack does not use) from the environment. Prints one
 * PASS/FAIL line per check, "bench:" lines with the measured figures, and
 * closes with "N passed, M failed"; exits 1 on any failure. Uses the
 * accounts judge (inbox under test) and bob (sink); busy@ is the address
 * the stack always defers (451). The operator who reads the judge's
 * mailbox in his mail client is played by curl on a connection of its own.
 */
#include <gnutls/gnutls.h>

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <netinet/in.h>
#include <time.h>
#include <unistd.h>

#include "adjudicator/serve/outbox.h"
#include "common/log.h"
#include "common/util.h"
#include "db/db.h"
#include "mail/imap.h"
#include "mail/smtp.h"
#include "mail/tls.h"

#define WHY_MAX	512

struct env {
	const char	*host;
	const char	*imap_port;
	const char	*imaps_port;
	const char	*smtp_port;
	const char	*smtps_port;
	const char	*ca;
	const char	*wrong_ca;
	const char	*domain;
	const char	*dovecot_conf;
	const char	*seen_only;
	int		 bulk;
};

struct tally {
	size_t		 n;
	size_t		 bytes;
	int		 subjects;	/* bit i: "Subject: e2e-<i+1>" seen */
};

static int			 passed, failed;
static struct env		 E;
static volatile sig_atomic_t	 alarm_stop;

static void
check(int ok, const char *fmt, ...)
{
	va_list	 ap;

	printf("%s: ", ok ? "PASS" : "FAIL");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	if (ok)
		passed++;
	else
		failed++;
}

static double
now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static const char *
env(const char *name)
{
	const char	*v = getenv(name);

	if (v == NULL || *v == '\0') {
		fprintf(stderr, "mailclient_test: %s is not set\n", name);
		exit(2);
	}
	return v;
}

static char *
url(const char *scheme, const char *host, const char *port)
{
	static char	 u[8][128];
	static int	 i;

	i = (i + 1) % 8;
	snprintf(u[i], sizeof(u[i]), "%s://%s:%s", scheme, host, port);
	return u[i];
}

/* A port nothing listens on: bound once by us, then released. */
static int
closed_port(void)
{
	struct sockaddr_in	 sa;
	socklen_t		 len = sizeof(sa);
	int			 fd, port;

	fd = socket(AF_INET, SOCK_STREAM, 0);
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	bind(fd, (struct sockaddr *)&sa, sizeof(sa));
	getsockname(fd, (struct sockaddr *)&sa, &len);
	port = ntohs(sa.sin_port);
	close(fd);
	return port;
}

static char *
message(const char *from, const char *to, const char *subject, size_t *len)
{
	struct buf	 b;

	buf_init(&b);
	buf_printf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\n"
	    "Message-ID: <%s.%d@example.test>\r\nMIME-Version: 1.0\r\n"
	    "Content-Type: text/plain; charset=UTF-8\r\n\r\n"
	    "SIGNON alpha secret\r\n.a line with a leading dot\r\n", from, to,
	    subject, subject, (int)getpid());
	*len = b.len;
	return buf_steal(&b);
}

static enum smtp_result
send1(struct smtp *s, const char *from, const char *to, const char *subject,
    char *why)
{
	enum smtp_result	 r;
	size_t			 len;
	char			*msg;

	msg = message(from, to, subject, &len);
	r = smtp_send(s, from, to, msg, len, why, WHY_MAX);
	free(msg);
	return r;
}

static struct smtp *
smtp_for(const char *u, const char *user, const char *pw, const char *ca,
    bool starttls)
{
	struct smtp_conf	 c;

	memset(&c, 0, sizeof(c));
	c.url = u;
	c.user = user;
	c.password = pw;
	c.ca_file = ca;
	c.starttls = starttls;
	c.timeout = 10;
	return smtp_new(&c);
}

/*
 * One IMAP command as an operator's mail client sends it, on a connection
 * of its own (curl, STARTTLS, the stack's CA) to judge's mailbox box; the
 * server's untagged answers in out. 0 when curl succeeded.
 */
static int
operator_imap(const char *box, const char *cmd, char *out, size_t outlen)
{
	char	 sh[1024];
	FILE	*p;
	size_t	 n;

	snprintf(sh, sizeof(sh), "curl -s --ssl-reqd --cacert '%s' "
	    "'imap://%s:%s/%s' -u judge:judgepw -X '%s'", E.ca, E.host,
	    E.imap_port, box, cmd);
	if ((p = popen(sh, "r")) == NULL)
		return -1;
	n = fread(out, 1, outlen - 1, p);
	out[n] = '\0';
	return pclose(p) == 0 ? 0 : -1;
}

/* The operator's client sets or clears flags: "+FLAGS (\\Seen)". */
static int
operator_store(const char *box, uint32_t uid, const char *what)
{
	char	 cmd[128], out[1024];

	snprintf(cmd, sizeof(cmd), "UID STORE %u %s", uid, what);
	return operator_imap(box, cmd, out, sizeof(out));
}

/*
 * Whether the operator's client sees flag on the message uid of box: 1 or
 * 0, -1 when the server gave no FLAGS for it.
 */
static int
has_flag(const char *box, uint32_t uid, const char *flag)
{
	char		 cmd[64], out[1024];
	const char	*p, *e;
	size_t		 len, n = strlen(flag);

	snprintf(cmd, sizeof(cmd), "UID FETCH %u FLAGS", uid);
	if (operator_imap(box, cmd, out, sizeof(out)) != 0 ||
	    (p = strstr(out, "FLAGS (")) == NULL ||
	    (e = strchr(p += 7, ')')) == NULL)
		return -1;
	for (; p < e; p += len + (p[len] == ' ')) {
		len = strcspn(p, " )");
		if (len == n && strncasecmp(p, flag, n) == 0)
			return 1;
	}
	return 0;
}

static struct imap *
imap_for(const char *u, const char *pw, const char *ca, bool insecure,
    char *why)
{
	struct imap_conf	 c;

	memset(&c, 0, sizeof(c));
	c.url = u;
	c.user = "judge";
	c.password = pw;
	c.ca_file = ca;
	c.starttls = true;
	c.insecure = insecure;
	c.timeout = 10;
	return imap_connect(&c, why, WHY_MAX);
}

/* Polls for pending mail until want messages are there (delivery lags). */
static size_t
await_pending(struct imap *im, size_t want, double secs, uint32_t **uids)
{
	double	 t0 = now();
	size_t	 n = 0;

	*uids = NULL;
	for (;;) {
		free(*uids);
		if (imap_search_pending(im, uids, &n) == -1)
			return 0;
		if (n >= want || now() - t0 > secs)
			return n;
		usleep(50000);
	}
}

/*
 * Polls until a second session (doveadm) sees want unseen mails in the
 * judge's INBOX: Dovecot has stored them, and the session under test has
 * not been told. -1 after secs.
 */
static int
await_stored(size_t want, double secs)
{
	char	 cmd[512], line[256];
	double	 t0 = now();
	size_t	 n;
	FILE	*p;

	snprintf(cmd, sizeof(cmd), "doveadm -c '%s' search -u judge mailbox "
	    "INBOX unseen 2>/dev/null", E.dovecot_conf);
	for (;;) {
		n = 0;
		if ((p = popen(cmd, "r")) != NULL) {
			while (fgets(line, sizeof(line), p) != NULL)
				n++;
			pclose(p);
		}
		if (n >= want)
			return 0;
		if (now() - t0 > secs)
			return -1;
		usleep(50000);
	}
}

static int
tally_cb(void *arg, uint32_t uid, const char *raw, size_t len)
{
	struct tally	*t = arg;
	const char	*p;
	int		 i;

	(void)uid;
	t->n++;
	t->bytes += len;
	if ((p = memmem(raw, len, "Subject: e2e-", 13)) != NULL) {
		i = p[13] - '1';
		if (i >= 0 && i < 8)
			t->subjects |= 1 << i;
	}
	return 0;
}

static void
on_alarm(int sig)
{
	(void)sig;
	alarm_stop = 1;
}

/* One outbox row to rcpt with a Subject of its own. */
static void
outbox_row(struct db *db, const char *rcpt, const char *subject,
    time_t now)
{
	char	 msg[512];
	int	 n;

	n = snprintf(msg, sizeof(msg), "From: judge@%s\r\nTo: %s\r\n"
	    "Subject: %s\r\nMessage-ID: <%s.%ld@%s>\r\n\r\nbody\r\n",
	    E.domain, rcpt, subject, subject, (long)now, E.domain);
	if (db_outbox_add(db, 0, 0, rcpt, msg, (size_t)n, now) != DB_OK)
		check(0, "outbox row for %s stored", rcpt);
}

/*
 * The outbox against the real Exim: a deferred recipient (busy@, 451 on
 * RCPT) waits for its own backoff while the mails queued after it go out
 * in the same round, each marked sent as soon as the server took it.
 */
static void
test_outbox(void)
{
	struct db_outbox_row	 rows[8];
	struct smtp		*s;
	struct db		*db;
	char			 path[64], why[WHY_MAX] = "", busy[128],
				 bob[128], judge[128];
	time_t			 now = time(NULL);
	int			 n, i, fd, rc, waiting;

	snprintf(path, sizeof(path), "/tmp/pbemd-outbox-XXXXXX");
	if ((fd = mkstemp(path)) < 0) {
		check(0, "outbox: a temporary store");
		return;
	}
	close(fd);
	unlink(path);
	if (db_open(path, &db, why, sizeof(why)) != DB_OK) {
		check(0, "outbox: store opens (%s)", why);
		return;
	}
	snprintf(busy, sizeof(busy), "busy@%s", E.domain);
	snprintf(bob, sizeof(bob), "bob@%s", E.domain);
	snprintf(judge, sizeof(judge), "judge@%s", E.domain);
	outbox_row(db, busy, "outbox-busy", now);
	outbox_row(db, bob, "outbox-1", now);
	outbox_row(db, bob, "outbox-2", now);
	s = smtp_for(url("smtp", E.host, E.smtp_port), NULL, NULL, E.ca, true);
	rc = outbox_flush(db, s, judge, now, 0);
	check(rc == 2, "outbox: the two mails after a deferred recipient go "
	    "out in the same round (%d sent)", rc);
	waiting = db_outbox_pending(db, &n) == DB_OK ? n : -1;
	check(waiting == 1, "outbox: only the deferred mail waits (%d)",
	    waiting);
	rc = db_outbox_due(db, now, rows, 8, &n);
	check(rc == DB_OK && n == 0, "outbox: the deferred mail is not due "
	    "again at once (%d due)", n);
	for (i = 0; rc == DB_OK && i < n; i++)
		db_outbox_row_clear(&rows[i]);
	rc = db_outbox_due(db, now + 3600, rows, 8, &n);
	check(rc == DB_OK && n == 1 && rows[0].attempts == 1 &&
	    strcmp(rows[0].rcpt, busy) == 0, "outbox: it is tried again after "
	    "its backoff, attempt 1 counted");
	for (i = 0; rc == DB_OK && i < n; i++)
		db_outbox_row_clear(&rows[i]);
	smtp_free(s);
	db_close(db);
	snprintf(why, sizeof(why), "%s-wal", path);
	unlink(why);
	snprintf(why, sizeof(why), "%s-shm", path);
	unlink(why);
	unlink(path);
}

static void
test_smtp(void)
{
	struct smtp	*s1, *s2, *s;
	char		 why[WHY_MAX];
	char		 judge[64], bob[64], alice[64], ghost[64], busy[64];
	char		 down[32];
	int		 r;

	snprintf(judge, sizeof(judge), "judge@%s", E.domain);
	snprintf(bob, sizeof(bob), "bob@%s", E.domain);
	snprintf(alice, sizeof(alice), "alice@%s", E.domain);
	snprintf(ghost, sizeof(ghost), "ghost@%s", E.domain);

	s1 = smtp_for(url("smtp", E.host, E.smtp_port), NULL, NULL, E.ca, true);
	r = send1(s1, alice, judge, "e2e-1", why);
	check(r == SMTP_OK, "smtp:// STARTTLS required, verified with the "
	    "stack's CA: sent (%s)", r == SMTP_OK ? "ok" : why);
	s2 = smtp_for(url("smtps", "localhost", E.smtps_port), "alice",
	    "alicepw", E.ca, false);
	r = send1(s2, alice, judge, "e2e-2", why);
	check(r == SMTP_OK, "smtps:// with AUTH to host name localhost: sent "
	    "(%s)", r == SMTP_OK ? "ok" : why);
	r = send1(s1, alice, judge, "e2e-3", why);
	check(r == SMTP_OK, "second send on the same handle (connection "
	    "re-used): sent (%s)", r == SMTP_OK ? "ok" : why);
	r = send1(s1, alice, ghost, "ghost", why);
	check(r == SMTP_PERMFAIL && strstr(why, "550") != NULL,
	    "refused recipient gives SMTP_PERMFAIL (%d: %s)", r, why);
	r = send1(s1, alice, bob, "after-refusal", why);
	check(r == SMTP_OK, "the send after a refusal reconnects and succeeds "
	    "(%s)", r == SMTP_OK ? "ok" : why);
	snprintf(busy, sizeof(busy), "busy@%s", E.domain);
	r = send1(s1, alice, busy, "deferred", why);
	check(r == SMTP_RCPT_TEMPFAIL && strstr(why, "451") != NULL,
	    "a recipient deferred with 451 gives SMTP_RCPT_TEMPFAIL (%d: %s)",
	    r, why);
	smtp_free(s2);

	s = smtp_for(url("smtps", E.host, E.smtps_port), "alice", "wrong",
	    E.ca, false);
	r = send1(s, alice, bob, "bad-auth", why);
	check(r == SMTP_TEMPFAIL && strstr(why, "535") != NULL,
	    "wrong AUTH password gives SMTP_TEMPFAIL, not PERMFAIL (%d: %s)",
	    r, why);
	smtp_free(s);

	s = smtp_for(url("smtp", E.host, E.smtp_port), NULL, NULL, E.wrong_ca,
	    true);
	r = send1(s, alice, bob, "bad-ca", why);
	check(r == SMTP_TEMPFAIL, "STARTTLS with a wrong CA fails as "
	    "SMTP_TEMPFAIL (%d: %s)", r, why);
	smtp_free(s);

	snprintf(down, sizeof(down), "%d", closed_port());
	s = smtp_for(url("smtp", E.host, down), NULL, NULL, NULL, true);
	r = send1(s, alice, bob, "down", why);
	check(r == SMTP_TEMPFAIL, "server down gives SMTP_TEMPFAIL (%d: %s)",
	    r, why);
	smtp_free(s);
	check(smtp_new(&(struct smtp_conf){ .url = "http://x" }) == NULL,
	    "smtp_new refuses a non-SMTP URL");
	smtp_free(s1);
}

static void
test_tls(void)
{
	gnutls_datum_t	 pem = { NULL, 0 }, der = { NULL, 0 };
	struct tls_der	 chain;
	char		 why[WHY_MAX] = "";

	if (gnutls_load_file(E.ca, &pem) < 0 ||
	    gnutls_pem_base64_decode2("CERTIFICATE", &pem, &der) < 0) {
		check(0, "load the stack's certificate");
		return;
	}
	chain.data = der.data;
	chain.len = der.size;
	check(tls_verify_chain(&chain, 1, "127.0.0.1", E.ca, why,
	    sizeof(why)) == 0, "tls: IP address 127.0.0.1 matches the IP SAN");
	check(tls_verify_chain(&chain, 1, "mail.example.test", E.ca, why,
	    sizeof(why)) == 0, "tls: mail.example.test matches the DNS SAN");
	check(tls_verify_chain(&chain, 1, "other.example", E.ca, why,
	    sizeof(why)) == -1 && strstr(why, "does not name") != NULL,
	    "tls: another host name is refused (%s)", why);
	check(tls_verify_chain(&chain, 1, "127.0.0.1", E.wrong_ca, why,
	    sizeof(why)) == -1, "tls: wrong CA is refused (%s)", why);
	check(tls_verify_chain(&chain, 1, "127.0.0.1", "/nonexistent", why,
	    sizeof(why)) == -1, "tls: missing CA file is refused (%s)", why);
	check(tls_verify_chain(&chain, 1, "127.0.0.1", NULL, why,
	    sizeof(why)) == -1, "tls: the system store does not trust the "
	    "stack (%s)", why);
	gnutls_free(der.data);
	gnutls_free(pem.data);
}

/*
 * SNI: the stack shows a certificate for localhost only to a client that
 * names localhost (mailstack.sh); without SNI it shows the one for
 * 127.0.0.1, which the check refuses for localhost. So each way in by the
 * name works only when the name went into SNI: STARTTLS and implicit TLS,
 * IMAP and SMTP.
 */
static void
test_sni(void)
{
	const struct {
		const char	*scheme, *port;
		bool		 smtp, starttls;
	} way[] = {
		{ "imap", E.imap_port, false, true },
		{ "imaps", E.imaps_port, false, false },
		{ "smtp", E.smtp_port, true, true },
		{ "smtps", E.smtps_port, true, false },
	};
	struct smtp	*s;
	struct imap	*im;
	char		 why[WHY_MAX] = "", bob[64], alice[64], subject[32];
	const char	*u;
	size_t		 i;
	bool		 ok;

	snprintf(bob, sizeof(bob), "bob@%s", E.domain);
	snprintf(alice, sizeof(alice), "alice@%s", E.domain);
	for (i = 0; i < sizeof(way) / sizeof(way[0]); i++) {
		u = url(way[i].scheme, "localhost", way[i].port);
		if (way[i].smtp) {
			s = smtp_for(u, NULL, NULL, E.ca, way[i].starttls);
			snprintf(subject, sizeof(subject), "e2e-sni-%s",
			    way[i].scheme);
			ok = send1(s, alice, bob, subject, why) == SMTP_OK;
			smtp_free(s);
		} else {
			im = imap_for(u, "judgepw", E.ca, false, why);
			ok = im != NULL;
			imap_close(im);
		}
		check(ok, "%s://localhost%s names the server in SNI and gets its "
		    "certificate (%s)", way[i].scheme, way[i].starttls ?
		    " STARTTLS" : "", ok ? "ok" : why);
	}
}

static void
test_connect_failures(void)
{
	struct imap_conf c;
	struct imap	*im;
	char		 why[WHY_MAX] = "", down[32];

	im = imap_for(url("imap", E.host, E.imap_port), "wrong", E.ca, false,
	    why);
	check(im == NULL && strstr(why, "refused") != NULL,
	    "imap: wrong password fails (%s)", why);
	imap_close(im);
	im = imap_for(url("imaps", E.host, E.imaps_port), "judgepw",
	    E.wrong_ca, false, why);
	check(im == NULL && strstr(why, "not trusted") != NULL,
	    "imaps: wrong CA fails before login (%s)", why);
	imap_close(im);
	im = imap_for(url("imap", E.host, E.imap_port), "judgepw", E.wrong_ca,
	    false, why);
	check(im == NULL && strstr(why, "not trusted") != NULL,
	    "imap STARTTLS: wrong CA fails before login (%s)", why);
	imap_close(im);
	memset(&c, 0, sizeof(c));
	c.url = url("imap", E.host, E.imap_port);
	c.user = "judge";
	c.password = "judgepw";
	c.ca_file = E.wrong_ca;
	im = imap_connect(&c, why, sizeof(why));
	check(im == NULL && strstr(why, "not trusted") != NULL,
	    "imap: starttls = false still upgrades when offered, and verifies "
	    "(%s)", why);
	imap_close(im);
	im = imap_for(url("imaps", E.host, E.imaps_port), "judgepw",
	    E.wrong_ca, true, why);
	check(im != NULL, "imaps: insecure = true skips the check (%s)",
	    im != NULL ? "ok" : why);
	imap_close(im);
	snprintf(down, sizeof(down), "%d", closed_port());
	im = imap_for(url("imap", E.host, down), "judgepw", E.ca, false, why);
	check(im == NULL && strstr(why, "connect") != NULL,
	    "imap: server down fails (%s)", why);
	imap_close(im);
	im = imap_for("pop3://127.0.0.1", "judgepw", E.ca, false, why);
	check(im == NULL, "imap: a non-IMAP URL is refused (%s)", why);
	im = imap_for("imap://127.0.0.1:70000/INBOX", "judgepw", E.ca, false,
	    why);
	check(im == NULL, "imap: a bad port is refused (%s)", why);
	im = imap_for("imaps://judge@127.0.0.1/INBOX", "judgepw", E.ca, false,
	    why);
	check(im == NULL, "imap: user info in the URL is refused (%s)", why);
}

/*
 * Issue 13: processed mail carries the judge's keyword, and \Seen is the
 * operator's alone. His client reads the first mail before the judge does
 * (\Seen): the judge still finds it, marks it without touching \Seen, and
 * sets no \Seen on the others, so they stay unread in his client.
 */
static void
test_mailbox(struct imap *im, struct imap *im2)
{
	struct tally	 t = { 0, 0, 0 };
	uint32_t	*uids = NULL, *u2 = NULL;
	size_t		 n, n2, len = 0;
	char		*raw = NULL;
	int		 r, seen, kw;

	n = await_pending(im, 3, 15, &uids);
	check(n == 3, "UID SEARCH UNKEYWORD %s finds the 3 mails sent (%zu)",
	    IMAP_KEYWORD_DONE, n);
	check(imap_marking(im) == IMAP_MARK_KEYWORD &&
	    imap_marking(im2) == IMAP_MARK_KEYWORD, "Dovecot keeps new "
	    "keywords (PERMANENTFLAGS \\*): processed mail gets %s",
	    IMAP_KEYWORD_DONE);
	check(imap_uidvalidity(im) != 0 && imap_uidvalidity(im) ==
	    imap_uidvalidity(im2), "UIDVALIDITY is known and the same on both "
	    "connections (%u)", imap_uidvalidity(im));
	check(imap_has_idle(im), "the server offers IDLE");
	if (n < 3)
		goto out;
	r = imap_fetch(im, uids[0], &raw, &len);
	check(r == 0 && raw != NULL && strlen(raw) == len &&
	    memmem(raw, len, "Subject: e2e-", 13) != NULL &&
	    memmem(raw, len, "\r\n.a line with a leading dot\r\n", 30) != NULL,
	    "imap_fetch returns the whole message (%zu bytes)", len);
	free(raw);
	r = imap_fetch(im, uids[n - 1] + 1000, &raw, &len);
	check(r == 1 && raw == NULL, "imap_fetch of a missing UID returns 1");
	/* The second session sees new mail only after it synced (Dovecot
	 * answers a UID FETCH of a UID it has not seen yet with nothing). */
	n2 = await_pending(im2, n, 15, &u2);
	free(u2);
	r = imap_fetch_many(im2, uids, n, tally_cb, &t);
	check(r == 0 && t.n == n && t.subjects == 7,
	    "imap_fetch_many over imaps returns all three (%zu, mask %d)",
	    t.n, t.subjects);
	seen = has_flag("INBOX", uids[1], "\\Seen");
	check(seen == 0, "fetching set no \\Seen (%d)", seen);

	r = operator_store("INBOX", uids[0], "+FLAGS (\\Seen)");
	seen = has_flag("INBOX", uids[0], "\\Seen");
	check(r == 0 && seen == 1, "the operator's client marks the first "
	    "mail \\Seen (%d)", seen);
	n2 = await_pending(im, 0, 0, &u2);
	check(n2 == n && u2[0] == uids[0], "a mail the operator read is "
	    "still pending (%zu of %zu)", n2, n);
	free(u2);
	r = imap_mark_done(im, uids, 1);
	n2 = await_pending(im, 0, 0, &u2);
	free(u2);
	check(r == 0 && n2 == n - 1, "marking it processed leaves %zu "
	    "pending (%zu)", n - 1, n2);
	kw = has_flag("INBOX", uids[0], IMAP_KEYWORD_DONE);
	seen = has_flag("INBOX", uids[0], "\\Seen");
	check(kw == 1 && seen == 1, "it carries %s and still the operator's "
	    "\\Seen (%d, %d)", IMAP_KEYWORD_DONE, kw, seen);
	r = imap_mark_done(im2, uids + 1, n - 1);
	n2 = await_pending(im2, 0, 0, &u2);
	free(u2);
	check(r == 0 && n2 == 0, "marking the batch on the other connection "
	    "leaves none pending there (%zu)", n2);
	n2 = await_pending(im, 0, 0, &u2);
	free(u2);
	check(n2 == 0, "the first connection sees the other's marks at once "
	    "(%zu pending)", n2);
	kw = has_flag("INBOX", uids[1], IMAP_KEYWORD_DONE);
	seen = has_flag("INBOX", uids[1], "\\Seen");
	check(kw == 1 && seen == 0, "the judge sets no \\Seen: a processed "
	    "mail stays unread in the operator's client (%d, %d)", kw, seen);
	r = operator_store("INBOX", uids[0], "-FLAGS (\\Seen)");
	n2 = await_pending(im, 0, 0, &u2);
	free(u2);
	check(r == 0 && n2 == 0, "the operator marking a processed mail "
	    "unread makes it no work again (%zu pending)", n2);
out:
	free(uids);
}

/*
 * A mailbox that keeps no keyword (PERMANENTFLAGS (\Seen)) would take our
 * STORE and forget it; there the judge marks with \Seen, as before.
 */
static void
test_seen_only(void)
{
	struct imap	*im;
	uint32_t	*uids = NULL, *u2 = NULL;
	char		 why[WHY_MAX], u[160], cmd[512];
	size_t		 n, n2;
	int		 r, seen, kw;

	snprintf(u, sizeof(u), "imap://%s:%s/%s", E.host, E.imap_port,
	    E.seen_only);
	if ((im = imap_for(u, "judgepw", E.ca, false, why)) == NULL) {
		check(0, "connect to %s (%s)", E.seen_only, why);
		return;
	}
	check(imap_marking(im) == IMAP_MARK_SEEN, "a mailbox whose "
	    "PERMANENTFLAGS is (\\Seen) falls back to marking \\Seen");
	snprintf(cmd, sizeof(cmd), "printf 'From: alice@%s\\r\\nSubject: "
	    "seen-only\\r\\n\\r\\nHELP\\r\\n' | doveadm -c '%s' save -u judge "
	    "-m '%s'", E.domain, E.dovecot_conf, E.seen_only);
	r = system(cmd);
	n = await_pending(im, 1, 15, &uids);
	check(r == 0 && n == 1, "there UID SEARCH UNSEEN finds the mail (%zu)",
	    n);
	if (n == 1) {
		r = imap_mark_done(im, uids, 1);
		n2 = await_pending(im, 0, 0, &u2);
		free(u2);
		seen = has_flag(E.seen_only, uids[0], "\\Seen");
		kw = has_flag(E.seen_only, uids[0], IMAP_KEYWORD_DONE);
		check(r == 0 && n2 == 0 && seen == 1 && kw == 0, "marked "
		    "\\Seen, it is pending no more (%zu pending; \\Seen %d, "
		    "keyword %d)", n2, seen, kw);
	}
	free(uids);
	imap_close(im);
}

/* A child sends one mail after delay_ms; its send time comes back on fd. */
static pid_t
send_later(int delay_ms, int fd)
{
	struct smtp	*s;
	char		 why[WHY_MAX], to[64];
	double		 t;
	pid_t		 pid;

	if ((pid = fork()) != 0)
		return pid;
	usleep(delay_ms * 1000);
	snprintf(to, sizeof(to), "judge@%s", E.domain);
	s = smtp_for(url("smtp", E.host, E.smtp_port), NULL, NULL, E.ca, true);
	t = send1(s, to, to, "idle", why) == SMTP_OK ? now() : -1;
	if (write(fd, &t, sizeof(t)) != sizeof(t))
		_exit(1);
	/* No smtp_free(): the parent owns the process's leak check. */
	_exit(0);
}

static void
test_idle(struct imap *im)
{
	struct itimerval	 it = { { 0, 0 }, { 0, 300000 } };
	volatile sig_atomic_t	 stop = 0;
	uint32_t		*uids = NULL;
	double			 t0, t1, sent = -1;
	size_t			 n;
	pid_t			 pid;
	int			 fds[2], r;
	char			 why[WHY_MAX], to[64];
	struct smtp		*s;

	if (pipe(fds) == -1)
		return;
	pid = send_later(500, fds[1]);
	t0 = now();
	r = imap_wait(im, 5000, &stop);
	t1 = now();
	if (read(fds[0], &sent, sizeof(sent)) != sizeof(sent))
		sent = -1;
	waitpid(pid, NULL, 0);
	close(fds[0]);
	close(fds[1]);
	check(r == 1 && sent > 0 && t1 - sent < 2.0, "imap_wait returns 1 when "
	    "mail arrives during IDLE (%.3f s after the send)", t1 - sent);
	printf("bench: IDLE latency, SMTP accepted -> imap_wait returned: "
	    "%.0f ms (waited %.3f s)\n", (t1 - sent) * 1000, t1 - t0);
	n = await_pending(im, 1, 5, &uids);
	check(n == 1 && imap_mark_done(im, uids, n) == 0,
	    "the new mail is pending, then marked processed");
	free(uids);

	/* Announced together with "+ idling": only the read buffer has it. */
	snprintf(to, sizeof(to), "judge@%s", E.domain);
	s = smtp_for(url("smtp", E.host, E.smtp_port), NULL, NULL, E.ca, true);
	r = send1(s, to, to, "before-idle", why);
	smtp_free(s);
	check(r == SMTP_OK && await_stored(1, 120) == 0, "the mail sent "
	    "before IDLE is stored (%s)", r == SMTP_OK ? "sent" : why);
	t0 = now();
	r = imap_wait(im, 3000, &stop);
	t1 = now();
	check(r == 1 && t1 - t0 < 1.0, "imap_wait sees mail that arrived "
	    "before IDLE began (%.3f s)", t1 - t0);
	n = await_pending(im, 1, 5, &uids);
	imap_mark_done(im, uids, n);
	free(uids);

	t0 = now();
	r = imap_wait(im, 1000, &stop);
	t1 = now();
	check(r == 0 && t1 - t0 >= 0.95 && t1 - t0 < 1.5,
	    "imap_wait returns 0 on timeout (%.3f s for 1 s)", t1 - t0);

	signal(SIGALRM, on_alarm);
	alarm_stop = 0;
	setitimer(ITIMER_REAL, &it, NULL);
	t0 = now();
	r = imap_wait(im, 10000, &alarm_stop);
	t1 = now();
	check(r == 0 && t1 - t0 < 0.8, "imap_wait returns promptly when *stop "
	    "is set by a signal (%.3f s)", t1 - t0);
	stop = 1;
	t0 = now();
	r = imap_wait(im, 10000, &stop);
	t1 = now();
	check(r == 0 && t1 - t0 < 0.1, "imap_wait returns at once when *stop "
	    "is already set (%.3f s)", t1 - t0);
	n = await_pending(im, 0, 0, &uids);
	check(n == 0 && uids != NULL, "the connection is usable after a "
	    "stopped IDLE");
	free(uids);
}

static void
bench(struct imap *im)
{
	struct tally	 t = { 0, 0, 0 };
	struct smtp	*s;
	uint32_t	*uids = NULL;
	char		 why[WHY_MAX], to[64], from[64];
	char		*raw;
	double		 t0, t1;
	size_t		 i, n, len, ok = 0;
	int		 sent = 0;

	snprintf(to, sizeof(to), "judge@%s", E.domain);
	snprintf(from, sizeof(from), "alice@%s", E.domain);
	s = smtp_for(url("smtp", E.host, E.smtp_port), NULL, NULL, E.ca, true);
	t0 = now();
	while (sent < E.bulk && send1(s, from, to, "bulk", why) == SMTP_OK)
		sent++;
	t1 = now();
	smtp_free(s);
	check(sent == E.bulk, "%d mails sent over one STARTTLS connection",
	    sent);
	printf("bench: SMTP send, one connection, STARTTLS: %d in %.3f s "
	    "(%.0f msg/s)\n", sent, t1 - t0, sent / (t1 - t0));
	n = await_pending(im, (size_t)sent, 60, &uids);
	printf("bench: all delivered %.3f s after the first send\n",
	    now() - t0);
	check(n == (size_t)sent, "all %zu delivered and pending", n);

	t0 = now();
	i = imap_fetch_many(im, uids, n, tally_cb, &t);
	t1 = now();
	check(i == 0 && t.n == n, "imap_fetch_many returns all %zu", t.n);
	printf("bench: imap_fetch_many: %zu msgs (%zu bytes) in %.3f s "
	    "(%.0f msg/s)\n", t.n, t.bytes, t1 - t0, t.n / (t1 - t0));
	t0 = now();
	for (i = 0; i < n; i++)
		if (imap_fetch(im, uids[i], &raw, &len) == 0) {
			ok++;
			free(raw);
		}
	t1 = now();
	check(ok == n, "imap_fetch one by one returns all %zu", ok);
	printf("bench: imap_fetch one by one: %zu msgs in %.3f s "
	    "(%.0f msg/s)\n", ok, t1 - t0, ok / (t1 - t0));
	t0 = now();
	i = imap_mark_done(im, uids, n);
	t1 = now();
	free(uids);
	check(i == 0 && await_pending(im, 0, 0, &uids) == 0,
	    "one imap_mark_done for all %zu (%.3f s)", n, t1 - t0);
	free(uids);
}

/* doveadm kick ends the session under our feet, as a server restart would. */
static void
test_lost(void)
{
	volatile sig_atomic_t	 stop = 0;
	struct imap		*im;
	uint32_t		*uids = NULL;
	char			 why[WHY_MAX], cmd[512];
	double			 t0, t1;
	size_t			 n;
	pid_t			 pid;
	int			 r;

	im = imap_for(url("imap", E.host, E.imap_port), "judgepw", E.ca, false,
	    why);
	if (im == NULL) {
		check(0, "connect for the connection-loss test (%s)", why);
		return;
	}
	snprintf(cmd, sizeof(cmd), "doveadm -c '%s' kick judge >/dev/null",
	    E.dovecot_conf);
	if ((pid = fork()) == 0) {
		usleep(300000);
		_exit(system(cmd) == 0 ? 0 : 1);
	}
	t0 = now();
	r = imap_wait(im, 5000, &stop);
	t1 = now();
	waitpid(pid, NULL, 0);
	check(r == -1 && t1 - t0 < 2.0, "imap_wait returns -1 when the server "
	    "drops the connection during IDLE (%d after %.3f s)", r, t1 - t0);
	check(imap_search_pending(im, &uids, &n) == -1, "and the next command "
	    "fails too");
	free(uids);
	imap_close(im);
}

int
main(void)
{
	struct imap	*im, *im2;
	char		 why[WHY_MAX] = "";

	signal(SIGPIPE, SIG_IGN);
	log_init(LOG_LEVEL_WARN, "mailclient_test");
	E.host = env("MAILSTACK_HOST");
	E.imap_port = env("MAILSTACK_IMAP_PORT");
	E.imaps_port = env("MAILSTACK_IMAPS_PORT");
	E.smtp_port = env("MAILSTACK_SMTP_PORT");
	E.smtps_port = env("MAILSTACK_SMTPS_PORT");
	E.ca = env("MAILSTACK_CA_CERT");
	E.domain = env("MAILSTACK_DOMAIN");
	E.dovecot_conf = env("MAILSTACK_DOVECOT_CONF");
	E.seen_only = env("MAILSTACK_SEEN_ONLY");
	E.wrong_ca = env("MAILCLIENT_WRONG_CA");
	E.bulk = getenv("MAILCLIENT_BULK") ? atoi(getenv("MAILCLIENT_BULK")) :
	    200;

	test_smtp();
	test_outbox();
	test_tls();
	test_sni();
	im = imap_for(url("imap", E.host, E.imap_port), "judgepw", E.ca, false,
	    why);
	check(im != NULL, "imap:// STARTTLS with the stack's CA connects (%s)",
	    im != NULL ? "ok" : why);
	im2 = imap_for(url("imaps", "localhost", E.imaps_port), "judgepw",
	    E.ca, false, why);
	check(im2 != NULL, "imaps://localhost with the stack's CA connects "
	    "(%s)", im2 != NULL ? "ok" : why);
	if (im != NULL && im2 != NULL) {
		test_mailbox(im, im2);
		test_idle(im);
		bench(im);
	}
	test_seen_only();
	imap_close(im2);
	imap_close(im);
	test_connect_failures();
	test_lost();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
