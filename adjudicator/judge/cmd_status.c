/*
 * cmd_status.c - STATUS, the game master's overview (issue 12). STATUS
 * <game> tells its GM (signed on, or after BECOME) every power's player
 * and how far its orders are, the deadline and its approval, absences and
 * open EXTEND requests; a player signed on to it his own power's line
 * alone (another power's readiness is hidden); anyone else the public
 * part, as LIST and SUMMARY show it. STATUS alone lists the games whose
 * GM address is the sender's, with public facts only; to a keeper of the
 * judge ([judge] keepers, keeper.c) it first gives the judge's overview
 * (overview.c), the text of `pbemd status`. The states come from what the
 * clock acts on (play.c judge_play_due(), the players, the clock's seat
 * flags), so STATUS says what the clock will do. No writes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/game/orderbook.h"
#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/cmd_status.h"
#include "adjudicator/judge/keeper.h"
#include "adjudicator/judge/notice.h"
#include "adjudicator/judge/overview.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/play.h"
#include "adjudicator/judge/seats.h"

/*
 * Games STATUS lists for one GM; the rest are counted and the count said
 * ("and 3 more games"): a sender may lead many games, a reply stays short.
 */
#define JUDGE_STATUS_GAMES	20
/* Owed lines read to count "n of m units"; a power owing as many or more
 * is only "partial" (no standard power has half as many units). */
#define JUDGE_STATUS_OWED	64
/* A seat has one open EXTEND request a phase (cmd_deadline.c): they fit. */
#define JUDGE_STATUS_REQUESTS	GAME_MAX_SEATS
#define JUDGE_STATUS_UNDELIVERED 5	/* the last refused mails shown */
/* Running games a keeper's overview lists one a line by mail; `pbemd
 * status` lists every one. */
#define JUDGE_STATUS_KEEPER_GAMES 200

/* Who asks STATUS <game>, which decides what he is told. */
enum judge_status_reader {
	JUDGE_STATUS_PUBLIC,	/* not signed on to this game */
	JUDGE_STATUS_PLAYER,	/* signed on as one of its players */
	JUDGE_STATUS_GM		/* its GM, or the GM after BECOME */
};

/* What the lines of the seats are made from, read once for the game. */
struct judge_status_facts {
	struct orderbook	*book;		/* the phase's stored orders */
	struct judge_due	 d;		/* who the clock awaits */
	struct game_stat	 now;
	struct db_player	 p[GAME_MAX_SEATS];
	int			 np;
	struct db_clock_seat	 cs[GAME_MAX_SEATS];
	int			 ncs;
};

/* Whom the sender speaks for in game w. */
static enum judge_status_reader
judge_status_reader(const struct judge_session *s, const struct judge_seat *w)
{
	if (!s->who.on || s->who.game.id != w->game.id)
		return JUDGE_STATUS_PUBLIC;
	if (s->who.seat == GAME_SEAT_GM || s->who.by_gm)
		return JUDGE_STATUS_GM;
	return JUDGE_STATUS_PLAYER;
}

/* Reads the facts of w's phase st into f (f->book owned: the caller frees
 * it, also on failure). 0, or -1 on a store error. */
static int
judge_status_facts(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st, struct judge_status_facts *f)
{
	memset(f, 0, sizeof(*f));
	f->book = orderbook_new();
	if (judge_play_book(s, w, f->book) != 0 ||
	    judge_play_due(s, w, st, f->book, &f->d) != 0)
		return -1;
	if (db_players(s->env->db, w->game.id, f->p, GAME_MAX_SEATS, &f->np) !=
	    DB_OK || db_clock_seats(s->env->db, w->game.id, f->cs,
	    GAME_MAX_SEATS, &f->ncs) != DB_OK) {
		judge_store_failed(s);
		return -1;
	}
	w->ops->stat(st, &f->now);
	return 0;
}

/* The seat's player row, or NULL when nobody has the seat. */
static const struct db_player *
judge_status_player(const struct judge_status_facts *f, int seat)
{
	int	 i;

	for (i = 0; i < f->np; i++)
		if (f->p[i].seat == seat)
			return &f->p[i];
	return NULL;
}

/* Whether the clock put the seat into civil disorder. */
static bool
judge_status_cd(const struct judge_status_facts *f, int seat)
{
	int	 i;

	for (i = 0; i < f->ncs; i++)
		if (f->cs[i].seat == seat)
			return f->cs[i].cd;
	return false;
}

/* The seat's index among the awaited ones of f->d, or -1. */
static int
judge_status_awaited(const struct judge_status_facts *f, int seat)
{
	int	 i;

	for (i = 0; i < f->d.n; i++)
		if (f->d.seat[i] == seat)
			return i;
	return -1;
}

/*
 * "partial (n of m units)" when the game owes one line per unit, all of
 * one kind (Diplomacy's movement and retreats), so that the lines it owes
 * with no order against those it still owes count the units; else
 * "partial" (builds, Zombie-Diplomacy's two boards, a game without
 * pending()).
 */
static void
judge_status_partial(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st, const struct judge_status_facts *f,
    int seat, struct buf *out)
{
	struct game_msg	*m;
	char		 given[16], all[16];
	bool		 units;
	int		 owed = 0, left, said, i;

	m = xcalloc(JUDGE_STATUS_OWED, sizeof(*m));
	if (w->ops->pending != NULL)
		owed = w->ops->pending(st, seat, NULL, 0, m, JUDGE_STATUS_OWED);
	units = owed > 1 && owed < JUDGE_STATUS_OWED;
	for (i = 1; units && i < owed; i++)
		units = strcmp(m[i].key, m[0].key) == 0;
	left = orderbook_owed(f->book, w->ops, st, seat, m, JUDGE_STATUS_OWED,
	    &said);
	if (units && left > 0 && left < owed) {
		snprintf(given, sizeof(given), "%d", owed - left);
		snprintf(all, sizeof(all), "%d", owed);
		catalog_say(s->cat, out, "status.state.partial_count", 2, given,
		    all);
	} else
		catalog_say(s->cat, out, "status.state.partial", 0);
	free(m);
}

/* The state of an awaited seat (index k of f->d), with its flags. */
static void
judge_status_awaited_state(struct judge_session *s,
    const struct judge_seat *w, const struct game_state *st,
    const struct judge_status_facts *f, int seat, int k, struct buf *out)
{
	const struct judge_due	*d = &f->d;

	if (!f->now.due[seat] && !d->pending[k] &&
	    orderbook_count(f->book, seat) == 0)
		catalog_say(s->cat, out, "status.state.nothing_due", 0);
	else if (d->none[k])
		catalog_say(s->cat, out, "status.state.none", 0);
	else if (d->pending[k])
		judge_status_partial(s, w, st, f, seat, out);
	else
		catalog_say(s->cat, out, "status.state.complete", 0);
	/* rules/judge-conventions.md 1.3: not ready until a clean mail. */
	if (d->error[k])
		catalog_say(s->cat, out, "status.state.errors", 0);
	if (d->waits[k])
		catalog_say(s->cat, out, "status.state.wait", 0);
}

/* The seat's state this phase, in the sender's language, into out. */
static void
judge_status_state(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st, const struct judge_status_facts *f,
    int seat, struct buf *out)
{
	const struct db_player	*p = judge_status_player(f, seat);
	const char		*key = NULL;
	int			 k = judge_status_awaited(f, seat);

	if (f->now.out[seat])
		key = "status.state.out";
	else if (p == NULL)
		key = "status.state.no_player";
	else if (p->resigned)
		key = "status.state.resigned";
	else if (judge_status_cd(f, seat))
		key = "status.state.cd";
	else if (k < 0)		/* play.c awaits every other seat */
		key = "status.state.nothing_due";
	if (key != NULL)
		catalog_say(s->cat, out, key, 0);
	else
		judge_status_awaited_state(s, w, st, f, seat, k, out);
}

/* One reply line per seat (only seat `only` when it is not -1); the GM's
 * lines name each player's address. */
static void
judge_status_seats(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st, int only, bool gm)
{
	struct judge_status_facts	 f;
	const struct db_player		*p;
	struct buf			 state;
	char				 arg[GAME_ARG_MAX];
	int				 seat;

	buf_init(&state);
	if (judge_status_facts(s, w, st, &f) != 0)
		goto out;
	for (seat = 0; seat < w->ops->nseats; seat++) {
		if (only >= 0 && seat != only)
			continue;
		buf_reset(&state);
		judge_status_state(s, w, st, &f, seat, &state);
		judge_seat_arg(w->ops, seat, arg, sizeof(arg));
		p = judge_status_player(&f, seat);
		if (!gm)
			judge_ok(s, "status.seat.own", 2, arg, state.data);
		else
			judge_ok(s, "status.seat.gm", 3, arg, p == NULL ||
			    p->ejected ? "@status.seat.open" : p->address,
			    state.data);
	}
out:
	orderbook_free(f.book);
	buf_free(&state);
}

/* The approved deadline of c into m, and who set it. */
static void
judge_status_deadline(const struct db_clock *c, struct game_msg *m)
{
	bool	 judge = c->approve == DB_APPROVE_AUTO &&
		    (!c->deadline || c->deadline == c->proposed);
	time_t	 t = c->deadline ? c->deadline : c->proposed;

	if (judge)
		game_msg_set(m, c->grace ? "status.clock.auto" :
		    "status.clock.auto_nograce", 0);
	else
		game_msg_set(m, c->grace ? "status.clock.approved" :
		    "status.clock.approved_nograce", 0);
	judge_note_time(m, 0, t);
	/* With approve=auto a proposal holds unapproved: grace follows it. */
	judge_note_time(m, 1, c->deadline ? c->grace_end : t + c->grace);
}

/*
 * The line on the deadline of game g into m, as the GM (gm) or anyone
 * else may read it, and the clock's zone into tz (tzlen bytes; "" for a
 * game without a clock). 1 when there is a line, 0 when none (a game
 * over), -1 on a store error.
 */
static int
judge_status_clock(struct judge_session *s, const struct db_game *g,
    bool gm, struct game_msg *m, char *tz, size_t tzlen)
{
	struct db_clock	 c;

	memset(m, 0, sizeof(*m));
	tz[0] = '\0';
	if (g->status != DB_RUNNING && g->status != DB_FORMING)
		return 0;
	switch (db_clock_get(s->env->db, g->id, &c)) {
	case DB_ERR:
		judge_store_failed(s);
		return -1;
	case DB_NONE:
		game_msg_set(m, "status.clock.none", 0);
		return g->status == DB_RUNNING;
	}
	strlcpy_(tz, c.tz, tzlen);	/* DB_TZ_MAX: the caller's size */
	if (g->status == DB_FORMING)
		game_msg_set(m, "status.clock.forming", 0);
	else if (c.paused) {
		game_msg_set(m, "status.clock.paused", 0);
		judge_note_time(m, 0, c.paused);
	} else if (c.phase != g->phase || (!c.deadline && !c.proposed))
		game_msg_set(m, "status.clock.unset", 0);
	else if (c.deadline || c.approve == DB_APPROVE_AUTO)
		judge_status_deadline(&c, m);
	else {
		game_msg_set(m, gm ? "status.clock.proposed_gm" :
		    "status.clock.proposed", 0);
		judge_note_time(m, 0, c.proposed);
	}
	return 1;
}

/* Says m with its instants in zone tz, indented by indent spaces more
 * than a reply line. */
static void
judge_status_say(struct judge_session *s, const char *tz,
    const struct game_msg *m, int indent)
{
	struct buf	 line;

	buf_init(&line);
	buf_printf(&line, "%*s", indent, "");
	judge_note_render(s->cat, tz, m, &line);
	judge_text(s, line.data, false);
	buf_free(&line);
}

/* The absences not over of game w (of seat only, when not -1). */
static void
judge_status_away(struct judge_session *s, const struct judge_seat *w,
    const char *tz, int only)
{
	struct db_absence	 a[JUDGE_ABSENCES_MAX];	/* every one: clock.h */
	struct game_msg		 m;
	int			 n, i;

	if (db_absences(s->env->db, w->game.id, s->env->now, a,
	    JUDGE_ABSENCES_MAX, &n) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	for (i = 0; i < n; i++) {
		if (only >= 0 && a[i].seat != only)
			continue;
		memset(&m, 0, sizeof(m));
		game_msg_set(&m, "status.away", 0);
		judge_note_seat(&m, 0, w, a[i].seat);
		judge_note_time(&m, 1, a[i].from);
		judge_note_time(&m, 2, a[i].to);
		judge_status_say(s, tz, &m, 0);
	}
}

/* The open EXTEND requests of the phase of w (of seat only, when not -1:
 * the asker's own). */
static void
judge_status_requests(struct judge_session *s, const struct judge_seat *w,
    int only)
{
	struct db_extension	 e[JUDGE_STATUS_REQUESTS];
	char			 arg[GAME_ARG_MAX], d[16];
	int			 n, i;

	if (db_extensions_open(s->env->db, w->game.id, w->game.phase, e,
	    JUDGE_STATUS_REQUESTS, &n) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	for (i = 0; i < n; i++) {
		if (only >= 0 && e[i].seat != only)
			continue;
		deadline_duration_format(e[i].secs, d, sizeof(d));
		judge_seat_arg(w->ops, e[i].seat, arg, sizeof(arg));
		if (only >= 0)
			judge_ok(s, "status.request.own", 1, d);
		else
			judge_ok(s, "status.request", 2, arg, d);
	}
}

/* The game's last mails the mail server refused for good (the GM's). */
static void
judge_status_undelivered(struct judge_session *s, const struct judge_seat *w,
    const char *tz)
{
	struct db_refused	 r[JUDGE_STATUS_UNDELIVERED];
	struct game_msg		 m;
	int			 n, i;

	if (db_outbox_refused(s->env->db, false, w->game.id, r,
	    JUDGE_STATUS_UNDELIVERED, &n) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	for (i = 0; i < n; i++) {
		memset(&m, 0, sizeof(m));
		game_msg_set(&m, "status.undelivered", 0);
		judge_note_time(&m, 0, r[i].failed);
		strlcpy_(m.args[1], r[i].rcpt, sizeof(m.args[1]));
		strlcpy_(m.args[2], r[i].why, sizeof(m.args[2]));
		m.nargs = 3;
		judge_status_say(s, tz[0] ? tz : "UTC", &m, 0);
	}
}

/*
 * The line naming game w, its kind and status, and for a running game
 * its phase, or its moves when they have no name (public: game_ops.stat,
 * as SUMMARY and the reports show them); indented by
 * indent. The state of the phase into *st (owned; NULL when the game is
 * not running). -1 when that state cannot be had (said already).
 */
static int
judge_status_head(struct judge_session *s, const struct judge_seat *w,
    int indent, struct game_state **st)
{
	struct game_stat	 at;
	struct buf		 line;
	char			 ply[16];

	*st = NULL;
	if (w->game.status == DB_RUNNING &&
	    (*st = judge_phase_load(s, w, w->game.phase)) == NULL)
		return -1;
	buf_init(&line);
	buf_printf(&line, "%*s", indent, "");
	if (*st != NULL) {
		w->ops->stat(*st, &at);
		/* A game whose phases have no name counts its moves. */
		snprintf(ply, sizeof(ply), "%d", at.ply);
		catalog_say(s->cat, &line, at.phase[0] ? "status.head_phase" :
		    "status.head_ply", 4, w->game.name, w->game.kind,
		    judge_phase_status_arg(w->game.status),
		    at.phase[0] ? at.phase : ply);
	} else
		catalog_say(s->cat, &line, "status.head", 3, w->game.name,
		    w->game.kind, judge_phase_status_arg(w->game.status));
	judge_text(s, line.data, false);
	buf_free(&line);
	return 0;
}

/* STATUS <game>: the GM everything, a player his power, others what is
 * public. */
static void
judge_status_game(struct judge_session *s, const char *name)
{
	enum judge_status_reader r;
	struct game_state	*st;
	struct judge_seat	 w;
	struct game_msg		 m;
	char			 tz[DB_TZ_MAX] = "";
	int			 only;

	if (!judge_phase_find(s, name, &w) || judge_status_head(s, &w, 0,
	    &st) != 0)
		return;
	r = judge_status_reader(s, &w);
	only = r == JUDGE_STATUS_PLAYER ? s->who.seat : -1;
	if (st != NULL && r != JUDGE_STATUS_PUBLIC)
		judge_status_seats(s, &w, st, only, r == JUDGE_STATUS_GM);
	if (!s->failed && judge_status_clock(s, &w.game,
	    r == JUDGE_STATUS_GM, &m, tz, sizeof(tz)) == 1)
		judge_status_say(s, tz, &m, 0);
	if (!s->failed && st != NULL && tz[0] && r != JUDGE_STATUS_PUBLIC) {
		judge_status_away(s, &w, tz, only);
		judge_status_requests(s, &w, only);
	}
	if (!s->failed && r == JUDGE_STATUS_GM)
		judge_status_undelivered(s, &w, tz);
	if (r == JUDGE_STATUS_PUBLIC && st != NULL)
		judge_ok(s, "status.public", 1, w.game.name);
	if (st != NULL)
		w.ops->free(st);
}

/* The games of one GM: how many are shown, how many more there are. */
struct judge_status_list {
	struct judge_session	*s;
	int			 shown;
	int			 more;
	bool			 keeper;	/* after the judge's overview */
};

/* One game of the GM's list: its head line and its deadline under it. */
static void
judge_status_overview(struct judge_session *s, const struct db_game *g)
{
	struct game_state	*st = NULL;
	struct judge_seat	 w;
	struct game_msg		 m;
	char			 tz[DB_TZ_MAX];

	memset(&w, 0, sizeof(w));
	w.game = *g;
	if ((w.ops = game_find(g->kind)) == NULL) {
		judge_err(s, "judge.err.state", 1, g->name);
		return;
	}
	if (judge_status_head(s, &w, 2, &st) != 0)
		return;
	if (judge_status_clock(s, g, true, &m, tz, sizeof(tz)) == 1)
		judge_status_say(s, tz, &m, 4);
	if (st != NULL)
		w.ops->free(st);
}

/* db_game_each(): a game whose GM address is the sender's. */
static int
judge_status_list_one(void *arg, const struct db_game *g)
{
	struct judge_status_list	*jl = arg;
	struct judge_session		*s = jl->s;

	if (strcasecmp(g->gm_address, s->msg->reply_to) != 0)
		return 0;
	if (jl->shown == JUDGE_STATUS_GAMES) {
		jl->more++;
		return 0;
	}
	/* An empty line parts them from a keeper's overview. */
	if (jl->shown++ == 0 && jl->keeper)
		buf_putc(&s->reply, '\n');
	if (jl->shown == 1)
		judge_ok(s, "status.games.head", 0);
	judge_status_overview(s, g);
	return s->failed ? 1 : 0;
}

/*
 * STATUS: the sender's games as their GM, by address alone; a keeper gets
 * the judge's overview before them (and no word when he leads none).
 */
static void
judge_status_games(struct judge_session *s)
{
	struct judge_status_list	 jl = { s, 0, 0, false };
	char				 n[16];

	if (s->msg == NULL || s->msg->reply_to == NULL)
		return;
	jl.keeper = judge_keeper(s->env, s->msg->reply_to);
	if (jl.keeper &&
	    judge_overview_say(s, JUDGE_STATUS_KEEPER_GAMES) != 0)
		return;
	if (db_game_each(s->env->db, judge_status_list_one, &jl) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	if (s->failed)
		return;
	snprintf(n, sizeof(n), "%d", jl.more);
	if (jl.shown == 0 && !jl.keeper)
		judge_ok(s, "status.games.none", 0);
	else if (jl.more > 0)
		judge_ok(s, "status.games.more", 1, n);
}

/* STATUS [game] */
void
judge_cmd_status(struct judge_session *s, const struct judge_line *l)
{
	if (l->argc > 1)
		judge_status_game(s, l->argv[1]);
	else
		judge_status_games(s);
}
