/*
 * test_outbox.c - adjudicator/serve/outbox.c against a scripted SMTP server
 * (support_lineserver.h) and a store whose WAL syncs are counted (a VFS
 * that wraps the system's): each mail is marked sent in a commit of its
 * own before the next goes out, so a crash of the process re-sends at most
 * the one in flight; a round syncs its marks every OUTBOX_SYNC_EVERY and
 * at its end, not each on its own (issue 18); and after a round, sent or
 * failed, intake's commits wait for the disk again.
 */
#include "tests/unit/test.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "adjudicator/serve/outbox.h"
#include "common/util.h"
#include "tests/unit/mail/support_lineserver.h"

#define T_FROM	"judge@example.test"
#define T_MSG	"From: judge@example.test\r\nSubject: t\r\n\r\nhi\r\n"
#define T_BIG_LINES	2000	/* of 76 characters: a report with a map */

static char		 path[64], url[64];
static struct db	*db;

/* ---- a VFS that counts the syncs of every WAL */

static sqlite3_vfs		*real_vfs;
static sqlite3_vfs		 count_vfs;
static const sqlite3_io_methods	*real_io;
static sqlite3_io_methods	 wal_io;
static int			 wal_syncs;

static int
count_sync(sqlite3_file *f, int flags)
{
	wal_syncs++;
	return real_io->xSync(f, flags);
}

/* The system's file, with the WAL's xSync counted on the way. */
static int
count_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags,
    int *out)
{
	int	 rc;

	(void)vfs;
	rc = real_vfs->xOpen(real_vfs, name, f, flags, out);
	if (rc == SQLITE_OK && (flags & SQLITE_OPEN_WAL) && f->pMethods) {
		real_io = f->pMethods;
		wal_io = *real_io;
		wal_io.xSync = count_sync;
		f->pMethods = &wal_io;
	}
	return rc;
}

static void
count_install(void)
{
	if (real_vfs != NULL)
		return;
	real_vfs = sqlite3_vfs_find(NULL);
	count_vfs = *real_vfs;
	count_vfs.zName = "pbemd-count";
	count_vfs.xOpen = count_open;
	ck_assert_int_eq(sqlite3_vfs_register(&count_vfs, 1), SQLITE_OK);
}

/* ---- the heap: every allocation counted (the unit tests run with ASan) */

/* ASan's, from <sanitizer/allocator_interface.h>, which gcc does not ship. */
int	 __sanitizer_install_malloc_and_free_hooks(
	    void (*)(const volatile void *, size_t),
	    void (*)(const volatile void *));
size_t	 __sanitizer_get_allocated_size(const volatile void *);

static bool	 heap_on;
static size_t	 heap_now, heap_peak;

static void
heap_malloc(const volatile void *p, size_t n)
{
	(void)p;
	if (!heap_on)
		return;
	heap_now += n;
	if (heap_now > heap_peak)
		heap_peak = heap_now;
}

static void
heap_free(const volatile void *p)
{
	size_t	 n;

	if (!heap_on || p == NULL)
		return;
	/* Memory from before the count began counts as freed from zero. */
	n = __sanitizer_get_allocated_size((const void *)p);
	heap_now = heap_now > n ? heap_now - n : 0;
}

/* Counts from zero from now on; the hooks are installed once a process. */
static void
heap_start(void)
{
	static bool	 hooked;

	if (!hooked)
		ck_assert_int_ne(__sanitizer_install_malloc_and_free_hooks(
		    heap_malloc, heap_free), 0);
	hooked = true;
	heap_now = heap_peak = 0;
	heap_on = true;
}

/* ---- the server */

/* Marked rows, from a connection of the server's own. */
static int
marked(void)
{
	sqlite3		*h;
	sqlite3_stmt	*st;
	int		 n = -1;

	if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL) !=
	    SQLITE_OK)
		return -1;
	if (sqlite3_prepare_v2(h, "SELECT count(*) FROM outbox WHERE sent "
	    "IS NOT NULL", -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(h);
	return n;
}

/* Takes every mail; its answer to MAIL says how many were marked then. */
static void
fake_smtp(struct ls_conn *c, void *arg)
{
	const char	*l;

	(void)arg;
	ls_write(c, "220 fake ESMTP");
	while ((l = ls_read(c)) != NULL) {
		if (strncasecmp(l, "EHLO ", 5) == 0) {
			ls_write(c, "250-fake");
			ls_write(c, "250 8BITMIME");
		} else if (strncasecmp(l, "MAIL ", 5) == 0)
			ls_write(c, "250 ok marked=%d", marked());
		else if (strncasecmp(l, "RCPT ", 5) == 0)
			ls_write(c, "250 ok");
		else if (strncasecmp(l, "DATA", 4) == 0) {
			ls_write(c, "354 go on");
			while ((l = ls_read(c)) != NULL && strcmp(l, ".") != 0)
				;
			ls_write(c, "250 queued");
		} else if (strncasecmp(l, "QUIT", 4) == 0) {
			ls_write(c, "221 bye");
			return;
		} else
			ls_write(c, "500 what");
	}
}

/* ---- fixture */

static void
setup(void)
{
	int	 fd;

	count_install();
	strcpy(path, "/tmp/pbemd-outbox-XXXXXX");
	ck_assert_int_ge(fd = mkstemp(path), 0);
	close(fd);
	unlink(path);
}

static void
teardown(void)
{
	char	 p[96];

	db_close(db);
	db = NULL;
	unlink(path);
	snprintf(p, sizeof(p), "%s-wal", path);
	unlink(p);
	snprintf(p, sizeof(p), "%s-shm", path);
	unlink(p);
}

/* The store with n mails queued; opened after the server's child began,
 * which must not inherit an open connection. */
static void
store_msg(int n, const char *msg)
{
	char	 why[256] = "", rcpt[64];
	int	 i;

	ck_assert_msg(db_open(path, &db, why, sizeof(why)) == DB_OK, "%s", why);
	for (i = 0; i < n; i++) {
		snprintf(rcpt, sizeof(rcpt), "p%d@example.test", i);
		ck_assert_int_eq(db_outbox_add(db, 0, 0, rcpt, msg,
		    strlen(msg), 1000), DB_OK);
	}
}

static void
store(int n)
{
	store_msg(n, T_MSG);
}

static struct smtp *
client(uint16_t port)
{
	struct smtp_conf	 conf;

	snprintf(url, sizeof(url), "smtp://127.0.0.1:%u", port);
	memset(&conf, 0, sizeof(conf));
	conf.url = url;
	conf.timeout = 20;
	return smtp_new(&conf);
}

/* Sends the due mails through a fresh server; the WAL syncs it cost. */
static int
flush(int n, int every, const char **transcript, struct lineserver **lsp)
{
	struct lineserver	*ls = lineserver_start(1, fake_smtp, NULL);
	struct smtp		*s;
	int			 syncs;

	store(n);
	s = client(lineserver_port(ls));
	wal_syncs = 0;
	ck_assert_int_eq(outbox_flush_sync(db, s, T_FROM, 1000, 0, every), n);
	syncs = wal_syncs;
	smtp_free(s);
	*transcript = lineserver_finish(ls);
	*lsp = ls;
	return syncs;
}

/* A commit after the round: whether it waited for the disk. */
static bool
commit_syncs(void)
{
	wal_syncs = 0;
	ck_assert_int_eq(db_outbox_add(db, 0, 0, "late@example.test", T_MSG,
	    strlen(T_MSG), 2000), DB_OK);
	return wal_syncs > 0;
}

/* ---- tests */

/* The promise of outbox.c: a crash re-sends at most the one in flight. */
START_TEST(each_mail_is_marked_before_the_next_goes_out)
{
	struct lineserver	*ls;
	const char		*t, *p;
	char			 want[64];
	int			 k;

	(void)flush(5, OUTBOX_SYNC_EVERY, &t, &ls);
	for (p = t, k = 0; k < 5; k++, p++) {
		snprintf(want, sizeof(want), "S: 250 ok marked=%d\n", k);
		ck_assert_msg((p = strstr(p, want)) != NULL, "no \"%s\" in:\n%s",
		    want, t);
	}
	ck_assert_int_eq(marked(), 5);
	lineserver_free(ls);
}
END_TEST

/* Issue 18: 40 marks, synced after the 32nd and at the round's end. */
START_TEST(a_round_syncs_its_marks_in_groups_and_at_its_end)
{
	struct lineserver	*ls;
	const char		*t;

	ck_assert_int_eq(OUTBOX_SYNC_EVERY, 32);
	ck_assert_int_eq(flush(40, OUTBOX_SYNC_EVERY, &t, &ls), 2);
	ck_assert_int_eq(marked(), 40);
	ck_assert(commit_syncs());
	lineserver_free(ls);
}
END_TEST

/* What the send benchmark compares with: each mark synced on its own. */
START_TEST(with_every_1_each_mark_is_synced_on_its_own)
{
	struct lineserver	*ls;
	const char		*t;

	ck_assert_int_eq(flush(5, 1, &t, &ls), 5);
	ck_assert(commit_syncs());
	lineserver_free(ls);
}
END_TEST

/*
 * Issue 18: a round holds one message at a time, not a page of them. 40
 * mails of 150 KB each are 6 MB; the round's heap may grow by a few
 * messages (the one being sent, SQLite's copy of it, the buffer's slack)
 * and SQLite's and libcurl's own, never by the queue.
 */
START_TEST(a_round_holds_one_message_at_a_time)
{
	struct lineserver	*ls = lineserver_start(1, fake_smtp, NULL);
	struct buf		 big;
	struct smtp		*s;
	size_t			 peak;
	int			 i;

	buf_init(&big);
	buf_puts(&big, "From: judge@example.test\r\nSubject: map\r\n\r\n");
	for (i = 0; i < T_BIG_LINES; i++)
		buf_printf(&big, "%076d\r\n", i);
	store_msg(40, big.data);
	s = client(lineserver_port(ls));
	heap_start();
	ck_assert_int_eq(outbox_flush_sync(db, s, T_FROM, 1000, 0,
	    OUTBOX_SYNC_EVERY), 40);
	heap_on = false;
	peak = heap_peak;
	smtp_free(s);
	lineserver_finish(ls);
	ck_assert_int_eq(marked(), 40);
	ck_assert_msg(peak < 6 * big.len, "the round's heap grew by %zu "
	    "bytes, messages of %zu", peak, big.len);
	lineserver_free(ls);
	buf_free(&big);
}
END_TEST

/* A round that fails gives the store back as it found it too. */
START_TEST(after_a_failed_round_commits_wait_for_the_disk_again)
{
	struct smtp	*s;

	store(3);
	s = client(9);		/* nobody listens */
	ck_assert_int_eq(outbox_flush(db, s, T_FROM, 1000, 0), -1);
	smtp_free(s);
	ck_assert_int_eq(marked(), 0);
	ck_assert(commit_syncs());
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("serve/outbox");
	TCase	*tc;

	tc = tcase_create("marks");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, each_mail_is_marked_before_the_next_goes_out);
	tcase_add_test(tc, a_round_syncs_its_marks_in_groups_and_at_its_end);
	tcase_add_test(tc, with_every_1_each_mark_is_synced_on_its_own);
	tcase_add_test(tc, after_a_failed_round_commits_wait_for_the_disk_again);
	tcase_add_test(tc, a_round_holds_one_message_at_a_time);
	suite_add_tcase(s, tc);
	return s;
}
