/*
 * report.h - reports by mail (report.c): each reader's report rendered
 * from that reader's view alone, in his language, with the picture of the
 * same view; the sender's goes into his reply. Layer L1 of the judge:
 * mail-out.
 */
#ifndef PBEMD_JUDGE_REPORT_H
#define PBEMD_JUDGE_REPORT_H

#include "adjudicator/judge/session.h"

/*
 * What every reader of a round of reports is told besides his view, alike
 * for all: a judge line (key with one argument, such as the seed's
 * commitment; key NULL: none), the clock's notes of the phase change
 * (notes NULL or nnotes 0: none), and who plays which seat (the start of
 * a white-press game; players NULL: none), which goes to the players and
 * the GM, not to observers.
 */
struct judge_extra {
	const char		*key;
	const char		*arg;
	const struct game_msg	*notes;
	int			 nnotes;
	const struct db_player	*players;
	int			 nplayers;
};

/*
 * seat's report of w's game in state st, to addr: into the reply when addr
 * is the sender speaking for that seat, else as a mail of its own. extra
 * may be NULL.
 */
void	judge_report_one(struct judge_session *, const struct judge_seat *w,
	    const struct game_state *st, int seat, const char *addr,
	    const struct judge_extra *extra);
/*
 * The report of an observer of w's game to addr, a mail of its own: the
 * GM's view of a game that hides nothing from anyone (observers.h), nothing
 * for any other. The caller counts it (judge_observers_may_mail).
 */
void	judge_report_observer(struct judge_session *,
	    const struct judge_seat *w, const struct game_state *st,
	    const char *addr, const struct judge_extra *extra);
/* Every player's report, the GM's and every observer's. */
void	judge_report_all(struct judge_session *, const struct judge_seat *w,
	    const struct game_state *st, const struct judge_extra *extra);

#endif
