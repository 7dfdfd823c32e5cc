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

/*
 * Into the outbox: a message that carries a picture's base64 lines (att,
 * at byte at of msg, their hash) has them kept once for all the mails
 * that carry them (db_outbox_add_part(): a phase's results map goes to
 * every player and the GM).
 */
static int
judge_queue_store(struct judge_session *s, const char *rcpt, int64_t game_id,
    const struct buf *msg, const struct compose_attach *att, size_t at,
    const unsigned char *hash)
{
	struct db_outbox_part	 part;
	struct buf		 rest;
	int			 rc;

	if (att == NULL || att->b64 == NULL || at > msg->len ||
	    att->b64len > msg->len - at ||
	    memcmp(msg->data + at, att->b64, att->b64len) != 0)
		return db_outbox_add(s->env->db, s->inbox_id, game_id, rcpt,
		    msg->data, msg->len, s->env->now);
	part.data = att->b64;
	part.len = att->b64len;
	part.at = at;
	memcpy(part.hash, hash, sizeof(part.hash));
	buf_init(&rest);
	buf_add(&rest, msg->data, part.at);
	buf_add(&rest, msg->data + at + part.len, msg->len - at - part.len);
	rc = db_outbox_add_part(s->env->db, s->inbox_id, game_id, rcpt,
	    rest.data, rest.len, &part, s->env->now);
	buf_free(&rest);
	return rc;
}

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
	size_t			 at[JUDGE_PICTURES] = { 0 };
	int			 first = -1;
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
		if (c.nattach == 0)
			first = i;
		c.nattach++;
	}
	c.attach = c.nattach > 0 ? att : NULL;
	buf_init(&out);
	compose_message_at(&c, &out, at);
	if (judge_queue_store(s, rcpt, game_id, &out, first >= 0 ? &att[0] :
	    NULL, at[0], first >= 0 ? pics->b64hash[first] : NULL) != DB_OK)
		judge_store_failed(s);
	buf_free(&out);
}
