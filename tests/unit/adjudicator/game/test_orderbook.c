/*
 * test_orderbook.c - adjudicator/game/orderbook.c: the orders of one phase
 * kept by seat and slot; ready, adjudicate and what a seat owes over real
 * games; and random puts and clears against a model of the book.
 */
#include "tests/unit/test.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/game/orderbook.h"

static void
order(struct game_order *o, int seat, const char *slot, const char *text)
{
	memset(o, 0, sizeof(*o));
	o->seat = seat;
	snprintf(o->slot, sizeof(o->slot), "%s", slot);
	snprintf(o->text, sizeof(o->text), "%s", text);
	game_msg_set(&o->echo, "test.echo", 1, text);
}

static void
put(struct orderbook *b, int seat, const char *slot, const char *text)
{
	struct game_order	 o;

	order(&o, seat, slot, text);
	ck_assert_int_eq(orderbook_put(b, &o), 0);
}

/* The book as "seat slot text" lines, for comparing it in one go. */
static void
dump(const struct orderbook *b, char *out, size_t outlen)
{
	const struct game_order	*o;
	size_t			 len = 0;
	int			 i;

	out[0] = '\0';
	for (i = 0; (o = orderbook_at(b, i)) != NULL && len < outlen; i++)
		len += (size_t)snprintf(out + len, outlen - len, "%d %s %s\n",
		    o->seat, o->slot, o->text);
}

START_TEST(put_replaces_the_same_seat_and_slot_in_its_place)
{
	struct orderbook	*b = orderbook_new();
	char			 got[512];

	put(b, 0, "move", "b1-b2");
	put(b, 1, "move", "a6-a5");
	put(b, 0, "draw", "DRAW?");
	put(b, 0, "move", "c1-c2");
	dump(b, got, sizeof(got));
	ck_assert_str_eq(got, "0 move c1-c2\n1 move a6-a5\n0 draw DRAW?\n");
	ck_assert_str_eq(orderbook_at(b, 0)->echo.args[0], "c1-c2");
	ck_assert_int_eq(orderbook_count(b, -1), 3);
	orderbook_free(b);
}
END_TEST

START_TEST(clear_takes_the_seats_orders_and_keeps_the_others_order)
{
	struct orderbook	*b = orderbook_new();
	char			 got[512];

	put(b, 2, "PAR", "A PAR H");
	put(b, 0, "VIE", "A VIE H");
	put(b, 2, "MAR", "A MAR H");
	put(b, 1, "LON", "F LON H");
	put(b, 0, "BUD", "A BUD H");
	put(b, 2, "BRE", "F BRE H");
	ck_assert_int_eq(orderbook_clear(b, 2), 3);
	dump(b, got, sizeof(got));
	ck_assert_str_eq(got, "0 VIE A VIE H\n1 LON F LON H\n0 BUD A BUD H\n");
	ck_assert_int_eq(orderbook_clear(b, 2), 0);
	ck_assert_int_eq(orderbook_clear(b, 5), 0);
	ck_assert_int_eq(orderbook_count(b, -1), 3);
	/* A seat cleared and ordering again goes to the end. */
	put(b, 0, "VIE", "A VIE - BOH");
	ck_assert_int_eq(orderbook_clear(b, 0), 2);
	put(b, 0, "VIE", "A VIE - GAL");
	dump(b, got, sizeof(got));
	ck_assert_str_eq(got, "1 LON F LON H\n0 VIE A VIE - GAL\n");
	orderbook_free(b);
}
END_TEST

START_TEST(full_book_refuses_a_new_order_and_changes_nothing)
{
	struct orderbook	*b = orderbook_new();
	struct game_order	 o;
	char			 slot[16], *before, *after;
	int			 i;

	for (i = 0; i < ORDERBOOK_MAX; i++) {
		ck_assert_int_eq(orderbook_room(b), ORDERBOOK_MAX - i);
		snprintf(slot, sizeof(slot), "s%d", i);
		put(b, i % 3, slot, slot);
	}
	ck_assert_int_eq(orderbook_room(b), 0);
	before = malloc(32768);
	after = malloc(32768);
	dump(b, before, 32768);
	order(&o, 0, "new", "new");
	ck_assert_int_eq(orderbook_put(b, &o), -1);
	order(&o, 1, "s0", "seat 1 has no s0");
	ck_assert_int_eq(orderbook_put(b, &o), -1);
	dump(b, after, 32768);
	ck_assert_str_eq(after, before);
	ck_assert_int_eq(orderbook_count(b, -1), ORDERBOOK_MAX);
	/* A replacement needs no room. */
	order(&o, 0, "s0", "again");
	ck_assert_int_eq(orderbook_put(b, &o), 0);
	ck_assert_str_eq(orderbook_at(b, 0)->text, "again");
	ck_assert_int_eq(orderbook_room(b), 0);
	/* Clearing makes room again. */
	ck_assert_int_eq(orderbook_clear(b, 2), ORDERBOOK_MAX / 3);
	ck_assert_int_eq(orderbook_room(b), ORDERBOOK_MAX / 3);
	order(&o, 0, "new", "new");
	ck_assert_int_eq(orderbook_put(b, &o), 0);
	free(before);
	free(after);
	orderbook_free(b);
}
END_TEST

START_TEST(count_is_per_seat_and_a_negative_seat_counts_all)
{
	struct orderbook	*b = orderbook_new();

	ck_assert_int_eq(orderbook_count(b, -1), 0);
	ck_assert_int_eq(orderbook_count(b, 0), 0);
	put(b, 0, "a", "x");
	put(b, 3, "a", "x");
	put(b, 3, "b", "x");
	put(b, 3, "a", "y");
	ck_assert_int_eq(orderbook_count(b, 0), 1);
	ck_assert_int_eq(orderbook_count(b, 1), 0);
	ck_assert_int_eq(orderbook_count(b, 3), 2);
	ck_assert_int_eq(orderbook_count(b, -1), 3);
	ck_assert_int_eq(orderbook_count(b, GAME_SEAT_GM), 3);
	ck_assert_int_eq(orderbook_room(b), ORDERBOOK_MAX - 3);
	orderbook_free(b);
}
END_TEST

START_TEST(at_reset_and_free_keep_to_the_book)
{
	struct orderbook	*b = orderbook_new();

	put(b, 0, "a", "x");
	ck_assert_ptr_nonnull(orderbook_at(b, 0));
	ck_assert_ptr_null(orderbook_at(b, 1));
	ck_assert_ptr_null(orderbook_at(b, -1));
	orderbook_reset(b);
	ck_assert_ptr_null(orderbook_at(b, 0));
	ck_assert_int_eq(orderbook_count(b, -1), 0);
	ck_assert_int_eq(orderbook_room(b), ORDERBOOK_MAX);
	orderbook_free(b);
	orderbook_free(NULL);
}
END_TEST

/* A new game of ops from seed 1, started with seat 0 first. */
static struct game_state *
game(const struct game_ops *ops)
{
	struct game_state	*st = NULL;
	struct game_diag	 why;

	memset(&why, 0, sizeof(why));
	ck_assert_int_eq(ops->create("", 1, &st, &why), 0);
	ck_assert_int_eq(ops->start(st, 0, &why), 0);
	return st;
}

/* One order line of seat, parsed by the game and kept, as the judge does. */
static void
give(struct orderbook *b, const struct game_ops *ops,
    const struct game_state *st, int seat, const char *line)
{
	struct game_order	 go[8];
	struct game_diag	 why;
	char			 ctx[GAME_CTX_MAX] = "";
	int			 n, i;

	memset(&why, 0, sizeof(why));
	n = ops->parse(st, seat, line, ctx, go, 8, &why);
	ck_assert_msg(n >= 1, "%s: %s refused (%s)", ops->name, line,
	    why.msg.key);
	for (i = 0; i < n; i++) {
		go[i].seat = seat;
		ck_assert_int_eq(orderbook_put(b, &go[i]), 0);
	}
}

static void
phase(const struct game_ops *ops, const struct game_state *st, char *out,
    size_t outlen)
{
	struct game_view	*v = malloc(sizeof(*v));

	ops->view(st, GAME_SEAT_GM, v);
	snprintf(out, outlen, "%s", v->phase);
	free(v);
}

START_TEST(ready_adjudicate_and_owed_over_a_diplomacy_phase)
{
	const struct game_ops	*ops = game_find("standard");
	struct game_state	*st;
	struct orderbook	*b = orderbook_new();
	struct game_msg		*m = calloc(GAME_VIEW_MSGS, sizeof(*m));
	struct game_diag	 why;
	char			 line[GAME_ARG_MAX + 8], now[24];
	int			 seat, i, n, said;

	ck_assert_ptr_nonnull(ops->pending);
	st = game(ops);
	/* Austria owes its three units; one held, two still owed. */
	ck_assert_int_eq(orderbook_owed(b, ops, st, 0, m, GAME_VIEW_MSGS,
	    &said), 3);
	ck_assert_int_eq(said, 3);
	ck_assert_str_eq(m[0].key, "dip.pend.unit");
	give(b, ops, st, 0, "A VIE H");
	ck_assert_int_eq(orderbook_owed(b, ops, st, 0, m, GAME_VIEW_MSGS,
	    &said), 2);
	/* No more than max are said. */
	ck_assert_int_eq(orderbook_owed(b, ops, st, 0, m, 1, &said), 1);
	ck_assert_int_eq(said, 1);
	ck_assert(!orderbook_ready(b, ops, st));
	/* Every power holds every unit it owes. */
	for (seat = 0; seat < ops->nseats; seat++) {
		n = orderbook_owed(b, ops, st, seat, m, GAME_VIEW_MSGS, &said);
		ck_assert_int_eq(n, said);
		for (i = 0; i < said; i++) {
			ck_assert_str_eq(m[i].key, "dip.pend.unit");
			snprintf(line, sizeof(line), "%s H", m[i].args[0]);
			give(b, ops, st, seat, line);
		}
		ck_assert_int_eq(orderbook_owed(b, ops, st, seat, m,
		    GAME_VIEW_MSGS, &said), 0);
		ck_assert_int_eq(said, 0);
		ck_assert(seat == ops->nseats - 1 ||
		    !orderbook_ready(b, ops, st));
	}
	ck_assert_int_eq(orderbook_count(b, -1), 22);
	ck_assert(orderbook_ready(b, ops, st));
	memset(&why, 0, sizeof(why));
	ck_assert_int_eq(orderbook_adjudicate(b, ops, st, &why), 0);
	orderbook_reset(b);
	phase(ops, st, now, sizeof(now));
	ck_assert_str_eq(now, "F1901M");
	ck_assert_int_eq(orderbook_owed(b, ops, st, 0, m, GAME_VIEW_MSGS,
	    &said), 3);
	ops->free(st);
	free(m);
	orderbook_free(b);
}
END_TEST

/* A pending() that says one message per order it was given, its text,
 * and owes as many as it was given. */
static int
fake_pending(const struct game_state *st, int seat,
    const struct game_order *orders, int norders, struct game_msg *out,
    int max)
{
	int	 i;

	(void)st;
	(void)seat;
	for (i = 0; i < norders && i < max; i++)
		game_msg_set(&out[i], orders[i].text, 0);
	return norders;
}

START_TEST(owed_gives_pending_the_seats_own_orders_in_book_order)
{
	struct game_ops		 ops = { .name = "fake",
				    .pending = fake_pending };
	struct orderbook	*b = orderbook_new();
	struct game_msg		 m[4];
	int			 said = -1;

	put(b, 1, "a", "1a");
	put(b, 0, "b", "0b");
	put(b, 1, "c", "1c");
	put(b, 0, "a", "0a");
	put(b, 1, "b", "1b");
	put(b, 1, "a", "1a again");
	ck_assert_int_eq(orderbook_owed(b, &ops, NULL, 1, m, 4, &said), 3);
	ck_assert_int_eq(said, 3);
	ck_assert_str_eq(m[0].key, "1a again");
	ck_assert_str_eq(m[1].key, "1c");
	ck_assert_str_eq(m[2].key, "1b");
	ck_assert_int_eq(orderbook_owed(b, &ops, NULL, 0, m, 4, &said), 2);
	ck_assert_str_eq(m[0].key, "0b");
	ck_assert_str_eq(m[1].key, "0a");
	/* More owed than max: said stops at max. */
	ck_assert_int_eq(orderbook_owed(b, &ops, NULL, 1, m, 2, &said), 3);
	ck_assert_int_eq(said, 2);
	ck_assert_int_eq(orderbook_owed(b, &ops, NULL, 1, m, 0, &said), 3);
	ck_assert_int_eq(said, 0);
	ck_assert_int_eq(orderbook_owed(b, &ops, NULL, 5, m, 4, &said), 0);
	ck_assert_int_eq(said, 0);
	orderbook_free(b);
}
END_TEST

START_TEST(owed_without_pending_is_one_while_the_seat_is_due_and_silent)
{
	const struct game_ops	*ops = game_find("weekeewachee");
	struct game_state	*st;
	struct orderbook	*b = orderbook_new();
	struct game_msg		 m[2];
	struct game_diag	 why;
	int			 said;

	ck_assert_ptr_null(ops->pending);
	st = game(ops);
	/* The setup: both sides are due. */
	memset(m, 0, sizeof(m));
	ck_assert_int_eq(orderbook_owed(b, ops, st, 0, m, 2, &said), 1);
	ck_assert_int_eq(said, 0);
	ck_assert_str_eq(m[0].key, "");
	ck_assert_int_eq(orderbook_owed(b, ops, st, 1, m, 2, &said), 1);
	give(b, ops, st, 0, "SETUP RPSW");
	ck_assert_int_eq(orderbook_owed(b, ops, st, 0, m, 2, &said), 0);
	ck_assert_int_eq(orderbook_owed(b, ops, st, 1, m, 2, &said), 1);
	ck_assert(!orderbook_ready(b, ops, st));
	give(b, ops, st, 1, "SETUP WSPR");
	ck_assert(orderbook_ready(b, ops, st));
	memset(&why, 0, sizeof(why));
	ck_assert_int_eq(orderbook_adjudicate(b, ops, st, &why), 0);
	orderbook_reset(b);
	/* Seat 0 moves first: only it is due. */
	ck_assert_int_eq(orderbook_owed(b, ops, st, 0, m, 2, &said), 1);
	ck_assert_int_eq(orderbook_owed(b, ops, st, 1, m, 2, &said), 0);
	ck_assert_int_eq(orderbook_owed(b, ops, st, GAME_SEAT_GM, m, 2,
	    &said), 0);
	ck_assert_int_eq(orderbook_owed(b, ops, st, GAME_MAX_SEATS, m, 2,
	    &said), 0);
	ops->free(st);
	orderbook_free(b);
}
END_TEST

/* Every game without pending(), at its start: each seat owes exactly
 * when its view says it is due, and nothing once it has an order. */
START_TEST(owed_without_pending_follows_the_view_in_every_such_game)
{
	const struct game_ops	*ops;
	struct game_state	*st;
	struct game_view	*v = malloc(sizeof(*v));
	struct orderbook	*b = orderbook_new();
	struct game_msg		 m[1];
	int			 i, seat, said, games = 0;

	for (i = 0; (ops = game_at(i)) != NULL; i++) {
		if (ops->pending != NULL)
			continue;
		games++;
		st = game(ops);
		ops->view(st, GAME_SEAT_GM, v);
		for (seat = 0; seat < ops->nseats; seat++) {
			orderbook_reset(b);
			ck_assert_int_eq(orderbook_owed(b, ops, st, seat, m, 1,
			    &said), v->due[seat] ? 1 : 0);
			ck_assert_int_eq(said, 0);
			put(b, seat, "any", "anything");
			ck_assert_int_eq(orderbook_owed(b, ops, st, seat, m, 1,
			    &said), 0);
		}
		ops->free(st);
	}
	/* weekeewachee and KlinZha when this was written. */
	ck_assert_int_ge(games, 1);
	orderbook_free(b);
	free(v);
}
END_TEST

/*
 * The model: a table of every seat and slot the test uses, each alive or
 * not, with the step it was born at (its first put since its seat was
 * last cleared) and its last text. The book must hold the alive cells in
 * the order of their birth.
 */
#define MODEL_SEATS	GAME_MAX_SEATS
#define MODEL_SLOTS	40	/* 320 cells: more than the book holds */

struct model_cell {
	int	 seat, slot;
	bool	 alive;
	int	 born;
	char	 text[32];
};

struct model {
	struct model_cell	 c[MODEL_SEATS][MODEL_SLOTS];
	int			 alive;
};

static uint64_t
rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static int
model_born_cmp(const void *a, const void *b)
{
	const struct model_cell *const *x = a, *const *y = b;

	return ((*x)->born > (*y)->born) - ((*x)->born < (*y)->born);
}

/* The first difference between the book and the model, said into why;
 * false when there is none. Check's assertions go through a pipe, so the
 * 60,000 steps compare quietly and fail once. */
static bool
model_differs(const struct model *md, const struct orderbook *b, char *why,
    size_t whylen)
{
	const struct model_cell	*cell[MODEL_SEATS * MODEL_SLOTS];
	const struct game_order	*o;
	char			 slot[8];
	int			 seat, k, n = 0, i, per[MODEL_SEATS] = { 0 };

	for (seat = 0; seat < MODEL_SEATS; seat++)
		for (k = 0; k < MODEL_SLOTS; k++)
			if (md->c[seat][k].alive) {
				cell[n++] = &md->c[seat][k];
				per[seat]++;
			}
	qsort(cell, (size_t)n, sizeof(cell[0]), model_born_cmp);
	if (orderbook_count(b, -1) != n || orderbook_room(b) !=
	    ORDERBOOK_MAX - n || orderbook_at(b, n) != NULL) {
		snprintf(why, whylen, "%d orders, room %d; the model's %d",
		    orderbook_count(b, -1), orderbook_room(b), n);
		return true;
	}
	for (seat = 0; seat < MODEL_SEATS; seat++)
		if (orderbook_count(b, seat) != per[seat]) {
			snprintf(why, whylen, "seat %d has %d, the model %d",
			    seat, orderbook_count(b, seat), per[seat]);
			return true;
		}
	for (i = 0; i < n; i++) {
		o = orderbook_at(b, i);
		snprintf(slot, sizeof(slot), "s%d", cell[i]->slot);
		if (o->seat != cell[i]->seat || strcmp(o->slot, slot) != 0 ||
		    strcmp(o->text, cell[i]->text) != 0 ||
		    strcmp(o->echo.args[0], cell[i]->text) != 0) {
			snprintf(why, whylen, "order %d is %d %.32s %.32s, the "
			    "model's %d %s %s", i, o->seat, o->slot, o->text,
			    cell[i]->seat, slot, cell[i]->text);
			return true;
		}
	}
	return false;
}

/* Puts seat's order for slot in book and model; false (and why) when the
 * book's answer is not the model's. */
static bool
model_put(struct model *md, struct orderbook *b, int seat, int slot,
    int step, char *why, size_t whylen)
{
	struct model_cell	*c = &md->c[seat][slot];
	struct game_order	 o;
	char			 name[8], text[32];
	int			 want, got;

	snprintf(name, sizeof(name), "s%d", slot);
	snprintf(text, sizeof(text), "order of step %d", step);
	order(&o, seat, name, text);
	want = !c->alive && md->alive == ORDERBOOK_MAX ? -1 : 0;
	if ((got = orderbook_put(b, &o)) != want) {
		snprintf(why, whylen, "put %d %s gave %d, the model %d", seat,
		    name, got, want);
		return false;
	}
	if (want == -1)
		return true;
	if (!c->alive) {
		c->seat = seat;
		c->slot = slot;
		c->alive = true;
		c->born = step;
		md->alive++;
	}
	snprintf(c->text, sizeof(c->text), "%s", text);
	return true;
}

static bool
model_clear(struct model *md, struct orderbook *b, int seat, char *why,
    size_t whylen)
{
	int	 k, gone = 0, got;

	for (k = 0; k < MODEL_SLOTS; k++)
		if (md->c[seat][k].alive) {
			md->c[seat][k].alive = false;
			gone++;
		}
	md->alive -= gone;
	if ((got = orderbook_clear(b, seat)) != gone) {
		snprintf(why, whylen, "clear %d took %d, the model %d", seat,
		    got, gone);
		return false;
	}
	return true;
}

START_TEST(random_puts_and_clears_give_the_models_book)
{
	static const int	 clear_per_mille[] = { 0, 5, 20, 80 };
	struct model		*md = calloc(1, sizeof(*md));
	struct orderbook	*b = orderbook_new();
	uint64_t		 seed = 0x9e3779b97f4a7c15ULL * (uint64_t)(_i + 1);
	uint64_t		 s = seed;
	char			 why[256] = "";
	bool			 ok = true;
	int			 step, r, seat, full = 0;

	for (step = 0; step < 1500 && ok; step++) {
		r = (int)(rnd(&s) % 1000);
		seat = (int)(rnd(&s) % MODEL_SEATS);
		if (r < clear_per_mille[_i % 4])
			ok = model_clear(md, b, seat, why, sizeof(why));
		else if (r == 999) {
			orderbook_reset(b);
			memset(md, 0, sizeof(*md));
		} else {
			full += md->alive == ORDERBOOK_MAX;
			ok = model_put(md, b, seat, (int)(rnd(&s) % MODEL_SLOTS),
			    step, why, sizeof(why));
		}
		ok = ok && !model_differs(md, b, why, sizeof(why));
	}
	ck_assert_msg(ok, "seed %llu step %d: %s", (unsigned long long)seed,
	    step - 1, why);
	/* Without clears the book fills up and must refuse. */
	ck_assert(_i % 4 != 0 || full > 0);
	orderbook_free(b);
	free(md);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/game/orderbook");
	TCase	*tc;

	tc = tcase_create("book");
	tcase_add_test(tc, put_replaces_the_same_seat_and_slot_in_its_place);
	tcase_add_test(tc,
	    clear_takes_the_seats_orders_and_keeps_the_others_order);
	tcase_add_test(tc, full_book_refuses_a_new_order_and_changes_nothing);
	tcase_add_test(tc, count_is_per_seat_and_a_negative_seat_counts_all);
	tcase_add_test(tc, at_reset_and_free_keep_to_the_book);
	suite_add_tcase(s, tc);

	tc = tcase_create("games");
	tcase_add_test(tc, ready_adjudicate_and_owed_over_a_diplomacy_phase);
	tcase_add_test(tc, owed_gives_pending_the_seats_own_orders_in_book_order);
	tcase_add_test(tc,
	    owed_without_pending_is_one_while_the_seat_is_due_and_silent);
	tcase_add_test(tc,
	    owed_without_pending_follows_the_view_in_every_such_game);
	suite_add_tcase(s, tc);

	tc = tcase_create("property");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, random_puts_and_clears_give_the_models_book, 0,
	    40);
	suite_add_tcase(s, tc);
	return s;
}
