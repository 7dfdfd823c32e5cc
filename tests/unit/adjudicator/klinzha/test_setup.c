/*
 * test_setup.c - the KlinZha set-up (rules/klinzha.md 4.1, decision 7):
 * one line per player, the corners, what is checked from the setter's
 * view, and the refusals with "choose another field" that name only the
 * field that clashes with hidden enemy material.
 */
#include "tests/unit/adjudicator/klinzha/kz_test.h"

#define APEX_SETUP	"SETUP apex F E-37 L E-26 S D-27 Y C-18 Y D-38 " \
			"V E-27 V E-38 V E-48 B D-28 G E-37"

static struct game_state *
fresh(const char *options)
{
	struct game_state	*st;
	struct game_diag	 why;

	ck_assert_int_eq(kz_ops.create(options, 11, &st, &why), 0);
	ck_assert_int_eq(kz_ops.start(st, 0, &why), 0);
	kzt_roundtrip(st);
	return st;
}

static void
setup(struct game_state *st, int seat, const char *line)
{
	struct game_order	 o;
	struct game_diag	 why;

	ck_assert_msg(kzt_parse(st, seat, line, &o, &why) == 1,
	    "%s: %s %s", line, why.msg.key, why.msg.args[0]);
	ck_assert(kz_ops.ready(st, &o, 1));
	ck_assert_int_eq(kz_ops.adjudicate(st, &o, 1, &why), 0);
	kzt_roundtrip(st);
}

START_TEST(both_players_set_up_and_gold_moves)
{
	struct game_state	*st = fresh("clouded");
	char			 l[12];

	ck_assert_str_eq(kzt_refusal(st, 1, APEX_SETUP), "kz.err.no_setup_now");
	setup(st, 0, APEX_SETUP);
	ck_assert_int_eq(st->phase, KZ_PHASE_SETUP2);
	ck_assert(kzt_told(st, 1, "kz.info.setup_second", "@kz.point.apex"));
	ck_assert_str_eq(kzt_refusal(st, 1, "SETUP apex F E-37 L E-26 S D-27 "
	    "Y C-18 Y D-38 V E-27 V E-38 V E-48 B D-28 G E-37"),
	    "kz.err.corner_taken");
	setup(st, 1, "setup left f g-24 l h-24 s g-25 y h-23 y h-34 "
	    "v g-35 v h-35 v h-45 b i-23 g g-24");
	ck_assert_int_eq(st->phase, KZ_PHASE_PLAY);
	ck_assert_int_eq(st->turn, 0);
	ck_assert_int_eq(st->pos.goal[1], kzt_field("G-24"));
	/* Green sees the apex through the light clouds: row D is clear,
	 * row E a cloud edge. */
	kzt_label(st, 1, "D-27", l);
	ck_assert_str_eq(l, "S");
	kzt_label(st, 1, "E-38", l);
	ck_assert_str_eq(l, "?");
	kzt_label(st, 0, "G-24", l);
	ck_assert_str_eq(l, "f*");
	kz_ops.free(st);
}
END_TEST

START_TEST(setup_checks_from_the_own_view)
{
	struct game_state	*st = fresh("");

	ck_assert_str_eq(kzt_refusal(st, 0, "SETUP"), "kz.err.setup_corner");
	ck_assert_str_eq(kzt_refusal(st, 0, "SETUP middle F E-37"),
	    "kz.err.setup_corner");
	ck_assert_str_eq(kzt_refusal(st, 0, "SETUP apex F E-37"),
	    "kz.err.setup_count");
	ck_assert_str_eq(kzt_refusal(st, 0, "SETUP apex F E-37 F E-26"),
	    "kz.err.setup_count");
	ck_assert_str_eq(kzt_refusal(st, 0, "SETUP apex F E-37 L E-26 S D-27 "
	    "Y C-18 Y D-38 V E-27 V E-38 V E-15 B D-28 G E-37"),
	    "kz.err.setup_field");	/* E-15 is a half field */
	ck_assert_str_eq(kzt_refusal(st, 0, "SETUP apex F E-37 L E-26 S D-27 "
	    "Y C-18 Y D-38 V E-27 V E-38 V E-38 B D-28 G E-37"),
	    "kz.err.setup_twice");
	ck_assert_str_eq(kzt_refusal(st, 0, "SETUP apex F E-37 L E-26 S D-27 "
	    "Y C-18 Y D-38 V E-27 V E-38 V E-48 B D-28 G D-27"),
	    "kz.err.goal_on");
	ck_assert_str_eq(kzt_refusal(st, 0, "SETUP apex F E-37 L E-26 S D-27 "
	    "Y C-18 Y D-38 V E-27 V E-38 V E-48 B D-28 G D-27"),
	    "kz.err.goal_on");
	ck_assert_str_eq(kzt_refusal(st, 0, "SETUP apex F E-37 L E-26 S D-27 "
	    "Y C-18 Y D-38 V E-27 V E-38 V E-48 B D-28 G C-28"),
	    "kz.err.goal_zone");
	ck_assert_str_eq(kzt_refusal(st, 0, "SETUP apex F E-37 L E-26 S D-27 "
	    "Y C-18 Y D-38 V E-27 V E-38 V E-48 B D-28 G X-37"),
	    "kz.err.bad_field");
	kz_ops.free(st);
}
END_TEST

/*
 * Decision 7: Gold's Blockader on F-37 lies under a light cloud; its zone
 * reaches the half field F-36. Green's Blockader on G-36 would bring the
 * zones together: refused naming G-36 only. Seen (open game), the same
 * set-up is refused with its reason.
 */
START_TEST(hidden_clash_names_only_the_field)
{
	static const char gold[] = "SETUP apex F E-37 L E-26 S D-27 Y C-18 "
	    "Y D-38 V E-27 V E-38 V E-48 B F-37 G E-26";
	static const char green[] = "SETUP left F G-24 L H-24 S G-25 Y H-23 "
	    "Y H-34 V G-35 V H-35 V H-45 B G-36 G G-24";
	struct game_state	*st = fresh("clouded");
	struct game_order	 o;
	struct game_diag	 why;

	ck_assert_int_eq(st->pos.cloud[kzt_field("F-37")], KZ_CLOUD);
	setup(st, 0, gold);
	ck_assert_int_eq(kzt_parse(st, 1, green, &o, &why), -1);
	ck_assert_str_eq(why.msg.key, "kz.err.choose_another");
	ck_assert_int_eq(why.msg.nargs, 1);
	ck_assert_str_eq(why.msg.args[0], "G-36");
	kz_ops.free(st);
	st = fresh("");
	setup(st, 0, gold);
	ck_assert_str_eq(kzt_refusal(st, 1, green), "kz.err.block_near");
	kz_ops.free(st);
	/* With half fields open, Green may not set up on a half field Gold
	 * holds under a cloud. */
	st = fresh("clouded half-fields");
	setup(st, 0, "SETUP apex F E-37 L E-26 S D-27 Y C-18 Y D-38 V E-27 "
	    "V E-38 V F-36 B D-28 G E-37");
	ck_assert_int_eq(kzt_parse(st, 1, "SETUP left F G-24 L H-24 S G-25 "
	    "Y H-23 Y H-34 V G-35 V F-36 V H-45 B I-23 G G-24", &o, &why), -1);
	ck_assert_str_eq(why.msg.key, "kz.err.choose_another");
	ck_assert_str_eq(why.msg.args[0], "F-36");
	kz_ops.free(st);
}
END_TEST

START_TEST(create_options)
{
	struct game_state	*st;
	struct game_diag	 why;

	ck_assert_int_eq(kz_ops.create("clouded layout=blind", 1, &st, &why),
	    -1);
	ck_assert_str_eq(why.msg.key, "kz.err.cloud_limit");
	ck_assert_int_eq(kz_ops.create("clouded layout=blind no-cloud-limit",
	    1, &st, &why), 0);
	kz_ops.free(st);
	ck_assert_int_eq(kz_ops.create("open layout=light", 1, &st, &why), -1);
	ck_assert_str_eq(why.msg.key, "kz.err.open_clouds");
	ck_assert_int_eq(kz_ops.create("open blind", 1, &st, &why), -1);
	ck_assert_int_eq(kz_ops.create("clouded zone-gap=9", 1, &st, &why), -1);
	ck_assert_str_eq(why.msg.key, "kz.err.option_value");
	ck_assert_int_eq(kz_ops.create("clouded frobnicate", 1, &st, &why), -1);
	ck_assert_str_eq(why.msg.key, "kz.err.option");
	ck_assert_int_eq(kz_ops.create("clouded clouds=nnn", 1, &st, &why), -1);
	ck_assert_int_eq(kz_ops.create("blind", 1, &st, &why), 0);
	ck_assert_int_eq(st->zone_gap, 4);
	ck_assert_int_eq(st->pos.cloud[40], KZ_CLOUD);
	kzt_roundtrip(st);
	kz_ops.free(st);
	ck_assert_int_eq(kz_ops.create("", 1, &st, &why), 0);
	ck_assert_int_eq(st->zone_gap, 3);
	ck_assert_int_eq(st->form, KZ_OPEN);
	kz_ops.free(st);
	ck_assert_int_eq(kz_ops.create("clouded moving-clouds clouds-step=2",
	    1, &st, &why), 0);
	ck_assert_int_eq(kz_ops.start(st, GAME_NOBODY, &why), 0);
	ck_assert_int_ge(st->cloud_every, 1);
	ck_assert_int_le(st->cloud_every, 6);
	kzt_roundtrip(st);
	kz_ops.free(st);
}
END_TEST

/*
 * A saved state whose clouds do not fit its form is damaged (state.c):
 * the open game has none, the blind one is all cloud, and neither moves.
 */
START_TEST(state_clouds_fit_the_form)
{
	static char		 text[KZ_TEST_STATE_MAX];
	static const char *const forms[] = { "", "blind" };
	struct game_state	*st, *back;
	struct game_diag	 why;
	char			*c;
	int			 i;

	for (i = 0; i < 2; i++) {
		st = fresh(forms[i]);
		kz_ops.save(st, text, sizeof(text));
		ck_assert_int_eq(kz_ops.load(text, &back, &why), 0);
		kz_ops.free(back);
		c = strstr(text, "\nclouds ");
		ck_assert_ptr_nonnull(c);
		c[9 + 40] = 'E';
		ck_assert_int_eq(kz_ops.load(text, &back, &why), -1);
		ck_assert_str_eq(why.msg.key, "kz.err.state");
		c[9 + 40] = i == 0 ? 'N' : 'C';
		c = strstr(text, "\noptions 0 0 ");
		ck_assert_ptr_nonnull(c);
		memcpy(c, "\noptions 0 1 1", 14);
		ck_assert_int_eq(kz_ops.load(text, &back, &why), -1);
		ck_assert_str_eq(why.msg.key, "kz.err.state");
		kz_ops.free(st);
	}
	/* A clouded game takes any layout. */
	st = fresh("clouded");
	kz_ops.save(st, text, sizeof(text));
	c = strstr(text, "\nclouds ");
	c[9 + 40] = c[9 + 40] == 'E' ? 'N' : 'E';
	ck_assert_int_eq(kz_ops.load(text, &back, &why), 0);
	kz_ops.free(back);
	kz_ops.free(st);
}
END_TEST

/*
 * A saved board the rules cannot reach is damaged (state.c): a second
 * Blockader (one zone per side, 3.7), a Goal on a piece that does not
 * carry it or on an enemy piece (3.8), both Goals on one field.
 */
START_TEST(state_pieces_fit_the_rules)
{
	static char		 text[KZ_TEST_STATE_MAX];
	static const struct {
		const char	*field;
		int		 owner;		/* a piece of this seat, or -1 */
		int		 kind;		/* ... of this kind */
	} bad[] = {
		{ "I-99", 1, KZ_BLOCKADER },	/* Green's second Blockader */
		{ "E-16", 0, KZ_VANGUARD },	/* Gold's fourth Vanguard */
		{ "C-18", -1, 0 },	/* Gold's Goal on its Flier */
		{ "I-22", -1, 0 },	/* Gold's Goal on Green's Vanguard */
		{ "I-11", -1, 0 },	/* both Goals on I-11 */
	};
	struct game_state	*st, *back;
	struct game_diag	 why;
	struct kz_pos		 keep;
	size_t			 i;
	int			 f;

	st = kzt_position("", "F E-37 Y C-18 V E-27 V E-38 V E-48 B D-28 "
	    "G E-37 b I-33 v I-22 v I-11 g I-11");
	keep = st->pos;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		f = kzt_field(bad[i].field);
		if (bad[i].owner >= 0) {
			st->pos.owner[f] = (int8_t)bad[i].owner;
			st->pos.kind[f] = (uint8_t)bad[i].kind;
		} else
			st->pos.goal[0] = (int8_t)f;
		kz_ops.save(st, text, sizeof(text));
		st->pos = keep;
		ck_assert_msg(kz_ops.load(text, &back, &why) == -1,
		    "case %zu loads", i);
		ck_assert_str_eq(why.msg.key, "kz.err.state");
	}
	kz_ops.free(st);
}
END_TEST

/* text with the line key ("\nphase ") begins replaced by line ("\nphase
 * over"); into out. */
static void
with_line(const char *text, const char *key, const char *line, char *out,
    size_t len)
{
	const char	*p = strstr(text, key), *e;

	ck_assert_ptr_nonnull(p);
	e = p + 1 + strcspn(p + 1, "\n");
	snprintf(out, len, "%.*s%s%s", (int)(p - text), text, line, e);
}

/*
 * A game is over exactly when it has a winner or is drawn (state.c):
 * fuzz_state gave the referee console's `position` a state "phase over"
 * with no winner, and its view read the side names at index -1 (tests/
 * fuzz/state/klinzha-over-without-winner). A finished game with its
 * winner loads; over without a winner, or going on with one, does not.
 */
START_TEST(state_is_over_exactly_with_a_winner)
{
	static char		 text[KZ_TEST_STATE_MAX], bad[KZ_TEST_STATE_MAX];
	struct game_state	*st, *back;
	struct game_diag	 why;

	st = kzt_position("", "F E-37 Y C-18 V E-27 V E-38 V E-48 B D-28 "
	    "G E-37 b I-33 v I-22 v I-11 g I-11");
	kz_ops.save(st, text, sizeof(text));
	ck_assert_int_eq(kz_ops.load(text, &back, &why), 0);
	kz_ops.free(back);
	with_line(text, "\nphase ", "\nphase over", bad, sizeof(bad));
	ck_assert_int_eq(kz_ops.load(bad, &back, &why), -1);
	ck_assert_str_eq(why.msg.key, "kz.err.state");
	ck_assert_int_eq(kz_ops.resign(st, 0), 0);
	kz_ops.save(st, text, sizeof(text));
	ck_assert_int_eq(kz_ops.load(text, &back, &why), 0);
	kz_ops.free(back);
	with_line(text, "\nphase ", "\nphase play", bad, sizeof(bad));
	ck_assert_int_eq(kz_ops.load(bad, &back, &why), -1);
	ck_assert_str_eq(why.msg.key, "kz.err.state");
	kz_ops.free(st);
}
END_TEST

/* text with the first number of its seats line (FIRST) made first. */
static void
with_first(const char *text, const char *first, char *out, size_t len)
{
	const char	*p = strstr(text, "\nseats "), *e;

	ck_assert_ptr_nonnull(p);
	p += strlen("\nseats ");
	e = p + strcspn(p, " ");
	snprintf(out, len, "%.*s%s%s", (int)(p - text), text, first, e);
}

/*
 * The first seat is -1 exactly while the game is forming (kz_start):
 * fuzz_state gave the console a set-up whose first seat was -1, and the
 * view named the seat due as kz_view_seats[1 - -1] (tests/fuzz/state/
 * klinzha-setup-without-first). Such a state, or one in play without a
 * first seat, or a forming one with it, is refused.
 */
START_TEST(state_has_a_first_seat_once_started)
{
	static char		 text[KZ_TEST_STATE_MAX], bad[KZ_TEST_STATE_MAX];
	struct game_state	*st, *back;
	struct game_diag	 why;
	int			 i;

	for (i = 0; i < 2; i++) {
		st = i == 0 ? fresh("") : kzt_position("", "F E-37 Y C-18 "
		    "V E-27 V E-38 V E-48 B D-28 G E-37 b I-33 v I-22 v I-11 "
		    "g I-11");
		kz_ops.save(st, text, sizeof(text));
		ck_assert_int_eq(kz_ops.load(text, &back, &why), 0);
		kz_ops.free(back);
		with_first(text, "-1", bad, sizeof(bad));
		ck_assert_int_eq(kz_ops.load(bad, &back, &why), -1);
		ck_assert_str_eq(why.msg.key, "kz.err.state");
		kz_ops.free(st);
	}
	ck_assert_int_eq(kz_ops.create("", 11, &st, &why), 0);
	kz_ops.save(st, text, sizeof(text));
	ck_assert_int_eq(kz_ops.load(text, &back, &why), 0);
	kz_ops.free(back);
	with_first(text, "0", bad, sizeof(bad));
	ck_assert_int_eq(kz_ops.load(bad, &back, &why), -1);
	kz_ops.free(st);
}
END_TEST

/* text with the seat of its last line (the second number) made seat. */
static void
with_last_seat(const char *text, const char *seat, char *out, size_t len)
{
	const char	*p = strstr(text, "\nlast "), *e;

	ck_assert_ptr_nonnull(p);
	p += strlen("\nlast ");
	p += strcspn(p, " ") + 1;
	e = p + strcspn(p, " ");
	snprintf(out, len, "%.*s%s%s", (int)(p - text), text, seat, e);
}

/*
 * The last event of a state names the seat that made it, unless there
 * was none: fuzz_state gave the console a set-up event of seat -1, and
 * the view named it kz_view_seats[-1] (tests/fuzz/state/klinzha-event-
 * without-seat). A set-up or a resignation of seat -1 is refused.
 */
START_TEST(state_event_has_its_seat)
{
	static char		 text[KZ_TEST_STATE_MAX], bad[KZ_TEST_STATE_MAX];
	struct game_state	*st, *back;
	struct game_diag	 why;
	int			 i;

	for (i = 0; i < 2; i++) {
		st = fresh("");
		if (i == 0)
			setup(st, 0, APEX_SETUP);
		else
			ck_assert_int_eq(kz_ops.resign(st, 1), 0);
		kz_ops.save(st, text, sizeof(text));
		ck_assert_int_eq(kz_ops.load(text, &back, &why), 0);
		kz_ops.free(back);
		with_last_seat(text, "-1", bad, sizeof(bad));
		ck_assert_msg(kz_ops.load(bad, &back, &why) == -1,
		    "case %d loads", i);
		ck_assert_str_eq(why.msg.key, "kz.err.state");
		kz_ops.free(st);
	}
}
END_TEST

/* A field word too long for its buffer is quoted cut between
 * characters. */
START_TEST(a_long_field_word_is_quoted_between_characters)
{
	struct game_state	*st = fresh("");
	struct game_diag	 why;
	struct game_order	 o;
	char			 line[128], ctx[GAME_CTX_MAX] = "";

	tg_umlauts(line, sizeof(line), "SETUP apex F ");
	ck_assert_int_eq(kz_ops.parse(st, 0, line, ctx, &o, 1, &why), -1);
	ck_assert_str_eq(why.msg.key, "kz.err.bad_field");
	ck_assert_msg(tg_utf8_complete(why.msg.args[0]), "%s",
	    why.msg.args[0]);
	ck_assert_uint_eq(strlen(why.msg.args[0]), 62);
	kz_ops.free(st);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/klinzha/setup");
	TCase	*t = tcase_create("setup");

	tcase_add_test(t, both_players_set_up_and_gold_moves);
	tcase_add_test(t, setup_checks_from_the_own_view);
	tcase_add_test(t, hidden_clash_names_only_the_field);
	tcase_add_test(t, create_options);
	tcase_add_test(t, a_long_field_word_is_quoted_between_characters);
	tcase_add_test(t, state_clouds_fit_the_form);
	tcase_add_test(t, state_pieces_fit_the_rules);
	tcase_add_test(t, state_is_over_exactly_with_a_winner);
	tcase_add_test(t, state_has_a_first_seat_once_started);
	tcase_add_test(t, state_event_has_its_seat);
	suite_add_tcase(s, t);
	return s;
}
