/*
 * judge.c - one mail through the command language: dedupe, split into
 * lines, dispatch each through the command table, queue the one reply, all
 * in one transaction.
 *
 * The table checks who may run a command and how many words it takes before
 * the handler runs, so adding a command is one row and one function
 * (STYLE.md 11). Lines that are not commands are orders for the game the
 * sender signed on to.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/judge_priv.h"
#include "common/log.h"

static const struct judge_cmd judge_cmds[] = {
	{ "APPROVE",	0, 3,	JUDGE_GM,	judge_cmd_approve },
	{ "ASSIGN",	2, 2,	JUDGE_GM,	judge_cmd_assign },
	{ "BECOME",	1, 1,	JUDGE_GM,	judge_cmd_become },
	{ "BROADCAST",	0, 0,	JUDGE_SIGNED,	judge_cmd_broadcast },
	{ "CLEAR",	0, 0,	JUDGE_PLAYER,	judge_cmd_clear },
	{ "CREATE",	2, JUDGE_MAX_ARGS - 1, JUDGE_ANYONE, judge_cmd_create },
	{ "EJECT",	1, 1,	JUDGE_GM,	judge_cmd_eject },
	{ "EXTEND",	0, 2,	JUDGE_SIGNED,	judge_cmd_extend },
	{ "HELP",	0, 1,	JUDGE_ANYONE,	judge_cmd_help },
	{ "HISTORY",	1, 3,	JUDGE_SIGNED,	judge_cmd_history },
	{ "JOIN",	2, 11,	JUDGE_ANYONE,	judge_cmd_join },
	{ "LIST",	0, 1,	JUDGE_ANYONE,	judge_cmd_list },
	{ "PAUSE",	0, 0,	JUDGE_GM,	judge_cmd_pause },
	{ "PRESS",	2, 11,	JUDGE_SIGNED,	judge_cmd_press },
	{ "PROCESS",	0, 1,	JUDGE_GM,	judge_cmd_process },
	{ "REFUSE",	2, 3,	JUDGE_GM,	judge_lobby_refuse },
	{ "RESIGN",	0, 0,	JUDGE_PLAYER,	judge_cmd_resign },
	{ "RESUME",	0, 0,	JUDGE_GM,	judge_cmd_resume },
	{ "ROLLBACK",	0, 0,	JUDGE_GM,	judge_cmd_rollback },
	{ "SET",	1, 4,	JUDGE_ANYONE,	judge_cmd_set },
	{ "SIGNON",	2, 2,	JUDGE_ANYONE,	judge_cmd_signon },
	{ "START",	0, 0,	JUDGE_GM,	judge_cmd_start },
	{ "SUMMARY",	1, 1,	JUDGE_ANYONE,	judge_cmd_summary },
	{ "TAKEOVER",	3, 3,	JUDGE_ANYONE,	judge_cmd_takeover },
};

const struct catalog *
judge_catalog(const struct judge_env *env, const char *lang)
{
	int	 i;

	for (i = 0; i < JUDGE_LANGS; i++)
		if (env->cat[i] && strcasecmp(catalog_lang(env->cat[i]),
		    lang) == 0)
			return env->cat[i];
	return env->cat[0];
}

/* A reply line: indented under the quoted line, errors marked as such. */
static void
judge_line_msg(struct judge_session *s, const struct game_msg *m, bool error)
{
	buf_puts(&s->reply, "    ");
	if (error) {
		catalog_say(s->cat, &s->reply, "judge.error_word", 0);
		buf_puts(&s->reply, ": ");
	}
	catalog_render(s->cat, m, &s->reply);
	buf_putc(&s->reply, '\n');
}

static void
judge_vsay(struct judge_session *s, bool error, const char *key, int nargs,
    va_list ap)
{
	struct game_msg	 m;
	int		 i;

	memset(&m, 0, sizeof(m));
	strlcpy_(m.key, key, sizeof(m.key));
	for (i = 0; i < nargs && i < GAME_MSG_ARGS; i++)
		strlcpy_(m.args[i], va_arg(ap, const char *), sizeof(m.args[i]));
	m.nargs = i;
	judge_line_msg(s, &m, error);
}

void
judge_ok(struct judge_session *s, const char *key, int nargs, ...)
{
	va_list	 ap;

	va_start(ap, nargs);
	judge_vsay(s, false, key, nargs, ap);
	va_end(ap);
}

void
judge_err(struct judge_session *s, const char *key, int nargs, ...)
{
	va_list	 ap;

	s->nerrors++;
	va_start(ap, nargs);
	judge_vsay(s, true, key, nargs, ap);
	va_end(ap);
}

void
judge_msg(struct judge_session *s, const struct game_msg *m, bool error)
{
	if (error)
		s->nerrors++;
	judge_line_msg(s, m, error);
}

void
judge_store_failed(struct judge_session *s)
{
	s->failed = true;
}

/*
 * Splits a line into words in place. "SIGN ON" and "SIGN OFF", njudge's
 * spellings, become one word.
 */
static void
judge_split(char *p, struct judge_line *l)
{
	l->argc = 0;
	while (*p && l->argc < JUDGE_MAX_ARGS) {
		while (*p == ' ' || *p == '\t')
			*p++ = '\0';
		if (*p == '\0')
			break;
		l->argv[l->argc++] = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
	}
	if (l->argc >= 2 && strcasecmp(l->argv[0], "SIGN") == 0 &&
	    (strcasecmp(l->argv[1], "ON") == 0 ||
	    strcasecmp(l->argv[1], "OFF") == 0)) {
		l->argv[0] = strcasecmp(l->argv[1], "ON") == 0 ? "SIGNON" :
		    "SIGNOFF";
		memmove(&l->argv[1], &l->argv[2],
		    (size_t)(l->argc - 2) * sizeof(l->argv[0]));
		l->argc--;
	}
}

/* Echoes the line, hiding the password of SIGNON and JOIN. */
static void
judge_echo(struct judge_session *s, const struct judge_line *l)
{
	int	 i, secret = -1;

	if (l->argc >= 3 && (strcasecmp(l->argv[0], "SIGNON") == 0 ||
	    strcasecmp(l->argv[0], "JOIN") == 0))
		secret = 2;
	if (l->argc >= 4 && strcasecmp(l->argv[0], "TAKEOVER") == 0)
		secret = 3;
	if (secret < 0) {
		buf_printf(&s->reply, "> %s\n", l->text);
		return;
	}
	buf_puts(&s->reply, ">");
	for (i = 0; i < l->argc; i++)
		buf_printf(&s->reply, " %s", i == secret ? "********" :
		    l->argv[i]);
	buf_putc(&s->reply, '\n');
}

static const struct judge_cmd *
judge_find(const char *word)
{
	size_t	 i;

	for (i = 0; i < sizeof(judge_cmds) / sizeof(judge_cmds[0]); i++)
		if (strcasecmp(judge_cmds[i].word, word) == 0)
			return &judge_cmds[i];
	return NULL;
}

static void
judge_line(struct judge_session *s, char *text)
{
	struct judge_line	 l;
	const struct judge_cmd	*c;
	char			*copy = xstrdup(text);

	l.text = text;
	judge_split(copy, &l);
	judge_echo(s, &l);
	if (strcasecmp(l.argv[0], "SIGNOFF") == 0) {
		judge_ok(s, "judge.signoff", 0);
		s->signoff = true;
	} else if ((c = judge_find(l.argv[0])) != NULL) {
		if (l.argc - 1 < c->minargs || l.argc - 1 > c->maxargs)
			judge_err(s, "judge.err.usage", 1, c->word);
		else if (c->who == JUDGE_PLAYER && (!s->who.on ||
		    s->who.seat == GAME_SEAT_GM))
			judge_err(s, "judge.err.not_player", 1, c->word);
		else if (c->who == JUDGE_SIGNED && !s->who.on)
			judge_err(s, "judge.err.not_signed", 1, c->word);
		else if (c->who == JUDGE_GM && (!s->who.on ||
		    (s->who.seat != GAME_SEAT_GM && !s->who.by_gm)))
			judge_err(s, "judge.err.not_gm", 1, c->word);
		else
			c->run(s, &l);
	} else if (s->who.on && s->who.seat != GAME_SEAT_GM)
		judge_orders(s, &l);
	else if (s->signon_failed)
		judge_err(s, "judge.err.skipped", 0);
	else if (s->who.on)
		judge_err(s, "judge.err.gm_orders", 0);
	else
		judge_err(s, "judge.err.unknown", 1, l.argv[0]);
	buf_putc(&s->reply, '\n');
	free(copy);
}

static void
judge_lines(struct judge_session *s)
{
	char	*text = xstrdup(s->msg->text ? s->msg->text : "");
	char	*line, *next, *e;
	int	 n = 0;

	for (line = text; line != NULL && !s->signoff && !s->failed;
	    line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (s->press.active) {
			/* judge_press.c: the text as written, to ENDPRESS */
			judge_press_line(s, line);
			continue;
		}
		while (*line == ' ' || *line == '\t')
			line++;
		e = line + strlen(line);
		while (e > line && isspace((unsigned char)e[-1]))
			*--e = '\0';
		if (*line == '\0')
			continue;
		if (++n > JUDGE_MAX_LINES) {
			judge_err(s, "judge.err.too_many_lines", 0);
			break;
		}
		judge_line(s, line);
	}
	judge_orders_flush(s);
	if (n == 0)
		judge_err(s, "judge.err.empty", 0);
	free(text);
}

/* The reply's language: the sender's, else the mail's, else the default. */
static const struct catalog *
judge_sender_catalog(const struct judge_env *env, const struct message *m)
{
	char	 lang[8];

	if (db_person_lang(env->db, m->reply_to, lang, sizeof(lang)) == DB_OK)
		return judge_catalog(env, lang);
	if (m->content_language && strncasecmp(m->content_language, "de", 2) == 0)
		return judge_catalog(env, "de");
	return judge_catalog(env, env->default_lang);
}

static void
judge_reply(struct judge_session *s)
{
	struct buf	 subj, body;

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
	if (s->own_report.len == 0 && s->who.on &&
	    s->who.game.status != DB_FORMING)
		judge_report_current(s);
	if (s->own_report.len) {
		buf_add(&body, s->own_report.data, s->own_report.len);
		buf_putc(&body, '\n');
	}
	if (s->nerrors)
		catalog_say(s->cat, &body, "judge.reply.errors", 0);
	else
		catalog_say(s->cat, &body, "judge.reply.fine", 0);
	buf_putc(&body, '\n');
	judge_queue_picture(s, s->msg->reply_to, subj.data, body.data, true,
	    s->who.on ? s->who.game.id : 0, &s->own_picture,
	    s->own_picture_name);
	buf_free(&subj);
	buf_free(&body);
}

/* A session for one mail (m) or one step of the clock (m NULL). */
void
judge_session_begin(struct judge_session *s, const struct judge_env *env,
    const struct message *m)
{
	memset(s, 0, sizeof(*s));
	s->env = env;
	s->msg = m;
	s->cat = m ? judge_sender_catalog(env, m) :
	    judge_catalog(env, env->default_lang);
	buf_init(&s->reply);
	buf_init(&s->own_report);
	buf_init(&s->press.body);
	buf_init(&s->own_picture);
	/* memset above: no picture drawn yet */
}

static enum judge_result
judge_finish(struct judge_session *s, enum judge_result ok, char *why,
    size_t whylen)
{
	enum judge_result rc = ok;

	if (!s->failed && s->env->failure_key != NULL &&
	    db_failure_clear(s->env->db, s->env->failure_key) != DB_OK)
		s->failed = true;
	if (s->failed || db_commit(s->env->db) != DB_OK) {
		db_rollback(s->env->db);
		snprintf(why, whylen, "store error; rolled back");
		rc = JUDGE_TEMPFAIL;
	}
	judge_session_end(s);
	return rc;
}

/* Frees what judge_session_begin() and the commands gathered. */
void
judge_session_end(struct judge_session *s)
{
	int	 i;

	buf_free(&s->reply);
	buf_free(&s->own_report);
	buf_free(&s->press.body);
	buf_free(&s->own_picture);
	for (i = 0; i < JUDGE_DRAWN_MAX; i++) {
		free(s->drawn[i].cells);
		s->drawn[i].cells = NULL;
		buf_free(&s->drawn[i].png);
	}
}

enum judge_result
judge_handle_message(const struct judge_env *env, const struct message *m,
    uint32_t uidvalidity, uint32_t uid, char *why, size_t whylen)
{
	struct judge_session	 s;
	struct db_inbox		 in;
	int			 known;

	if (db_begin(env->db) != DB_OK) {
		snprintf(why, whylen, "cannot begin a transaction");
		return JUDGE_TEMPFAIL;
	}
	known = db_inbox_known(env->db, uidvalidity, uid, m->message_id);
	if (known == DB_ERR) {
		db_rollback(env->db);
		snprintf(why, whylen, "inbox lookup failed");
		return JUDGE_TEMPFAIL;
	}
	judge_session_begin(&s, env, m);
	memset(&in, 0, sizeof(in));
	in.uidvalidity = uidvalidity;
	in.uid = uid;
	in.message_id = m->message_id;
	in.sender = m->reply_to;
	if (known == DB_OK) {
		/* Recorded before: a new UID for an old Message-ID is noted so
		 * it is not looked at again; the mail itself is not redone. */
		if (uid != 0 && db_inbox_known(env->db, uidvalidity, uid,
		    NULL) == DB_NONE) {
			in.outcome = "duplicate";
			if (db_inbox_insert(env->db, &in, env->now, NULL) != DB_OK)
				s.failed = true;
		}
		judge_finish(&s, JUDGE_DUPLICATE, why, whylen);
		return s.failed ? JUDGE_TEMPFAIL : JUDGE_DUPLICATE;
	}
	if (m->robot != MESSAGE_HUMAN) {
		in.outcome = "robot";
		in.note = "auto-reply or bounce: not answered";
		if (db_inbox_insert(env->db, &in, env->now, NULL) != DB_OK)
			s.failed = true;
		return judge_finish(&s, JUDGE_IGNORED, why, whylen);
	}
	in.outcome = "handled";
	if (db_inbox_insert(env->db, &in, env->now, &s.inbox_id) != DB_OK) {
		s.failed = true;
		return judge_finish(&s, JUDGE_TEMPFAIL, why, whylen);
	}
	if (!m->has_text)
		judge_err(&s, "judge.err.no_text", 0);
	else {
		if (m->truncated)
			judge_err(&s, "judge.err.truncated", 0);
		judge_lines(&s);
		judge_press_end_of_mail(&s);
		judge_become_finish(&s);
	}
	if (!s.failed)
		judge_reply(&s);
	return judge_finish(&s, JUDGE_HANDLED, why, whylen);
}

enum judge_result
judge_quarantine(const struct judge_env *env, const struct message *m,
    uint32_t uidvalidity, uint32_t uid, const char *reason)
{
	struct judge_session	 s;
	struct db_inbox		 in;
	char			 why[128];

	if (db_begin(env->db) != DB_OK)
		return JUDGE_TEMPFAIL;
	judge_session_begin(&s, env, m);
	memset(&in, 0, sizeof(in));
	in.uidvalidity = uidvalidity;
	in.uid = uid;
	in.message_id = m ? m->message_id : NULL;
	in.sender = m ? m->reply_to : NULL;
	in.outcome = "quarantined";
	in.note = reason;
	if (db_inbox_insert(env->db, &in, env->now, &s.inbox_id) != DB_OK)
		s.failed = true;
	else if (m && m->robot == MESSAGE_HUMAN && m->reply_to) {
		judge_err(&s, "judge.err.quarantined", 0);
		judge_reply(&s);
	}
	return judge_finish(&s, JUDGE_HANDLED, why, sizeof(why));
}
