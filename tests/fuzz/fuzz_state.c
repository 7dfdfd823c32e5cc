/*
 * fuzz_state.c - libFuzzer target: every game's saved-state loader
 * (game_ops load), as the judge reads a phase back from the store and the
 * referee console takes a `position` from whoever types it.
 *
 * The input's first line names the game (as CREATE does), the rest is the
 * text given to its load(). A state load() accepts must be one the game
 * can live with: it saves and loads back the same, its views, what every
 * seat owes and its legal orders hold (fuzz_game.h), and a deadline
 * passing with no orders (the phase played as PROCESS plays it), the
 * console's settling of a loaded position, a seat resigning or (odd
 * seats) taking its seat back leave a position that holds too. With
 * PBEMD_FUZZ_SHOW set in the environment it says why a state did not
 * load; otherwise no I/O.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/game/game.h"
#include "adjudicator/game/orderbook.h"
#include "common/util.h"
#include "tests/fuzz/fuzz_game.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* The phase played without orders, on a copy loaded from text. */
static void
fuzz_state_process(const struct game_ops *ops, const char *text,
    const struct orderbook *none)
{
	struct game_state	*st;
	struct game_diag	 why;
	char			*next;

	memset(&why, 0, sizeof(why));
	if (ops->load(text, &st, &why) != 0)
		fuzz_game_fail(ops, "a saved state does not load", text);
	if (orderbook_adjudicate(none, ops, st, &why) == 0) {
		next = fuzz_game_save(ops, st);
		fuzz_game_position(ops, st, next, none);
		free(next);
	} else
		fuzz_game_msg(ops, &why.msg);
	ops->free(st);
}

/*
 * The referee console's position: a copy loaded from text is settled
 * (game.h), the state it leaves holds too, and settling it once more
 * changes nothing (the end check finds an ended game ended).
 */
static void
fuzz_state_settle(const struct game_ops *ops, const char *text,
    const struct orderbook *none)
{
	struct game_state	*st;
	struct game_diag	 why;
	char			*once, *twice;

	if (ops->settle == NULL)
		return;
	memset(&why, 0, sizeof(why));
	if (ops->load(text, &st, &why) != 0)
		fuzz_game_fail(ops, "a saved state does not load", text);
	ops->settle(st);
	once = fuzz_game_save(ops, st);
	fuzz_game_position(ops, st, once, none);
	ops->settle(st);
	twice = fuzz_game_save(ops, st);
	if (strcmp(once, twice) != 0)
		fuzz_game_fail(ops, "settle changes a settled state", once);
	free(twice);
	free(once);
	ops->free(st);
}

/* Each seat resigns, and takes its seat back, on a copy loaded from text,
 * while the game runs: the referee console's resign and the judge's. */
static void
fuzz_state_seats(const struct game_ops *ops, const char *text,
    const struct orderbook *none)
{
	struct game_state	*st;
	struct game_diag	 why;
	struct game_stat	 s;
	char			*next;
	int			 seat, rc;

	for (seat = 0; seat < ops->nseats; seat++) {
		memset(&why, 0, sizeof(why));
		if (ops->load(text, &st, &why) != 0)
			fuzz_game_fail(ops, "a saved state does not load", text);
		ops->stat(st, &s);
		rc = -1;
		if (s.status == GAME_STATUS_RUNNING)
			rc = seat % 2 == 0 || ops->resume == NULL ?
			    ops->resign(st, seat) : ops->resume(st, seat);
		if (rc == 0) {
			next = fuzz_game_save(ops, st);
			fuzz_game_position(ops, st, next, none);
			free(next);
		}
		ops->free(st);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct game_ops	*ops;
	struct game_state	*st;
	struct game_diag	 why;
	struct orderbook	*none;
	char			*in, *text, *saved;

	/* load() reads a C string: a NUL ends the input. */
	in = xmalloc(size + 1);
	memcpy(in, data, size);
	in[size] = '\0';
	text = in + strcspn(in, "\n");
	if (*text != '\0')
		*text++ = '\0';
	memset(&why, 0, sizeof(why));
	if ((ops = game_find(in)) == NULL || ops->load(text, &st, &why) != 0) {
		if (ops != NULL)
			fuzz_game_msg(ops, &why.msg);
		if (getenv("PBEMD_FUZZ_SHOW") != NULL)
			fprintf(stderr, "not loaded: %s\n", ops == NULL ?
			    "no such game" : why.msg.key);
		free(in);
		return 0;
	}
	none = orderbook_new();
	saved = fuzz_game_save(ops, st);
	fuzz_game_position(ops, st, saved, none);
	ops->free(st);
	fuzz_state_process(ops, saved, none);
	fuzz_state_settle(ops, saved, none);
	fuzz_state_seats(ops, saved, none);
	orderbook_free(none);
	free(saved);
	free(in);
	return 0;
}
