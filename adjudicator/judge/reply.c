/*
 * reply.c - the one answer to a mail: the lines as the judge answered them,
 * the orders as they stand, the sender's own report and picture, and the
 * closing line; at most JUDGE_LIMIT_REPLY answers an hour to one address.
 *
 * Built from the session only: what the commands wrote into it and the
 * sender's own view of his game (report.c), never another reader's. Layer
 * L3 of the judge: the command table's file and the mail's intake call it.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/limits.h"
#include "adjudicator/judge/notice.h"
#include "adjudicator/judge/orders.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/queue.h"
#include "adjudicator/judge/reply.h"
#include "adjudicator/judge/report.h"
#include "common/log.h"

/* The signed-on sender's view of his game as it stands, for the reply. */
static void
judge_reply_report(struct judge_session *s)
{
	struct game_state	*st;

	if ((st = judge_phase_load(s, &s->who, s->who.game.phase)) == NULL)
		return;
	judge_report_one(s, &s->who, st, s->who.seat, s->msg->reply_to, NULL);
	s->who.ops->free(st);
}

/*
 * Whether the reply to this mail may go (issue 13): one correspondent gets
 * at most JUDGE_LIMIT_REPLY answers an hour, so neither a loop nor a
 * forged sender makes the judge flood an address. The mail itself is
 * handled all the same. The last answer of the hour says so (*until set).
 */
static bool
judge_reply_allowed(struct judge_session *s, time_t *until)
{
	int	 n;

	*until = 0;
	if (judge_limit_full(s, JUDGE_LIMIT_REPLY, s->msg->reply_to, until)) {
		log_info("judge: reply to a correspondent over the hourly "
		    "limit not sent");
		return false;
	}
	if (s->failed || (n = judge_limit_add(s, JUDGE_LIMIT_REPLY,
	    s->msg->reply_to, until)) < 0)
		return false;
	if (n < judge_limit_max(s, JUDGE_LIMIT_REPLY))
		*until = 0;	/* not the last of the hour */
	return true;
}

/* The notice at the end of the last answer of the hour. */
static void
judge_reply_last(struct judge_session *s, time_t until, struct buf *body)
{
	struct game_msg	 m;

	memset(&m, 0, sizeof(m));
	strlcpy_(m.key, "judge.reply.limit", sizeof(m.key));
	snprintf(m.args[0], sizeof(m.args[0]), "%d",
	    judge_limit_max(s, JUDGE_LIMIT_REPLY));
	judge_note_time(&m, 1, until);
	buf_putc(body, '\n');
	judge_note_render(s->cat, "UTC", &m, body);
	buf_putc(body, '\n');
}

void
judge_reply(struct judge_session *s)
{
	struct buf	 subj, body;
	time_t		 until;

	if (!judge_reply_allowed(s, &until))
		return;
	buf_init(&subj);
	buf_init(&body);
	if (s->msg->subject && *s->msg->subject) {
		if (strncasecmp(s->msg->subject, "Re:", 3) == 0)
			buf_puts(&subj, s->msg->subject);
		else
			buf_printf(&subj, "Re: %s", s->msg->subject);
	} else
		catalog_say(s->cat, &subj, "judge.reply.subject", 0);
	catalog_say(s->cat, &body, "judge.reply.head", 0);
	buf_puts(&body, "\n\n");
	buf_add(&body, s->reply.data, s->reply.len);
	judge_orders_confirm(s, s->cat, &body);
	if (s->own.report.len == 0 && s->who.on &&
	    s->who.game.status != DB_FORMING)
		judge_reply_report(s);
	if (s->own.report.len) {
		buf_add(&body, s->own.report.data, s->own.report.len);
		buf_putc(&body, '\n');
	}
	catalog_say(s->cat, &body, s->nerrors ? "judge.reply.errors" :
	    s->lines.ignored ? "judge.reply.fine_ignored" : "judge.reply.fine",
	    0);
	buf_putc(&body, '\n');
	if (until != 0)
		judge_reply_last(s, until, &body);
	judge_queue_picture(s, s->msg->reply_to, subj.data, body.data,
	    COMPOSE_REPLY, s->who.on ? s->who.game.id : 0, &s->own.pics);
	buf_free(&subj);
	buf_free(&body);
}
