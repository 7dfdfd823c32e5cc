/*
 * support_lineserver.h - a scripted line server on 127.0.0.1 for the
 * tests of the mail clients (IMAP, SMTP) where the exact bytes on the
 * wire matter and no real server can be made to answer as needed.
 *
 * A child process accepts up to n connections one after another and hands
 * each to the test's handler, which reads the client's lines and writes
 * its answers. Every line both sides said goes into a transcript ("C: "
 * for the client, "S: " for the server, one line each, CR LF dropped),
 * which lineserver_finish() returns once the child has ended.
 */
#ifndef PBEMD_SUPPORT_LINESERVER_H
#define PBEMD_SUPPORT_LINESERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct lineserver;
struct ls_conn;

typedef void	 lineserver_fn(struct ls_conn *, void *arg);

/* Listens, then serves n connections in a child; aborts the test on error.
 * The child gives up waiting for a connection after 60 seconds. */
struct lineserver	*lineserver_start(int n, lineserver_fn *, void *arg);
uint16_t		 lineserver_port(const struct lineserver *);
/* Waits for the child; the transcript, valid until lineserver_free(). */
const char		*lineserver_finish(struct lineserver *);
void			 lineserver_free(struct lineserver *);

/* The client's next line without its CR LF; NULL at the end. Valid until
 * the next call. */
const char		*ls_read(struct ls_conn *);
/* Whether the line ls_read() returned last ended in CR LF (not a bare LF). */
bool			 ls_crlf(const struct ls_conn *);
/* One line to the client; CR LF is added. */
void			 ls_write(struct ls_conn *, const char *fmt, ...)
			    __attribute__((format(printf, 2, 3)));

/* The base64 s decoded into out (outlen with its NUL); aborts the test
 * when s is no base64. */
void			 ls_b64_decode(const char *s, char *out, size_t outlen);
/* The base64 the client sent after prefix in a transcript, up to the line
 * end, decoded into out; aborts the test when prefix is not there. */
void			 ls_sent_after(const char *text, const char *prefix,
			    char *out, size_t outlen);

#endif
