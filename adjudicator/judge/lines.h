/*
 * lines.h - a mail's lines through THE command table (judge.c): what the
 * intake of a mail (mailin.c) asks of the table. Layer L4 of the judge.
 */
#ifndef PBEMD_JUDGE_LINES_H
#define PBEMD_JUDGE_LINES_H

#include <stdbool.h>

#include "adjudicator/judge/session.h"

/* One mail and the state of the commands that span its lines. */
struct judge_mail;

/* A mail about to be read, its session begun for m. Owned. */
struct judge_mail	*judge_mail_new(const struct judge_env *,
			    const struct message *m);
struct judge_session	*judge_mail_session(struct judge_mail *);
/*
 * Reads the mail's lines, each through the table, and runs the end-of-mail
 * hooks (the orders tried, the copies of sign-ons from elsewhere). The
 * answer is the caller's (reply.h).
 */
void	judge_mail_read(struct judge_mail *);
/* Frees the mail; its session must have ended (judge_session_commit). */
void	judge_mail_free(struct judge_mail *);
/* Whether some line of text begins with a command of the table. */
bool	judge_has_command(const char *text);

#endif
