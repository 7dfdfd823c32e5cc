/*
 * judge_history.c - a game's past by mail: HISTORY replays, phase by phase,
 * what the reader was told (from his own seat's view of each stored phase,
 * so a hidden-information game cannot leak through it) with the broadcasts
 * of each phase; SUMMARY tabulates the game's tally (Diplomacy: centres
 * per power per year), its seats and its status.
 *
 * Private press is never replayed. Addresses appear only in the GM's
 * SUMMARY.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/judge_priv.h"

#define JUDGE_HISTORY_MAX	(512 * 1024)	/* bytes of one answer */
#define JUDGE_HISTORY_PRESS	64
#define JUDGE_SUMMARY_ROWS	200
#define JUDGE_SUMMARY_CHANGES	32

/* The state of stored phase no, owned; NULL when it cannot be read. */
static struct game_state *
judge_history_state(struct judge_session *s, const struct judge_seat *w,
    int no)
{
	struct game_state	*st = NULL;
	struct game_diag	 why;
	char			*text = NULL;

	if (db_phase_state(s->env->db, w->game.id, no, &text) == DB_OK &&
	    w->ops->load(text, &st, &why) != 0)
		st = NULL;
	free(text);
	return st;
}

/*
 * A phase given as a number (the judge's phase number) or by the game's
 * name of it ("S1902M"); first: the first such phase, else the last.
 */
static int
judge_history_find(struct judge_session *s, const struct judge_seat *w,
    int reader, const char *spec, bool first, struct game_view *v)
{
	struct game_state	*st;
	char			*e;
	long			 no;
	int			 i, found = -1;

	no = strtol(spec, &e, 10);
	if (*e == '\0' && e != spec)
		return no < 0 ? 0 : no > w->game.phase ? w->game.phase + 1 :
		    (int)no;
	for (i = 0; i <= w->game.phase; i++) {
		if ((st = judge_history_state(s, w, i)) == NULL)
			continue;
		w->ops->view(st, reader, v);
		w->ops->free(st);
		if (strcasecmp(v->phase, spec) == 0) {
			found = i;
			if (first)
				break;
		}
	}
	if (found < 0)
		judge_err(s, "judge.err.no_such_phase", 2, spec, w->game.name);
	return found;
}

static void
judge_history_press(struct judge_session *s, const struct judge_seat *w,
    int no)
{
	struct db_press	 p[JUDGE_HISTORY_PRESS];
	char		 from[GAME_ARG_MAX];
	const char	*line, *e;
	int		 n, i;

	if (db_press_broadcasts(s->env->db, w->game.id, no, p,
	    JUDGE_HISTORY_PRESS, &n) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	for (i = 0; i < n; i++) {
		if (p[i].anonymous)
			snprintf(from, sizeof(from), "@judge.press.anonymous");
		else
			judge_seat_arg(w->ops, p[i].from_seat, from, sizeof(from));
		catalog_say(s->cat, &s->reply, "judge.history.broadcast", 1,
		    from);
		buf_putc(&s->reply, '\n');
		for (line = p[i].body; *line; line = *e ? e + 1 : e) {
			e = line + strcspn(line, "\n");
			buf_printf(&s->reply, "  | %.*s\n", (int)(e - line), line);
		}
		db_press_clear(&p[i]);
	}
}

static void
judge_history_gm_orders(struct judge_session *s, const struct judge_seat *w,
    int no)
{
	bool	 by_gm[GAME_MAX_SEATS] = { false };
	char	 arg[GAME_ARG_MAX];
	int	 i;

	if (db_orders_by_gm(s->env->db, w->game.id, no, by_gm,
	    GAME_MAX_SEATS) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	for (i = 0; i < w->ops->nseats; i++)
		if (by_gm[i]) {
			judge_seat_arg(w->ops, i, arg, sizeof(arg));
			catalog_say(s->cat, &s->reply, "judge.history.gm_orders",
			    1, arg);
			buf_putc(&s->reply, '\n');
		}
}

/* One stored phase as the reader saw it, then what happened during it. */
static void
judge_history_one(struct judge_session *s, const struct judge_seat *w,
    int reader, int no, bool last, struct game_view *v)
{
	struct game_state	*st;
	char			 num[16];
	int			 i;

	if ((st = judge_history_state(s, w, no)) == NULL) {
		judge_err(s, "judge.err.state", 1, w->game.name);
		return;
	}
	memset(v, 0, sizeof(*v));
	w->ops->view(st, reader, v);
	w->ops->free(st);
	snprintf(num, sizeof(num), "%d", no);
	catalog_say(s->cat, &s->reply, v->phase[0] ? "judge.history.phase" :
	    "judge.history.phase_no", 2, v->phase, num);
	buf_putc(&s->reply, '\n');
	if (last && v->board[0]) {
		buf_puts(&s->reply, v->board);
		if (v->board[strlen(v->board) - 1] != '\n')
			buf_putc(&s->reply, '\n');
	}
	for (i = 0; i < v->nmsgs; i++) {
		catalog_render(s->cat, &v->msgs[i], &s->reply);
		buf_putc(&s->reply, '\n');
	}
	judge_history_press(s, w, no);
	judge_history_gm_orders(s, w, no);
	buf_putc(&s->reply, '\n');
}

/* HISTORY <game> [from] [to] */
void
judge_cmd_history(struct judge_session *s, struct judge_line *l)
{
	const struct judge_seat	*w = &s->who;
	struct game_view	*v;
	int			 reader, from = 1, to, no;

	if (!w->on || strcasecmp(w->game.name, l->argv[1]) != 0) {
		judge_err(s, "judge.err.history_signon", 1, l->argv[1]);
		return;
	}
	reader = w->seat == GAME_SEAT_GM || w->by_gm ? GAME_SEAT_GM : w->seat;
	if (w->game.status == DB_FORMING) {
		judge_err(s, "judge.err.not_started", 1, w->game.name);
		return;
	}
	v = xmalloc(sizeof(*v));
	to = w->game.phase;
	if (l->argc > 2 && (from = judge_history_find(s, w, reader, l->argv[2],
	    true, v)) < 0)
		goto out;
	if (l->argc > 3 && (to = judge_history_find(s, w, reader, l->argv[3],
	    false, v)) < 0)
		goto out;
	if (from < 1)
		from = 1;	/* phase 0 is the game before its start */
	if (to > w->game.phase)
		to = w->game.phase;
	if (from > to) {
		judge_err(s, "judge.err.empty_range", 0);
		goto out;
	}
	buf_putc(&s->reply, '\n');
	for (no = from; no <= to && !s->failed; no++) {
		if (s->reply.len > JUDGE_HISTORY_MAX) {
			char next[16];

			snprintf(next, sizeof(next), "%d", no);
			catalog_say(s->cat, &s->reply, "judge.history.more", 2,
			    w->game.name, next);
			buf_putc(&s->reply, '\n');
			break;
		}
		judge_history_one(s, w, reader, no, no == to, v);
	}
out:
	free(v);
}

/* The first three characters (not bytes) of a seat's name. */
static void
judge_summary_abbr(const struct catalog *cat, const struct game_ops *ops,
    int seat, char *out, size_t len)
{
	const char	*name = catalog_get(cat, ops->seat_key(seat));
	size_t		 i = 0;
	int		 chars = 0;

	if (name == NULL)
		name = "?";
	while (name[i] && chars < 3) {
		i++;
		while (((unsigned char)name[i] & 0xc0) == 0x80)
			i++;
		chars++;
	}
	snprintf(out, len, "%.*s", (int)i, name);
}

/* The tally per period: the last stored phase of each period counts. */
static void
judge_summary_tally(struct judge_session *s, const struct judge_seat *w)
{
	struct game_state	*st;
	char			 period[16], last[16] = "", abbr[16];
	int			 count[GAME_MAX_SEATS], keep[GAME_MAX_SEATS];
	int			 no, i, n = 0, rows = 0;

	if (w->ops->tally == NULL)
		return;
	catalog_say(s->cat, &s->reply, "judge.summary.tally", 0);
	buf_puts(&s->reply, "\n      ");
	for (i = 0; i < w->ops->nseats; i++) {
		judge_summary_abbr(s->cat, w->ops, i, abbr, sizeof(abbr));
		buf_printf(&s->reply, " %4s", abbr);
	}
	buf_putc(&s->reply, '\n');
	for (no = 1; no <= w->game.phase + 1 && rows < JUDGE_SUMMARY_ROWS; no++) {
		st = no <= w->game.phase ? judge_history_state(s, w, no) : NULL;
		if (st) {
			n = w->ops->tally(st, period, sizeof(period), count,
			    GAME_MAX_SEATS);
			w->ops->free(st);
		} else
			period[0] = '\0';
		if (last[0] && strcmp(period, last) != 0) {
			buf_printf(&s->reply, "%-6s", last);
			for (i = 0; i < w->ops->nseats; i++)
				buf_printf(&s->reply, " %4d", keep[i]);
			buf_putc(&s->reply, '\n');
			rows++;
		}
		if (st == NULL)
			continue;
		memcpy(keep, count, sizeof(keep));
		for (i = n; i < GAME_MAX_SEATS; i++)
			keep[i] = 0;
		strlcpy_(last, period, sizeof(last));
	}
	buf_putc(&s->reply, '\n');
}

static const char *const judge_summary_status[] = {
	"@judge.status.forming", "@judge.status.running",
	"@judge.status.over", "@judge.status.halted"
};

/* One line per seat: its player's state and, for the GM, his address. */
static void
judge_summary_seats(struct judge_session *s, const struct judge_seat *w,
    const struct db_game *g, bool gm)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct db_seat_change	 c[JUDGE_SUMMARY_CHANGES];
	char			 arg[GAME_ARG_MAX], ph[16];
	const char		*key;
	int			 n, nc, i, k;

	if (db_players(s->env->db, g->id, p, GAME_MAX_SEATS, &n) != DB_OK ||
	    db_seat_changes(s->env->db, g->id, c, JUDGE_SUMMARY_CHANGES,
	    &nc) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	if (g->status == DB_FORMING) {
		snprintf(ph, sizeof(ph), "%d/%d", n, w->ops->nseats);
		catalog_say(s->cat, &s->reply, "judge.summary.forming", 1, ph);
		buf_putc(&s->reply, '\n');
		return;
	}
	for (i = 0; i < n; i++) {
		judge_seat_arg(w->ops, p[i].seat, arg, sizeof(arg));
		key = p[i].ejected ? "judge.summary.ejected" : p[i].resigned ?
		    "judge.summary.resigned" : "judge.summary.playing";
		catalog_say(s->cat, &s->reply, key, 1, arg);
		if (gm)
			buf_printf(&s->reply, " <%s>", p[i].address);
		buf_putc(&s->reply, '\n');
		for (k = 0; k < nc; k++)
			if (c[k].seat == p[i].seat) {
				snprintf(ph, sizeof(ph), "%d", c[k].phase);
				buf_puts(&s->reply, "    ");
				catalog_say(s->cat, &s->reply,
				    "judge.summary.took_over", 1, ph);
				if (gm)
					buf_printf(&s->reply, " <%s> -> <%s>",
					    c[k].old_address, c[k].address);
				buf_putc(&s->reply, '\n');
			}
	}
}

/* SUMMARY <game>: anyone; addresses only for its GM. */
void
judge_cmd_summary(struct judge_session *s, struct judge_line *l)
{
	struct judge_seat	 w;
	struct game_state	*st;
	struct game_view	*v;
	bool			 gm;

	if (!judge_lookup(s, l->argv[1], &w))
		return;
	gm = s->who.on && s->who.game.id == w.game.id &&
	    (s->who.seat == GAME_SEAT_GM || s->who.by_gm);
	buf_putc(&s->reply, '\n');
	catalog_say(s->cat, &s->reply, w.game.options[0] ?
	    "judge.summary.head_options" : "judge.summary.head", 4, w.game.name,
	    w.game.kind, judge_summary_status[w.game.status], w.game.options);
	buf_putc(&s->reply, '\n');
	if (w.game.status != DB_FORMING &&
	    (st = judge_history_state(s, &w, w.game.phase)) != NULL) {
		/* Only the phase's name: the GM's view holds more, so
		 * nothing else of it may reach the text. */
		v = xmalloc(sizeof(*v));
		w.ops->view(st, GAME_SEAT_GM, v);
		catalog_say(s->cat, &s->reply, "judge.summary.phase", 1,
		    v->phase);
		buf_putc(&s->reply, '\n');
		free(v);
		w.ops->free(st);
	}
	judge_summary_seats(s, &w, &w.game, gm);
	buf_putc(&s->reply, '\n');
	if (w.game.status != DB_FORMING)
		judge_summary_tally(s, &w);
}
