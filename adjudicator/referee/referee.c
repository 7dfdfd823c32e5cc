/*
 * referee.c - `pbemd referee GAME`: the referee's console.
 *
 * Reads commands on standard input, one per line, and answers each on
 * standard output: a first line "ok ...", "refused KEY TEXT" or
 * "error TEXT", the answer's lines, and a line "." (docs/referee.md). This
 * file reads the commands and holds the position: loading it (new,
 * position), showing it (state, view, board, result, perft) and who speaks
 * (as); the orders are referee_orders.c's. The console holds one position
 * in memory and touches no database or mail.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/referee/referee_priv.h"
#include "common/util.h"

void
referee_error(struct referee *r, const char *fmt, ...)
{
	va_list	 ap;

	fputs("error ", r->o->f);
	va_start(ap, fmt);
	vfprintf(r->o->f, fmt, ap);
	va_end(ap);
	fputc('\n', r->o->f);
}

/* The next word of *p, NUL-terminated in place; NULL when there is none. */
char *
referee_word(char **p)
{
	char	*w;

	*p += strspn(*p, " \t");
	if (**p == '\0')
		return NULL;
	w = *p;
	*p += strcspn(*p, " \t");
	if (**p != '\0')
		*(*p)++ = '\0';
	return w;
}

static void
referee_set(struct referee *r, struct game_state *st)
{
	if (r->st != NULL)
		r->o->ops->free(r->st);
	r->st = st;
	r->speaker = REFEREE_AUTO;
	r->ctx[0] = '\0';
	orderbook_reset(r->book);
}

/* What every side is told after a phase: each message of its view. */
void
referee_told(struct referee *r)
{
	char	 side[REFEREE_SIDE_MAX], prefix[REFEREE_SIDE_MAX + 8];
	int	 seat, i;

	for (seat = 0; seat < r->o->ops->nseats; seat++) {
		r->o->ops->view(r->st, seat, &r->view);
		referee_print_side(r->o, seat, side);
		snprintf(prefix, sizeof(prefix), "told %s", side);
		for (i = 0; i < r->view.nmsgs; i++)
			referee_print_msg(r->o, prefix, &r->view.msgs[i]);
	}
}

/*
 * The seat that speaks: the one set by "as", else the only seat the game
 * awaits. -1 (and the error said) when that is not one seat.
 */
int
referee_speaker(struct referee *r, int *seat)
{
	char	 side[REFEREE_SIDE_MAX];
	int	 i, n = 0;

	if (r->speaker != REFEREE_AUTO) {
		*seat = r->speaker;
		return 0;
	}
	r->o->ops->view(r->st, GAME_SEAT_GM, &r->view);
	for (i = 0; i < r->o->ops->nseats && i < GAME_MAX_SEATS; i++)
		if (r->view.due[i]) {
			*seat = i;
			n++;
		}
	if (n == 1)
		return 0;
	if (n == 0) {
		referee_error(r, "no side is due; say \"as SIDE\" first");
		return -1;
	}
	fputs("error several sides are due:", r->o->f);
	for (i = 0; i < r->o->ops->nseats && i < GAME_MAX_SEATS; i++)
		if (r->view.due[i]) {
			referee_print_side(r->o, i, side);
			fprintf(r->o->f, " %s", side);
		}
	fputs("; say \"as SIDE\" first\n", r->o->f);
	return -1;
}

static int
referee_cmd_help(struct referee *r, char *rest)
{
	(void)rest;
	fputs("ok\n"
	    "new SEED [first SIDE] [OPTION...]\n"
	    "position            (then the saved state text, then \".\")\n"
	    "state\nsides\nas SIDE|gm|auto\nlegal\ncount\n"
	    "play LINE\norder LINE\nsubmit\norders\nclear [SIDE]\n"
	    "pending [SIDE]\nresign [SIDE]\n"
	    "view SIDE|gm\nboard SIDE|gm\nresult\nperft N\nhelp\nquit\n",
	    r->o->f);
	return 0;
}

static int
referee_cmd_sides(struct referee *r, char *rest)
{
	char	 side[REFEREE_SIDE_MAX];
	int	 seat;

	(void)rest;
	fprintf(r->o->f, "ok %d\n", r->o->ops->nseats);
	for (seat = 0; seat < r->o->ops->nseats; seat++) {
		referee_print_side(r->o, seat, side);
		fprintf(r->o->f, "side %d %s\n", seat, side);
	}
	return 0;
}

/* "new SEED [first SIDE] [OPTION...]": create and start, as CREATE and the
 * last JOIN do; the first mover is the judge's for a new pair of players
 * (SEED modulo the number of seats) unless named. */
static int
referee_cmd_new(struct referee *r, char *rest)
{
	struct game_state	*st = NULL;
	struct game_diag	 why;
	unsigned long long	 seed;
	char			*w, *end, *p;
	int			 first;

	if ((w = referee_word(&rest)) == NULL) {
		referee_error(r, "usage: new SEED [first SIDE] [OPTION...]");
		return 0;
	}
	errno = 0;
	seed = strtoull(w, &end, 10);
	if (errno != 0 || *end != '\0' || w[0] == '-') {
		referee_error(r, "the seed must be a decimal number: %s", w);
		return 0;
	}
	first = (int)(seed % (unsigned long long)r->o->ops->nseats);
	rest += strspn(rest, " \t");
	if (strncasecmp(rest, "first", 5) == 0 && (rest[5] == ' ' ||
	    rest[5] == '\t')) {
		rest += 5;
		w = referee_word(&rest);
		if (w == NULL || (first = referee_print_parse_side(r->o, w)) < 0) {
			referee_error(r, "no such side: %s", w ? w : "");
			return 0;
		}
	}
	for (p = rest; *p != '\0'; p++)	/* the judge's CREATE lower-cases */
		*p = (char)tolower((unsigned char)*p);
	memset(&why, 0, sizeof(why));
	if (r->o->ops->create(rest, (uint64_t)seed, &st, &why) != 0 ||
	    r->o->ops->start(st, first, &why) != 0) {
		if (st != NULL)
			r->o->ops->free(st);
		referee_print_msg(r->o, "refused", &why.msg);
		return 0;
	}
	referee_set(r, st);
	fputs("ok\n", r->o->f);
	referee_told(r);
	return 0;
}

/* "position", then the saved text up to a line "." (".." is "."). */
static int
referee_cmd_position(struct referee *r, char *rest)
{
	struct game_state	*st = NULL;
	struct game_diag	 why;
	struct buf		 text;
	char			*line = NULL;
	size_t			 cap = 0;
	ssize_t			 n;
	bool			 ended = false;

	(void)rest;
	buf_init(&text);
	while ((n = getline(&line, &cap, r->in)) > 0) {
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (strcmp(line, ".") == 0) {
			ended = true;
			break;
		}
		buf_puts(&text, line[0] == '.' ? line + 1 : line);
		buf_putc(&text, '\n');
	}
	free(line);
	memset(&why, 0, sizeof(why));
	if (!ended)
		referee_error(r, "the input ended inside the position");
	else if (r->o->ops->load(text.len ? text.data : "", &st, &why) != 0)
		referee_print_msg(r->o, "refused", &why.msg);
	else {
		referee_set(r, st);
		fputs("ok\n", r->o->f);
	}
	buf_free(&text);
	return ended ? 0 : REFEREE_QUIT;
}

static int
referee_cmd_state(struct referee *r, char *rest)
{
	char	*text;
	size_t	 need;

	(void)rest;
	need = r->o->ops->save(r->st, NULL, 0);
	text = xmalloc(need + 1);
	r->o->ops->save(r->st, text, need + 1);
	fputs("ok\n", r->o->f);
	referee_print_text(r->o, text);
	free(text);
	return 0;
}

static int
referee_cmd_as(struct referee *r, char *rest)
{
	char	*w = referee_word(&rest);
	int	 seat;

	if (w != NULL && strcasecmp(w, "auto") == 0)
		r->speaker = REFEREE_AUTO;
	else if (w == NULL ||
	    (seat = referee_print_parse_side(r->o, w)) == REFEREE_NOSIDE) {
		referee_error(r, "no such side: %s", w ? w : "");
		return 0;
	} else
		r->speaker = seat;
	fprintf(r->o->f, "ok %s\n", w);
	return 0;
}

/* view and board: whose view a word names; -1 (and said) for none. */
static int
referee_viewer(struct referee *r, char *rest, int *seat)
{
	char	*w = referee_word(&rest);

	if (w == NULL ||
	    (*seat = referee_print_parse_side(r->o, w)) == REFEREE_NOSIDE) {
		referee_error(r, "no such side: %s", w ? w : "");
		return -1;
	}
	return 0;
}

static int
referee_cmd_view(struct referee *r, char *rest)
{
	int	 seat;

	if (referee_viewer(r, rest, &seat) == -1)
		return 0;
	r->o->ops->view(r->st, seat, &r->view);
	fputs("ok\n", r->o->f);
	referee_print_view(r->o, &r->view);
	return 0;
}

static int
referee_cmd_board(struct referee *r, char *rest)
{
	int	 seat;

	if (referee_viewer(r, rest, &seat) == -1)
		return 0;
	r->o->ops->view(r->st, seat, &r->view);
	fputs("ok\n", r->o->f);
	referee_print_text(r->o, r->view.board);
	return 0;
}

static int
referee_cmd_result(struct referee *r, char *rest)
{
	char	 side[REFEREE_SIDE_MAX];

	(void)rest;
	r->o->ops->view(r->st, GAME_SEAT_GM, &r->view);
	if (r->view.status == GAME_STATUS_FORMING)
		fputs("ok forming\n", r->o->f);
	else if (r->view.status == GAME_STATUS_RUNNING)
		fputs("ok running\n", r->o->f);
	else if (r->view.winner == GAME_DRAWN)
		fputs("ok drawn\n", r->o->f);
	else if (r->view.winner >= 0 && r->view.winner < r->o->ops->nseats) {
		referee_print_side(r->o, r->view.winner, side);
		fprintf(r->o->f, "ok won %s\n", side);
	} else
		fputs("ok over\n", r->o->f);
	return 0;
}

static int
referee_cmd_perft(struct referee *r, char *rest)
{
	char	*w = referee_word(&rest), *end;
	long	 depth;

	if (r->o->ops->perft == NULL) {
		referee_error(r, "%s has no perft", r->o->ops->name);
		return 0;
	}
	depth = w != NULL ? strtol(w, &end, 10) : -1;
	if (w == NULL || *end != '\0' || depth < 0 || depth > 64) {
		referee_error(r, "usage: perft N (0 to 64)");
		return 0;
	}
	fprintf(r->o->f, "ok %llu\n",
	    (unsigned long long)r->o->ops->perft(r->st, (int)depth));
	return 0;
}

static int
referee_cmd_quit(struct referee *r, char *rest)
{
	(void)rest;
	fputs("ok\n", r->o->f);
	return REFEREE_QUIT;
}

struct referee_cmd {
	const char	*word;
	bool		 position;	/* needs a loaded position */
	int		(*run)(struct referee *, char *rest);
};

static const struct referee_cmd referee_cmds[] = {
	{ "help", false, referee_cmd_help },
	{ "sides", false, referee_cmd_sides },
	{ "new", false, referee_cmd_new },
	{ "position", false, referee_cmd_position },
	{ "state", true, referee_cmd_state },
	{ "as", true, referee_cmd_as },
	{ "legal", true, referee_cmd_legal },
	{ "count", true, referee_cmd_count },
	{ "play", true, referee_cmd_play },
	{ "order", true, referee_cmd_order },
	{ "submit", true, referee_cmd_submit },
	{ "orders", true, referee_cmd_orders },
	{ "clear", true, referee_cmd_clear },
	{ "pending", true, referee_cmd_pending },
	{ "resign", true, referee_cmd_resign },
	{ "view", true, referee_cmd_view },
	{ "board", true, referee_cmd_board },
	{ "result", true, referee_cmd_result },
	{ "perft", true, referee_cmd_perft },
	{ "quit", false, referee_cmd_quit },
};

#define REFEREE_NCMDS	(sizeof(referee_cmds) / sizeof(referee_cmds[0]))

/* One command line; REFEREE_QUIT to stop. */
static int
referee_command(struct referee *r, char *line)
{
	char	*rest = line, *w;
	size_t	 i;
	int	 rc = 0;

	w = referee_word(&rest);
	rest += strspn(rest, " \t");
	for (i = 0; i < REFEREE_NCMDS; i++)
		if (strcasecmp(referee_cmds[i].word, w) == 0)
			break;
	if (i == REFEREE_NCMDS)
		referee_error(r, "unknown command %s; try help", w);
	else if (referee_cmds[i].position && r->st == NULL)
		referee_error(r, "no position: say \"new\" or \"position\" "
		    "first");
	else
		rc = referee_cmds[i].run(r, rest);
	referee_print_end(r->o);
	return rc;
}

int
referee_run(const struct referee_out *o, FILE *in, bool echo)
{
	struct referee	*r;
	char		*line = NULL;
	size_t		 cap = 0;
	ssize_t		 n;

	r = xcalloc(1, sizeof(*r));
	r->o = o;
	r->book = orderbook_new();
	r->in = in;
	r->speaker = REFEREE_AUTO;
	while ((n = getline(&line, &cap, in)) > 0) {
		while (n > 0 && isspace((unsigned char)line[n - 1]))
			line[--n] = '\0';
		if (line[strspn(line, " \t")] == '\0' ||
		    line[strspn(line, " \t")] == '#')
			continue;
		if (echo)
			fprintf(o->f, "> %s\n", line);
		if (n >= REFEREE_LINE_MAX) {
			referee_error(r, "line longer than %d bytes",
			    REFEREE_LINE_MAX - 1);
			referee_print_end(o);
			continue;
		}
		if (referee_command(r, line) == REFEREE_QUIT)
			break;
	}
	free(line);
	referee_set(r, NULL);
	orderbook_free(r->book);
	free(r);
	return 0;
}
