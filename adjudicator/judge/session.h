/*
 * session.h - one mail, or one step of the clock, while the judge handles
 * it: who speaks, the reply being written, what the mail's order lines
 * still have to do, the sender's own report and the pictures drawn so far;
 * and the reply helpers every layer above uses.
 *
 * Layer L0 of the judge (docs/architecture.md): it calls nothing of the
 * judge above it. State that one command needs for itself (PRESS text,
 * BECOME) is not here: judge.c keeps it beside the session and hands it to
 * that command alone.
 */
#ifndef PBEMD_JUDGE_SESSION_H
#define PBEMD_JUDGE_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "adjudicator/game/game.h"
#include "adjudicator/judge/env.h"
#include "adjudicator/render/catalog.h"
#include "common/util.h"
#include "db/db.h"

#define JUDGE_MAX_ARGS		20	/* words of one line looked at */
#define JUDGE_DRAWN_MAX		4	/* pictures kept per mail for reuse */
/* "<game>-<ply>.png", "<game>-<phase>-nr.png" */
#define JUDGE_PICTURE_NAME	(DB_NAME_MAX + GAME_PHASE_MAX + 8)
#define JUDGE_PICTURES		2	/* of one report: Zombie's two boards */

/* mail/ refuses longer addresses: a sender's address is stored whole. */
_Static_assert(DB_ADDR_MAX > MESSAGE_ADDR_MAX, "an address fits the store");
/* A game's name is a message argument whole. */
_Static_assert(GAME_ARG_MAX >= DB_NAME_MAX, "a game's name fits an argument");

/* One line of the mail, split into words (in place, in a copy). */
struct judge_line {
	const char	*text;		/* the whole line, trimmed */
	int		 argc;
	char		*argv[JUDGE_MAX_ARGS];
};

/* Who is speaking for which game, after SIGNON, JOIN or CREATE. */
struct judge_seat {
	bool			 on;
	struct db_game		 game;
	const struct game_ops	*ops;
	int			 seat;		/* or GAME_SEAT_GM */
	bool			 by_gm;		/* the GM acting for seat */
};

/*
 * What the sender's order lines of this mail still have to do
 * (judge/orders.c): they are tried as a phase once the mail, or the
 * speaker, ends, so the lines of one mail may come in any order.
 */
struct judge_orderlines {
	char		 ctx[GAME_CTX_MAX];	/* game.h parse(), per speaker */
	bool		 due;		/* orders stored: try the phase */
	bool		 given;		/* orders or CLEAR: confirm them */
	int		 phase;		/* ... in this phase */
	int64_t		 mark_game;	/* the last order line's game */
	int		 mark_seat;	/* ... and seat (the clock's mark) */
	int		 ignored;	/* lines that are no orders (prose) */
};

/* The pictures of one report (PNGs) and their file names. */
struct judge_pictures {
	int		 n;
	struct buf	 png[JUDGE_PICTURES];
	struct buf	 b64[JUDGE_PICTURES];	/* png as the mail carries it
						   (compose_base64()), encoded
						   once for all its readers */
	unsigned char	 b64hash[JUDGE_PICTURES][32];	/* BLAKE2b of b64:
						   the outbox keeps it once */
	char		 name[JUDGE_PICTURES][JUDGE_PICTURE_NAME];
};

/* The sender's own report and pictures, which go into the reply. */
struct judge_own {
	struct buf		 report;
	int64_t			 game;	/* the report is of this game */
	int			 ply;	/* ... and this ply (the last one) */
	struct judge_pictures	 pics;
};

/*
 * Pictures drawn in this mail and what they show: a grid game's cells, or
 * a map game's boards in one language (its title and legend are words).
 * Readers' views are often alike (White's and the GM's; every Diplomacy
 * player's), so each distinct one is drawn once (judge/report.c).
 */
struct judge_drawn {
	struct game_cells	*cells;		/* NULL and map NULL: free */
	struct game_mapview	*map;
	const struct catalog	*cat;		/* the map's language */
	struct judge_pictures	 pics;
};

struct judge_session {
	const struct judge_env	*env;
	const struct message	*msg;		/* NULL: a step of the clock */
	int64_t			 inbox_id;
	const struct catalog	*cat;		/* the sender's language */
	struct buf		 reply;		/* body of the reply */
	int			 nerrors;
	bool			 failed;	/* a store error: roll back */
	struct judge_seat	 who;
	bool			 signon_failed;	/* skip this game's orders */
	struct judge_orderlines	 lines;
	struct judge_own	 own;
	struct judge_drawn	 drawn[JUDGE_DRAWN_MAX];
	int			 ndrawn;	/* entries ever filled */
};

/* Empty pictures; free; a copy of from into to (both initialised). */
void	judge_pictures_init(struct judge_pictures *);
void	judge_pictures_free(struct judge_pictures *);
void	judge_pictures_copy(struct judge_pictures *to,
	    const struct judge_pictures *from);

/* A session for one mail (m), or for one step of the clock (m NULL). */
void	judge_session_begin(struct judge_session *, const struct judge_env *,
	    const struct message *m);
/* Frees what the session and the commands gathered. */
void	judge_session_end(struct judge_session *);
/*
 * Commits the transaction, or rolls it back after a store error, and ends
 * the session. 0 when committed, -1 when rolled back.
 */
int	judge_session_commit(struct judge_session *);

/*
 * A reply line under the quoted line: key and nargs string arguments of
 * any length (judge_ok), the same marked as an error (judge_err, counted),
 * or a game's message (judge_msg).
 */
void	judge_ok(struct judge_session *, const char *key, int nargs, ...);
void	judge_err(struct judge_session *, const char *key, int nargs, ...);
void	judge_msg(struct judge_session *, const struct game_msg *, bool error);
/* The same for a text rendered already (in the sender's language). */
void	judge_text(struct judge_session *, const char *text, bool error);
/* A store error: nothing of this mail is kept. */
void	judge_store_failed(struct judge_session *);

/* The catalog of lang, or the first one (English) when there is none. */
const struct catalog *judge_catalog(const struct judge_env *, const char *lang);
/* The language the judge writes to addr in: his own, else the default. */
const struct catalog *judge_reader_catalog(struct judge_session *,
	    const char *addr);

#endif
