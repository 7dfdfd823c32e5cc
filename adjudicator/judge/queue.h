/*
 * queue.h - composing one mail of the judge and queueing it in the outbox,
 * inside the transaction of the mail or clock step (queue.c). Layer L1 of
 * the judge: mail-out.
 */
#ifndef PBEMD_JUDGE_QUEUE_H
#define PBEMD_JUDGE_QUEUE_H

#include <stdint.h>

#include "adjudicator/judge/session.h"
#include "mail/compose.h"

/*
 * Queues a plain-text mail to rcpt. kind is COMPOSE_REPLY only for the
 * answer to the mail being handled (reply.c), which is threaded to it and
 * marked auto-replied; every other mail is the judge's own,
 * COMPOSE_GENERATED, auto-generated (compose.h). game_id (0: none) files
 * it with its game.
 */
void	judge_queue(struct judge_session *, const char *rcpt,
	    const char *subject, const char *body, enum compose_kind kind,
	    int64_t game_id);
/* The same with a report's pictures attached (pics may be NULL; an
 * empty PNG is left out). */
void	judge_queue_picture(struct judge_session *, const char *rcpt,
	    const char *subject, const char *body, enum compose_kind kind,
	    int64_t game_id, const struct judge_pictures *pics);

#endif
