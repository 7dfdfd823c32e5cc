/*
 * body.h - from the decoded text of a mail to the lines the judge reads.
 */
#ifndef PBEMD_BODY_H
#define PBEMD_BODY_H

#include <stddef.h>

#include "../common/util.h"

#define BODY_FLOWED	0x01	/* text/plain; format=flowed (RFC 3676) */
#define BODY_DELSP	0x02	/* ... with delsp=yes */

/*
 * Appends the cleaned text of in (UTF-8, len bytes) to out: line ends
 * normalised to LF, NUL and control characters other than tab removed, a
 * leading byte order mark dropped, no-break spaces turned into spaces,
 * flowed lines joined, then cut as described in body.c. Every line of the
 * result ends in LF; the result has no leading or trailing blank lines.
 */
void	body_clean(const char *in, size_t len, int flags, struct buf *out);

/* True when the first word of line (len bytes) is SIGNOFF, any case. */
int	body_is_signoff(const char *line, size_t len);

#endif
