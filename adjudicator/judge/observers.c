/*
 * observers.c - the observers of a game (OBSERVE, issue 16): who they are,
 * and whether one more mail may go to one.
 *
 * An observer reads only what the game shows everyone: the reports of
 * the GM's view, and only in a game whose state hides nothing from
 * anyone (game_ops.observable; report.c), the announcements made to the
 * whole game (notify.c) and the broadcasts (cmd_press.c); never private
 * press and never the GM's own notices. Nobody proves he owns the address
 * he observes from, so every mail to an observer counts as an answer to
 * that address (limits.h JUDGE_LIMIT_REPLY): a forged OBSERVE cannot make
 * the judge flood an address, and a mail over the hour's answers is left
 * out. No mail is written here.
 */
#include <strings.h>

#include "adjudicator/judge/limits.h"
#include "adjudicator/judge/observers.h"
#include "common/log.h"

/* Whether addr is g's GM's or one of its players' (not ejected). */
static bool
judge_observers_plays(const struct db_game *g, const struct db_player *p,
    int np, const char *addr)
{
	int	 i;

	if (strcasecmp(g->gm_address, addr) == 0)
		return true;
	for (i = 0; i < np; i++)
		if (!p[i].ejected && strcasecmp(p[i].address, addr) == 0)
			return true;
	return false;
}

bool
judge_observers_list(struct judge_session *s, const struct db_game *g,
    struct db_observer *o, int *n)
{
	struct db_player	 p[GAME_MAX_SEATS];
	int			 np, all, i;

	*n = 0;
	if (db_observers(s->env->db, g->id, o, JUDGE_OBSERVERS_MAX, &all) !=
	    DB_OK || db_players(s->env->db, g->id, p, GAME_MAX_SEATS, &np) !=
	    DB_OK) {
		judge_store_failed(s);
		return false;
	}
	for (i = 0; i < all; i++)
		if (!judge_observers_plays(g, p, np, o[i].address))
			o[(*n)++] = o[i];
	return true;
}

bool
judge_observers_may_mail(struct judge_session *s, const char *addr)
{
	time_t	 until;

	if (judge_limit_full(s, JUDGE_LIMIT_REPLY, addr, &until)) {
		log_info("judge: a mail to an observer over the hourly limit "
		    "not sent");
		return false;
	}
	return !s->failed && judge_limit_add(s, JUDGE_LIMIT_REPLY, addr,
	    NULL) >= 0;
}

bool
judge_observers_open(const struct judge_seat *w, const struct game_state *st)
{
	return w->ops->observable != NULL && w->ops->observable(st);
}
