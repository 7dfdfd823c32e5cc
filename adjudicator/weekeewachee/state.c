/*
 * state.c - weekeewachee state as versioned text, and its consistency check.
 *
 * save() writes, load() reads back exactly what save() wrote, and refuses
 * any version it does not know (STYLE.md 12); a loaded state is checked as
 * a whole before the judge may use it. No I/O beyond the caller's buffer.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/game/statetext.h"
#include "adjudicator/weekeewachee/wkw.h"

/*
 * The layout, version 1. One "key: value" line each, in this order:
 *
 *	wkw 1
 *	variant: classic | blind
 *	phase: forming | setup | play | over
 *	first: -1 | 0 | 1		seat that moved first, -1 before start
 *	turn: 0 | 1			seat to move
 *	ply: N				phases adjudicated (setup included)
 *	winner: -1 | -2 | 0 | 1	GAME_NOBODY, GAME_DRAWN or a seat
 *	end: none | base_row | capture_all | resign | repetition |
 *	     no_moves | agreement | ply_cap
 *	seed: 16 hex digits		the seed given to create()
 *	rng: 4 x 16 hex digits		the generator's words now
 *	board: R?P?S?W?/..../..../..../..../rpsw
 *		ranks 1 to 6, files a to d; '.' empty, upper case White,
 *		lower case Black, '?' after a piece still hidden (Blind-Fun)
 *	last: TYPE SEAT FROM TO AKIND DKIND HIDDEN OUTCOME
 *		the last phase: TYPE none | shuffle | setup | move | capture |
 *		attack | draw | resign; squares like "b3"; kinds a letter or
 *		'.'; HIDDEN 0 | 1; OUTCOME none | won | lost | equal
 *	hist: KEY			zero or more, oldest first: the
 *		positions since the last capture or reveal, as the players
 *		see them (24 squares a1..d6 with X/x for hidden, side to move)
 */

#define WKW_VERSION_LINE	"wkw 1"

static const char *const wkw_phase_words[] = {
	"forming", "setup", "play", "over"
};
static const char *const wkw_end_words[] = {
	"none", "base_row", "capture_all", "resign", "repetition", "no_moves",
	"agreement", "ply_cap"
};
static const char *const wkw_event_words[] = {
	"none", "shuffle", "setup", "move", "capture", "attack", "draw",
	"resign"
};
static const char *const wkw_outcome_words[] = {
	"none", "won", "lost", "equal"
};

static void
wkw_state_board_text(const struct game_state *st, char *out)
{
	int	 sq;

	for (sq = 0; sq < WKW_SQUARES; sq++) {
		if (sq > 0 && sq % WKW_FILES == 0)
			*out++ = '/';
		*out++ = wkw_rules_letter(&st->board[sq], true);
		if (st->board[sq].owner != GAME_NOBODY && st->board[sq].hidden)
			*out++ = '?';
	}
	*out = '\0';
}

size_t
wkw_state_save(const struct game_state *st, char *buf, size_t cap)
{
	struct statetext_out	 o = { buf, cap, 0 };
	const struct wkw_last	*l = &st->last;
	char			 board[2 * WKW_SQUARES + WKW_RANKS + 1];
	char			 f[3], t[3];
	int			 i;

	if (cap > 0)
		buf[0] = '\0';
	wkw_state_board_text(st, board);
	wkw_rules_square_name(l->from, f);
	wkw_rules_square_name(l->to, t);
	statetext_put(&o, "%s\nvariant: %s\nphase: %s\nfirst: %d\nturn: %d\n"
	    "ply: %d\nwinner: %d\nend: %s\n", WKW_VERSION_LINE,
	    st->blind ? "blind" : "classic", wkw_phase_words[st->phase],
	    st->first, st->turn, st->ply, st->winner,
	    wkw_end_words[st->end]);
	statetext_put(&o, "seed: %016" PRIx64 "\nrng: %016" PRIx64 " %016"
	    PRIx64 " %016" PRIx64 " %016" PRIx64 "\n", st->seed,
	    st->rng.s[0], st->rng.s[1], st->rng.s[2], st->rng.s[3]);
	statetext_put(&o, "board: %s\nlast: %s %d %s %s %c %c %d %s\n", board,
	    wkw_event_words[l->type], l->seat, f, t, WKW_LETTERS[l->akind],
	    WKW_LETTERS[l->dkind], l->ahidden ? 1 : 0,
	    wkw_outcome_words[l->outcome]);
	for (i = 0; i < st->nhist; i++)
		statetext_put(&o, "hist: %s\n", st->hist[i]);
	return o.len + 1;
}

/* A kind letter or '.', as an int: -1 when it is neither. */
static int
wkw_state_kind(char c)
{
	const char	*p;

	if (c == '\0' || (p = strchr(WKW_LETTERS, c)) == NULL)
		return -1;
	return (int)(p - WKW_LETTERS);
}

static int
wkw_state_board(struct game_state *st, const char *s)
{
	struct wkw_square	*q;
	int			 sq;
	char			 c;
	int			 k;

	for (sq = 0; sq < WKW_SQUARES; sq++) {
		if (sq > 0 && sq % WKW_FILES == 0 && *s++ != '/')
			return -1;
		q = &st->board[sq];
		c = *s++;
		q->owner = GAME_NOBODY;
		q->kind = WKW_NONE;
		q->hidden = false;
		if (c == '.')
			continue;
		if (c >= 'a' && c <= 'z') {
			q->owner = 1;
			c = (char)(c - 'a' + 'A');
		} else
			q->owner = 0;
		if ((k = wkw_state_kind(c)) <= 0)
			return -1;
		q->kind = (enum wkw_kind)k;
		if (*s == '?') {
			q->hidden = true;
			s++;
		}
	}
	return *s == '\0' ? 0 : -1;
}

static int
wkw_state_square(const char *s)
{
	if (strlen(s) != 2)
		return -1;
	return wkw_rules_square(s[0] - 'a', s[1] - '0');
}

static int
wkw_state_last(struct game_state *st, const char *s)
{
	struct wkw_last	*l = &st->last;
	char		 type[16], f[8], t[8], out[16], ak, dk;
	int		 hid, v, a, d;

	if (sscanf(s, "%15s %d %7s %7s %c %c %d %15s", type, &l->seat, f, t,
	    &ak, &dk, &hid, out) != 8)
		return -1;
	if ((v = statetext_word(type, wkw_event_words,
	    STATETEXT_NWORDS(wkw_event_words))) < 0)
		return -1;
	l->type = (enum wkw_event)v;
	if ((v = statetext_word(out, wkw_outcome_words,
	    STATETEXT_NWORDS(wkw_outcome_words))) < 0)
		return -1;
	l->outcome = (enum wkw_outcome)v;
	if ((l->from = wkw_state_square(f)) < 0 ||
	    (l->to = wkw_state_square(t)) < 0 ||
	    (a = wkw_state_kind(ak)) < 0 || (d = wkw_state_kind(dk)) < 0 ||
	    (hid != 0 && hid != 1) ||
	    (l->seat != GAME_NOBODY && l->seat != 0 && l->seat != 1))
		return -1;
	l->akind = (enum wkw_kind)a;
	l->dkind = (enum wkw_kind)d;
	l->ahidden = hid == 1;
	return 0;
}

static int
wkw_state_rng(struct game_state *st, const char *s)
{
	char	 w[4][17];
	int	 i;

	if (strlen(s) != 4 * 16 + 3 || sscanf(s, "%16s %16s %16s %16s", w[0],
	    w[1], w[2], w[3]) != 4)
		return -1;
	for (i = 0; i < 4; i++)
		if (statetext_hex(w[i], &st->rng.s[i]) == -1)
			return -1;
	return 0;
}

static int
wkw_state_hist(struct game_state *st, const char *s)
{
	size_t	 i;

	if (st->nhist >= WKW_HISTORY || strlen(s) != WKW_KEY_LEN ||
	    strspn(s, ".RPSWXrpswx") != WKW_SQUARES ||
	    (s[WKW_SQUARES] != '0' && s[WKW_SQUARES] != '1'))
		return -1;
	for (i = 0; i <= WKW_KEY_LEN; i++)
		st->hist[st->nhist][i] = s[i];
	st->nhist++;
	return 0;
}

/* One "key: value" line; keys must come in the order save() writes. */
static int
wkw_state_field(struct game_state *st, int idx, const char *key,
    const char *val)
{
	static const char *const keys[] = {
		"variant", "phase", "first", "turn", "ply", "winner", "end",
		"seed", "rng", "board", "last"
	};
	int	 v = 0;

	if (idx >= STATETEXT_NWORDS(keys))
		return strcmp(key, "hist") == 0 ? wkw_state_hist(st, val) : -1;
	if (strcmp(key, keys[idx]) != 0)
		return -1;
	switch (idx) {
	case 0:
		if ((v = statetext_word(val, (const char *const[]){
		    "classic", "blind" }, 2)) < 0)
			return -1;
		st->blind = v == 1;
		return 0;
	case 1:
		if ((v = statetext_word(val, wkw_phase_words,
		    STATETEXT_NWORDS(wkw_phase_words))) >= 0)
			st->phase = (enum wkw_phase)v;
		return v;
	case 2:
		return statetext_int(val, -1, 1, &st->first);
	case 3:
		return statetext_int(val, 0, 1, &st->turn);
	case 4:
		return statetext_int(val, 0, WKW_PLY_CAP, &st->ply);
	case 5:
		return statetext_int(val, GAME_DRAWN, 1, &st->winner);
	case 6:
		if ((v = statetext_word(val, wkw_end_words,
		    STATETEXT_NWORDS(wkw_end_words))) >= 0)
			st->end = (enum wkw_end)v;
		return v;
	case 7:
		return statetext_hex(val, &st->seed);
	case 8:
		return wkw_state_rng(st, val);
	case 9:
		return wkw_state_board(st, val);
	default:
		return wkw_state_last(st, val);
	}
}

static int
wkw_state_count_kinds(const struct game_state *st, int seat)
{
	bool	 seen[WKW_KINDS + 1] = { false };
	int	 sq, n = 0;

	for (sq = 0; sq < WKW_SQUARES; sq++) {
		if (st->board[sq].owner != seat)
			continue;
		if (seen[st->board[sq].kind])
			return -1;
		seen[st->board[sq].kind] = true;
		n++;
	}
	return n;
}

/* Whether the fields agree with each other; 0 when they do. */
int
wkw_state_check(const struct game_state *st)
{
	int	 sq, n0, n1;

	if ((n0 = wkw_state_count_kinds(st, 0)) < 0 ||
	    (n1 = wkw_state_count_kinds(st, 1)) < 0)
		return -1;
	for (sq = 0; sq < WKW_SQUARES; sq++)
		if (st->board[sq].hidden && !st->blind)
			return -1;
	/* The first piece on the far base row ends the game: no play puts
	 * both sides there, and no rule could say who won. */
	if (wkw_rules_home(st, 0) && wkw_rules_home(st, 1))
		return -1;
	switch (st->phase) {
	case WKW_PHASE_FORMING:
	case WKW_PHASE_SETUP:
		if (n0 != 0 || n1 != 0 || st->nhist != 0 ||
		    (st->phase == WKW_PHASE_SETUP && st->blind) ||
		    (st->phase == WKW_PHASE_SETUP && st->first < 0))
			return -1;
		break;
	case WKW_PHASE_PLAY:
		if (n0 == 0 || n1 == 0 || st->first < 0)
			return -1;
		break;
	case WKW_PHASE_OVER:
		break;
	}
	if ((st->phase == WKW_PHASE_OVER) != (st->winner != GAME_NOBODY) ||
	    (st->phase == WKW_PHASE_OVER) != (st->end != WKW_END_NONE))
		return -1;
	return 0;
}

static int
wkw_state_parse(struct game_state *st, char *text)
{
	int	 n;

	n = statetext_fields(text, WKW_VERSION_LINE, wkw_state_field, st);
	return n >= 11 ? wkw_state_check(st) : -1;
}

int
wkw_state_load(const char *text, struct game_state **out,
    struct game_diag *why)
{
	return statetext_load(text, WKW_VERSION_LINE, sizeof(**out),
	    wkw_state_parse, "wkw", out, why);
}
