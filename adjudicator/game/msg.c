/*
 * msg.c - the helpers every game uses to say something: a message (a
 * catalog key and its arguments), a line of a view, the reason of a
 * refusal, and the facts a view shares with stat().
 *
 * The games call these; this file knows no game (the registry that names
 * them is registry.c), so the arrows go registry -> games -> msg. Pure:
 * no I/O, no allocation.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/game/game.h"

/*
 * An argument of len bytes was cut to fit its GAME_ARG_MAX bytes: drop a
 * UTF-8 sequence the cut left incomplete (game.h, GAME_ARG_MAX), so a
 * German name loses its last letter, not half of it. Bytes that were not
 * valid UTF-8 before the cut are left as they came.
 */
void
game_msg_cut(char *arg, size_t len)
{
	const unsigned char	*s = (const unsigned char *)arg;
	size_t			 i = len, need;
	int			 n;

	for (n = 0; n < 3 && i > 0 && (s[i - 1] & 0xc0) == 0x80; n++)
		i--;
	if (i == 0 || s[i - 1] < 0xc0)
		return;
	need = s[i - 1] >= 0xf0 ? 4 : s[i - 1] >= 0xe0 ? 3 : 2;
	if (len - (i - 1) < need)
		arg[i - 1] = '\0';
}

/* vsnprintf into one argument, cut at a character boundary. */
static void
game_msg_vformat(char arg[GAME_ARG_MAX], const char *fmt, va_list ap)
{
	int	 n;

	n = vsnprintf(arg, GAME_ARG_MAX, fmt, ap);
	if (n >= GAME_ARG_MAX)
		game_msg_cut(arg, GAME_ARG_MAX - 1);
}

/* A game's own argument buffer, cut as every argument is. */
void
game_msg_format(char arg[GAME_ARG_MAX], const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	game_msg_vformat(arg, fmt, ap);
	va_end(ap);
}

/*
 * s into out of max bytes, as snprintf(out, max, "%s", s) would put it,
 * without the formatting (every refused order of a game comes here);
 * whether it was cut.
 */
static int
game_msg_copy(char *out, size_t max, const char *s)
{
	size_t	 n = strnlen(s, max);

	if (n < max) {
		memcpy(out, s, n + 1);
		return 0;
	}
	memcpy(out, s, max - 1);
	out[max - 1] = '\0';
	return 1;
}

static void
game_msg_vset(struct game_msg *m, const char *key, int nargs, va_list ap)
{
	int	 i;

	/* Keys are the games' literals; every catalog key is shorter than
	 * GAME_KEY_MAX (test_catalog.c), and a longer one, cut, would show
	 * as "[key]" (catalog.c). */
	memset(m, 0, sizeof(*m));
	game_msg_copy(m->key, sizeof(m->key), key);
	if (nargs > GAME_MSG_ARGS)
		nargs = GAME_MSG_ARGS;
	for (i = 0; i < nargs; i++)
		if (game_msg_copy(m->args[i], GAME_ARG_MAX,
		    va_arg(ap, const char *)))
			game_msg_cut(m->args[i], GAME_ARG_MAX - 1);
	m->nargs = nargs;
}

/* The variadic arguments are nargs strings. */
void
game_msg_set(struct game_msg *m, const char *key, int nargs, ...)
{
	va_list	 ap;

	va_start(ap, nargs);
	game_msg_vset(m, key, nargs, ap);
	va_end(ap);
}

/* Appends one formatted argument; ignored past GAME_MSG_ARGS. */
void
game_msg_arg(struct game_msg *m, const char *fmt, ...)
{
	va_list	 ap;

	if (m->nargs >= GAME_MSG_ARGS)
		return;
	va_start(ap, fmt);
	game_msg_vformat(m->args[m->nargs], fmt, ap);
	va_end(ap);
	m->nargs++;
}

/*
 * One more line of the view. When the view is full, the line is left out
 * and counted in the last slot, which then holds GAME_VIEW_FULL with the
 * number of lines left out so far (game.h, GAME_VIEW_MSGS): 2 at the first
 * overflow (the line that slot held and the new one), one more for each
 * add after that. The count lives in the notice itself, so a view needs
 * no field for it.
 */
void
game_view_add(struct game_view *v, const char *key, int nargs, ...)
{
	struct game_msg	*last = &v->msgs[GAME_VIEW_MSGS - 1];
	va_list		 ap;
	long		 left = 2;

	if (v->nmsgs < GAME_VIEW_MSGS) {
		va_start(ap, nargs);
		game_msg_vset(&v->msgs[v->nmsgs++], key, nargs, ap);
		va_end(ap);
		return;
	}
	if (strcmp(last->key, GAME_VIEW_FULL) == 0 && last->nargs == 1)
		left = strtol(last->args[0], NULL, 10) + 1;
	game_msg_set(last, GAME_VIEW_FULL, 0);
	game_msg_arg(last, "%ld", left);
}

/*
 * Appends to the view's diagram (game.h, GAME_BOARD_MAX). What does not
 * fit is cut after the last whole line that leaves room for the line
 * GAME_BOARD_CUT, which then ends the diagram; the view says so with
 * GAME_BOARD_CUT_KEY. A diagram that ends with that line takes nothing
 * more.
 */
void
game_view_board(struct game_view *v, const char *fmt, ...)
{
	const size_t	 mark = sizeof(GAME_BOARD_CUT) - 1;
	size_t		 len = strlen(v->board), room = sizeof(v->board) - len;
	char		*nl, max[16];
	va_list		 ap;
	int		 n;

	if (len >= mark && strcmp(v->board + len - mark, GAME_BOARD_CUT) == 0)
		return;
	va_start(ap, fmt);
	n = vsnprintf(v->board + len, room, fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n < room)
		return;
	v->board[sizeof(v->board) - 1 - mark] = '\0';
	nl = strrchr(v->board, '\n');
	len = nl == NULL ? 0 : (size_t)(nl - v->board) + 1;
	memcpy(v->board + len, GAME_BOARD_CUT, mark + 1);
	snprintf(max, sizeof(max), "%d", GAME_BOARD_MAX);
	game_view_add(v, GAME_BOARD_CUT_KEY, 1, max);
}

/* The fields of a view that stat() gives too, copied from s: a game
 * fills both from one function, so they cannot drift apart. */
void
game_view_set_stat(struct game_view *v, const struct game_stat *s)
{
	v->status = s->status;
	v->winner = s->winner;
	v->ply = s->ply;
	v->phase_kind = s->phase_kind;
	memcpy(v->phase, s->phase, sizeof(v->phase));
	memcpy(v->due, s->due, sizeof(v->due));
}

/* A game keeps its reasons as message arguments ("@wotk.reason.mate");
 * stat names the key itself. A longer key than GAME_KEY_MAX holds is
 * none a catalog has; it is cut like any key. */
void
game_stat_end(struct game_stat *s, const char *reason)
{
	snprintf(s->end, sizeof(s->end), "%s",
	    reason[0] == '@' ? reason + 1 : reason);
}

void
game_diag_set(struct game_diag *d, const char *key, int nargs, ...)
{
	va_list	 ap;

	va_start(ap, nargs);
	game_msg_vset(&d->msg, key, nargs, ap);
	va_end(ap);
}
