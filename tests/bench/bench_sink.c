/*
 * bench_sink.c - the send benchmark's SMTP sink: plain TCP on 127.0.0.1,
 * one connection at a time, EHLO (offering PIPELINING), MAIL, RCPT, RSET
 * and NOOP answered 250, DATA read to its dot and dropped, QUIT. No TLS,
 * no AUTH, no spool, no checks: a server that costs next to nothing, so
 * the clients' own costs are what a run measures. Never linked into pbemd.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tests/bench/bench_sink.h"

#define BENCH_SINK_IN	65536

struct bench_sink_conn {
	int	 fd;
	char	 in[BENCH_SINK_IN];
	size_t	 len;
	size_t	 off;
};

/* The next line, CR LF and all, and its length; NULL at the end (or for a
 * line longer than the buffer). Valid until the next call. */
static const char *
bench_sink_line(struct bench_sink_conn *c, size_t *n)
{
	const char	*nl, *line;
	ssize_t		 r;

	while ((nl = memchr(c->in + c->off, '\n', c->len - c->off)) == NULL) {
		memmove(c->in, c->in + c->off, c->len - c->off);
		c->len -= c->off;
		c->off = 0;
		if (c->len == sizeof(c->in) || (r = read(c->fd, c->in + c->len,
		    sizeof(c->in) - c->len)) <= 0)
			return NULL;
		c->len += (size_t)r;
	}
	line = c->in + c->off;
	*n = (size_t)(nl - line) + 1;
	c->off += *n;
	return line;
}

/* Whether the line of n bytes begins with the command word w. */
static int
bench_sink_is(const char *l, size_t n, const char *w)
{
	return n >= strlen(w) && strncasecmp(l, w, strlen(w)) == 0;
}

static void
bench_sink_say(struct bench_sink_conn *c, const char *s)
{
	if (write(c->fd, s, strlen(s)) < 0)
		return;		/* the client went: the read ends it */
}

static void
bench_sink_serve(struct bench_sink_conn *c)
{
	const char	*l;
	size_t		 n;

	bench_sink_say(c, "220 sink ESMTP\r\n");
	while ((l = bench_sink_line(c, &n)) != NULL) {
		if (bench_sink_is(l, n, "EHLO"))
			bench_sink_say(c, "250-sink\r\n250-PIPELINING\r\n"
			    "250 8BITMIME\r\n");
		else if (bench_sink_is(l, n, "DATA")) {
			bench_sink_say(c, "354 go on\r\n");
			while ((l = bench_sink_line(c, &n)) != NULL &&
			    !(n == 3 && memcmp(l, ".\r\n", 3) == 0))
				;
			bench_sink_say(c, "250 dropped\r\n");
		} else if (bench_sink_is(l, n, "QUIT")) {
			bench_sink_say(c, "221 bye\r\n");
			return;
		} else
			bench_sink_say(c, "250 ok\r\n");
	}
}

/* Listens on a port the system chooses and writes its number to path. */
static int
bench_sink_listen(const char *path)
{
	struct sockaddr_in	 sa;
	socklen_t		 len = sizeof(sa);
	FILE			*f;
	int			 fd, one = 1;

	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if ((fd = socket(AF_INET, SOCK_STREAM, 0)) == -1 ||
	    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) == -1 ||
	    bind(fd, (struct sockaddr *)&sa, sizeof(sa)) == -1 ||
	    listen(fd, 8) == -1 ||
	    getsockname(fd, (struct sockaddr *)&sa, &len) == -1 ||
	    (f = fopen(path, "w")) == NULL)
		return -1;
	fprintf(f, "%d\n", ntohs(sa.sin_port));
	if (fclose(f) != 0)
		return -1;
	return fd;
}

int
bench_sink(const char *path)
{
	static struct bench_sink_conn	 c;
	int				 lfd, one = 1;

	if ((lfd = bench_sink_listen(path)) == -1) {
		fprintf(stderr, "bench sink: cannot listen, or write %s\n",
		    path);
		return 1;
	}
	for (;;) {
		if ((c.fd = accept(lfd, NULL, NULL)) == -1)
			continue;
		setsockopt(c.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
		c.len = c.off = 0;
		bench_sink_serve(&c);
		close(c.fd);
	}
}
