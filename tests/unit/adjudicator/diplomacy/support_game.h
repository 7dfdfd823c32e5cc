/*
 * support_game.h - test helpers for games driven through game_ops the way
 * the judge drives them: a list of orders in which a later order for the
 * same seat and slot replaces the earlier one, the save/load round trip
 * after every step, and looking up messages of a view; the round trip
 * and the end of a game for a state held without struct tg. Also the map
 * fixture the engine tests share. tg_count and tg_find compare an
 * argument as an English reader reads it (its catalog references in the
 * words of templates/en: "A VIE H"). Linked into every unit-test binary
 * (tests/module.mk).
 */
#ifndef PBEMD_TEST_SUPPORT_GAME_H
#define PBEMD_TEST_SUPPORT_GAME_H

#include <stdbool.h>

#include "adjudicator/diplomacy/dip.h"
#include "adjudicator/game/game.h"

#define TG_MAX_ORDERS	256

struct tg {
	const struct game_ops	*ops;
	struct game_state	*st;
	int			 n;
	struct game_order	 o[TG_MAX_ORDERS];
	char			 ctx[GAME_CTX_MAX];
	struct game_diag	 why;	/* of the last refused line */
	struct game_view	 v;	/* of the last tg_view() */
};

/* The standard map, loaded once per test (an unchecked fixture). */
extern struct dip_map	 tg_map;
void	 tg_map_setup(void);
int	 tg_loc(const char *name);

struct tg	*tg_new(const struct game_ops *, const char *options);
struct tg	*tg_load(const struct game_ops *, const char *text);
void		 tg_free(struct tg *);
void		 tg_roundtrip(const struct tg *);
void		 tg_mail(struct tg *);
int		 tg_order(struct tg *, int seat, const char *line);
void		 tg_ok(struct tg *, int seat, const char *line);
void		 tg_refused(struct tg *, int seat, const char *line,
		    const char *key);
void		 tg_play(struct tg *);
const struct game_view *tg_view(struct tg *, int seat);
int		 tg_count(const struct game_view *, const char *key,
		    const char *arg);
const struct game_msg *tg_find(const struct game_view *, const char *key,
		    const char *arg);
char		*tg_save(const struct tg *);

/*
 * The same checks for a state a test holds itself, of any game: the
 * round trip save(load(save(s))) == save(s) (STYLE.md 12), with the
 * loaded copy settled (game.h settle: a state play reached is one it
 * leaves as it is); the seat to
 * move of a running two-seat game; a game over with winner (a seat or
 * GAME_DRAWN) and the reason its "PREFIX.result.win|draw" message ends
 * with.
 */
void		 tg_state_roundtrip(const struct game_ops *,
		    const struct game_state *);
int		 tg_turn(const struct game_ops *, const struct game_state *);
void		 tg_assert_over(const struct game_ops *,
		    const struct game_state *, int winner, const char *prefix,
		    const char *reason);

/* Whether s is complete UTF-8: a quote cut to fit a message argument
 * (GAME_ARG_MAX) never ends inside a character. */
bool		 tg_utf8_complete(const char *s);
/* head and forty umlauts (80 bytes, so a cut at an odd length meets the
 * second byte of one) into out of len bytes. */
void		 tg_umlauts(char *out, size_t len, const char *head);
/* create() refuses an option word of forty umlauts with key, quoting
 * its first len bytes, cut between characters. */
void		 tg_long_option_quoted(const struct game_ops *, const char *key,
		    size_t len);

#endif
