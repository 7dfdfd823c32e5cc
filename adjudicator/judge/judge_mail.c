/*
 * judge_mail.c - composing the judge's mails and queueing them in the
 * outbox, inside the mail's transaction: reports are rendered per seat from
 * that seat's view, in that reader's language, with a picture of that
 * view's board attached when the game draws one.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/judge_priv.h"
#include "adjudicator/render/picture.h"
#include "common/log.h"
#include "mail/compose.h"

void
judge_queue(struct judge_session *s, const char *rcpt, const char *subject,
    const char *body, bool is_reply, int64_t game_id)
{
	judge_queue_picture(s, rcpt, subject, body, is_reply, game_id, NULL,
	    NULL);
}

void
judge_queue_picture(struct judge_session *s, const char *rcpt,
    const char *subject, const char *body, bool is_reply, int64_t game_id,
    const struct buf *png, const char *filename)
{
	struct compose_attach	 att;
	struct compose_in	 c;
	struct buf		 out;
	unsigned char		 rnd[12];
	char			 token[48], hex[25];

	randombytes_buf(rnd, sizeof(rnd));
	sodium_bin2hex(hex, sizeof(hex), rnd, sizeof(rnd));
	snprintf(token, sizeof(token), "pbemd.%lld.%s",
	    (long long)s->env->now, hex);
	memset(&c, 0, sizeof(c));
	c.from = s->env->address;
	c.from_name = s->env->name;
	c.to = rcpt;
	c.subject = subject;
	if (is_reply && s->msg) {
		c.in_reply_to = s->msg->message_id;
		c.references = s->msg->references;
	}
	c.body = body;
	c.date = s->env->now;
	c.msgid_token = token;
	if (png != NULL && png->len > 0) {
		att.type = "image/png";
		att.filename = filename;
		att.data = png->data;
		att.len = png->len;
		c.attach = &att;
		c.nattach = 1;
	}
	buf_init(&out);
	compose_message(&c, &out);
	if (db_outbox_add(s->env->db, s->inbox_id, game_id, rcpt, out.data,
	    out.len, s->env->now) != DB_OK)
		judge_store_failed(s);
	buf_free(&out);
}

const struct catalog *
judge_reader_catalog(struct judge_session *s, const char *addr)
{
	char	 lang[8];

	if (db_person_lang(s->env->db, addr, lang, sizeof(lang)) == DB_OK)
		return judge_catalog(s->env, lang);
	return judge_catalog(s->env, s->env->default_lang);
}

/*
 * The board of the reader's view as a PNG, drawn from the view's cells
 * alone; left empty when the game has none (or, a game's bug, bad cells:
 * the report goes out without it).
 */
static void
judge_picture(struct judge_session *s, const struct judge_seat *w,
    const struct game_view *v, struct buf *png, char *name, size_t namelen)
{
	struct judge_drawn	*d;
	int			 i;

	snprintf(name, namelen, "%s-%d.png", w->game.name, v->ply);
	if (v->cells.n == 0)
		return;
	/* The same cells make the same bytes (picture.c): draw them once. */
	for (i = 0; i < JUDGE_DRAWN_MAX; i++) {
		d = &s->drawn[i];
		if (d->cells != NULL &&
		    memcmp(d->cells, &v->cells, sizeof(v->cells)) == 0) {
			buf_add(png, d->png.data, d->png.len);
			return;
		}
	}
	if (picture_png(&v->cells, png) != 0) {
		log_warnx("picture game=%s ply=%d: bad cells, none sent",
		    w->game.name, v->ply);
		return;
	}
	d = &s->drawn[s->ndrawn++ % JUDGE_DRAWN_MAX];
	if (d->cells == NULL) {
		d->cells = xmalloc(sizeof(*d->cells));
		buf_init(&d->png);
	}
	memcpy(d->cells, &v->cells, sizeof(v->cells));
	buf_reset(&d->png);
	buf_add(&d->png, png->data, png->len);
}

/*
 * One reader's report: to the sender it goes into the reply, to anyone else
 * as a mail of its own, each with the picture of the same view. extra_key
 * (may be NULL) adds a judge line, such as the seed commitment, that every
 * reader gets alike.
 */
void
judge_report_one(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st, int seat, const char *addr,
    const char *extra_key, const char *extra)
{
	const struct catalog	*cat = judge_reader_catalog(s, addr);
	struct report_head	 h;
	struct game_view	 v;
	struct buf		 body, subj, png;
	char			 name[JUDGE_PICTURE_NAME];
	bool			 sender;

	memset(&v, 0, sizeof(v));
	w->ops->view(st, seat, &v);
	h.game = w->game.name;
	h.kind = w->game.kind;
	h.options = w->game.options;
	h.seat_key = seat == GAME_SEAT_GM ? NULL : w->ops->seat_key(seat);
	h.phase = v.ply;	/* the subject counts as the report's head does */
	sender = s->msg && strcasecmp(addr, s->msg->reply_to) == 0 &&
	    s->who.on && s->who.game.id == w->game.id && s->who.seat == seat;
	buf_init(&body);
	buf_init(&subj);
	buf_init(&png);
	report_render(cat, &h, &v, &body);
	judge_picture(s, w, &v, &png, name, sizeof(name));
	if (extra_key) {
		buf_putc(&body, '\n');
		catalog_say(cat, &body, extra_key, 1, extra);
		buf_putc(&body, '\n');
	}
	judge_clock_report(s, w, seat, cat, &body);
	if (sender) {
		/* A later report of the same position replaces the earlier
		 * one; one of a new position (a GM's PROCESS lines, one
		 * after the other) is added, so none is lost. */
		if (s->own_report.len > 0 && s->own_report_game == w->game.id &&
		    s->own_report_ply != v.ply)
			buf_putc(&s->own_report, '\n');
		else
			buf_reset(&s->own_report);
		buf_add(&s->own_report, body.data, body.len);
		s->own_report_game = w->game.id;
		s->own_report_ply = v.ply;
		buf_reset(&s->own_picture);
		buf_add(&s->own_picture, png.data, png.len);
		strlcpy_(s->own_picture_name, name,
		    sizeof(s->own_picture_name));
	} else {
		report_subject(cat, &h, &subj);
		judge_queue_picture(s, addr, subj.data, body.data, false,
		    w->game.id, &png, name);
	}
	buf_free(&body);
	buf_free(&subj);
	buf_free(&png);
}

void
judge_report_all(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st, const char *extra_key, const char *extra)
{
	struct db_player	 p[GAME_MAX_SEATS];
	int			 n, i;

	if (db_players(s->env->db, w->game.id, p, GAME_MAX_SEATS, &n) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	for (i = 0; i < n; i++)
		judge_report_one(s, w, st, p[i].seat, p[i].address, extra_key,
		    extra);
	judge_report_one(s, w, st, GAME_SEAT_GM, w->game.gm_address, extra_key,
	    extra);
}

/* The signed-on sender's view of the game as it stands, for the reply. */
void
judge_report_current(struct judge_session *s)
{
	struct game_state	*st = NULL;
	struct game_diag	 why;
	char			*text = NULL;

	if (db_phase_state(s->env->db, s->who.game.id, s->who.game.phase,
	    &text) != DB_OK || s->who.ops->load(text, &st, &why) != 0) {
		free(text);
		return;
	}
	judge_report_one(s, &s->who, st, s->who.seat, s->msg->reply_to, NULL,
	    NULL);
	s->who.ops->free(st);
	free(text);
}
