/*
 * ops.c - standard Diplomacy for seven players as a game of the judge
 * (game.h): dip_ops, CREATE kind "standard".
 *
 * One board (board.c) on the standard map, options no-retreat, 1898
 * (rules/diplomacy.md) and draw=dias|named (issue 16). The state owns its
 * copy of the map, loaded from the text compiled into the program, and
 * one work space reused phase after phase. Rule decisions beyond the
 * rules text are in README.md beside this file. No I/O; the only
 * allocation is the state.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "board.h"

#define OPS_VERSION_LINE	"dip 1"
#define OPS_WORD_MAX		32

struct game_state {
	struct dip_map		 map;
	struct dip_board	 b;
	unsigned		 options;
	uint64_t		 seed;
	bool			 started;
	int			 ply;
	struct dip_board_work	 work;	/* not saved: scratch of a phase */
};

static const char *const seat_keys[DIP_MAX_POWERS] = {
	"dip.power.0", "dip.power.1", "dip.power.2", "dip.power.3",
	"dip.power.4", "dip.power.5", "dip.power.6"
};

static const char *
ops_seat_key(int seat)
{
	return seat >= 0 && seat < DIP_MAX_POWERS ? seat_keys[seat] :
	    "dip.seat.gm";
}

/* Option words of CREATE (the judge has removed its own). */
static int
ops_options(const char *options, unsigned *out, struct game_diag *why)
{
	char		 w[OPS_WORD_MAX];
	const char	*p = options == NULL ? "" : options;
	size_t		 n;

	*out = 0;
	for (;;) {
		p += strspn(p, " \t\r\n");
		if ((n = strcspn(p, " \t\r\n")) == 0)
			break;
		/* A longer word is no option: it is refused, quoted as
		 * far as it fits, cut between characters. */
		if (snprintf(w, sizeof(w), "%.*s", (int)n, p) >= (int)sizeof(w))
			game_msg_cut(w, sizeof(w) - 1);
		p += n;
		if (strcasecmp(w, "no-retreat") == 0 ||
		    strcasecmp(w, "noretreat") == 0 ||
		    strcasecmp(w, "no_retreat") == 0 ||
		    strcasecmp(w, "autodisband") == 0)
			*out |= DIP_OPT_NO_RETREAT;
		else if (strcasecmp(w, "1898") == 0 ||
		    strcasecmp(w, "start=1898") == 0)
			*out |= DIP_OPT_START_1898;
		else if (strcasecmp(w, "draw=named") == 0)
			*out |= DIP_OPT_DRAW_NAMED;
		else if (strcasecmp(w, "draw=dias") == 0)
			*out &= ~DIP_OPT_DRAW_NAMED;
		else {
			game_diag_set(why, "dip.err.option", 1, w);
			return -1;
		}
	}
	return 0;
}

static struct game_state *
ops_new(unsigned options, uint64_t seed, struct game_diag *why)
{
	struct game_state	*st;

	if ((st = calloc(1, sizeof(*st))) == NULL) {
		game_diag_set(why, "dip.err.no_memory", 0);
		return NULL;
	}
	dip_map_standard(&st->map);
	st->options = options;
	st->seed = seed;
	dip_board_init(&st->b, &st->map, options);
	return st;
}

static int
ops_create(const char *options, uint64_t seed, struct game_state **out,
    struct game_diag *why)
{
	unsigned	 opt;

	*out = NULL;
	if (ops_options(options, &opt, why) != 0)
		return -1;
	if ((*out = ops_new(opt, seed, why)) == NULL)
		return -1;
	return 0;
}

static void
ops_free(struct game_state *st)
{
	free(st);
}

/* Simultaneous moves: nobody moves first. */
static int
ops_start(struct game_state *st, int first, struct game_diag *why)
{
	(void)first;
	if (st->started) {
		game_diag_set(why, "dip.err.started", 0);
		return -1;
	}
	st->started = true;
	return 0;
}

/*
 * The text, version 1:
 *
 *	dip 1
 *	options: no-retreat 1898 draw=named | -
 *	seed: 16 hex digits
 *	started: 0 | 1
 *	ply: N				phases played
 *	...				the board (board_text.c), no prefix
 */
static size_t
ops_save(const struct game_state *st, char *buf, size_t cap)
{
	struct statetext_out	 o = { buf, cap, 0 };

	if (cap > 0)
		buf[0] = '\0';
	statetext_put(&o, "%s\noptions:%s%s%s%s\nseed: %016" PRIx64 "\n"
	    "started: %d\nply: %d\n", OPS_VERSION_LINE,
	    st->options & DIP_OPT_NO_RETREAT ? " no-retreat" : "",
	    st->options & DIP_OPT_START_1898 ? " 1898" : "",
	    st->options & DIP_OPT_DRAW_NAMED ? " draw=named" : "",
	    st->options & (DIP_OPT_NO_RETREAT | DIP_OPT_START_1898 |
	    DIP_OPT_DRAW_NAMED) ? "" : " -", st->seed, st->started ? 1 : 0,
	    st->ply);
	dip_board_save(&st->b, "", &o);
	return o.len + 1;
}

static int
ops_header(struct game_state *st, const char *key, const char *val)
{
	unsigned	 opt;
	char		*end;
	struct game_diag why;

	if (strcmp(key, "options") == 0)
		return ops_options(strcmp(val, "-") == 0 ? "" : val, &opt,
		    &why) == 0 && opt == st->options ? 0 : -1;
	if (strcmp(key, "seed") == 0) {
		st->seed = strtoull(val, &end, 16);
		return *end == '\0' && strlen(val) == 16 ? 0 : -1;
	}
	if (strcmp(key, "started") == 0) {
		st->started = strcmp(val, "1") == 0;
		return strcmp(val, "0") == 0 || st->started ? 0 : -1;
	}
	if (strcmp(key, "ply") == 0) {
		st->ply = (int)strtol(val, &end, 10);
		return *end == '\0' && st->ply >= 0 ? 0 : -1;
	}
	return 1;
}

/* The options line comes first, so the state can be made from it. */
static int
ops_load(const char *text, struct game_state **out, struct game_diag *why)
{
	struct game_state	*st = NULL;
	char			*copy, *line, *next, *key, *val;
	unsigned		 opt = 0;
	int			 rc = -1, r;

	*out = NULL;
	if ((copy = strdup(text)) == NULL)
		goto bad;
	line = copy;
	next = strchr(line, '\n');
	if (next == NULL || (*next = '\0', strcmp(line, OPS_VERSION_LINE)))
		goto bad;
	line = next + 1;
	if ((next = strchr(line, '\n')) == NULL)
		goto bad;
	*next = '\0';
	if ((val = statetext_kv(line, &key)) == NULL ||
	    strcmp(key, "options") ||
	    ops_options(strcmp(val, "-") == 0 ? "" : val, &opt, why) != 0 ||
	    (st = ops_new(opt, 0, why)) == NULL)
		goto bad;
	dip_board_load_begin(&st->b);
	for (line = next + 1; *line != '\0'; line = next + 1) {
		if ((next = strchr(line, '\n')) == NULL)
			goto bad;
		*next = '\0';
		if ((val = statetext_kv(line, &key)) == NULL)
			goto bad;
		if ((r = ops_header(st, key, val)) == 1)
			r = dip_board_load_line(&st->b, key, val);
		if (r != 0)
			goto bad;
	}
	if (dip_board_check(&st->b) != 0)
		goto bad;
	*out = st;
	rc = 0;
bad:
	if (rc != 0) {
		game_diag_set(why, "dip.err.state", 0);
		free(st);
	}
	free(copy);
	return rc;
}

static int
ops_parse(const struct game_state *st, int seat, const char *line,
    char *ctx, struct game_order *out, int max, struct game_diag *why)
{
	int	 n = -1;

	(void)ctx;
	if (!st->started)
		game_diag_set(why, "dip.err.not_started", 0);
	else if (seat < 0 || seat >= st->map.npowers)
		game_diag_set(why, "dip.err.no_power", 0);
	else	/* Standard games: a DRAW vote at any time, as on njudge. */
		n = dip_board_parse(&st->b, seat, line, "", 0, out, max, why);
	/* Whoever writes it (the GM too), a greeting is no order. */
	if (n < 0) {
		why->prose = !dip_order_looks(&st->map, line);
		why->foreign = dip_order_foreign(&st->map, line);
	}
	return n;
}

static bool
ops_ready(const struct game_state *st, const struct game_order *orders,
    int n)
{
	struct dip_board_orders	 bo;
	struct game_msg		 m[1];
	int			 p;

	if (!st->started || st->b.end != DIP_END_NONE)
		return false;
	dip_board_collect(&st->b, orders, n, "", &bo);
	if (dip_board_draw_agreed(&st->b, &bo))
		return true;
	for (p = 0; p < st->map.npowers; p++)
		if (dip_board_pending(&st->b, p, &bo, m, 1) > 0)
			return false;
	return true;
}

static int
ops_pending(const struct game_state *st, int seat,
    const struct game_order *orders, int n, struct game_msg *out, int max)
{
	struct dip_board_orders	 bo;

	if (!st->started || seat < 0 || seat >= st->map.npowers)
		return 0;
	dip_board_collect(&st->b, orders, n, "", &bo);
	return dip_board_pending(&st->b, seat, &bo, out, max);
}

static int
ops_adjudicate(struct game_state *st, const struct game_order *orders,
    int n, struct game_diag *why)
{
	uint8_t	 drawn;

	if (!st->started || st->b.end != DIP_END_NONE) {
		game_diag_set(why, "dip.err.over", 0);
		return -1;
	}
	dip_board_collect(&st->b, orders, n, "", &st->work.bo);
	if ((drawn = dip_board_draw_set(&st->b, &st->work.bo)) != 0)
		dip_board_draw_among(&st->b, drawn);
	else
		dip_board_play(&st->b, &st->work, false);
	st->ply++;
	return 0;
}

/* Civil disorder: from now on the power's units hold, its dislodged
 * units disband and its adjustments follow the civil-disorder rule. */
static int
ops_resign(struct game_state *st, int seat)
{
	if (seat < 0 || seat >= st->map.npowers ||
	    st->b.end != DIP_END_NONE)
		return -1;
	st->b.cd |= DIP_BIT(seat);
	return 0;
}

/* The game master ends the game (TERMINATE): over, no winner; a phase of
 * its own, so the final report has a number of its own. */
static int
ops_terminate(struct game_state *st)
{
	if (!st->started || st->b.end != DIP_END_NONE)
		return -1;
	dip_board_stop(&st->b);
	st->ply++;
	return 0;
}

/* A new player took the power over (TAKEOVER): civil disorder ends. */
static int
ops_resume(struct game_state *st, int seat)
{
	if (seat < 0 || seat >= st->map.npowers ||
	    !(st->b.cd & DIP_BIT(seat)))
		return -1;
	st->b.cd &= (uint8_t)~DIP_BIT(seat);
	return 0;
}

/*
 * SUMMARY's table: the centres each power owns and the year they belong
 * to. Centres change hands only after the Fall (rules/diplomacy.md), so a
 * Spring or Fall state shows the owners at the end of the year before
 * (the starting owners as "1900", or "1898" with option 1898) and a
 * Winter state those at the end of its own year.
 */
static int
ops_tally(const struct game_state *st, char *period, size_t periodlen,
    int *count, int max)
{
	int	 p;

	snprintf(period, periodlen, "%d", st->b.st.season == DIP_WINTER ?
	    st->b.st.year : st->b.st.year - 1);
	for (p = 0; p < st->map.npowers && p < max; p++)
		count[p] = dip_state_centres(&st->b.st, p);
	return p;
}

/* game_ops.stat, and the same fields of every view. */
static void
ops_stat(const struct game_state *st, struct game_stat *out)
{
	static const enum game_phase_kind kinds[] = {
		GAME_PHASE_MOVE, GAME_PHASE_RETREAT, GAME_PHASE_ADJUST
	};
	uint8_t	 due = st->started ? dip_board_due(&st->b) : 0;
	int	 p;

	memset(out, 0, sizeof(*out));
	out->ply = st->ply;
	out->winner = GAME_NOBODY;
	out->status = !st->started ? GAME_STATUS_FORMING :
	    st->b.end != DIP_END_NONE ? GAME_STATUS_OVER :
	    GAME_STATUS_RUNNING;
	if (st->b.end == DIP_END_SOLO)
		out->winner = st->b.st.winner;
	else if (st->b.end == DIP_END_DRAW)
		out->winner = GAME_DRAWN;
	for (p = 0; p < st->map.npowers; p++) {
		out->due[p] = (due & DIP_BIT(p)) != 0;
		out->out[p] = st->started && !(st->b.alive & DIP_BIT(p));
	}
	out->phase_kind = kinds[st->b.st.phase];
	dip_state_phase_code(&st->b.st, out->phase, sizeof(out->phase));
}

static void
ops_view(const struct game_state *st, int seat, struct game_view *v)
{
	struct game_stat	 s;

	memset(v, 0, sizeof(*v));
	v->seat = seat >= 0 && seat < st->map.npowers ? seat : GAME_SEAT_GM;
	ops_stat(st, &s);
	game_view_set_stat(v, &s);
	dip_board_diagram(&st->b, v->phase, v);
	dip_board_map_powers(&st->map, &v->map);
	dip_board_map(&st->b, "", v->phase, &v->map.board[0]);
	v->map.nboards = 1;
	if (!st->started)
		game_view_add(v, "dip.view.forming", 0);
	dip_board_report(&st->b, v);
	dip_board_status(&st->b, v);
	/* Results, centres and adjustments before the diagram; the next
	 * phase after it, where the report adds its deadline. */
	v->nresults = v->nmsgs;
	dip_board_next(&st->b, v);
}

/* README.md "What a view holds": every seat's view is the GM's. */
static bool
ops_observable(const struct game_state *st)
{
	(void)st;
	return true;
}

const struct game_ops dip_ops = {
	.name = "standard",
	.nseats = DIP_MAX_POWERS,
	.seat_key = ops_seat_key,
	.create = ops_create,
	.free = ops_free,
	.start = ops_start,
	.save = ops_save,
	.load = ops_load,
	.parse = ops_parse,
	.ready = ops_ready,
	.pending = ops_pending,
	.adjudicate = ops_adjudicate,
	.resign = ops_resign,
	.terminate = ops_terminate,
	.resume = ops_resume,
	.tally = ops_tally,
	.view = ops_view,
	.observable = ops_observable,
	.stat = ops_stat,
};
