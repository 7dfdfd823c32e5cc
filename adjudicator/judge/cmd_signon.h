/*
 * cmd_signon.h - SIGNON <name> <password> (cmd_signon.c), and the copy a
 * seat's player gets of a mail that signed on to his seat from another
 * address. Layer L3 of the judge: called by the command table alone;
 * judge.c keeps its state for the mail, tells it where each line's reply
 * begins (judge_signon_line) and calls judge_signon_end() when the mail
 * ends.
 */
#ifndef PBEMD_JUDGE_CMD_SIGNON_H
#define PBEMD_JUDGE_CMD_SIGNON_H

#include <stdbool.h>
#include <stddef.h>

#include "adjudicator/judge/session.h"

/*
 * The lines of the reply, from a SIGNON from an address other than the
 * seat's player's (or the GM's) up to the line where the sender speaks
 * for someone else: what the mail did as that seat.
 */
struct judge_signon_span {
	struct judge_seat	 as;		/* the seat, as at the SIGNON */
	char			 owner[DB_ADDR_MAX];	/* its address of record */
	size_t			 from, to;	/* bytes of the reply */
};

/* SIGNON's state for one mail; all zero at its start. */
struct judge_signon {
	struct judge_signon_span *span;	/* owned: judge_signon_end frees */
	int			 n, cap;
	bool			 open;		/* span[n - 1] still grows */
	bool			 pending;	/* a foreign SIGNON on this line */
	struct judge_signon_span next;	/* ... its span, from the line on */
};

/* own: the mail's struct judge_signon. */
void	judge_cmd_signon(struct judge_session *, const struct judge_line *,
	    void *own);
/* After each line of the mail, whose reply began at byte at. */
void	judge_signon_line(struct judge_session *, void *own, size_t at);
/* At the end of the mail: each foreign seat's player gets his copy. */
void	judge_signon_end(struct judge_session *, void *own);

#endif
