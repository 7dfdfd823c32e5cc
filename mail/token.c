/*
 * token.c - reads the OAuth2 access token for one connection: the first
 * line of a file, or of what a command prints.
 *
 * The command runs as "/bin/sh -c COMMAND" with standard input from
 * /dev/null, standard output read here, standard error the judge's own (so
 * a helper's complaint lands in the judge's log), default signal actions,
 * and in a process group of its own, so that at its timeout the whole
 * group is killed, not just the shell. Everything is bounded: TOKEN_MAX
 * bytes, the timeout. Nothing here logs, no reason quotes what was read,
 * and every buffer that held it is zeroed.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/util.h"
#include "mail/token.h"

#define TOKEN_TIMEOUT_DEFAULT	60	/* seconds */
#define TOKEN_READ_MAX		(TOKEN_MAX + 2)	/* the token, CR, LF */
#define TOKEN_WAIT_SLICE_MS	10	/* between looks at an ending child */

extern char	**environ;

static int	 token_read_file(const char *, char *, size_t *, char *,
		    size_t);
static int	 token_read_command(const char *, int, char *, size_t *,
		    char *, size_t);
static int	 token_spawn(const char *, pid_t *, int *, char *, size_t);
static int	 token_drain(int, const struct timespec *, int, char *,
		    size_t *, char *, size_t);
static int	 token_reap(pid_t, const struct timespec *, int, char *,
		    size_t);
static char	*token_first_line(const char *, size_t, const char *, char *,
		    size_t);
static long	 token_ms_left(const struct timespec *, int);

char *
token_read(const struct token_source *src, char *why, size_t whylen)
{
	char	*raw, *tok = NULL;
	size_t	 len = 0;
	int	 rc;

	raw = xmalloc(TOKEN_READ_MAX + 1);
	if (src->file != NULL)
		rc = token_read_file(src->file, raw, &len, why, whylen);
	else if (src->command != NULL)
		rc = token_read_command(src->command, src->timeout > 0 ?
		    src->timeout : TOKEN_TIMEOUT_DEFAULT, raw, &len, why,
		    whylen);
	else {
		snprintf(why, whylen, "neither token_file nor token_command "
		    "is set");
		rc = -1;
	}
	if (rc == 0)
		tok = token_first_line(raw, len, src->file != NULL ?
		    src->file : "token_command", why, whylen);
	explicit_bzero(raw, TOKEN_READ_MAX + 1);
	free(raw);
	return tok;
}

void
token_free(char *tok)
{
	if (tok == NULL)
		return;
	explicit_bzero(tok, strlen(tok));
	free(tok);
}

/* RFC 6750 2.1: b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" /
 * "+" / "/" ) *"=". */
bool
token_valid(const char *s)
{
	const char	*p = s;

	while ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
	    (*p >= '0' && *p <= '9') || (*p != '\0' && strchr("-._~+/", *p)))
		p++;
	if (p == s)
		return false;
	while (*p == '=')
		p++;
	return *p == '\0';
}

/*
 * Up to TOKEN_READ_MAX bytes of the file into buf: enough for the longest
 * first line and its line end; the rest is not read. O_NONBLOCK: a FIFO
 * named by mistake reads as empty instead of hanging the daemon.
 */
static int
token_read_file(const char *path, char *buf, size_t *len, char *why,
    size_t whylen)
{
	ssize_t	 n;
	int	 fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) == -1) {
		snprintf(why, whylen, "token_file %s: cannot open: %s", path,
		    strerror(errno));
		return -1;
	}
	*len = 0;
	while (*len < TOKEN_READ_MAX &&
	    (n = read(fd, buf + *len, TOKEN_READ_MAX - *len)) != 0) {
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			snprintf(why, whylen, "token_file %s: cannot read: %s",
			    path, strerror(errno));
			close(fd);
			return -1;
		}
		*len += (size_t)n;
	}
	close(fd);
	return 0;
}

/* All the command prints, at most TOKEN_READ_MAX bytes, within timeout s. */
static int
token_read_command(const char *cmd, int timeout, char *buf, size_t *len,
    char *why, size_t whylen)
{
	struct timespec	 t0;
	pid_t		 pid;
	int		 fd, rc;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (token_spawn(cmd, &pid, &fd, why, whylen) == -1)
		return -1;
	rc = token_drain(fd, &t0, timeout, buf, len, why, whylen);
	close(fd);
	if (rc == -1) {
		kill(-pid, SIGKILL);
		while (waitpid(pid, NULL, 0) == -1 && errno == EINTR)
			;
		return -1;
	}
	return token_reap(pid, &t0, timeout, why, whylen);
}

/*
 * Starts /bin/sh -c cmd with its standard output on a pipe whose reading
 * end goes to *fd. No descriptor of the judge but 0, 1 and 2 reaches it
 * (the mailbox's socket, the database).
 */
static int
token_spawn(const char *cmd, pid_t *pid, int *fd, char *why, size_t whylen)
{
	posix_spawn_file_actions_t	 fa;
	posix_spawnattr_t		 sa;
	sigset_t			 dfl, none;
	char				*argv[] = { "sh", "-c", (char *)cmd, NULL };
	int				 p[2], rc;

	if (pipe2(p, O_CLOEXEC) == -1) {
		snprintf(why, whylen, "token_command: pipe: %s",
		    strerror(errno));
		return -1;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, p[1], 1);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 34)
	posix_spawn_file_actions_addclosefrom_np(&fa, 3);
#endif
	posix_spawnattr_init(&sa);
	/* The judge ignores SIGPIPE and catches SIGTERM; the helper must not
	 * inherit either, nor a blocked signal. */
	sigemptyset(&dfl);
	sigaddset(&dfl, SIGPIPE);
	sigaddset(&dfl, SIGTERM);
	sigaddset(&dfl, SIGINT);
	sigaddset(&dfl, SIGHUP);
	sigemptyset(&none);
	posix_spawnattr_setsigdefault(&sa, &dfl);
	posix_spawnattr_setsigmask(&sa, &none);
	posix_spawnattr_setpgroup(&sa, 0);
	posix_spawnattr_setflags(&sa, POSIX_SPAWN_SETSIGDEF |
	    POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);
	rc = posix_spawn(pid, "/bin/sh", &fa, &sa, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&sa);
	close(p[1]);
	if (rc != 0) {
		close(p[0]);
		snprintf(why, whylen, "token_command: cannot run /bin/sh: %s",
		    strerror(rc));
		return -1;
	}
	*fd = p[0];
	return 0;
}

/*
 * Reads fd to its end into buf. -1 with a reason when more than
 * TOKEN_READ_MAX bytes come, the read fails or the time is up.
 */
static int
token_drain(int fd, const struct timespec *t0, int timeout, char *buf,
    size_t *len, char *why, size_t whylen)
{
	struct pollfd	 pfd = { fd, POLLIN, 0 };
	char		 extra;
	ssize_t		 n;
	long		 left;
	int		 pr;

	*len = 0;
	for (;;) {
		if ((left = token_ms_left(t0, timeout)) <= 0) {
			snprintf(why, whylen, "token_command: no end after "
			    "%d s; killed", timeout);
			return -1;
		}
		if ((pr = poll(&pfd, 1, (int)left)) == -1 && errno != EINTR) {
			snprintf(why, whylen, "token_command: poll: %s",
			    strerror(errno));
			return -1;
		}
		if (pr <= 0)
			continue;
		if (*len < TOKEN_READ_MAX)
			n = read(fd, buf + *len, TOKEN_READ_MAX - *len);
		else if ((n = read(fd, &extra, 1)) > 0) {
			snprintf(why, whylen, "token_command: printed more "
			    "than %d bytes", TOKEN_READ_MAX);
			return -1;
		}
		if (n == 0)
			return 0;
		if (n == -1 && errno != EINTR && errno != EAGAIN) {
			snprintf(why, whylen, "token_command: read: %s",
			    strerror(errno));
			return -1;
		}
		if (n > 0)
			*len += (size_t)n;
	}
}

/*
 * Waits for the command's exit until its time is up, then kills its
 * process group. 0 only for exit status 0.
 */
static int
token_reap(pid_t pid, const struct timespec *t0, int timeout, char *why,
    size_t whylen)
{
	pid_t	 r;
	int	 st;

	while ((r = waitpid(pid, &st, WNOHANG)) == 0 ||
	    (r == -1 && errno == EINTR)) {
		if (r == 0 && token_ms_left(t0, timeout) <= 0) {
			kill(-pid, SIGKILL);
			while (waitpid(pid, NULL, 0) == -1 && errno == EINTR)
				;
			snprintf(why, whylen, "token_command: no exit after "
			    "%d s; killed", timeout);
			return -1;
		}
		if (r == 0)
			poll(NULL, 0, TOKEN_WAIT_SLICE_MS);
	}
	if (r == -1) {
		snprintf(why, whylen, "token_command: wait: %s",
		    strerror(errno));
		return -1;
	}
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	if (WIFEXITED(st))
		snprintf(why, whylen, "token_command: exited with status %d",
		    WEXITSTATUS(st));
	else
		snprintf(why, whylen, "token_command: killed by signal %d",
		    WTERMSIG(st));
	return -1;
}

/*
 * The token: the first line of the len bytes at raw, without its CR LF or
 * LF. Owned, or NULL with a reason naming what (a path or
 * "token_command").
 */
static char *
token_first_line(const char *raw, size_t len, const char *what, char *why,
    size_t whylen)
{
	const char	*nl = memchr(raw, '\n', len);
	size_t		 n = nl != NULL ? (size_t)(nl - raw) : len;
	char		*tok;

	if (n > 0 && raw[n - 1] == '\r')
		n--;
	if (n == 0) {
		snprintf(why, whylen, "%s: no token (the first line is empty)",
		    what);
		return NULL;
	}
	if (n > TOKEN_MAX) {
		snprintf(why, whylen, "%s: the first line is longer than %d "
		    "bytes", what, TOKEN_MAX);
		return NULL;
	}
	tok = xstrndup(raw, n);
	if (strlen(tok) != n || !token_valid(tok)) {
		token_free(tok);
		snprintf(why, whylen, "%s: the first line is no OAuth2 access "
		    "token (a byte outside RFC 6750's b64token)", what);
		return NULL;
	}
	return tok;
}

/* Milliseconds left of timeout s counted from t0. */
static long
token_ms_left(const struct timespec *t0, int timeout)
{
	struct timespec	 t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return timeout * 1000L - ((t.tv_sec - t0->tv_sec) * 1000L +
	    (t.tv_nsec - t0->tv_nsec) / 1000000L);
}
