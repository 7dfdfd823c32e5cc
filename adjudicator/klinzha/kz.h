/*
 * kz.h - KlinZha (open, clouded, blind), private to adjudicator/klinzha/.
 *
 * The state layout and the functions the engine's files share; callers
 * outside this folder see only `kz_ops` (game.h). Rules text:
 * rules/klinzha.md, "Binding decisions" first; what the engine decided
 * beyond it is in README.md beside this file.
 */
#ifndef PBEMD_KZ_H
#define PBEMD_KZ_H

#include <stdbool.h>
#include <stdint.h>

#include "adjudicator/game/game.h"
#include "common/rng.h"

#define KZ_FIELDS	81
#define KZ_ROWS		9
#define KZ_DIRS		6
#define KZ_RAY_MAX	17	/* 16 fields of the longest strip, then -1 */
#define KZ_PATH_MAX	7	/* start and up to 6 steps (Flier) */
#define KZ_PATHS_MAX	512	/* candidate moves of one side */
#define KZ_PLY_CAP	1000	/* moves; then a draw (README.md) */
#define KZ_HISTORY	1024	/* > KZ_PLY_CAP: position keys since a kill */
#define KZ_QUIET_PLIES	100	/* 50 moves each (decision 9) */
#define KZ_NAME_MAX	24

/* rules/klinzha.md 2.6: the three points (set-up corners), half fields. */
enum kz_point {
	KZ_APEX,
	KZ_LEFT,
	KZ_RIGHT,
	KZ_HALF
};

/* Kinds; KZ_LETTERS spells them in this order (Y: the "Flyer"). */
enum kz_kind {
	KZ_NONE = 0,
	KZ_FENCER,
	KZ_LANCER,
	KZ_SWIFT,
	KZ_FLIER,
	KZ_VANGUARD,
	KZ_BLOCKADER,
	KZ_KINDS
};
#define KZ_LETTERS	".FLSYVB"

enum kz_form {
	KZ_OPEN,
	KZ_CLOUDED,
	KZ_BLIND
};

/* A field's cloud kind (decision 10); stored as these letters. */
#define KZ_CLEAR	'N'
#define KZ_EDGE		'E'
#define KZ_CLOUD	'C'

enum kz_phase {
	KZ_PHASE_FORMING,
	KZ_PHASE_SETUP1,	/* the first seat chooses a corner, sets up */
	KZ_PHASE_SETUP2,	/* the second seat, one of the two left */
	KZ_PHASE_PLAY,
	KZ_PHASE_OVER
};

enum kz_end {
	KZ_END_NONE,
	KZ_END_GOAL,		/* Goal captured */
	KZ_END_NO_MOVES,	/* the side to move has no legal move */
	KZ_END_RESIGN,
	KZ_END_AGREEMENT,
	KZ_END_REPETITION,
	KZ_END_QUIET,		/* 50 moves each without kill or Goal */
	KZ_END_PLY_CAP
};

enum kz_event {
	KZ_EV_NONE,
	KZ_EV_SETUP,		/* last.seat has set up */
	KZ_EV_MOVE,
	KZ_EV_DRAW,		/* drawn by agreement */
	KZ_EV_RESIGN
};

/* The true position. */
struct kz_pos {
	int8_t		 owner[KZ_FIELDS];	/* seat, or -1 */
	uint8_t		 kind[KZ_FIELDS];	/* enum kz_kind */
	int8_t		 goal[2];		/* field of each Goal, -1 */
	char		 cloud[KZ_FIELDS];	/* N, E or C */
};

/*
 * What a crash ran into (decision 4), judged from what the mover saw when
 * he gave the order: something he could not see, or the zone of the enemy
 * Blockader he saw by kind, or a field too close to that Blockader for the
 * zones (decision 13: such orders are taken and crash). Values as stored.
 */
enum kz_crash {
	KZ_CRASH_NONE,
	KZ_CRASH_HIDDEN,
	KZ_CRASH_ZONE,
	KZ_CRASH_GAP
};

/* What the last move did, kept so each view can tell its part. */
struct kz_last {
	enum kz_event	 type;
	int		 seat;
	uint8_t		 kind;		/* the moving piece */
	int		 npath;		/* fields of the ordered path */
	int8_t		 path[KZ_PATH_MAX];
	int		 stop;		/* where the piece came to rest */
	uint8_t		 crash;		/* enum kz_crash */
	int		 drop;		/* Goal dropped here, or -1 */
	bool		 pickup;
	uint8_t		 killed;	/* kind killed on stop, or KZ_NONE */
	bool		 goal_taken;	/* the enemy Goal was captured */
	bool		 lone_goal;	/* ... lying alone on stop */
	int		 cloud_y;	/* moving clouds: steps, 0: none */
	int		 cloud_z;	/* ... direction 0..5 */
};

struct game_state {
	enum kz_form	 form;
	char		 layout[KZ_NAME_MAX];	/* name, or "custom" */
	int		 zone_gap;	/* least distance of opposing Blockaders */
	bool		 half_fields;
	bool		 moving;	/* moving clouds */
	int		 cloud_every;	/* X in full turns; 0 until drawn */
	int		 cloud_step;	/* Y fixed by the GM, 0: drawn each time */
	int		 cloud_plies;	/* plies since the clouds last moved */
	bool		 no_limit;	/* the GM waived the cloud limit */
	enum kz_phase	 phase;
	int		 first;		/* seat that sets up and moves first */
	int		 turn;		/* seat due */
	int		 ply;		/* moves played */
	int		 winner;	/* seat, GAME_NOBODY or GAME_DRAWN */
	enum kz_end	 end;
	uint64_t	 seed;
	struct rng	 rng;
	int		 corner[2];	/* enum kz_point chosen, or -1 */
	struct kz_pos	 pos;
	int		 draw_offer;	/* seat with a standing offer, or -1 */
	int		 quiet;		/* plies without kill, pick-up, drop */
	struct kz_last	 last;
	int		 nhist;
	uint64_t	 hist[KZ_HISTORY];
};

/*
 * One side's picture of the board, from which orders are judged
 * (decision 13: from the player's view alone). The truth is the same
 * picture with everything known.
 */
enum kz_who {
	KZ_W_EMPTY,
	KZ_W_OWN,
	KZ_W_ENEMY,	/* kind known */
	KZ_W_UNKNOWN	/* an enemy piece or a lone enemy Goal, kind unknown */
};

struct kz_grid {
	int		 seat;
	int		 gap;
	bool		 kk;	/* clouded or blind: crashes, decision 13 */
	uint8_t		 who[KZ_FIELDS];	/* enum kz_who */
	uint8_t		 kind[KZ_FIELDS];	/* KZ_NONE: a lone Goal */
	bool		 goal[KZ_FIELDS];	/* a Goal lies here (known) */
	bool		 ezone[KZ_FIELDS];	/* in a known enemy zone */
	bool		 ozone[KZ_FIELDS];	/* in the own zone */
	int		 eblock;		/* known enemy Blockader */
	int		 oblock;		/* own Blockader */
	int		 ogoal;			/* own Goal */
};

/* One candidate move: a simple path and what it does. */
struct kz_move {
	int		 n;			/* fields, start included */
	int8_t		 path[KZ_PATH_MAX];
	int		 drop;			/* index in path, or -1 */
};

/* board.c: geometry, tables generated by gen_board.c. */
extern const uint8_t	 kz_abc[KZ_FIELDS][3];
extern const int8_t	 kz_nb[KZ_FIELDS][3];
extern const int8_t	 kz_ray[KZ_FIELDS][KZ_DIRS][KZ_RAY_MAX];
extern const uint8_t	 kz_dist[KZ_FIELDS][KZ_FIELDS];
extern const uint8_t	 kz_point[KZ_FIELDS];
extern const char	 kz_label[KZ_FIELDS][5];

bool		 kz_board_up(int f);
int		 kz_board_row(int f);
int		 kz_board_col(int f);
void		 kz_board_name(int f, char out[6]);
int		 kz_board_field(const char *s, int *len);
bool		 kz_board_in_point(int f, int point, bool half);
int		 kz_board_ray_index(int from, int to, int *dir);
int		 kz_board_shift(int f, int dir);
const char	*kz_board_point_key(int point);
const char	*kz_board_dir_key(int dir);

/* rules.c: sight, grids, move generation. */
#define KZ_SIGHT_NONE	0	/* nothing: under a cloud */
#define KZ_SIGHT_SOME	1	/* that something is there: cloud edge */
#define KZ_SIGHT_FULL	2
const char	*kz_rules_piece_key(int kind);
bool		 kz_rules_carrier(int kind);
int		 kz_rules_blockader(const struct kz_pos *, int seat);
int		 kz_rules_sight(const struct game_state *, int seat, int f);
void		 kz_rules_grid_true(const struct kz_pos *, int seat, int gap,
		    struct kz_grid *);
void		 kz_rules_grid_view(const struct game_state *, int seat,
		    struct kz_grid *);
int		 kz_rules_moves(const struct kz_grid *, int from,
		    struct kz_move *out, int max);
bool		 kz_rules_threat(const struct kz_pos *, int seat, int gap);
bool		 kz_rules_jeopardy(const struct game_state *, int seat,
		    const struct kz_move *);
int		 kz_rules_legal_moves(const struct game_state *, int seat,
		    int from, struct kz_move *out, int max);
bool		 kz_rules_has_move(const struct game_state *, int seat);

/* resolve.c: one move on the true position (crashes, kills, Goal). */
bool		 kz_resolve_blockader_ok(const struct kz_pos *, int seat,
		    int at, int gap);
void		 kz_resolve(struct kz_pos *, int seat, int gap,
		    const struct kz_move *, const struct kz_grid *seen,
		    struct kz_last *);
uint64_t	 kz_resolve_key(const struct game_state *);

/* setup.c; kz_setup_count: how many of each kind a side has, the Goal last. */
extern const int kz_setup_count[KZ_KINDS + 1];
int		 kz_setup_parse(const struct game_state *, int seat,
		    const char *line, struct game_order *,
		    struct game_diag *why);
void		 kz_setup_apply(struct game_state *, int seat, const char *text);

/* order.c */
int		 kz_order_piece(const char *word);
int		 kz_order_parse(const struct game_state *, int seat,
		    const char *line, char *ctx, struct game_order *out,
		    int max, struct game_diag *why);
int		 kz_order_read(const struct game_state *, int seat,
		    const char *line, struct kz_move *, struct game_diag *why);
void		 kz_order_text(const struct game_state *,
		    const struct kz_move *, bool path, char *out, size_t outlen);
int		 kz_order_legal(const struct game_state *, int seat,
		    void (*emit)(void *, const char *), void *arg);

/* clouds.c */
int		 kz_clouds_layout(const char *name, char out[KZ_FIELDS],
		    struct game_diag *why);
int		 kz_clouds_read(const char *text, char out[KZ_FIELDS]);
int		 kz_clouds_check(const char cloud[KZ_FIELDS], int *point);
void		 kz_clouds_move(struct game_state *);

/* adjudicate.c */
bool		 kz_adjudicate_ready(const struct game_state *,
		    const struct game_order *, int);
int		 kz_adjudicate(struct game_state *, const struct game_order *,
		    int, struct game_diag *why);
void		 kz_adjudicate_end(struct game_state *);
void		 kz_adjudicate_settle(struct game_state *);

/* view.c */
void		 kz_view_project(const struct game_state *, int seat,
		    struct game_view *out);
void		 kz_view_stat(const struct game_state *,
		    struct game_stat *out);

/* state.c */
size_t		 kz_state_save(const struct game_state *, char *, size_t);
int		 kz_state_load(const char *, struct game_state **,
		    struct game_diag *why);

/* kz.c */
extern const struct game_ops kz_ops;

/* Layouts compiled in from maps/klinzha/ (build/gen/kz_layouts.c). */
struct kz_layout_text {
	const char	*name;
	const char	*text;
};
extern const struct kz_layout_text kz_layouts[];

#endif
