/*
 * game.h - the one interface every game implements.
 *
 * A game is a table of pure functions over an opaque state (DESIGN.md, "The
 * game interface"). Games never touch mail, SQL, the clock or the log; their
 * only randomness is the seeded generator in adjudicator/rng.h, kept inside
 * the state so every phase can be replayed. Everything a game says to a
 * human is data (struct game_msg: a catalog key and arguments) that
 * report.c renders through templates/ in the reader's language.
 *
 * The judge drives a game like this:
 *   create(options, seed)            when a GM sends CREATE
 *   start(first)                     when every seat is taken
 *   parse(seat, line) -> orders      for each order line of a signed-on player
 *   ready(orders) ?  adjudicate(orders) -> the state of the next phase
 *   view(seat) -> struct game_view   for every report and every error reply
 *   stat() -> struct game_stat       where status, phase and due seats do
 *   save/load                        one phase row per move or phase
 * Orders between two phases are kept by the judge (db/), keyed by their
 * slot: a later order for the same slot replaces the earlier one.
 */
#ifndef PBEMD_GAME_H
#define PBEMD_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct game_state;

#define GAME_MAX_SEATS		8
#define GAME_KEY_MAX		48	/* catalog key, e.g. "wkw.err.not_adjacent" */
/* One argument of a message, with its NUL. The helpers of msg.c cut a
 * longer text at a character boundary: never inside a UTF-8 sequence, so
 * an umlaut at the cut is left out whole (at most 3 bytes are lost). */
#define GAME_ARG_MAX		64
#define GAME_MSG_ARGS		4
#define GAME_SLOT_MAX		32
#define GAME_ORDER_MAX		256	/* one canonical order */
/*
 * A view's fixed-width diagram, with its NUL. The two-player games draw
 * boards of one size, each asserted to fit (ARI's, the largest, takes
 * 3837 bytes); a Diplomacy diagram grows with units, retreats and
 * boards. game_view_board() keeps the cap for the games that append: a
 * text that does not fit is cut after the last whole line, the line
 * GAME_BOARD_CUT ends the diagram, and the view gets the message
 * GAME_BOARD_CUT_KEY (its one argument: GAME_BOARD_MAX), so a report
 * says the diagram is incomplete. Later appends are left out.
 */
#define GAME_BOARD_MAX		4096
#define GAME_BOARD_CUT		"[...]\n"	/* a line no diagram has */
#define GAME_BOARD_CUT_KEY	"game.board_cut"	/* templates/LANG/game.txt */
/*
 * Messages of one view (Zombie-Diplomacy: every order of two boards).
 * game_view_add() keeps the cap itself: once a view is full, its last
 * slot gives way to the message GAME_VIEW_FULL, whose one argument is the
 * number of lines left out (the one it replaced and every later one,
 * counted as they come), so a report says that it is incomplete. A view
 * keeps GAME_VIEW_MSGS - 1 lines then; GAME_VIEW_MSGS + 45 adds leave out
 * 46.
 */
#define GAME_VIEW_MSGS		256
#define GAME_VIEW_FULL		"game.view_full"	/* templates/LANG/game.txt */
#define GAME_CTX_MAX		32	/* parse context of one mail */
#define GAME_CELLS_MAX		256	/* fields of a picture (ARI: 225) */
#define GAME_PHASE_MAX		24	/* a phase's name, "S1901M", with NUL */

/*
 * Something to tell a human, as data. The key names an entry of the message
 * catalog (templates/LANG/messages.txt); args fill its {1}..{4}. An argument
 * that is itself a catalog key is written "@key" and translated too
 * (e.g. a piece name: "@wkw.piece.R").
 */
struct game_msg {
	char	 key[GAME_KEY_MAX];
	int	 nargs;
	char	 args[GAME_MSG_ARGS][GAME_ARG_MAX];
};

/* Why something was refused. In hidden-information games it must depend
 * only on what the refused seat may see (STYLE.md 7). */
struct game_diag {
	struct game_msg	 msg;
	/* parse() only: the line does not read as an order at all (a
	 * greeting, a name, a mail program's footer). The judge quotes it
	 * back as ignored; it is no error and blocks nothing. */
	bool		 prose;
	/* parse() only: the line's first word is none of the game's order
	 * words (no unit, no province, no order word or sign). The judge
	 * may answer it as a mistyped command ("APROVE": did you mean
	 * APPROVE?) instead of with msg. */
	bool		 foreign;
};

/* One accepted order. */
struct game_order {
	int		 seat;
	char		 slot[GAME_SLOT_MAX];	/* same slot, same seat: replaces */
	char		 text[GAME_ORDER_MAX];	/* canonical; parse() reads it back */
	struct game_msg	 echo;			/* how the order is confirmed */
};

enum game_status {
	GAME_STATUS_FORMING,	/* waiting for seats */
	GAME_STATUS_RUNNING,
	GAME_STATUS_OVER
};

/* The kind of the current phase, for the judge's clock: each kind has its
 * own duration (Diplomacy: movement; retreats and zombie placement;
 * adjustments). Two-player games are always GAME_PHASE_MOVE. */
enum game_phase_kind {
	GAME_PHASE_MOVE,
	GAME_PHASE_RETREAT,
	GAME_PHASE_ADJUST
};

/*
 * One field of the board as the viewer may see it: the structured twin of
 * the text diagram. adjudicator/render/picture.c draws the PNG from these cells
 * alone and the referee console prints them as lines, so neither can show
 * what the view does not hold.
 *
 * Geometry: GAME_CELL_SQUARE cells sit at (row, col) of a rows x cols grid,
 * row 0 at the top. Triangle cells sit in a triangle of rows rows with its
 * apex at the top: row r holds cols 0..2r, even cols point up, odd down.
 */
enum game_cell_shape {
	GAME_CELL_SQUARE,
	GAME_CELL_TRI
};

/*
 * A field's ground: what the field is, whatever happens on it. Marks
 * (below) are what the viewer is told about it this turn and lie on top,
 * so a cloud field can be in a zone and a field of the last move at once.
 */
enum game_cell_shade {
	GAME_SHADE_PLAIN,
	GAME_SHADE_DARK,	/* the dark squares of a chess board */
	GAME_SHADE_CLOUD,	/* KlinZha: a cloud field */
	GAME_SHADE_EDGE		/* KlinZha: a cloud-edge field */
};

/* Bits of game_cell.marks, any combination on any shade. */
enum game_cell_mark {
	GAME_MARK_ZONE = 1 << 0,	/* a shown Blockader zone, a target */
	GAME_MARK_LAST = 1 << 1		/* a field of the last move */
};

enum game_cell_owner {
	GAME_OWNER_NONE,
	GAME_OWNER_SEAT0,	/* drawn light */
	GAME_OWNER_SEAT1,	/* drawn dark */
	GAME_OWNER_UNKNOWN	/* an enemy object whose kind is not known */
};

struct game_cell {
	int16_t		 row, col;
	uint8_t		 shade;		/* enum game_cell_shade */
	uint8_t		 marks;		/* enum game_cell_mark bits */
	uint8_t		 owner;		/* enum game_cell_owner */
	char		 name[8];	/* the field's name: "E-38", "e4" */
	char		 label[12];	/* the object on it: "N3", "K", "?" */
	char		 side[4][4];	/* small texts at N, E, S, W (ARI) */
};

struct game_cells {
	uint8_t		 shape;		/* enum game_cell_shape */
	int		 rows, cols;
	int		 n;		/* 0: the game has no picture */
	/* The seat whose objects GAME_OWNER_SEAT0 marks: 0 unless the game
	 * gives colours by the move order (Way of the Knight: the light
	 * pieces are White's, whichever seat plays White). */
	int		 light_seat;
	struct game_cell cell[GAME_CELLS_MAX];
};

/*
 * A map board as the viewer may see it (Diplomacy, Zombie-Diplomacy): the
 * structured twin of the diagram for a map picture, as game_cells is for
 * the grid games. Places are the map's location names ("PAR", "STP/NC"),
 * so the drawing (render/) needs no engine. Diplomacy hides nothing, but
 * the rule is the same: the picture is drawn from this alone.
 *
 * The units stand where they are after the phase just played; the orders
 * are those of that phase with their outcome, drawn from where each unit
 * stood when it was ordered.
 */
#define GAME_MAP_BOARDS		2	/* Zombie-Diplomacy: NR and Zombie */
#define GAME_MAP_UNITS		96
#define GAME_MAP_ORDERS		96
#define GAME_MAP_CENTRES	64
#define GAME_MAP_POWERS		8
#define GAME_MAP_PLACE		8	/* "STP/NC" with its NUL */
/* Retreat options of one dislodged unit: a fleet dislodged in the North
 * Sea (eleven neighbours, two of them the attacker's and its support's)
 * may have nine on the standard map. */
#define GAME_MAP_OPTIONS	12

enum game_map_unit_mark {
	GAME_MAP_UNIT,		/* on the board */
	GAME_MAP_DISLODGED,	/* dislodged, awaiting its retreat */
	GAME_MAP_UNDEAD,	/* Zombie-Diplomacy: an undead unit (NR-board) */
	GAME_MAP_WAITING	/* Zombie-Diplomacy: a zombie to be placed, where it fell */
};

enum game_map_order_kind {
	GAME_MAP_HOLD,
	GAME_MAP_MOVE,		/* unit -> to; via convoy when convoyed */
	GAME_MAP_SUPPORT,	/* unit supports from (-> to, or holding: to "") */
	GAME_MAP_CONVOY,	/* unit convoys from -> to */
	GAME_MAP_RETREAT,	/* unit -> to */
	GAME_MAP_DISBAND,	/* unit (a retreat phase's disband) */
	GAME_MAP_BUILD,		/* a new unit of kind in unit */
	GAME_MAP_REMOVE,	/* unit removed in adjustments */
	GAME_MAP_PLACE_ZOMBIE	/* Zombie-Diplomacy: a zombie placed in unit */
};

enum game_map_outcome {
	GAME_MAP_OK,		/* succeeded */
	GAME_MAP_FAILED,	/* bounced, cut, dislodged, no retreat ... */
	GAME_MAP_VOID		/* void or illegal: it did nothing */
};

struct game_map_unit {
	char		 at[GAME_MAP_PLACE];	/* location */
	int8_t		 power;
	char		 kind;			/* 'A' or 'F' */
	uint8_t		 mark;			/* enum game_map_unit_mark */
	/* A dislodged unit: where it may retreat (locations), and the
	 * province it was attacked from. */
	uint8_t		 noptions;
	char		 option[GAME_MAP_OPTIONS][GAME_MAP_PLACE];
	char		 attacker[GAME_MAP_PLACE];
};

struct game_map_order {
	uint8_t		 kind;			/* enum game_map_order_kind */
	uint8_t		 outcome;		/* enum game_map_outcome */
	int8_t		 power;
	char		 ukind;			/* 'A' or 'F' of the ordered unit */
	bool		 convoyed;		/* a move by convoy */
	char		 unit[GAME_MAP_PLACE];	/* where the ordered unit stood */
	char		 from[GAME_MAP_PLACE];	/* the supported or convoyed unit */
	char		 to[GAME_MAP_PLACE];	/* target; "" for a support to hold */
};

struct game_map_board {
	char			 title[GAME_ARG_MAX];	/* "@zombie.board.z" or "" */
	char			 phase[GAME_PHASE_MAX];	/* of the orders: "S1901M" */
	bool			 results;	/* orders are results (not yet played: false) */
	int			 ncentres;
	struct {
		char	 at[GAME_MAP_PLACE];	/* province of the centre */
		int8_t	 owner;			/* power, or -1 */
	}			 centre[GAME_MAP_CENTRES];
	int			 count[GAME_MAP_POWERS];	/* centres owned */
	int			 nunits;
	struct game_map_unit	 unit[GAME_MAP_UNITS];
	int			 norders;
	struct game_map_order	 order[GAME_MAP_ORDERS];
	/* Centres, units, options and orders that did not fit their cap
	 * (left out, counted; none on the standard map): a picture may say
	 * that it is incomplete. */
	int			 left_out;
};

struct game_mapview {
	int			 nboards;	/* 0: the game has no map */
	int			 npowers;
	/* Catalog keys of the powers' names ("@dip.power.0"), for a legend. */
	char			 power[GAME_MAP_POWERS][GAME_KEY_MAX + 1];
	struct game_map_board	 board[GAME_MAP_BOARDS];
};

#define GAME_NOBODY	(-1)	/* no winner (yet) */
#define GAME_DRAWN	(-2)	/* over, drawn */
#define GAME_SEAT_GM	(-1)	/* the seat of the game master in view() */

/*
 * What one seat may know, and nothing else. report.c renders a report from
 * this alone, so a report cannot leak what the view does not hold.
 */
struct game_view {
	int		 seat;			/* or GAME_SEAT_GM */
	int		 ply;			/* moves or phases played */
	enum game_status status;
	int		 winner;		/* a seat, GAME_NOBODY or GAME_DRAWN */
	bool		 due[GAME_MAX_SEATS];	/* seats whose orders are awaited */
	enum game_phase_kind phase_kind;
	char		 phase[GAME_PHASE_MAX];	/* language-neutral: "S1901M" */
	char		 board[GAME_BOARD_MAX];	/* language-neutral diagram */
	struct game_cells cells;		/* the same board, structured */
	struct game_mapview map;		/* a map game's board, structured */
	int		 nmsgs;
	struct game_msg	 msgs[GAME_VIEW_MSGS];	/* events, whose turn, result */
	/*
	 * How many of msgs a report gives before the diagram: a map game's
	 * results, dislodgements, centres and adjustments (Diplomacy
	 * players read the results first), the rest, its next phase, after
	 * it. 0: the diagram comes first (the grid games).
	 */
	int		 nresults;
};

/* The cheap facts of a position, equal to the same fields of
 * view(st, GAME_SEAT_GM), for callers that need no board: the judge's
 * clock, its store, SUMMARY, STATUS, the referee's result. */
struct game_stat {
	enum game_status	 status;
	int			 winner;	/* a seat, GAME_NOBODY or GAME_DRAWN */
	int			 ply;
	enum game_phase_kind	 phase_kind;
	char			 phase[GAME_PHASE_MAX];
	bool			 due[GAME_MAX_SEATS];
	/* Seats out of the game for good while it goes on (Diplomacy: a
	 * power with neither unit nor centre). Not a field of the view
	 * (its reports say it in their messages); false in a game that
	 * does not tell, and in every two-player game. */
	bool			 out[GAME_MAX_SEATS];
	/* Once over: the catalog key of why ("wotk.reason.mate", as the
	 * view's result message gives it as an argument); "" while the
	 * game goes on, or where the game does not tell (Diplomacy). Not
	 * a field of the view either. */
	char			 end[GAME_KEY_MAX];
};

struct game_ops {
	const char	*name;		/* as in CREATE: "weekeewachee" */
	int		 nseats;	/* seats to fill before start() */

	/* Catalog key of a seat's name ("wkw.seat.0"). */
	const char	*(*seat_key)(int seat);

	/* A new game from CREATE's option words (may be empty). Owned. */
	int	(*create)(const char *options, uint64_t seed,
		    struct game_state **out, struct game_diag *why);
	void	(*free)(struct game_state *);

	/* Every seat is taken. first: the seat that moves first, or
	 * GAME_NOBODY to draw it from the game's generator. */
	int	(*start)(struct game_state *, int first, struct game_diag *why);

	/* Versioned text; returns the length it needs (like snprintf), and
	 * writes at most outlen bytes including the NUL. */
	size_t	(*save)(const struct game_state *, char *out, size_t outlen);
	int	(*load)(const char *text, struct game_state **out,
		    struct game_diag *why);

	/*
	 * One line of a player's orders. Fills up to max orders and returns
	 * how many, or -1 with why. Never changes the state. ctx (of
	 * GAME_CTX_MAX bytes, "" at the start of every mail) carries what
	 * one line says about the next ones, e.g. a board marker of
	 * Zombie-Diplomacy; a line that only sets it returns 0 and puts its
	 * confirmation in why->msg.
	 */
	int	(*parse)(const struct game_state *, int seat, const char *line,
		    char *ctx, struct game_order *out, int max,
		    struct game_diag *why);

	/* Whether the orders so far are enough to adjudicate now. */
	bool	(*ready)(const struct game_state *,
		    const struct game_order *orders, int norders);

	/*
	 * What a seat still owes this phase given its orders so far: fills up
	 * to max messages (e.g. "A PAR has no order") and returns how many;
	 * 0 means the seat's orders are complete. NULL: complete when the
	 * seat is not due or has any order.
	 */
	int	(*pending)(const struct game_state *, int seat,
		    const struct game_order *orders, int norders,
		    struct game_msg *out, int max);

	/* Play the phase. The state becomes the next phase's. */
	int	(*adjudicate)(struct game_state *,
		    const struct game_order *orders, int norders,
		    struct game_diag *why);

	/*
	 * A position that comes from outside the game's own play (the
	 * referee console's `position`: a state text a game master wrote)
	 * is judged as the game judges the position after a move: a running
	 * game whose position is already decided (mate, stalemate, no legal
	 * action, a piece on the far base row, ...) ends here, with the
	 * winner and the reason play would have given. The position is not
	 * counted once more for repetitions; a state that is not running,
	 * or not decided, is left as it is. NULL: the game has nothing to
	 * judge (every loaded running state goes on).
	 */
	void	(*settle)(struct game_state *);

	/* The seat gives up; the state records the consequence. */
	int	(*resign)(struct game_state *, int seat);

	/*
	 * The game master ends the game before its time (the judge's
	 * TERMINATE): the state becomes over without a winner, and every
	 * view says so with the standings as they are (Diplomacy: the
	 * supply centres). 0, or -1 when the game is not running. NULL:
	 * the game cannot record it; the judge ends the game alone and the
	 * last reports show the position as it stood.
	 */
	int	(*terminate)(struct game_state *);

	/*
	 * A new player takes over a seat that resigned (TAKEOVER approved by
	 * the GM): the game undoes for the future what resign() did, e.g. a
	 * Diplomacy power leaves civil disorder. Returns 0 when the state
	 * changed, -1 when there was nothing to undo. NULL: resign() leaves
	 * nothing to undo.
	 */
	int	(*resume)(struct game_state *, int seat);

	/* What a seat (or GAME_SEAT_GM) may see. */
	void	(*view)(const struct game_state *, int seat,
		    struct game_view *out);

	/*
	 * Whether the state hides nothing from anyone: view(GAME_SEAT_GM)
	 * holds only what every seat may see, so the judge may show it to
	 * observers (OBSERVE). NULL: the game hides something from someone
	 * (clouds, hidden pieces) or was never checked; the judge refuses
	 * observers.
	 */
	bool	(*observable)(const struct game_state *);

	/* status, winner, ply, phase kind and name, and the seats due, as
	 * view(GAME_SEAT_GM) gives them, without building board, cells or
	 * messages: a few hundred bytes of stack at most. */
	void	(*stat)(const struct game_state *, struct game_stat *out);

	/*
	 * Every order the seat could give now that the judge would accept,
	 * in the notation players write, each passed to emit once (any
	 * order; the console sorts). Returns how many, -1 when the game
	 * cannot list them. NULL: not supported.
	 *
	 * The referee's console (docs/referee.md) prints them for `legal`
	 * and `count`: the canonical text parse() gives (so each order reads
	 * back through parse), with the path where it matters (KlinZha), and
	 * in hidden-information games as the seat may write it: everything
	 * the seat cannot tell apart from a legal order is listed (a
	 * Blind-Fun attack on a hidden piece), nothing depends on what it
	 * cannot see. Draw orders the parser accepts are orders too.
	 */
	int	(*legal)(const struct game_state *, int seat,
		    void (*emit)(void *arg, const char *order), void *arg);

	/*
	 * Move paths to depth plies from this position (chess-like games),
	 * as `perft N` of the referee's console prints it: depth 0 is 1,
	 * depth 1 the number of moves of the side to move (no draw offers,
	 * no resignations), each further ply the sum over those moves.
	 * NULL when the game has no perft.
	 */
	uint64_t (*perft)(const struct game_state *, int depth);

	/*
	 * What SUMMARY tabulates, public to everyone: count[seat] for every
	 * seat (Diplomacy: the supply centres each power owns) and the
	 * period the counts belong to (Diplomacy: the year, "1901"). Returns
	 * the number of seats filled. NULL: the game has no such table.
	 */
	int	(*tally)(const struct game_state *, char *period,
		    size_t periodlen, int *count, int max);

	/*
	 * Before start(): each seat's handicap points from the judge's
	 * ledger of the finished games of this kind between the same
	 * players (points[seat], n seats; Way of the Knight, rules 6). NULL:
	 * the game has no handicap.
	 */
	int	(*handicap)(struct game_state *, const int *points, int n,
		    struct game_diag *why);
};

/* registry.c */
const struct game_ops	*game_find(const char *name);	/* or an alias */
const struct game_ops	*game_at(int i);	/* NULL past the last */
/*
 * The game's name or alias a mistyped one meant ("diplomcy": "diplomacy"),
 * the nearest within common/nearest.h's limit; NULL when none is. The
 * string is static.
 */
const char		*game_nearest(const char *name);

/* msg.c: helpers the games build messages with (pure) */
void	game_msg_set(struct game_msg *, const char *key, int nargs, ...);
void	game_msg_arg(struct game_msg *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	game_view_add(struct game_view *, const char *key, int nargs, ...);
void	game_view_set_stat(struct game_view *, const struct game_stat *);
/* stat's end from a reason key, given as a message argument ("@k") or
 * as a key ("k"); "" stays "". */
void	game_stat_end(struct game_stat *, const char *reason);
void	game_view_board(struct game_view *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	game_diag_set(struct game_diag *, const char *key, int nargs, ...);
/*
 * For a game that builds an argument in its own buffer first (a quote of
 * the player's line, a word of it): formats into arg and cuts it like
 * every argument, between characters (GAME_ARG_MAX). game_msg_cut: s
 * holds the first len bytes of a longer text and its NUL; drops the UTF-8
 * sequence the cut left incomplete, if any.
 */
void	game_msg_format(char arg[GAME_ARG_MAX], const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	game_msg_cut(char *s, size_t len);

#endif
