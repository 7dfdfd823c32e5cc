/*
 * support_lineserver.c - the scripted line server of support_lineserver.h:
 * a listening socket on 127.0.0.1, a child that serves the connections
 * with the test's handler, and the transcript in a temporary file.
 */
#include <check.h>
#include <sodium.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/unit/mail/support_lineserver.h"

#define LS_ACCEPT_MS	60000

struct lineserver {
	pid_t		 pid;
	uint16_t	 port;
	char		 path[64];
	char		*text;
};

struct ls_conn {
	FILE		*in;
	FILE		*out;
	FILE		*log;
	char		*line;
	size_t		 cap;
	bool		 crlf;		/* the last line ended in CR LF */
};

static void
ls_serve(int lfd, int n, lineserver_fn *fn, void *arg, FILE *log)
{
	struct pollfd	 pfd = { lfd, POLLIN, 0 };
	struct ls_conn	 c;
	int		 fd, i;

	for (i = 0; i < n; i++) {
		if (poll(&pfd, 1, LS_ACCEPT_MS) != 1 ||
		    (fd = accept(lfd, NULL, NULL)) == -1)
			break;
		memset(&c, 0, sizeof(c));
		c.in = fdopen(fd, "r");
		c.out = fdopen(dup(fd), "w");
		c.log = log;
		fn(&c, arg);
		fclose(c.in);
		fclose(c.out);
		free(c.line);
	}
}

struct lineserver *
lineserver_start(int n, lineserver_fn *fn, void *arg)
{
	struct lineserver	*ls = calloc(1, sizeof(*ls));
	struct sockaddr_in	 sin;
	socklen_t		 len = sizeof(sin);
	FILE			*log;
	int			 lfd, fd;

	ck_assert_ptr_nonnull(ls);
	strcpy(ls->path, "/tmp/pbemd-lineserver-XXXXXX");
	ck_assert_int_ge(fd = mkstemp(ls->path), 0);
	close(fd);
	ck_assert_int_ge(lfd = socket(AF_INET, SOCK_STREAM, 0), 0);
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(bind(lfd, (struct sockaddr *)&sin, sizeof(sin)), 0);
	ck_assert_int_eq(listen(lfd, 4), 0);
	ck_assert_int_eq(getsockname(lfd, (struct sockaddr *)&sin, &len), 0);
	ls->port = ntohs(sin.sin_port);
	ck_assert_int_ge(ls->pid = fork(), 0);
	if (ls->pid == 0) {
		if ((log = fopen(ls->path, "w")) != NULL) {
			setvbuf(log, NULL, _IOLBF, 0);
			ls_serve(lfd, n, fn, arg, log);
			fclose(log);
		}
		_exit(0);
	}
	close(lfd);
	return ls;
}

uint16_t
lineserver_port(const struct lineserver *ls)
{
	return ls->port;
}

const char *
lineserver_finish(struct lineserver *ls)
{
	FILE	*f;
	long	 n;

	if (ls->text != NULL)
		return ls->text;
	ck_assert_int_eq(waitpid(ls->pid, NULL, 0), ls->pid);
	ck_assert_ptr_nonnull(f = fopen(ls->path, "r"));
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	ck_assert_ptr_nonnull(ls->text = calloc(1, (size_t)n + 1));
	ck_assert_int_eq(fread(ls->text, 1, (size_t)n, f), n);
	fclose(f);
	return ls->text;
}

void
lineserver_free(struct lineserver *ls)
{
	if (ls == NULL)
		return;
	lineserver_finish(ls);
	unlink(ls->path);
	free(ls->text);
	free(ls);
}

const char *
ls_read(struct ls_conn *c)
{
	ssize_t	 n;

	fflush(c->out);
	if ((n = getline(&c->line, &c->cap, c->in)) <= 0)
		return NULL;
	c->crlf = n >= 2 && c->line[n - 2] == '\r' && c->line[n - 1] == '\n';
	while (n > 0 && (c->line[n - 1] == '\n' || c->line[n - 1] == '\r'))
		c->line[--n] = '\0';
	fprintf(c->log, "C: %s\n", c->line);
	return c->line;
}

bool
ls_crlf(const struct ls_conn *c)
{
	return c->crlf;
}

void
ls_write(struct ls_conn *c, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	fputs("S: ", c->log);
	vfprintf(c->log, fmt, ap);
	fputc('\n', c->log);
	va_end(ap);
	va_start(ap, fmt);
	vfprintf(c->out, fmt, ap);
	fputs("\r\n", c->out);
	va_end(ap);
}

void
ls_b64_decode(const char *s, char *out, size_t outlen)
{
	size_t	 n = 0;

	ck_assert_int_eq(sodium_base642bin((unsigned char *)out, outlen - 1,
	    s, strlen(s), NULL, &n, NULL, sodium_base64_VARIANT_ORIGINAL), 0);
	out[n] = '\0';
}

void
ls_sent_after(const char *text, const char *prefix, char *out,
    size_t outlen)
{
	const char	*p = strstr(text, prefix);
	char		 b64[8192];
	size_t		 n;

	ck_assert_msg(p != NULL, "no \"%s\" in:\n%s", prefix, text);
	p += strlen(prefix);
	n = strcspn(p, "\n");
	ck_assert_uint_lt(n, sizeof(b64));
	memcpy(b64, p, n);
	b64[n] = '\0';
	ls_b64_decode(b64, out, outlen);
}
