/*
 * show.c - the referee console's commands about the position: sides, new
 * (create and start, as CREATE and the last JOIN do), position (a saved
 * state given back, judged by the game as after a move), state, as (who
 * speaks), view, board, result and perft. The orders are orders.c's;
 * nothing here touches a database or mail.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/referee/referee_priv.h"
#include "common/util.h"

int
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
int
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

/*
 * What result and position answer: "ok forming|running|drawn|over" or
 * "ok won SIDE", and once the game is over the line "why KEY TEXT" where
 * the game tells why (game.h, game_stat.end).
 */
static void
referee_result(struct referee *r)
{
	struct game_stat	 now;
	struct game_msg		 why;
	char			 side[REFEREE_SIDE_MAX];

	r->o->ops->stat(r->st, &now);
	if (now.status == GAME_STATUS_FORMING)
		fputs("ok forming\n", r->o->f);
	else if (now.status == GAME_STATUS_RUNNING)
		fputs("ok running\n", r->o->f);
	else if (now.winner == GAME_DRAWN)
		fputs("ok drawn\n", r->o->f);
	else if (now.winner >= 0 && now.winner < r->o->ops->nseats) {
		referee_print_side(r->o, now.winner, side);
		fprintf(r->o->f, "ok won %s\n", side);
	} else
		fputs("ok over\n", r->o->f);
	if (now.status == GAME_STATUS_OVER && now.end[0] != '\0') {
		game_msg_set(&why, now.end, 0);
		referee_print_msg(r->o, "why", &why);
	}
}

/* "position", then the saved text up to a line "." (".." is "."). */
int
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
		/* Judged as the game judges a position after a move: a
		 * mate loaded as "in play" is over (game.h, settle). */
		if (r->o->ops->settle != NULL)
			r->o->ops->settle(st);
		referee_set(r, st);
		referee_result(r);
	}
	buf_free(&text);
	return ended ? 0 : REFEREE_QUIT;
}

int
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

int
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

int
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

int
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

int
referee_cmd_result(struct referee *r, char *rest)
{
	(void)rest;
	referee_result(r);
	return 0;
}

int
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

