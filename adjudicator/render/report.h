/*
 * report.h - a player's report, rendered from that player's view alone.
 *
 * The head holds only what every participant of the game knows (the game's
 * name, kind, options, the reader's seat, the move number); the rest comes
 * from struct game_view. Nothing else reaches the text, which is what makes
 * a hidden-information leak impossible by construction (DESIGN.md).
 */
#ifndef PBEMD_REPORT_H
#define PBEMD_REPORT_H

#include "adjudicator/game/game.h"
#include "adjudicator/render/catalog.h"
#include "common/util.h"

struct report_head {
	const char	*game;		/* "alpha" */
	const char	*kind;		/* "weekeewachee" */
	const char	*options;	/* "blind" or "" */
	const char	*seat_key;	/* catalog key of the reader's seat; NULL: GM */
	int		 phase;		/* the judge's phase number */
	bool		 observer;	/* an observer reads (seat_key NULL) */
};

void	report_render(const struct catalog *, const struct report_head *,
	    const struct game_view *, struct buf *out);
/* The subject line of a report mail. */
void	report_subject(const struct catalog *, const struct report_head *,
	    struct buf *out);

#endif
