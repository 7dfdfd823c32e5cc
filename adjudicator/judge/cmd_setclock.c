/*
 * cmd_setclock.c - the GM changes the clock of his game after CREATE (issue
 * 16, njudge's SET MOVE and the like): SET MOVE, SET RETREAT, SET ADJUST
 * <duration>, SET GRACE <duration>|0, SET DAYS <SMTWTFS mask>, SET AT
 * <hh:mm>|ANY.
 *
 * Each value is read and checked as CREATE reads its clock word
 * (move=48h, days=-MTWTF-, ...: clock.c judge_clock_setting, deadline.c),
 * so what CREATE refuses these refuse with the same answer. A change
 * holds for the judge's proposals from the next phase on: the deadline or
 * proposal of the current phase stays (SET DEADLINE and EXTEND move it).
 * Every change is announced to the players and the GM (and observers), in
 * each reader's language. A forming game's clock may be changed too; a
 * game without a clock gets none this way.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/cmd_setclock.h"
#include "adjudicator/judge/notice.h"
#include "adjudicator/judge/notify.h"
#include "common/log.h"

/* The settings, by the line's second word; their CREATE word. */
static const struct judge_setclock_word {
	const char	*sub;		/* SET <sub> */
	const char	*word;		/* CREATE's word before the "=" */
	const char	*tell;		/* the announcement */
	int		 kind;		/* the duration secs[kind], or -1 */
} judge_setclock_words[] = {
	{ "MOVE",	"move",		"clock.tell.set_move",		0 },
	{ "RETREAT",	"retreat",	"clock.tell.set_retreat",	1 },
	{ "ADJUST",	"adjust",	"clock.tell.set_adjust",	2 },
	{ "GRACE",	"grace",	"clock.tell.set_grace",		-1 },
	{ "DAYS",	"days",		"clock.tell.set_days",		-1 },
	{ "AT",		"at",		"clock.tell.set_at",		-1 },
};

#define JUDGE_SETCLOCK_NWORDS \
	(sizeof(judge_setclock_words) / sizeof(judge_setclock_words[0]))

/* The clock of the signed-on game, forming or running, into c; false
 * (said) when it has none or is over. */
static bool
judge_setclock_settable(struct judge_session *s, struct db_clock *c)
{
	if (s->who.game.status != DB_RUNNING &&
	    s->who.game.status != DB_FORMING) {
		judge_err(s, "judge.err.not_running", 1, s->who.game.name);
		return false;
	}
	switch (db_clock_get(s->env->db, s->who.game.id, c)) {
	case DB_NONE:
		judge_err(s, "clock.err.no_clock", 1, s->who.game.name);
		return false;
	case DB_ERR:
		judge_store_failed(s);
		return false;
	}
	return true;
}

/* The setting as the announcement shows it: "2d", "-MTWTF-", "20:00". */
static void
judge_setclock_value(const struct judge_setclock_word *w,
    const struct db_clock *c, char *out, size_t len)
{
	if (w->kind >= 0)
		deadline_duration_format(c->secs[w->kind], out, len);
	else if (strcmp(w->word, "grace") == 0) {
		if (c->grace)
			deadline_duration_format(c->grace, out, len);
		else
			snprintf(out, len, "0");
	} else if (strcmp(w->word, "days") == 0)
		snprintf(out, len, "%s", c->days);
	else if (c->at >= 0)
		snprintf(out, len, "%02d:%02d", c->at / 60, c->at % 60);
	else
		snprintf(out, len, "-");
}

/* Says the change to the GM and announces it to the rest of the game. */
static void
judge_setclock_tell(struct judge_session *s,
    const struct judge_setclock_word *w, const struct db_clock *c)
{
	struct game_msg	 m;
	char		 val[GAME_ARG_MAX];

	judge_setclock_value(w, c, val, sizeof(val));
	memset(&m, 0, sizeof(m));
	game_msg_set(&m, w->tell, 2, s->who.game.name, val);
	if (strcmp(w->word, "at") == 0 && c->at < 0)
		strlcpy_(m.key, "clock.tell.set_at_any", sizeof(m.key));
	else if (strcmp(w->word, "grace") == 0 && c->grace == 0)
		strlcpy_(m.key, "clock.tell.set_no_grace", sizeof(m.key));
	judge_note_say(s, c->tz, &m, false);
	judge_notify_notes(s, &s->who, c->tz, JUDGE_NOTIFY_ALL, &m, 1);
}

void
judge_cmd_set_clock(struct judge_session *s, const struct judge_line *l)
{
	const struct judge_setclock_word	*w = NULL;
	struct db_clock			 c;
	char				 word[GAME_ARG_MAX], why[GAME_ARG_MAX];
	size_t				 i;

	for (i = 0; i < JUDGE_SETCLOCK_NWORDS; i++)
		if (strcasecmp(judge_setclock_words[i].sub, l->argv[1]) == 0)
			w = &judge_setclock_words[i];
	if (w == NULL || !judge_setclock_settable(s, &c))
		return;
	/* CREATE's word, as CREATE would read it; "ANY" and "-" for no
	 * clock time. */
	if (strcmp(w->word, "at") == 0 && (strcasecmp(l->argv[2], "any") == 0 ||
	    strcmp(l->argv[2], "-") == 0))
		snprintf(word, sizeof(word), "at=any");
	else if ((size_t)snprintf(word, sizeof(word), "%s=%s", w->word,
	    l->argv[2]) >= sizeof(word)) {
		judge_err(s, "clock.err.option", 1, w->word);
		return;
	}
	why[0] = '\0';
	if (judge_clock_setting(&c, word, why, sizeof(why)) != 0) {
		judge_err(s, "clock.err.option", 1, why[0] ? why : word);
		return;
	}
	judge_clock_store(s, &c);
	if (s->failed)
		return;
	log_info("judge: game=%s clock %s", s->who.game.name, w->word);
	judge_setclock_tell(s, w, &c);
}
