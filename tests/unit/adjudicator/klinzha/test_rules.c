/*
 * test_rules.c - KlinZha pieces, zones, the Goal, crashes and the end of a
 * game, through game_ops as the judge drives them, on positions from the
 * worked examples of rules/klinzha.md (sections 3.1-3.8, decisions 4, 9,
 * 13). Expected field lists are copied from the rules text.
 */
#include "tests/unit/adjudicator/klinzha/kz_test.h"

/* The sorted names of the fields the piece on `from` may reach. */
static void
reach(const struct game_state *st, const char *from, char *out, size_t len)
{
	struct kz_move	 mv[KZ_PATHS_MAX];
	bool		 hit[KZ_FIELDS] = { false };
	char		 n[6];
	size_t		 m = 0;
	int		 i, k, f;

	k = kz_rules_legal_moves(st, st->turn, kzt_field(from), mv,
	    KZ_PATHS_MAX);
	for (i = 0; i < k; i++)
		if (mv[i].drop < 0)
			hit[mv[i].path[mv[i].n - 1]] = true;
	out[0] = '\0';
	/* Sorted by label, as the rules list them. */
	for (char row = 'A'; row <= 'I'; row++)
		for (int d1 = 1; d1 <= 9; d1++)
			for (int d2 = 1; d2 <= 9; d2++)
				for (f = 0; f < KZ_FIELDS; f++)
					if (hit[f] && kz_label[f][0] == row &&
					    kz_label[f][1] == '0' + d1 &&
					    kz_label[f][2] == '0' + d2) {
						kz_board_name(f, n);
						m += (size_t)snprintf(out + m,
						    len - m, "%s%s", m ? " " : "",
						    n);
					}
}

static int
count(const char *list)
{
	int	 n = 0;

	for (; *list; list++)
		n += *list == '-';
	return n;
}

START_TEST(lancer_vanguard_flier_from_e37)
{
	struct game_state	*st;
	char			 s[512];

	st = kzt_position("", "L E-37");
	reach(st, "E-37", s, sizeof(s));
	ck_assert_str_eq(s, "D-17 D-27 D-38 D-39 E-16 E-26 E-27 E-38 E-48 "
	    "E-49 F-36 F-37 F-47 G-36 G-47");
	kz_ops.free(st);
	st = kzt_position("", "V E-37");
	reach(st, "E-37", s, sizeof(s));
	ck_assert_str_eq(s, "E-27 E-38 F-37");
	kz_ops.free(st);
	st = kzt_position("", "Y E-37");
	reach(st, "E-37", s, sizeof(s));
	ck_assert_str_eq(s, "C-17 C-39 D-17 D-39 E-15 E-16 E-49 E-59 G-35 "
	    "G-36 G-47 G-57 H-34 H-35 H-57 H-67");
	kz_ops.free(st);
}
END_TEST

START_TEST(fencer_swift_blockader_from_e37)
{
	struct game_state	*st;
	char			 s[1024];

	st = kzt_position("", "F E-37");
	reach(st, "E-37", s, sizeof(s));
	ck_assert_int_eq(count(s), 18);
	ck_assert_ptr_nonnull(strstr(s, "D-28"));
	ck_assert_ptr_nonnull(strstr(s, "F-26"));
	ck_assert_ptr_nonnull(strstr(s, "F-48"));
	kz_ops.free(st);
	st = kzt_position("", "S E-37");
	reach(st, "E-37", s, sizeof(s));
	ck_assert_int_eq(count(s), 27);		/* 6 + 9 + 12 */
	ck_assert_ptr_null(strstr(s, "E-38"));	/* never a neighbour */
	kz_ops.free(st);
	st = kzt_position("", "B E-37");
	reach(st, "E-37", s, sizeof(s));
	ck_assert_int_eq(count(s), 9);
	kz_ops.free(st);
}
END_TEST

/* 3.3: with E-38 occupied the Swift reaches D-38 by the detour. */
START_TEST(swift_detour)
{
	struct game_state	*st = kzt_position("", "S E-37 V E-38");
	struct game_order	 o;
	struct game_diag	 why;
	char			 s[1024];

	reach(st, "E-37", s, sizeof(s));
	ck_assert_ptr_nonnull(strstr(s, "D-38"));
	ck_assert_int_eq(kzt_parse(st, 0, "Swift E-37 - D-38", &o, &why), 1);
	ck_assert_str_eq(o.text, "Swift E-37 E-27 D-27 D-28 D-38");
	kz_ops.free(st);
}
END_TEST

/* 3.4 and decision 4: the Flier example, open and clouded. */
START_TEST(flier_crash_example)
{
	struct game_state	*st;
	char			 l[12];

	st = kzt_position("", "Y E-16 b D-38 G A-19 g I-11 V A-19 v I-11");
	ck_assert_str_eq(kzt_refusal(st, 0, "Flier E-16 E-38"), "kz.err.zone");
	kzt_play(st, 0, "Flier E-16 - E-48");	/* flies over E-38 */
	kzt_label(st, 0, "E-48", l);
	ck_assert_str_eq(l, "Y");
	kz_ops.free(st);
	/* Clouded, the Blockader under a cloud. */
	st = kzt_position("clouded layout=none",
	    "Y E-16 b D-38 G A-19 g I-11 V A-19 v I-11");
	st->pos.cloud[kzt_field("D-38")] = KZ_CLOUD;
	kzt_play(st, 0, "Flier E-16 E-38");
	ck_assert_int_eq(st->pos.owner[kzt_field("E-37")], 0);
	ck_assert_int_eq(st->pos.kind[kzt_field("E-37")], KZ_FLIER);
	ck_assert_int_eq(st->last.crash, KZ_CRASH_HIDDEN);
	ck_assert(kzt_told(st, 0, "kz.ev.crashed", "@kz.piece.Y"));
	ck_assert(!kzt_told(st, 0, "kz.ev.crashed_zone", NULL));
	ck_assert(!kzt_told(st, 1, "kz.ev.crashed", NULL));
	ck_assert(kzt_told(st, 1, "kz.ev.moved_hidden", "@kz.seat.0"));
	kz_ops.free(st);
	/* Clouded with the Blockader in sight: ordered anyway, it crashes
	 * the same way (decision 13). */
	st = kzt_position("clouded layout=none",
	    "Y E-16 b D-38 G A-19 g I-11 V A-19 v I-11");
	kzt_play(st, 0, "Flier E-16 E-38");
	ck_assert_int_eq(st->pos.kind[kzt_field("E-37")], KZ_FLIER);
	kz_ops.free(st);
}
END_TEST

/*
 * Issue 14: a Flier ordered into the zone of an enemy Blockader its player
 * sees is told that it could not land in that zone, not that it ran into
 * something it could not see; the other player hears nothing of it. With
 * the Blockader under a cloud, or at a cloud's edge where it shows only as
 * "?" and no zone, the crash is still told as into something unseen.
 */
START_TEST(flier_crash_into_a_seen_zone_says_so)
{
	struct game_state	*st;
	static const char	 clouds[2] = { KZ_CLOUD, KZ_EDGE };
	struct game_view	*v = malloc(sizeof(*v));
	int			 i;

	ck_assert_ptr_nonnull(v);
	st = kzt_position("clouded layout=none",
	    "Y E-16 b D-38 G A-19 g I-11 V A-19 v I-11");
	kzt_play(st, 0, "Flier E-16 E-38");
	ck_assert_int_eq(st->pos.kind[kzt_field("E-37")], KZ_FLIER);
	ck_assert_int_eq(st->last.crash, KZ_CRASH_ZONE);
	kz_ops.view(st, 0, v);
	for (i = 0; i < v->nmsgs; i++)
		ck_assert_str_ne(v->msgs[i].key, "kz.ev.crashed");
	for (i = 0; i < v->nmsgs; i++)
		if (strcmp(v->msgs[i].key, "kz.ev.crashed_zone") == 0)
			break;
	ck_assert_int_lt(i, v->nmsgs);
	ck_assert_int_eq(v->msgs[i].nargs, 3);
	ck_assert_str_eq(v->msgs[i].args[0], "@kz.piece.Y");
	ck_assert_str_eq(v->msgs[i].args[1], "E-38");
	ck_assert_str_eq(v->msgs[i].args[2], "E-37");
	ck_assert(!kzt_told(st, 1, "kz.ev.crashed_zone", NULL));
	ck_assert(!kzt_told(st, 1, "kz.ev.crashed", NULL));
	kz_ops.free(st);
	/* Under a cloud, and at a cloud's edge: nothing of it told. */
	for (i = 0; i < 2; i++) {
		st = kzt_position("clouded layout=none",
		    "Y E-16 b D-38 G A-19 g I-11 V A-19 v I-11");
		st->pos.cloud[kzt_field("D-38")] = clouds[i];
		kzt_play(st, 0, "Flier E-16 E-38");
		ck_assert_int_eq(st->pos.kind[kzt_field("E-37")], KZ_FLIER);
		ck_assert_int_eq(st->last.crash, KZ_CRASH_HIDDEN);
		ck_assert(kzt_told(st, 0, "kz.ev.crashed", "@kz.piece.Y"));
		ck_assert(!kzt_told(st, 0, "kz.ev.crashed_zone", NULL));
		ck_assert(!kzt_told(st, 0, "kz.ev.crashed_gap", NULL));
		kz_ops.free(st);
	}
	free(v);
}
END_TEST

/* The crash's kind is the fifth number of the state's "last" line: a
 * state saved before issue 14 holds 1 for every crash and reads as one
 * into something unseen; a number past 3 is refused. */
START_TEST(crash_kind_is_kept_in_the_state_text)
{
	static char		 text[KZ_TEST_STATE_MAX];
	struct game_state	*st, *back;
	struct game_diag	 why;
	char			*last, *num;
	int			 i;

	st = kzt_position("clouded layout=none",
	    "Y E-16 b D-38 G A-19 g I-11 V A-19 v I-11");
	kzt_play(st, 0, "Flier E-16 E-38");
	ck_assert_uint_lt(kz_ops.save(st, text, sizeof(text)), sizeof(text));
	last = strstr(text, "\nlast ");
	ck_assert_ptr_nonnull(last);
	for (num = last + 1, i = 0; i < 5; i++)
		num = strchr(num, ' ') + 1;
	ck_assert_int_eq(num[0], '2');
	num[0] = '1';
	ck_assert_int_eq(kz_ops.load(text, &back, &why), 0);
	ck_assert_int_eq(back->last.crash, KZ_CRASH_HIDDEN);
	ck_assert(kzt_told(back, 0, "kz.ev.crashed", "@kz.piece.Y"));
	kz_ops.free(back);
	num[0] = '4';
	ck_assert_int_eq(kz_ops.load(text, &back, &why), -1);
	ck_assert_str_eq(why.msg.key, "kz.err.state");
	kz_ops.free(st);
}
END_TEST

/* Decision 4, 13: a walking piece stops before a hidden piece or zone. */
START_TEST(walkers_stop_before_hidden_things)
{
	struct game_state	*st;

	/* A hidden Vanguard on I-45 stops the Lancer on I-44. */
	st = kzt_position("clouded layout=none",
	    "L I-34 v I-45 G A-19 V A-19 g I-99 v I-99");
	st->pos.cloud[kzt_field("I-45")] = KZ_CLOUD;
	kzt_play(st, 0, "Lancer I-34 I-55");
	ck_assert_int_eq(st->pos.kind[kzt_field("I-44")], KZ_LANCER);
	ck_assert_int_eq(st->pos.owner[kzt_field("I-45")], 1);	/* passed: alive */
	ck_assert_int_eq(st->last.crash, KZ_CRASH_HIDDEN);
	kz_ops.free(st);
	/* A hidden zone on the path: the Blockader on H-56 guards I-56;
	 * the Lancer does not move, and the move counts. */
	st = kzt_position("clouded layout=none",
	    "L I-55 b H-56 G A-19 V A-19 g I-99 v I-99");
	st->pos.cloud[kzt_field("H-56")] = KZ_EDGE;
	kzt_play(st, 0, "Lancer I-55 I-67");
	ck_assert_int_eq(st->pos.kind[kzt_field("I-55")], KZ_LANCER);
	ck_assert_int_eq(st->turn, 1);
	ck_assert(kzt_told(st, 0, "kz.ev.crashed", "@kz.piece.L"));
	kz_ops.free(st);
	/* Ending on a hidden killable piece is a normal kill. */
	st = kzt_position("clouded layout=none",
	    "L I-34 v I-45 G A-19 V A-19 g I-99 v I-99");
	st->pos.cloud[kzt_field("I-45")] = KZ_CLOUD;
	kzt_play(st, 0, "Lancer I-34 I-45");
	ck_assert_int_eq(st->last.killed, KZ_VANGUARD);
	ck_assert(kzt_told(st, 0, "kz.ev.killed", "@kz.seat.0"));
	ck_assert(kzt_told(st, 1, "kz.ev.lost", "@kz.piece.V"));
	{
		char l[12];

		kzt_label(st, 1, "I-45", l);
		ck_assert_str_eq(l, "?");	/* the killer, kind unknown */
		kzt_label(st, 0, "I-45", l);
		ck_assert_str_eq(l, "L");
	}
	kz_ops.free(st);
}
END_TEST

/* 3.7: zones; pieces in their own zone cannot be taken; Blockader rules. */
START_TEST(zones_and_blockaders)
{
	struct game_state	*st;

	st = kzt_position("", "L E-37 b D-27 v D-28 G A-19 V A-19 g I-11 "
	    "v I-11");
	ck_assert_str_eq(kzt_refusal(st, 0, "Lancer E-37 E-27"), "kz.err.zone");
	/* D-28 is guarded: the Fencer on D-28 of Donick's example. */
	ck_assert_str_eq(kzt_refusal(st, 0, "Lancer E-37 D-38 D-28"),
	    "kz.err.zone");
	kz_ops.free(st);
	/* Opposing Blockaders: distance 3 allowed open, refused clouded. */
	st = kzt_position("", "B E-37 b C-28 G A-19 V A-19 g I-11 v I-11");
	ck_assert_int_eq(kz_dist[kzt_field("E-38")][kzt_field("C-28")], 3);
	kzt_play(st, 0, "Blockader E-37 E-38");
	kz_ops.free(st);
	st = kzt_position("", "B E-37 b C-28 G A-19 V A-19 g I-11 v I-11");
	ck_assert_str_eq(kzt_refusal(st, 0, "Blockader E-37 E-38 D-38"),
	    "kz.err.cannot");	/* distance 2: zones would overlap */
	kz_ops.free(st);
	st = kzt_position("clouded layout=none",
	    "B F-37 b C-28 G A-19 V A-19 g I-11 v I-11");
	/* Seen, distance 3 is too close in the clouded game: ordered
	 * anyway it crashes back to E-37, the last field of its path
	 * where the rule holds (decision 4). */
	kzt_play(st, 0, "Blockader F-37 E-37 E-38");
	ck_assert_int_eq(st->pos.kind[kzt_field("E-37")], KZ_BLOCKADER);
	/* Issue 14: it was too close to a Blockader it saw; say so. */
	ck_assert_int_eq(st->last.crash, KZ_CRASH_GAP);
	ck_assert(kzt_told(st, 0, "kz.ev.crashed_gap", "@kz.piece.B"));
	ck_assert(!kzt_told(st, 0, "kz.ev.crashed", NULL));
	ck_assert(!kzt_told(st, 1, "kz.ev.crashed_gap", NULL));
	kz_ops.free(st);
	/* The same under a cloud: something it could not see. */
	st = kzt_position("clouded layout=none",
	    "B F-37 b C-28 G A-19 V A-19 g I-11 v I-11");
	st->pos.cloud[kzt_field("C-28")] = KZ_CLOUD;
	kzt_play(st, 0, "Blockader F-37 E-37 E-38");
	ck_assert_int_eq(st->pos.kind[kzt_field("E-37")], KZ_BLOCKADER);
	ck_assert_int_eq(st->last.crash, KZ_CRASH_HIDDEN);
	ck_assert(kzt_told(st, 0, "kz.ev.crashed", "@kz.piece.B"));
	ck_assert(!kzt_told(st, 0, "kz.ev.crashed_gap", NULL));
	kz_ops.free(st);
	/* The Blockader cannot kill, not even an unknown piece. */
	st = kzt_position("", "B E-37 v E-38 G A-19 V A-19 g I-11 v I-11");
	ck_assert_str_eq(kzt_refusal(st, 0, "Blockader E-37 E-38"),
	    "kz.err.cannot");
	kz_ops.free(st);
}
END_TEST

/* 3.8, decision 2: carry, drop on the path, pick-up, capture. */
START_TEST(goal_carry_drop_pickup_capture)
{
	struct game_state	*st;

	st = kzt_position("", "L E-37 G E-37 B A-19 g I-11 v I-11");
	kzt_play(st, 0, "Lancer E-37 E-38 E-48");
	ck_assert_int_eq(st->pos.goal[0], kzt_field("E-48"));
	st->turn = 0;
	kzt_play(st, 0, "Lancer E-48 - E-59 drop at E-49");
	ck_assert_int_eq(st->pos.goal[0], kzt_field("E-49"));
	ck_assert_int_eq(st->last.drop, kzt_field("E-49"));
	ck_assert_int_eq(st->quiet, 0);
	st->turn = 0;
	ck_assert_str_eq(kzt_refusal(st, 0, "Lancer E-59 E-49 drop at E-59"),
	    "kz.err.no_goal");
	kzt_play(st, 0, "Lancer E-59 E-49");
	ck_assert(st->last.pickup);
	ck_assert_int_eq(st->pos.goal[0], kzt_field("E-49"));
	kz_ops.free(st);
	/* A Swift and a Flier do not carry; a Vanguard does. */
	st = kzt_position("", "S E-37 G F-36 V E-27 g I-11 v I-11");
	ck_assert_str_eq(kzt_refusal(st, 0, "Swift E-37 F-36"), "kz.err.cannot");
	kzt_play(st, 0, "Vanguard E-27 E-26");
	ck_assert(!st->last.pickup);
	kz_ops.free(st);
	/* The own Goal never rests in the own zone (decision 13). */
	st = kzt_position("", "V E-37 G E-37 B D-38 g I-11 v I-11");
	ck_assert_str_eq(kzt_refusal(st, 0, "Vanguard E-37 E-38"),
	    "kz.err.cannot");
	kzt_play(st, 0, "Vanguard E-37 E-27");
	kz_ops.free(st);
	/* Capture: the Blockader takes a lone Goal; a kill of the carrier. */
	st = kzt_position("", "B E-37 G A-19 V A-19 g E-27 v I-11");
	kzt_play(st, 0, "Blockader E-37 E-27");
	ck_assert_int_eq(st->phase, KZ_PHASE_OVER);
	ck_assert_int_eq(st->winner, 0);
	ck_assert_int_eq(st->end, KZ_END_GOAL);
	ck_assert(kzt_told(st, 1, "kz.ev.goal", "@kz.seat.0"));
	kz_ops.free(st);
	st = kzt_position("clouded layout=heavy",
	    "Y E-16 G A-19 V A-19 g E-49 v E-49");
	kzt_play(st, 0, "Flier E-16 E-49");
	ck_assert_int_eq(st->winner, 0);
	ck_assert(kzt_told(st, 1, "kz.info.final", NULL));
	kz_ops.free(st);
}
END_TEST

/* 4.4, decision 8: self-jeopardy in the open game only. */
START_TEST(self_jeopardy_open_only)
{
	struct game_state	*st;
	const char		*pos = "V E-37 G E-37 V E-38 l E-49 g I-11 v I-11";

	/* The Vanguard on E-38 shields the Goal from the Lancer on row E. */
	st = kzt_position("", pos);
	ck_assert_str_eq(kzt_refusal(st, 0, "Vanguard E-38 D-38"),
	    "kz.err.jeopardy");
	kz_ops.free(st);
	st = kzt_position("clouded layout=none", pos);
	kzt_play(st, 0, "Vanguard E-38 D-38");
	kz_ops.free(st);
}
END_TEST

/* Orders: spelling, paths needed in clouds, errors from the view only. */
START_TEST(order_spellings_and_paths)
{
	struct game_state	*st;
	struct game_order	 o;
	struct game_diag	 why;

	st = kzt_position("", "F E-37 G A-19 V A-19 g I-11 v I-11");
	ck_assert_int_eq(kzt_parse(st, 0, "fencer e37 - d28", &o, &why), 1);
	ck_assert_str_eq(o.text, "Fencer E-37 E-27 D-27 D-28");
	ck_assert_int_eq(kzt_parse(st, 0, "F E-37xD-28", &o, &why), 1);
	ck_assert_int_eq(kzt_parse(st, 0, "Fechter E-37 nach D-28", &o, &why),
	    1);
	ck_assert_int_eq(kzt_parse(st, 0, "E-37 E-27 D-27 D-28", &o, &why), 1);
	ck_assert_str_eq(o.text, "Fencer E-37 E-27 D-27 D-28");
	ck_assert_str_eq(kzt_refusal(st, 0, "Lancer E-37 D-28"),
	    "kz.err.wrong_piece");
	ck_assert_str_eq(kzt_refusal(st, 0, "Fencer E-38 D-28"),
	    "kz.err.no_piece");
	ck_assert_str_eq(kzt_refusal(st, 0, "hello"), "kz.err.syntax");
	ck_assert_str_eq(kzt_refusal(st, 1, "v I-11 I-12"),
	    "kz.err.not_your_turn");
	ck_assert_str_eq(kzt_refusal(st, 0, "Goal A-19 B-19"), "kz.err.syntax");
	kz_ops.free(st);
	/* In clouds the two shortest ways to D-28 need the path. */
	st = kzt_position("clouded", "F E-37 G A-19 V A-19 g I-11 v I-11");
	ck_assert_str_eq(kzt_refusal(st, 0, "Fencer E-37 D-28"),
	    "kz.err.path_needed");
	ck_assert_int_eq(kzt_parse(st, 0, "Fencer E-37 E-27 D-27 D-28", &o,
	    &why), 1);
	kz_ops.free(st);
}
END_TEST

static void
collect(void *arg, const char *order)
{
	char	*out = arg;

	strcat(out, out[0] ? ";" : "");
	strcat(out, order);
}

/*
 * game.h legal(): what parse() takes, for either seat. The seat not to
 * move may only offer a draw (an offer on its own, README "Orders"); the
 * game master and a finished game have no orders.
 */
START_TEST(legal_for_each_seat)
{
	struct game_state	*st;
	struct game_order	 o;
	struct game_diag	 why;
	char			 got[4096] = "";

	st = kzt_position("", "V E-37 G A-19 V A-19 v I-12 g I-11 v I-11");
	ck_assert_int_eq(kz_ops.legal(st, 1, collect, got), 1);
	ck_assert_str_eq(got, "DRAW");
	ck_assert_int_eq(kzt_parse(st, 1, got, &o, &why), 1);
	ck_assert_str_eq(o.slot, "draw");
	got[0] = '\0';
	ck_assert_int_eq(kz_ops.legal(st, GAME_SEAT_GM, collect, got), 0);
	ck_assert_int_eq(kz_ops.legal(st, 0, collect, got), 6);
	ck_assert_str_eq(got, "Vanguard A-19 B-19;"
	    "Vanguard A-19 B-19 drop at A-19;Vanguard E-37 E-27;"
	    "Vanguard E-37 E-38;Vanguard E-37 F-37;DRAW");
	ck_assert_int_eq(kz_ops.resign(st, 1), 0);
	got[0] = '\0';
	ck_assert_int_eq(kz_ops.legal(st, 1, collect, got), 0);
	ck_assert_int_eq(kz_ops.legal(st, 0, collect, got), 0);
	ck_assert_str_eq(got, "");
	kz_ops.free(st);
}
END_TEST

/* A field's cell in view(seat), and the third character the diagram
 * gives it (its object in *piece). */
static struct game_cell
cell(const struct game_state *st, int seat, const char *fn, char *piece,
    char *third)
{
	struct game_view	*v = malloc(sizeof(*v));
	struct game_cell	 c;
	const char		*line;
	int			 f = kzt_field(fn), r = kz_board_row(f), i;

	ck_assert_ptr_nonnull(v);
	kz_ops.view(st, seat, v);
	c = v->cells.cell[f];
	/* Row r is line r: its letter, a blank, 3 * (8 - r) blanks, then
	 * three characters a field (view.c, kz_view_board). */
	line = v->board;
	for (i = 0; i < r; i++)
		line = strchr(line, '\n') + 1;
	line += 2 + 3 * (KZ_ROWS - 1 - r) + 3 * kz_board_col(f);
	*piece = line[1];
	*third = line[2];
	free(v);
	return c;
}

static int
marks(const struct game_state *st, int seat, const char *fn)
{
	char	 piece, third;

	return cell(st, seat, fn, &piece, &third).marks;
}

/*
 * The marks of the cells mirror the diagram's third character: a field
 * the diagram marks ' (last move) or + (empty field of a known zone) is
 * marked so in the cells, and the cells mark a field only where the
 * diagram does or cannot (a Goal's * takes the place; a zone field with a
 * piece on it, seen in the diagram by the Blockader beside it).
 */
static void
marks_mirror_the_diagram(const struct game_state *st, int seat)
{
	struct game_cell	 c;
	char			 fn[8], piece, third;
	int			 f;

	for (f = 0; f < KZ_FIELDS; f++) {
		kz_board_name(f, fn);
		c = cell(st, seat, fn, &piece, &third);
		ck_assert_msg((third != '\'' || (c.marks & GAME_MARK_LAST)) &&
		    (third != '+' || (c.marks & GAME_MARK_ZONE)),
		    "seat %d %s: diagram %c, marks %d", seat, fn, third,
		    c.marks);
		ck_assert_msg(!(c.marks & GAME_MARK_LAST) || third == '\'' ||
		    third == '*', "seat %d %s: mark beyond the diagram", seat,
		    fn);
		ck_assert_msg(!(c.marks & GAME_MARK_ZONE) || third == '+' ||
		    third == '\'' || third == '*' || piece != '.',
		    "seat %d %s: zone beyond the diagram", seat, fn);
	}
}

/*
 * README "The view": in the blind form every field is under the cloud,
 * so the picture shades none as cloud and keeps the own zone and the
 * mover's last move; the enemy's zone and move stay unseen.
 */
START_TEST(blind_picture_keeps_zone_and_mark)
{
	struct game_state	*st;
	char			 piece, third;

	st = kzt_position("blind",
	    "V A-19 G A-19 L E-37 B I-22 v I-88 g I-88 b G-47");
	kzt_play(st, 0, "Lancer E-37 E-38");
	ck_assert_int_eq(marks(st, 0, "E-37"), GAME_MARK_LAST);
	ck_assert_int_eq(marks(st, 0, "E-38"), GAME_MARK_LAST);
	ck_assert_int_eq(marks(st, 0, "I-12"), GAME_MARK_ZONE);
	ck_assert_int_eq(marks(st, 0, "G-46"), 0);
	ck_assert_int_eq(marks(st, 1, "G-46"), GAME_MARK_ZONE);
	ck_assert_int_eq(marks(st, 1, "E-38"), 0);
	ck_assert_int_eq(marks(st, 1, "I-12"), 0);
	ck_assert_int_eq(marks(st, GAME_SEAT_GM, "I-12"), GAME_MARK_ZONE);
	ck_assert_int_eq(cell(st, 0, "E-38", &piece, &third).shade,
	    GAME_SHADE_PLAIN);
	marks_mirror_the_diagram(st, 0);
	marks_mirror_the_diagram(st, 1);
	kz_ops.free(st);
	/* Clouded: a field under a cloud keeps its cloud shade. */
	st = kzt_position("clouded layout=heavy", "V A-19 G A-19 L E-37 "
	    "v I-88 g I-88");
	ck_assert_int_eq(st->pos.cloud[kzt_field("F-37")], KZ_CLOUD);
	ck_assert_int_eq(cell(st, 0, "F-37", &piece, &third).shade,
	    GAME_SHADE_CLOUD);
	kz_ops.free(st);
}
END_TEST

/*
 * Issue 15: zones and the last move on cloud and cloud-edge fields are
 * marked in the cells as in the diagram, for the seat that may know them
 * and not for the other. Heavy layout: Gold's Blockader on the edge field
 * D-28 (zone C-28, D-27, D-38, all edge fields; Green sees only "?"
 * there); Green's Blockader under the cloud at H-57 (zone G-57 and H-56
 * under the cloud, H-67 at its edge; Gold sees nothing). Gold's Lancer
 * goes from E-48 to F-48, both under the cloud, where it kills Green's
 * hidden Flier: Green is told where it lost it, not whence the Lancer came.
 */
START_TEST(clouded_cells_mark_zones_and_moves_under_clouds)
{
	static const char *const gold_zone[] = { "C-28", "D-27", "D-38" };
	static const char *const green_zone[] = { "G-57", "H-56", "H-67" };
	struct game_state	*st;
	char			 piece, third;
	int			 i, s;

	st = kzt_position("clouded layout=heavy", "V A-19 G A-19 B D-28 "
	    "L E-48 v I-88 g I-88 b H-57 y F-48");
	kzt_play(st, 0, "Lancer E-48 F-48");
	ck_assert(kzt_told(st, 1, "kz.ev.lost", NULL));
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(cell(st, 0, gold_zone[i], &piece,
		    &third).shade, GAME_SHADE_EDGE);
		ck_assert_int_eq(marks(st, 0, gold_zone[i]), GAME_MARK_ZONE);
		ck_assert_int_eq(marks(st, 1, gold_zone[i]), 0);
		ck_assert_int_eq(marks(st, GAME_SEAT_GM, gold_zone[i]),
		    GAME_MARK_ZONE);
		ck_assert_int_eq(marks(st, 1, green_zone[i]), GAME_MARK_ZONE);
		ck_assert_int_eq(marks(st, 0, green_zone[i]), 0);
		ck_assert_int_eq(marks(st, GAME_SEAT_GM, green_zone[i]),
		    GAME_MARK_ZONE);
	}
	ck_assert_int_eq(cell(st, 1, "G-57", &piece, &third).shade,
	    GAME_SHADE_CLOUD);
	ck_assert_int_eq(cell(st, 1, "H-67", &piece, &third).shade,
	    GAME_SHADE_EDGE);
	for (s = 0; s < 2; s++) {
		ck_assert_int_eq(cell(st, s, "E-48", &piece, &third).shade,
		    GAME_SHADE_CLOUD);
		ck_assert_int_eq(cell(st, s, "F-48", &piece, &third).shade,
		    GAME_SHADE_CLOUD);
	}
	ck_assert_int_eq(marks(st, 0, "E-48"), GAME_MARK_LAST);
	ck_assert_int_eq(marks(st, 0, "F-48"), GAME_MARK_LAST);
	ck_assert_int_eq(marks(st, 1, "E-48"), 0);
	ck_assert_int_eq(marks(st, 1, "F-48"), GAME_MARK_LAST);
	ck_assert_int_eq(marks(st, GAME_SEAT_GM, "E-48"), GAME_MARK_LAST);
	marks_mirror_the_diagram(st, 0);
	marks_mirror_the_diagram(st, 1);
	marks_mirror_the_diagram(st, GAME_SEAT_GM);
	kz_ops.free(st);

	/* Without the kill Green learns nothing of the move. */
	st = kzt_position("clouded layout=heavy", "V A-19 G A-19 B D-28 "
	    "L E-48 v I-88 g I-88 b H-57");
	kzt_play(st, 0, "Lancer E-48 F-48");
	ck_assert_int_eq(marks(st, 0, "F-48"), GAME_MARK_LAST);
	ck_assert_int_eq(marks(st, 1, "E-48"), 0);
	ck_assert_int_eq(marks(st, 1, "F-48"), 0);
	marks_mirror_the_diagram(st, 0);
	marks_mirror_the_diagram(st, 1);
	kz_ops.free(st);
}
END_TEST

/* Decision 9: no legal move loses; agreement, repetition, 50 moves. */
START_TEST(end_conditions_and_draws)
{
	struct game_state	*st;
	struct game_order	 o[2];
	struct game_diag	 why;
	int			 i;

	/* A piece that can kill has a move: Gold's Vanguard steps onto
	 * I-12, the only neighbour of the corner I-11, where Green's
	 * Vanguard carries its Goal; Green can take it, so play goes on. */
	st = kzt_position("", "V A-19 G A-19 V I-22 v I-11 g I-11");
	kzt_play(st, 0, "Vanguard I-22 I-12");
	ck_assert_int_eq(st->phase, KZ_PHASE_PLAY);
	ck_assert_int_eq(st->end, KZ_END_NONE);
	ck_assert_int_eq(st->turn, 1);
	kzt_play(st, 1, "Vanguard I-11 I-12");
	ck_assert_int_eq(st->pos.owner[kzt_field("I-12")], 1);
	kz_ops.free(st);

	/* Agreement: Gold offers with its move, Green accepts. */
	st = kzt_position("", "V E-37 G A-19 V A-19 v I-12 g I-11 v I-11");
	ck_assert_int_eq(kzt_parse(st, 0, "DRAW", &o[0], &why), 1);
	ck_assert(!kz_ops.ready(st, o, 1));
	ck_assert_int_eq(kzt_parse(st, 0, "Vanguard E-37 E-27", &o[1], &why),
	    1);
	ck_assert(kz_ops.ready(st, o, 2));
	ck_assert_int_eq(kz_ops.adjudicate(st, o, 2, &why), 0);
	ck_assert_int_eq(st->draw_offer, 0);
	ck_assert(kzt_told(st, 1, "kz.ev.draw_offer", "@kz.seat.0"));
	kzt_play(st, 1, "DRAW");
	ck_assert_int_eq(st->winner, GAME_DRAWN);
	ck_assert_int_eq(st->end, KZ_END_AGREEMENT);
	kz_ops.free(st);

	/* Repetition: back and forth twice makes the third occurrence. */
	st = kzt_position("", "V E-37 G A-19 V A-19 v I-12 g I-11 v I-11");
	st->hist[0] = kz_resolve_key(st);
	st->nhist = 1;
	for (i = 0; i < 2 && st->phase == KZ_PHASE_PLAY; i++) {
		kzt_play(st, 0, "Vanguard E-37 E-27");
		kzt_play(st, 1, "Vanguard I-12 I-22");
		kzt_play(st, 0, "Vanguard E-27 E-37");
		kzt_play(st, 1, "Vanguard I-22 I-12");
	}
	ck_assert_int_eq(st->winner, GAME_DRAWN);
	ck_assert_int_eq(st->end, KZ_END_REPETITION);
	kz_ops.free(st);

	/* 50 moves each without a kill or Goal move. */
	st = kzt_position("", "V E-37 G A-19 V A-19 v I-12 g I-11 v I-11");
	st->quiet = KZ_QUIET_PLIES - 1;
	kzt_play(st, 0, "Vanguard E-37 E-27");
	ck_assert_int_eq(st->end, KZ_END_QUIET);
	kz_ops.free(st);

	/* No legal move loses: Green's Vanguard in the corner I-11 has
	 * one neighbour, I-12, and Gold's Blockader on I-22 holds it in its
	 * zone; after Gold's move Green, to move, is stuck. */
	st = kzt_position("", "V E-16 V A-19 G A-19 B I-22 v I-11 g I-11");
	kzt_play(st, 0, "Vanguard E-16 E-26");
	ck_assert_int_eq(st->phase, KZ_PHASE_OVER);
	ck_assert_int_eq(st->winner, 0);
	ck_assert_int_eq(st->end, KZ_END_NO_MOVES);
	kz_ops.free(st);

	/* Resign. */
	st = kzt_position("", "V E-37 G A-19 V A-19 v I-12 g I-11 v I-11");
	ck_assert_int_eq(kz_ops.resign(st, 1), 0);
	ck_assert_int_eq(st->winner, 0);
	kzt_roundtrip(st);
	kz_ops.free(st);
}
END_TEST

/* st as a game master would write it, loaded back and settled (game.h
 * settle, the referee console's "position"); st is freed. */
static struct game_state *
settled(struct game_state *st)
{
	struct game_state	*back;
	struct game_diag	 why;
	char			*text = malloc(KZ_TEST_STATE_MAX);

	ck_assert_ptr_nonnull(text);
	ck_assert_uint_lt(kz_ops.save(st, text, KZ_TEST_STATE_MAX),
	    KZ_TEST_STATE_MAX);
	kz_ops.free(st);
	ck_assert_int_eq(kz_ops.load(text, &back, &why), 0);
	free(text);
	kz_ops.settle(back);
	kzt_roundtrip(back);
	return back;
}

static void
count_emit(void *arg, const char *order)
{
	(void)order;
	(*(int *)arg)++;
}

/*
 * Issue 14: a position loaded in play is judged as after a move (decision
 * 9): the side to move with no legal move loses; a last move that took
 * the Goal, and 50 quiet moves each, end it too; a position with a move
 * plays on, and one without Goals (a study) is not lost for that.
 */
START_TEST(settle_judges_a_loaded_position)
{
	struct game_state	*st;
	struct game_order	 o;
	struct game_diag	 why;
	int			 n = 0;

	/* end_conditions_and_draws' stuck Green, to move. */
	st = kzt_position("", "V E-26 V A-19 G A-19 B I-22 v I-11 g I-11");
	st->turn = 1;
	st = settled(st);
	ck_assert_int_eq(st->phase, KZ_PHASE_OVER);
	ck_assert_int_eq(st->winner, 0);
	ck_assert_int_eq(st->end, KZ_END_NO_MOVES);
	ck_assert_int_eq(kz_ops.legal(st, 1, count_emit, &n), 0);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(kzt_parse(st, 1, "DRAW", &o, &why), -1);
	ck_assert_str_eq(why.msg.key, "kz.err.game_over");
	kz_ops.free(st);
	/* The Blockader took the lone Goal; written as still in play. */
	st = kzt_position("", "B E-37 G A-19 V A-19 g E-27 v I-11");
	kzt_play(st, 0, "Blockader E-37 E-27");
	st->phase = KZ_PHASE_PLAY;
	st->winner = GAME_NOBODY;
	st->end = KZ_END_NONE;
	st = settled(st);
	ck_assert_int_eq(st->winner, 0);
	ck_assert_int_eq(st->end, KZ_END_GOAL);
	kz_ops.free(st);
	st = kzt_position("", "V E-37 G A-19 V A-19 v I-12 g I-11 v I-11");
	st->quiet = KZ_QUIET_PLIES;
	st = settled(st);
	ck_assert_int_eq(st->winner, GAME_DRAWN);
	ck_assert_int_eq(st->end, KZ_END_QUIET);
	kz_ops.free(st);
	st = settled(kzt_position("", "V E-26 V A-19 G A-19 B I-22 v I-11 "
	    "g I-11"));
	ck_assert_int_eq(st->phase, KZ_PHASE_PLAY);
	kz_ops.free(st);
	st = settled(kzt_position("", "L E-37 v I-11"));
	ck_assert_int_eq(st->phase, KZ_PHASE_PLAY);
	kz_ops.free(st);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/klinzha/rules");
	TCase	*t = tcase_create("rules");

	tcase_add_test(t, lancer_vanguard_flier_from_e37);
	tcase_add_test(t, fencer_swift_blockader_from_e37);
	tcase_add_test(t, swift_detour);
	tcase_add_test(t, flier_crash_example);
	tcase_add_test(t, flier_crash_into_a_seen_zone_says_so);
	tcase_add_test(t, crash_kind_is_kept_in_the_state_text);
	tcase_add_test(t, walkers_stop_before_hidden_things);
	tcase_add_test(t, zones_and_blockaders);
	tcase_add_test(t, goal_carry_drop_pickup_capture);
	tcase_add_test(t, self_jeopardy_open_only);
	tcase_add_test(t, order_spellings_and_paths);
	tcase_add_test(t, legal_for_each_seat);
	tcase_add_test(t, blind_picture_keeps_zone_and_mark);
	tcase_add_test(t, clouded_cells_mark_zones_and_moves_under_clouds);
	tcase_add_test(t, end_conditions_and_draws);
	tcase_add_test(t, settle_judges_a_loaded_position);
	suite_add_tcase(s, t);
	return s;
}
