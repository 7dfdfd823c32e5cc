/*
 * state.c - the Way of the Knight state as versioned text.
 *
 * save() writes, load() reads back exactly what save() wrote and refuses a
 * version it does not know (STYLE.md 12); the position goes through the
 * same FEN reader as every test position, so a loaded state is checked as
 * a whole. No I/O beyond the caller's buffer.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/game/statetext.h"
#include "adjudicator/wotk/wotk.h"

/*
 * The layout, version 1. One "key: value" line each, in this order:
 *
 *	wotk 1
 *	options: paths=standard|alternative [double-gain] [exact-rank]
 *	         [strict-castling] [no-experience]
 *	phase: forming | setup | play | over
 *	white: -1 | 0 | 1		seat playing White, -1 before start
 *	handicap: A B			points of seats 0 and 1 still to spend
 *	ply: N				phases played
 *	winner: -1 | -2 | 0 | 1	GAME_NOBODY, GAME_DRAWN or a seat;
 *					-1 exactly while not over
 *	end: none | mate | king_taken | resign | stalemate | repetition |
 *	     fifty | material | agreement
 *	offer: -1 | 0 | 1		seat whose draw offer stands
 *	seed: 16 hex digits
 *	rng: 4 x 16 hex digits
 *	fen: FEN			the position (fen.c)
 *	last: TYPE SEAT FROM TO FORM FLAGS PIECE VICTIM TEXT
 *		TYPE none | start | setup | move | draw | resign; squares
 *		0..63; FORM the mover's form after the move; PIECE and
 *		VICTIM square bytes (0 none); TEXT the move, blanks as '_'
 *		or '-' when none
 *	setup: SQ FORM ...		the last set-up's improvements, pairs
 *	hist: KEY ...			16 hex digits each, oldest first:
 *		the positions since the last irreversible move
 */

#define WOTK_VERSION_LINE	"wotk 1"
#define WOTK_LINE_MAX		2600

static const char *const wotk_phase_words[] = {
	"forming", "setup", "play", "over"
};
static const char *const wotk_end_words[] = {
	"none", "mate", "king_taken", "resign", "stalemate", "repetition",
	"fifty", "material", "agreement"
};
static const char *const wotk_event_words[] = {
	"none", "start", "setup", "move", "draw", "resign"
};

size_t
wotk_state_save(const struct game_state *st, char *buf, size_t cap)
{
	struct statetext_out	 o = { buf, cap, 0 };
	const struct wotk_last	*l = &st->last;
	char			 opts[128], fen[WOTK_FEN_MAX];	/* see wotk.h */
	char			 text[WOTK_MOVE_TEXT];
	int			 i;

	if (cap > 0)
		buf[0] = '\0';
	wotk_options_text(&st->rules, opts, sizeof(opts));
	wotk_fen_write(&st->pos, fen, sizeof(fen));
	snprintf(text, sizeof(text), "%s", l->text[0] ? l->text : "-");
	for (i = 0; text[i] != '\0'; i++)
		if (text[i] == ' ')
			text[i] = '_';
	statetext_put(&o, "%s\noptions: %s\nphase: %s\nwhite: %d\n"
	    "handicap: %d %d\nply: %d\nwinner: %d\nend: %s\noffer: %d\n",
	    WOTK_VERSION_LINE, opts, wotk_phase_words[st->phase], st->white,
	    st->handicap[0], st->handicap[1], st->ply, st->winner,
	    wotk_end_words[st->end], st->offer);
	statetext_put(&o, "seed: %016" PRIx64 "\nrng: %016" PRIx64 " %016"
	    PRIx64 " %016" PRIx64 " %016" PRIx64 "\nfen: %s\n", st->seed,
	    st->rng.s[0], st->rng.s[1], st->rng.s[2], st->rng.s[3], fen);
	statetext_put(&o, "last: %s %d %d %d %d %d %d %d %s\nsetup:",
	    wotk_event_words[l->type], l->seat, l->move.from, l->move.to,
	    l->move.form, l->move.flags, l->piece, l->victim, text);
	for (i = 0; i < l->nsetup; i++)
		statetext_put(&o, " %d %d", l->setup_sq[i], l->setup_form[i]);
	statetext_put(&o, "\nhist:");
	for (i = 0; i < st->nhist; i++)
		statetext_put(&o, " %016" PRIx64, st->hist[i]);
	statetext_put(&o, "\n");
	return o.len + 1;
}

/* The value of the next line if it starts with key, copied into out. */
static int
wotk_state_line(const char **sp, const char *key, char *out)
{
	const char	*s = *sp, *nl;
	size_t		 k = strlen(key), n;

	if (strncmp(s, key, k) != 0 || s[k] != ':')
		return -1;
	s += k + 1;
	if (*s == ' ')
		s++;
	nl = strchr(s, '\n');
	n = nl == NULL ? strlen(s) : (size_t)(nl - s);
	if (n >= WOTK_LINE_MAX)
		return -1;
	memcpy(out, s, n);
	out[n] = '\0';
	*sp = nl == NULL ? s + n : nl + 1;
	return 0;
}

static int
wotk_state_ints(const char *s, int *v, int n, int min, int max)
{
	char	*end;
	long	 x;
	int	 i;

	for (i = 0; i < n; i++) {
		x = strtol(s, &end, 10);
		if (end == s || x < min || x > max)
			return -1;
		v[i] = (int)x;
		s = end;
	}
	return *s == '\0' ? 0 : -1;
}

static int
wotk_state_last(const char *s, struct wotk_last *l)
{
	char	 type[16], text[WOTK_MOVE_TEXT + 4];
	int	 v[7], i;

	if (sscanf(s, "%15s %d %d %d %d %d %d %d %19s", type, &v[0], &v[1],
	    &v[2], &v[3], &v[4], &v[5], &v[6], text) != 9)
		return -1;
	if ((i = statetext_word(type, wotk_event_words,
	    STATETEXT_NWORDS(wotk_event_words))) < 0 || v[0] < -1 || v[0] > 1 ||
	    v[1] < 0 || v[1] > 63 || v[2] < 0 || v[2] > 63 || v[3] < 0 ||
	    v[3] >= WOTK_FORMS || v[4] < 0 || v[4] > 255 || v[5] < 0 ||
	    v[5] > 255 || v[6] < 0 || v[6] > 255 ||
	    strlen(text) >= WOTK_MOVE_TEXT)
		return -1;
	l->type = (enum wotk_event)i;
	l->seat = v[0];
	l->move.from = (uint8_t)v[1];
	l->move.to = (uint8_t)v[2];
	l->move.form = (uint8_t)v[3];
	l->move.flags = (uint8_t)v[4];
	l->piece = (uint8_t)v[5];
	l->victim = (uint8_t)v[6];
	if (strcmp(text, "-") == 0)
		text[0] = '\0';
	for (i = 0; text[i] != '\0'; i++)
		if (text[i] == '_')
			text[i] = ' ';
	memcpy(l->text, text, strlen(text) + 1);
	return 0;
}

static int
wotk_state_setup(const char *s, struct wotk_last *l)
{
	char	*end;
	long	 a, b;

	for (;;) {
		while (*s == ' ')
			s++;
		if (*s == '\0')
			return 0;
		a = strtol(s, &end, 10);
		if (end == s || a < 0 || a > 63)
			return -1;
		s = end;
		b = strtol(s, &end, 10);
		if (end == s || b < 0 || b >= WOTK_FORMS ||
		    l->nsetup >= WOTK_SIDE_MAX)
			return -1;
		s = end;
		l->setup_sq[l->nsetup] = (uint8_t)a;
		l->setup_form[l->nsetup] = (uint8_t)b;
		l->nsetup++;
	}
}

static int
wotk_state_hist(const char *s, struct game_state *st)
{
	char	*end;

	for (;;) {
		while (*s == ' ')
			s++;
		if (*s == '\0')
			return 0;
		if (st->nhist >= WOTK_HISTORY)
			return -1;
		st->hist[st->nhist++] = strtoull(s, &end, 16);
		if (end != s + 16)
			return -1;
		s = end;
	}
}

static int
wotk_state_parse(const char *text, struct game_state *st)
{
	char		 v[WOTK_LINE_MAX];
	int		 i;

	if (wotk_state_line(&text, "options", v) != 0 ||
	    wotk_options(v, &st->rules, &(struct game_diag){ 0 }) != 0)
		return -1;
	if (wotk_state_line(&text, "phase", v) != 0 ||
	    (i = statetext_word(v, wotk_phase_words,
	    STATETEXT_NWORDS(wotk_phase_words))) < 0)
		return -1;
	st->phase = (enum wotk_phase)i;
	if (wotk_state_line(&text, "white", v) != 0 ||
	    wotk_state_ints(v, &st->white, 1, -1, 1) != 0 ||
	    wotk_state_line(&text, "handicap", v) != 0 ||
	    wotk_state_ints(v, st->handicap, 2, 0, WOTK_HANDICAP_MAX) != 0 ||
	    wotk_state_line(&text, "ply", v) != 0 ||
	    wotk_state_ints(v, &st->ply, 1, 0, 1000000) != 0 ||
	    wotk_state_line(&text, "winner", v) != 0 ||
	    wotk_state_ints(v, &st->winner, 1, -2, 1) != 0)
		return -1;
	/* Over exactly with a winner or drawn: the views name the winner. */
	if ((st->phase == WOTK_PHASE_OVER) != (st->winner != GAME_NOBODY))
		return -1;
	if (wotk_state_line(&text, "end", v) != 0 ||
	    (i = statetext_word(v, wotk_end_words,
	    STATETEXT_NWORDS(wotk_end_words))) < 0)
		return -1;
	st->end = (enum wotk_end)i;
	if (wotk_state_line(&text, "offer", v) != 0 ||
	    wotk_state_ints(v, &st->offer, 1, -1, 1) != 0 ||
	    wotk_state_line(&text, "seed", v) != 0 ||
	    sscanf(v, "%" SCNx64, &st->seed) != 1 ||
	    wotk_state_line(&text, "rng", v) != 0 ||
	    sscanf(v, "%" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64,
	    &st->rng.s[0], &st->rng.s[1], &st->rng.s[2], &st->rng.s[3]) != 4)
		return -1;
	if (wotk_state_line(&text, "fen", v) != 0 ||
	    wotk_fen_read(v, &st->rules, &st->pos) != 0)
		return -1;
	if (wotk_state_line(&text, "last", v) != 0 ||
	    wotk_state_last(v, &st->last) != 0 ||
	    wotk_state_line(&text, "setup", v) != 0 ||
	    wotk_state_setup(v, &st->last) != 0 ||
	    wotk_state_line(&text, "hist", v) != 0 ||
	    wotk_state_hist(v, st) != 0)
		return -1;
	return *text == '\0' ? 0 : -1;
}

int
wotk_state_load(const char *text, struct game_state **out,
    struct game_diag *why)
{
	struct game_state	*st;
	size_t			 n = strlen(WOTK_VERSION_LINE);
	int			 v;

	*out = NULL;
	if ((v = statetext_version(text, WOTK_VERSION_LINE)) != 0) {
		game_diag_set(why, v == 1 ? "wotk.err.state_version" :
		    "wotk.err.state_corrupt", 0);
		return -1;
	}
	if ((st = calloc(1, sizeof(*st))) == NULL) {
		game_diag_set(why, "wotk.err.no_memory", 0);
		return -1;
	}
	if (wotk_state_parse(text + n + 1, st) != 0 ||
	    (st->phase != WOTK_PHASE_FORMING && st->white < 0)) {
		free(st);
		game_diag_set(why, "wotk.err.state_corrupt", 0);
		return -1;
	}
	*out = st;
	return 0;
}
