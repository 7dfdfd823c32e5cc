/*
 * qp.h - quoted-printable (RFC 2045 6.7) for the text parts the judge
 * sends (qp.c). Pure: bytes in, bytes out.
 */
#ifndef PBEMD_QP_H
#define PBEMD_QP_H

#include <stddef.h>

#include "../common/util.h"

#define QP_LINE_MAX	76	/* encoded line, RFC 2045 6.7 (5) */

/*
 * Appends the len bytes at text to out as quoted-printable. A line end of
 * the text (LF or CRLF) becomes a hard CRLF; every other CR, every control
 * character, '=' and every byte over 0x7e becomes =XX (so UTF-8 travels
 * as =C3=BC). A space or tab before a line end is encoded (=20, =09), as
 * are a '.' at the start of an encoded line and the 'F' of a line that
 * starts "From ", so that neither a dot-stuffing relay nor an mbox writer
 * changes the text. Encoded lines are at most QP_LINE_MAX characters; a
 * longer line is continued after a soft break ("=" CRLF) that never splits
 * an escape or a UTF-8 character. A text that does not end in a line end
 * gets one, as a 7bit body does.
 */
void	qp_encode(const char *text, size_t len, struct buf *out);

#endif
