/*
 * dip.h - the Diplomacy engine's types, shared by the files of this folder.
 *
 * Nothing outside adjudicator/diplomacy/ includes this header: the judge
 * will see the engine through a game_ops table (game.h), the command line
 * through cli.h. Everything is sized by the named limits below, so a phase
 * is adjudicated without a single allocation (STYLE.md 6): the map is
 * loaded once, a state is a plain struct, and the resolver works in a
 * caller-provided scratch struct that is reused phase after phase.
 */
#ifndef PBEMD_DIP_H
#define PBEMD_DIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "adjudicator/game/game.h"

#define DIP_MAX_PROVINCES	96
#define DIP_MAX_LOCS		128	/* provinces and their coasts */
#define DIP_MAX_POWERS		7
#define DIP_MAX_UNITS		DIP_MAX_PROVINCES
#define DIP_MAX_NAMES		512	/* abbreviations, full names, aliases */
#define DIP_MAX_ORDERS		512	/* orders in one phase, repeats included */
/* A name's key (lower-case letters and digits) with its NUL. The map
 * loader refuses a name of DIP_NAME_MAX - 1 letters or more, so a word an
 * order cuts to that length matches no name. */
#define DIP_NAME_MAX		32
#define DIP_WIN_CENTRES		18
/* The hash indexes of the map (map.c, order.c): open addressing, at most
 * half full, so a word is found in one or two probes. */
#define DIP_NAME_SLOTS		(2 * DIP_MAX_NAMES)
#define DIP_LOC_SLOTS		(2 * DIP_MAX_LOCS)
#define DIP_POWER_SLOTS_LOG2	5
#define DIP_POWER_SLOTS		(1 << DIP_POWER_SLOTS_LOG2)
/* The words an order may hold (order.c): its own words and every name. */
#define DIP_MAX_WORDS		(DIP_MAX_NAMES + 128)
#define DIP_WORD_SLOTS		2048	/* 2 * DIP_MAX_WORDS, up to a power of 2 */
#define DIP_WORD_MAX		DIP_NAME_MAX	/* a word's key with its NUL */

_Static_assert(DIP_WORD_SLOTS >= 2 * DIP_MAX_WORDS &&
    (DIP_WORD_SLOTS & (DIP_WORD_SLOTS - 1)) == 0, "the word index halves");

/* A set of provinces or of locations; 128 members. */
struct dip_set {
	uint64_t	 w[2];
};

static inline bool
dip_set_has(const struct dip_set *s, int i)
{
	return (s->w[i >> 6] >> (i & 63)) & 1;
}

static inline void
dip_set_add(struct dip_set *s, int i)
{
	s->w[i >> 6] |= (uint64_t)1 << (i & 63);
}

static inline bool
dip_set_empty(const struct dip_set *s)
{
	return (s->w[0] | s->w[1]) == 0;
}

/*
 * The first member of s from i on (0 <= i), or -1: the members in
 * increasing order are
 *	for (i = dip_set_next(s, 0); i >= 0; i = dip_set_next(s, i + 1))
 * which visits the members alone, not every number below 128.
 */
static inline int
dip_set_next(const struct dip_set *s, int i)
{
	uint64_t	 w;

	if (i < 64 && (w = s->w[0] >> i) != 0)
		return i + __builtin_ctzll(w);
	if (i < 64)
		i = 64;
	if (i < 128 && (w = s->w[1] >> (i - 64)) != 0)
		return i + __builtin_ctzll(w);
	return -1;
}

enum dip_terrain {
	DIP_LAND,
	DIP_COAST,
	DIP_SEA
};

enum dip_coast {
	DIP_NOCOAST,
	DIP_NC,
	DIP_SC,
	DIP_EC
};

enum dip_kind {
	DIP_ARMY,
	DIP_FLEET,
	DIP_ANYKIND = -1	/* unit type not written in the order */
};

struct dip_province {
	char		 abbr[4];
	char		 name[DIP_NAME_MAX];
	uint8_t		 terrain;
	bool		 centre;
	int8_t		 home;		/* power, or -1 */
	uint8_t		 ncoasts;
	uint8_t		 coast[3];	/* location indices of the coasts */
};

/*
 * A place a unit can stand. Location i < nprov is province i itself; the
 * coasts of split-coast provinces follow, so an army or a fleet on a
 * one-coast province stands on the location numbered like its province.
 */
struct dip_loc {
	uint8_t		 prov;
	uint8_t		 coast;
	char		 name[8];	/* "STP/NC" */
};

struct dip_name {
	char		 key[DIP_NAME_MAX];	/* lower case, letters only */
	uint8_t		 prov;
	uint8_t		 len;			/* of key */
	uint32_t	 hash;			/* dip_hash() of key */
	uint64_t	 letters;		/* map.c: which occur */
};

struct dip_unit {
	int8_t		 power;
	uint8_t		 kind;
	uint8_t		 loc;
};

/*
 * A word of the order language (order.c's tables and the map's names,
 * gathered by dip_order_index() into the map, so the parser classes a
 * word with one lookup): what it is as a verb, a unit, a coast, order.c's
 * flags, and the province it names alone.
 */
struct dip_word {
	char		 key[DIP_WORD_MAX];
	uint32_t	 hash;		/* dip_hash() of key */
	uint8_t		 len;		/* of key */
	uint8_t		 verb;		/* order.c's enum verb; 0: none */
	int8_t		 kind;		/* DIP_ARMY, DIP_FLEET or DIP_ANYKIND */
	uint8_t		 coast;		/* enum dip_coast */
	uint8_t		 flags;		/* order.c's */
	int16_t		 prov;		/* a name's province, or -1 */
};

struct dip_map {
	int			 nprov;
	int			 nlocs;
	int			 npowers;
	int			 nnames;
	int			 nstart;
	char			 power[DIP_MAX_POWERS][4];
	char			 power_name[DIP_MAX_POWERS][16];
	/* The powers' abbreviations as numbers, and their index: power
	 * + 1, 0 for an empty slot (map.c). */
	uint32_t		 power_key[DIP_MAX_POWERS];
	uint8_t			 power_slot[DIP_POWER_SLOTS];
	struct dip_province	 prov[DIP_MAX_PROVINCES];
	struct dip_loc		 loc[DIP_MAX_LOCS];
	struct dip_set		 army_adj[DIP_MAX_PROVINCES];	/* provinces */
	struct dip_set		 fleet_adj[DIP_MAX_LOCS];	/* locations */
	struct dip_set		 fleet_reach[DIP_MAX_LOCS];	/* provinces */
	struct dip_set		 any_adj[DIP_MAX_PROVINCES];	/* provinces */
	struct dip_set		 seas;		/* the provinces at sea */
	struct dip_set		 centres;	/* the supply centres */
	struct dip_name		 names[DIP_MAX_NAMES];		/* sorted */
	/* The names by their key's length: those of length n are by_len
	 * from len_first[n] up to len_first[n + 1] (map.c). */
	uint16_t		 by_len[DIP_MAX_NAMES];
	uint16_t		 len_first[DIP_NAME_MAX + 1];
	struct dip_unit		 start[DIP_MAX_UNITS];
	int8_t			 start_owner[DIP_MAX_PROVINCES];
	/* Hash indexes (dip_hash): names + 1, locations + 1 by their upper
	 * case names, words + 1; 0 is an empty slot. */
	uint16_t		 name_slot[DIP_NAME_SLOTS];
	uint8_t			 loc_slot[DIP_LOC_SLOTS];
	int			 nwords;
	struct dip_word		 words[DIP_MAX_WORDS];
	uint16_t		 word_slot[DIP_WORD_SLOTS];
};

/* FNV-1a, continued from h over the n bytes of s (DIP_HASH_INIT to
 * begin), so a key made of several words is hashed word by word. */
#define DIP_HASH_INIT		2166136261u

static inline uint32_t
dip_hash(uint32_t h, const char *s, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/* The first slot of hash h in a table of nslots (a power of two). */
static inline unsigned
dip_hash_slot(uint32_t h, unsigned nslots)
{
	return (unsigned)((h * 2654435769u) >> 16) & (nslots - 1);
}

/* map.c */
int	 dip_map_load(const char *text, struct dip_map *out,
	    struct game_diag *why);
int	 dip_map_find(const struct dip_map *, const char *key);
int	 dip_map_findh(const struct dip_map *, const char *key, size_t len,
	    uint32_t hash);
int	 dip_map_suggest(const struct dip_map *, const char *key,
	    int *out, int max);
int	 dip_map_loc(const struct dip_map *, int prov, int coast);
int	 dip_map_power(const struct dip_map *, const char *abbr);
int	 dip_map_power_len(const struct dip_map *, const char *abbr,
	    size_t len);
int	 dip_map_locname(const struct dip_map *, const char *text);
int	 dip_map_locname_len(const struct dip_map *, const char *text,
	    size_t len);
size_t	 dip_map_key(const char *text, size_t len, char *out, size_t outlen);
/* Whether every letter of text is one a key reads (ASCII, or German). */
bool	 dip_map_plain(const char *text, size_t len);

/* map_standard.c */
void	 dip_map_standard(struct dip_map *out);

/* The embedded copy of maps/standard.map (build/gen/dip_standard_map.c),
 * and the same loaded when the program was built: the bytes of its
 * struct dip_map (build/gen/dip_standard_image.c, mapgen.c). */
extern const char dip_standard_map_text[];
extern const unsigned char dip_standard_map_image[];

enum dip_season {
	DIP_SPRING,
	DIP_FALL,
	DIP_WINTER
};

enum dip_phase {
	DIP_MOVEMENT,
	DIP_RETREAT,
	DIP_ADJUST
};

#define DIP_OPT_NO_RETREAT	0x1	/* dislodged units are destroyed */
#define DIP_OPT_START_1898	0x2
#define DIP_OPT_OLD_DISORDER	0x4	/* DATC v2.4 civil-disorder distances */
#define DIP_OPT_DRAW_NAMED	0x8	/* draw=named: DRAW may name powers */

/* A unit dislodged in the movement phase, waiting for its retreat. */
struct dip_retreat {
	struct dip_unit	 unit;
	uint8_t		 from;		/* the attacker's province */
	bool		 convoyed;	/* the attacker came by convoy */
	struct dip_set	 options;	/* locations it may retreat to */
};

struct dip_state {
	const struct dip_map	*map;
	int			 year;
	uint8_t			 season;
	uint8_t			 phase;
	unsigned		 options;
	int			 nunits;
	struct dip_unit		 unit[DIP_MAX_UNITS];
	int8_t			 owner[DIP_MAX_PROVINCES];
	int			 nretreats;
	struct dip_retreat	 retreat[DIP_MAX_UNITS];
	int			 winner;	/* power, or -1 */
};

enum dip_order_kind {
	DIP_HOLD,
	DIP_MOVE,
	DIP_SUPPORT,		/* dest < 0: support to hold */
	DIP_CONVOY,
	DIP_RETREAT_TO,
	DIP_DISBAND,
	DIP_BUILD,
	DIP_REMOVE,
	DIP_WAIVE
};

/*
 * One order as written: locations are the ones the player named (a coast
 * only if one was written). Whether it is possible is decided against the
 * state when the phase is adjudicated, never while parsing.
 */
struct dip_order {
	uint8_t		 kind;
	int8_t		 power;
	int8_t		 ukind;		/* DIP_ANYKIND if not written */
	uint8_t		 uloc;
	int8_t		 tkind;		/* supported or convoyed unit */
	uint8_t		 tloc;
	int16_t		 dest;		/* location, or -1 */
	bool		 via;		/* "via convoy" or a spelled route */
};

enum dip_result {
	DIP_SUCCEEDS,
	DIP_SUCCEEDS_OWN,
	DIP_FAILS,
	DIP_VOID
};

/*
 * Why an order failed or was void: an index into dip_why_table, which
 * gives the word of datc.txt and the catalog key (templates/en/dip.txt).
 */
enum dip_why {
	DIP_W_NONE,
	DIP_W_BOUNCE,
	DIP_W_NOCONVOY,
	DIP_W_PARADOX,
	DIP_W_CUT,
	DIP_W_NOMATCH,
	DIP_W_DISLODGED,
	DIP_W_DISRUPTED,
	DIP_W_NOTUSED,
	DIP_W_NO_UNIT,
	DIP_W_NOT_OWN_UNIT,
	DIP_W_NOT_ADJACENT,
	DIP_W_ARMY_TO_SEA,
	DIP_W_FLEET_TO_INLAND,
	DIP_W_MOVE_TO_SELF,
	DIP_W_COAST_REQUIRED,
	DIP_W_COAST_UNREACHABLE,
	DIP_W_FLEET_CONVOYED,
	DIP_W_NO_ROUTE,
	DIP_W_SUPPORT_SELF,
	DIP_W_SUPPORT_UNREACHABLE,
	DIP_W_SUPPORT_INTO_SELF,
	DIP_W_SUPPORTED_ILLEGAL,
	DIP_W_CONVOY_COASTAL,
	DIP_W_CONVOY_NOT_ARMY,
	DIP_W_CONVOY_TO_SELF,
	DIP_W_CONVOY_OFF_ROUTE,
	DIP_W_WRONG_PHASE,
	DIP_W_NOT_DISLODGED,
	DIP_W_RETREAT_ATTACKER,
	DIP_W_RETREAT_STANDOFF,
	DIP_W_RETREAT_OCCUPIED,
	DIP_W_NOT_HOME,
	DIP_W_HOME_NOT_OWNED,
	DIP_W_CENTRE_OCCUPIED,
	DIP_W_FLEET_INLAND_CENTRE,
	DIP_W_COAST_NOT_GIVEN,
	DIP_W_TYPE_NOT_GIVEN,
	DIP_W_NO_BUILDS_LEFT,
	DIP_W_CENTRE_USED,
	DIP_W_NO_REMOVALS_LEFT,
	DIP_W_ALREADY_REMOVED,
	DIP_W_REPLACED,
	DIP_W_UNDEAD,		/* rules/zombie-diplomacy.md: undead units */
	DIP_W_UNDEAD_MOVES,
	DIP_W__COUNT
};

struct dip_why_entry {
	const char	*word;		/* as in datc.txt: "bounce" */
	const char	*key;		/* "dip.why.bounce" */
};

extern const struct dip_why_entry dip_why_table[DIP_W__COUNT];

struct dip_outcome {
	uint8_t		 result;	/* enum dip_result */
	uint8_t		 why;		/* enum dip_why */
};

/* What a phase did, besides the new state. */
struct dip_report {
	struct dip_outcome	 out[DIP_MAX_ORDERS];	/* one per order */
	int			 ndislodged;
	struct dip_retreat	 dislodged[DIP_MAX_UNITS];
	int			 ndisbanded;
	struct dip_unit		 disbanded[DIP_MAX_UNITS];
	int			 nautoremoved;
	struct dip_unit		 autoremoved[DIP_MAX_UNITS];
	bool			 owners_changed;
};

/*
 * The resolver's working memory (adjudicate.c). Callers keep one and hand
 * it to every dip_adjudicate() call; its contents do not survive a call.
 */
struct dip_scratch {
	int16_t		 order_of[DIP_MAX_UNITS];	/* order index, or -1 */
	uint8_t		 kind[DIP_MAX_UNITS];
	uint8_t		 why[DIP_MAX_UNITS];
	int16_t		 dest[DIP_MAX_UNITS];		/* province */
	int16_t		 dloc[DIP_MAX_UNITS];		/* location */
	int16_t		 target[DIP_MAX_UNITS];		/* unit */
	int16_t		 scoast[DIP_MAX_UNITS];		/* coast in a support */
	bool		 isvoid[DIP_MAX_UNITS];
	bool		 nomatch[DIP_MAX_UNITS];
	bool		 convoyed[DIP_MAX_UNITS];
	bool		 paradox[DIP_MAX_UNITS];
	int16_t		 at[DIP_MAX_PROVINCES];		/* unit, or -1 */
	int16_t		 into_head[DIP_MAX_PROVINCES];
	int16_t		 into_next[DIP_MAX_UNITS];
	int16_t		 sup_head[DIP_MAX_UNITS];
	int16_t		 sup_next[DIP_MAX_UNITS];
	int16_t		 conv_head[DIP_MAX_UNITS];
	int16_t		 conv_next[DIP_MAX_UNITS];
	uint8_t		 rstate[DIP_MAX_UNITS];
	bool		 res[DIP_MAX_UNITS];
	int16_t		 dep[DIP_MAX_UNITS * 4];
	int		 ndep;
	unsigned	 guesses;	/* times a guess was read */
	struct dip_set	 fleets;	/* seas holding a fleet */
};

/* state.c */
void	 dip_state_init(struct dip_state *, const struct dip_map *,
	    unsigned options);
void	 dip_state_clear(struct dip_state *);
int	 dip_state_unit_at(const struct dip_state *, int prov);
int	 dip_state_add_unit(struct dip_state *, int power, int kind, int loc);
void	 dip_state_remove_unit(struct dip_state *, int i);
void	 dip_state_update_owners(struct dip_state *, struct dip_report *);
int	 dip_state_centres(const struct dip_state *, int power);
int	 dip_state_units(const struct dip_state *, int power);
void	 dip_state_tally(const struct dip_state *, int *centres, int *units);
int	 dip_state_phase_code(const struct dip_state *, char *out, size_t len);
int	 dip_state_set_phase(struct dip_state *, const char *code);

/* order.c */
int	 dip_order_index(struct dip_map *);
int	 dip_order_parse(const struct dip_map *, int power, const char *line,
	    struct dip_order *out, int max, struct game_diag *why);
int	 dip_order_format(const struct dip_map *, const struct dip_order *,
	    char *out, size_t len);
int	 dip_order_reader(const struct dip_map *, const struct dip_order *,
	    char *out, size_t len);
void	 dip_order_province(const struct dip_map *, int prov, char *out,
	    size_t len);

/* prose.c: whether a refused line reads as an order, or is prose; and
 * whether its first word is no word an order begins with (game.h
 * game_diag.foreign). */
bool	 dip_order_looks(const struct dip_map *, const char *line);
bool	 dip_order_foreign(const struct dip_map *, const char *line);

/* adjudicate.c: plays the phase the state is in and moves it on. */
int	 dip_adjudicate(struct dip_state *, const struct dip_order *orders,
	    int norders, struct dip_report *rep, struct dip_scratch *scratch);
void	 dip_adjudicate_season(struct dip_state *, struct dip_report *rep);

/* movement.c, retreat.c, adjust.c: the three kinds of phase. */
void	 dip_movement(struct dip_state *, const struct dip_order *, int,
	    struct dip_report *, struct dip_scratch *);
void	 dip_retreat(struct dip_state *, const struct dip_order *, int,
	    struct dip_report *);
void	 dip_adjust(struct dip_state *, const struct dip_order *, int,
	    struct dip_report *);

#endif
