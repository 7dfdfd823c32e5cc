/*
 * mime.h - from the bytes of a mail to a struct message (libetpan's parser).
 *
 * Pure: no I/O, no logging. Tolerated standard violations are listed in
 * mail/VIOLATIONS.md.
 */
#ifndef PBEMD_MIME_H
#define PBEMD_MIME_H

#include <stddef.h>

#include "message.h"

#define MIME_TEXT_MAX	(256 * 1024)	/* order text kept from one mail */
#define MIME_DEPTH_MAX	32		/* nesting of multiparts followed */

/*
 * Parses raw (len bytes, CRLF or bare LF). Returns 0 and an owned message
 * in *out, or -1 with a short reason in why (for the log, not players).
 * A mail with no usable text part still parses: has_text is false.
 */
int	mime_parse(const char *raw, size_t len, struct message **out,
	    char *why, size_t whylen);

/* Decodes an RFC 2047 header value to UTF-8; owned result. */
char	*mime_decode_header(const char *raw);

#endif
