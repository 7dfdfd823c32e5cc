/*
 * overview.h - the judge at a glance, for its keepers (overview.c): the
 * same text for `pbemd status` on the server and for a keeper's STATUS
 * and LIST ALL by mail. Layer L2 of the judge; judge.h brings it to
 * serve/.
 */
#ifndef PBEMD_JUDGE_OVERVIEW_H
#define PBEMD_JUDGE_OVERVIEW_H

#include "adjudicator/judge/env.h"
#include "adjudicator/judge/gametable.h"
#include "common/util.h"

/*
 * The overview at env->now in the language of cat, appended to out as
 * plain lines: a head line, then one section a topic parted by an empty
 * line, its columns aligned: the games by state and a line per running
 * game (at most max, 0: every one; the others counted), the outbox queue
 * and its failing mails, the quarantine, the last mail and the last tick.
 * Times are UTC. Read only. 0, or -1 on a store error (logged; out holds
 * what was written before it).
 */
int	judge_overview(const struct judge_env *, const struct catalog *cat,
	    int max, struct buf *out);

/*
 * The table of page's games alone (judge_gametable()), columns aligned,
 * every line indented by indent spaces; nothing when no game is listed.
 * 0, or -1 on a store error.
 */
int	judge_overview_games(const struct judge_env *,
	    const struct catalog *cat, struct judge_gametable_page *,
	    int indent, struct buf *out);

/*
 * The same said to a keeper by mail: into the reply of the session, in
 * its language, a reply line each (an empty line stays one). 0, or -1
 * with the session marked failed (a store error).
 */
struct judge_session;
int	judge_overview_say(struct judge_session *, int max);
int	judge_overview_say_games(struct judge_session *,
	    struct judge_gametable_page *);

#endif
