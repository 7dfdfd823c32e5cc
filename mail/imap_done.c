/*
 * imap_done.c - which mark processed mail gets (see imap.h): the judge's
 * keyword wherever the mailbox keeps it, else \Seen, and the libetpan
 * objects that search for and set that mark. No I/O: imap.c sends them.
 */
#include <stddef.h>
#include <strings.h>

#include "common/log.h"
#include "common/util.h"
#include "mail/imap_done.h"

/*
 * RFC 3501 7.1: PERMANENTFLAGS lists the flags that outlive the session,
 * "\*" saying that new keywords do too; without the list every flag does.
 * Our keyword listed (made here before) or "\*" means it is kept. Any other
 * mailbox takes the STORE and forgets the keyword (Dovecot does, for a user
 * without the right to write flags), and the same mail would be found again
 * every round: there only \Seen can mark it.
 */
enum imap_mark
imap_done_choose(const clist *perm)
{
	struct mailimap_flag_perm	*p;
	struct mailimap_flag		*f;
	clistiter			*it;

	if (perm == NULL)
		return IMAP_MARK_KEYWORD;
	for (it = clist_begin(perm); it != NULL; it = clist_next(it)) {
		p = clist_content(it);
		if (p->fl_type == MAILIMAP_FLAG_PERM_ALL)
			return IMAP_MARK_KEYWORD;
		if (p->fl_type != MAILIMAP_FLAG_PERM_FLAG ||
		    (f = p->fl_flag) == NULL)
			continue;
		/* Keywords, like flags, are case-insensitive. */
		if (f->fl_type == MAILIMAP_FLAG_KEYWORD &&
		    f->fl_data.fl_keyword != NULL &&
		    strcasecmp(f->fl_data.fl_keyword, IMAP_KEYWORD_DONE) == 0)
			return IMAP_MARK_KEYWORD;
	}
	return IMAP_MARK_SEEN;
}

/*
 * UNKEYWORD (RFC 3501 6.4.4, the same as NOT KEYWORD); libetpan has no
 * helper for UNSEEN, so that one is its full constructor.
 */
struct mailimap_search_key *
imap_done_key(enum imap_mark mark)
{
	struct mailimap_search_key	*k;

	if (mark == IMAP_MARK_KEYWORD)
		k = mailimap_search_key_new_unkeyword(
		    xstrdup(IMAP_KEYWORD_DONE));
	else
		k = mailimap_search_key_new(MAILIMAP_SEARCH_KEY_UNSEEN, NULL,
		    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
		    NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, 0,
		    NULL, NULL, NULL);
	if (k == NULL)
		log_fatalx("imap: out of memory");
	return k;
}

struct mailimap_flag *
imap_done_flag(enum imap_mark mark)
{
	struct mailimap_flag	*f;

	if (mark == IMAP_MARK_KEYWORD)
		f = mailimap_flag_new_flag_keyword(xstrdup(IMAP_KEYWORD_DONE));
	else
		f = mailimap_flag_new_seen();
	if (f == NULL)
		log_fatalx("imap: out of memory");
	return f;
}

const char *
imap_done_name(enum imap_mark mark)
{
	return mark == IMAP_MARK_KEYWORD ? IMAP_KEYWORD_DONE : "\\Seen";
}
