/*
 * imap_done.h - how imap.c marks processed mail, in libetpan's terms: the
 * choice between the judge's keyword and \Seen from a mailbox's
 * PERMANENTFLAGS, the search key of mail not yet marked, and the flag to
 * mark with. For imap.c and its tests only: it speaks libetpan.
 */
#ifndef PBEMD_IMAP_DONE_H
#define PBEMD_IMAP_DONE_H

#include <libetpan/libetpan.h>

#include "mail/imap.h"

/*
 * The mark for a mailbox whose SELECT answered PERMANENTFLAGS perm (a list
 * of struct mailimap_flag_perm; NULL when the server sent none).
 */
enum imap_mark	 imap_done_choose(const clist *perm);

/* UID SEARCH key of the mail without the mark; owned (free it). */
struct mailimap_search_key *imap_done_key(enum imap_mark);

/* The mark as a flag for STORE; owned until added to a flag list. */
struct mailimap_flag *imap_done_flag(enum imap_mark);

/* The mark's name for the log: "$PbemdDone" or "\Seen". */
const char	*imap_done_name(enum imap_mark);

#endif
