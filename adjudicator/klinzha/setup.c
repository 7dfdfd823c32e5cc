/*
 * setup.c - the SETUP order: a corner, nine pieces and the Goal in one
 * line, checked and placed.
 *
 * rules/klinzha.md 4.1 and decision 7: the first seat chooses any corner,
 * the second one of the two left, seeing the first set-up through the
 * clouds. Everything the setter can see is checked first and refused with
 * its reason; only an otherwise correct set-up that clashes with hidden
 * enemy material (a hidden piece, a hidden zone) is refused with "choose
 * another field" naming that field alone, as the seed's referee does.
 * Pure; no I/O.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/klinzha/kz.h"

#define KZ_SETUP_N	10	/* nine pieces and the Goal */
#define KZ_GOAL		KZ_KINDS	/* the Goal in a set-up list */

struct kz_setup {
	int	 corner;
	int	 kind[KZ_SETUP_N];
	int	 field[KZ_SETUP_N];
	int	 n;
};

/* How many of each kind a side has (section 3); the Goal last. */
const int kz_setup_count[KZ_KINDS + 1] = {
	0, 1, 1, 1, 2, 3, 1, 1
};

static int
kz_setup_corner(const char *w)
{
	static const char *const names[3][6] = {
		{ "apex", "top", "spitze", "a", "a-19", "a19" },
		{ "left", "links", "l", "i-11", "i11", "" },
		{ "right", "rechts", "r", "i-99", "i99", "" },
	};
	int	 p, i;

	for (p = 0; p < 3; p++)
		for (i = 0; i < 6; i++)
			if (names[p][i][0] && strcasecmp(names[p][i], w) == 0)
				return p;
	return -1;
}

/* Next word of *p, split at spaces, commas, semicolons and colons. */
static int
kz_setup_word(const char **p, char *w, size_t wlen)
{
	size_t	 n;

	*p += strspn(*p, " \t,;:");
	n = strcspn(*p, " \t,;:");
	if (n == 0)
		return -1;
	/* A longer word is cut: it is then longer than every word it is
	 * compared with and refused, quoted between characters. */
	if (n >= wlen)
		n = wlen - 1;
	memcpy(w, *p, n);
	w[n] = '\0';
	if ((*p)[n] != '\0' && strchr(" \t,;:", (*p)[n]) == NULL)
		game_msg_cut(w, n);
	*p += strcspn(*p, " \t,;:");
	return 0;
}

/* "SETUP corner piece field ..." into s; -1 with why on bad syntax. */
static int
kz_setup_read(const char *line, struct kz_setup *s, struct game_diag *why)
{
	const char	*p = line;
	char		 w[64];
	int		 k, f, len, have[KZ_KINDS + 1] = { 0 };

	memset(s, 0, sizeof(*s));
	if (kz_setup_word(&p, w, sizeof(w)) != 0 || strcasecmp(w, "setup") != 0)
		goto syntax;
	if (kz_setup_word(&p, w, sizeof(w)) != 0 ||
	    (s->corner = kz_setup_corner(w)) < 0) {
		game_diag_set(why, "kz.err.setup_corner", 0);
		return -1;
	}
	while (kz_setup_word(&p, w, sizeof(w)) == 0) {
		k = kz_order_piece(w);
		if (k < 0 || k == KZ_NONE)
			goto syntax;
		if (kz_setup_word(&p, w, sizeof(w)) != 0 ||
		    (f = kz_board_field(w, &len)) < 0 || w[len] != '\0') {
			game_diag_set(why, "kz.err.bad_field", 1, w);
			return -1;
		}
		if (s->n == KZ_SETUP_N || ++have[k] > kz_setup_count[k])
			goto count;
		s->kind[s->n] = k;
		s->field[s->n++] = f;
	}
	if (s->n != KZ_SETUP_N)
		goto count;
	return 0;
count:
	game_diag_set(why, "kz.err.setup_count", 0);
	return -1;
syntax:
	game_diag_set(why, "kz.err.setup_syntax", 0);
	return -1;
}

/* The field of the set-up's piece of kind k, or -1. */
static int
kz_setup_find(const struct kz_setup *s, int kind)
{
	int	 i;

	for (i = 0; i < s->n; i++)
		if (s->kind[i] == kind)
			return s->field[i];
	return -1;
}

/* What the setter can see: the corner, the fields, the Goal, the zones. */
static int
kz_setup_visible(const struct game_state *st, int seat,
    const struct kz_setup *s, struct game_diag *why)
{
	struct kz_grid	 g;
	char		 fn[6], gn[6];
	int		 i, j, b, goal, kind;

	if (s->corner == st->corner[1 - seat]) {
		game_diag_set(why, "kz.err.corner_taken", 1,
		    kz_board_point_key(s->corner));
		return -1;
	}
	kz_rules_grid_view(st, seat, &g);
	b = kz_setup_find(s, KZ_BLOCKADER);
	goal = kz_setup_find(s, KZ_GOAL);
	for (i = 0; i < s->n; i++) {
		kz_board_name(s->field[i], fn);
		if (!kz_board_in_point(s->field[i], s->corner, st->half_fields)) {
			game_diag_set(why, "kz.err.setup_field", 2, fn,
			    kz_board_point_key(s->corner));
			return -1;
		}
		for (j = 0; j < i; j++)
			if (s->field[j] == s->field[i] && s->kind[i] != KZ_GOAL &&
			    s->kind[j] != KZ_GOAL) {
				game_diag_set(why, "kz.err.setup_twice", 1, fn);
				return -1;
			}
		if (g.who[s->field[i]] != KZ_W_EMPTY) {
			game_diag_set(why, "kz.err.occupied", 1, fn);
			return -1;
		}
		if (g.ezone[s->field[i]]) {
			game_diag_set(why, "kz.err.in_zone", 1, fn);
			return -1;
		}
	}
	for (i = 0; i < s->n; i++) {
		kind = s->kind[i];
		if (kind != KZ_GOAL && s->field[i] == goal &&
		    !kz_rules_carrier(kind)) {
			kz_board_name(goal, gn);
			game_diag_set(why, "kz.err.goal_on", 2, gn,
			    kz_rules_piece_key(kind));
			return -1;
		}
	}
	/* 3.7, decision 13: the own Goal not in the own zone; the zone
	 * rules against what the setter sees of the enemy. */
	if (kz_dist[b][goal] == 1) {
		kz_board_name(goal, gn);
		game_diag_set(why, "kz.err.goal_zone", 1, gn);
		return -1;
	}
	kz_board_name(b, fn);
	for (i = 0; i < 3; i++)
		if (kz_nb[b][i] >= 0 && (g.who[kz_nb[b][i]] == KZ_W_ENEMY ||
		    g.who[kz_nb[b][i]] == KZ_W_UNKNOWN)) {
			game_diag_set(why, "kz.err.block_near", 1, fn);
			return -1;
		}
	if (g.eblock >= 0 && kz_dist[b][g.eblock] < st->zone_gap) {
		game_diag_set(why, "kz.err.block_near", 1, fn);
		return -1;
	}
	return 0;
}

/* Decision 7: a clash with hidden enemy material names that field only. */
static int
kz_setup_hidden(const struct game_state *st, int seat,
    const struct kz_setup *s, struct game_diag *why)
{
	struct kz_pos	 p = st->pos;
	char		 fn[6];
	int		 i, f, e = 1 - seat, eb = kz_rules_blockader(&p, e);

	for (i = 0; i < s->n; i++) {
		f = s->field[i];
		if (p.owner[f] == e || p.goal[e] == f ||
		    (eb >= 0 && kz_dist[eb][f] == 1))
			goto refuse;
	}
	f = kz_setup_find(s, KZ_BLOCKADER);
	for (i = 0; i < s->n; i++)
		if (s->kind[i] != KZ_GOAL) {
			p.owner[s->field[i]] = (int8_t)seat;
			p.kind[s->field[i]] = (uint8_t)s->kind[i];
		}
	p.goal[seat] = (int8_t)kz_setup_find(s, KZ_GOAL);
	if (kz_resolve_blockader_ok(&p, seat, f, st->zone_gap))
		return 0;
refuse:
	kz_board_name(f, fn);
	game_diag_set(why, "kz.err.choose_another", 1, fn);
	return -1;
}

/* "SETUP right" and KZ_SETUP_N pieces " G E-38": GAME_ORDER_MAX holds it. */
_Static_assert(11 + 7 * KZ_SETUP_N < GAME_ORDER_MAX, "a set-up fits");

static void
kz_setup_text(const struct kz_setup *s, char *out, size_t outlen)
{
	static const char *const corners[3] = { "apex", "left", "right" };
	char		 fn[6];
	size_t		 n;
	int		 i;

	n = (size_t)snprintf(out, outlen, "SETUP %s", corners[s->corner]);
	for (i = 0; i < s->n && n < outlen; i++) {
		kz_board_name(s->field[i], fn);
		n += (size_t)snprintf(out + n, outlen - n, " %c %s",
		    s->kind[i] == KZ_GOAL ? 'G' : KZ_LETTERS[s->kind[i]], fn);
	}
}

/* One SETUP line from seat into one order (slot "setup"). */
int
kz_setup_parse(const struct game_state *st, int seat, const char *line,
    struct game_order *out, struct game_diag *why)
{
	struct kz_setup	 s;
	int		 due = st->phase == KZ_PHASE_SETUP1 ? st->first :
			    1 - st->first;

	if (kz_setup_read(line, &s, why) != 0)
		return -1;
	if ((st->phase != KZ_PHASE_SETUP1 && st->phase != KZ_PHASE_SETUP2) ||
	    seat != due) {
		game_diag_set(why, "kz.err.no_setup_now", 0);
		return -1;
	}
	if (kz_setup_visible(st, seat, &s, why) != 0 ||
	    kz_setup_hidden(st, seat, &s, why) != 0)
		return -1;
	memset(out, 0, sizeof(*out));
	out->seat = seat;
	snprintf(out->slot, sizeof(out->slot), "setup");
	kz_setup_text(&s, out->text, sizeof(out->text));
	game_msg_set(&out->echo, "kz.echo.setup", 1,
	    kz_board_point_key(s.corner));
	return 1;
}

/* Places a set-up the parser accepted (its canonical text). */
void
kz_setup_apply(struct game_state *st, int seat, const char *text)
{
	struct kz_setup		 s;
	struct game_diag	 why;
	int			 i;

	if (kz_setup_read(text, &s, &why) != 0)
		return;
	st->corner[seat] = s.corner;
	for (i = 0; i < s.n; i++)
		if (s.kind[i] == KZ_GOAL)
			st->pos.goal[seat] = (int8_t)s.field[i];
		else {
			st->pos.owner[s.field[i]] = (int8_t)seat;
			st->pos.kind[s.field[i]] = (uint8_t)s.kind[i];
		}
}
