/*
 * fuzz_game.h - what the game targets (fuzz_order.c, fuzz_state.c) ask of
 * every position they reach through struct game_ops, as the judge and the
 * referee console use it: the saved text loads back and saves the same
 * (STYLE.md 12), stat() agrees with view(GAME_SEAT_GM) (game.h), every
 * seat's view and what it still owes can be built, and the orders legal()
 * lists read back through parse() as themselves. A broken promise aborts,
 * so libFuzzer keeps the input. Static functions: each target includes it
 * once.
 */
#ifndef PBEMD_FUZZ_GAME_H
#define PBEMD_FUZZ_GAME_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/game/game.h"
#include "adjudicator/game/orderbook.h"
#include "common/util.h"

#define FUZZ_GAME_LEGAL_MAX	64	/* orders of legal() read back, per seat */

static void __attribute__((noreturn))
fuzz_game_fail(const struct game_ops *ops, const char *what, const char *text)
{
	fprintf(stderr, "fuzz: %s: %s\n", ops->name, what);
	if (text != NULL)
		fprintf(stderr, "---- state\n%s\n----\n", text);
	abort();
}

/* The saved text of st; owned. Every game's save() returns the size of
 * the text with its NUL; the judge allocates one byte more. */
static char *
fuzz_game_save(const struct game_ops *ops, const struct game_state *st)
{
	size_t	 need = ops->save(st, NULL, 0);
	char	*text = xmalloc(need + 1);

	if (ops->save(st, text, need + 1) != need || strlen(text) + 1 != need)
		fuzz_game_fail(ops, "save() wrote another length than it said",
		    text);
	return text;
}

/* The message's key and arguments are strings within their arrays. */
static void
fuzz_game_msg(const struct game_ops *ops, const struct game_msg *m)
{
	int	 i;

	if (memchr(m->key, '\0', sizeof(m->key)) == NULL || m->nargs < 0 ||
	    m->nargs > GAME_MSG_ARGS)
		fuzz_game_fail(ops, "a message without its NUL or with a bad "
		    "number of arguments", NULL);
	for (i = 0; i < m->nargs; i++)
		if (memchr(m->args[i], '\0', sizeof(m->args[i])) == NULL)
			fuzz_game_fail(ops, "a message argument without its NUL",
			    NULL);
}

/* text, which st was saved as, loads back and saves the same. */
static void
fuzz_game_roundtrip(const struct game_ops *ops, const char *text)
{
	struct game_state	*again;
	struct game_diag	 why;
	char			*text2;

	memset(&why, 0, sizeof(why));
	if (ops->load(text, &again, &why) != 0)
		fuzz_game_fail(ops, why.msg.key[0] ? why.msg.key :
		    "a saved state does not load", text);
	text2 = fuzz_game_save(ops, again);
	if (strcmp(text, text2) != 0) {
		fprintf(stderr, "---- saved again\n%s\n", text2);
		fuzz_game_fail(ops, "save(load(save(s))) != save(s)", text);
	}
	free(text2);
	ops->free(again);
}

/* stat() says what view(GAME_SEAT_GM) says; every seat's view builds. */
static void
fuzz_game_views(const struct game_ops *ops, const struct game_state *st,
    const char *text)
{
	struct game_view	*v = xcalloc(1, sizeof(*v));
	struct game_stat	 s;
	int			 seat, i;

	ops->stat(st, &s);
	ops->view(st, GAME_SEAT_GM, v);
	if (s.status != v->status || s.winner != v->winner ||
	    s.ply != v->ply || s.phase_kind != v->phase_kind ||
	    strcmp(s.phase, v->phase) != 0 ||
	    memcmp(s.due, v->due, sizeof(s.due)) != 0)
		fuzz_game_fail(ops, "stat() and view(GM) disagree", text);
	for (seat = GAME_SEAT_GM; seat < ops->nseats; seat++) {
		memset(v, 0, sizeof(*v));
		ops->view(st, seat, v);
		if (v->nmsgs < 0 || v->nmsgs > GAME_VIEW_MSGS ||
		    memchr(v->board, '\0', sizeof(v->board)) == NULL ||
		    v->cells.n < 0 || v->cells.n > GAME_CELLS_MAX)
			fuzz_game_fail(ops, "a view out of its bounds", text);
		for (i = 0; i < v->nmsgs; i++)
			fuzz_game_msg(ops, &v->msgs[i]);
	}
	free(v);
}

/* What each seat still owes with the orders of book. */
static void
fuzz_game_owed(const struct game_ops *ops, const struct game_state *st,
    const struct orderbook *book)
{
	struct game_msg		 m[16];
	int			 seat, said, i;

	for (seat = 0; seat < ops->nseats; seat++) {
		if (orderbook_owed(book, ops, st, seat, m, 16, &said) < 0 ||
		    said < 0 || said > 16)
			fuzz_game_fail(ops, "pending() out of its bounds", NULL);
		for (i = 0; i < said; i++)
			fuzz_game_msg(ops, &m[i]);
	}
}

/*
 * One parsed order reads back: its canonical text parses, with an empty
 * context as the judge's confirmation block reads it, to one order of the
 * same slot and text (game.h, judge/orders.c).
 */
static void
fuzz_game_reads_back(const struct game_ops *ops, const struct game_state *st,
    int seat, const struct game_order *o)
{
	struct game_order	 re;
	struct game_diag	 why;
	char			 ctx[GAME_CTX_MAX] = "";

	if (memchr(o->text, '\0', sizeof(o->text)) == NULL ||
	    memchr(o->slot, '\0', sizeof(o->slot)) == NULL)
		fuzz_game_fail(ops, "an order without its NUL", NULL);
	fuzz_game_msg(ops, &o->echo);
	memset(&why, 0, sizeof(why));
	memset(&re, 0, sizeof(re));
	if (ops->parse(st, seat, o->text, ctx, &re, 1, &why) != 1 ||
	    strcmp(re.slot, o->slot) != 0 || strcmp(re.text, o->text) != 0) {
		fprintf(stderr, "fuzz: order \"%s\" (slot %s) reads back as "
		    "\"%s\" (slot %s, %s)\n", o->text, o->slot, re.text,
		    re.slot, why.msg.key);
		fuzz_game_fail(ops, "a canonical order does not read back",
		    NULL);
	}
}

struct fuzz_game_legal {
	const struct game_ops	*ops;
	const struct game_state	*st;
	int			 seat, n;
};

static void
fuzz_game_legal_one(void *arg, const char *order)
{
	struct fuzz_game_legal	*l = arg;
	struct game_order	 o[8];
	struct game_diag	 why;
	char			 ctx[GAME_CTX_MAX] = "";
	int			 n, i;

	if (l->n++ >= FUZZ_GAME_LEGAL_MAX)
		return;
	memset(&why, 0, sizeof(why));
	if ((n = l->ops->parse(l->st, l->seat, order, ctx, o, 8, &why)) < 1) {
		fprintf(stderr, "fuzz: legal order \"%s\" of seat %d: %s\n",
		    order, l->seat, why.msg.key);
		fuzz_game_fail(l->ops, "a legal order does not parse", NULL);
	}
	for (i = 0; i < n; i++)
		fuzz_game_reads_back(l->ops, l->st, l->seat, &o[i]);
}

/* The first orders legal() lists for each seat parse. */
static void
fuzz_game_legal(const struct game_ops *ops, const struct game_state *st,
    const char *text)
{
	struct fuzz_game_legal	 l = { ops, st, 0, 0 };
	int			 rc;

	if (ops->legal == NULL)
		return;
	for (l.seat = 0; l.seat < ops->nseats; l.seat++) {
		l.n = 0;
		rc = ops->legal(st, l.seat, fuzz_game_legal_one, &l);
		if (rc < 0 ? l.n > 0 : rc != l.n)
			fuzz_game_fail(ops, "legal() counts other orders than "
			    "it lists", text);
	}
}

/* Everything above, of a position that was saved as text. */
static void
fuzz_game_position(const struct game_ops *ops, const struct game_state *st,
    const char *text, const struct orderbook *book)
{
	fuzz_game_roundtrip(ops, text);
	fuzz_game_views(ops, st, text);
	fuzz_game_owed(ops, st, book);
	fuzz_game_legal(ops, st, text);
}

#endif
