/*
 * board.h - one Diplomacy board as the judge plays it: the engine's state
 * (dip.h) plus what the judge adds around it: civil disorder, draws, the
 * end of the game, and the record of the last phase that a report tells
 * (every order with its result, and every default the judge applied).
 *
 * The standard game (ops.c) has one board, Zombie-Diplomacy (zombie*.c)
 * two. Private to adjudicator/diplomacy/; nothing here allocates or does
 * I/O.
 */
#ifndef PBEMD_DIP_BOARD_H
#define PBEMD_DIP_BOARD_H

#include "adjudicator/game/statetext.h"
#include "dip.h"

#define DIP_TEXT_MAX	40	/* one canonical order, "F STP/SC S A MOS - ..." */
#define DIP_BOARD_RES	(DIP_MAX_UNITS + 2 * DIP_MAX_POWERS)

enum dip_end {
	DIP_END_NONE,
	DIP_END_SOLO,		/* 18 centres after a Fall phase */
	DIP_END_DRAW,		/* every survivor voted the same draw */
	DIP_END_STOPPED		/* the game master ended the game */
};

/* How an order of the last phase came about. */
enum dip_how {
	DIP_HOW_ORDER,		/* the player wrote it */
	DIP_HOW_HOLD,		/* no order: the unit held */
	DIP_HOW_UNDEAD		/* Zombie-Diplomacy: undead order */
};

/* Why a unit left the board in the last phase. */
enum dip_gone_why {
	DIP_GONE_NO_RETREAT,	/* dislodged in a no-retreat game */
	DIP_GONE_NO_OPTION,	/* dislodged with nowhere to go */
	DIP_GONE_NO_ORDER,	/* no retreat order: disbanded by default */
	DIP_GONE_DISBANDED,	/* ordered to disband, or retreat failed */
	DIP_GONE_REMOVED,	/* removal ordered */
	DIP_GONE_DISORDER,	/* removed by the civil-disorder rule */
	DIP_GONE_UNDEAD,	/* Zombie-Diplomacy: went to the NR-board */
	DIP_GONE__COUNT
};

struct dip_res {
	int8_t		 power;
	uint8_t		 result;	/* enum dip_result */
	uint8_t		 why;		/* enum dip_why */
	uint8_t		 how;		/* enum dip_how */
	char		 text[DIP_TEXT_MAX];
};

struct dip_gone {
	struct dip_unit	 unit;
	uint8_t		 why;		/* enum dip_gone_why */
};

struct dip_board {
	struct dip_state st;
	uint8_t		 cd;		/* powers in civil disorder (bits) */
	uint8_t		 alive;		/* powers with units or centres */
	uint8_t		 end;		/* enum dip_end */
	uint8_t		 drawn;		/* powers sharing the draw */
	int		 end_year;
	int		 nundead;	/* Zombie-Diplomacy: NR-board only */
	struct dip_unit	 undead[DIP_MAX_UNITS];
	uint8_t		 eliminated;	/* powers gone in the last phase */
	/* The last phase played, for the reports. */
	char		 last[8];	/* its code; "" before the first */
	int		 nres;
	struct dip_res	 res[DIP_BOARD_RES];
	int		 ndisl;		/* dislodged, with retreat options */
	struct dip_retreat disl[DIP_MAX_UNITS];
	int		 ngone;
	struct dip_gone	 gone[DIP_MAX_UNITS];
	int8_t		 unused[DIP_MAX_POWERS];	/* builds not used */
	int8_t		 waived[DIP_MAX_POWERS];	/* of those, waived */
};

/* The orders of one board for one phase, read back from their texts. */
struct dip_board_orders {
	int		 n;
	struct dip_order o[DIP_MAX_ORDERS];
	uint8_t		 how[DIP_MAX_ORDERS];
	int8_t		 waive[DIP_MAX_POWERS];	/* -1: waive all */
	uint8_t		 draw;		/* powers that voted DRAW */
	uint8_t		 nodraw;	/* powers that voted NO DRAW */
	/* The powers each DRAW vote names (draw=named); 0: every survivor
	 * (DIAS). */
	uint8_t		 drawset[DIP_MAX_POWERS];
};

/* Work space for one phase; callers keep one (it is large). */
struct dip_board_work {
	struct dip_board_orders	 bo;
	struct dip_order	 orig[DIP_MAX_ORDERS];	/* before undead voids */
	struct dip_unit		 removed[DIP_MAX_ORDERS];
	struct dip_report	 rep;
	struct dip_scratch	 scratch;
};

#define DIP_BIT(p)	((uint8_t)(1u << (p)))

/* board.c */
void	 dip_board_init(struct dip_board *, const struct dip_map *,
	    unsigned options);
void	 dip_board_clear_last(struct dip_board *);
uint8_t	 dip_board_survivors(const struct dip_board *);
uint8_t	 dip_board_due(const struct dip_board *);
int	 dip_board_allowance(const struct dip_board *, int power);
int	 dip_board_unit_text(const struct dip_map *, const struct dip_unit *,
	    char *out, size_t len);
int	 dip_board_parse(const struct dip_board *, int power,
	    const char *line, const char *prefix, int draw_from,
	    struct game_order *out, int max, struct game_diag *why);
int	 dip_board_read(const struct dip_board *, int power, const char *text,
	    struct dip_board_orders *);
void	 dip_board_collect(const struct dip_board *,
	    const struct game_order *, int, const char *prefix,
	    struct dip_board_orders *);
int	 dip_board_pending(const struct dip_board *, int power,
	    const struct dip_board_orders *, struct game_msg *out, int max);
bool	 dip_board_draw_agreed(const struct dip_board *,
	    const struct dip_board_orders *);
uint8_t	 dip_board_draw_set(const struct dip_board *,
	    const struct dip_board_orders *);
void	 dip_board_play(struct dip_board *, struct dip_board_work *,
	    bool hold);
void	 dip_board_season(struct dip_board *);
void	 dip_board_draw(struct dip_board *);
void	 dip_board_draw_among(struct dip_board *, uint8_t powers);
void	 dip_board_stop(struct dip_board *);
void	 dip_board_after(struct dip_board *);

/* board_text.c: "KEY: VALUE" lines, each key after a prefix. */
void	 dip_board_save(const struct dip_board *, const char *prefix,
	    struct statetext_out *);
void	 dip_board_load_begin(struct dip_board *);
int	 dip_board_load_line(struct dip_board *, const char *key,
	    const char *value);
int	 dip_board_check(const struct dip_board *);

/* board_map.c: the board for a map picture (game.h, game_mapview) */
void	 dip_board_map_powers(const struct dip_map *, struct game_mapview *);
void	 dip_board_map(const struct dip_board *, const char *title,
	    const char *now, struct game_map_board *);
struct game_map_unit *dip_board_map_unit(struct game_map_board *,
	    const struct dip_map *, const struct dip_unit *, int mark);
struct game_map_order *dip_board_map_order(struct game_map_board *,
	    int kind, int outcome, int power, int ukind, const char *unit);

/* board_view.c */
void	 dip_board_diagram(const struct dip_board *, const char *title,
	    struct game_view *);
void	 dip_board_report(const struct dip_board *, struct game_view *);
void	 dip_board_status(const struct dip_board *, struct game_view *);
void	 dip_board_next(const struct dip_board *, struct game_view *);
const char *dip_board_power_arg(int power);
void	 dip_board_phase_args(const char *code, char season[GAME_ARG_MAX],
	    char year[GAME_ARG_MAX], char kind[GAME_ARG_MAX]);

#endif
