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

/* A file sent along with the text, base64-encoded. Borrowed. */
struct compose_attach {
	const char	*type;		/* "image/png" */
	const char	*filename;	/* kept to [A-Za-z0-9._-], 60 chars */
	const void	*data;
	size_t		 len;
	/* The data as compose_base64() writes it, or NULL: encoded here. A
	 * picture sent to many readers is encoded once so. */
	const char	*b64;
	size_t		 b64len;
};

/* Appends the base64 of len bytes of data to out, in lines of 76
 * characters, each ended by CRLF (RFC 2045 6.8), as an attachment has. */
void	compose_base64(const void *data, size_t len, struct buf *out);

#define COMPOSE_ATTACH_MAX	4

/*
 * What a mail is to RFC 3834: the answer to a mail the judge is handling,
 * or one the judge sends on its own (a phase's reports, the clock's
 * reminders, a notice to the GM, press passed on to other players). The
 * zero value is the judge's own, so a mail is threaded only when its
 * caller says it answers something.
 */
enum compose_kind {
	COMPOSE_GENERATED = 0,	/* Auto-Submitted: auto-generated */
	COMPOSE_REPLY		/* auto-replied, In-Reply-To, References */
};

struct compose_in {
	enum compose_kind kind;
	const char	*from;		/* the judge's address (addr-spec) */
	const char	*from_name;	/* display name, e.g. "pbemd judge"; may be NULL */
	const char	*to;		/* addr-spec */
	const char	*subject;	/* UTF-8; RFC 2047-encoded when not ASCII */
	const char	*in_reply_to;	/* a reply's: the message id without <>,
					   or NULL */
	const char	*references;	/* a reply's: the References of the
					   mail answered, or NULL */
	const char	*body;		/* UTF-8 text, LF line ends */
	time_t		 date;
	const char	*msgid_token;	/* unique; Message-ID is <token@domain of from> */
	const struct compose_attach *attach;	/* nattach files, or NULL */
	int		 nattach;	/* at most COMPOSE_ATTACH_MAX are sent */
};

/*
 * Appends the whole message to out, CRLF line ends, with Date (UTC), From,
 * To, Subject (RFC 2047 when not ASCII; lines folded to 78 characters),
 * Message-ID, In-Reply-To and References (a COMPOSE_REPLY with in_reply_to
 * set only), Auto-Submitted (auto-replied for a COMPOSE_REPLY, else
 * auto-generated), X-Auto-Response-Suppress: DR, RN, NRN, OOF, AutoReply,
 * MIME-Version, Content-Type: text/plain; charset=UTF-8 and
 * Content-Transfer-Encoding: 7bit for ASCII text with lines of at most 998
 * octets, quoted-printable (qp.h) for any other. So every body line is
 * 7-bit and at most 998 octets. Control characters in header values
 * become spaces.
 *
 * With attachments (nattach > 0) the mail is multipart/mixed (RFC 2046
 * 5.1.3): the text above as its first part, then each file as a base64
 * part (lines of 76) with Content-Disposition: attachment and its
 * filename. The boundary is made from msgid_token and never occurs in the
 * text.
 */
void	compose_message(const struct compose_in *, struct buf *out);
/* The same, each attachment's first byte of base64 (from out's start)
 * into attach_at[i]. */
void	compose_message_at(const struct compose_in *, struct buf *out,
	    size_t *attach_at);

#endif
