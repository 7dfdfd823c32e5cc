/*
 * imap.h - the judge's mailbox over IMAP (libetpan).
 *
 * Connects with implicit TLS (imaps://) or STARTTLS (imap://: used whenever
 * the server offers it, and required unless starttls is false, so that the
 * password never travels in clear by default), verifies the server
 * certificate against the system store or a CA file (libetpan does not; we
 * check the chain and the host name with GnuTLS, tls.c), selects the
 * mailbox, lists the UIDs of mail not yet processed, fetches with
 * BODY.PEEK[] (never sets \Seen by itself), marks processed mail and waits
 * with IDLE when the server offers it. The process must ignore SIGPIPE (a
 * write to a dropped connection would otherwise end it).
 *
 * It logs in with LOGIN and the password, or, with auth xoauth2 or
 * oauthbearer, with AUTHENTICATE and an OAuth2 access token read afresh
 * at every connection (imap_auth.c).
 *
 * Processed mail is marked with a private keyword, IMAP_KEYWORD_DONE, not
 * with \Seen (issue 13): an operator who reads the judge's mailbox in a
 * mail client sets \Seen, and mail he read first must still be answered.
 * The judge neither looks at nor sets \Seen, so the operator's own view of
 * what he has read stays his. Only when the mailbox keeps no new keyword
 * (PERMANENTFLAGS lists neither "\*" nor the keyword) does the judge fall
 * back to \Seen, the old way; imap_marking() says which, and the caller
 * warns. The store, not the mark, is the truth: a mail found again that the
 * store knows is marked without being handled twice.
 */
#ifndef PBEMD_IMAP_H
#define PBEMD_IMAP_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mail/sasl.h"

struct imap_conf {
	const char	*url;		/* imaps://host[:port][/mailbox] or
					   imap://...; ports 993/143, INBOX */
	const char	*user;
	const char	*password;
	const char	*ca_file;	/* NULL: the system's trust store */
	bool		 starttls;	/* imap://: require STARTTLS (default true) */
	bool		 insecure;	/* skip certificate checks (never default) */
	int		 timeout;	/* seconds per network operation; 0: 60 */
	enum sasl_auth	 auth;		/* password: LOGIN; else AUTHENTICATE */
	const char	*token_file;	/* the OAuth2 token, read at every */
	const char	*token_command;	/* connection (token.h) */
};

/* The keyword of processed mail: ours alone, set by no mail client. */
#define IMAP_KEYWORD_DONE	"$PbemdDone"

enum imap_mark {
	IMAP_MARK_KEYWORD,	/* IMAP_KEYWORD_DONE; \Seen left alone */
	IMAP_MARK_SEEN		/* the fallback: the mailbox keeps no keyword */
};

struct imap;

/* Connects, logs in, selects. NULL and a reason in why on failure. */
struct imap	*imap_connect(const struct imap_conf *, char *why, size_t whylen);
void		 imap_close(struct imap *);	/* logs out; accepts NULL */
uint32_t	 imap_uidvalidity(const struct imap *);
bool		 imap_has_idle(const struct imap *);
/* How processed mail is marked in the selected mailbox (chosen at SELECT). */
enum imap_mark	 imap_marking(const struct imap *);

/*
 * The functions below log the server's reason and return -1 when the
 * connection failed; the caller then closes it and connects again.
 */

/*
 * UIDs of the messages not marked processed, ascending, whatever their
 * \Seen (UID SEARCH UNKEYWORD $PbemdDone; UNSEEN in the fallback); owned
 * array in *uids. 0 or -1. Sends NOOP first, so mail delivered a moment
 * ago is included.
 */
int	imap_search_pending(struct imap *, uint32_t **uids, size_t *n);

/* Whole message (BODY.PEEK[]); owned buffer. 0, -1 on error, 1 if gone. */
int	imap_fetch(struct imap *, uint32_t uid, char **raw, size_t *len);

/*
 * Many messages with few round trips (one UID FETCH per 100 UIDs), each
 * handed to cb in mailbox order; raw is borrowed, valid during the call
 * only. UIDs that are gone are skipped. 0 when all were handed over, -1 on
 * error, or the first non-zero answer of cb, which ends the walk.
 */
int	imap_fetch_many(struct imap *, const uint32_t *uids, size_t n,
	    int (*cb)(void *arg, uint32_t uid, const char *raw, size_t len),
	    void *arg);

/*
 * Marks the given UIDs processed: adds IMAP_KEYWORD_DONE (\Seen in the
 * fallback) and touches no other flag. 0 or -1.
 */
int	imap_mark_done(struct imap *, const uint32_t *uids, size_t n);

/*
 * Waits up to timeout_ms for new mail: with IDLE when offered (renewed
 * every 25 minutes), else it sleeps and then asks with NOOP. Returns
 * within 200 ms when *stop becomes non-zero (a signal). 1: something
 * arrived (or may have), 0: timed out or stopped, -1: connection lost.
 * Only a hint: search again after every return.
 */
int	imap_wait(struct imap *, int timeout_ms, volatile sig_atomic_t *stop);

#endif
