/*
 * test_log.c - common/log.c: the level filter, the stderr line (its format
 * kept as it was before syslog came), the names of the targets, the
 * syslog(3) priority of each level, and syslog lines as they arrive at
 * /dev/log (in a private mount namespace where the test binds that socket;
 * skipped, and said so, where the machine allows no namespace).
 */
#include "tests/unit/test.h"
#include <errno.h>
#include <fcntl.h>
#include <regex.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <syslog.h>
#include <unistd.h>

#include "common/log.h"

/* The exit status of the syslog child when no namespace can be made. */
#define TEST_LOG_SKIP	77

START_TEST(levels_map_to_syslog_priorities)
{
	ck_assert_int_eq(log_priority(LOG_LEVEL_ERROR), LOG_ERR);
	ck_assert_int_eq(log_priority(LOG_LEVEL_WARN), LOG_WARNING);
	ck_assert_int_eq(log_priority(LOG_LEVEL_INFO), LOG_INFO);
	ck_assert_int_eq(log_priority(LOG_LEVEL_DEBUG), LOG_DEBUG);
}
END_TEST

START_TEST(targets_are_parsed_by_name)
{
	enum log_target	 t = LOG_TARGET_STDERR;

	ck_assert_int_eq(log_target_parse("syslog", &t), 0);
	ck_assert_int_eq(t, LOG_TARGET_SYSLOG);
	ck_assert_int_eq(log_target_parse("stderr", &t), 0);
	ck_assert_int_eq(t, LOG_TARGET_STDERR);
	ck_assert_int_eq(log_target_parse("SysLog", &t), 0);
	ck_assert_int_eq(t, LOG_TARGET_SYSLOG);
	t = LOG_TARGET_STDERR;
	ck_assert_int_eq(log_target_parse("journal", &t), -1);
	ck_assert_int_eq(log_target_parse("", &t), -1);
	ck_assert_int_eq(log_target_parse("syslog ", &t), -1);
	ck_assert_int_eq(t, LOG_TARGET_STDERR);
}
END_TEST

/* What the log functions wrote to standard error while fn ran. */
static char *
stderr_of(void (*fn)(void))
{
	FILE	*tmp;
	char	*out;
	long	 n;
	int	 saved;

	ck_assert_ptr_nonnull(tmp = tmpfile());
	fflush(stderr);
	ck_assert_int_ge(saved = dup(2), 0);
	ck_assert_int_eq(dup2(fileno(tmp), 2), 2);
	fn();
	fflush(stderr);
	ck_assert_int_eq(dup2(saved, 2), 2);
	close(saved);
	n = ftell(tmp);
	ck_assert_int_ge(n, 0);
	out = calloc(1, (size_t)n + 1);
	rewind(tmp);
	ck_assert_uint_eq(fread(out, 1, (size_t)n, tmp), (size_t)n);
	fclose(tmp);
	return out;
}

static void
four_lines(void)
{
	log_init(LOG_LEVEL_INFO, "pbemd");
	log_error("config: reload refused file=%s", "x.ini");
	errno = ENOENT;
	log_warn("store path=%s", "/nowhere");
	log_info("mail uid=%d", 812);
	log_debug("not shown at info");
}

START_TEST(stderr_lines_keep_their_format)
{
	static const char *const want =
	    "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z "
	    "pbemd error: config: reload refused file=x\\.ini\n"
	    "[0-9T:.-]{23}Z pbemd warn: store path=/nowhere: "
	    "No such file or directory\n"
	    "[0-9T:.-]{23}Z pbemd info: mail uid=812\n$";
	regex_t	 re;
	char	*got = stderr_of(four_lines);

	ck_assert_int_eq(regcomp(&re, want, REG_EXTENDED | REG_NOSUB), 0);
	ck_assert_msg(regexec(&re, got, 0, NULL, 0) == 0, "got:\n%s", got);
	regfree(&re);
	free(got);
}
END_TEST

static void
to_syslog_and_back(void)
{
	log_init(LOG_LEVEL_INFO, "pbemd");
	log_target_set(LOG_TARGET_SYSLOG);
	log_warnx("to syslog, not here");
	log_target_set(LOG_TARGET_STDERR);
	log_info("here again");
}

START_TEST(syslog_lines_leave_stderr_until_it_is_the_target_again)
{
	char	*got = stderr_of(to_syslog_and_back);

	ck_assert_ptr_null(strstr(got, "not here"));
	ck_assert_ptr_nonnull(strstr(got, "Z pbemd info: here again\n"));
	free(got);
}
END_TEST

/* Writes "0 id 1" to one of /proc/self/{uid,gid}_map. */
static int
map_id(const char *file, unsigned id)
{
	char	 line[64];
	int	 fd, n, rc;

	if ((fd = open(file, O_WRONLY)) < 0)
		return -1;
	n = snprintf(line, sizeof(line), "0 %u 1", id);
	rc = write(fd, line, (size_t)n) == n ? 0 : -1;
	close(fd);
	return rc;
}

/*
 * In a mount namespace of its own, /dev becomes an empty tmpfs and the
 * returned datagram socket is bound at /dev/log, where syslog(3) sends:
 * nothing of the machine's /dev is touched. -1 when the machine allows no
 * namespace (a container without the right), which the caller reports.
 */
static int
syslog_sink(void)
{
	struct sockaddr_un	 sa;
	unsigned		 uid = getuid(), gid = getgid();
	int			 fd, sfd;

	if (unshare(CLONE_NEWUSER | CLONE_NEWNS) == 0) {
		if ((sfd = open("/proc/self/setgroups", O_WRONLY)) >= 0) {
			if (write(sfd, "deny", 4) != 4)
				return -1;
			close(sfd);
		}
		if (map_id("/proc/self/uid_map", uid) != 0 ||
		    map_id("/proc/self/gid_map", gid) != 0)
			return -1;
	} else if (unshare(CLONE_NEWNS) != 0)
		return -1;
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
	    mount("tmpfs", "/dev", "tmpfs", 0, "mode=755") != 0)
		return -1;
	if ((fd = socket(AF_UNIX, SOCK_DGRAM, 0)) < 0)
		return -1;
	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	strcpy(sa.sun_path, "/dev/log");
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) != 0)
		return -1;
	return fd;
}

/* The next datagram, as a string; "" when none is waiting. */
static void
next_line(int fd, char *buf, size_t len)
{
	ssize_t	 n = recv(fd, buf, len - 1, MSG_DONTWAIT);

	buf[n > 0 ? (size_t)n : 0] = '\0';
}

/* One received line: "<PRI>" then glibc's "Mmm dd hh:mm:ss " then
 * "ident[pid]: " then text and nothing else (no time stamp of our own, no
 * level tag). 0 when it is so, else 1 with the reason on fd out. */
static int
line_is(int fd, int out, int pri, const char *text)
{
	char	 got[512], head[16], tail[300];

	next_line(fd, got, sizeof(got));
	snprintf(head, sizeof(head), "<%d>", pri);
	snprintf(tail, sizeof(tail), " pbemd-test[%ld]: %s", (long)getpid(),
	    text);
	if (strncmp(got, head, strlen(head)) == 0 &&
	    strlen(got) > strlen(tail) &&
	    strcmp(got + strlen(got) - strlen(tail), tail) == 0)
		return 0;
	dprintf(out, "want %s...%s, got \"%s\"; ", head, tail, got);
	return 1;
}

/* The child's part: every level once, at info and then at debug. */
static int
syslog_child(int out)
{
	int	 fd, bad = 0;
	char	 rest[512];

	if ((fd = syslog_sink()) < 0) {
		dprintf(out, "no mount namespace here: %s", strerror(errno));
		return TEST_LOG_SKIP;
	}
	log_init(LOG_LEVEL_INFO, "pbemd-test");
	log_target_set(LOG_TARGET_SYSLOG);
	log_error("config: reload refused");
	log_warnx("imap: connection lost");
	errno = ENOENT;
	log_warn("store");
	log_info("mail uid=%d", 812);
	log_debug("filtered at info");
	log_init(LOG_LEVEL_DEBUG, NULL);
	log_debug("outbox id=%d sent", 7);
	/* LOG_DAEMON is 3 << 3: 24 + priority. */
	bad |= line_is(fd, out, 27, "config: reload refused");
	bad |= line_is(fd, out, 28, "imap: connection lost");
	bad |= line_is(fd, out, 28, "store: No such file or directory");
	bad |= line_is(fd, out, 30, "mail uid=812");
	bad |= line_is(fd, out, 31, "outbox id=7 sent");
	next_line(fd, rest, sizeof(rest));
	if (rest[0] != '\0') {
		dprintf(out, "one line too many: \"%s\"", rest);
		bad = 1;
	}
	return bad;
}

START_TEST(syslog_lines_carry_the_priority_of_their_level)
{
	char	 why[1024] = "";
	int	 p[2], status;
	size_t	 len = 0;
	ssize_t	 n;
	pid_t	 pid;

	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_ge(pid = fork(), 0);
	if (pid == 0) {
		close(p[0]);
		_exit(syslog_child(p[1]));
	}
	close(p[1]);
	/* To the end: the child writes each failing line's reason. */
	while (len < sizeof(why) - 1 &&
	    (n = read(p[0], why + len, sizeof(why) - 1 - len)) > 0)
		len += (size_t)n;
	why[len] = '\0';
	close(p[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	if (WEXITSTATUS(status) == TEST_LOG_SKIP) {
		printf("SKIP: syslog_lines_carry_the_priority_of_their_level: "
		    "%s\n", why);
		return;
	}
	ck_assert_msg(WEXITSTATUS(status) == 0, "%s", why);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("common/log");
	TCase	*tc;

	tc = tcase_create("names");
	tcase_add_test(tc, levels_map_to_syslog_priorities);
	tcase_add_test(tc, targets_are_parsed_by_name);
	suite_add_tcase(s, tc);

	tc = tcase_create("stderr");
	tcase_add_test(tc, stderr_lines_keep_their_format);
	tcase_add_test(tc, syslog_lines_leave_stderr_until_it_is_the_target_again);
	suite_add_tcase(s, tc);

	tc = tcase_create("syslog");
	tcase_add_test(tc, syslog_lines_carry_the_priority_of_their_level);
	suite_add_tcase(s, tc);
	return s;
}
