/*
 * report.c - reports by mail, inside the mail's (or clock step's)
 * transaction: rendered per seat from that seat's view alone, in that
 * reader's language, with a picture of that view's board attached when
 * the game draws one. The view is the only source of a report's text and
 * picture (render/report.c, render/picture.c), so a report cannot show
 * more than its reader may see.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/queue.h"
#include "adjudicator/judge/report.h"
#include "adjudicator/render/picture.h"
#include "adjudicator/render/report.h"
#include "common/log.h"

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

/* The reader's report into the reply, as the last of the mail's. */
static void
judge_report_keep(struct judge_session *s, const struct judge_seat *w,
    int ply, const struct buf *body, const struct buf *png, const char *name)
{
	/* A later report of the same position replaces the earlier one; one
	 * of a new position (a GM's PROCESS lines, one after the other) is
	 * added, so none is lost. */
	if (s->own.report.len > 0 && s->own.game == w->game.id &&
	    s->own.ply != ply)
		buf_putc(&s->own.report, '\n');
	else
		buf_reset(&s->own.report);
	buf_add(&s->own.report, body->data, body->len);
	s->own.game = w->game.id;
	s->own.ply = ply;
	buf_reset(&s->own.picture);
	buf_add(&s->own.picture, png->data, png->len);
	/* Both are JUDGE_PICTURE_NAME bytes: nothing is cut. */
	strlcpy_(s->own.picture_name, name, sizeof(s->own.picture_name));
}

void
judge_report_one(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st, int seat, const char *addr,
    const struct judge_extra *extra)
{
	const struct catalog	*cat = judge_reader_catalog(s, addr);
	struct report_head	 h;
	struct game_view	*v;
	struct buf		 body, subj, png;
	char			 name[JUDGE_PICTURE_NAME];
	bool			 sender;

	v = xcalloc(1, sizeof(*v));	/* ~94 KB: never on the stack */
	w->ops->view(st, seat, v);
	h.game = w->game.name;
	h.kind = w->game.kind;
	h.options = w->game.options;
	h.seat_key = seat == GAME_SEAT_GM ? NULL : w->ops->seat_key(seat);
	h.phase = v->ply;	/* the subject counts as the report's head does */
	sender = s->msg && strcasecmp(addr, s->msg->reply_to) == 0 &&
	    s->who.on && s->who.game.id == w->game.id && s->who.seat == seat;
	buf_init(&body);
	buf_init(&subj);
	buf_init(&png);
	report_render(cat, &h, v, &body);
	judge_picture(s, w, v, &png, name, sizeof(name));
	if (extra && extra->key) {
		buf_putc(&body, '\n');
		catalog_say(cat, &body, extra->key, 1, extra->arg);
		buf_putc(&body, '\n');
	}
	judge_clock_report(s, w, seat, cat, extra ? extra->notes : NULL,
	    extra ? extra->nnotes : 0, &body);
	if (sender)
		judge_report_keep(s, w, v->ply, &body, &png, name);
	else {
		report_subject(cat, &h, &subj);
		judge_queue_picture(s, addr, subj.data, body.data, false,
		    w->game.id, &png, name);
	}
	buf_free(&body);
	buf_free(&subj);
	buf_free(&png);
	free(v);
}

void
judge_report_all(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st, const struct judge_extra *extra)
{
	struct db_player	 p[GAME_MAX_SEATS];
	int			 n, i;

	if (db_players(s->env->db, w->game.id, p, GAME_MAX_SEATS, &n) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	/* An ejected player's row stays for the seat's story (SUMMARY), but
	 * he no longer plays it: its view is no longer his to read. */
	for (i = 0; i < n; i++)
		if (!p[i].ejected)
			judge_report_one(s, w, st, p[i].seat, p[i].address,
			    extra);
	judge_report_one(s, w, st, GAME_SEAT_GM, w->game.gm_address, extra);
}
