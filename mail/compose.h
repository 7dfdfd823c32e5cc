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
 * Appends the whole message to out, CRLF line ends, with Date, From, To,
 * Subject, Message-ID, In-Reply-To/References (when answering), MIME-Version,
 * Content-Type: text/plain; charset=UTF-8, Content-Transfer-Encoding
 * (quoted-printable when a line is too long or not ASCII... see compose.c),
 * and Auto-Submitted: auto-replied.
 */
void	compose_message(const struct compose_in *, struct buf *out);

#endif
