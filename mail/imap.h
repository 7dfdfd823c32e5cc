/*
 * imap.h - the judge's mailbox over IMAP (libetpan).
 *
 * Connects with implicit TLS (imaps://) or STARTTLS (imap://, required
 * unless the URL's host is loopback and starttls is off), verifies the
 * server certificate against the system store or a CA file (libetpan does
 * not; we check the chain with GnuTLS), selects the mailbox, lists unseen
 * UIDs, fetches with BODY.PEEK[] (never sets \Seen by itself), flags
 * processed mail \Seen and waits with IDLE when the server offers it.
 */
#ifndef PBEMD_IMAP_H
#define PBEMD_IMAP_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct imap_conf {
	const char	*url;		/* imaps://host[:port][/mailbox] or imap://... */
	const char	*user;
	const char	*password;
	const char	*ca_file;	/* NULL: the system's trust store */
	bool		 starttls;	/* imap://: require STARTTLS (default true) */
	bool		 insecure;	/* skip certificate checks (never default) */
	int		 timeout;	/* seconds per network operation */
};

struct imap;

/* Connects, logs in, selects. NULL and a reason in why on failure. */
struct imap	*imap_connect(const struct imap_conf *, char *why, size_t whylen);
void		 imap_close(struct imap *);	/* logs out; accepts NULL */
uint32_t	 imap_uidvalidity(const struct imap *);
bool		 imap_has_idle(const struct imap *);

/* UIDs of unseen messages, ascending; owned array in *uids. 0 or -1. */
int	imap_search_unseen(struct imap *, uint32_t **uids, size_t *n);

/* Whole message (BODY.PEEK[]); owned buffer. 0, -1 on error, 1 if gone. */
int	imap_fetch(struct imap *, uint32_t uid, char **raw, size_t *len);

/* Adds \Seen to the given UIDs. 0 or -1. */
int	imap_flag_seen(struct imap *, const uint32_t *uids, size_t n);

/*
 * Waits up to timeout_ms for new mail: with IDLE when offered, else it just
 * sleeps. Returns early when *stop becomes non-zero (a signal). 1: something
 * arrived (or may have), 0: timed out or stopped, -1: connection lost.
 */
int	imap_wait(struct imap *, int timeout_ms, volatile sig_atomic_t *stop);

#endif
