/*
 * judge.c - a mail's lines through the command language: split into words,
 * dispatched each through THE command table, then the end-of-mail hooks.
 * The intake around it (dedupe, robots, the transaction) is mailin.c's,
 * the answer reply.c's.
 *
 * The table declares every command and sub-command (SET DEADLINE, APPROVE
 * TAKEOVER, EXTEND GRANT ...) with its arity, who may use it and the answer
 * to a wrong number of words, and checks those before the handler runs, as
 * Redis declares CONFIG GET: adding a command is one row and one function
 * (STYLE.md 11). Lines that are not commands are orders for the game the
 * sender signed on to (orders.c). Where no game reads them (before SIGNON,
 * in a game still forming) the judge's own words decide (issue 16): a
 * greeting or farewell (courtesy.c), and what follows a farewell, is
 * ignored; a word near a command is answered with it ("APROVE": did you
 * mean APPROVE?), after SIGNON too when the game says the word begins no
 * order; njudge's commands this judge lacks are answered with what to do
 * instead (njudge.c). The state a command keeps across the
 * lines of a mail (a PRESS text, a BECOME, the SIGNONs from another
 * address) lives here beside the session, is handed to that command alone,
 * and is finished by the end-of-mail hooks. Layer L4 of the judge: only
 * mailin.c calls this file (lines.h).
 */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/cmd_absence.h"
#include "adjudicator/judge/cmd_account.h"
#include "adjudicator/judge/cmd_become.h"
#include "adjudicator/judge/cmd_clear.h"
#include "adjudicator/judge/cmd_create.h"
#include "adjudicator/judge/cmd_deadline.h"
#include "adjudicator/judge/cmd_history.h"
#include "adjudicator/judge/cmd_info.h"
#include "adjudicator/judge/cmd_join.h"
#include "adjudicator/judge/cmd_lobby.h"
#include "adjudicator/judge/cmd_map.h"
#include "adjudicator/judge/cmd_observe.h"
#include "adjudicator/judge/cmd_press.h"
#include "adjudicator/judge/cmd_process.h"
#include "adjudicator/judge/cmd_resign.h"
#include "adjudicator/judge/cmd_rollback.h"
#include "adjudicator/judge/cmd_setclock.h"
#include "adjudicator/judge/cmd_signon.h"
#include "adjudicator/judge/cmd_status.h"
#include "adjudicator/judge/cmd_summary.h"
#include "adjudicator/judge/cmd_takeover.h"
#include "adjudicator/judge/cmd_terminate.h"
#include "adjudicator/judge/cmd_wait.h"
#include "adjudicator/judge/courtesy.h"
#include "adjudicator/judge/limits.h"
#include "adjudicator/judge/lines.h"
#include "adjudicator/judge/njudge.h"
#include "adjudicator/judge/notice.h"
#include "adjudicator/judge/orders.h"
#include "adjudicator/judge/session.h"
#include "common/nearest.h"

#define JUDGE_MAX_LINES	400	/* lines of one mail looked at */
#define JUDGE_REPLY_MAX	(64 * 1024)	/* answers to a mail's lines, bytes */
#define JUDGE_ANY_ARGS	(JUDGE_MAX_ARGS - 1)
#define JUDGE_NO_OWN	((size_t)-1)
#define JUDGE_NAME_MAX	32		/* "APPROVE TAKEOVER" */
#define JUDGE_SECRET_REST (-1)		/* every word after the first is */
#define JUDGE_NEAR_MAX	3		/* commands a typo is answered with */
#define JUDGE_NEAR_SHORT 4		/* letters of a short command */

/*
 * Commands a mail may use only so often (issue 13): each CREATE, JOIN and
 * TAKEOVER hashes a password, HELP and LIST write a long answer and MAP
 * renders a report and its picture, so a mail of 400 of them must not
 * cost 400 hashes or a reply of megabytes. Those that hash are limited
 * per sender and hour too (limits.h), so many mails cannot do what one
 * may not; a MAP mailed on its own counts as an answer (cmd_map.c).
 * OBSERVE (and WATCH) subscribes an address to a game's mail, so a forged
 * sender is bounded like a JOIN.
 */
static const struct judge_per_mail {
	const char	*word;
	int		 max;
	int		 hourly;	/* enum judge_limit, or -1: none */
} judge_per_mail[] = {
	{ "CREATE",	3,	JUDGE_LIMIT_CREATE },
	{ "HELP",	1,	-1 },
	{ "JOIN",	3,	JUDGE_LIMIT_JOIN },
	{ "LIST",	1,	-1 },
	{ "MAP",	3,	-1 },
	{ "OBSERVE",	3,	JUDGE_LIMIT_JOIN },
	{ "TAKEOVER",	3,	JUDGE_LIMIT_JOIN },
	{ "WATCH",	3,	JUDGE_LIMIT_JOIN },
};

#define JUDGE_NPER_MAIL	(sizeof(judge_per_mail) / sizeof(judge_per_mail[0]))

/* One mail: the session and the state of the commands that span lines. */
struct judge_mail {
	struct judge_session	 s;
	int			 used[JUDGE_NPER_MAIL];	/* judge_per_mail */
	struct judge_press	 press;		/* cmd_press.h */
	struct judge_become	 become;	/* cmd_become.h */
	struct judge_signon	 signon;	/* cmd_signon.h */
	bool			 signoff;	/* nothing after it is read */
	bool			 farewell;	/* read where no game reads
						 * lines: the signature follows */
};

/* Who may run a command. */
enum judge_who {
	JUDGE_ANYONE,
	JUDGE_PLAYER,		/* signed on to a seat (or the GM as one) */
	JUDGE_SIGNED,		/* signed on */
	JUDGE_GM		/* signed on as the GM, or BECOME */
};

typedef void	judge_run_fn(struct judge_session *, const struct judge_line *);
typedef void	judge_run_own_fn(struct judge_session *,
		    const struct judge_line *, void *own);

struct judge_cmd {
	const char	*word;
	const char	*sub;		/* second word, or NULL */
	int		 minargs;	/* words after word (and sub) */
	int		 maxargs;
	enum judge_who	 who;
	int		 secret;	/* word never echoed (a password), or 0,
					 * or JUDGE_SECRET_REST */
	const char	*usage;		/* for a wrong number of words, or NULL:
					 * judge.err.usage with the name */
	judge_run_fn	*run;		/* NULL: only its sub-commands run */
	judge_run_own_fn *run_own;	/* ... with the state at own */
	size_t		 own;		/* offsetof(struct judge_mail, ...) */
};

static void	judge_cmd_signoff(struct judge_session *,
		    const struct judge_line *, void *);

/* A row; _SECRET: word secret of the line is a password or a code. */
#define CMD(w, sub, min, max, who, usage, fn) \
	CMD_SECRET(w, sub, min, max, who, 0, usage, fn)
#define CMD_SECRET(w, sub, min, max, who, secret, usage, fn) \
	{ w, sub, min, max, who, secret, usage, fn, NULL, JUDGE_NO_OWN }
/* A row whose handler gets its state of the mail, struct judge_mail's
 * field. */
#define CMD_OWN(w, min, max, who, fn, field) \
	CMD_OWN_SECRET(w, min, max, who, 0, fn, field)
#define CMD_OWN_SECRET(w, min, max, who, secret, fn, field) \
	{ w, NULL, min, max, who, secret, NULL, NULL, fn, \
	  offsetof(struct judge_mail, field) }

/*
 * THE command table. A word with sub-command rows runs the row of its
 * second word, else its own row (sub NULL); a row without a handler only
 * says its usage. Rows of one word stay together.
 */
static const struct judge_cmd judge_cmds[] = {
	/* word	sub		min max	who		usage / handler */
	CMD("APPROVE", NULL,	0, 0,	JUDGE_GM,	NULL, judge_cmd_approve),
	CMD("APPROVE", "TAKEOVER", 1, 2, JUDGE_GM,	"judge.err.decide_usage",
	    judge_cmd_approve_takeover),
	CMD("ASSIGN", NULL,	2, 2,	JUDGE_GM,	NULL, judge_cmd_assign),
	CMD_OWN("BECOME",	1, 1,	JUDGE_GM,	judge_cmd_become, become),
	CMD_OWN("BROADCAST",	0, 0,	JUDGE_SIGNED,	judge_cmd_broadcast, press),
	CMD("CLEAR", NULL,	0, 0,	JUDGE_PLAYER,	NULL, judge_cmd_clear),
	CMD("CONFIRM", NULL,	0, JUDGE_ANY_ARGS, JUDGE_ANYONE,
	    "judge.err.confirm_usage", NULL),
	CMD_SECRET("CONFIRM", "ADDRESS", 2, 2, JUDGE_ANYONE, 3,
	    "judge.err.confirm_usage", judge_cmd_confirm_address),
	CMD("CREATE", NULL,	2, JUDGE_ANY_ARGS, JUDGE_ANYONE, NULL,
	    judge_cmd_create),
	CMD("EJECT", NULL,	1, 1,	JUDGE_GM,	NULL, judge_cmd_eject),
	CMD("EXTEND", NULL,	1, 1,	JUDGE_SIGNED,	"clock.err.extend_usage",
	    judge_cmd_extend),
	CMD("EXTEND", "GRANT",	0, 1,	JUDGE_GM,	"clock.err.extend_usage",
	    judge_cmd_extend_grant),
	CMD("EXTEND", "REFUSE",	0, 1,	JUDGE_GM,	"clock.err.extend_usage",
	    judge_cmd_extend_refuse),
	CMD("HELP", NULL,	0, 1,	JUDGE_ANYONE,	NULL, judge_cmd_help),
	CMD("HISTORY", NULL,	1, 3,	JUDGE_SIGNED,	NULL, judge_cmd_history),
	CMD_SECRET("JOIN", NULL, 2, 11,	JUDGE_ANYONE, 2, NULL, judge_cmd_join),
	CMD("LIST", NULL,	0, 2,	JUDGE_ANYONE,	NULL, judge_cmd_list),
	CMD("MAP", NULL,	1, 1,	JUDGE_ANYONE,	NULL, judge_cmd_map),
	CMD("OBSERVE", NULL,	1, 2,	JUDGE_ANYONE,	NULL,
	    judge_cmd_observe),
	CMD("PAUSE", NULL,	0, 0,	JUDGE_GM,	NULL, judge_cmd_pause),
	CMD_OWN("PRESS",	2, 11,	JUDGE_SIGNED,	judge_cmd_press, press),
	CMD("PROCESS", NULL,	0, 1,	JUDGE_GM,	NULL, judge_cmd_process),
	CMD("REFUSE", NULL,	0, JUDGE_ANY_ARGS, JUDGE_GM,
	    "judge.err.decide_usage", NULL),
	CMD("REFUSE", "TAKEOVER", 1, 2,	JUDGE_GM,	"judge.err.decide_usage",
	    judge_cmd_refuse_takeover),
	CMD("RESIGN", NULL,	0, 0,	JUDGE_PLAYER,	NULL, judge_cmd_resign),
	CMD("RESUME", NULL,	0, 0,	JUDGE_GM,	NULL, judge_cmd_resume),
	CMD("ROLLBACK", NULL,	0, 0,	JUDGE_GM,	NULL, judge_cmd_rollback),
	CMD("SET", NULL,	0, JUDGE_ANY_ARGS, JUDGE_ANYONE,
	    "judge.err.set_usage", NULL),
	CMD("SET", "ABSENCE",	1, 3,	JUDGE_PLAYER,	"clock.err.absence_usage",
	    judge_cmd_set_absence),
	CMD("SET", "ADDRESS",	1, 1,	JUDGE_SIGNED,	"judge.err.address_usage",
	    judge_cmd_set_address),
	CMD("SET", "ADJUST",	1, 1,	JUDGE_GM,	"clock.err.set_usage",
	    judge_cmd_set_clock),
	CMD("SET", "APPROVE",	1, 1,	JUDGE_GM,	"clock.err.approve_usage",
	    judge_cmd_set_approve),
	CMD("SET", "AT",	1, 1,	JUDGE_GM,	"clock.err.set_usage",
	    judge_cmd_set_clock),
	CMD("SET", "DAYS",	1, 1,	JUDGE_GM,	"clock.err.set_usage",
	    judge_cmd_set_clock),
	CMD("SET", "DEADLINE",	1, 2,	JUDGE_GM,	"clock.err.when",
	    judge_cmd_set_deadline),
	CMD("SET", "GRACE",	1, 1,	JUDGE_GM,	"clock.err.set_usage",
	    judge_cmd_set_clock),
	CMD("SET", "LANGUAGE",	1, 1,	JUDGE_ANYONE,	"judge.err.set_usage",
	    judge_cmd_set_language),
	CMD("SET", "MOVE",	1, 1,	JUDGE_GM,	"clock.err.set_usage",
	    judge_cmd_set_clock),
	CMD("SET", "NOABSENCE",	0, 2,	JUDGE_PLAYER,	NULL,
	    judge_cmd_set_noabsence),
	CMD("SET", "NOWAIT",	0, 2,	JUDGE_PLAYER,	NULL, judge_cmd_set_nowait),
	CMD_SECRET("SET", "PASSWORD", 1, 1, JUDGE_SIGNED, 2,
	    "judge.err.password_usage", judge_cmd_set_password),
	CMD("SET", "REMIND",	1, 1,	JUDGE_GM,	"clock.err.remind_usage",
	    judge_cmd_set_remind),
	CMD("SET", "RETREAT",	1, 1,	JUDGE_GM,	"clock.err.set_usage",
	    judge_cmd_set_clock),
	CMD("SET", "SPRACHE",	1, 1,	JUDGE_ANYONE,	"judge.err.set_usage",
	    judge_cmd_set_language),
	CMD("SET", "WAIT",	0, 2,	JUDGE_PLAYER,	NULL, judge_cmd_set_wait),
	CMD_OWN("SIGNOFF",	0, JUDGE_ANY_ARGS, JUDGE_ANYONE,
	    judge_cmd_signoff, signoff),
	CMD_OWN_SECRET("SIGNON", 2, 3,	JUDGE_ANYONE, JUDGE_SECRET_REST,
	    judge_cmd_signon, signon),
	CMD("START", NULL,	0, 0,	JUDGE_GM,	NULL, judge_cmd_start),
	CMD("STATUS", NULL,	0, 1,	JUDGE_ANYONE,	NULL, judge_cmd_status),
	CMD("SUMMARY", NULL,	1, 1,	JUDGE_ANYONE,	NULL, judge_cmd_summary),
	CMD_SECRET("TAKEOVER", NULL, 3, 3, JUDGE_ANYONE, 3, NULL,
	    judge_cmd_takeover),
	CMD("TERMINATE", NULL,	0, 0,	JUDGE_GM,	NULL,
	    judge_cmd_terminate),
	CMD("UNOBSERVE", NULL,	1, 1,	JUDGE_ANYONE,	NULL,
	    judge_cmd_unobserve),
	CMD("WATCH", NULL,	1, 2,	JUDGE_ANYONE,	NULL,
	    judge_cmd_observe),
};

#define JUDGE_NCMDS	(sizeof(judge_cmds) / sizeof(judge_cmds[0]))

/* SIGNOFF: nothing after it is read. SIGNOFF <game> also ends the
 * sender's observing of that game, if he observes it. */
static void
judge_cmd_signoff(struct judge_session *s, const struct judge_line *l,
    void *own)
{
	bool	*stop = own;

	if (l->argc == 2)
		judge_observe_signoff(s, l->argv[1]);
	judge_ok(s, "judge.signoff", 0);
	*stop = true;
}

static void
judge_end_orders(struct judge_session *s, void *own)
{
	(void)own;
	judge_orders_flush(s);
}

/*
 * The end-of-mail hooks, in this order: the orders are tried, a PRESS
 * text without ENDPRESS is dropped, BECOME's copy goes to the power's
 * player, and the player of a seat signed on from another address gets
 * his copy (of the reply as it stands after the hooks before). Each gets
 * its command's state of the mail.
 */
static const struct judge_hook {
	void	(*end)(struct judge_session *, void *own);
	size_t	 own;		/* offsetof(struct judge_mail, ...) */
} judge_end_hooks[] = {
	{ judge_end_orders,	offsetof(struct judge_mail, s) },
	{ judge_press_end,	offsetof(struct judge_mail, press) },
	{ judge_become_end,	offsetof(struct judge_mail, become) },
	{ judge_signon_end,	offsetof(struct judge_mail, signon) },
};

static void
judge_end_of_mail(struct judge_mail *m)
{
	size_t	 i;

	for (i = 0; i < sizeof(judge_end_hooks) / sizeof(judge_end_hooks[0]);
	    i++)
		judge_end_hooks[i].end(&m->s, (char *)m + judge_end_hooks[i].own);
}

/* Two words that are one: njudge's SIGN ON, SET NO WAIT. */
static const struct judge_join {
	int		 at;		/* argv index of the first word */
	const char	*after;		/* ... when argv[0] is this, or NULL */
	const char	*first, *second, *joined;
} judge_joins[] = {
	{ 0, NULL,	"SIGN",	"ON",		"SIGNON" },
	{ 0, NULL,	"SIGN",	"OFF",		"SIGNOFF" },
	{ 1, "SET",	"NO",	"WAIT",		"NOWAIT" },
	{ 1, "SET",	"NO",	"ABSENCE",	"NOABSENCE" },
};

/*
 * The German words for commands German players look for first (issue
 * 16): HILFE, LISTE, KARTE; each is the command's own row, with its
 * arity, permission and limit per mail. Only commands that change
 * nothing: a German word that begins a line of prose ("Karte folgt")
 * must not resign or sign anyone on. SET SPRACHE is a row of its own.
 */
static const struct judge_word {
	const char	*word, *as;
} judge_words[] = {
	{ "HILFE",	"HELP" },
	{ "LISTE",	"LIST" },
	{ "KARTE",	"MAP" },
};

static void
judge_command_word(struct judge_line *l)
{
	size_t	 i;

	for (i = 0; i < sizeof(judge_words) / sizeof(judge_words[0]); i++)
		if (l->argc > 0 &&
		    strcasecmp(l->argv[0], judge_words[i].word) == 0)
			l->argv[0] = (char *)judge_words[i].as;
}

static void
judge_join_words(struct judge_line *l)
{
	const struct judge_join	*j;
	size_t			 i;

	for (i = 0; i < sizeof(judge_joins) / sizeof(judge_joins[0]); i++) {
		j = &judge_joins[i];
		if (l->argc < j->at + 2 || (j->after != NULL &&
		    strcasecmp(l->argv[0], j->after) != 0) ||
		    strcasecmp(l->argv[j->at], j->first) != 0 ||
		    strcasecmp(l->argv[j->at + 1], j->second) != 0)
			continue;
		l->argv[j->at] = (char *)j->joined;
		memmove(&l->argv[j->at + 1], &l->argv[j->at + 2],
		    (size_t)(l->argc - j->at - 2) * sizeof(l->argv[0]));
		l->argc--;
	}
}

/* Splits a line into words in place (at most JUDGE_MAX_ARGS). */
static void
judge_split(char *p, struct judge_line *l)
{
	l->argc = 0;
	while (*p && l->argc < JUDGE_MAX_ARGS) {
		while (*p == ' ' || *p == '\t')
			*p++ = '\0';
		if (*p == '\0')
			break;
		l->argv[l->argc++] = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
	}
	judge_join_words(l);
	judge_command_word(l);
}

/* The row for the line: a sub-command's, else the word's own; or NULL. */
static const struct judge_cmd *
judge_find(const struct judge_line *l)
{
	const struct judge_cmd	*base = NULL;
	size_t			 i;

	for (i = 0; i < JUDGE_NCMDS; i++) {
		if (strcasecmp(judge_cmds[i].word, l->argv[0]) != 0)
			continue;
		if (judge_cmds[i].sub == NULL)
			base = &judge_cmds[i];
		else if (l->argc > 1 && strcasecmp(judge_cmds[i].sub,
		    l->argv[1]) == 0)
			return &judge_cmds[i];
	}
	return base;
}

/*
 * Echoes the line, hiding the password or code of a secret row (SIGNON,
 * JOIN, TAKEOVER, SET PASSWORD, CONFIRM ADDRESS) and every word past the
 * row's last: a password written with a blank would show its rest there.
 */
static void
judge_echo(struct judge_session *s, const struct judge_line *l,
    const struct judge_cmd *c)
{
	int	 i, last, secret;

	if (c == NULL || c->secret == 0) {
		buf_printf(&s->reply, "> %s\n", l->text);
		return;
	}
	last = c->maxargs + (c->sub ? 1 : 0);	/* argv index */
	secret = c->secret;
	if (secret == JUDGE_SECRET_REST)	/* SIGNON g [seat] pw: all */
		secret = last = 2;
	if (l->argc <= secret) {
		buf_printf(&s->reply, "> %s\n", l->text);
		return;
	}
	buf_puts(&s->reply, ">");
	for (i = 0; i < l->argc; i++)
		buf_printf(&s->reply, " %s", i == secret || i > last ?
		    "********" : l->argv[i]);
	buf_putc(&s->reply, '\n');
}

/* "SET DEADLINE": the name a row's answers give it. */
static const char *
judge_row_name(const struct judge_cmd *c, char *buf, size_t len)
{
	if (c->sub == NULL)
		return c->word;
	snprintf(buf, len, "%s %s", c->word, c->sub);	/* JUDGE_NAME_MAX */
	return buf;
}

/* Whether the sender may run c now; says why not. */
static bool
judge_allowed(struct judge_session *s, const struct judge_cmd *c)
{
	const struct judge_seat	*w = &s->who;
	const char		*key;
	char			 name[JUDGE_NAME_MAX];

	if (c->who == JUDGE_PLAYER && (!w->on || w->seat == GAME_SEAT_GM))
		key = "judge.err.not_player";
	else if (c->who == JUDGE_SIGNED && !w->on)
		key = "judge.err.not_signed";
	else if (c->who == JUDGE_GM && (!w->on ||
	    (w->seat != GAME_SEAT_GM && !w->by_gm)))
		key = "judge.err.not_gm";
	else
		return true;
	judge_err(s, key, 1, judge_row_name(c, name, sizeof(name)));
	return false;
}

/*
 * Whether the sender may run a command limited per hour once more; counts
 * it when he may, says why not when he may not.
 */
static bool
judge_within_hour(struct judge_session *s, enum judge_limit lim,
    const char *word)
{
	struct game_msg	 m;
	time_t		 until;

	if (judge_limit_full(s, lim, s->msg->reply_to, &until)) {
		memset(&m, 0, sizeof(m));
		strlcpy_(m.key, "judge.err.hourly", sizeof(m.key));
		strlcpy_(m.args[0], word, sizeof(m.args[0]));
		snprintf(m.args[1], sizeof(m.args[1]), "%d",
		    judge_limit_max(s, lim));
		judge_note_time(&m, 2, until);
		judge_note_say(s, "UTC", &m, true);
		return false;
	}
	return !s->failed && judge_limit_add(s, lim, s->msg->reply_to,
	    NULL) >= 0;
}

/* Whether c may run once more in this mail (and hour); says why not. */
static bool
judge_within_limit(struct judge_mail *m, const struct judge_cmd *c)
{
	char	 max[16];
	size_t	 i;

	for (i = 0; i < JUDGE_NPER_MAIL; i++) {
		if (strcmp(judge_per_mail[i].word, c->word) != 0)
			continue;
		if (++m->used[i] <= judge_per_mail[i].max)
			return judge_per_mail[i].hourly < 0 ||
			    judge_within_hour(&m->s, judge_per_mail[i].hourly,
			    c->word);
		snprintf(max, sizeof(max), "%d", judge_per_mail[i].max);
		judge_err(&m->s, judge_per_mail[i].max == 1 ?
		    "judge.err.once_per_mail" : "judge.err.times_per_mail", 2,
		    c->word, max);
		return false;
	}
	return true;
}

/* Checks a command's row, then runs it. */
static void
judge_run(struct judge_mail *m, const struct judge_cmd *c,
    const struct judge_line *l)
{
	struct judge_session	*s = &m->s;
	char			 name[JUDGE_NAME_MAX];
	int			 nargs = l->argc - (c->sub ? 2 : 1);

	if (nargs < c->minargs || nargs > c->maxargs ||
	    (c->run == NULL && c->run_own == NULL)) {
		judge_err(s, c->usage ? c->usage : "judge.err.usage", 1,
		    judge_row_name(c, name, sizeof(name)));
		return;
	}
	if (!judge_allowed(s, c) || !judge_within_limit(m, c))
		return;
	if (c->run_own != NULL)
		c->run_own(s, l, (char *)m + c->own);
	else
		c->run(s, l);
}

/* A row that only says its usage: a word with sub-commands (SET). */
static bool
judge_usage_only(const struct judge_cmd *c)
{
	return c->sub == NULL && c->run == NULL && c->run_own == NULL;
}

/*
 * The row the line would run, its first word taken for word: the row its
 * second word picks, when it runs and takes as many words; or NULL.
 * "SETT WAIT" fits SET WAIT; "Sent from my iPhone" fits no SET.
 */
static const struct judge_cmd *
judge_fits(const char *word, const struct judge_line *l)
{
	struct judge_line	 t = *l;
	const struct judge_cmd	*c;
	int			 nargs;

	t.argv[0] = (char *)word;
	if ((c = judge_find(&t)) == NULL || judge_usage_only(c))
		return NULL;
	nargs = t.argc - (c->sub ? 2 : 1);
	return nargs >= c->minargs && nargs <= c->maxargs ? c : NULL;
}

/*
 * How far typed is from the command word, or -1 when too far for a typo
 * (common/nearest.h). A short command mistyped keeps its letters (LSIT,
 * MPA) or gains or loses one (HEL, SETT): one letter changed makes
 * another word too easily, a name under a mail most of all ("Lisa",
 * "Max Miller").
 */
static int
judge_near_word(const char *typed, const char *word)
{
	int	 d = nearest_distance(typed, word);

	if (d > nearest_limit(typed) || (strlen(word) <= JUDGE_NEAR_SHORT &&
	    strlen(typed) == strlen(word) &&
	    !nearest_same_letters(typed, word)))
		return -1;
	return d;
}

/*
 * The commands the first word of a line that is none was nearest
 * (common/nearest.h), best first and at most JUDGE_NEAR_MAX, each with a
 * row the line fits: into out as "SIGNOFF, SIGNON", or "" when none. A
 * courtesy is no typo ("Moin" is no JOIN). Returns the best one's row
 * (its secret words are hidden in the echo, as SIGNON's), or NULL.
 */
static const struct judge_cmd *
judge_near(const struct judge_line *l, char *out, size_t len)
{
	const struct judge_cmd	*best[JUDGE_NEAR_MAX], *c;
	int			 dist[JUDGE_NEAR_MAX], n = 0, d, i;
	size_t			 k, used;

	out[0] = '\0';
	if (l->argc == 0 ||
	    judge_courtesy_line(l->text) != JUDGE_COURTESY_NONE)
		return NULL;
	for (k = 0; k < JUDGE_NCMDS; k++) {
		/* The rows of one word stand together: each word once. */
		if ((k > 0 && strcmp(judge_cmds[k].word,
		    judge_cmds[k - 1].word) == 0) ||
		    (d = judge_near_word(l->argv[0], judge_cmds[k].word)) < 0 ||
		    (c = judge_fits(judge_cmds[k].word, l)) == NULL)
			continue;
		/* Best first; among equals, in the table's order. */
		for (i = n; i > 0 && dist[i - 1] > d; i--)
			if (i < JUDGE_NEAR_MAX) {
				best[i] = best[i - 1];
				dist[i] = dist[i - 1];
			}
		if (i < JUDGE_NEAR_MAX) {
			best[i] = c;
			dist[i] = d;
			n += n < JUDGE_NEAR_MAX;
		}
	}
	for (i = 0, used = 0; i < n; i++) {
		/* Whole words only: one that does not fit is left out. */
		if (used + strlen(best[i]->word) + 2 >= len)
			break;
		used += (size_t)snprintf(out + used, len - used, "%s%s",
		    i ? ", " : "", best[i]->word);
	}
	return n > 0 ? best[0] : NULL;
}

/*
 * A line no game reads: before SIGNON, or in a game still forming (after
 * JOIN, or CREATE). A courtesy, or what follows a farewell (the
 * signature), is ignored; a typo is answered with the command it was
 * near; anything else is an error.
 */
static void
judge_no_game_line(struct judge_mail *m, const struct judge_line *l,
    const char *near)
{
	struct judge_session	*s = &m->s;
	enum judge_courtesy	 k = judge_courtesy_line(l->text);

	if (k == JUDGE_COURTESY_FAREWELL)
		m->farewell = true;
	if (k != JUDGE_COURTESY_NONE || (m->farewell && near[0] == '\0')) {
		judge_ok(s, "judge.courtesy.ignored", 0);
		s->lines.ignored++;
	} else if (near[0] != '\0')
		judge_err(s, "judge.err.not_command_hint", 2, l->argv[0], near);
	else if (s->who.on && s->who.seat == GAME_SEAT_GM)
		judge_err(s, "judge.err.gm_orders", 0);
	else if (s->who.on)
		judge_err(s, "judge.err.not_started", 1, s->who.game.name);
	else
		judge_err(s, "judge.err.unknown", 1, l->argv[0]);
}

/*
 * A line that is no command: an order, if someone signed on to a running
 * game gives it (the game says what is prose there, and which first
 * words begin no order); else the judge's own words decide.
 */
static void
judge_not_command(struct judge_mail *m, const struct judge_line *l,
    const char *near)
{
	struct judge_session	*s = &m->s;
	bool			 game = s->who.on &&
				    s->who.game.status != DB_FORMING;

	if (game && s->who.seat != GAME_SEAT_GM)
		judge_orders_line(s, l, near);
	else if (s->signon_failed)
		judge_err(s, "judge.err.skipped", 0);
	else if (game)
		judge_orders_gm_line(s, l, near);
	else
		judge_no_game_line(m, l, near);
}

static void
judge_line(struct judge_mail *m, char *text)
{
	const struct judge_cmd	*c, *like = NULL;
	struct judge_line	 l;
	const char		*njudge = NULL;
	char			 name[JUDGE_NAME_MAX], near[GAME_ARG_MAX] = "";
	char			*copy = xstrdup(text);
	size_t			 at = m->s.reply.len;

	l.text = text;
	judge_split(copy, &l);
	c = judge_find(&l);
	/* njudge's SET PREFERENCE is answered, not with SET's usage. */
	if ((c == NULL || judge_usage_only(c)) &&
	    (njudge = judge_njudge_answer(&l, name, sizeof(name))) != NULL)
		c = NULL;
	else if (c == NULL)
		like = judge_near(&l, near, sizeof(near));
	/* "SINGON g pw" hides its password as SIGNON does. */
	judge_echo(&m->s, &l, c != NULL ? c : like);
	if (njudge != NULL)
		judge_err(&m->s, njudge, 1, name);
	else if (c != NULL)
		judge_run(m, c, &l);
	else
		judge_not_command(m, &l, near);
	buf_putc(&m->s.reply, '\n');
	/* The line's reply began at at: SIGNON's copy is made of lines. */
	judge_signon_line(&m->s, &m->signon, at);
	free(copy);
}

/* Trims a line in place; the first character that is not blank. */
static char *
judge_trim(char *line)
{
	char	*e;

	while (*line == ' ' || *line == '\t')
		line++;
	e = line + strlen(line);
	while (e > line && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return line;
}

static void
judge_lines(struct judge_mail *m)
{
	struct judge_session	*s = &m->s;
	char			*text = xstrdup(s->msg->text ? s->msg->text : "");
	char			*line, *next;
	int			 n = 0;

	/* A refused sign-on ends the reading: one mail pays for one (issue
	 * 13), and its reply says so. */
	for (line = text; line != NULL && !m->signoff && !s->failed &&
	    !s->signon_failed; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (judge_press_reading(&m->press)) {
			/* The text as written, up to ENDPRESS. */
			judge_press_line(s, &m->press, line);
			continue;
		}
		if (*(line = judge_trim(line)) == '\0')
			continue;
		if (++n > JUDGE_MAX_LINES) {
			judge_err(s, "judge.err.too_many_lines", 0);
			break;
		}
		/* A reply is no weapon: it stops growing, and says so. */
		if (s->reply.len > JUDGE_REPLY_MAX) {
			judge_err(s, "judge.err.reply_full", 1, "64 KB");
			break;
		}
		judge_line(m, line);
	}
	if (s->signon_failed && line != NULL && !m->signoff) {
		catalog_say(s->cat, &s->reply, "judge.rest_unread", 0);
		buf_puts(&s->reply, "\n\n");
	}
	/* A mail of courtesies alone holds no command either. */
	if (n == 0 || n == s->lines.ignored)
		judge_err(s, "judge.err.empty", 0);
	free(text);
}

bool
judge_has_command(const char *text)
{
	struct judge_line	 l;
	char			*copy, *line, *next;
	bool			 found = false;
	int			 n = 0;

	copy = xstrdup(text != NULL ? text : "");
	for (line = copy; line != NULL && !found && n < JUDGE_MAX_LINES;
	    line = next, n++) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		l.text = line;
		judge_split(line, &l);
		found = l.argc > 0 && judge_find(&l) != NULL;
	}
	free(copy);
	return found;
}

struct judge_mail *
judge_mail_new(const struct judge_env *env, const struct message *m)
{
	struct judge_mail	*mail = xcalloc(1, sizeof(*mail));

	judge_session_begin(&mail->s, env, m);
	return mail;
}

struct judge_session *
judge_mail_session(struct judge_mail *mail)
{
	return &mail->s;
}

void
judge_mail_read(struct judge_mail *mail)
{
	struct judge_session	*s = &mail->s;

	if (!s->msg->has_text)
		judge_err(s, "judge.err.no_text", 0);
	else {
		if (s->msg->truncated)
			judge_err(s, "judge.err.truncated", 0);
		judge_lines(mail);
	}
	judge_end_of_mail(mail);
}

void
judge_mail_free(struct judge_mail *mail)
{
	free(mail);
}
