/*
 * ari.h - ARI (mgf. winkelmann, with Miwin's dice), private to
 * adjudicator/ari/.
 *
 * The position, the state around it and the functions the engine's files
 * share. Callers outside this folder see only `ari_ops` (game.h). Rules
 * text: rules/ari-and-weekeewachee.md section 1, decisions 1 and 2 and the
 * resolutions A-1..A-12 (default readings).
 */
#ifndef PBEMD_ARI_H
#define PBEMD_ARI_H

#include <stdbool.h>
#include <stdint.h>

#include "adjudicator/game/game.h"

#define ARI_SIZE	15			/* files a..o, ranks 1..15 */
#define ARI_SQUARES	(ARI_SIZE * ARI_SIZE)
#define ARI_DICE	3			/* III, IV, V */
#define ARI_PIECES	4			/* the dice and the queen */
#define ARI_QUEEN	3			/* piece index of the queen */
#define ARI_OFF		(-1)			/* a piece not on the board */
#define ARI_LAYOUTS	24			/* (N, E) pairs of one die */
#define ARI_PLY_CAP	300			/* then a draw */
#define ARI_KEY_LEN	(2 * ARI_PIECES * 4 + 1)	/* see ari_rules_key */

/* Directions, in the order of game_cell.side[]. */
enum ari_dir {
	ARI_N,
	ARI_E,
	ARI_S,
	ARI_W
};

enum ari_stage {
	ARI_STAGE_OPENING,	/* plies 1-6: the dice, alternately */
	ARI_STAGE_QUEENS,	/* plies 7-8: the queens */
	ARI_STAGE_PLAY
};

enum ari_status {
	ARI_FORMING,
	ARI_RUNNING,
	ARI_OVER
};

enum ari_end {
	ARI_END_NONE,
	ARI_END_CAPTURE,	/* the loser had no legal action */
	ARI_END_RESIGN,
	ARI_END_REPETITION,
	ARI_END_AGREEMENT,
	ARI_END_PLY_CAP
};

/* One piece: a die (with its north and east faces) or a queen. */
struct ari_piece {
	int16_t		 sq;		/* 0..224 (a1, b1, ..., o15) or ARI_OFF */
	uint8_t		 n, e;		/* dice only; 0 for a queen */
};

/* What the rules look at: pieces, side to move, stage. */
struct ari_pos {
	struct ari_piece p[2][ARI_PIECES];	/* [seat][III, IV, V, Q] */
	int		 turn;
	enum ari_stage	 stage;
};

/* One action: set a die, place or step the queen. */
struct ari_action {
	int		 piece;		/* 0..2 a die, ARI_QUEEN */
	int		 from;		/* its square before, or ARI_OFF */
	int		 to;
	int		 n, e;		/* dice only */
};

/* An enemy face that endangers a queen. */
struct ari_threat {
	int		 piece;
	int		 sq;
	enum ari_dir	 dir;
	int		 value;
};

enum ari_event {
	ARI_EV_NONE,
	ARI_EV_ACTION,		/* a die set or a queen placed or stepped */
	ARI_EV_DRAW,		/* by agreement */
	ARI_EV_RESIGN
};

struct ari_last {
	enum ari_event	 type;
	int		 seat;
	struct ari_action act;
};

struct game_state {
	enum ari_status	 status;
	struct ari_pos	 pos;
	int		 first;		/* seat that set the first die */
	int		 ply;		/* actions played */
	int		 winner;	/* seat, GAME_NOBODY or GAME_DRAWN */
	enum ari_end	 end;
	int		 offer;		/* seat whose draw offer stands, or -1 */
	uint64_t	 seed;
	struct ari_last	 last;
	int		 nhist;		/* positions since play began */
	char		 hist[ARI_PLY_CAP + 1][ARI_KEY_LEN + 1];
};

extern const struct game_ops ari_ops;

/* dice.c: Miwin's dice III, IV, V */
const char	*ari_dice_name(int piece);
bool		 ari_dice_has(int piece, int face);
int		 ari_dice_opposite(int piece, int face);
int		 ari_dice_face(int piece, int n, int e, enum ari_dir);
int		 ari_dice_top(int piece, int n, int e);
bool		 ari_dice_layout_ok(int piece, int n, int e);
void		 ari_dice_layout(int piece, int i, int *n, int *e);

/* rules.c: board, targets, danger, legality, actions */
int		 ari_rules_square(int file, int rank);
void		 ari_rules_square_name(int sq, char out[4]);
void		 ari_rules_targets(const struct ari_pos *, int lseat,
		    int lpiece, bool out[ARI_SQUARES]);
bool		 ari_rules_danger(const struct ari_pos *, int seat,
		    struct ari_threat *by);
int		 ari_rules_check(const struct ari_pos *,
		    const struct ari_action *, struct game_diag *why);
void		 ari_rules_apply(struct ari_pos *, const struct ari_action *);
int		 ari_rules_actions(const struct ari_pos *,
		    void (*emit)(void *, const struct ari_action *), void *);
bool		 ari_rules_can_act(const struct ari_pos *);
uint64_t	 ari_rules_perft(const struct ari_pos *, int depth);
void		 ari_rules_key(const struct ari_pos *, char out[ARI_KEY_LEN + 1]);
void		 ari_rules_text(const struct ari_pos *,
		    const struct ari_action *, char *out, size_t outlen);

/* order.c */
int		 ari_order_read(const struct game_state *, int seat,
		    const char *line, struct ari_action *, bool *draw,
		    struct game_order *, struct game_diag *why);
int		 ari_order_parse(const struct game_state *, int seat,
		    const char *line, char *ctx, struct game_order *out,
		    int max, struct game_diag *why);
int		 ari_order_legal(const struct game_state *, int seat,
		    void (*emit)(void *, const char *), void *);

/* adjudicate.c */
bool		 ari_adjudicate_ready(const struct game_state *,
		    const struct game_order *, int);
int		 ari_adjudicate_pending(const struct game_state *, int seat,
		    const struct game_order *, int, struct game_msg *, int);
int		 ari_adjudicate(struct game_state *, const struct game_order *,
		    int, struct game_diag *why);
void		 ari_adjudicate_settle(struct game_state *);

/* view.c */
void		 ari_view_project(const struct game_state *, int seat,
		    struct game_view *out);
void		 ari_view_stat(const struct game_state *,
		    struct game_stat *out);

/* state.c */
size_t		 ari_state_save(const struct game_state *, char *, size_t);
int		 ari_state_load(const char *, struct game_state **,
		    struct game_diag *why);

#endif
