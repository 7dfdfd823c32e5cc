/*
 * message.h - one incoming mail as the judge sees it.
 *
 * mime_parse() (mime.c) turns the raw bytes of a mail into this plain
 * structure; nothing of libetpan leaks past it. Every string is UTF-8,
 * NUL-terminated and owned by the message; message_free() frees them all.
 */
#ifndef PBEMD_MESSAGE_H
#define PBEMD_MESSAGE_H

#include <stdbool.h>
#include <stddef.h>

/* Why a mail must never be answered (RFC 3834, RFC 3464). */
enum message_robot {
	MESSAGE_HUMAN = 0,
	MESSAGE_AUTO_SUBMITTED,		/* Auto-Submitted: other than "no",
					   Precedence: auto_reply, X-Autoreply */
	MESSAGE_BULK,			/* Precedence: bulk, junk or list */
	MESSAGE_BOUNCE,			/* MAILER-DAEMON, empty Return-Path, DSN */
	MESSAGE_LIST			/* List-Id / List-Unsubscribe present */
};

/*
 * The longest address the judge accepts (RFC 5321 4.5.3.1.3: a path of 256
 * octets with its angle brackets). A longer Reply-To is ignored for the
 * From; a longer From leaves the mail without a sender. So every address
 * the judge stores or writes to fits DB_ADDR_MAX whole.
 */
#define MESSAGE_ADDR_MAX	254

struct message {
	char		*reply_to;	/* where answers go: Reply-To, else From (addr-spec) */
	char		*from;		/* From addr-spec, lower-cased domain */
	char		*from_name;	/* display name, decoded; may be "" */
	char		*subject;	/* decoded; "" when absent */
	char		*message_id;	/* without <>; NULL when absent */
	char		*references;	/* the References header as sent, or NULL */
	char		*in_reply_to;	/* the In-Reply-To header as sent, or NULL */
	char		*date;		/* the Date header as sent, or NULL */
	char		*content_language; /* first tag of Content-Language, or NULL */

	char		*text;		/* the order text: decoded UTF-8, LF line
					   ends, quoted replies, signature and
					   everything after SIGNOFF removed */
	size_t		 text_len;
	bool		 has_text;	/* false: no text/plain or text/html part */
	bool		 from_html;	/* the text came from an HTML part */
	bool		 truncated;	/* text longer than MIME_TEXT_MAX, cut */
	enum message_robot robot;
	size_t		 raw_len;	/* size of the mail as received */
};

void	message_free(struct message *);
/*
 * Whether addr is an address the judge may write to when a player names
 * it (SET ADDRESS): 1 to MESSAGE_ADDR_MAX bytes, something on both sides
 * of its last '@', valid UTF-8, and no blank, control character or one of
 * <>",;()[]\ (what a header would read as the address's end or a display
 * name). The judge answers only senders whose address passes.
 */
bool	message_addr_ok(const char *addr);

#endif
