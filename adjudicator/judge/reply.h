/*
 * reply.h - the one answer to a mail (reply.c). Layer L3 of the judge.
 */
#ifndef PBEMD_JUDGE_REPLY_H
#define PBEMD_JUDGE_REPLY_H

#include "adjudicator/judge/session.h"

/*
 * Queues the answer to the session's mail: its reply lines, the orders
 * as they stand, the sender's report and picture. Nothing when the
 * sender had his answers of the hour (limits.h); the last of them says so.
 */
void	judge_reply(struct judge_session *);

#endif
