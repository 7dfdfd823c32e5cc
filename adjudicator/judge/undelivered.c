/*
 * undelivered.c - mails of a game the SMTP server refused for good (an
 * address that no longer exists, a mailbox closed): the GM is told once,
 * naming the seat, so a player does not silently miss his reports.
 *
 * The outbox (serve/outbox.c) only marks such a row failed; the daemon
 * calls judge_undelivered() after each round of sending. Each row is told
 * in a transaction of its own and marked told there, so a crash neither
 * loses the notice nor sends it twice. The GM hears of one address of a
 * game once: the reports that follow to the same dead address are marked
 * told without a word, or a dead mailbox would mail him every phase. The outbox row stays as the game's
 * record: the GM's STATUS lists the last ones (cmd_status.c). A refused
 * mail to the GM himself is told to nobody: there is nobody else to tell,
 * and a notice to a dead address would only be refused again. Layer L4.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/judge.h"
#include "adjudicator/judge/notify.h"
#include "adjudicator/judge/seats.h"
#include "adjudicator/judge/session.h"
#include "common/log.h"

#define JUDGE_UNDELIVERED_BATCH	16	/* rows read from the store at once */

/* The seat of game g that mails go to at rcpt, as a message argument. */
static bool
judge_undelivered_seat(struct judge_session *s, const struct db_game *g,
    const char *rcpt, char *arg, size_t len)
{
	const struct game_ops	*ops = game_find(g->kind);
	struct db_player	 p[GAME_MAX_SEATS];
	int			 n, i;

	if (ops == NULL || db_players(s->env->db, g->id, p, GAME_MAX_SEATS,
	    &n) != DB_OK)
		return false;
	for (i = 0; i < n; i++)
		if (!p[i].ejected && strcasecmp(p[i].address, rcpt) == 0) {
			judge_seat_arg(ops, p[i].seat, arg, len);
			return true;
		}
	return false;
}

/*
 * Tells the GM of r's game unless he knows (known), and marks r told. 0,
 * or -1 (rolled back).
 */
static int
judge_undelivered_one(const struct judge_env *env, const struct db_refused *r,
    bool known)
{
	struct judge_session	 s;
	struct db_game		 g;
	char			 arg[GAME_ARG_MAX];

	if (db_begin(env->db) != DB_OK)
		return -1;
	judge_session_begin(&s, env, NULL);
	if (!known && r->game[0] != '\0' &&
	    db_game_get(env->db, r->game, &g) == DB_OK &&
	    strcasecmp(g.gm_address, r->rcpt) != 0) {
		log_warnx("outbox id=%lld of game=%s refused for good; the GM "
		    "is told", (long long)r->id, g.name);
		if (judge_undelivered_seat(&s, &g, r->rcpt, arg, sizeof(arg)))
			judge_notify(&s, &g, g.gm_address,
			    "judge.undelivered.seat", 4, g.name, arg, r->rcpt,
			    r->why);
		else
			judge_notify(&s, &g, g.gm_address, "judge.undelivered",
			    3, g.name, r->rcpt, r->why);
	}
	if (db_outbox_told(env->db, r->id, env->now) != DB_OK)
		judge_store_failed(&s);
	return judge_session_commit(&s);
}

void
judge_undelivered(const struct judge_env *env)
{
	struct db_refused	 r[JUDGE_UNDELIVERED_BATCH];
	int			 n, i, j;
	bool			 known;

	do {
		if (db_outbox_refused(env->db, true, 0, r,
		    JUDGE_UNDELIVERED_BATCH, &n) != DB_OK)
			return;
		for (i = 0; i < n; i++) {
			/* The store said what was told before this batch;
			 * the batch's own rows are told in order. */
			known = r[i].known;
			for (j = 0; j < i && !known; j++)
				known = strcmp(r[j].game, r[i].game) == 0 &&
				    strcasecmp(r[j].rcpt, r[i].rcpt) == 0;
			if (judge_undelivered_one(env, &r[i], known) != 0)
				return;	/* tried again after the next round */
		}
	} while (n == JUDGE_UNDELIVERED_BATCH);
}
