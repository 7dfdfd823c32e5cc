/*
 * cmd_press.c - press between the players of a game: PRESS TO <powers>
 * and BROADCAST, each followed by its text up to a line ENDPRESS.
 *
 * Every recipient gets a mail from the judge naming the sender's power (or
 * "anonymous" in a game with press=grey); no sender address ever reaches a
 * recipient. Private press goes to nobody but its recipients, and to the
 * GM only in games created with gm-sees-press. A broadcast goes to the
 * observers too (observers.c), as the players read it; private press
 * never. A text without its ENDPRESS is not sent: the lines after a
 * forgotten ENDPRESS could be orders. The sender's reply quotes the text
 * line by line, as it was sent.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/cmd_press.h"
#include "adjudicator/judge/observers.h"
#include "adjudicator/judge/opts.h"
#include "adjudicator/judge/queue.h"
#include "adjudicator/judge/seats.h"
#include "common/log.h"

#define JUDGE_PRESS_MAX		32768	/* bytes of one text */

static bool
judge_press_gm_word(const char *w)
{
	return strcasecmp(w, "GM") == 0 || strcasecmp(w, "M") == 0 ||
	    strcasecmp(w, "MASTER") == 0 || strcasecmp(w, "SL") == 0;
}

/* May the signed-on sender send press in this game now? */
static bool
judge_press_allowed(struct judge_session *s, bool *from_gm)
{
	struct judge_seat	*w = &s->who;
	struct db_player	 p[GAME_MAX_SEATS];
	char			 mode[16] = "white";
	int			 n, i;

	if (!w->on) {
		judge_err(s, "judge.err.press_signon", 0);
		return false;
	}
	if (w->game.status == DB_FORMING) {
		judge_err(s, "judge.err.not_started", 1, w->game.name);
		return false;
	}
	*from_gm = w->seat == GAME_SEAT_GM || w->by_gm;
	judge_opt(w->game.options, "press", mode, sizeof(mode));
	if (!*from_gm && strcasecmp(mode, "none") == 0) {
		judge_err(s, "judge.err.no_press", 1, w->game.name);
		return false;
	}
	if (*from_gm)
		return true;
	if (db_players(s->env->db, w->game.id, p, GAME_MAX_SEATS, &n) != DB_OK) {
		judge_store_failed(s);
		return false;
	}
	for (i = 0; i < n; i++)
		if (p[i].seat == w->seat && (p[i].resigned || p[i].ejected)) {
			judge_err(s, "judge.err.press_left", 1, w->game.name);
			return false;
		}
	return true;
}

static void
judge_press_begin(struct judge_session *s, struct judge_press *p,
    bool broadcast)
{
	p->active = true;
	p->broadcast = broadcast;
	p->lines = 0;
	buf_reset(&p->body);
	judge_ok(s, "judge.press.reading", 0);
}

/* PRESS TO <power>[,<power>...] [GM] */
void
judge_cmd_press(struct judge_session *s, const struct judge_line *l,
    void *own)
{
	struct judge_press	*p = own;
	const struct game_ops	*ops = s->who.ops;
	char			 tok[GAME_ARG_MAX], bad[GAME_ARG_MAX];
	char			*one[1];
	const char		*c, *e;
	bool			 from_gm;
	int			 seats[GAME_MAX_SEATS], n, i, k, any = 0;

	if (!judge_press_allowed(s, &from_gm))
		return;
	if (l->argc < 3 || strcasecmp(l->argv[1], "TO") != 0) {
		judge_err(s, "judge.err.press_usage", 0);
		return;
	}
	memset(p->to, 0, sizeof(p->to));
	p->to_gm = false;
	for (i = 2; i < l->argc; i++)
		for (c = l->argv[i]; *c; c = *e ? e + 1 : e) {
			e = c + strcspn(c, ",;");
			if (e == c)
				continue;
			snprintf(tok, sizeof(tok), "%.*s", (int)(e - c), c);
			if (judge_press_gm_word(tok)) {
				p->to_gm = !from_gm;
				any += !from_gm;
				continue;
			}
			one[0] = tok;
			if ((n = judge_seat_list(s->env, ops, one, 1, seats,
			    GAME_MAX_SEATS, bad, sizeof(bad))) < 0) {
				judge_err(s, "judge.err.press_to", 1, bad);
				return;
			}
			for (k = 0; k < n; k++)
				if (from_gm || seats[k] != s->who.seat) {
					p->to[seats[k]] = true;
					any++;
				}
		}
	if (any == 0) {
		judge_err(s, "judge.err.press_nobody", 0);
		return;
	}
	judge_press_begin(s, p, false);
}

/* BROADCAST: to every player of the game and the GM. */
void
judge_cmd_broadcast(struct judge_session *s, const struct judge_line *l,
    void *own)
{
	bool	 from_gm;

	(void)l;
	if (judge_press_allowed(s, &from_gm))
		judge_press_begin(s, own, true);
}

/* "France, Germany" or "everyone" in the reader's language. */
static void
judge_press_names(const struct judge_session *s, const struct judge_press *p,
    const struct catalog *cat, struct buf *out)
{
	const char	*name;
	int		 i, k = 0;

	if (p->broadcast) {
		catalog_say(cat, out, "judge.press.everyone", 0);
		return;
	}
	for (i = 0; i < s->who.ops->nseats; i++)
		if (p->to[i]) {
			name = catalog_get(cat, s->who.ops->seat_key(i));
			buf_printf(out, "%s%s", k++ ? ", " : "", name ? name :
			    "?");
		}
	if (p->to_gm) {
		buf_puts(out, k ? ", " : "");
		catalog_say(cat, out, "judge.the_gm", 0);
	}
}

/* One mail of the text to addr; sender is a message argument. */
static void
judge_press_mail(struct judge_session *s, const struct judge_press *p,
    const char *addr, const char *sender, bool gm_copy)
{
	const struct catalog	*cat = judge_reader_catalog(s, addr);
	struct buf		 subj, body, to;

	buf_init(&subj);
	buf_init(&body);
	buf_init(&to);
	judge_press_names(s, p, cat, &to);
	catalog_say(cat, &subj, "judge.press.subject", 2, s->who.game.name,
	    sender);
	catalog_say(cat, &body, gm_copy ? "judge.press.head_copy" :
	    "judge.press.head", 3, s->who.game.name, sender, to.data);
	buf_puts(&body, "\n\n");
	buf_add(&body, p->body.data, p->body.len);
	judge_queue(s, addr, subj.data, body.data, COMPOSE_GENERATED,
	    s->who.game.id);
	buf_free(&subj);
	buf_free(&body);
	buf_free(&to);
}

/* A broadcast to every observer, each within his hour's answers. */
static void
judge_press_observers(struct judge_session *s, const struct judge_press *p,
    const char *sender)
{
	struct db_observer	 o[JUDGE_OBSERVERS_MAX];
	int			 n, i;

	if (!judge_observers_list(s, &s->who.game, o, &n))
		return;
	for (i = 0; i < n; i++)
		if (judge_observers_may_mail(s, o[i].address))
			judge_press_mail(s, p, o[i].address, sender, false);
}

/* Stores the text and mails it to every recipient. */
static void
judge_press_send(struct judge_session *s, const struct judge_press *p)
{
	struct judge_seat	*w = &s->who;
	struct db_player	 pl[GAME_MAX_SEATS];
	struct db_press		 row;
	struct buf		 to;
	char			 mode[16] = "white", sender[GAME_ARG_MAX];
	char			 truth[GAME_ARG_MAX], lines[16];
	bool			 from_gm = w->seat == GAME_SEAT_GM || w->by_gm;
	int			 n, i;

	memset(&row, 0, sizeof(row));
	judge_opt(w->game.options, "press", mode, sizeof(mode));
	row.phase = w->game.phase;
	row.from_seat = from_gm ? DB_PRESS_FROM_GM : w->seat;
	/* GM press is always white (rules/judge-conventions.md 1.6). */
	row.anonymous = !from_gm && strcasecmp(mode, "grey") == 0;
	row.broadcast = p->broadcast;
	for (i = 0; i < w->ops->nseats; i++)
		if (p->to[i])
			snprintf(row.to_seats + strlen(row.to_seats),
			    sizeof(row.to_seats) - strlen(row.to_seats), "%s%d",
			    row.to_seats[0] ? "," : "", i);
	row.body = p->body.data;
	if (db_press_insert(s->env->db, w->game.id, &row, s->inbox_id,
	    s->env->now) != DB_OK ||
	    db_players(s->env->db, w->game.id, pl, GAME_MAX_SEATS, &n) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	judge_seat_arg(w->ops, row.from_seat, truth, sizeof(truth));
	snprintf(sender, sizeof(sender), "%s", row.anonymous ?
	    "@judge.press.anonymous" : truth);
	for (i = 0; i < n; i++) {
		if (pl[i].resigned || pl[i].ejected ||
		    (!from_gm && pl[i].seat == w->seat))
			continue;
		if (p->broadcast || p->to[pl[i].seat])
			judge_press_mail(s, p, pl[i].address, sender, false);
	}
	if (!from_gm && (p->broadcast || p->to_gm))
		judge_press_mail(s, p, w->game.gm_address, truth, false);
	else if (!from_gm && judge_opt(w->game.options, "gm-sees-press", NULL, 0))
		judge_press_mail(s, p, w->game.gm_address, truth, true);
	if (p->broadcast)
		judge_press_observers(s, p, sender);
	log_info("judge: game=%s press from=%d broadcast=%d", w->game.name,
	    row.from_seat, row.broadcast);
	buf_init(&to);
	judge_press_names(s, p, s->cat, &to);
	snprintf(lines, sizeof(lines), "%d", p->lines);
	judge_ok(s, "judge.press.sent", 2, to.data, lines);
	buf_free(&to);
}

static bool
judge_press_is_end(const char *p, size_t len)
{
	return (len == 8 && strncasecmp(p, "ENDPRESS", 8) == 0) ||
	    (len == 12 && strncasecmp(p, "ENDBROADCAST", 12) == 0);
}

/* One line of a text being read; ENDPRESS ends and sends it. */
void
judge_press_line(struct judge_session *s, void *own, const char *raw)
{
	struct judge_press	*p = own;
	const char		*t = raw;
	size_t			 len = strlen(raw);

	while (len > 0 && isspace((unsigned char)raw[len - 1]))
		len--;
	while ((*t == ' ' || *t == '\t') && t < raw + len)
		t++;
	if (judge_press_is_end(t, len - (size_t)(t - raw))) {
		buf_printf(&s->reply, "> %.*s\n", (int)(len - (size_t)(t - raw)),
		    t);
		p->active = false;
		if (p->body.len > JUDGE_PRESS_MAX)
			judge_err(s, "judge.err.press_long", 0);
		else if (p->lines == 0)
			judge_err(s, "judge.err.press_empty", 0);
		else
			judge_press_send(s, p);
		buf_putc(&s->reply, '\n');
		return;
	}
	/* The reply quotes the text as it goes out, as it quotes every
	 * other line; a text past its limit is neither kept nor quoted. */
	if (p->body.len <= JUDGE_PRESS_MAX) {
		buf_add(&p->body, raw, len);
		buf_putc(&p->body, '\n');
		buf_printf(&s->reply, "> %.*s\n", (int)len, raw);
	}
	p->lines++;
}

bool
judge_press_reading(const void *own)
{
	const struct judge_press	*p = own;

	return p->active;
}

/* The mail ended inside a text: it is not sent. */
void
judge_press_end(struct judge_session *s, void *own)
{
	struct judge_press	*p = own;

	if (p->active) {
		p->active = false;
		judge_err(s, "judge.err.press_unended", 0);
		buf_putc(&s->reply, '\n');
	}
	buf_free(&p->body);
}
