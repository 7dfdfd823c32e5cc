/*
 * wotk.h - Way of the Knight (Ralph Betza), private to adjudicator/wotk/.
 *
 * The position, the piece forms and the functions the engine's files
 * share. Callers outside this folder see only `wotk_ops` (game.h) and, for
 * the tests and the benchmark, the small engine API at the end. Rules
 * text: rules/way-of-the-knight.md (binding decisions 1 to 6, research
 * sections 2 to 7).
 */
#ifndef PBEMD_WOTK_H
#define PBEMD_WOTK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "adjudicator/game/game.h"
#include "common/rng.h"

#define WOTK_SQUARES	64
#define WOTK_FORMS	23	/* 16 standard + 7 of the alternative table */
#define WOTK_LEVEL_MAX	11	/* rules 2: the King's level, the cap */
#define WOTK_SIDE_MAX	16	/* pieces per side: no rule creates any */
#define WOTK_MAX_MOVES	2048	/* 16 pieces x 27 targets x 3 forms < 2048 */
#define WOTK_HISTORY	128	/* > 100 plies: the 50-move rule ends first */
/* A FEN: 64 squares and 7 '/' (71), side, castling and en passant (10),
 * and two clocks of at most 6 digits each: a position reads clocks up to
 * 100000, and a game adds far fewer moves than would make a 7th. */
#define WOTK_FEN_MAX	100
#define WOTK_MOVE_TEXT	16	/* "e5xd6=I ep", "O-O-O" */
#define WOTK_HANDICAP_MAX 40	/* points a set-up may spend */

enum wotk_color { WOTK_WHITE, WOTK_BLACK };

/* rules 3: neutral, Knight ("weltlich") and Bishop ("geistlich"). */
enum wotk_align { WOTK_NEUTRAL, WOTK_KNIGHTLY, WOTK_BISHOPLY };

/* The forms, in the order of wotk_forms[]. */
enum wotk_form_id {
	WOTK_PAWN, WOTK_SQUIRE, WOTK_PRIEST, WOTK_KNIGHT, WOTK_BISHOP,
	WOTK_BARON, WOTK_ARCHBISHOP, WOTK_ROOK, WOTK_NIGHTRIDER, WOTK_FOOL,
	WOTK_CARDINAL, WOTK_CHANCELLOR, WOTK_QUEEN, WOTK_LORD, WOTK_RAVEN,
	WOTK_KING,
	WOTK_GUARD, WOTK_EARL, WOTK_SHIP, WOTK_WATCHTOWER, WOTK_CANNON,
	WOTK_GIRAFFE, WOTK_DUKE
};

/* Leaper atoms (Betza); a form lists them as a bit set. */
enum wotk_atom {
	WOTK_AW,	/* (0,1) */
	WOTK_AF,	/* (1,1) */
	WOTK_AD,	/* (0,2) */
	WOTK_AA,	/* (2,2) */
	WOTK_AN,	/* (1,2) */
	WOTK_AC,	/* (1,3) camel */
	WOTK_AVD,	/* (0,2) vertical only: the Squire's vD */
	WOTK_ATOMS
};

/* Riders: rook lines, bishop lines, nightrider lines. */
enum wotk_ride { WOTK_RORTH, WOTK_RDIAG, WOTK_RNIGHT, WOTK_RIDES };

struct wotk_form {
	char		 letter;	/* upper case; the FEN letter */
	uint8_t		 level;
	uint8_t		 align;		/* enum wotk_align */
	uint8_t		 atoms;		/* 1 << enum wotk_atom */
	uint8_t		 rides;		/* 1 << enum wotk_ride */
	const char	*betza;
};

/* A table of ways (rules 3): which forms exist, and how alignment may
 * change on improving. */
struct wotk_paths {
	const char	*word;		/* "standard", "alternative" */
	uint32_t	 forms;		/* 1 << form id */
	bool		 mixed;		/* aligned may turn neutral (research 3) */
};

struct wotk_rules {
	const struct wotk_paths *paths;
	bool		 experience;	/* off: chess (perft tests) */
	bool		 double_gain;	/* rules 1: option double-gain */
	bool		 exact_rank;	/* research 2: option exact-rank */
	bool		 strict_castling; /* research 5: check rule always */
	uint32_t	 step[WOTK_FORMS]; /* forms one improvement reaches */
};

/* A square holds 0 (empty) or WOTK_PIECE(color, form). */
#define WOTK_PIECE(c, f)	((uint8_t)(((c) << 5) | ((f) + 1)))
#define WOTK_FORM_OF(p)		(((p) & 31) - 1)
#define WOTK_COLOR_OF(p)	((p) >> 5)

/* Castling rights, as in FEN. */
#define WOTK_WK		1
#define WOTK_WQ		2
#define WOTK_BK		4
#define WOTK_BQ		8

struct wotk_pos {
	uint8_t		 sq[WOTK_SQUARES];	/* a1 = 0, h1 = 7, h8 = 63 */
	uint64_t	 occ[2];
	uint64_t	 atom[2][WOTK_ATOMS];	/* pieces with that atom */
	uint64_t	 ride[2][WOTK_RIDES];
	uint64_t	 pawns[2];
	uint64_t	 kings[2];		/* level 11 */
	int		 side;			/* to move */
	int		 ep;			/* e.p. target square or -1 */
	int		 castle;
	int		 halfmove;
	int		 fullmove;
};

/* Move flags. */
#define WOTK_MCAPTURE	1
#define WOTK_MEP	2
#define WOTK_MDOUBLE	4
#define WOTK_MCASTLE	8

struct wotk_move {
	uint8_t		 from, to;	/* castling: the King's squares */
	uint8_t		 form;		/* the mover's form afterwards */
	uint8_t		 flags;
};

/* forms.c: the tables as data */
extern const struct wotk_form	 wotk_forms[WOTK_FORMS];
const struct wotk_paths	*wotk_paths_find(const char *word);
void		 wotk_rules_init(struct wotk_rules *,
		    const struct wotk_paths *);
int		 wotk_form_by_letter(const struct wotk_rules *, char);
uint32_t	 wotk_reach(const struct wotk_rules *, int form, int steps);
const char	*wotk_form_key(const struct wotk_rules *, int form);
int		 wotk_form_by_name(const struct wotk_rules *, const char *);

/* board.c: precomputed leaper and ray tables, attacks */
uint64_t	 wotk_targets(int form, int sq, uint64_t occ);
uint64_t	 wotk_pawn_attacks(int color, int sq);
bool		 wotk_attacked(const struct wotk_pos *, int sq, int by);
void		 wotk_put(struct wotk_pos *, int sq, uint8_t piece);
void		 wotk_take(struct wotk_pos *, int sq);
int		 wotk_rel_rank(int color, int sq);	/* 1..8 */
void		 wotk_square_name(int sq, char out[3]);

/* movegen.c */
int		 wotk_gen(const struct wotk_pos *, const struct wotk_rules *,
		    struct wotk_move *out);	/* pseudo-legal */
bool		 wotk_legal_after(const struct wotk_pos *before,
		    const struct wotk_pos *after);
int		 wotk_gen_legal(const struct wotk_pos *,
		    const struct wotk_rules *, struct wotk_move *out);
void		 wotk_make(struct wotk_pos *, const struct wotk_move *);
int		 wotk_king_count(const struct wotk_pos *, int color);
bool		 wotk_in_check(const struct wotk_pos *, int color);
uint64_t	 wotk_perft(const struct wotk_pos *, const struct wotk_rules *,
		    int depth);
uint64_t	 wotk_pos_key(const struct wotk_pos *);

/* fen.c */
int		 wotk_fen_read(const char *fen, const struct wotk_rules *,
		    struct wotk_pos *out);
void		 wotk_fen_write(const struct wotk_pos *, char *out,
		    size_t outlen);
void		 wotk_move_text(const struct wotk_pos *before,
		    const struct wotk_move *, char out[WOTK_MOVE_TEXT]);

/* The life of a game. */
enum wotk_phase {
	WOTK_PHASE_FORMING,	/* seats not yet filled */
	WOTK_PHASE_SETUP,	/* rules 6: the handicapped player improves */
	WOTK_PHASE_PLAY,
	WOTK_PHASE_OVER
};

enum wotk_end {
	WOTK_END_NONE,
	WOTK_END_MATE,
	WOTK_END_KING_TAKEN,	/* the last King was captured */
	WOTK_END_RESIGN,
	WOTK_END_STALEMATE,
	WOTK_END_REPETITION,
	WOTK_END_FIFTY,
	WOTK_END_MATERIAL,	/* King against King */
	WOTK_END_AGREEMENT
};

enum wotk_event {
	WOTK_EV_NONE,
	WOTK_EV_START,
	WOTK_EV_SETUP,		/* the handicap improvements */
	WOTK_EV_MOVE,
	WOTK_EV_DRAW,		/* agreed */
	WOTK_EV_RESIGN
};

/* What the last phase did, kept so every view can tell it. */
struct wotk_last {
	enum wotk_event	 type;
	int		 seat;
	struct wotk_move move;
	uint8_t		 piece;		/* the mover before the move */
	uint8_t		 victim;	/* the piece taken, 0 if none */
	char		 text[WOTK_MOVE_TEXT];
	int		 nsetup;	/* WOTK_EV_SETUP: improvements */
	uint8_t		 setup_sq[WOTK_SIDE_MAX];
	uint8_t		 setup_form[WOTK_SIDE_MAX];
};

struct game_state {
	struct wotk_rules rules;
	enum wotk_phase	 phase;
	int		 white;		/* seat playing White, -1 before start */
	int		 handicap[2];	/* points per seat from the ledger */
	int		 ply;		/* phases played */
	int		 winner;	/* seat, GAME_NOBODY or GAME_DRAWN */
	enum wotk_end	 end;
	int		 offer;		/* seat whose draw offer stands, or -1 */
	uint64_t	 seed;
	struct rng	 rng;
	struct wotk_pos	 pos;
	struct wotk_last last;
	int		 nhist;		/* keys since the last irreversible move */
	uint64_t	 hist[WOTK_HISTORY];
};

/* A parsed order. */
enum wotk_otype {
	WOTK_O_MOVE,
	WOTK_O_SETUP,
	WOTK_O_DRAW
};

struct wotk_order {
	enum wotk_otype	 type;
	struct wotk_move move;
	int		 nsetup;
	uint8_t		 setup_sq[WOTK_SIDE_MAX];
	uint8_t		 setup_form[WOTK_SIDE_MAX];
};

extern const struct game_ops wotk_ops;

/* wotk.c */
int		 wotk_options(const char *options, struct wotk_rules *,
		    struct game_diag *why);
void		 wotk_options_text(const struct wotk_rules *, char *out,
		    size_t outlen);
int		 wotk_color_of_seat(const struct game_state *, int seat);
int		 wotk_seat_of_color(const struct game_state *, int color);

/* order.c */
int		 wotk_order_read(const struct game_state *, int seat,
		    const char *line, struct wotk_order *, struct game_order *,
		    struct game_diag *why);
int		 wotk_order_parse(const struct game_state *, int seat,
		    const char *line, char *ctx, struct game_order *out,
		    int max, struct game_diag *why);
int		 wotk_order_legal(const struct game_state *, int seat,
		    void (*emit)(void *, const char *), void *arg);

/* setup.c */
int		 wotk_setup_read(const struct game_state *, int seat,
		    const char *args, struct wotk_order *, struct game_diag *);
void		 wotk_setup_text(const struct game_state *,
		    const struct wotk_order *, char *out, size_t outlen);
void		 wotk_setup_apply(struct game_state *,
		    const struct wotk_order *);

/* adjudicate.c */
bool		 wotk_adjudicate_ready(const struct game_state *,
		    const struct game_order *, int);
int		 wotk_adjudicate(struct game_state *, const struct game_order *,
		    int, struct game_diag *why);
void		 wotk_adjudicate_begin(struct game_state *);
void		 wotk_adjudicate_settle(struct game_state *);
int		 wotk_pending(const struct game_state *, int seat,
		    const struct game_order *, int, struct game_msg *, int max);

/* view.c */
void		 wotk_view_project(const struct game_state *, int seat,
		    struct game_view *out);
void		 wotk_view_stat(const struct game_state *,
		    struct game_stat *out);

/* state.c */
size_t		 wotk_state_save(const struct game_state *, char *, size_t);
int		 wotk_state_load(const char *, struct game_state **,
		    struct game_diag *why);

#endif
