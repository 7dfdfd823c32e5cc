/*
 * cmd_signon.c - SIGNON: the lines after it speak for a seat of a game,
 * or for its GM. Three forms (rules/judge-conventions.md 1.5):
 *
 *	SIGNON <game> <password>		the sender's own seat (or GM)
 *	SIGNON <P><game> <password>		njudge's: the seat of initial P,
 *						M the GM ("SIGNON Falpha pw")
 *	SIGNON <game> <seat> <password>		the seat so named, GM the GM
 *
 * A password is checked against one seat: the one named, or the one the
 * sender's address holds (the GM's too when that address is the GM's), so
 * a sign-on costs one Argon2id verification, never one per seat. From an
 * address that holds no seat the seat must be named: a password alone
 * opens nothing there. Guesses are limited (limits.h): an address that
 * was refused too often in an hour, and a seat guessed at too often from
 * other addresses, are refused without a check until the hour is over,
 * and the seat's player and the GM are told once. The address of record
 * of a seat always gets its one check: a stranger must not be able to
 * lock a player out of his own game.
 *
 * After a sign-on from another address, as njudge did, the player of
 * record gets at the end of the mail a copy of what it did as his seat,
 * one per seat and mail, and the GM a note without the lines (they hold
 * the player's orders). A refused SIGNON ends the reading of the mail
 * (judge.c), so one mail pays for one refused guess.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/cmd_signon.h"
#include "adjudicator/judge/limits.h"
#include "adjudicator/judge/notice.h"
#include "adjudicator/judge/notify.h"
#include "adjudicator/judge/orders.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/seats.h"
#include "common/log.h"

#define JUDGE_SIGNON_OWN	(-2)	/* no seat named: the sender's own */
#define JUDGE_SIGNON_NONE	(-3)	/* a named seat that is not there */
#define JUDGE_SIGNON_KEY	48	/* "<game id>:<seat>" */

/* The seat, or the GM, a SIGNON line names. */
struct judge_claim {
	struct judge_seat	 w;
	int			 seat;	/* or JUDGE_SIGNON_OWN */
	const char		*pw;
};

/* The seat word names in w's game: GM and M name its game master. */
static int
judge_signon_named(struct judge_session *s, const struct judge_seat *w,
    const char *word)
{
	int	 seat;

	if ((seat = judge_seat_named(s->env, w->ops, word)) >= 0)
		return seat;
	if (strcasecmp(word, "GM") == 0 || strcasecmp(word, "M") == 0 ||
	    strcasecmp(word, "SL") == 0)	/* Spielleiter */
		return GAME_SEAT_GM;
	return JUDGE_SIGNON_NONE;
}

/* The game of name, quietly: false when there is none (or a store error). */
static bool
judge_signon_game(struct judge_session *s, const char *name,
    struct judge_seat *w)
{
	memset(w, 0, sizeof(*w));
	switch (db_game_get(s->env->db, name, &w->game)) {
	case DB_OK:
		break;
	case DB_ERR:
		judge_store_failed(s);
		/* FALLTHROUGH */
	default:
		return false;
	}
	return (w->ops = game_find(w->game.kind)) != NULL;
}

/*
 * Reads the line's form into c; says why not and returns false when it
 * names no game or no seat of it.
 */
static bool
judge_signon_claim(struct judge_session *s, const struct judge_line *l,
    struct judge_claim *c)
{
	const char	*name = l->argv[1];
	char		 one[2] = { 0, 0 };

	c->pw = l->argv[l->argc - 1];
	c->seat = JUDGE_SIGNON_OWN;
	if (judge_signon_game(s, name, &c->w)) {
		if (l->argc == 4)
			c->seat = judge_signon_named(s, &c->w, l->argv[2]);
	} else if (!s->failed && l->argc == 3 && strlen(name) > 1 &&
	    judge_signon_game(s, name + 1, &c->w)) {
		one[0] = name[0];
		c->seat = judge_signon_named(s, &c->w, one);
	} else {
		if (!s->failed)
			judge_err(s, "judge.err.no_such_game", 1, name);
		return false;
	}
	if (c->seat == JUDGE_SIGNON_NONE) {
		judge_err(s, "judge.err.signon_seat", 2, l->argc == 4 ?
		    l->argv[2] : one, c->w.game.name);
		return false;
	}
	/* Before the start of a game of more than two seats a seat is a
	 * place in the queue, not a power (cmd_join.c). */
	if (c->seat >= 0 && c->w.game.status == DB_FORMING &&
	    c->w.ops->nseats > 2) {
		judge_err(s, "judge.err.signon_forming", 1, c->w.game.name);
		return false;
	}
	return true;
}

/*
 * The address and password hash of record of seat (or the GM's) into
 * *addr and *hash; false when the seat has no player now.
 */
static bool
judge_signon_record(const struct judge_seat *w, const struct db_player *p,
    int n, int seat, const char **addr, const char **hash)
{
	int	 i;

	if (seat == GAME_SEAT_GM) {
		*addr = w->game.gm_address;
		*hash = w->game.gm_pwhash;
		return true;
	}
	for (i = 0; i < n; i++)
		if (p[i].seat == seat && !p[i].ejected) {
			*addr = p[i].address;
			*hash = p[i].pwhash;
			return true;
		}
	return false;
}

/* The game's time zone for the texts of the limits: its clock's, or UTC. */
static void
judge_signon_zone(struct judge_session *s, const struct db_game *g,
    char *tz, size_t len)
{
	struct db_clock	 c;

	if (db_clock_get(s->env->db, g->id, &c) == DB_OK && c.tz[0] != '\0')
		strlcpy_(tz, c.tz, len);
	else
		strlcpy_(tz, "UTC", len);
}

/*
 * Whether a sign-on to seat from a stranger's address may be checked now:
 * not when the address or the seat used up its refusals of the hour.
 */
static bool
judge_signon_may_try(struct judge_session *s, const struct judge_seat *w,
    int seat, const char *key)
{
	struct game_msg	 m;
	char		 tz[DB_TZ_MAX];
	time_t		 until;

	memset(&m, 0, sizeof(m));
	if (judge_limit_full(s, JUDGE_LIMIT_SIGNON, s->msg->reply_to, &until))
		strlcpy_(m.key, "judge.err.signon_sender_limit", sizeof(m.key));
	else if (judge_limit_full(s, JUDGE_LIMIT_GUESS, key, &until)) {
		strlcpy_(m.key, "judge.err.signon_locked", sizeof(m.key));
		judge_seat_arg(w->ops, seat, m.args[1], sizeof(m.args[1]));
		strlcpy_(m.args[2], w->game.name, sizeof(m.args[2]));
		m.nargs = 3;
	} else
		return !s->failed;
	judge_note_time(&m, 0, until);
	judge_signon_zone(s, &w->game, tz, sizeof(tz));
	judge_note_say(s, tz, &m, true);
	log_info("judge: game=%s signon=limited", w->game.name);
	return false;
}

/*
 * A refused guess from a stranger's address: counted for the address and
 * the seat; the seat's player and the GM learn once that it is locked.
 */
static void
judge_signon_guessed(struct judge_session *s, const struct judge_seat *w,
    int seat, const char *key)
{
	struct game_msg	 m;
	char		 tz[DB_TZ_MAX];
	time_t		 until;

	/* Told when this guess fills the hour's allowance: once. */
	if (judge_limit_add(s, JUDGE_LIMIT_SIGNON, s->msg->reply_to,
	    NULL) < 0 || judge_limit_add(s, JUDGE_LIMIT_GUESS, key, &until) !=
	    judge_limit_max(s, JUDGE_LIMIT_GUESS))
		return;
	log_warnx("judge: game=%s seat=%d locked after %d refused sign-ons",
	    w->game.name, seat, judge_limit_max(s, JUDGE_LIMIT_GUESS));
	memset(&m, 0, sizeof(m));
	strlcpy_(m.key, "judge.signon.locked", sizeof(m.key));
	judge_seat_arg(w->ops, seat, m.args[0], sizeof(m.args[0]));
	strlcpy_(m.args[1], w->game.name, sizeof(m.args[1]));
	snprintf(m.args[2], sizeof(m.args[2]), "%d",
	    judge_limit_max(s, JUDGE_LIMIT_GUESS));
	judge_note_time(&m, 3, until);
	judge_signon_zone(s, &w->game, tz, sizeof(tz));
	if (seat != GAME_SEAT_GM)
		judge_notify_notes(s, w, tz, seat, &m, 1);
	judge_notify_notes(s, w, tz, GAME_SEAT_GM, &m, 1);
}

/*
 * No seat named: the sender's own seats are tried, then the GM's when his
 * address is the GM's too. From an address that holds nothing the
 * password is not checked at all.
 */
static int
judge_signon_own(struct judge_session *s, const struct judge_claim *c,
    const struct db_player *p, int n)
{
	bool	 held = false;
	int	 i;

	for (i = 0; i < n; i++) {
		if (p[i].ejected || strcasecmp(p[i].address,
		    s->msg->reply_to) != 0)
			continue;
		held = true;
		if (password_verify(s->env->pwcache, p[i].pwhash, c->pw))
			return p[i].seat;
	}
	if (strcasecmp(c->w.game.gm_address, s->msg->reply_to) == 0) {
		held = true;
		if (password_verify(s->env->pwcache, c->w.game.gm_pwhash,
		    c->pw))
			return GAME_SEAT_GM;
	}
	if (!held)
		judge_err(s, "judge.err.signon_whose", 1, c->w.game.name);
	else
		judge_err(s, "judge.err.bad_signon", 1, c->w.game.name);
	return JUDGE_SIGNON_NONE;
}

/*
 * The seat c's password opens, or JUDGE_SIGNON_NONE (said to the sender).
 */
static int
judge_signon_seat(struct judge_session *s, struct judge_claim *c,
    const struct db_player *p, int n)
{
	const char	*owner, *hash;
	char		 key[JUDGE_SIGNON_KEY], arg[GAME_ARG_MAX];
	int		 seat = c->seat;
	bool		 stranger;

	if (seat == JUDGE_SIGNON_OWN)
		return judge_signon_own(s, c, p, n);
	if (!judge_signon_record(&c->w, p, n, seat, &owner, &hash)) {
		judge_seat_arg(c->w.ops, seat, arg, sizeof(arg));
		judge_err(s, "judge.err.signon_empty", 2, arg, c->w.game.name);
		return JUDGE_SIGNON_NONE;
	}
	/* The address of record always gets its one check; a stranger's
	 * only within the limits. */
	stranger = strcasecmp(owner, s->msg->reply_to) != 0;
	judge_limit_seat_key(c->w.game.id, seat, key, sizeof(key));
	if (stranger && !judge_signon_may_try(s, &c->w, seat, key))
		return JUDGE_SIGNON_NONE;
	if (password_verify(s->env->pwcache, hash, c->pw))
		return seat;
	judge_err(s, "judge.err.bad_signon", 1, c->w.game.name);
	if (stranger)
		judge_signon_guessed(s, &c->w, seat, key);
	return JUDGE_SIGNON_NONE;
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
	struct judge_claim	 c;
	struct judge_seat	 w;
	char			 key[GAME_ARG_MAX];
	int			 n, seat;

	if (!judge_signon_claim(s, l, &c) ||
	    !judge_phase_players(s, &c.w.game, p, &n)) {
		judge_signon_failed(s);
		return;
	}
	if ((seat = judge_signon_seat(s, &c, p, n)) == JUDGE_SIGNON_NONE) {
		log_info("judge: game=%s signon=refused", c.w.game.name);
		judge_signon_failed(s);
		return;
	}
	w = c.w;
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
