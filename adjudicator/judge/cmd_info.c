/*
 * cmd_info.c - commands that only tell or set the sender's preferences:
 * HELP, LIST, SET LANGUAGE. LIST shows what every participant may know,
 * never a player's address or anything hidden; LIST <game> adds the press
 * rules and the clock: its settings and the deadline of the phase as the
 * whole game was told it (absences and requests stay with the GM). LIST
 * ALL to a keeper of the judge ([judge] keepers) is the table of the
 * keepers' overview instead, every game with its state, phase and
 * deadline, paged alike.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/cmd_info.h"
#include "adjudicator/judge/deadline.h"
#include "adjudicator/judge/keeper.h"
#include "adjudicator/judge/notice.h"
#include "adjudicator/judge/opts.h"
#include "adjudicator/judge/overview.h"
#include "adjudicator/judge/phase.h"

void
judge_cmd_help(struct judge_session *s, const struct judge_line *l)
{
	const struct game_ops	*ops;
	struct buf		 names;
	int			 i;

	buf_init(&names);
	for (i = 0; (ops = game_at(i)) != NULL; i++)
		buf_printf(&names, "%s%s", i ? ", " : "", ops->name);
	if (l->argc > 1 && (strcasecmp(l->argv[1], "CLOCK") == 0 ||
	    strcasecmp(l->argv[1], "DEADLINES") == 0))
		catalog_say(s->cat, &s->reply, "help.clock", 0);
	else if (l->argc > 1 && (ops = game_find(l->argv[1])) != NULL) {
		char key[GAME_KEY_MAX];

		snprintf(key, sizeof(key), "help.%s", ops->name);
		catalog_say(s->cat, &s->reply, key, 0);
	} else
		catalog_say(s->cat, &s->reply, "help.judge", 1, names.data);
	buf_putc(&s->reply, '\n');
	buf_free(&names);
}

/*
 * LIST without a name shows at most this many games (issue 13: a reply is
 * no weapon), the forming ones first, as those are the ones to join.
 */
#define JUDGE_LIST_MAX	50

struct judge_list {
	struct judge_session	*s;
	int			 n;		/* listed */
	int			 total;		/* that matched */
	int			 pass;		/* JUDGE_LIST_*, or -1: any */
	int			 skip;		/* the first skip matched are on
						 * earlier pages (LIST ALL n) */
};

enum { JUDGE_LIST_FORMING, JUDGE_LIST_RUNNING, JUDGE_LIST_REST,
    JUDGE_LIST_PASSES };

static bool
judge_list_in_pass(int pass, const struct db_game *g)
{
	switch (pass) {
	case JUDGE_LIST_FORMING:
		return g->status == DB_FORMING;
	case JUDGE_LIST_RUNNING:
		return g->status == DB_RUNNING;
	case JUDGE_LIST_REST:
		return g->status != DB_FORMING && g->status != DB_RUNNING;
	}
	return true;
}

static int
judge_list_one(void *arg, const struct db_game *g)
{
	struct judge_list	*jl = arg;
	struct db_player	 p[GAME_MAX_SEATS];
	const struct game_ops	*ops = game_find(g->kind);
	char			 seats[16];
	int			 n = 0;

	if (!judge_list_in_pass(jl->pass, g))
		return 0;
	jl->total++;
	if (jl->total <= jl->skip || jl->n >= JUDGE_LIST_MAX)
		return 0;

	if (db_players(jl->s->env->db, g->id, p, GAME_MAX_SEATS, &n) != DB_OK) {
		judge_store_failed(jl->s);
		return 1;
	}
	snprintf(seats, sizeof(seats), "%d/%d", n, ops ? ops->nseats : 0);
	catalog_say(jl->s->cat, &jl->s->reply, "judge.list.row", 4, g->name,
	    g->kind, judge_phase_status_arg(g->status), seats);
	if (g->options[0]) {
		buf_printf(&jl->s->reply, " (%s)", g->options);
	}
	buf_putc(&jl->s->reply, '\n');
	jl->n++;
	return 0;
}

/* rules/judge-conventions.md 1.6: white is the default. */
static void
judge_list_press(struct judge_session *s, const struct db_game *g)
{
	char	 mode[16] = "white", key[GAME_KEY_MAX];

	judge_opt(g->options, "press", mode, sizeof(mode));
	snprintf(key, sizeof(key), "list.press.%s", mode);
	judge_ok(s, key, 0);
	if (judge_opt(g->options, "gm-sees-press", NULL, 0))
		judge_ok(s, "list.press.gm_copy", 0);
}

static void
judge_list_settings(struct judge_session *s, const struct db_clock *c)
{
	char	 d[DEADLINE_KINDS][16], grace[16], at[8];
	int	 i;

	for (i = 0; i < DEADLINE_KINDS; i++)
		deadline_duration_format(c->secs[i], d[i], sizeof(d[i]));
	if (c->grace)
		deadline_duration_format(c->grace, grace, sizeof(grace));
	judge_ok(s, "list.clock.durations", 4, d[0], d[1], d[2],
	    c->grace ? grace : "0");
	if (c->at >= 0) {
		snprintf(at, sizeof(at), "%02d:%02d", c->at / 60 % 24,
		    c->at % 60);
		judge_ok(s, "list.clock.at", 3, c->tz, c->days, at);
	} else
		judge_ok(s, "list.clock.zone", 2, c->tz, c->days);
	if (c->cd)
		judge_ok(s, "list.clock.cd", 0);
	judge_ok(s, c->approve == DB_APPROVE_AUTO ? "list.clock.approve_auto" :
	    "list.clock.approve_gm", 0);
	if (c->remind) {
		deadline_duration_format(c->remind, grace, sizeof(grace));
		judge_ok(s, "list.clock.remind", 1, grace);
	}
}

/* The phase's deadline, in the game's zone, and who set it. */
static void
judge_list_deadline(struct judge_session *s, const struct db_game *g,
    const struct db_clock *c)
{
	struct game_msg	 m;

	memset(&m, 0, sizeof(m));
	if (g->status == DB_FORMING)
		game_msg_set(&m, "list.clock.forming", 0);
	else if (g->status != DB_RUNNING)
		return;
	else if (c->paused) {
		game_msg_set(&m, "list.clock.paused", 0);
		judge_note_time(&m, 0, c->paused);
	} else if (c->phase != g->phase || (!c->deadline && !c->proposed))
		game_msg_set(&m, "list.clock.unset", 0);
	else if (c->deadline && c->approve == DB_APPROVE_AUTO) {
		game_msg_set(&m, c->grace ? "list.clock.auto" :
		    "list.clock.auto_nograce", 0);
		judge_note_time(&m, 0, c->deadline);
		judge_note_time(&m, 1, c->grace_end);
	} else if (c->deadline) {
		game_msg_set(&m, c->grace ? "list.clock.approved" :
		    "list.clock.approved_nograce", 0);
		judge_note_time(&m, 0, c->deadline);
		judge_note_time(&m, 1, c->grace_end);
	} else {
		game_msg_set(&m, "list.clock.proposed", 0);
		judge_note_time(&m, 0, c->proposed);
	}
	judge_note_say(s, c->tz, &m, false);
}

/* LIST <game>: what a single game is played with. */
static void
judge_list_details(struct judge_session *s, const struct db_game *g)
{
	struct db_clock	 c;

	judge_list_press(s, g);
	switch (db_clock_get(s->env->db, g->id, &c)) {
	case DB_NONE:
		judge_ok(s, "list.clock.none", 0);
		return;
	case DB_ERR:
		judge_store_failed(s);
		return;
	}
	judge_list_settings(s, &c);
	judge_list_deadline(s, g, &c);
}

/*
 * LIST ALL [page]: every game, JUDGE_LIST_MAX a page in LIST's order; 0
 * and the page, or -1 with the reason said (not a page number).
 */
static int
judge_list_page(struct judge_session *s, const struct judge_line *l,
    int *page)
{
	char	*end;
	long	 p = 1;

	if (l->argc > 2) {
		p = strtol(l->argv[2], &end, 10);
		if (*end != '\0' || p < 1 || p > 100000) {
			judge_err(s, "judge.err.list_page", 1, l->argv[2]);
			return -1;
		}
	}
	*page = (int)p;
	return 0;
}

/* The line after a cut list: what was left out, and how to see it. */
static void
judge_list_tail(struct judge_session *s, const struct judge_list *jl,
    bool all, int page)
{
	char	 more[16], next[16], pages[16];

	if (!all) {
		snprintf(more, sizeof(more), "%d", jl->total - jl->n);
		catalog_say(s->cat, &s->reply, "judge.list.more", 1, more);
	} else {
		snprintf(more, sizeof(more), "%d", page);
		snprintf(pages, sizeof(pages), "%d",
		    (jl->total + JUDGE_LIST_MAX - 1) / JUDGE_LIST_MAX);
		snprintf(next, sizeof(next), "%d", page + 1);
		catalog_say(s->cat, &s->reply, jl->total > jl->skip + jl->n ?
		    "judge.list.page" : "judge.list.page_last", 3, more, pages,
		    next);
	}
	buf_putc(&s->reply, '\n');
}

/*
 * LIST ALL [page] to a keeper: the overview's table of every game (name,
 * kind, state, phase, deadline in UTC), JUDGE_LIST_MAX a page.
 */
static void
judge_list_keeper(struct judge_session *s, int page)
{
	struct judge_gametable_page	 p = { true, 0, JUDGE_LIST_MAX, 0, 0 };
	struct judge_list		 jl = { s, 0, 0, -1, 0 };

	p.skip = jl.skip = (page - 1) * JUDGE_LIST_MAX;
	catalog_say(s->cat, &s->reply, "judge.list.head", 0);
	buf_putc(&s->reply, '\n');
	if (judge_overview_say_games(s, &p) != 0)
		return;
	jl.n = p.shown;
	jl.total = p.total;
	if (jl.n == 0) {
		catalog_say(s->cat, &s->reply, jl.total > 0 ?
		    "judge.list.past_end" : "judge.list.none", 0);
		buf_putc(&s->reply, '\n');
	} else if (jl.total > jl.skip + jl.n || page > 1)
		judge_list_tail(s, &jl, true, page);
}

void
judge_cmd_list(struct judge_session *s, const struct judge_line *l)
{
	struct judge_list	 jl = { s, 0, 0, -1, 0 };
	struct db_game		 g;
	bool			 all;
	int			 page = 1;

	all = l->argc > 1 && strcasecmp(l->argv[1], "ALL") == 0;
	if (l->argc > 2 && !all) {
		judge_err(s, "judge.err.usage", 1, "LIST");
		return;
	}
	if (l->argc > 1 && !all) {
		switch (db_game_get(s->env->db, l->argv[1], &g)) {
		case DB_NONE:
			judge_err(s, "judge.err.no_such_game", 1, l->argv[1]);
			return;
		case DB_ERR:
			judge_store_failed(s);
			return;
		}
		if (judge_list_one(&jl, &g) == 0)
			judge_list_details(s, &g);
		return;
	}
	if (all && judge_list_page(s, l, &page) != 0)
		return;
	if (all && judge_keeper(s->env, s->msg->reply_to)) {
		judge_list_keeper(s, page);
		return;
	}
	jl.skip = (page - 1) * JUDGE_LIST_MAX;
	catalog_say(s->cat, &s->reply, "judge.list.head", 0);
	buf_putc(&s->reply, '\n');
	for (jl.pass = 0; jl.pass < JUDGE_LIST_PASSES; jl.pass++)
		if (db_game_each(s->env->db, judge_list_one, &jl) != DB_OK) {
			judge_store_failed(s);
			return;
		}
	if (jl.n == 0) {
		catalog_say(s->cat, &s->reply, all && jl.total > 0 ?
		    "judge.list.past_end" : "judge.list.none", 0);
		buf_putc(&s->reply, '\n');
	} else if (jl.total > jl.skip + jl.n || (all && page > 1))
		judge_list_tail(s, &jl, all, page);
}

/*
 * SET LANGUAGE en|de (SET SPRACHE de). Kept for the sender's address only
 * after a sign-on (issue 13): a forged From must not change what language
 * a player's mail comes in. Before one, it is this reply's language only,
 * so a newcomer still reads HELP in German.
 */
void
judge_cmd_set_language(struct judge_session *s, const struct judge_line *l)
{
	const char	*lang = l->argv[2];

	if (strcasecmp(lang, "en") != 0 && strcasecmp(lang, "de") != 0) {
		judge_err(s, "judge.err.bad_language", 1, lang);
		return;
	}
	if (!s->who.on) {
		s->cat = judge_catalog(s->env, lang);
		judge_ok(s, "judge.language_this_mail", 0);
		return;
	}
	if (db_person_set_lang(s->env->db, s->msg->reply_to,
	    strcasecmp(lang, "de") == 0 ? "de" : "en", s->env->now) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	s->cat = judge_catalog(s->env, lang);
	judge_ok(s, "judge.language_set", 0);
}
