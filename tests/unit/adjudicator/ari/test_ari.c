/*
 * test_ari.c - ARI through its game_ops, as the judge drives it.
 *
 * Runs every test position T-A1..T-A11 of rules/ari-and-weekeewachee.md
 * 1.6 from tests/data/ari/scenarios.txt with its exact list of legal
 * actions, checks the dice against the top-face table of rules 1.2, plays
 * the opening, the draw rules (agreement, repetition, ply cap), a game to
 * a capture, and random games in which every listed order must parse and
 * the state text must round-trip. Positions are loaded from state text,
 * the path the judge uses.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/ari/ari.h"
#include "common/rng.h"
#include "tests/unit/adjudicator/diplomacy/support_game.h"

#define STATE_MAX	65536
#define SCENARIOS	"tests/data/ari/scenarios.txt"
#define MAX_LEGAL	20000
#define ORDER_LEN	32

/* save(load(save(s))) == save(s) (STYLE.md 12); called on every state. */
static void
roundtrip(const struct game_state *st)
{
	tg_state_roundtrip(&ari_ops, st);
}

static struct game_state *
new_game(int first)
{
	struct game_state	*st;
	struct game_diag	 why;

	ck_assert_int_eq(ari_ops.create("", 42, &st, &why), 0);
	roundtrip(st);
	ck_assert_int_eq(ari_ops.start(st, first, &why), 0);
	roundtrip(st);
	return st;
}

/* A position from the pieces lines of the state text, as loaded: a
 * decided one is not settled yet. */
static struct game_state *
loaded(const char *stage, int turn, int ply, const char *white,
    const char *black)
{
	struct game_state	*st;
	struct game_diag	 why;
	char			 text[1024];

	snprintf(text, sizeof(text), "ari 1\nstatus: running\nstage: %s\n"
	    "first: 0\nturn: %d\nply: %d\nwinner: -1\nend: none\noffer: -1\n"
	    "seed: 000000000000002a\nwhite: %s\nblack: %s\n"
	    "last: none -1 III - - 0 0\n", stage, turn, ply, white, black);
	if (ari_ops.load(text, &st, &why) != 0)
		ck_abort_msg("position does not load: %s\n%s", why.msg.key,
		    text);
	return st;
}

/* The same, a position play could have reached (the round trip settles). */
static struct game_state *
position(const char *stage, int turn, int ply, const char *white,
    const char *black)
{
	struct game_state	*st = loaded(stage, turn, ply, white, black);

	roundtrip(st);
	return st;
}

/* Parses one line; returns the diag key or "" when accepted. */
static const char *
try_order(const struct game_state *st, int seat, const char *line,
    struct game_order *o)
{
	static struct game_diag	 why;
	char			 ctx[GAME_CTX_MAX] = "";

	memset(&why, 0, sizeof(why));
	memset(o, 0, sizeof(*o));
	if (ari_ops.parse(st, seat, line, ctx, o, 1, &why) == 1)
		return "";
	return why.msg.key;
}

static const char *
try_order_key(const struct game_state *st, int seat, const char *line)
{
	struct game_order	 o;

	return try_order(st, seat, line, &o);
}

/* One order that must be accepted as canon; then the ply is played. */
static void
play(struct game_state *st, int seat, const char *line, const char *canon)
{
	struct game_order	 o;
	struct game_diag	 why;
	const char		*k = try_order(st, seat, line, &o);

	if (*k != '\0')
		ck_abort_msg("\"%s\" refused: %s", line, k);
	ck_assert_str_eq(o.text, canon);
	ck_assert(ari_ops.ready(st, &o, 1));
	ck_assert_int_eq(ari_ops.adjudicate(st, &o, 1, &why), 0);
	roundtrip(st);
}

static const struct game_msg *
find_msg(const struct game_view *v, const char *key)
{
	return tg_find(v, key, NULL);
}

static void
assert_over(const struct game_state *st, int winner, const char *reason)
{
	tg_assert_over(&ari_ops, st, winner, "ari", reason);
}

static int
turn_of(const struct game_state *st)
{
	return tg_turn(&ari_ops, st);
}

/* The legal orders of a seat, sorted. */
struct list {
	int	 n;
	char	 o[MAX_LEGAL][ORDER_LEN];
};

static void
list_add(void *arg, const char *order)
{
	struct list	*l = arg;

	/* No ck_assert here: Check marks every one, and lists are long. */
	if (l->n >= MAX_LEGAL || strlen(order) >= ORDER_LEN)
		ck_abort_msg("legal list overflows at \"%s\"", order);
	memcpy(l->o[l->n++], order, strlen(order) + 1);
}

static int
list_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

static void
list_sort(struct list *l)
{
	qsort(l->o, (size_t)l->n, ORDER_LEN, list_cmp);
}

static void
legal_of(const struct game_state *st, int seat, struct list *l)
{
	int	 n;

	l->n = 0;
	n = ari_ops.legal(st, seat, list_add, l);
	ck_assert_int_eq(n, l->n);
	list_sort(l);
}

/* "IV c4 *": the die on that square in each of its 24 layouts. */
static void
expand(const char *item, struct list *l)
{
	char	 die[8], sq[12];
	int	 piece, i, n, e;

	if (strchr(item, '*') == NULL) {
		list_add(l, item);
		return;
	}
	ck_assert_int_eq(sscanf(item, "%7s %11s", die, sq), 2);
	piece = strcmp(die, "III") == 0 ? 0 : strcmp(die, "IV") == 0 ? 1 : 2;
	for (i = 0; i < ARI_LAYOUTS; i++) {
		char	 text[ORDER_LEN];

		ari_dice_layout(piece, i, &n, &e);
		snprintf(text, sizeof(text), "%s %s N%d E%d", die, sq, n, e);
		list_add(l, text);
	}
}

/* ---------------------------------------------------------------- */
/* The scenario file */

struct scen {
	char			 id[32];
	char			 stage[16];
	int			 turn;
	char			 white[128], black[128];
	struct game_state	*st;
	struct list		*want;		/* legal: lines so far */
	int			 ply;
};

static char *
slurp(const char *path)
{
	FILE	*f = fopen(path, "r");
	char	*buf;
	long	 n;

	ck_assert_msg(f != NULL, "cannot open %s (run from the top)", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = calloc(1, (size_t)n + 1);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return buf;
}

static int
count_scenarios(void)
{
	FILE	*f = fopen(SCENARIOS, "r");
	char	 line[512];
	int	 n = 0;

	if (f == NULL)
		return 1;	/* the test itself then reports the file */
	while (fgets(line, sizeof(line), f) != NULL)
		n += line[0] == '[';
	fclose(f);
	return n;
}

static void
scen_build(struct scen *sc)
{
	if (sc->st != NULL)
		return;
	sc->st = position(sc->stage, sc->turn, sc->ply, sc->white, sc->black);
}

/* Compares the legal: lines given so far with the engine's list. */
static void
scen_flush_legal(struct scen *sc)
{
	static struct list	 got;
	int			 i, j;

	if (sc->want->n == 0)
		return;
	scen_build(sc);
	legal_of(sc->st, sc->st->pos.turn, &got);
	/* DRAW is always on offer to the side to move; drop it. */
	for (i = 0, j = 0; i < got.n; i++)
		if (strcmp(got.o[i], "DRAW") != 0)
			memmove(got.o[j++], got.o[i], ORDER_LEN);
	ck_assert_int_eq(got.n, j + 1);
	got.n = j;
	list_sort(sc->want);
	for (i = 0; i < got.n && i < sc->want->n; i++)
		if (strcmp(got.o[i], sc->want->o[i]) != 0)
			ck_abort_msg("%s: legal list differs at %d: engine "
			    "\"%s\", rules \"%s\"", sc->id, i, got.o[i],
			    sc->want->o[i]);
	ck_assert_msg(got.n == sc->want->n, "%s: %d legal actions, rules %d",
	    sc->id, got.n, sc->want->n);
	/* Each listed order parses back to itself. */
	for (i = 0; i < got.n; i += 7) {
		struct game_order	 o;

		ck_assert_str_eq(try_order(sc->st, sc->st->pos.turn,
		    got.o[i], &o), "");
		ck_assert_str_eq(o.text, got.o[i]);
	}
	sc->want->n = 0;
}

static void
scen_targets(struct scen *sc, char *val)
{
	bool			 t[ARI_SQUARES], want[ARI_SQUARES] = { false };
	static struct game_view	 v;
	char			*tok, name[4];
	int			 sq, i;

	scen_build(sc);
	for (tok = strtok(val, " "); tok != NULL; tok = strtok(NULL, " ")) {
		sq = ari_rules_square(tok[0] - 'a', atoi(tok + 1) - 1);
		ck_assert_int_ne(sq, ARI_OFF);
		want[sq] = true;
	}
	ari_rules_targets(&sc->st->pos, -1, -1, t);
	ari_ops.view(sc->st, 0, &v);
	ck_assert_int_eq(v.cells.n, ARI_SQUARES);
	for (sq = 0; sq < ARI_SQUARES; sq++) {
		ari_rules_square_name(sq, name);
		ck_assert_msg(t[sq] == want[sq], "%s: target %s: engine %d",
		    sc->id, name, t[sq]);
		for (i = 0; i < v.cells.n; i++)
			if (strcmp(v.cells.cell[i].name, name) == 0)
				break;
		ck_assert_int_lt(i, v.cells.n);
		ck_assert_int_eq((v.cells.cell[i].marks & GAME_MARK_ZONE) != 0,
		    want[sq]);
	}
}

static void
scen_danger(struct scen *sc, const char *val)
{
	static struct game_view	 v;
	const struct game_msg	*m;

	scen_build(sc);
	ari_ops.view(sc->st, 1 - sc->st->pos.turn, &v);
	m = find_msg(&v, "ari.info.danger");
	if (strcmp(val, "none") == 0) {
		ck_assert_msg(m == NULL, "%s: queen in danger", sc->id);
		return;
	}
	ck_assert_msg(m != NULL, "%s: queen not in danger", sc->id);
	ck_assert_str_eq(m->args[0], strcmp(val, "white") == 0 ?
	    "@ari.seat.0" : "@ari.seat.1");
}

/* "ORDER = RESULT" */
static void
scen_split(char *val, char **order, char **result)
{
	char	*eq = strstr(val, " = ");

	ck_assert_ptr_nonnull(eq);
	*eq = '\0';
	*order = val;
	*result = eq + 3;
}

static void
scen_refuse(struct scen *sc, char *val)
{
	static char		 before[STATE_MAX], after[STATE_MAX];
	struct game_order	 o;
	char			*order, *key;
	const char		*got;

	scen_build(sc);
	scen_split(val, &order, &key);
	ari_ops.save(sc->st, before, sizeof(before));
	got = try_order(sc->st, sc->st->pos.turn, order, &o);
	ck_assert_msg(strcmp(got, key) == 0, "%s: \"%s\" gave \"%s\", not %s",
	    sc->id, order, got, key);
	ari_ops.save(sc->st, after, sizeof(after));
	ck_assert_str_eq(before, after);
}

static void
scen_line(struct scen *sc, char *line)
{
	char	*val = strstr(line, ": ");

	ck_assert_msg(val != NULL, "bad scenario line \"%s\"", line);
	*val = '\0';
	val += 2;
	if (strcmp(line, "legal") != 0)
		scen_flush_legal(sc);
	if (strcmp(line, "stage") == 0)
		snprintf(sc->stage, sizeof(sc->stage), "%s", val);
	else if (strcmp(line, "turn") == 0)
		sc->turn = strcmp(val, "white") == 0 ? 0 : 1;
	else if (strcmp(line, "white") == 0 || strcmp(line, "black") == 0) {
		snprintf(line[0] == 'w' ? sc->white : sc->black,
		    sizeof(sc->white), "%s", val);
		if (sc->st != NULL)
			ari_ops.free(sc->st);
		sc->st = NULL;
	} else if (strcmp(line, "legal") == 0) {
		for (char *t = strtok(val, ";"); t != NULL;
		    t = strtok(NULL, ";")) {
			while (*t == ' ')
				t++;
			expand(t, sc->want);
		}
	} else if (strcmp(line, "targets") == 0)
		scen_targets(sc, val);
	else if (strcmp(line, "danger") == 0)
		scen_danger(sc, val);
	else if (strcmp(line, "refuse") == 0)
		scen_refuse(sc, val);
	else if (strcmp(line, "play") == 0) {
		char	*order, *canon;

		scen_build(sc);
		scen_split(val, &order, &canon);
		play(sc->st, sc->st->pos.turn, order, canon);
	} else
		ck_abort_msg("unknown scenario key \"%s\"", line);
}

/* Opening plies count the dice placed, so the state stays consistent. */
static int
scen_ply(const struct scen *sc)
{
	if (strcmp(sc->stage, "play") == 0)
		return 20;
	if (strcmp(sc->stage, "queens") == 0)
		return 6;
	return 0;
}

START_TEST(rules_scenario)
{
	static struct list	 want;
	struct scen		 sc;
	char			*text = slurp(SCENARIOS), *line, *next;
	int			 n = -1;

	memset(&sc, 0, sizeof(sc));
	sc.want = &want;
	want.n = 0;
	for (line = text; line != NULL; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (line[0] == '[')
			n++;
		if (n != _i || line[0] == '#' || line[0] == '\0')
			continue;
		if (line[0] == '[') {
			snprintf(sc.id, sizeof(sc.id), "%.*s",
			    (int)(strchr(line, ']') - line - 1), line + 1);
			continue;
		}
		if (strncmp(line, "stage: ", 7) == 0) {
			scen_line(&sc, line);
			sc.ply = scen_ply(&sc);
			continue;
		}
		scen_line(&sc, line);
	}
	scen_flush_legal(&sc);
	ck_assert_msg(sc.id[0] != '\0', "scenario %d missing", _i);
	if (sc.st != NULL)
		ari_ops.free(sc.st);
	free(text);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Miwin's dice */

/* rules 1.2: the top face for each (N, E), "N1:E2>6 ..." per die. */
static const char *const top_table[ARI_DICE][6] = {
	{ "N1:E2>6 E5>2 E6>7 E7>5", "N2:E1>5 E5>9 E6>1 E9>6",
	  "N5:E1>7 E2>1 E7>9 E9>2", "N6:E1>2 E2>9 E7>1 E9>7",
	  "N7:E1>6 E5>1 E6>9 E9>5", "N9:E2>5 E5>7 E6>2 E7>6" },
	{ "N1:E3>4 E4>8 E5>3 E8>5", "N3:E1>5 E4>1 E5>9 E9>4",
	  "N4:E1>3 E3>9 E8>1 E9>8", "N5:E1>8 E3>1 E8>9 E9>3",
	  "N8:E1>4 E4>9 E5>1 E9>5", "N9:E3>5 E4>3 E5>8 E8>4" },
	{ "N2:E3>4 E4>8 E6>3 E8>6", "N3:E2>6 E4>2 E6>7 E7>4",
	  "N4:E2>3 E3>7 E7>8 E8>2", "N6:E2>8 E3>2 E7>3 E8>7",
	  "N7:E3>6 E4>3 E6>8 E8>4", "N8:E2>4 E4>7 E6>2 E7>6" },
};

START_TEST(top_faces_follow_the_rules_table)
{
	int	 d, r, k, n, e, t, seen = 0;

	for (d = 0; d < ARI_DICE; d++)
		for (r = 0; r < 6; r++) {
			const char	*p = top_table[d][r];

			n = p[1] - '0';
			for (k = 0; k < 4; k++) {
				e = p[4 + 5 * k] - '0';
				t = p[6 + 5 * k] - '0';
				ck_assert_msg(ari_dice_top(d, n, e) == t,
				    "%s N%d E%d: top %d, rules %d",
				    ari_dice_name(d), n, e,
				    ari_dice_top(d, n, e), t);
				seen++;
			}
		}
	ck_assert_int_eq(seen, 72);
}
END_TEST

START_TEST(dice_have_their_real_faces_and_pairs)
{
	static const char *const faces[ARI_DICE] = {
		"125679", "134589", "234678"
	};
	static const int pairs[ARI_DICE][3][2] = {
		{ { 1, 9 }, { 2, 7 }, { 5, 6 } },
		{ { 1, 9 }, { 3, 8 }, { 4, 5 } },
		{ { 2, 7 }, { 3, 8 }, { 4, 6 } },
	};
	int	 d, f, i, n, e, sum;

	for (d = 0; d < ARI_DICE; d++) {
		sum = 0;
		for (f = 1; f <= 9; f++) {
			ck_assert(ari_dice_has(d, f) ==
			    (strchr(faces[d], '0' + f) != NULL));
			if (ari_dice_has(d, f))
				sum += f;
		}
		ck_assert_int_eq(sum, 30);
		for (i = 0; i < 3; i++) {
			ck_assert_int_eq(ari_dice_opposite(d, pairs[d][i][0]),
			    pairs[d][i][1]);
			ck_assert_int_eq(ari_dice_opposite(d, pairs[d][i][1]),
			    pairs[d][i][0]);
		}
		/* 24 different layouts, each with its real S and W. */
		for (i = 0; i < ARI_LAYOUTS; i++) {
			ari_dice_layout(d, i, &n, &e);
			ck_assert(ari_dice_layout_ok(d, n, e));
			ck_assert_int_eq(ari_dice_face(d, n, e, ARI_S),
			    ari_dice_opposite(d, n));
			ck_assert_int_eq(ari_dice_face(d, n, e, ARI_W),
			    ari_dice_opposite(d, e));
			for (f = 0; f < i; f++) {
				int	 n2, e2;

				ari_dice_layout(d, f, &n2, &e2);
				ck_assert(n2 != n || e2 != e);
			}
		}
	}
}
END_TEST

/* ---------------------------------------------------------------- */
/* Orders */

START_TEST(orders_are_tolerant_of_case_and_spacing)
{
	static const struct {
		const char	*line;
		const char	*canon;
	} ok[] = {
		{ "III h8 N9 E2", "III h8 N9 E2" },
		{ "iii h8 n9 e2", "III h8 N9 E2" },
		{ "IIIh8N9E2", "III h8 N9 E2" },
		{ "  III   H8  e2 N9 ", "III h8 N9 E2" },
		{ "III h8 S1 W7", "III h8 N9 E2" },
		{ "III h8 N9 W7", "III h8 N9 E2" },
		{ "III h8 N9 E2 S1 W7 T5", "III h8 N9 E2" },
		{ "3 h8 N9 E2", "III h8 N9 E2" },
		{ "V a15 N2 E3", "V a15 N2 E3" },
		{ "Va15N2E3", "V a15 N2 E3" },
		{ "IV o1 N1 E3", "IV o1 N1 E3" },
		{ "draw", "DRAW" },
		{ "Draw!", "DRAW" },
	};
	static const struct {
		const char	*line;
		const char	*key;
	} bad[] = {
		{ "III h8 N9 E2 T6", "ari.err.top" },
		{ "III h8 N9 E1", "ari.err.same_axis" },
		{ "III h8 N9 E9", "ari.err.same_axis" },
		{ "III h8 N4 E2", "ari.err.no_face" },
		{ "V h8 N1 E2", "ari.err.no_face" },
		{ "III h8 N9 S2 E2", "ari.err.not_opposite" },
		{ "III h8 N9", "ari.err.syntax" },
		{ "III h8 N9 E2 E2", "ari.err.syntax" },
		{ "III h8 N9 N9 E2", "ari.err.die_off" },
		{ "III p8 N9 E2", "ari.err.bad_square" },
		{ "III h16 N9 E2", "ari.err.bad_square" },
		{ "III h0 N9 E2", "ari.err.syntax" },
		{ "VI h8 N9 E2", "ari.err.syntax" },
		{ "hello", "ari.err.syntax" },
		{ "", "ari.err.syntax" },
		{ "PASS", "ari.err.no_pass" },
		{ "resign", "ari.err.resign_not_order" },
		{ "Q h8", "ari.err.queen_opening" },
	};
	struct game_state	*st = new_game(0);
	struct game_order	 o;
	size_t			 i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		const char *k = try_order(st, 0, ok[i].line, &o);

		ck_assert_msg(*k == '\0', "\"%s\": %s", ok[i].line, k);
		ck_assert_str_eq(o.text, ok[i].canon);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(strcmp(try_order(st, 0, bad[i].line, &o),
		    bad[i].key) == 0, "\"%s\": %s, not %s", bad[i].line,
		    try_order(st, 0, bad[i].line, &o), bad[i].key);
	ck_assert_str_eq(try_order(st, 1, "III h8 N9 E2", &o),
	    "ari.err.not_your_turn");
	ck_assert_str_eq(try_order(st, 1, "DRAW", &o), "ari.err.draw_turn");
	ck_assert_str_eq(try_order(st, 2, "III h8 N9 E2", &o),
	    "ari.err.no_seat");
	ck_assert_str_eq(try_order(st, 0, "III h8 N9 E2", &o), "");
	ck_assert_str_eq(o.slot, "move");
	ck_assert_str_eq(o.echo.key, "ari.echo.die");
	ck_assert_str_eq(o.echo.args[2], "N9 E2 S1 W7");
	ck_assert_str_eq(o.echo.args[3], "5");
	ari_ops.free(st);
}
END_TEST

START_TEST(orders_wait_for_the_start_and_stop_at_the_end)
{
	struct game_state	*st;
	struct game_diag	 why;
	struct game_order	 o;

	ck_assert_int_eq(ari_ops.create("", 1, &st, &why), 0);
	ck_assert_str_eq(try_order(st, 0, "III h8 N9 E2", &o),
	    "ari.err.not_started");
	ck_assert_int_eq(ari_ops.start(st, 1, &why), 0);
	ck_assert_int_eq(turn_of(st), 1);
	ck_assert_int_eq(ari_ops.start(st, 1, &why), -1);
	ck_assert_int_eq(ari_ops.resign(st, 0), 0);
	roundtrip(st);
	assert_over(st, 1, "@ari.reason.resign");
	ck_assert_str_eq(try_order(st, 1, "III h8 N9 E2", &o),
	    "ari.err.game_over");
	ck_assert_int_eq(ari_ops.resign(st, 1), -1);
	ari_ops.free(st);
	ck_assert_int_eq(ari_ops.create("edge", 1, &st, &why), -1);
	ck_assert_str_eq(why.msg.key, "ari.err.option");
	ck_assert_str_eq(why.msg.args[0], "edge");
}
END_TEST

/* ---------------------------------------------------------------- */
/* Whole games */

/* The opening of T-A11 from a new game; returns it in the queens stage. */
static struct game_state *
opening(void)
{
	static const char *const plies[] = {
		"III h8 N9 E2", "IV j8 N1 E3", "IV h7 N1 E3", "V m8 N2 E3",
		"V a8 N2 E3", "III j9 N9 E2"
	};
	struct game_state	*st = new_game(0);
	struct game_view	 v;
	size_t			 i;

	ari_ops.view(st, 0, &v);
	ck_assert_ptr_nonnull(find_msg(&v, "ari.turn.first_die"));
	ck_assert_str_eq(v.phase, "opening");
	for (i = 0; i < sizeof(plies) / sizeof(plies[0]); i++) {
		ck_assert_int_eq(turn_of(st), (int)i % 2);
		play(st, (int)i % 2, plies[i], plies[i]);
	}
	ari_ops.view(st, 1, &v);
	ck_assert_str_eq(v.phase, "queens");
	ck_assert_ptr_nonnull(find_msg(&v, "ari.turn.queen"));
	ck_assert_int_eq(v.ply, 6);
	return st;
}

START_TEST(opening_then_queens_then_play)
{
	struct game_state	*st = opening();
	struct game_view	 v;
	const struct game_msg	*m;

	play(st, 0, "Q b2", "Q b2");
	play(st, 1, "q o1", "Q o1");
	ari_ops.view(st, 0, &v);
	ck_assert_str_eq(v.phase, "play");
	ck_assert_ptr_nonnull(find_msg(&v, "ari.turn"));
	ck_assert_int_eq(turn_of(st), 0);
	m = find_msg(&v, "ari.ev.queen_placed");
	ck_assert_ptr_nonnull(m);
	ck_assert_str_eq(m->args[0], "@ari.seat.1");
	ck_assert_str_eq(m->args[1], "o1");
	m = find_msg(&v, "ari.info.pieces");
	ck_assert_ptr_nonnull(m);
	ck_assert_str_eq(m->args[1], "III h8 N9 E2, IV h7 N1 E3, "
	    "V a8 N2 E3, Q b2");
	/* Dice now move: lifted, onto a target or beside the own queen. */
	play(st, 0, "IV h7-b3 N1 E3", "IV h7-b3 N1 E3");
	play(st, 1, "Q o1-n2", "Q o1-n2");
	ari_ops.free(st);
}
END_TEST

/*
 * A game to a capture. Black's queen sits in the corner a1 behind her own
 * dice on b1 and b2; White's IV set on a4 with S3 has a1 as its exact
 * target, a2 lies on its row, and a3 (where a die would cover the face)
 * is no target of any die and not beside Black's queen: Black has no
 * legal action left and loses (A-1, decision 2).
 */
static const char *const capture_game[] = {
	"III h8 N9 E2", "IV j8 N1 E3", "V h7 N2 E3", "III j9 N9 E2",
	"IV k7 N1 E3", "V m8 N2 E3", "Q a5", "Q a1",
	"Q a5-a6", "IV j8-b1 N1 E3", "Q a6-a5", "III j9-b2 N5 E2",
	"IV k7-a4 N8 E1",
	NULL
};

START_TEST(game_to_a_capture)
{
	static struct list	 l;
	struct game_state	*st = new_game(0);
	struct game_view	 v;
	int			 i;

	for (i = 0; capture_game[i + 1] != NULL; i++)
		play(st, i % 2, capture_game[i], capture_game[i]);
	/* Before the last move Black's queen is safe. */
	ari_ops.view(st, 1, &v);
	ck_assert_ptr_null(find_msg(&v, "ari.info.danger"));
	ck_assert_str_eq(try_order_key(st, 0, "IV k7-a3 N8 E1"),
	    "ari.err.not_target");
	play(st, 0, capture_game[i], capture_game[i]);
	assert_over(st, 0, "@ari.reason.capture");
	ari_ops.view(st, 1, &v);
	ck_assert_ptr_nonnull(find_msg(&v, "ari.ev.die_moved"));
	legal_of(st, 1, &l);
	ck_assert_int_eq(l.n, 0);
	ari_ops.free(st);
}
END_TEST

/*
 * Issue 14: the capture game's last position, loaded as still running
 * (a game master's position), is judged as after the action: Black has
 * no legal action and loses (A-1, decision 2). The same position one
 * action earlier, and one of the opening, go on.
 */
START_TEST(settle_judges_a_loaded_position)
{
	static struct list	 l;
	struct game_state	*st;
	struct game_order	 o;
	struct game_diag	 why;
	char			 ctx[GAME_CTX_MAX] = "";

	st = loaded("play", 1, 13,
	    "III h8 N9 E2, IV a4 N8 E1, V h7 N2 E3, Q a5",
	    "III b2 N5 E2, IV b1 N1 E3, V m8 N2 E3, Q a1");
	ari_ops.settle(st);
	roundtrip(st);
	assert_over(st, 0, "@ari.reason.capture");
	legal_of(st, 1, &l);
	ck_assert_int_eq(l.n, 0);
	ck_assert_int_eq(ari_ops.parse(st, 1, "DRAW", ctx, &o, 1, &why), -1);
	ari_ops.free(st);
	st = loaded("play", 0, 12,
	    "III h8 N9 E2, IV k7 N1 E3, V h7 N2 E3, Q a5",
	    "III b2 N5 E2, IV b1 N1 E3, V m8 N2 E3, Q a1");
	ari_ops.settle(st);
	ck_assert_int_eq(turn_of(st), 0);
	ari_ops.free(st);
	st = loaded("opening", 1, 1, "III h8 N9 E2, IV -, V -, Q -",
	    "III -, IV -, V -, Q -");
	ari_ops.settle(st);
	ck_assert_int_eq(turn_of(st), 1);
	ari_ops.free(st);
	/* The ply cap, as after the 300th action. */
	st = loaded("play", 0, ARI_PLY_CAP, "III -, IV -, V -, Q a1",
	    "III -, IV -, V -, Q o15");
	ari_ops.settle(st);
	assert_over(st, GAME_DRAWN, "@ari.reason.ply_cap");
	ari_ops.free(st);
}
END_TEST

START_TEST(threefold_repetition_is_a_draw)
{
	static const char *const plies[] = {
		"Q b2-c2", "Q o1-n1", "Q c2-b2", "Q n1-o1",
		"Q b2-c2", "Q o1-n1", "Q c2-b2", "Q n1-o1"
	};
	struct game_state	*st = opening();
	int			 i;

	play(st, 0, "Q b2", "Q b2");
	play(st, 1, "Q o1", "Q o1");
	for (i = 0; i < 8; i++) {
		ck_assert_int_eq(turn_of(st), i % 2);
		play(st, i % 2, plies[i], plies[i]);
		if (i == 3)
			/* second occurrence: play goes on */
			ck_assert_int_eq(turn_of(st), 0);
	}
	assert_over(st, GAME_DRAWN, "@ari.reason.repetition");
	ari_ops.free(st);
}
END_TEST

START_TEST(ply_cap_draws_the_game)
{
	struct game_state	*st = position("play", 0, 298,
				    "III -, IV -, V -, Q a1",
				    "III -, IV -, V -, Q o15");

	play(st, 0, "Q a1-a2", "Q a1-a2");
	ck_assert_int_eq(turn_of(st), 1);
	play(st, 1, "Q o15-o14", "Q o15-o14");
	assert_over(st, GAME_DRAWN, "@ari.reason.ply_cap");
	ari_ops.free(st);
}
END_TEST

/* The shared DRAW convention: the offer rides with a move; DRAW instead
 * of a move accepts; any move declines. */
START_TEST(draw_offer_rides_with_a_move)
{
	struct game_state	*st = opening();
	struct game_order	 o[2];
	struct game_diag	 why;
	struct game_msg		 owe[2];
	struct game_view	 v;
	const struct game_msg	*m;

	/* White: DRAW alone is no move; with the queen it is an offer. */
	ck_assert_str_eq(try_order(st, 0, "DRAW", &o[0]), "");
	ck_assert_str_eq(o[0].slot, "draw");
	ck_assert_str_eq(o[0].echo.key, "ari.echo.draw_offer");
	ck_assert(!ari_ops.ready(st, o, 1));
	ck_assert_int_eq(ari_ops.pending(st, 0, o, 1, owe, 2), 1);
	ck_assert_str_eq(owe[0].key, "ari.pending.queen");
	ck_assert_int_eq(ari_ops.pending(st, 1, o, 1, owe, 2), 0);
	ck_assert_str_eq(try_order(st, 0, "Q b2", &o[1]), "");
	ck_assert(ari_ops.ready(st, o, 2));
	ck_assert_int_eq(ari_ops.adjudicate(st, o, 2, &why), 0);
	roundtrip(st);
	ari_ops.view(st, 1, &v);
	m = find_msg(&v, "ari.info.draw_offer");
	ck_assert_ptr_nonnull(m);
	ck_assert_str_eq(m->args[0], "@ari.seat.0");
	/* Black declines by moving. */
	play(st, 1, "Q o1", "Q o1");
	ari_ops.view(st, 0, &v);
	ck_assert_ptr_null(find_msg(&v, "ari.info.draw_offer"));
	/* White's DRAW now is a new offer, not an acceptance. */
	ck_assert_str_eq(try_order(st, 0, "DRAW", &o[0]), "");
	ck_assert(!ari_ops.ready(st, o, 1));
	ck_assert_str_eq(try_order(st, 0, "Q b2-c2", &o[1]), "");
	ck_assert_int_eq(ari_ops.adjudicate(st, o, 2, &why), 0);
	roundtrip(st);
	/* Black accepts with DRAW instead of a move. */
	ck_assert_str_eq(try_order(st, 1, "DRAW", &o[0]), "");
	ck_assert_str_eq(o[0].echo.key, "ari.echo.draw_accept");
	ck_assert(ari_ops.ready(st, o, 1));
	ck_assert_int_eq(ari_ops.pending(st, 1, o, 1, owe, 2), 0);
	ck_assert_int_eq(ari_ops.adjudicate(st, o, 1, &why), 0);
	roundtrip(st);
	assert_over(st, GAME_DRAWN, "@ari.reason.agreement");
	ari_ops.view(st, 0, &v);
	ck_assert_ptr_nonnull(find_msg(&v, "ari.ev.draw_agreed"));
	ari_ops.free(st);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Random games: the legal list and the parser agree */

START_TEST(random_games_agree_with_the_parser)
{
	static struct list	 l;
	struct game_state	*st;
	struct game_order	 o;
	struct game_diag	 why;
	struct rng		 r;
	char			 line[ORDER_LEN];
	int			 g, ply, i, n, e;
	uint64_t		 pf;

	rng_seed(&r, 20240611);
	for (g = 0; g < 12; g++) {
		st = new_game((int)(g % 2));
		for (ply = 0; ply < 60 && st->status == ARI_RUNNING; ply++) {
			l.n = 0;
			ck_assert_int_gt(ari_ops.legal(st, st->pos.turn,
			    list_add, &l), 1);
			pf = ari_ops.perft(st, 1);
			ck_assert_uint_eq(pf, (uint64_t)l.n - 1);
			/* The other seat may give nothing. */
			l.n = 0;
			ck_assert_int_eq(ari_ops.legal(st, 1 - st->pos.turn,
			    list_add, &l), 0);
			ck_assert_int_eq(l.n, 0);
			legal_of(st, st->pos.turn, &l);
			/* A random die and square: accepted iff listed. */
			for (i = 0; i < 40; i++) {
				int	 d = (int)rng_below(&r, ARI_DICE);
				int	 sq = (int)rng_below(&r, ARI_SQUARES);
				char	 name[4];

				ari_dice_layout(d, (int)rng_below(&r, 24), &n,
				    &e);
				ari_rules_square_name(sq, name);
				snprintf(line, sizeof(line), "%s %s N%d E%d",
				    ari_dice_name(d), name, n, e);
				bool acc = *try_order(st, st->pos.turn, line,
				    &o) == '\0';
				bool listed = acc && bsearch(o.text, l.o,
				    (size_t)l.n, ORDER_LEN, list_cmp) != NULL;
				if (acc != listed)
					ck_abort_msg("%s accepted, not listed",
					    line);
			}
			i = (int)rng_below(&r, (uint32_t)l.n);
			if (strcmp(l.o[i], "DRAW") == 0)
				i = (i + 1) % l.n;
			ck_assert_str_eq(try_order(st, st->pos.turn, l.o[i],
			    &o), "");
			ck_assert(ari_ops.ready(st, &o, 1));
			ck_assert_int_eq(ari_ops.adjudicate(st, &o, 1, &why),
			    0);
			roundtrip(st);
		}
		ari_ops.free(st);
	}
}
END_TEST

/* ---------------------------------------------------------------- */
/* State and view */

START_TEST(load_refuses_unknown_versions_and_broken_text)
{
	struct game_state	*st;
	struct game_diag	 why;
	char			 text[STATE_MAX];

	st = opening();
	ari_ops.save(st, text, sizeof(text));
	ari_ops.free(st);
	ck_assert_int_eq(ari_ops.load("ari 2\n", &st, &why), -1);
	ck_assert_str_eq(why.msg.key, "ari.err.state_version");
	ck_assert_int_eq(ari_ops.load("ari 1\nstatus: running\n", &st, &why),
	    -1);
	ck_assert_str_eq(why.msg.key, "ari.err.state_corrupt");
	/* Two pieces on one square. */
	ck_assert_ptr_nonnull(strstr(text, "IV j8 N1 E3"));
	memcpy(strstr(text, "IV j8 N1 E3"), "IV h8", 5);
	ck_assert_int_eq(ari_ops.load(text, &st, &why), -1);
	/* A die lying on two opposite faces. */
	ck_assert_int_eq(ari_ops.load("ari 1\nstatus: running\nstage: opening\n"
	    "first: 0\nturn: 1\nply: 1\nwinner: -1\nend: none\noffer: -1\n"
	    "seed: 000000000000002a\nwhite: III h8 N9 E1, IV -, V -, Q -\n"
	    "black: III -, IV -, V -, Q -\nlast: none -1 III - - 0 0\n", &st,
	    &why), -1);
}
END_TEST

START_TEST(view_draws_every_face_in_fixed_width)
{
	struct game_state	*st = opening();
	static struct game_view	 v;
	const struct game_cell	*c = NULL;
	const char		*p, *nl;
	int			 i, lines = 0;

	ari_ops.view(st, 1, &v);
	for (p = v.board; *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		ck_assert_ptr_nonnull(nl);
		ck_assert_int_le(nl - p, 79);
		lines++;
	}
	/* Files, frame, three lines per rank, frame. */
	ck_assert_int_eq(lines, 3 + 3 * ARI_SIZE);
	/* III on h8 (N9 E2 S1 W7), file h is the 8th column of 5. */
	ck_assert_ptr_nonnull(p = strstr(v.board, "\n 8|"));
	p++;
	ck_assert_int_eq(strncmp(p + 3 + 7 * 5, "7III2", 5), 0);
	ck_assert_int_eq(p[-80 + 3 + 7 * 5 + 2], '9');
	ck_assert_int_eq(p[80 + 3 + 7 * 5 + 2], '1');
	/* Black's IV on j8 (N1 E3 S9 W8) in lower case; a8 a target. */
	ck_assert_int_eq(strncmp(p + 3 + 9 * 5, "8iv 3", 5), 0);
	ck_assert_int_eq(p[3 + 1 * 5 + 2], '+');
	ck_assert_int_eq(v.cells.shape, GAME_CELL_SQUARE);
	ck_assert_int_eq(v.cells.rows, ARI_SIZE);
	ck_assert_int_eq(v.cells.cols, ARI_SIZE);
	for (i = 0; i < v.cells.n; i++)
		if (strcmp(v.cells.cell[i].name, "h8") == 0)
			c = &v.cells.cell[i];
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(c->row, 7);
	ck_assert_int_eq(c->col, 7);
	ck_assert_str_eq(c->label, "III");
	ck_assert_int_eq(c->owner, GAME_OWNER_SEAT0);
	ck_assert_str_eq(c->side[ARI_N], "9");
	ck_assert_str_eq(c->side[ARI_E], "2");
	ck_assert_str_eq(c->side[ARI_S], "1");
	ck_assert_str_eq(c->side[ARI_W], "7");
	/* j9 was the last die set. */
	for (i = 0; i < v.cells.n; i++)
		if (strcmp(v.cells.cell[i].name, "j9") == 0)
			c = &v.cells.cell[i];
	ck_assert_int_eq(c->shade, GAME_SHADE_PLAIN);
	ck_assert(c->marks & GAME_MARK_LAST);
	ck_assert_int_eq(c->owner, GAME_OWNER_SEAT1);
	ari_ops.free(st);
}
END_TEST

/* An unknown option word is quoted cut between characters. */
START_TEST(a_long_option_word_is_quoted_between_characters)
{
	tg_long_option_quoted(&ari_ops, "ari.err.option", 62);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/ari");
	TCase	*tc;

	tc = tcase_create("rules_scenarios");
	tcase_add_loop_test(tc, rules_scenario, 0, count_scenarios());
	suite_add_tcase(s, tc);

	tc = tcase_create("dice");
	tcase_add_test(tc, top_faces_follow_the_rules_table);
	tcase_add_test(tc, dice_have_their_real_faces_and_pairs);
	suite_add_tcase(s, tc);

	tc = tcase_create("orders");
	tcase_add_test(tc, orders_are_tolerant_of_case_and_spacing);
	tcase_add_test(tc, a_long_option_word_is_quoted_between_characters);
	tcase_add_test(tc, orders_wait_for_the_start_and_stop_at_the_end);
	suite_add_tcase(s, tc);

	tc = tcase_create("game_flow");
	tcase_add_test(tc, opening_then_queens_then_play);
	tcase_add_test(tc, game_to_a_capture);
	tcase_add_test(tc, settle_judges_a_loaded_position);
	tcase_add_test(tc, threefold_repetition_is_a_draw);
	tcase_add_test(tc, ply_cap_draws_the_game);
	tcase_add_test(tc, draw_offer_rides_with_a_move);
	suite_add_tcase(s, tc);

	tc = tcase_create("random_games");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, random_games_agree_with_the_parser);
	suite_add_tcase(s, tc);

	tc = tcase_create("state_and_view");
	tcase_add_test(tc, load_refuses_unknown_versions_and_broken_text);
	tcase_add_test(tc, view_draws_every_face_in_fixed_width);
	suite_add_tcase(s, tc);
	return s;
}
