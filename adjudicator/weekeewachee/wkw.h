/*
 * wkw.h - weekeewachee, private to adjudicator/weekeewachee/.
 *
 * The state layout and the functions the engine's files share. Callers
 * outside this folder see only `wkw_ops` (game.h). Rules text:
 * rules/ari-and-weekeewachee.md, section 2, decisions 3 to 5.
 */
#ifndef PBEMD_WKW_H
#define PBEMD_WKW_H

#include <stdbool.h>
#include <stdint.h>

#include "adjudicator/game/game.h"
#include "common/rng.h"

#define WKW_FILES	4
#define WKW_RANKS	6
#define WKW_SQUARES	(WKW_FILES * WKW_RANKS)
#define WKW_KINDS	4
#define WKW_PLY_CAP	1000	/* phases, setup included; then a draw */
#define WKW_HISTORY	1024	/* > WKW_PLY_CAP: keys since the last capture */
#define WKW_KEY_LEN	(WKW_SQUARES + 1)	/* squares, side to move */

/* Kinds; WKW_LETTERS spells them in this order. */
enum wkw_kind {
	WKW_NONE = 0,
	WKW_ROCK,
	WKW_PAPER,
	WKW_SCISSORS,
	WKW_WELL
};
#define WKW_LETTERS	".RPSW"

enum wkw_phase {
	WKW_PHASE_FORMING,	/* seats not yet filled */
	WKW_PHASE_SETUP,	/* Classic: waiting for both SETUP orders */
	WKW_PHASE_PLAY,
	WKW_PHASE_OVER
};

enum wkw_end {
	WKW_END_NONE,
	WKW_END_BASE_ROW,
	WKW_END_CAPTURE_ALL,
	WKW_END_RESIGN,
	WKW_END_REPETITION,
	WKW_END_NO_MOVES,
	WKW_END_AGREEMENT,
	WKW_END_PLY_CAP
};

/* What the last phase did, kept so a view can tell it. */
enum wkw_event {
	WKW_EV_NONE,
	WKW_EV_SHUFFLE,		/* Blind-Fun start */
	WKW_EV_SETUP,		/* Classic setups placed */
	WKW_EV_MOVE,		/* onto an empty square */
	WKW_EV_CAPTURE,		/* both kinds known before: Classic rule */
	WKW_EV_ATTACK,		/* Blind-Fun: at least one was hidden */
	WKW_EV_DRAW,		/* by agreement */
	WKW_EV_RESIGN
};

enum wkw_outcome {
	WKW_OUT_NONE,
	WKW_OUT_WON,		/* attacker beat the defender and moved in */
	WKW_OUT_LOST,		/* defender beat the attacker, who is removed */
	WKW_OUT_EQUAL		/* same kind: both stay (A-W2) */
};

struct wkw_square {
	int		 owner;		/* seat, or GAME_NOBODY when empty */
	enum wkw_kind	 kind;
	bool		 hidden;	/* Blind-Fun: only the referee knows */
};

struct wkw_last {
	enum wkw_event	 type;
	int		 seat;		/* who did it */
	int		 from;
	int		 to;
	enum wkw_kind	 akind;		/* the moving piece */
	enum wkw_kind	 dkind;		/* the piece on the target */
	bool		 ahidden;	/* the moving piece is still hidden */
	enum wkw_outcome outcome;
};

struct game_state {
	bool		 blind;
	enum wkw_phase	 phase;
	int		 first;		/* seat that moved first */
	int		 turn;		/* seat to move */
	int		 ply;		/* phases adjudicated, setup included */
	int		 winner;	/* seat, GAME_NOBODY or GAME_DRAWN */
	enum wkw_end	 end;
	uint64_t	 seed;		/* as given to create() */
	struct rng	 rng;
	struct wkw_square board[WKW_SQUARES];	/* a1..d1, a2..d2, ..., d6 */
	struct wkw_last	 last;
	int		 nhist;
	char		 hist[WKW_HISTORY][WKW_KEY_LEN + 1];
};

/* A parsed order. */
enum wkw_otype {
	WKW_O_MOVE,
	WKW_O_SETUP,
	WKW_O_DRAW_OFFER,
	WKW_O_DRAW_ACCEPT
};

struct wkw_order {
	enum wkw_otype	 type;
	int		 from;
	int		 to;
	enum wkw_kind	 setup[WKW_FILES];	/* files a..d of the base row */
};

extern const struct game_ops wkw_ops;

/* rules.c */
int		 wkw_rules_square(int file, int rank);
int		 wkw_rules_file(int sq);
int		 wkw_rules_rank(int sq);
void		 wkw_rules_square_name(int sq, char out[3]);
int		 wkw_rules_base_rank(int seat);
bool		 wkw_rules_beats(enum wkw_kind, enum wkw_kind);
bool		 wkw_rules_adjacent(int from, int to);
const char	*wkw_rules_piece_key(enum wkw_kind);
char		 wkw_rules_letter(const struct wkw_square *, bool show);
int		 wkw_rules_check(const struct game_state *, int seat, int from,
		    int to, bool xgiven, struct game_diag *why);
bool		 wkw_rules_can_move(const struct game_state *, int seat);
int		 wkw_rules_count(const struct game_state *, int seat);
bool		 wkw_rules_home(const struct game_state *, int seat);
void		 wkw_rules_key(const struct game_state *,
		    char out[WKW_KEY_LEN + 1]);
void		 wkw_rules_push_key(struct game_state *);
void		 wkw_rules_move(struct game_state *, int seat, int from,
		    int to);

/* legal.c */
int		 wkw_legal(const struct game_state *, int seat,
		    void (*emit)(void *, const char *), void *);

/* order.c */
int		 wkw_order_read(const struct game_state *, int seat,
		    const char *line, struct wkw_order *, struct game_order *,
		    struct game_diag *why);
int		 wkw_order_parse(const struct game_state *, int seat,
		    const char *line, char *ctx, struct game_order *out,
		    int max, struct game_diag *why);

/* adjudicate.c */
bool		 wkw_adjudicate_ready(const struct game_state *,
		    const struct game_order *, int);
int		 wkw_adjudicate(struct game_state *, const struct game_order *,
		    int, struct game_diag *why);
void		 wkw_adjudicate_settle(struct game_state *);

/* view.c */
void		 wkw_view_project(const struct game_state *, int seat,
		    struct game_view *out);
void		 wkw_view_stat(const struct game_state *,
		    struct game_stat *out);

/* state.c */
size_t		 wkw_state_save(const struct game_state *, char *, size_t);
int		 wkw_state_load(const char *, struct game_state **,
		    struct game_diag *why);
int		 wkw_state_check(const struct game_state *);

#endif
