/*
 * test_zombie.c - adjudicator/diplomacy/zombie*.c: Zombie-Diplomacy
 * through its game_ops (rules/zombie-diplomacy.md).
 *
 * Board markers and inference, the start of the Zombie-board with the
 * first NR dislodgement, placements chosen and by default, lost zombies,
 * Zombie-board retreats, undead units with the option on and off, DRAW
 * votes before and after 1910 per board, the scores, the tie-break and
 * the final standings; the state text round trip after every step.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/unit/adjudicator/diplomacy/support_game.h"

extern const struct game_ops zombie_ops;

enum { AUS, ENG, FRA, GER, ITA, RUS, TUR };

static int
pending(struct tg *g, int seat, struct game_msg *m)
{
	return zombie_ops.pending(g->st, seat, g->o, g->n, m, 16);
}

/* A position: the header lines, then both boards' lines. */
static struct tg *
position(const char *options, const char *head, const char *nr,
    const char *z)
{
	char	 text[8192];

	snprintf(text, sizeof(text), "zombie 1\noptions: %s\nseed: "
	    "0000000000000007\nstarted: 1\n%s%s%s", options, head, nr, z);
	return tg_load(&zombie_ops, text);
}

START_TEST(create_takes_undead_and_refuses_other_words)
{
	struct game_state	*st;
	struct game_diag	 why;
	struct tg		*g;
	const struct game_view	*v;

	ck_assert_ptr_eq(game_find("zombie"), &zombie_ops);
	ck_assert_int_eq(zombie_ops.create("undead gunboat", 1, &st, &why),
	    -1);
	ck_assert_str_eq(why.msg.key, "zombie.err.option");
	ck_assert_str_eq(why.msg.args[0], "gunboat");
	g = tg_new(&zombie_ops, "undead");
	v = tg_view(g, AUS);
	ck_assert_str_eq(v->phase, "S1901M");
	ck_assert_int_eq(tg_count(v, "zombie.view.z_not_started", NULL), 1);
	ck_assert_int_eq(tg_count(v, "zombie.view.undead_rule", NULL), 1);
	ck_assert(strncmp(v->board, "NR S1901M\n", 10) == 0);
	ck_assert_ptr_null(strstr(v->board, "ZOMBIE"));
	tg_free(g);
}
END_TEST

START_TEST(board_markers_set_the_board_of_the_next_lines)
{
	struct tg	*g = tg_new(&zombie_ops, "");

	ck_assert_int_eq(tg_order(g, AUS, "NR:"), 0);
	ck_assert_str_eq(g->why.msg.key, "zombie.ok.board");
	ck_assert_str_eq(g->why.msg.args[0], "@zombie.board.nr");
	ck_assert_str_eq(g->ctx, "NR");
	tg_ok(g, AUS, "A VIE - GAL");
	ck_assert_str_eq(g->o[0].text, "NR: A VIE - GAL");
	ck_assert_str_eq(g->o[0].slot, "NR:VIE");
	ck_assert_int_eq(tg_order(g, AUS, "Board Zombie"), 0);
	ck_assert_str_eq(g->ctx, "Z");
	tg_refused(g, AUS, "A BUD H", "zombie.err.z_not_started");
	tg_mail(g);
	/* Unmarked: only the NR-board plays. A per-line marker. */
	tg_ok(g, AUS, "A BUD - SER");
	ck_assert_str_eq(g->o[1].text, "NR: A BUD - SER");
	tg_ok(g, AUS, "nr: F TRI - ALB");
	ck_assert_str_eq(g->o[2].text, "NR: F TRI - ALB");
	tg_refused(g, AUS, "Z: F TRI H", "zombie.err.z_not_started");
	tg_refused(g, AUS, "ZOMBIE A -> VIE", "zombie.err.no_zombie");
	tg_refused(g, AUS, "UNDEAD A VIE -> TYR", "zombie.err.undead_off");
	/* rules: no DIAS before 1910. */
	tg_refused(g, AUS, "DRAW", "dip.err.draw_too_early");
	ck_assert_str_eq(g->why.msg.args[1], "1910");
	tg_free(g);
}
END_TEST

/* Spring and Fall 1901: Germany dislodges A WAR on the NR-board. */
static struct tg *
first_zombie(void)
{
	struct tg		*g = tg_new(&zombie_ops, "");
	const struct game_view	*v;

	tg_ok(g, GER, "A BER - PRU, A MUN - SIL");
	tg_play(g);
	tg_ok(g, GER, "A SIL - WAR, A PRU S A SIL - WAR");
	tg_play(g);
	v = tg_view(g, RUS);
	ck_assert_str_eq(v->phase, "F1901R");
	ck_assert_int_eq(v->phase_kind, GAME_PHASE_RETREAT);
	ck_assert_ptr_nonnull(tg_find(v, "dip.gone.no_retreat", "A WAR"));
	ck_assert_ptr_nonnull(tg_find(v, "zombie.view.risen", "A WAR"));
	ck_assert_ptr_nonnull(tg_find(v, "zombie.view.waiting", "WAR"));
	ck_assert_ptr_nonnull(tg_find(v, "zombie.view.z", "1901"));
	ck_assert_ptr_nonnull(strstr(v->board, "\nZOMBIE F1901R\n"));
	ck_assert_ptr_nonnull(strstr(v->board, "ZOMBIES    | RUS A (WAR)"));
	ck_assert(v->due[RUS] && !v->due[GER]);
	return g;
}

START_TEST(first_dislodgement_starts_the_zombie_board)
{
	struct tg		*g = first_zombie();
	const struct game_view	*v;
	struct game_msg		 m[16];

	ck_assert_int_eq(pending(g, RUS, m), 1);
	ck_assert_str_eq(m[0].key, "zombie.pend.place");
	ck_assert(!zombie_ops.ready(g->st, g->o, g->n));
	tg_refused(g, RUS, "ZOMBIE A -> VIE", "zombie.err.place_home");
	tg_refused(g, RUS, "ZOMBIE F -> MOS", "zombie.err.no_zombie");
	tg_refused(g, GER, "ZOMBIE A -> BER", "zombie.err.no_zombie");
	tg_refused(g, GER, "NR: A WAR H", "zombie.err.board_idle");
	tg_refused(g, GER, "A WAR H", "dip.err.wrong_phase");
	tg_ok(g, RUS, "zombie a warsaw");
	ck_assert_str_eq(g->o[0].text, "Z: ZOMBIE A (WAR) -> WAR");
	ck_assert_str_eq(g->o[0].slot, "ZP:WAR");
	ck_assert(zombie_ops.ready(g->st, g->o, g->n));
	tg_play(g);
	v = tg_view(g, ENG);
	ck_assert_str_eq(v->phase, "W1901A");
	ck_assert_str_eq(tg_find(v, "zombie.placed.chosen",
	    "@dip.power.5")->args[3], "WAR");
	/* Unowned, so the zombie's power owns it (rules [decided]). */
	ck_assert_ptr_nonnull(strstr(v->board, "RUS SC   1 | WAR\n"));
	/* Winter: Germany builds on the NR-board, nobody on the other. */
	ck_assert_ptr_nonnull(tg_find(v, "dip.view.may_build", "@dip.power.3"));
	tg_ok(g, GER, "BUILD A BER");
	ck_assert_str_eq(g->o[0].text, "NR: BUILD A BER");
	ck_assert(zombie_ops.ready(g->st, g->o, g->n));
	tg_play(g);
	v = tg_view(g, RUS);
	ck_assert_str_eq(v->phase, "S1902M");
	/* Both boards move now; the Russian army is only on one. */
	tg_ok(g, RUS, "A WAR - UKR");
	ck_assert_str_eq(g->o[0].text, "Z: A WAR - UKR");
	tg_refused(g, RUS, "A UKR - WAR", "zombie.err.which_board");
	tg_mail(g);
	tg_ok(g, RUS, "NR:");
	tg_ok(g, RUS, "A MOS - UKR");
	ck_assert_str_eq(g->o[1].text, "NR: A MOS - UKR");
	tg_play(g);
	v = tg_view(g, RUS);
	ck_assert_str_eq(v->phase, "F1902M");
	ck_assert_ptr_nonnull(tg_find(v, "dip.res.ok", "A WAR - UKR"));
	tg_free(g);
}
END_TEST

/*
 * A placement or undead line longer than the parser's copy (ZP_LINE) is
 * refused as too long. It used to be cut: "ZOMBIE A WAR", 250 blanks and
 * "x" read as "ZOMBIE A WAR" and was accepted, though the whole line is
 * no placement.
 */
START_TEST(a_placement_too_long_to_read_whole_is_refused)
{
	struct tg	*g = first_zombie();
	char		 line[300];

	snprintf(line, sizeof(line), "ZOMBIE A WAR%250sx", "");
	tg_refused(g, RUS, line, "dip.err.too_long");
	ck_assert_int_eq(strncmp(g->why.msg.args[0], "ZOMBIE A WAR", 12), 0);
	snprintf(line, sizeof(line), "ZOMBIE A WAR%230sx", "");
	tg_refused(g, RUS, line, "dip.err.trailing");
	tg_ok(g, RUS, "ZOMBIE A WAR");
	tg_free(g);
}
END_TEST

/*
 * Fall 1901: Austria loses two units on the NR-board: the army in VIE and,
 * with fleet, the fleet in TRI (the case of issue 14), else the army that
 * went there from BUD. Returns the game in the F1901R placement phase.
 */
static struct tg *
two_zombies(bool fleet)
{
	struct tg		*g = tg_new(&zombie_ops, "");
	const struct game_view	*v;

	tg_ok(g, GER, "A MUN - BOH");
	tg_ok(g, ITA, "A VEN - TYR, A ROM - VEN");
	tg_ok(g, RUS, "A WAR - GAL");
	if (!fleet)
		tg_ok(g, AUS, "F TRI - ALB, A BUD - TRI");
	tg_play(g);
	tg_ok(g, GER, "A BOH S A GAL - VIE");
	tg_ok(g, RUS, "A GAL - VIE");
	tg_ok(g, ITA, "A VEN - TRI, A TYR S A VEN - TRI");
	tg_play(g);
	tg_mail(g);
	v = tg_view(g, AUS);
	ck_assert_str_eq(v->phase, "F1901R");
	ck_assert_int_eq(tg_count(v, "zombie.view.waiting", NULL), 2);
	ck_assert_ptr_nonnull(tg_find(v, "zombie.view.waiting", "VIE"));
	ck_assert_ptr_nonnull(tg_find(v, "zombie.view.waiting", "TRI"));
	return g;
}

/* The centre a zombie was placed in, and how (its report line's key). */
static const char *
placed(struct tg *g, const char *from, const char **how)
{
	static const char *const keys[] = {
		"zombie.placed.chosen", "zombie.placed.default",
		"zombie.placed.lost"
	};
	const struct game_view	*v = tg_view(g, GAME_SEAT_GM);
	const struct game_msg	*m;
	size_t			 k;
	int			 i;

	for (i = 0; i < v->nmsgs; i++) {
		m = &v->msgs[i];
		for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			if (strcmp(m->key, keys[k]) == 0 &&
			    strcmp(m->args[2], from) == 0) {
				*how = keys[k];
				return m->args[3];
			}
	}
	ck_abort_msg("no placement of the zombie from %s", from);
	return NULL;
}

/*
 * Issue 14: a second mail names another centre for the army zombie. It
 * replaces the first choice (one slot per zombie); the phase waits for
 * the fleet, and is then played with the last choice.
 */
START_TEST(a_later_placement_replaces_the_earlier_one)
{
	struct tg	*g = two_zombies(true);
	struct game_msg	 m[16];
	const char	*how;

	tg_ok(g, AUS, "ZOMBIE A -> BUD");
	ck_assert_str_eq(g->o[0].text, "Z: ZOMBIE A (VIE) -> BUD");
	ck_assert_str_eq(g->o[0].slot, "ZP:VIE");
	ck_assert(!zombie_ops.ready(g->st, g->o, g->n));
	ck_assert_int_eq(pending(g, AUS, m), 1);
	ck_assert_str_eq(m[0].key, "zombie.pend.place");
	ck_assert_str_eq(m[0].args[0], "F (TRI)");
	tg_mail(g);
	tg_ok(g, AUS, "ZOMBIE A -> VIE");
	ck_assert_int_eq(g->n, 1);
	ck_assert_str_eq(g->o[0].text, "Z: ZOMBIE A (VIE) -> VIE");
	ck_assert(!zombie_ops.ready(g->st, g->o, g->n));
	tg_mail(g);
	tg_ok(g, AUS, "ZOMBIE F -> TRI");
	ck_assert_int_eq(pending(g, AUS, m), 0);
	ck_assert(zombie_ops.ready(g->st, g->o, g->n));
	tg_play(g);
	ck_assert_str_eq(placed(g, "VIE", &how), "VIE");
	ck_assert_str_eq(how, "zombie.placed.chosen");
	ck_assert_str_eq(placed(g, "TRI", &how), "TRI");
	ck_assert_str_eq(how, "zombie.placed.chosen");
	tg_free(g);
}
END_TEST

/* The same inside one mail; the fleet, never ordered, gets the default
 * only when the deadline plays the phase. */
START_TEST(the_last_placement_in_one_mail_counts)
{
	struct tg	*g = two_zombies(true);
	const char	*how;

	tg_ok(g, AUS, "ZOMBIE A -> BUD");
	tg_ok(g, AUS, "ZOMBIE A -> VIE");
	ck_assert_int_eq(g->n, 1);
	ck_assert(!zombie_ops.ready(g->st, g->o, g->n));
	tg_play(g);	/* the deadline */
	ck_assert_str_eq(placed(g, "VIE", &how), "VIE");
	ck_assert_str_eq(how, "zombie.placed.chosen");
	ck_assert_str_eq(placed(g, "TRI", &how), "TRI");
	ck_assert_str_eq(how, "zombie.placed.default");
	tg_free(g);
}
END_TEST

/* Issue 16: German placements, with the German names; a refusal names
 * the centre by reference, which the reader's catalog names. */
START_TEST(placements_are_read_in_german)
{
	struct tg	*g = two_zombies(false);

	tg_ok(g, AUS, "ZOMBIE A (Wien) -> Budapest");
	ck_assert_str_eq(g->o[0].text, "Z: ZOMBIE A (VIE) -> BUD");
	g->n = 0;
	tg_ok(g, AUS, "Zombie A von Triest nach Wien");
	ck_assert_str_eq(g->o[0].text, "Z: ZOMBIE A (TRI) -> VIE");
	tg_ok(g, AUS, "Zombie A (Wien) nach Triest");
	ck_assert_str_eq(g->o[1].text, "Z: ZOMBIE A (VIE) -> TRI");
	tg_ok(g, AUS, "Baue A (Triest) Budapest");
	ck_assert_str_eq(g->o[0].text, "Z: ZOMBIE A (TRI) -> BUD");
	tg_refused(g, AUS, "ZOMBIE A (Wien) -> M\xc3\xbcnchen",
	    "zombie.err.place_home");
	ck_assert_str_eq(g->why.msg.args[1], "@dip.prov.mun");
	tg_free(g);
}
END_TEST

/* Two army zombies are told apart by where they fell: in brackets, as a
 * move, or with FROM; a placement that does not say which is refused
 * with the ones to choose from. */
START_TEST(two_zombies_of_one_kind_are_named_by_where_they_fell)
{
	struct tg	*g = two_zombies(false);
	struct game_msg	 m[16];
	const char	*how;

	tg_refused(g, AUS, "ZOMBIE A -> TRI", "zombie.err.place_which");
	ck_assert_str_eq(g->why.msg.args[1], "TRI, VIE");
	ck_assert_str_eq(g->why.msg.args[2], "A (VIE)");
	tg_refused(g, AUS, "ZOMBIE -> TRI", "zombie.err.place_which");
	tg_refused(g, AUS, "ZOMBIE A (BUD) -> VIE",
	    "zombie.err.no_zombie_from");
	ck_assert_str_eq(g->why.msg.args[1], "@dip.prov.bud");
	tg_refused(g, AUS, "ZOMBIE F (VIE) -> TRI", "zombie.err.no_zombie");
	tg_refused(g, AUS, "ZOMBIE A (VIE) -> MUN", "zombie.err.place_home");
	tg_refused(g, AUS, "ZOMBIE A (Vienne) -> BUD",
	    "dip.err.unknown_province");
	ck_assert_str_eq(g->why.msg.args[1], "Vienne");
	tg_ok(g, AUS, "Zombie A (Vienna) BUD");
	ck_assert_str_eq(g->o[0].text, "Z: ZOMBIE A (VIE) -> BUD");
	g->n = 0;
	tg_ok(g, AUS, "ZOMBIE A (VIE) -> BUD");
	ck_assert_str_eq(g->o[0].text, "Z: ZOMBIE A (VIE) -> BUD");
	ck_assert_str_eq(g->o[0].slot, "ZP:VIE");
	tg_ok(g, AUS, "zombie army trieste to budapest");
	ck_assert_str_eq(g->o[1].text, "Z: ZOMBIE A (TRI) -> BUD");
	ck_assert_str_eq(g->o[1].slot, "ZP:TRI");
	/* Both in BUD: only the first can go there; the phase waits. */
	ck_assert(!zombie_ops.ready(g->st, g->o, g->n));
	ck_assert_int_eq(pending(g, AUS, m), 1);
	ck_assert_str_eq(m[0].key, "zombie.pend.same_centre");
	ck_assert_str_eq(m[0].args[0], "A (TRI)");	/* it fell first */
	ck_assert_str_eq(m[0].args[1], "A (VIE)");
	ck_assert_str_eq(m[0].args[2], "BUD");
	tg_mail(g);
	tg_ok(g, AUS, "Z: ZOMBIE A FROM TRI - TRI");
	ck_assert_int_eq(g->n, 2);
	ck_assert_str_eq(g->o[1].text, "Z: ZOMBIE A (TRI) -> TRI");
	tg_ok(g, AUS, g->o[1].text);	/* the stored text reads back */
	ck_assert_int_eq(g->n, 2);
	ck_assert(zombie_ops.ready(g->st, g->o, g->n));
	tg_play(g);
	ck_assert_str_eq(placed(g, "VIE", &how), "BUD");
	ck_assert_str_eq(how, "zombie.placed.chosen");
	ck_assert_str_eq(placed(g, "TRI", &how), "TRI");
	ck_assert_str_eq(how, "zombie.placed.chosen");
	tg_free(g);
}
END_TEST

/* One unit falls per province: a state with two zombies from one is
 * corrupt (a placement names its zombie by that province). */
START_TEST(two_zombies_from_one_province_are_refused_on_load)
{
	struct game_state	*st = NULL;
	struct game_diag	 why;
	struct tg		*g = two_zombies(true);
	char			*text = tg_save(g), *w;

	ck_assert_int_eq(zombie_ops.load(text, &st, &why), 0);
	zombie_ops.free(st);
	ck_assert_ptr_nonnull(w = strstr(text, "wait: AUS A VIE"));
	memcpy(w, "wait: AUS A TRI", 15);
	st = NULL;
	ck_assert_int_eq(zombie_ops.load(text, &st, &why), -1);
	free(text);
	tg_free(g);
}
END_TEST

/* Orders stored before zombies were named ("Z: ZOMBIE A -> VIE") still
 * place a power's only zombie of that kind. */
START_TEST(a_placement_stored_without_the_zombie_still_counts)
{
	struct tg	*g = two_zombies(true);
	const char	*how;

	g->o[0].seat = AUS;
	snprintf(g->o[0].slot, sizeof(g->o[0].slot), "ZP:BUD");
	snprintf(g->o[0].text, sizeof(g->o[0].text), "Z: ZOMBIE A -> BUD");
	g->n = 1;
	tg_play(g);
	ck_assert_str_eq(placed(g, "VIE", &how), "BUD");
	ck_assert_str_eq(how, "zombie.placed.chosen");
	tg_free(g);
}
END_TEST

/*
 * Property (issue 14): random mails of placement lines, valid and not,
 * named and not. A model of the rules says which lines are accepted and
 * for which zombie; the game is ready exactly when each zombie has a
 * centre and no two share one, and is played then (as the judge does) or
 * at the deadline after the last mail. Each zombie then stands on its
 * owner's last accepted choice; the default goes only to a zombie with
 * none (or, of two in one centre, to the one that fell later).
 */
START_TEST(placements_played_are_the_last_choice_of_each_zombie)
{
	static const char *const centres[] = {
		"BUD", "TRI", "VIE", "MUN", "SEV"
	};
	bool		 fleet = _i % 2 == 0;
	struct tg	*g = two_zombies(fleet);
	const struct game_view	*v = tg_view(g, AUS);
	const char	*from[2];
	char		 kind[2];
	static const char *const order[] = { "BUD", "TRI", "VIE" };
	int		 choice[2] = { -1, -1 }, want[2], mail, line, z, c, ok;
	bool		 played = false, named, valid;
	uint64_t	 s = 1000 + (uint64_t)_i;
	char		 text[64];
	const char	*how, *at;

	/* z 0 fell first (the order of the waiting lines). */
	for (z = c = 0; z < v->nmsgs; z++)
		if (strcmp(v->msgs[z].key, "zombie.view.waiting") == 0) {
			from[c] = strcmp(v->msgs[z].args[2], "VIE") == 0 ?
			    "VIE" : "TRI";
			kind[c] = v->msgs[z].args[1][0];
			c++;
		}
	ck_assert_int_eq(c, 2);
	ck_assert_int_eq(kind[0] == 'F' || kind[1] == 'F', fleet);
	for (mail = 0; mail < 8 && !played; mail++) {
		tg_mail(g);
		for (line = 0; line < 3; line++) {
			s = s * 6364136223846793005ULL + 1442695040888963407ULL;
			z = (int)((s >> 33) % 2);
			c = (int)((s >> 40) % 5);
			named = (s >> 50) % 2;
			if (named)
				snprintf(text, sizeof(text), "ZOMBIE %c (%s) -> %s",
				    kind[z], from[z], centres[c]);
			else
				snprintf(text, sizeof(text), "zombie %c %s",
				    kind[z], centres[c]);
			/* rules: an Austrian home centre (BUD, TRI, VIE), a
			 * coastal one (TRI) for a fleet; unnamed only when
			 * the zombie is the one of its kind. */
			valid = c < 3 && (kind[z] == 'A' || c == 1) &&
			    (named || kind[0] != kind[1]);
			ok = tg_order(g, AUS, text);
			ck_assert_msg((ok == 1) == valid, "%s: %d (%s)", text,
			    ok, g->why.msg.key);
			if (valid)
				choice[z] = c;
		}
		valid = choice[0] >= 0 && choice[1] >= 0 &&
		    choice[0] != choice[1];
		ck_assert_int_eq(zombie_ops.ready(g->st, g->o, g->n), valid);
		if (valid) {
			tg_play(g);
			played = true;
		}
	}
	if (!played)
		tg_play(g);	/* the deadline */
	/* The chosen first; then the defaults in the order the zombies
	 * fell: the first free of BUD, TRI, VIE (the map's order), for a
	 * fleet TRI. want: a centre's index, + 10 by default, 99 lost. */
	for (z = 0; z < 2; z++)
		want[z] = choice[z] >= 0 && (z == 0 || choice[0] != choice[1]) ?
		    choice[z] : -1;
	for (z = 0; z < 2; z++) {
		if (want[z] >= 0)
			continue;
		for (c = 0; c < 3; c++)
			if ((kind[z] == 'A' || c == 1) &&
			    (want[1 - z] < 0 || want[1 - z] % 10 != c))
				break;
		want[z] = c < 3 ? c + 10 : 99;	/* default, or lost */
	}
	for (z = 0; z < 2; z++) {
		at = placed(g, from[z], &how);
		if (want[z] == 99)
			ck_assert_str_eq(how, "zombie.placed.lost");
		else {
			ck_assert_str_eq(how, want[z] < 10 ?
			    "zombie.placed.chosen" : "zombie.placed.default");
			ck_assert_str_eq(at, order[want[z] % 10]);
		}
	}
	tg_free(g);
}
END_TEST

START_TEST(unplaced_zombies_go_to_the_first_free_home_centre)
{
	struct tg		*g = first_zombie();
	const struct game_view	*v;

	tg_play(g);	/* the deadline, no placement order */
	v = tg_view(g, RUS);
	/* The map's order: MOS before SEV, STP, WAR. */
	ck_assert_str_eq(tg_find(v, "zombie.placed.default",
	    "@dip.power.5")->args[3], "MOS");
	tg_free(g);
}
END_TEST

START_TEST(zombies_without_a_free_centre_are_lost)
{
	struct tg		*g;
	const struct game_view	*v;

	g = position("-", "zstarted: 1\nzfirst: S1903R\nply: 9\n"
	    "clock: F1904M\n",
	    "nr.phase: F1904M\nnr.owns: AUS VIE TRI\nnr.owns: ITA VEN\n"
	    "nr.unit: AUS A VIE\nnr.unit: AUS F TRI\nnr.unit: ITA A VEN\n"
	    "nr.unit: ITA A TYR\n",
	    "z.phase: F1904M\nz.owns: AUS BUD VIE\nz.unit: AUS A BUD\n"
	    "z.unit: AUS A VIE\nz.unit: ITA F TRI\n");
	tg_ok(g, ITA, "NR: A VEN - TRI, A TYR S A VEN - TRI");
	tg_play(g);
	v = tg_view(g, AUS);
	ck_assert_str_eq(v->phase, "F1904R");
	/* A fleet zombie: BUD is inland, TRI and VIE are taken. */
	ck_assert(v->due[AUS]);
	tg_refused(g, AUS, "ZOMBIE F -> BUD", "zombie.err.place_inland");
	tg_refused(g, AUS, "ZOMBIE F -> TRI", "zombie.err.place_occupied");
	tg_play(g);
	v = tg_view(g, AUS);
	ck_assert_ptr_nonnull(tg_find(v, "zombie.placed.lost", "@dip.power.0"));
	ck_assert_str_eq(tg_find(v, "zombie.placed.lost",
	    "@dip.power.0")->args[2], "TRI");
	tg_free(g);
}
END_TEST

/* Spring 1905: a Zombie-board attack dislodges the Austrian A VIE. */
static struct tg *
z_dislodgement(const char *options)
{
	struct tg		*g;
	const struct game_view	*v;

	g = position(options, "zstarted: 1\nzfirst: S1903R\nply: 9\n"
	    "clock: S1905M\n",
	    "nr.phase: S1905M\nnr.owns: AUS VIE\nnr.owns: GER MUN\n"
	    "nr.unit: AUS A VIE\nnr.unit: GER A BOH\n",
	    "z.phase: S1905M\nz.owns: AUS VIE\nz.owns: GER BER MUN\n"
	    "z.unit: AUS A VIE\nz.unit: GER A BOH\nz.unit: GER A TYR\n");
	tg_ok(g, GER, "Z: A BOH - VIE, A TYR S A BOH - VIE");
	tg_play(g);
	v = tg_view(g, AUS);
	ck_assert_str_eq(v->phase, "S1905R");
	ck_assert_ptr_nonnull(tg_find(v, "dip.view.must_retreat", "A VIE"));
	ck_assert(v->due[AUS] && !v->due[GER]);
	return g;
}

START_TEST(zombie_board_units_retreat)
{
	struct tg		*g = z_dislodgement("-");
	const struct game_view	*v;
	struct game_msg		 m[16];

	ck_assert_int_eq(pending(g, AUS, m), 2);
	ck_assert_str_eq(m[0].key, "zombie.pend.head");
	ck_assert_str_eq(m[1].key, "dip.pend.retreat");
	tg_refused(g, AUS, "UNDEAD A VIE -> TYR", "zombie.err.undead_off");
	tg_ok(g, AUS, "A VIE R BUD");
	ck_assert_str_eq(g->o[0].text, "Z: A VIE R BUD");
	tg_play(g);
	v = tg_view(g, AUS);
	ck_assert_str_eq(v->phase, "F1905M");
	ck_assert_ptr_nonnull(tg_find(v, "dip.res.ok", "A VIE R BUD"));
	ck_assert_ptr_nonnull(strstr(v->board, "A BUD"));
	tg_free(g);
}
END_TEST

/* Issue 12 on the Zombie-board: the army's listed BUL is accepted. */
START_TEST(zombie_board_army_retreats_into_a_two_coast_province)
{
	struct tg		*g;
	const struct game_view	*v;

	g = position("-", "zstarted: 1\nzfirst: S1903R\nply: 9\n"
	    "clock: S1905M\n",
	    "nr.phase: S1905M\nnr.owns: AUS VIE\nnr.owns: RUS MOS\n"
	    "nr.unit: AUS A VIE\nnr.unit: RUS A MOS\n",
	    "z.phase: S1905M\nz.owns: AUS RUM\nz.owns: RUS WAR\n"
	    "z.unit: AUS A RUM\nz.unit: RUS A UKR\nz.unit: RUS A GAL\n");
	tg_ok(g, RUS, "Z: A UKR - RUM, A GAL S A UKR - RUM");
	tg_play(g);
	v = tg_view(g, AUS);
	ck_assert_str_eq(v->phase, "S1905R");
	ck_assert_str_eq(tg_find(v, "dip.view.must_retreat", "A RUM")->args[2],
	    "BUD, BUL, SER, SEV");
	tg_ok(g, AUS, "A RUM - BUL");
	ck_assert_str_eq(g->o[0].text, "Z: A RUM R BUL");
	tg_play(g);
	v = tg_view(g, AUS);
	ck_assert_str_eq(v->phase, "F1905M");
	ck_assert_ptr_nonnull(tg_find(v, "dip.res.ok", "A RUM R BUL"));
	tg_free(g);
}
END_TEST

START_TEST(undead_units_rise_on_the_nr_board_and_never_move)
{
	struct tg		*g = z_dislodgement("undead");
	const struct game_view	*v;
	struct game_msg		 m[16];

	tg_refused(g, AUS, "UNDEAD A VIE -> MUN", "zombie.err.undead_place");
	tg_refused(g, AUS, "UNDEAD A VIE -> BOH", "zombie.err.undead_occupied");
	tg_refused(g, AUS, "UNDEAD A VIE -> ADR", "zombie.err.undead_place");
	ck_assert(!zombie_ops.ready(g->st, g->o, g->n));
	tg_ok(g, AUS, "undead A VIE -> Tyrolia");
	ck_assert_str_eq(g->o[0].text, "Z: UNDEAD A VIE -> TYR");
	/* The undead order is the unit's order: nothing is owed now. */
	ck_assert_int_eq(pending(g, AUS, m), 0);
	ck_assert(zombie_ops.ready(g->st, g->o, g->n));
	tg_play(g);
	v = tg_view(g, GER);
	ck_assert_str_eq(v->phase, "F1905M");
	ck_assert_ptr_nonnull(tg_find(v, "zombie.undead.rose", "A TYR"));
	ck_assert_ptr_nonnull(strstr(v->board, "    UD   1 | A TYR\n"));
	/* Nobody enters its province; it never moves, but supports. */
	tg_refused(g, GER, "NR: A BOH - TYR", "dip.err.illegal");
	ck_assert_str_eq(g->why.msg.args[1], "@dip.why.undead");
	tg_refused(g, AUS, "NR: A TYR - BOH", "dip.err.illegal");
	ck_assert_str_eq(g->why.msg.args[1], "@dip.why.undead_moves");
	tg_ok(g, AUS, "NR: A TYR S A VIE - BOH");
	tg_ok(g, AUS, "NR: A VIE - BOH");
	tg_play(g);
	v = tg_view(g, GER);
	/* Two against one: the undead support counts; NR has no
	 * retreats, so the German army becomes a zombie. */
	ck_assert_ptr_nonnull(tg_find(v, "dip.res.ok", "A VIE - BOH"));
	ck_assert_ptr_nonnull(tg_find(v, "zombie.view.risen", "A BOH"));
	/* It does not count for adjustments: Austria keeps 1 unit. */
	ck_assert_str_eq(tg_find(v, "dip.view.power", "@dip.power.0")->args[2],
	    "1");
	tg_free(g);
}
END_TEST

/* Both boards in 1910 with three survivors each. */
static struct tg *
year_1910(void)
{
	return position("-", "zstarted: 1\nzfirst: S1903R\nply: 40\n"
	    "clock: S1910M\n",
	    "nr.phase: S1910M\nnr.owns: AUS VIE BUD TRI\nnr.owns: ENG LON\n"
	    "nr.owns: FRA PAR\nnr.unit: AUS A VIE\nnr.unit: ENG F LON\n"
	    "nr.unit: FRA A PAR\n",
	    "z.phase: S1910M\nz.owns: GER BER\nz.owns: AUS VIE\n"
	    "z.unit: GER A BER\nz.unit: AUS A VIE\n");
}

START_TEST(draws_are_voted_per_board)
{
	struct tg		*g = year_1910();
	const struct game_view	*v;

	tg_refused(g, AUS, "DRAW", "zombie.err.which_board");
	tg_refused(g, ITA, "NR: DRAW", "dip.err.draw_not_survivor");
	tg_ok(g, AUS, "NR: DRAW");
	tg_ok(g, ENG, "NR: DRAW");
	tg_ok(g, FRA, "NR: DRAW");
	ck_assert_str_eq(g->o[0].slot, "NR:draw");
	tg_ok(g, GER, "Z: DRAW");
	/* The confirmation names the board the vote is for. */
	ck_assert_str_eq(g->o[g->n - 1].echo.key, "dip.ok.draw_on");
	ck_assert_str_eq(g->o[g->n - 1].echo.args[0], "@zombie.board.z");
	tg_ok(g, AUS, "Z: NO DRAW");
	ck_assert_str_eq(g->o[g->n - 1].echo.key, "dip.ok.nodraw_on");
	tg_play(g);
	v = tg_view(g, AUS);
	ck_assert_int_eq(v->status, GAME_STATUS_RUNNING);
	ck_assert_int_eq(tg_count(v, "dip.view.in_draw", NULL), 3);
	ck_assert_ptr_nonnull(tg_find(v, "dip.view.draw", "1910"));
	ck_assert_str_eq(v->phase, "F1910M");
	/* The NR-board is over; the Zombie-board goes on. */
	tg_refused(g, AUS, "NR: A VIE H", "dip.err.board_over");
	tg_ok(g, AUS, "A VIE H");
	ck_assert_str_eq(g->o[0].text, "Z: A VIE H");
	tg_ok(g, AUS, "Z: DRAW");
	tg_ok(g, GER, "Z: DRAW");
	ck_assert(zombie_ops.ready(g->st, g->o, g->n));
	tg_play(g);
	v = tg_view(g, ENG);
	ck_assert_int_eq(v->status, GAME_STATUS_OVER);
	/* The clock stays at the phase the game ended in. */
	ck_assert_str_eq(v->phase, "F1910M");
	/* NR 3-way draw: 3 each; Zombie 2-way draw: 4 each. Austria 7,
	 * then Germany 4 (1 centre), England and France 3 (1 centre). */
	ck_assert_ptr_nonnull(tg_find(v, "zombie.view.final", NULL));
	ck_assert_str_eq(tg_find(v, "zombie.view.standing",
	    "@dip.power.0")->args[1], "1");
	ck_assert_str_eq(tg_find(v, "zombie.view.standing",
	    "@dip.power.0")->args[2], "7");
	ck_assert_str_eq(tg_find(v, "zombie.view.standing",
	    "@dip.power.3")->args[1], "2");
	ck_assert_str_eq(tg_find(v, "zombie.view.standing",
	    "@dip.power.1")->args[1], "3");
	ck_assert_str_eq(tg_find(v, "zombie.view.standing",
	    "@dip.power.2")->args[1], "3");
	ck_assert_str_eq(tg_find(v, "zombie.view.standing",
	    "@dip.power.4")->args[2], "0");
	ck_assert_int_eq(v->winner, AUS);
	tg_free(g);
}
END_TEST

START_TEST(points_tie_is_broken_by_centres_on_both_boards)
{
	struct tg		*g;
	const struct game_view	*v;
	const struct game_msg	*m;

	/* NR: 7-way draw (1.25 each); Zombie: England and France survive
	 * a German solo (1 each, Germany 7). England has more centres. */
	g = position("-", "zstarted: 1\nzfirst: S1903R\nply: 60\nover: 1\n"
	    "clock: W1915A\n",
	    "nr.phase: S1916M\nnr.end: draw 1915 AUS ENG FRA GER ITA RUS TUR\n"
	    "nr.owns: ENG LON LVP\nnr.owns: FRA PAR\n",
	    "z.phase: S1916M\nz.end: solo 1915 GER\nz.owns: GER BER KIE MUN "
	    "DEN HOL BEL SWE NWY WAR MOS STP VIE BUD TRI SER RUM BUL GRE\n"
	    "z.owns: ENG EDI\nz.owns: FRA BRE\nz.unit: ENG F EDI\n"
	    "z.unit: FRA A BRE\n");
	v = tg_view(g, TUR);
	ck_assert_int_eq(v->status, GAME_STATUS_OVER);
	ck_assert_int_eq(v->winner, GER);
	m = tg_find(v, "zombie.view.standing", "@dip.power.3");
	ck_assert_str_eq(m->args[1], "1");
	ck_assert_str_eq(m->args[2], "8");
	ck_assert_str_eq(m->args[3], "25");
	m = tg_find(v, "zombie.view.standing", "@dip.power.1");
	ck_assert_str_eq(m->args[1], "2");
	ck_assert_str_eq(m->args[2], "2");
	m = tg_find(v, "zombie.view.standing", "@dip.power.2");
	ck_assert_str_eq(m->args[1], "3");
	/* Italy and Russia: 1.25 and no centres: a shared place. */
	ck_assert_str_eq(tg_find(v, "zombie.view.standing",
	    "@dip.power.4")->args[1], tg_find(v, "zombie.view.standing",
	    "@dip.power.5")->args[1]);
	ck_assert_str_eq(tg_find(v, "zombie.view.points_z",
	    "@dip.power.3")->args[1], "7");
	tg_free(g);
}
END_TEST

START_TEST(a_board_that_never_started_scores_nothing)
{
	struct tg		*g;
	const struct game_view	*v;
	int			 p;

	g = position("-", "ply: 30\nclock: S1912M\n",
	    "nr.phase: S1912M\nnr.owns: AUS VIE\nnr.owns: TUR ANK\n"
	    "nr.unit: AUS A VIE\nnr.unit: TUR A ANK\n", "z.phase: S0M\n");
	for (p = AUS; p <= TUR; p += TUR - AUS)
		tg_ok(g, p, "DRAW");
	ck_assert_str_eq(g->o[0].text, "NR: DRAW");
	ck_assert(zombie_ops.ready(g->st, g->o, g->n));
	tg_play(g);
	v = tg_view(g, AUS);
	ck_assert_int_eq(v->status, GAME_STATUS_OVER);
	ck_assert_int_eq(v->winner, GAME_DRAWN);
	ck_assert_str_eq(tg_find(v, "zombie.view.points_z",
	    "@dip.power.0")->args[1], "0");
	ck_assert_str_eq(tg_find(v, "zombie.view.standing",
	    "@dip.power.0")->args[2], "4");
	tg_free(g);
}
END_TEST

START_TEST(random_zombie_games_round_trip)
{
	struct tg	*g = tg_new(&zombie_ops, _i % 2 ? "undead" : "");
	uint64_t	 s = 77 + (uint64_t)_i;
	char		 line[64];
	int		 ph, p, i, l;

	for (ph = 0; ph < 30; ph++) {
		tg_mail(g);
		for (p = 0; p < 7; p++)
			for (i = 0; i < 40; i++) {
				s = s * 6364136223846793005ULL + 1;
				l = (int)((s >> 33) % (uint64_t)tg_map.nlocs);
				snprintf(line, sizeof(line), "%s %s - %s",
				    (s >> 20) % 2 ? "NR:" : "Z:",
				    tg_map.loc[(s >> 40) % (uint64_t)
				    tg_map.nlocs].name, tg_map.loc[l].name);
				tg_order(g, p, line);
				snprintf(line, sizeof(line), "ZOMBIE %s",
				    tg_map.loc[l].name);
				tg_order(g, p, line);
			}
		tg_play(g);
		tg_view(g, GAME_SEAT_GM);
		ck_assert_int_lt(g->v.nmsgs, GAME_VIEW_MSGS);
		ck_assert_int_lt((int)strlen(g->v.board), GAME_BOARD_MAX - 1);
		/* Both boards' records read back onto the map and fit it
		 * (zombie_map.c). */
		for (i = 0; i < g->v.map.nboards; i++)
			ck_assert_int_eq(g->v.map.board[i].left_out, 0);
	}
	tg_free(g);
}
END_TEST

/* A refusal quotes the line cut to 63 bytes between characters. */
START_TEST(a_refused_line_is_quoted_between_characters)
{
	struct tg	*g = tg_new(&zombie_ops, "");
	char		 line[128];
	int		 i, n;

	for (n = 1; n <= 2; n++) {
		snprintf(line, sizeof(line), "ZOMBIE A VIE%*s", n, "");
		for (i = 0; i < 40; i++)
			strcat(line, "ä");
		tg_refused(g, AUS, line, "zombie.err.no_zombie");
		ck_assert_msg(tg_utf8_complete(g->why.msg.args[0]), "%s",
		    g->why.msg.args[0]);
		ck_assert_uint_ge(strlen(g->why.msg.args[0]), GAME_ARG_MAX - 2);
		ck_assert_int_eq(strncmp(g->why.msg.args[0], line,
		    strlen(g->why.msg.args[0])), 0);
	}
	tg_free(g);
}
END_TEST

/* An unknown option word is quoted cut between characters. */
START_TEST(a_long_option_word_is_quoted_between_characters)
{
	tg_long_option_quoted(&zombie_ops, "zombie.err.option", 30);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/diplomacy/zombie");
	TCase	*tc;

	tc = tcase_create("zombie_ops");
	tcase_add_unchecked_fixture(tc, tg_map_setup, NULL);
	tcase_add_test(tc, create_takes_undead_and_refuses_other_words);
	tcase_add_test(tc, a_long_option_word_is_quoted_between_characters);
	tcase_add_test(tc, board_markers_set_the_board_of_the_next_lines);
	tcase_add_test(tc, a_refused_line_is_quoted_between_characters);
	tcase_add_test(tc, first_dislodgement_starts_the_zombie_board);
	tcase_add_test(tc, a_placement_too_long_to_read_whole_is_refused);
	tcase_add_test(tc, unplaced_zombies_go_to_the_first_free_home_centre);
	tcase_add_test(tc, a_later_placement_replaces_the_earlier_one);
	tcase_add_test(tc, the_last_placement_in_one_mail_counts);
	tcase_add_test(tc, two_zombies_of_one_kind_are_named_by_where_they_fell);
	tcase_add_test(tc, placements_are_read_in_german);
	tcase_add_test(tc, a_placement_stored_without_the_zombie_still_counts);
	tcase_add_test(tc, two_zombies_from_one_province_are_refused_on_load);
	tcase_add_loop_test(tc, placements_played_are_the_last_choice_of_each_zombie,
	    0, 200);
	tcase_add_test(tc, zombies_without_a_free_centre_are_lost);
	tcase_add_test(tc, zombie_board_units_retreat);
	tcase_add_test(tc, zombie_board_army_retreats_into_a_two_coast_province);
	tcase_add_test(tc, undead_units_rise_on_the_nr_board_and_never_move);
	tcase_add_test(tc, draws_are_voted_per_board);
	tcase_add_test(tc, points_tie_is_broken_by_centres_on_both_boards);
	tcase_add_test(tc, a_board_that_never_started_scores_nothing);
	tcase_add_loop_test(tc, random_zombie_games_round_trip, 0, 4);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return s;
}
