/*
 * seats.h - naming a game's seats in commands (seats.c): "France", "F",
 * "Frankreich", a list "F,E,G" or "FEG". Pure; layer L0 of the judge.
 */
#ifndef PBEMD_JUDGE_SEATS_H
#define PBEMD_JUDGE_SEATS_H

#include <stdbool.h>
#include <stddef.h>

#include "adjudicator/game/game.h"
#include "adjudicator/judge/env.h"
#include "adjudicator/render/catalog.h"
#include "common/util.h"
#include "db/db.h"

struct judge_seat;
struct judge_session;

/* The seat a word names, or -1 when it names none or several. */
int	judge_seat_named(const struct judge_env *, const struct game_ops *,
	    const char *word);
/*
 * Seats named by words (each may hold several, separated by commas), in
 * order and without repeats, into out[0..max). Returns how many, or -1 with
 * the word not understood in bad (badlen bytes).
 */
int	judge_seat_list(const struct judge_env *, const struct game_ops *,
	    char *const *words, int nwords, int *out, int max, char *bad,
	    size_t badlen);
/* A message argument naming seat (or the GM) in the reader's language. */
void	judge_seat_arg(const struct game_ops *, int seat, char *out,
	    size_t len);
/*
 * The same for a seat of w's game as it stands: before the start of a
 * game of more than two seats a seat is a place in the queue, not yet a
 * power (cmd_join.c), and is named so.
 */
void	judge_seat_arg_in(const struct judge_seat *w, int seat, char *out,
	    size_t len);
/* Appends the names of seats[0..n) in cat's language, comma-separated. */
void	judge_seat_names(const struct catalog *, const struct game_ops *,
	    const int *seats, int n, struct buf *out);
/* The names of every seat: for errors that say what may be written. */
void	judge_seat_all_names(const struct catalog *, const struct game_ops *,
	    struct buf *out);
/*
 * Whether the sender may take a seat of game g with password pw (JOIN,
 * TAKEOVER): a password of an allowed length, and not the game's GM; the
 * reason said when not.
 */
bool	judge_seat_newcomer(struct judge_session *, const struct db_game *g,
	    const char *pw);
/* The seat word names, or -1 with the reason said to the sender. */
int	judge_seat_or_say(struct judge_session *, const struct game_ops *,
	    const char *word);

#endif
