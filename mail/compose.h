/*
 * compose.h - building the RFC 5322 text of an outgoing mail.
 *
 * Pure: the caller passes the date and a unique token for the Message-ID, so
 * the output is a function of the input (testable byte for byte).
 */
#ifndef PBEMD_COMPOSE_H
#define PBEMD_COMPOSE_H

#include <time.h>

#include "../common/util.h"

struct compose_in {
	const char	*from;		/* the judge's address (addr-spec) */
	const char	*from_name;	/* display name, e.g. "pbemd judge"; may be NULL */
	const char	*to;		/* addr-spec */
	const char	*subject;	/* UTF-8; RFC 2047-encoded when not ASCII */
	const char	*in_reply_to;	/* message id without <>, or NULL */
	const char	*references;	/* References of the mail answered, or NULL */
	const char	*body;		/* UTF-8 text, LF line ends */
	time_t		 date;
	const char	*msgid_token;	/* unique; Message-ID is <token@domain of from> */
};

/*
 * Appends the whole message to out, CRLF line ends, with Date (UTC), From,
 * To, Subject (RFC 2047 when not ASCII; lines folded to 78 characters),
 * Message-ID, In-Reply-To and References (only when in_reply_to is set),
 * MIME-Version, Content-Type: text/plain; charset=UTF-8,
 * Content-Transfer-Encoding (7bit for ASCII, 8bit for UTF-8, quoted-printable
 * only when a body line exceeds 998 octets) and Auto-Submitted:
 * auto-replied. Control characters in header values become spaces.
 */
void	compose_message(const struct compose_in *, struct buf *out);

#endif
