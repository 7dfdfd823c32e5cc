/*
 * zombie.h - Zombie-Diplomacy (rules/zombie-diplomacy.md), private to
 * adjudicator/diplomacy/: two boards (board.h) under one phase clock,
 * the zombies waiting for placement, and the scores at the end.
 */
#ifndef PBEMD_DIP_ZOMBIE_H
#define PBEMD_DIP_ZOMBIE_H

#include "board.h"

#define ZOMBIE_DRAW_FROM	1910	/* no DIAS before (rules) */

/* What happened to a zombie in the last placement phase. */
enum zombie_how {
	ZOMBIE_CHOSEN,		/* placed where its owner said */
	ZOMBIE_DEFAULT,		/* placed by the judge */
	ZOMBIE_LOST,		/* no free home centre */
	ZOMBIE_LOST_OVER	/* the Zombie-board game is over */
};

struct zombie_placed {
	struct dip_unit	 unit;		/* where it stands now (or died) */
	uint8_t		 from;		/* NR province it was dislodged in */
	uint8_t		 how;		/* enum zombie_how */
};

struct zombie_wait {
	struct dip_unit	 unit;		/* power, kind; loc: where it fell */
};

struct game_state {
	struct dip_map		 map;
	struct dip_board	 nr, z;
	uint64_t		 seed;
	bool			 started;
	bool			 undead;	/* option: undead units */
	bool			 zstarted;
	int			 ply;
	int			 year;		/* the clock */
	uint8_t			 season;	/* enum dip_season */
	uint8_t			 kind;		/* enum dip_phase */
	char			 zfirst[8];	/* clock code of the Z start */
	int			 nwait;
	struct zombie_wait	 wait[DIP_MAX_UNITS];
	int			 nplaced;	/* the last phase's */
	struct zombie_placed	 placed[DIP_MAX_UNITS];
	int			 nrisen;	/* new zombies, last phase */
	struct zombie_wait	 risen[DIP_MAX_UNITS];
	int			 nrose;		/* undead units, last phase */
	struct zombie_placed	 rose[DIP_MAX_UNITS];	/* CHOSEN or LOST */
	bool			 over;
	struct dip_board_work	 work;		/* not saved */
};

/* zombie.c */
int	 zombie_code(const struct game_state *, char *out, size_t len);
bool	 zombie_active(const struct game_state *, const struct dip_board *);

/* zombie_parse.c */
int	 zombie_parse(const struct game_state *, int seat, const char *line,
	    char *ctx, struct game_order *out, int max, struct game_diag *why);
bool	 zombie_ready(const struct game_state *, const struct game_order *,
	    int);
int	 zombie_pending(const struct game_state *, int seat,
	    const struct game_order *, int, struct game_msg *out, int max);
uint8_t	 zombie_due(const struct game_state *);
int	 zombie_place_read(const struct game_state *, const char *text,
	    int *kind, int *from, int *loc);
int	 zombie_place_order(const struct game_state *, int w,
	    const struct game_order *, int, int *loc);
int	 zombie_undead_read(const struct game_state *, const char *text,
	    int *from, int *to);

/* zombie_phase.c */
int	 zombie_adjudicate(struct game_state *, const struct game_order *,
	    int, struct game_diag *why);
void	 zombie_points(const struct game_state *, int board, int out[]);

/* zombie_text.c */
size_t	 zombie_save(const struct game_state *, char *, size_t);
int	 zombie_load(const char *, struct game_state **, struct game_diag *);

/* zombie_map.c */
void	 zombie_map(const struct game_state *, const char *now,
	    struct game_mapview *);

/* zombie_view.c */
void	 zombie_view(const struct game_state *, int seat, struct game_view *);
void	 zombie_stat(const struct game_state *, struct game_stat *);

#endif
