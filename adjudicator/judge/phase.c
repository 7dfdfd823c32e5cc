/*
 * phase.c - a game's phases in the store: finding a game, loading a
 * phase's state, storing the next phase, the reports after it, and the
 * start of a game (phase.h).
 *
 * Every change is a new phase row; history is never overwritten
 * (DESIGN.md). A state that does not load is a broken invariant: it is
 * logged and said, and only that game stops while the others go on
 * (STYLE.md 7). Nothing here decides when a phase is played (play.c).
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/ledger.h"
#include "adjudicator/judge/opts.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/report.h"
#include "common/log.h"

#define JUDGE_PHASE_PAGE	256	/* games read from the store at once */

bool
judge_phase_find(struct judge_session *s, const char *name,
    struct judge_seat *w)
{
	memset(w, 0, sizeof(*w));
	switch (db_game_get(s->env->db, name, &w->game)) {
	case DB_NONE:
		judge_err(s, "judge.err.no_such_game", 1, name);
		return false;
	case DB_ERR:
		judge_store_failed(s);
		return false;
	}
	if ((w->ops = game_find(w->game.kind)) == NULL) {
		judge_err(s, "judge.err.state", 1, w->game.name);
		return false;
	}
	return true;
}

bool
judge_phase_running(struct judge_session *s, const char *name,
    struct judge_seat *w)
{
	memset(w, 0, sizeof(*w));
	if (db_game_get(s->env->db, name, &w->game) != DB_OK ||
	    w->game.status != DB_RUNNING ||
	    (w->ops = game_find(w->game.kind)) == NULL)
		return false;
	w->on = true;
	w->seat = GAME_SEAT_GM;
	return true;
}

bool
judge_phase_players(struct judge_session *s, const struct db_game *g,
    struct db_player *p, int *n)
{
	if (db_players(s->env->db, g->id, p, GAME_MAX_SEATS, n) != DB_OK) {
		judge_store_failed(s);
		return false;
	}
	return true;
}

const char *
judge_phase_status_arg(int status)
{
	static const char *const keys[] = {
		"@judge.status.forming", "@judge.status.running",
		"@judge.status.over", "@judge.status.halted"
	};

	return status >= 0 && status < (int)(sizeof(keys) / sizeof(keys[0])) ?
	    keys[status] : "?";
}

int
judge_phase_each_clock(const struct judge_env *env,
    int (*fn)(void *, const struct db_game_ref *), void *arg)
{
	struct db_game_ref	*page;
	int64_t			 after = 0;
	int			 n, i, rc = 0;

	page = xcalloc(JUDGE_PHASE_PAGE, sizeof(*page));
	do {
		if (db_clock_games(env->db, after, page, JUDGE_PHASE_PAGE,
		    &n) != DB_OK) {
			rc = -1;
			break;
		}
		for (i = 0; i < n && rc == 0; i++)
			rc = fn(arg, &page[i]);
		if (n > 0)
			after = page[n - 1].id;
	} while (n == JUDGE_PHASE_PAGE && rc == 0);
	free(page);
	return rc < 0 ? -1 : 0;
}

struct game_state *
judge_phase_load(struct judge_session *s, const struct judge_seat *w, int no)
{
	struct game_state	*st = NULL;
	struct game_diag	 why;
	char			*text = NULL;
	int			 rc;

	rc = db_phase_state(s->env->db, w->game.id, no, &text);
	if (rc == DB_ERR) {
		judge_store_failed(s);
		return NULL;
	}
	memset(&why, 0, sizeof(why));
	if (rc == DB_NONE || w->ops->load(text, &st, &why) != 0) {
		log_warnx("judge: game=%s phase=%d state does not load",
		    w->game.name, no);
		judge_err(s, "judge.err.state", 1, w->game.name);
		st = NULL;
	}
	free(text);
	return st;
}

/* Stores st as w's next phase row, with the game's status. 0 or -1. */
static int
judge_phase_store(struct judge_session *s, struct judge_seat *w,
    const struct game_state *st)
{
	struct game_stat	 now;
	char			*text;
	size_t			 need;

	need = w->ops->save(st, NULL, 0);
	text = xmalloc(need + 1);
	w->ops->save(st, text, need + 1);
	w->game.phase++;
	w->ops->stat(st, &now);
	if (now.status == GAME_STATUS_OVER) {
		w->game.status = DB_OVER;
		w->game.winner = now.winner;
	} else if (now.status == GAME_STATUS_RUNNING)
		w->game.status = DB_RUNNING;
	if (db_phase_insert(s->env->db, w->game.id, w->game.phase, text,
	    s->inbox_id, s->env->now) != DB_OK ||
	    db_game_update(s->env->db, &w->game) != DB_OK) {
		free(text);
		judge_store_failed(s);
		return -1;
	}
	free(text);
	return 0;
}

int
judge_phase_advance(struct judge_session *s, struct judge_seat *w,
    const struct game_state *st)
{
	if (judge_phase_store(s, w, st) != 0)
		return -1;
	judge_clock_begin(s, w, st);
	return s->failed ? -1 : 0;
}

int
judge_phase_amend(struct judge_session *s, struct judge_seat *w,
    const struct game_state *st)
{
	int	 was = w->game.phase;

	if (judge_phase_store(s, w, st) != 0)
		return -1;
	if (db_orders_copy(s->env->db, w->game.id, was, w->game.phase) !=
	    DB_OK || db_clock_carry(s->env->db, w->game.id, was,
	    w->game.phase) != DB_OK) {
		judge_store_failed(s);
		return -1;
	}
	return 0;
}

void
judge_phase_report(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st, const struct game_msg *notes, int nnotes)
{
	struct judge_extra	 x = { NULL, NULL, notes, nnotes, NULL,
				    0 };
	char			 seed[32];

	if (w->game.status == DB_OVER) {
		snprintf(seed, sizeof(seed), "%llu",
		    (unsigned long long)w->game.seed);
		x.key = "judge.seed_reveal";
		x.arg = seed;
	}
	judge_report_all(s, w, st, &x);
	if (s->who.on && s->who.game.id == w->game.id)
		s->who.game = w->game;
}

int
judge_phase_terminate(struct judge_session *s, struct judge_seat *w,
    struct game_state *st, const struct game_msg *note)
{
	/* A game that cannot say it ends here keeps its state; the judge's
	 * row says it is over all the same. */
	if (w->ops->terminate != NULL && w->ops->terminate(st) != 0) {
		judge_err(s, "judge.err.not_running", 1, w->game.name);
		return -1;
	}
	if (judge_phase_store(s, w, st) != 0)
		return -1;
	if (w->game.status != DB_OVER) {
		w->game.status = DB_OVER;
		w->game.winner = GAME_NOBODY;
		if (db_game_update(s->env->db, &w->game) != DB_OK) {
			judge_store_failed(s);
			return -1;
		}
	}
	log_info("judge: game=%s terminated phase=%d", w->game.name,
	    w->game.phase);
	judge_phase_report(s, w, st, note, note != NULL ? 1 : 0);
	return s->failed ? -1 : 0;
}

/* The seed's commitment, published at the start: its SHA-256 in hex. */
static void
judge_phase_commitment(uint64_t seed, char out[65])
{
	unsigned char	 h[crypto_hash_sha256_BYTES];
	char		 dec[32];

	snprintf(dec, sizeof(dec), "%llu", (unsigned long long)seed);
	crypto_hash_sha256(h, (const unsigned char *)dec, strlen(dec));
	sodium_bin2hex(out, 65, h, sizeof(h));
}

/*
 * Who moves first: the loser of the last game between the same two
 * players, after a draw the one who did not start it (rules decision 4 and
 * A-W6); else drawn from the game's published seed.
 */
static int
judge_phase_first(struct judge_session *s, const struct db_game *g,
    const struct db_player *p, int n)
{
	struct db_game	 last;
	char		 addr[GAME_MAX_SEATS][DB_ADDR_MAX];
	const char	*who = NULL;
	int		 i;

	if (n == 2 && db_last_match(s->env->db, g->kind, p[0].address,
	    p[1].address, g->id, &last, addr, GAME_MAX_SEATS) == DB_OK) {
		if (last.winner >= 0 && last.winner < 2)
			who = addr[1 - last.winner];
		else if (last.winner == GAME_DRAWN && last.first_seat >= 0 &&
		    last.first_seat < 2)
			who = addr[1 - last.first_seat];
		for (i = 0; who && i < n; i++)
			if (strcasecmp(p[i].address, who) == 0)
				return p[i].seat;
	}
	return (int)(g->seed % (uint64_t)n);
}

/*
 * The ledger's points go to a game that has a handicap, before it starts;
 * a seat holding points moves first (Way of the Knight, rules 6), so the
 * stored first seat says who really began.
 */
static int
judge_phase_handicap(struct judge_session *s, struct judge_seat *w,
    struct game_state *st, const struct db_player *p, int n)
{
	struct game_diag	 why;
	int			 pts[2];

	if (judge_ledger(s, &w->game, p, n, pts) != 0)
		return -1;
	memset(&why, 0, sizeof(why));
	if (w->ops->handicap(st, pts, 2, &why) != 0) {
		judge_msg(s, &why.msg, true);
		return -1;
	}
	if (pts[0] != pts[1])
		w->game.first_seat = pts[0] > pts[1] ? 0 : 1;
	return 0;
}

void
judge_phase_start(struct judge_session *s, struct judge_seat *w)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct game_state	*st;
	struct game_diag	 why;
	struct judge_extra	 x;
	char			 commit[65], press[16] = "white";
	int			 n;

	if (db_players(s->env->db, w->game.id, p, GAME_MAX_SEATS, &n) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	if ((st = judge_phase_load(s, w, w->game.phase)) == NULL)
		return;
	w->game.first_seat = judge_phase_first(s, &w->game, p, n);
	if (w->ops->handicap != NULL &&
	    judge_phase_handicap(s, w, st, p, n) != 0)
		goto out;
	memset(&why, 0, sizeof(why));
	if (w->ops->start(st, w->game.first_seat, &why) != 0) {
		judge_msg(s, &why.msg, true);
		goto out;
	}
	w->game.status = DB_RUNNING;
	if (judge_phase_advance(s, w, st) == 0) {
		log_info("judge: game=%s started first=%d", w->game.name,
		    w->game.first_seat);
		judge_phase_commitment(w->game.seed, commit);
		memset(&x, 0, sizeof(x));
		x.key = "judge.seed_commit";
		x.arg = commit;
		/* rules/judge-conventions.md 1.6, 1.7: white press names
		 * who plays; grey and none (gunboat) keep it hidden. */
		judge_opt(w->game.options, "press", press, sizeof(press));
		if (strcasecmp(press, "white") == 0) {
			x.players = p;
			x.nplayers = n;
		}
		judge_report_all(s, w, st, &x);
		s->who.game = w->game;
	}
out:
	w->ops->free(st);
}
