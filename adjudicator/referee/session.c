/*
 * session.c - the referee console's state of one run and what every
 * command uses: the error line, reading a word, the position in hand, what
 * every side is told after a phase, and who speaks. The commands are in
 * show.c and orders.c, the command table in referee.c; this file calls
 * none of them.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "adjudicator/referee/referee_priv.h"

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

void
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
	struct game_stat	 now;
	char			 side[REFEREE_SIDE_MAX];
	int			 i, n = 0;

	if (r->speaker != REFEREE_AUTO) {
		*seat = r->speaker;
		return 0;
	}
	r->o->ops->stat(r->st, &now);
	for (i = 0; i < r->o->ops->nseats && i < GAME_MAX_SEATS; i++)
		if (now.due[i]) {
			*seat = i;
			n++;
		}
	if (n == 1)
		return 0;
	if (n == 0) {
		referee_error(r, "%s; say \"as SIDE\" first",
		    now.status == GAME_STATUS_OVER ? "the game is over, no side "
		    "is due" : "no side is due");
		return -1;
	}
	fputs("error several sides are due:", r->o->f);
	for (i = 0; i < r->o->ops->nseats && i < GAME_MAX_SEATS; i++)
		if (now.due[i]) {
			referee_print_side(r->o, i, side);
			fprintf(r->o->f, " %s", side);
		}
	fputs("; say \"as SIDE\" first\n", r->o->f);
	return -1;
}

