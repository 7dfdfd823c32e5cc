/*
 * kz_test.h - helpers shared by the KlinZha unit tests: positions written
 * as piece lists, the state round trip, orders through game_ops.
 */
#ifndef PBEMD_KZ_TEST_H
#define PBEMD_KZ_TEST_H

#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/klinzha/kz.h"
#include "tests/unit/adjudicator/diplomacy/support_game.h"

#define KZ_TEST_STATE_MAX	65536

static inline int
kzt_field(const char *name)
{
	int	 len, f = kz_board_field(name, &len);

	ck_assert_msg(f >= 0, "no field %s", name);
	return f;
}

/* save(load(save(s))) == save(s) (STYLE.md 12). */
static inline void
kzt_roundtrip(const struct game_state *st)
{
	tg_state_roundtrip(&kz_ops, st);
}

/*
 * A game in play from a list "F E-37 b D-38 G E-37 ...": upper case Gold
 * (seat 0), lower case Green (seat 1), G/g a Goal. Gold to move.
 */
static inline struct game_state *
kzt_position(const char *options, const char *list)
{
	struct game_state	*st;
	struct game_diag	 why;
	const char		*p = list;
	char			 k[4], fn[8];
	int			 n, f, seat;
	const char		*l;

	ck_assert_int_eq(kz_ops.create(options, 7, &st, &why), 0);
	ck_assert_int_eq(kz_ops.start(st, 0, &why), 0);
	while (sscanf(p, " %3s %7s%n", k, fn, &n) == 2) {
		p += n;
		f = kzt_field(fn);
		seat = k[0] >= 'a' ? 1 : 0;
		if (k[0] == 'G' || k[0] == 'g') {
			st->pos.goal[seat] = (int8_t)f;
			continue;
		}
		l = strchr(KZ_LETTERS, k[0] >= 'a' ? k[0] - 'a' + 'A' : k[0]);
		ck_assert_ptr_nonnull(l);
		st->pos.owner[f] = (int8_t)seat;
		st->pos.kind[f] = (uint8_t)(l - KZ_LETTERS);
	}
	st->phase = KZ_PHASE_PLAY;
	st->turn = 0;
	st->corner[0] = KZ_APEX;
	st->corner[1] = KZ_LEFT;
	kzt_roundtrip(st);
	return st;
}

/* One order line of seat; returns parse's result, order in *o. */
static inline int
kzt_parse(const struct game_state *st, int seat, const char *line,
    struct game_order *o, struct game_diag *why)
{
	char	 ctx[GAME_CTX_MAX] = "";

	memset(why, 0, sizeof(*why));
	return kz_ops.parse(st, seat, line, ctx, o, 1, why);
}

/* Plays one order line that must be accepted. */
static inline void
kzt_play(struct game_state *st, int seat, const char *line)
{
	struct game_order	 o;
	struct game_diag	 why;

	ck_assert_msg(kzt_parse(st, seat, line, &o, &why) == 1,
	    "%s refused: %s %s %s", line, why.msg.key, why.msg.args[0],
	    why.msg.args[1]);
	ck_assert(kz_ops.ready(st, &o, 1));
	ck_assert_int_eq(kz_ops.adjudicate(st, &o, 1, &why), 0);
	kzt_roundtrip(st);
}

/* The refusal key of an order line. */
static inline const char *
kzt_refusal(const struct game_state *st, int seat, const char *line)
{
	static struct game_diag	 why;
	struct game_order	 o;

	ck_assert_int_eq(kzt_parse(st, seat, line, &o, &why), -1);
	return why.msg.key;
}

/* Does view(seat) hold a message with this key (and first argument)? */
static inline bool
kzt_told(const struct game_state *st, int seat, const char *key,
    const char *arg)
{
	struct game_view	*v = malloc(sizeof(*v));
	bool			 found = false;
	int			 i;

	ck_assert_ptr_nonnull(v);
	kz_ops.view(st, seat, v);
	for (i = 0; i < v->nmsgs; i++)
		if (strcmp(v->msgs[i].key, key) == 0 && (arg == NULL ||
		    strcmp(v->msgs[i].args[0], arg) == 0))
			found = true;
	free(v);
	return found;
}

/* The label of a field in view(seat)'s cells ("" when empty). */
static inline void
kzt_label(const struct game_state *st, int seat, const char *fn,
    char out[12])
{
	struct game_view	*v = malloc(sizeof(*v));

	ck_assert_ptr_nonnull(v);
	kz_ops.view(st, seat, v);
	memcpy(out, v->cells.cell[kzt_field(fn)].label, 12);
	free(v);
}

#endif
