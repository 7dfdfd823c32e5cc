/*
 * mime_priv.h - helpers shared by the files behind mime.h; not for callers
 * outside mail/.
 *
 * mime_header.c reads raw header fields and addresses, mime_utf8.c repairs
 * byte strings into valid UTF-8. Nothing here does I/O or logs.
 */
#ifndef PBEMD_MIME_PRIV_H
#define PBEMD_MIME_PRIV_H

#include <stdbool.h>
#include <stddef.h>

#include "../common/util.h"

#define MIME_HEADER_MAX	(64 * 1024)	/* bytes kept of one header value */

/* mime_header.c */

/* Length of the header block of raw: up to, not including, the empty line. */
size_t	 mime_header_len(const char *raw, size_t len);

/*
 * The first field called name in the header block (hdr, hdrlen), unfolded,
 * trimmed, without control characters, cut at MIME_HEADER_MAX. Owned; NULL
 * when there is no such field.
 */
char	*mime_header_get(const char *hdr, size_t hdrlen, const char *name);

/*
 * The first mailbox of an address header value: addr-spec with its domain
 * lower-cased in *addr, decoded display name ("" when none) in *name, both
 * owned. Falls back to a plain scan for <...> or a word with '@' when
 * libetpan refuses the syntax. Returns -1 (and NULLs) when nothing usable.
 */
int	 mime_header_mailbox(const char *value, char **addr, char **name);

/* mime_utf8.c */

/* Appends s as valid UTF-8: bytes that are not are read as Latin-1. */
void	 mime_utf8_repair(const char *s, size_t len, struct buf *out);

/* True when s is valid UTF-8 (no overlongs, surrogates or > U+10FFFF). */
bool	 mime_utf8_valid(const char *s, size_t len);

/* Length of the valid UTF-8 sequence at s (1..4), 0 when invalid. */
size_t	 mime_utf8_seqlen(const unsigned char *s, size_t len);

#endif
