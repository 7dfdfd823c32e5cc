/*
 * cmd_signon.c - SIGNON <name> <password>: the lines after it speak for
 * the sender's seat of that game, or for its GM.
 *
 * The password is checked against the sender's own seat first, so one
 * mail costs one Argon2id verification; a password also opens a seat
 * whose player writes from another address (the same person, another
 * mailbox). Then, as njudge did (rules/judge-conventions.md 1.5), the
 * player of record gets at the end of the mail a copy of what it did as
 * his seat, one per seat and mail, and the GM a note without the lines
 * (they hold the player's orders). A failed SIGNON ends the reading of
 * the mail (judge.c), so one mail pays for one failed guess.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/cmd_signon.h"
#include "adjudicator/judge/notify.h"
#include "adjudicator/judge/orders.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/seats.h"
#include "common/log.h"

#define JUDGE_SIGNON_NONE	(-2)	/* no seat and not the GM */

/* The seat the password opens, the sender's own tried first. */
static int
judge_signon_seat(struct judge_session *s, const struct judge_seat *w,
    const struct db_player *p, int n, const char *pw)
{
	int	 pass, i, seat = JUDGE_SIGNON_NONE;
	bool	 mine;

	for (pass = 0; pass < 2 && seat == JUDGE_SIGNON_NONE; pass++) {
		for (i = 0; i < n && seat == JUDGE_SIGNON_NONE; i++) {
			mine = strcasecmp(p[i].address, s->msg->reply_to) == 0;
			if (mine == (pass == 0) && !p[i].ejected &&
			    password_verify(s->env->pwcache, p[i].pwhash, pw))
				seat = p[i].seat;
		}
		if (seat == JUDGE_SIGNON_NONE && (strcasecmp(w->game.gm_address,
		    s->msg->reply_to) == 0) == (pass == 0) &&
		    password_verify(s->env->pwcache, w->game.gm_pwhash, pw))
			seat = GAME_SEAT_GM;
	}
	return seat;
}

/*
 * Nobody speaks until the next SIGNON, and the lines in between are
 * skipped; the orders so far belong to the speaker until now.
 */
static void
judge_signon_failed(struct judge_session *s)
{
	judge_orders_flush(s);
	s->who.on = false;
	s->signon_failed = true;
}

/*
 * A sign-on from an address other than the seat's of record: its span of
 * the reply begins with this line (judge_signon_line).
 */
static void
judge_signon_foreign(struct judge_session *s, struct judge_signon *g,
    const struct judge_seat *w, const struct db_player *p, int n)
{
	const char	*owner = w->game.gm_address;
	int		 i;

	for (i = 0; i < n && w->seat != GAME_SEAT_GM; i++)
		if (p[i].seat == w->seat)
			owner = p[i].address;
	if (strcasecmp(owner, s->msg->reply_to) == 0)
		return;
	log_info("judge: game=%s seat=%d signon=foreign", w->game.name,
	    w->seat);
	memset(&g->next, 0, sizeof(g->next));
	g->next.as = *w;
	/* Both are DB_ADDR_MAX bytes: nothing is cut. */
	strlcpy_(g->next.owner, owner, sizeof(g->next.owner));
	g->pending = true;
}

void
judge_cmd_signon(struct judge_session *s, const struct judge_line *l,
    void *own)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct judge_seat	 w;
	char			 key[GAME_ARG_MAX];
	int			 n, seat;

	if (!judge_phase_find(s, l->argv[1], &w) ||
	    !judge_phase_players(s, &w.game, p, &n)) {
		judge_signon_failed(s);
		return;
	}
	if ((seat = judge_signon_seat(s, &w, p, n, l->argv[2])) ==
	    JUDGE_SIGNON_NONE) {
		log_info("judge: game=%s signon=refused", w.game.name);
		judge_err(s, "judge.err.bad_signon", 1, w.game.name);
		judge_signon_failed(s);
		return;
	}
	w.on = true;
	w.seat = seat;
	judge_orders_speak_as(s, &w);
	s->signon_failed = false;
	judge_signon_foreign(s, own, &w, p, n);
	if (seat == GAME_SEAT_GM)
		judge_ok(s, "judge.signed_on_gm", 1, w.game.name);
	else if (w.game.status == DB_FORMING && w.ops->nseats > 2)
		/* Before the start a seat number is only a place in the
		 * queue (cmd_join.c). */
		judge_ok(s, "judge.signed_on_forming", 1, w.game.name);
	else {
		snprintf(key, sizeof(key), "@%s", w.ops->seat_key(seat));
		judge_ok(s, "judge.signed_on", 2, w.game.name, key);
		judge_clock_signed_on(s, &w);
	}
}

/* Whether the sender still speaks for span's seat (its GM: with BECOME). */
static bool
judge_signon_speaks(const struct judge_session *s,
    const struct judge_signon_span *sp)
{
	const struct judge_seat	*w = &s->who;

	if (!w->on || w->game.id != sp->as.game.id)
		return false;
	if (sp->as.seat == GAME_SEAT_GM)
		return w->seat == GAME_SEAT_GM || w->by_gm;
	return w->seat == sp->as.seat && !w->by_gm;
}

void
judge_signon_line(struct judge_session *s, void *own, size_t at)
{
	struct judge_signon		*g = own;
	struct judge_signon_span	*cur;

	cur = g->open ? &g->span[g->n - 1] : NULL;
	if (cur != NULL && !judge_signon_speaks(s, cur)) {
		cur->to = at;
		g->open = false;
	}
	if (g->pending && !g->open) {
		if (g->n == g->cap) {
			g->cap = g->cap ? 2 * g->cap : 4;
			g->span = xrealloc(g->span, (size_t)g->cap *
			    sizeof(*g->span));
		}
		g->span[g->n] = g->next;
		g->span[g->n++].from = at;
		g->open = true;
	}
	g->pending = false;
}

/* Whether spans a and b are of the same seat. */
static bool
judge_signon_same(const struct judge_signon_span *a,
    const struct judge_signon_span *b)
{
	return a->as.game.id == b->as.game.id && a->as.seat == b->as.seat;
}

/*
 * The copy for span i's seat: every span of that seat (i is its first),
 * then, when the mail ended speaking for it, its orders as they stand.
 */
static void
judge_signon_copy(struct judge_session *s, const struct judge_signon *g,
    int i, const struct catalog *cat, struct buf *out)
{
	const struct judge_signon_span	*sp = &g->span[i];
	size_t				 last = sp->from;
	int				 j;

	if (cat != s->cat)
		catalog_say(cat, out, "judge.spoof.language", 0);
	if (out->len > 0)
		buf_puts(out, "\n\n");
	for (j = i; j < g->n; j++) {
		if (!judge_signon_same(sp, &g->span[j]))
			continue;
		if (g->span[j].from != last)
			buf_puts(out, "    [...]\n\n");
		buf_add(out, s->reply.data + g->span[j].from,
		    g->span[j].to - g->span[j].from);
		last = g->span[j].to;
	}
	if (judge_signon_speaks(s, sp))
		judge_orders_confirm(s, cat, out);
}

/* The copy to the seat's player of record, the note to the GM. */
static void
judge_signon_notice(struct judge_session *s, const struct judge_signon *g,
    int i)
{
	const struct judge_signon_span	*sp = &g->span[i];
	const struct db_game		*game = &sp->as.game;
	struct buf			 copy;
	char				 arg[GAME_ARG_MAX];

	buf_init(&copy);
	judge_signon_copy(s, g, i, judge_reader_catalog(s, sp->owner), &copy);
	if (sp->as.seat == GAME_SEAT_GM)
		judge_notify_copy(s, game, sp->owner, &copy,
		    "judge.spoof.copy_gm", 2, game->name, s->msg->reply_to);
	else {
		judge_seat_arg_in(&sp->as, sp->as.seat, arg, sizeof(arg));
		judge_notify_copy(s, game, sp->owner, &copy, "judge.spoof.copy",
		    3, arg, game->name, s->msg->reply_to);
		/* The GM who sent it knows. */
		if (strcasecmp(game->gm_address, s->msg->reply_to) != 0)
			judge_notify(s, game, game->gm_address,
			    "judge.spoof.gm", 3, arg, game->name,
			    s->msg->reply_to);
	}
	buf_free(&copy);
}

void
judge_signon_end(struct judge_session *s, void *own)
{
	struct judge_signon	*g = own;
	int			 i, j;

	if (g->open)
		g->span[g->n - 1].to = s->reply.len;
	for (i = 0; i < g->n && !s->failed; i++) {
		for (j = 0; j < i && !judge_signon_same(&g->span[j],
		    &g->span[i]); j++)
			continue;
		if (j == i)	/* the seat's first span: one copy a seat */
			judge_signon_notice(s, g, i);
	}
	free(g->span);
	memset(g, 0, sizeof(*g));
}
