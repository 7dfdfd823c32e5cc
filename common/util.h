/*
 * util.h - allocation that cannot fail silently, and a growable byte buffer.
 *
 * Used by every layer outside the engines. Allocation failure is not an
 * error a caller could handle sensibly in this program: xmalloc() and
 * friends log and exit, and exactly-once holds because the mail's SQLite
 * transaction never committed (STYLE.md 6).
 */
#ifndef PBEMD_UTIL_H
#define PBEMD_UTIL_H

#include <stdarg.h>
#include <stddef.h>

void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xrealloc(void *, size_t);
char	*xstrdup(const char *);
char	*xstrndup(const char *, size_t);

/* A growable buffer, always NUL-terminated; buf_free() accepts a zeroed one. */
struct buf {
	char	*data;
	size_t	 len;
	size_t	 cap;
};

void	 buf_init(struct buf *);
void	 buf_free(struct buf *);
void	 buf_reset(struct buf *);
void	 buf_add(struct buf *, const void *, size_t);
void	 buf_puts(struct buf *, const char *);
void	 buf_putc(struct buf *, char);
void	 buf_printf(struct buf *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	 buf_vprintf(struct buf *, const char *, va_list);
/* Hands the data to the caller (owned, free()) and leaves the buffer empty. */
char	*buf_steal(struct buf *);

/* Copies at most size-1 bytes and always terminates; returns strlen(src). */
size_t	 strlcpy_(char *, const char *, size_t);

#endif
