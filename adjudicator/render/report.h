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
	/* The judge's phase number (the two-player games' subject). */
	int		 phase;
	/* The judge's notes on the phase played ("France had no orders"),
	 * whole lines, as public as the view; NULL or "": none. They follow
	 * the view's results, or end the report when it has none first. */
	const char	*notes;
	bool		 observer;	/* an observer reads (seat_key NULL) */
};

void	report_render(const struct catalog *, const struct report_head *,
	    const struct game_view *, struct buf *out);
/*
 * The subject line of a report mail: a map game's names the phase played
 * ("[pbemd] alpha S1902M results"; before any, the phase to play), the
 * other games' the move number.
 */
void	report_subject(const struct catalog *, const struct report_head *,
	    const struct game_view *, struct buf *out);

#endif
