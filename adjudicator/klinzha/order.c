/*
 * order.c - one KlinZha order line: a move, SETUP (setup.c) or DRAW.
 *
 * rules/klinzha.md decision 12: "Fencer E-37 - D-28", the piece by name
 * (English or German) or letter and optional, then the fields; a chain
 * "E-37 E-27 D-27 D-28" gives the path; "drop at E-27" puts the Goal down
 * on the way. Whether an order is legal is judged on the ordering side's
 * grid (rules.c): the true board in the open game, the side's view in the
 * clouded and blind ones, so no refusal depends on hidden material. The
 * canonical text always carries the whole path. Pure; no I/O.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/klinzha/kz.h"

#define KZ_TOKENS	12

struct kz_said {
	int	 kind;			/* named piece, or -1 */
	int	 nf;			/* fields given */
	int	 field[KZ_PATH_MAX + 1];
	int	 drop;			/* field, or -1 */
};

/* A piece word: English, German, or the letter. KZ_KINDS: the Goal. */
int
kz_order_piece(const char *w)
{
	static const struct {
		const char	*word;
		int		 kind;
	} words[] = {
		{ "f", KZ_FENCER }, { "fencer", KZ_FENCER },
		{ "fechter", KZ_FENCER },
		{ "l", KZ_LANCER }, { "lancer", KZ_LANCER },
		{ "lanzenträger", KZ_LANCER }, { "lanzentraeger", KZ_LANCER },
		{ "s", KZ_SWIFT }, { "swift", KZ_SWIFT },
		{ "tänzer", KZ_SWIFT }, { "taenzer", KZ_SWIFT },
		{ "y", KZ_FLIER }, { "flier", KZ_FLIER },
		{ "flyer", KZ_FLIER }, { "flieger", KZ_FLIER },
		{ "v", KZ_VANGUARD }, { "vanguard", KZ_VANGUARD },
		{ "hüter", KZ_VANGUARD }, { "hueter", KZ_VANGUARD },
		{ "b", KZ_BLOCKADER }, { "blockader", KZ_BLOCKADER },
		{ "blockierer", KZ_BLOCKADER },
		{ "g", KZ_KINDS }, { "goal", KZ_KINDS }, { "ziel", KZ_KINDS },
	};
	size_t	 i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strcasecmp(words[i].word, w) == 0)
			return words[i].kind;
	return -1;
}

static bool
kz_order_filler(const char *w)
{
	return strcasecmp(w, "x") == 0 || strcasecmp(w, "to") == 0 ||
	    strcasecmp(w, "nach") == 0;
}

static bool
kz_order_dropword(const char *w)
{
	return strcasecmp(w, "drop") == 0 || strcasecmp(w, "ablegen") == 0;
}

/* The words and fields of a move line; -1 when it is no move at all. */
static int
kz_order_scan(const char *line, struct kz_said *s)
{
	const char	*p = line;
	char		 w[40];
	size_t		 n;
	int		 f, len, dropping = 0;

	memset(s, 0, sizeof(*s));
	s->kind = -1;
	s->drop = -1;
	while (*p != '\0') {
		if (strchr(" \t,;-:>", *p) != NULL) {
			p++;
			continue;
		}
		if ((f = kz_board_field(p, &len)) >= 0) {
			if (dropping) {
				if (s->drop >= 0)
					return -1;
				s->drop = f;
			} else if (s->nf == KZ_PATH_MAX + 1)
				return -1;
			else
				s->field[s->nf++] = f;
			p += len;
			continue;
		}
		if ((*p == 'x' || *p == 'X') && kz_board_field(p + 1, &len) >= 0) {
			p++;
			continue;
		}
		n = strcspn(p, " \t,;-:>");
		if (n >= sizeof(w))
			return -1;
		memcpy(w, p, n);
		w[n] = '\0';
		p += n;
		if (kz_order_filler(w) || (dropping &&
		    (strcasecmp(w, "at") == 0 || strcasecmp(w, "auf") == 0)))
			continue;
		if (kz_order_dropword(w) && !dropping && s->nf > 0)
			dropping = 1;
		else if (s->kind < 0 && s->nf == 0 &&
		    (s->kind = kz_order_piece(w)) >= 0 && s->kind != KZ_KINDS)
			continue;
		else if (dropping)
			return -1;
		else
			return -1;
	}
	if (s->nf < 2 || (dropping && s->drop < 0))
		return -1;
	return 0;
}

/* Does candidate m fit what was said (end, chain, drop)? */
static bool
kz_order_fits(const struct kz_move *m, const struct kz_said *s)
{
	int	 i;

	if (m->path[m->n - 1] != s->field[s->nf - 1])
		return false;
	if (s->nf > 2) {
		if (m->n != s->nf)
			return false;
		for (i = 0; i < m->n; i++)
			if (m->path[i] != s->field[i])
				return false;
	}
	if (s->drop < 0)
		return m->drop < 0;
	return m->drop >= 0 && m->path[m->drop] == s->drop;
}

/* Why nothing fits, from the side's grid only. */
static void
kz_order_why(const struct kz_grid *g, const struct kz_said *s, int kind,
    struct game_diag *why)
{
	char	 a[6], b[6];
	int	 from = s->field[0], to = s->field[s->nf - 1];

	kz_board_name(from, a);
	kz_board_name(to, b);
	if (s->drop >= 0 && !g->goal[from])
		game_diag_set(why, "kz.err.no_goal", 1,
		    kz_rules_piece_key(kind));
	else if (g->who[to] == KZ_W_OWN && g->kind[to] != KZ_NONE)
		game_diag_set(why, "kz.err.own_piece", 1, b);
	else if (g->ezone[to])
		game_diag_set(why, "kz.err.zone", 1, b);
	else
		game_diag_set(why, "kz.err.cannot", 3,
		    kz_rules_piece_key(kind), a, b);
}

/*
 * A move line of seat into *out, judged on seat's grid; -1 with why.
 * Several paths fit: the shortest; several shortest ones in a clouded or
 * blind game need the chain (the route decides what hidden things it
 * meets), in the open game the first is as good as any.
 */
int
kz_order_read(const struct game_state *st, int seat, const char *line,
    struct kz_move *out, struct game_diag *why)
{
	struct kz_move	 mv[KZ_PATHS_MAX];
	struct kz_grid	 g;
	struct kz_said	 s;
	char		 a[6];
	int		 i, n, k = 0, best = -1, ties = 0, kind, jeop = 0;

	if (kz_order_scan(line, &s) != 0) {
		game_diag_set(why, "kz.err.syntax", 1, line);
		return -1;
	}
	kz_rules_grid_view(st, seat, &g);
	kz_board_name(s.field[0], a);
	if (g.who[s.field[0]] != KZ_W_OWN) {
		game_diag_set(why, "kz.err.no_piece", 1, a);
		return -1;
	}
	if ((kind = g.kind[s.field[0]]) == KZ_NONE) {
		game_diag_set(why, "kz.err.goal_moves", 1, a);
		return -1;
	}
	if (s.kind >= 0 && s.kind != kind) {
		game_diag_set(why, "kz.err.wrong_piece", 2, a,
		    kz_rules_piece_key(kind));
		return -1;
	}
	n = kz_rules_moves(&g, s.field[0], mv, KZ_PATHS_MAX);
	for (i = 0; i < n; i++) {
		if (!kz_order_fits(&mv[i], &s))
			continue;
		if (kz_rules_jeopardy(st, seat, &mv[i])) {
			jeop++;
			continue;
		}
		mv[k++] = mv[i];
	}
	if (k == 0) {
		if (jeop)
			game_diag_set(why, "kz.err.jeopardy", 0);
		else
			kz_order_why(&g, &s, kind, why);
		return -1;
	}
	for (i = 0; i < k; i++)
		if (best < 0 || mv[i].n < mv[best].n) {
			best = i;
			ties = 1;
		} else if (mv[i].n == mv[best].n)
			ties++;
	if (ties > 1 && st->form != KZ_OPEN) {
		char b[6];

		kz_board_name(s.field[s.nf - 1], b);
		game_diag_set(why, "kz.err.path_needed", 2, a, b);
		return -1;
	}
	*out = mv[best];
	return 0;
}

/* At most "Blockader", KZ_PATH_MAX fields of " E-38" and " drop at E-38":
 * the callers' GAME_ORDER_MAX bytes hold every text whole. */
_Static_assert(9 + 5 * KZ_PATH_MAX + 13 < GAME_ORDER_MAX, "a move fits");

/* "Fencer E-37 E-27 D-27 D-28 drop at E-27"; path: the whole chain. */
void
kz_order_text(const struct game_state *st, const struct kz_move *m,
    bool path, char *out, size_t outlen)
{
	static const char *const names[KZ_KINDS] = {
		"Goal", "Fencer", "Lancer", "Swift", "Flier", "Vanguard",
		"Blockader"
	};
	char	 fn[6];
	size_t	 n;
	int	 i;

	n = (size_t)snprintf(out, outlen, "%s",
	    names[st->pos.kind[m->path[0]]]);
	for (i = 0; i < m->n && n < outlen; i++) {
		if (!path && i > 0 && i < m->n - 1)
			continue;
		kz_board_name(m->path[i], fn);
		n += (size_t)snprintf(out + n, outlen - n, " %s", fn);
	}
	if (m->drop >= 0 && n < outlen) {
		kz_board_name(m->path[m->drop], fn);
		snprintf(out + n, outlen - n, " drop at %s", fn);
	}
}

static bool
kz_order_is_draw(const char *line)
{
	char	 w[16];
	size_t	 n = strcspn(line, " \t");

	if (n >= sizeof(w) || line[n + strspn(line + n, " \t")] != '\0')
		return false;
	memcpy(w, line, n);
	w[n] = '\0';
	return strcasecmp(w, "draw") == 0 || strcasecmp(w, "draw?") == 0 ||
	    strcasecmp(w, "draw!") == 0 || strcasecmp(w, "remis") == 0;
}

static int
kz_order_state(const struct game_state *st, int seat, bool setup,
    struct game_diag *why)
{
	if (seat != 0 && seat != 1) {
		game_diag_set(why, "kz.err.no_seat", 0);
		return -1;
	}
	if (st->phase == KZ_PHASE_FORMING) {
		game_diag_set(why, "kz.err.not_started", 0);
		return -1;
	}
	if (st->phase == KZ_PHASE_OVER) {
		game_diag_set(why, "kz.err.game_over", 0);
		return -1;
	}
	if (setup)
		return 0;
	if (st->phase != KZ_PHASE_PLAY) {
		game_diag_set(why, "kz.err.setup_first", 0);
		return -1;
	}
	return 0;
}

/*
 * DRAW (the house convention, BRIEF): on the own turn it rides with the
 * move, or accepts the opponent's standing offer; after the own move (the
 * line below the move in the same mail) it is an offer on its own.
 */
static int
kz_order_draw(const struct game_state *st, int seat, struct game_order *out)
{
	memset(out, 0, sizeof(*out));
	out->seat = seat;
	snprintf(out->slot, sizeof(out->slot), "draw");
	snprintf(out->text, sizeof(out->text), "DRAW");
	if (seat == st->turn && st->draw_offer == 1 - seat)
		game_msg_set(&out->echo, "kz.echo.draw_accept", 0);
	else if (seat == st->turn)
		game_msg_set(&out->echo, "kz.echo.draw_offer", 0);
	else
		game_msg_set(&out->echo, "kz.echo.draw_offer_now", 0);
	return 1;
}

int
kz_order_parse(const struct game_state *st, int seat, const char *line,
    char *ctx, struct game_order *out, int max, struct game_diag *why)
{
	struct kz_move	 m;
	char		 w[8];
	size_t		 n = strcspn(line, " \t");
	bool		 setup = n == 5 && strncasecmp(line, "setup", 5) == 0;

	(void)ctx;
	if (max < 1)
		return 0;
	/* The first word, cut to 7 bytes: longer than RESIGN and PASS, so a
	 * cut word is neither. */
	memset(w, 0, sizeof(w));
	memcpy(w, line, n < sizeof(w) - 1 ? n : sizeof(w) - 1);
	if (strcasecmp(w, "resign") == 0 || strcasecmp(w, "pass") == 0) {
		game_diag_set(why, "kz.err.no_pass", 0);
		return -1;
	}
	if (kz_order_state(st, seat, setup, why) != 0)
		return -1;
	if (setup)
		return kz_setup_parse(st, seat, line, out, why);
	if (kz_order_is_draw(line))
		return kz_order_draw(st, seat, out);
	if (seat != st->turn) {
		game_diag_set(why, "kz.err.not_your_turn", 0);
		return -1;
	}
	if (kz_order_read(st, seat, line, &m, why) != 0)
		return -1;
	memset(out, 0, sizeof(*out));
	out->seat = seat;
	snprintf(out->slot, sizeof(out->slot), "move");
	kz_order_text(st, &m, true, out->text, sizeof(out->text));
	game_msg_set(&out->echo, "kz.echo.move", 1, out->text);
	return 1;
}

/* decision 12, game.h legal(): every order the judge would accept now. */
int
kz_order_legal(const struct game_state *st, int seat,
    void (*emit)(void *, const char *), void *arg)
{
	struct kz_move	 mv[KZ_PATHS_MAX], pick;
	struct game_diag why;
	char		 text[GAME_ORDER_MAX];
	int		 f, i, n, count = 0;

	if (st->phase == KZ_PHASE_OVER)
		return 0;
	if (st->phase != KZ_PHASE_PLAY)
		return -1;
	if (seat != 0 && seat != 1)
		return 0;
	/* Off turn, parse() still takes DRAW as an offer on its own. */
	if (seat != st->turn) {
		emit(arg, "DRAW");
		return 1;
	}
	for (f = 0; f < KZ_FIELDS; f++) {
		if (st->pos.owner[f] != seat)
			continue;
		n = kz_rules_legal_moves(st, seat, f, mv, KZ_PATHS_MAX);
		for (i = 0; i < n; i++) {
			/* The short form, when it picks exactly this path. */
			kz_order_text(st, &mv[i], false, text, sizeof(text));
			if (kz_order_read(st, seat, text, &pick, &why) == 0 &&
			    pick.n == mv[i].n && memcmp(pick.path, mv[i].path,
			    (size_t)mv[i].n) == 0) {
				emit(arg, text);
				count++;
			} else if (st->form != KZ_OPEN) {
				kz_order_text(st, &mv[i], true, text,
				    sizeof(text));
				emit(arg, text);
				count++;
			}
		}
	}
	emit(arg, "DRAW");
	return count + 1;
}
