/*
 * mailin.c - one mail in: recorded once (by IMAP UID and Message-ID), a
 * machine's mail and a loop with the judge recorded and never answered,
 * the sender's address chosen, then the lines through the command table
 * (judge.c) and the one answer (reply.c), all in one transaction; and the
 * quarantine of a mail that failed too often, and its release.
 *
 * The judge's public face (judge.h) for mail; layer L4 of the judge.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/judge.h"
#include "adjudicator/judge/lines.h"
#include "adjudicator/judge/reply.h"
#include "adjudicator/judge/session.h"

/* Clears the mail's failure count and commits, or rolls back. */
static enum judge_result
judge_finish(struct judge_session *s, enum judge_result ok, char *why,
    size_t whylen)
{
	if (!s->failed && s->env->failure_key != NULL &&
	    db_failure_clear(s->env->db, s->env->failure_key) != DB_OK)
		s->failed = true;
	if (judge_session_commit(s) != 0) {
		snprintf(why, whylen, "store error; rolled back");
		return JUDGE_TEMPFAIL;
	}
	return ok;
}

/* The inbox row of a mail. */
static void
judge_inbox_row(struct db_inbox *in, const struct message *m,
    uint32_t uidvalidity, uint32_t uid, const char *outcome)
{
	memset(in, 0, sizeof(*in));
	in->uidvalidity = uidvalidity;
	in->uid = uid;
	in->message_id = m ? m->message_id : NULL;
	in->sender = m ? m->reply_to : NULL;
	in->outcome = outcome;
}

/*
 * A mail recorded before: a new UID for an old Message-ID is noted so it
 * is not looked at again; the mail itself is not redone.
 */
static enum judge_result
judge_duplicate(struct judge_session *s, const struct message *m,
    uint32_t uidvalidity, uint32_t uid, char *why, size_t whylen)
{
	struct db_inbox	 in;

	judge_inbox_row(&in, m, uidvalidity, uid, "duplicate");
	if (uid != 0 && db_inbox_known(s->env->db, uidvalidity, uid, NULL) ==
	    DB_NONE && db_inbox_insert(s->env->db, &in, s->env->now, NULL) !=
	    DB_OK)
		s->failed = true;
	return judge_finish(s, JUDGE_DUPLICATE, why, whylen);
}

/*
 * Whether refs (References or In-Reply-To) names one of the judge's own
 * mails: an id "<pbemd.…@domain>" with the domain of its address
 * (judge/queue.c makes them so).
 */
static bool
judge_refers_to_self(const struct judge_env *env, const char *refs)
{
	const char	*dom, *p, *e;
	size_t		 dl;

	if (refs == NULL || env->address == NULL ||
	    (dom = strrchr(env->address, '@')) == NULL)
		return false;
	dl = strlen(dom);
	for (p = refs; (p = strchr(p, '<')) != NULL; p = e) {
		if ((e = strchr(p, '>')) == NULL)
			break;
		if (strncmp(p + 1, "pbemd.", 6) == 0 && (size_t)(e - p - 1) > dl &&
		    strncasecmp(e - dl, dom, dl) == 0)
			return true;
	}
	return false;
}

/*
 * Loops: mail from the judge's own address,
 * or an answer to one of its mails that holds no command (an
 * autoresponder that does not say it is one) is a machine's: recorded,
 * never answered. NULL for a human's mail, else the note for the inbox.
 */
static const char *
judge_loop(const struct judge_env *env, const struct message *m)
{
	/* Issue 13: an address a reply cannot reach is answered never. */
	if (!message_addr_ok(m->reply_to))
		return "the sender's address is not usable: not answered";
	if (env->address != NULL && ((m->from != NULL &&
	    strcasecmp(m->from, env->address) == 0) || (m->reply_to != NULL &&
	    strcasecmp(m->reply_to, env->address) == 0)))
		return "from the judge's own address: not answered";
	if ((judge_refers_to_self(env, m->in_reply_to) ||
	    judge_refers_to_self(env, m->references)) &&
	    !judge_has_command(m->text))
		return "an answer to the judge's mail without a command: "
		    "not answered";
	return NULL;
}

/*
 * The address the judge answers and takes for the sender (issue 13):
 * Reply-To only when the judge knows it already (a player's, a GM's, one
 * that chose a language), else From. A stranger's Reply-To could aim the
 * judge's answers at anyone; a player who writes from his office with
 * Reply-To his address of record is still himself. out is m with that
 * address as reply_to (it shares m's strings). DB_OK or DB_ERR.
 */
static int
judge_correspondent(const struct judge_env *env, const struct message *m,
    struct message *out)
{
	*out = *m;
	if (m->reply_to == NULL || m->from == NULL ||
	    strcasecmp(m->reply_to, m->from) == 0)
		return DB_OK;
	switch (db_address_known(env->db, m->reply_to)) {
	case DB_OK:
		return DB_OK;
	case DB_NONE:
		out->reply_to = m->from;
		return DB_OK;
	default:
		return DB_ERR;
	}
}

/* The lines of a human's mail, the end-of-mail hooks and the reply. */
static void
judge_mail_body(struct judge_mail *mail)
{
	struct judge_session	*s = judge_mail_session(mail);

	judge_mail_read(mail);
	if (!s->failed)
		judge_reply(s);
}

/*
 * The mail's inbox row with its outcome: a new one, or (a mail released
 * from quarantine) the row it has, row. *id is the row's.
 */
static int
judge_inbox_put(struct judge_session *s, uint32_t uidvalidity, uint32_t uid,
    int64_t row, const char *outcome, const char *note, int64_t *id)
{
	struct db_inbox	 in;

	if (row != 0) {
		*id = row;
		return db_inbox_settle(s->env->db, row, outcome, note);
	}
	judge_inbox_row(&in, s->msg, uidvalidity, uid, outcome);
	in.note = note;
	return db_inbox_insert(s->env->db, &in, s->env->now, id);
}

/*
 * A mail not handled before: a machine's is recorded and not answered, a
 * human's handled. row: its inbox row when it has one (released from
 * quarantine), else 0.
 */
static enum judge_result
judge_fresh(struct judge_mail *mail, uint32_t uidvalidity, uint32_t uid,
    int64_t row, char *why, size_t whylen)
{
	struct judge_session	*s = judge_mail_session(mail);
	const char		*loop = NULL;
	int64_t			 id;

	if (s->msg->robot != MESSAGE_HUMAN ||
	    (loop = judge_loop(s->env, s->msg)) != NULL) {
		if (judge_inbox_put(s, uidvalidity, uid, row, "robot",
		    loop != NULL ? loop : "auto-reply or bounce: not answered",
		    &id) != DB_OK)
			s->failed = true;
		return judge_finish(s, JUDGE_IGNORED, why, whylen);
	}
	if (judge_inbox_put(s, uidvalidity, uid, row, "handled", row != 0 ?
	    "released from quarantine" : NULL, &s->inbox_id) != DB_OK)
		s->failed = true;
	else
		judge_mail_body(mail);
	return judge_finish(s, s->failed ? JUDGE_TEMPFAIL : JUDGE_HANDLED, why,
	    whylen);
}

enum judge_result
judge_handle_message(const struct judge_env *env, const struct message *sent,
    uint32_t uidvalidity, uint32_t uid, char *why, size_t whylen)
{
	struct judge_mail	*mail;
	struct message		 mm, *m = &mm;
	enum judge_result	 rc;
	int			 known;

	if (db_begin(env->db) != DB_OK) {
		snprintf(why, whylen, "cannot begin a transaction");
		return JUDGE_TEMPFAIL;
	}
	known = db_inbox_known(env->db, uidvalidity, uid, sent->message_id);
	if (known == DB_ERR || judge_correspondent(env, sent, m) != DB_OK) {
		db_rollback(env->db);
		snprintf(why, whylen, "inbox lookup failed");
		return JUDGE_TEMPFAIL;
	}
	mail = judge_mail_new(env, m);
	if (known == DB_OK)
		rc = judge_duplicate(judge_mail_session(mail), m, uidvalidity, uid, why, whylen);
	else
		rc = judge_fresh(mail, uidvalidity, uid, 0, why, whylen);
	judge_mail_free(mail);
	return rc;
}

enum judge_result
judge_release(const struct judge_env *env, const struct message *sent,
    int64_t qid, char *why, size_t whylen)
{
	struct judge_mail	*mail;
	struct message		 mm, *m = &mm;
	enum judge_result	 rc;
	int64_t			 row = 0;
	int			 held;

	if (db_begin(env->db) != DB_OK) {
		snprintf(why, whylen, "cannot begin a transaction");
		return JUDGE_TEMPFAIL;
	}
	if (judge_correspondent(env, sent, m) != DB_OK) {
		db_rollback(env->db);
		snprintf(why, whylen, "store error");
		return JUDGE_TEMPFAIL;
	}
	if ((held = db_quarantine_release(env->db, qid, env->now, &row)) !=
	    DB_OK) {
		db_rollback(env->db);
		snprintf(why, whylen, "%s", held == DB_NONE ?
		    "not held in quarantine" : "quarantine lookup failed");
		return held == DB_NONE ? JUDGE_DUPLICATE : JUDGE_TEMPFAIL;
	}
	mail = judge_mail_new(env, m);
	rc = judge_fresh(mail, 0, 0, row, why, whylen);
	judge_mail_free(mail);
	return rc;
}

enum judge_result
judge_quarantine(const struct judge_env *env, const struct message *sent,
    uint32_t uidvalidity, uint32_t uid, const char *reason,
    const struct judge_raw *raw)
{
	struct judge_session	 s;
	struct message		 mm, *m = NULL;
	struct db_inbox		 in;
	char			 why[128];

	if (db_begin(env->db) != DB_OK)
		return JUDGE_TEMPFAIL;
	if (sent != NULL) {
		if (judge_correspondent(env, sent, &mm) != DB_OK) {
			db_rollback(env->db);
			return JUDGE_TEMPFAIL;
		}
		m = &mm;
	}
	judge_session_begin(&s, env, m);
	judge_inbox_row(&in, m, uidvalidity, uid, "quarantined");
	in.note = reason;
	if (db_inbox_insert(env->db, &in, env->now, &s.inbox_id) != DB_OK ||
	    db_quarantine_add(env->db, s.inbox_id, raw->text, raw->len,
	    raw->size, env->now) != DB_OK)
		s.failed = true;
	else if (m && m->robot == MESSAGE_HUMAN && m->reply_to &&
	    judge_loop(env, m) == NULL) {
		judge_err(&s, "judge.err.quarantined", 0);
		judge_reply(&s);
	}
	return judge_finish(&s, JUDGE_HANDLED, why, sizeof(why));
}
