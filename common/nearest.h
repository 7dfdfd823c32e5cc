/*
 * nearest.h - how far a word is from another: the "did you mean" of the
 * judge's command words and of the games' names (a province's names have
 * their own, in adjudicator/diplomacy/map.c).
 *
 * Pure functions of their arguments; no allocation.
 */
#ifndef PBEMD_NEAREST_H
#define PBEMD_NEAREST_H

#include <stdbool.h>

#define NEAREST_MAX	32	/* longest word compared, bytes */
#define NEAREST_FAR	99	/* the distance of a word longer than that */

/*
 * The edits that make a into b, letters compared without regard to case
 * (ASCII): a letter added, dropped or changed, or two neighbours swapped,
 * each counts one ("optimal string alignment": "JION" is one from
 * "JOIN"). NEAREST_FAR when either word is longer than NEAREST_MAX.
 */
int	nearest_distance(const char *a, const char *b);

/*
 * The most edits a mistyped word of this length may hold and still name
 * a word: a third of it, at least one, as the provinces' suggestions
 * allow ("APROVE" for APPROVE, not "Hallo" for HELP).
 */
int	nearest_limit(const char *word);

/*
 * Whether b holds the letters of a, moved about (case aside): "LSIT" and
 * LIST do, "Lisa" and LIST do not. A one-edit typo of a short word that
 * is no such swap changed a letter, and makes another word too easily.
 */
bool	nearest_same_letters(const char *a, const char *b);

#endif
