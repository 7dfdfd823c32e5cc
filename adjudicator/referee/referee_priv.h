/*
 * referee_priv.h - what the referee console's files share: the session of
 * one console run and the commands the table in referee.c calls. Not for
 * use outside adjudicator/referee/.
 */
#ifndef PBEMD_REFEREE_PRIV_H
#define PBEMD_REFEREE_PRIV_H

#include "adjudicator/game/orderbook.h"
#include "adjudicator/referee/referee.h"

#define REFEREE_LINE_MAX	4096
#define REFEREE_LINE_ORDERS	(GAME_MAX_SEATS * 8)	/* orders of one line */
#define REFEREE_AUTO		(-3)	/* the speaker is the side due */
#define REFEREE_QUIT		1	/* a command's "stop reading" */

struct referee {
	const struct referee_out *o;
	FILE			*in;
	struct game_state	*st;		/* NULL: no position yet */
	int			 speaker;	/* a seat, gm or REFEREE_AUTO */
	char			 ctx[GAME_CTX_MAX];	/* of the "mail" */
	struct orderbook	*book;		/* the orders of the phase */
	struct game_view	 view;		/* scratch */
};

/* session.c: what every command uses */
void	referee_error(struct referee *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
char	*referee_word(char **);
/* The position in hand becomes st (owned; NULL: none); orders start anew. */
void	referee_set(struct referee *, struct game_state *st);
void	referee_told(struct referee *);
int	referee_speaker(struct referee *, int *seat);

/* show.c: each answers one command about the position */
int	referee_cmd_sides(struct referee *, char *rest);
int	referee_cmd_new(struct referee *, char *rest);
int	referee_cmd_position(struct referee *, char *rest);
int	referee_cmd_state(struct referee *, char *rest);
int	referee_cmd_as(struct referee *, char *rest);
int	referee_cmd_view(struct referee *, char *rest);
int	referee_cmd_board(struct referee *, char *rest);
int	referee_cmd_result(struct referee *, char *rest);
int	referee_cmd_perft(struct referee *, char *rest);

/* orders.c: each answers one command; REFEREE_QUIT stops */
int	referee_cmd_legal(struct referee *, char *rest);
int	referee_cmd_count(struct referee *, char *rest);
int	referee_cmd_play(struct referee *, char *rest);
int	referee_cmd_order(struct referee *, char *rest);
int	referee_cmd_submit(struct referee *, char *rest);
int	referee_cmd_orders(struct referee *, char *rest);
int	referee_cmd_clear(struct referee *, char *rest);
int	referee_cmd_pending(struct referee *, char *rest);
int	referee_cmd_resign(struct referee *, char *rest);

#endif
