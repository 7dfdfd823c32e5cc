/*
 * session.c - the state of one mail (or clock step) and the reply helpers
 * (session.h).
 *
 * A reply line is rendered at once into the reply buffer in the sender's
 * language; errors are counted, so the reply can end with the right
 * summary. Nothing here calls the judge above it; the store is read only to
 * learn a reader's language.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/session.h"

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

/* The catalog of the language addr chose, or NULL when he chose none. */
static const struct catalog *
judge_chosen_catalog(const struct judge_env *env, const char *addr)
{
	char	 lang[8];

	if (db_person_lang(env->db, addr, lang, sizeof(lang)) != DB_OK)
		return NULL;
	return judge_catalog(env, lang);
}

const struct catalog *
judge_reader_catalog(struct judge_session *s, const char *addr)
{
	const struct catalog	*c = judge_chosen_catalog(s->env, addr);

	return c ? c : judge_catalog(s->env, s->env->default_lang);
}

/* The reply's language: the sender's, else the mail's, else the default. */
static const struct catalog *
judge_sender_catalog(const struct judge_env *env, const struct message *m)
{
	const struct catalog	*c = judge_chosen_catalog(env, m->reply_to);

	if (c != NULL)
		return c;
	if (m->content_language && strncasecmp(m->content_language, "de", 2) == 0)
		return judge_catalog(env, "de");
	return judge_catalog(env, env->default_lang);
}

void
judge_session_begin(struct judge_session *s, const struct judge_env *env,
    const struct message *m)
{
	memset(s, 0, sizeof(*s));	/* no picture drawn, nobody speaks */
	s->env = env;
	s->msg = m;
	s->cat = m ? judge_sender_catalog(env, m) :
	    judge_catalog(env, env->default_lang);
	buf_init(&s->reply);
	buf_init(&s->own.report);
	judge_pictures_init(&s->own.pics);
}

void
judge_session_end(struct judge_session *s)
{
	int	 i;

	buf_free(&s->reply);
	buf_free(&s->own.report);
	judge_pictures_free(&s->own.pics);
	for (i = 0; i < JUDGE_DRAWN_MAX; i++) {
		free(s->drawn[i].cells);
		free(s->drawn[i].map);
		s->drawn[i].cells = NULL;
		s->drawn[i].map = NULL;
		judge_pictures_free(&s->drawn[i].pics);
	}
}

void
judge_pictures_init(struct judge_pictures *p)
{
	int	 i;

	p->n = 0;
	for (i = 0; i < JUDGE_PICTURES; i++) {
		buf_init(&p->png[i]);
		buf_init(&p->b64[i]);
		p->name[i][0] = '\0';
	}
}

void
judge_pictures_free(struct judge_pictures *p)
{
	int	 i;

	for (i = 0; i < JUDGE_PICTURES; i++) {
		buf_free(&p->png[i]);
		buf_free(&p->b64[i]);
	}
	judge_pictures_init(p);
}

void
judge_pictures_copy(struct judge_pictures *to,
    const struct judge_pictures *from)
{
	int	 i;

	for (i = 0; i < JUDGE_PICTURES; i++) {
		buf_reset(&to->png[i]);
		buf_reset(&to->b64[i]);
		if (i < from->n) {
			buf_add(&to->png[i], from->png[i].data,
			    from->png[i].len);
			buf_add(&to->b64[i], from->b64[i].data,
			    from->b64[i].len);
			memcpy(to->b64hash[i], from->b64hash[i],
			    sizeof(to->b64hash[i]));
		}
		memcpy(to->name[i], from->name[i], sizeof(to->name[i]));
	}
	to->n = from->n;
}

int
judge_session_commit(struct judge_session *s)
{
	int	 rc = 0;

	if (s->failed || db_commit(s->env->db) != DB_OK) {
		db_rollback(s->env->db);
		rc = -1;
	}
	judge_session_end(s);
	return rc;
}

/* A reply line: indented under the quoted line, errors marked as such. */
static void
judge_line_start(struct judge_session *s, bool error)
{
	buf_puts(&s->reply, "    ");
	if (error) {
		s->nerrors++;
		catalog_say(s->cat, &s->reply, "judge.error_word", 0);
		buf_puts(&s->reply, ": ");
	}
}

/* The arguments are rendered as they are, however long (catalog_vsay). */
static void
judge_vsay(struct judge_session *s, bool error, const char *key, int nargs,
    va_list ap)
{
	judge_line_start(s, error);
	catalog_vsay(s->cat, &s->reply, key, nargs, ap);
	buf_putc(&s->reply, '\n');
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

	va_start(ap, nargs);
	judge_vsay(s, true, key, nargs, ap);
	va_end(ap);
}

void
judge_msg(struct judge_session *s, const struct game_msg *m, bool error)
{
	judge_line_start(s, error);
	catalog_render(s->cat, m, &s->reply);
	buf_putc(&s->reply, '\n');
}

void
judge_text(struct judge_session *s, const char *text, bool error)
{
	judge_line_start(s, error);
	buf_puts(&s->reply, text);
	buf_putc(&s->reply, '\n');
}

void
judge_store_failed(struct judge_session *s)
{
	s->failed = true;
}
