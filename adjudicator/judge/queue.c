/*
 * queue.c - the judge's mails into the outbox (queue.h): composed as RFC
 * 5322 text with a Message-ID of their own and the kind the caller names
 * (the answer to the mail handled, or the judge's own), queued in the
 * transaction of the mail or clock step that caused them, so they are sent
 * exactly when that transaction commits. The row holds the finished bytes:
 * a retry sends the same. Nothing here decides who gets what.
 */
#include <sodium.h>
#include <stdio.h>
#include <string.h>

#include "adjudicator/judge/queue.h"
#include "mail/compose.h"

void
judge_queue(struct judge_session *s, const char *rcpt, const char *subject,
    const char *body, enum compose_kind kind, int64_t game_id)
{
	judge_queue_picture(s, rcpt, subject, body, kind, game_id, NULL);
}

void
judge_queue_picture(struct judge_session *s, const char *rcpt,
    const char *subject, const char *body, enum compose_kind kind,
    int64_t game_id, const struct judge_pictures *pics)
{
	struct compose_attach	 att[JUDGE_PICTURES];
	struct compose_in	 c;
	struct buf		 out;
	unsigned char		 rnd[12];
	char			 token[48], hex[25];
	int			 i;

	randombytes_buf(rnd, sizeof(rnd));
	sodium_bin2hex(hex, sizeof(hex), rnd, sizeof(rnd));
	snprintf(token, sizeof(token), "pbemd.%lld.%s",
	    (long long)s->env->now, hex);
	memset(&c, 0, sizeof(c));
	c.from = s->env->address;
	c.from_name = s->env->name;
	c.to = rcpt;
	c.subject = subject;
	c.kind = kind;
	if (kind == COMPOSE_REPLY && s->msg) {
		c.in_reply_to = s->msg->message_id;
		c.references = s->msg->references;
	}
	c.body = body;
	c.date = s->env->now;
	c.msgid_token = token;
	for (i = 0; pics != NULL && i < pics->n; i++) {
		if (pics->png[i].len == 0)
			continue;
		att[c.nattach].type = "image/png";
		att[c.nattach].filename = pics->name[i];
		att[c.nattach].data = pics->png[i].data;
		att[c.nattach].len = pics->png[i].len;
		/* Encoded when drawn, once for all its readers. */
		att[c.nattach].b64 = pics->b64[i].len > 0 ?
		    pics->b64[i].data : NULL;
		att[c.nattach].b64len = pics->b64[i].len;
		c.nattach++;
	}
	c.attach = c.nattach > 0 ? att : NULL;
	buf_init(&out);
	compose_message(&c, &out);
	if (db_outbox_add(s->env->db, s->inbox_id, game_id, rcpt, out.data,
	    out.len, s->env->now) != DB_OK)
		judge_store_failed(s);
	buf_free(&out);
}
