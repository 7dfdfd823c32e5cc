/*
 * fuzz_order.c - libFuzzer target: every game's order parser (game_ops
 * parse), and the phases the orders it accepts play, driven as the judge
 * drives a game: a line at a time with the mail's context, orders kept by
 * seat and slot in the order book, the phase played at the end of a mail
 * when they are ready, the state kept as saved text in between.
 *
 * The input, line by line:
 *   GAME [OPTION...]  the first line: a game as CREATE names it and CREATE's
 *                     option words; the game is created with seed 1 and
 *                     started with its first mover drawn
 *   !handicap A B     optional: the handicap points of seats 0 and 1, given
 *                     before the start as the judge gives the ledger's
 *   STATE...          optional: the lines up to the first "@" line are a
 *                     saved state that replaces the new game
 *   @SEAT             a mail from SEAT (a number, modulo the seats, or gm);
 *                     the lines after it are its order lines, except
 *   !resign !resume   the seat resigns (RESIGN), or takes its seat back (an
 *                     approved TAKEOVER)
 *   !process          the phase is played now with the orders so far (a
 *                     deadline passing, the GM's PROCESS)
 * Every position reached is checked (fuzz_game.h); so is each order
 * accepted (it reads back), that parse() leaves the state as it was, and
 * that the game master's lines are refused. With PBEMD_FUZZ_SHOW set in
 * the environment it prints what each line did (to see what a seed does);
 * otherwise no I/O.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/game/game.h"
#include "adjudicator/game/orderbook.h"
#include "common/util.h"
#include "tests/fuzz/fuzz_game.h"

#define FUZZ_ORDER_PHASES	32	/* phases played at most per input */

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

struct fuzz_order {
	const struct game_ops	*ops;
	struct game_state	*st;	/* loaded from text */
	char			*text;	/* the state as the judge stores it */
	struct orderbook	*book;
	struct game_order	*out;	/* ORDERBOOK_MAX, parse's output */
	char			 ctx[GAME_CTX_MAX];
	int			 seat;	/* of the mail, or GAME_SEAT_GM */
	bool			 due;	/* the mail gave orders: try the phase */
	int			 phases;
	bool			 show;	/* PBEMD_FUZZ_SHOW: tell what happens */
};

/* The state changed: st is saved as the new text, which is checked. */
static void
fuzz_order_store(struct fuzz_order *f)
{
	free(f->text);
	f->text = fuzz_game_save(f->ops, f->st);
	fuzz_game_position(f->ops, f->st, f->text, f->book);
}

/* Plays the phase on a fresh load of the text, as judge/play.c does; a
 * refusal leaves the stored state as it was. */
static void
fuzz_order_play(struct fuzz_order *f, bool always)
{
	struct game_state	*st;
	struct game_diag	 why;

	if (f->phases >= FUZZ_ORDER_PHASES ||
	    (!always && !orderbook_ready(f->book, f->ops, f->st)))
		return;
	f->phases++;
	memset(&why, 0, sizeof(why));
	if (f->ops->load(f->text, &st, &why) != 0)
		fuzz_game_fail(f->ops, "the stored state does not load",
		    f->text);
	if (orderbook_adjudicate(f->book, f->ops, st, &why) != 0) {
		if (f->show)
			fprintf(stderr, "not played: %s\n", why.msg.key);
		fuzz_game_msg(f->ops, &why.msg);
		f->ops->free(st);
		return;
	}
	f->ops->free(f->st);
	f->st = st;
	orderbook_reset(f->book);
	fuzz_order_store(f);
	if (f->show)
		fprintf(stderr, "played:\n%s", f->text);
}

/* RESIGN and an approved TAKEOVER, while the game runs. */
static void
fuzz_order_seat(struct fuzz_order *f, bool resign)
{
	struct game_stat	 s;
	int			 rc;

	f->ops->stat(f->st, &s);
	if (s.status != GAME_STATUS_RUNNING || f->seat < 0)
		return;
	if (resign)
		rc = f->ops->resign(f->st, f->seat);
	else
		rc = f->ops->resume != NULL ? f->ops->resume(f->st, f->seat) :
		    -1;
	if (f->show)
		fprintf(stderr, "seat %d: %s -> %d\n", f->seat,
		    resign ? "resign" : "resume", rc);
	if (rc == 0)
		fuzz_order_store(f);
}

/* One order line of the mail. */
static void
fuzz_order_line(struct fuzz_order *f, const char *line)
{
	struct game_diag	 why;
	char			*after;
	int			 n, i;

	memset(&why, 0, sizeof(why));
	memset(f->out, 0, ORDERBOOK_MAX * sizeof(*f->out));
	n = f->ops->parse(f->st, f->seat, line, f->ctx, f->out, ORDERBOOK_MAX,
	    &why);
	if (n < -1 || n > ORDERBOOK_MAX)
		fuzz_game_fail(f->ops, "parse() returned out of its bounds",
		    NULL);
	if (memchr(f->ctx, '\0', sizeof(f->ctx)) == NULL)
		fuzz_game_fail(f->ops, "a context without its NUL", NULL);
	if (n >= 0 && f->seat == GAME_SEAT_GM)
		fuzz_game_fail(f->ops, "the game master's line was read as "
		    "orders", NULL);
	fuzz_game_msg(f->ops, &why.msg);
	after = fuzz_game_save(f->ops, f->st);
	if (strcmp(after, f->text) != 0)
		fuzz_game_fail(f->ops, "parse() changed the state", f->text);
	free(after);
	for (i = 0; i < n; i++) {
		fuzz_game_reads_back(f->ops, f->st, f->seat, &f->out[i]);
		f->out[i].seat = f->seat;	/* as the judge stores it */
		(void)orderbook_put(f->book, &f->out[i]);
	}
	if (n >= 0)
		f->due = true;
	if (f->show)
		fprintf(stderr, "seat %d: %s -> %d %s\n", f->seat, line, n,
		    n > 0 ? f->out[0].text : why.msg.key);
}

/* The end of a mail: judge_orders_flush(). */
static void
fuzz_order_flush(struct fuzz_order *f)
{
	if (f->due)
		fuzz_order_play(f, false);
	f->due = false;
}

/* A "@SEAT" line: the mail before it ends, the next begins. */
static void
fuzz_order_mail(struct fuzz_order *f, const char *line)
{
	fuzz_order_flush(f);
	f->ctx[0] = '\0';
	if (strcmp(line + 1, "gm") == 0)
		f->seat = GAME_SEAT_GM;
	else
		f->seat = (int)(strtoul(line + 1, NULL, 10) %
		    (unsigned long)f->ops->nseats);
}

/*
 * The first line: the game, new with its options; with pts, the handicap
 * points the judge's ledger gives seats 0 and 1 before the start, and the
 * seat with more moves first (judge/phase.c).
 */
static int
fuzz_order_new(struct fuzz_order *f, char *line, const int *pts)
{
	struct game_diag	 why;
	char			*opts;
	int			 first = GAME_NOBODY;

	opts = line + strcspn(line, " ");
	if (*opts != '\0')
		*opts++ = '\0';
	if ((f->ops = game_find(line)) == NULL)
		return -1;
	memset(&why, 0, sizeof(why));
	if (f->ops->create(opts, 1, &f->st, &why) != 0) {
		fuzz_game_msg(f->ops, &why.msg);
		return -1;
	}
	if (pts != NULL && f->ops->handicap != NULL) {
		if (f->ops->handicap(f->st, pts, 2, &why) != 0) {
			fuzz_game_msg(f->ops, &why.msg);
			return -1;
		}
		if (pts[0] != pts[1])
			first = pts[0] > pts[1] ? 0 : 1;
	}
	if (f->ops->start(f->st, first, &why) != 0) {
		fuzz_game_msg(f->ops, &why.msg);
		return -1;
	}
	return 0;
}

/* STATE lines, if any, replace the new game. */
static int
fuzz_order_load(struct fuzz_order *f, const char *state)
{
	struct game_state	*st;
	struct game_diag	 why;

	if (state[strspn(state, " \t\n")] == '\0')
		return 0;
	memset(&why, 0, sizeof(why));
	if (f->ops->load(state, &st, &why) != 0)
		return -1;
	f->ops->free(f->st);
	f->st = st;
	return 0;
}

static void
fuzz_order_run(struct fuzz_order *f, char *in)
{
	char	*line, *next, *mails, *state;
	int	 rc, pts[2];
	bool	 handicap;

	next = in + strcspn(in, "\n");
	if (*next != '\0')
		*next++ = '\0';
	handicap = sscanf(next, "!handicap %d %d", &pts[0], &pts[1]) == 2;
	if (handicap)
		next += strcspn(next, "\n") + (next[strcspn(next, "\n")] != '\0');
	if (fuzz_order_new(f, in, handicap ? pts : NULL) != 0)
		return;
	/* The state lines end where a line begins with '@'; the last keeps
	 * its LF, as a stored state does. */
	if (next[0] == '@')
		mails = next;
	else if ((mails = strstr(next, "\n@")) != NULL)
		mails++;
	state = xstrndup(next, mails == NULL ? strlen(next) :
	    (size_t)(mails - next));
	rc = fuzz_order_load(f, state);
	free(state);
	if (rc != 0)
		return;
	f->book = orderbook_new();
	fuzz_order_store(f);
	for (line = mails; line != NULL; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (line[0] == '@')
			fuzz_order_mail(f, line);
		else if (strcmp(line, "!resign") == 0)
			fuzz_order_seat(f, true);
		else if (strcmp(line, "!resume") == 0)
			fuzz_order_seat(f, false);
		else if (strcmp(line, "!process") == 0)
			fuzz_order_play(f, true);
		else if (line[0] != '\0')	/* the judge skips blank lines */
			fuzz_order_line(f, line);
	}
	fuzz_order_flush(f);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_order	 f;
	char			*in;

	/* A line is a C string to the games: a NUL ends the input. */
	in = xmalloc(size + 1);
	memcpy(in, data, size);
	in[size] = '\0';
	memset(&f, 0, sizeof(f));
	f.show = getenv("PBEMD_FUZZ_SHOW") != NULL;
	f.out = xcalloc(ORDERBOOK_MAX, sizeof(*f.out));
	fuzz_order_run(&f, in);
	if (f.st != NULL)
		f.ops->free(f.st);
	orderbook_free(f.book);
	free(f.out);
	free(f.text);
	free(in);
	return 0;
}
