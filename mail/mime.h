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
#define MIME_MULTIPART_MAX 128		/* more boundaries: body not parsed */
#define MIME_PART_MAX	(16 * MIME_TEXT_MAX) /* text part bytes decoded */

/*
 * Parses raw (len bytes, CRLF or bare LF; borrowed, not kept). Returns 0 and
 * an owned message in *out (message_free()), or -1 with a short reason in
 * why (for the log, not players) when the mail has no sender address at all
 * in From or Reply-To: nobody could be answered. Anything else parses: a
 * mail with no usable text part has has_text false, a broken MIME structure
 * is read as far as it goes.
 */
int	mime_parse(const char *raw, size_t len, struct message **out,
	    char *why, size_t whylen);

/*
 * Decodes an RFC 2047 header value to UTF-8 (owned; "" for NULL). Malformed
 * encoded words pass through as written, invalid UTF-8 is read as Latin-1,
 * control characters are removed and the result is trimmed.
 */
char	*mime_decode_header(const char *raw);

#endif
