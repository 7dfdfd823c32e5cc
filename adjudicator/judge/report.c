/*
 * report.c - reports by mail, inside the mail's (or clock step's)
 * transaction: rendered per seat from that seat's view alone, in that
 * reader's language, with a picture of that view's board attached when
 * the game draws one. The view is the only source of a report's text and
 * picture (render/report.c, render/picture.c), so a report cannot show
 * more than its reader may see. An observer reads the GM's view, and only
 * of a game that hides nothing from anyone (observers.c).
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/observers.h"
#include "adjudicator/judge/queue.h"
#include "adjudicator/judge/report.h"
#include "adjudicator/render/mappic.h"
#include "adjudicator/render/picture.h"
#include "adjudicator/render/report.h"
#include "common/log.h"
#include "mail/compose.h"

/* Whether drawn entry d shows what view v would draw for catalog cat. */
static bool
judge_drawn_same(const struct judge_drawn *d, const struct game_view *v,
    const struct catalog *cat)
{
	if (v->map.nboards > 0)
		return d->map != NULL && d->cat == cat &&
		    memcmp(d->map, &v->map, sizeof(v->map)) == 0;
	return d->cells != NULL &&
	    memcmp(d->cells, &v->cells, sizeof(v->cells)) == 0;
}

/*
 * The pictures of the reader's view, drawn from that view alone: a map
 * game's boards (one PNG each, named after the phase they show, e.g.
 * "dg-S1901M.png", "zg-F1901M-nr.png"), else the board of its cells
 * ("wk-3.png"); none when the game has none (or, a game's bug, a bad
 * view: the report goes out without it).
 */
/* Picture i as the mails carry it, and its hash, for all its readers. */
static void
judge_picture_b64(struct judge_pictures *p, int i)
{
	buf_reset(&p->b64[i]);
	compose_base64(p->png[i].data, p->png[i].len, &p->b64[i]);
	crypto_generichash(p->b64hash[i], sizeof(p->b64hash[i]),
	    (const unsigned char *)p->b64[i].data, p->b64[i].len, NULL, 0);
}

static void
judge_picture_draw(const struct judge_env *env, const struct judge_seat *w,
    const struct game_view *v, const struct catalog *cat,
    struct judge_pictures *out)
{
	static const char *const board_suffix[JUDGE_PICTURES] = { "-nr", "-z" };
	int	 b, n;

	out->n = 0;
	if (v->map.nboards > 0) {
		n = v->map.nboards < JUDGE_PICTURES ? v->map.nboards :
		    JUDGE_PICTURES;
		for (b = 0; b < n; b++) {
			buf_reset(&out->png[out->n]);
			if ((env->box != NULL ? mappic_png_box(env->box, cat,
			    &v->map, b, &out->png[out->n]) : mappic_png(cat,
			    &v->map, b, &out->png[out->n])) != 0) {
				log_warnx("picture game=%s ply=%d board=%d: "
				    "not drawn", w->game.name, v->ply, b);
				continue;
			}
			snprintf(out->name[out->n], JUDGE_PICTURE_NAME,
			    "%s-%s%s.png", w->game.name, v->map.board[b].phase,
			    n > 1 ? board_suffix[b] : "");
			judge_picture_b64(out, out->n);
			out->n++;
		}
		return;
	}
	if (v->cells.n == 0)
		return;
	buf_reset(&out->png[0]);
	if ((env->box != NULL ? picture_png_box(env->box, &v->cells,
	    &out->png[0]) : picture_png(&v->cells, &out->png[0])) != 0) {
		log_warnx("picture game=%s ply=%d: bad cells, none sent",
		    w->game.name, v->ply);
		return;
	}
	snprintf(out->name[0], JUDGE_PICTURE_NAME, "%s-%d.png", w->game.name,
	    v->ply);
	judge_picture_b64(out, 0);
	out->n = 1;
}

/* The same, each distinct view (and language, for a map) drawn once in
 * this mail: same view, same bytes (picture.c, mappic.c). */
static void
judge_picture(struct judge_session *s, const struct judge_seat *w,
    const struct game_view *v, const struct catalog *cat,
    struct judge_pictures *out)
{
	struct judge_drawn	*d;
	int			 i;

	if (v->map.nboards == 0 && v->cells.n == 0) {
		out->n = 0;
		return;
	}
	for (i = 0; i < JUDGE_DRAWN_MAX; i++)
		if (judge_drawn_same(&s->drawn[i], v, cat)) {
			judge_pictures_copy(out, &s->drawn[i].pics);
			return;
		}
	judge_picture_draw(s->env, w, v, cat, out);
	d = &s->drawn[s->ndrawn++ % JUDGE_DRAWN_MAX];
	if (d->cells == NULL && d->map == NULL)
		judge_pictures_init(&d->pics);
	free(d->cells);
	free(d->map);
	d->cells = NULL;
	d->map = NULL;
	if (v->map.nboards > 0) {
		d->map = xmalloc(sizeof(*d->map));
		memcpy(d->map, &v->map, sizeof(v->map));
	} else {
		d->cells = xmalloc(sizeof(*d->cells));
		memcpy(d->cells, &v->cells, sizeof(v->cells));
	}
	d->cat = cat;
	judge_pictures_copy(&d->pics, out);
}

/* The reader's report into the reply, as the last of the mail's. */
static void
judge_report_keep(struct judge_session *s, const struct judge_seat *w,
    int ply, const struct buf *body, const struct judge_pictures *pics)
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
	judge_pictures_copy(&s->own.pics, pics);
}

/* "The players:" and a line "France: p2@example.test" per seat taken. */
static void
judge_report_roster(const struct judge_seat *w, const struct catalog *cat,
    const struct judge_extra *extra, struct buf *out)
{
	char	 seat[GAME_ARG_MAX];
	int	 i;

	buf_putc(out, '\n');
	catalog_say(cat, out, "judge.roster", 0);
	buf_putc(out, '\n');
	for (i = 0; i < extra->nplayers; i++) {
		if (extra->players[i].ejected)
			continue;
		snprintf(seat, sizeof(seat), "@%s",
		    w->ops->seat_key(extra->players[i].seat));
		catalog_say(cat, out, "judge.roster.seat", 2, seat,
		    extra->players[i].address);
		buf_putc(out, '\n');
	}
}

/*
 * seat's report (an observer's: observer true, seat GAME_SEAT_GM) to
 * addr: into the reply when addr is the sender speaking for that seat,
 * else as a mail of its own.
 */
static void
judge_report_to(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st, int seat, bool observer, const char *addr,
    const struct judge_extra *extra)
{
	const struct catalog	*cat = judge_reader_catalog(s, addr);
	struct report_head	 h;
	struct game_view	*v;
	struct buf		 body, subj, notes;
	struct judge_pictures	 pics;
	bool			 sender;

	v = xcalloc(1, sizeof(*v));	/* ~125 KB: never on the stack */
	w->ops->view(st, seat, v);
	h.game = w->game.name;
	h.kind = w->game.kind;
	h.options = w->game.options;
	h.seat_key = seat == GAME_SEAT_GM ? NULL : w->ops->seat_key(seat);
	h.phase = v->ply;	/* the subject counts as the report's head does */
	h.observer = observer;
	sender = !observer && s->msg && strcasecmp(addr, s->msg->reply_to) ==
	    0 && s->who.on && s->who.game.id == w->game.id &&
	    s->who.seat == seat;
	buf_init(&body);
	buf_init(&subj);
	buf_init(&notes);
	judge_pictures_init(&pics);
	if (extra)
		judge_clock_notes(s, w, cat, extra->notes, extra->nnotes,
		    &notes);
	h.notes = notes.data;
	report_render(cat, &h, v, &body);
	judge_picture(s, w, v, cat, &pics);
	if (extra && extra->key) {
		buf_putc(&body, '\n');
		catalog_say(cat, &body, extra->key, 1, extra->arg);
		buf_putc(&body, '\n');
	}
	if (extra && extra->players && !observer)
		judge_report_roster(w, cat, extra, &body);
	/* An observer is told the deadline, not the GM's hint to approve
	 * it. */
	judge_clock_report(s, w, observer ? JUDGE_CLOCK_NO_SEAT : seat, cat,
	    &body);
	if (sender)
		judge_report_keep(s, w, v->ply, &body, &pics);
	else {
		report_subject(cat, &h, v, &subj);
		judge_queue_picture(s, addr, subj.data, body.data,
		    COMPOSE_GENERATED, w->game.id, &pics);
	}
	buf_free(&body);
	buf_free(&subj);
	buf_free(&notes);
	judge_pictures_free(&pics);
	free(v);
}

void
judge_report_one(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st, int seat, const char *addr,
    const struct judge_extra *extra)
{
	judge_report_to(s, w, st, seat, false, addr, extra);
}

void
judge_report_observer(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st, const char *addr,
    const struct judge_extra *extra)
{
	if (judge_observers_open(w, st))
		judge_report_to(s, w, st, GAME_SEAT_GM, true, addr, extra);
}

/* Every observer's report, each within his hour's answers. */
static void
judge_report_observers(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st, const struct judge_extra *extra)
{
	struct db_observer	 o[JUDGE_OBSERVERS_MAX];
	int			 n, i;

	if (!judge_observers_open(w, st) ||
	    !judge_observers_list(s, &w->game, o, &n))
		return;
	for (i = 0; i < n && !s->failed; i++)
		if (judge_observers_may_mail(s, o[i].address))
			judge_report_observer(s, w, st, o[i].address, extra);
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
	judge_report_observers(s, w, st, extra);
}
