/*
 * test_cmd_status.c - adjudicator/judge/cmd_status.c: STATUS, the game
 * master's overview (issue 12, point 4), by mail on a fake clock.
 *
 * In a seven-power game with a clock the GM reads every power's state as
 * the clock sees it (complete, partial with its units counted, complete
 * with an error, waiting, no orders, resigned, civil disorder, out), the
 * deadline proposed or approved, absences and open requests; a player
 * reads his own power's line alone, anyone else the public part. STATUS
 * alone lists the sender's games as their GM, cut after twenty; a
 * two-player game without a clock has its states too.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/clock_fixture.h"
#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"

/*
 * Game st in its second phase, F1901M: Turkey sent nothing in the first
 * and is in civil disorder (cd); Russia resigned; Austria's orders are
 * complete, England's partial (and it asked for 2h), France's complete
 * with an error line after them, Germany's complete with SET WAIT (and an
 * absence), Italy sent nothing.
 */
static void
scenario(void)
{
	struct db_clock	 c;
	int		 i;

	seven("st", "move=1h grace=30m cd tz=" ZONE);
	free(as_gm("st", "APPROVE"));
	for (i = AUS; i < TUR; i++)
		free(as_power(i, "st", P[i].hold));
	c = clock_of("st");
	F.env.now = c.grace_end;
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("st"), 2);
	/* A resignation is a phase row of its own: before the others. */
	free(as_power(RUS, "st", "RESIGN"));
	free(as_power(AUS, "st", P[AUS].hold));
	free(as_power(ENG, "st", "F LON H\nEXTEND 2h"));
	free(as_power(FRA, "st", "A PAR H\nA MAR H\nF BRE H\nA PAR - MUN"));
	free(as_power(GER, "st", "A BER H\nA MUN H\nF KIE H\nSET WAIT\n"
	    "SET ABSENCE 2026-11-25"));
	drain();
}

START_TEST(the_gm_reads_every_power_s_state_as_the_clock_sees_it)
{
	struct db_clock	 c;
	char		 d[64], g[64], *r;

	scenario();
	c = clock_of("st");
	r = as_gm("st", "STATUS st");
	has(r, "> STATUS st\r\n"
	    "    Game st (standard): running, phase F1901M.\r\n"
	    "    Austria (p0@example.test): complete\r\n"
	    "    England (p1@example.test): partial (1 of 3 units)\r\n"
	    "    France (p2@example.test): complete, but the last mail had "
	    "errors\r\n"
	    "    Germany (p3@example.test): complete; waiting (SET WAIT)\r\n"
	    "    Italy (p4@example.test): no orders\r\n"
	    "    Russia (p5@example.test): resigned\r\n"
	    "    Turkey (p6@example.test): in civil disorder\r\n");
	shown(c.proposed, d, sizeof(d));
	has(r, "Deadline proposed: ");
	has(r, d);
	has(r, ", awaiting your approval.");
	has(r, "    Germany is away from Wed 2026-11-25 00:00 CET to "
	    "Wed 2026-11-25 23:59 CET.\r\n");
	has(r, "England asks for 2h more time");
	free(r);
	/* Approved, the deadline says so, with its grace. */
	r = as_gm("st", "APPROVE\nSTATUS st");
	c = clock_of("st");
	shown(c.deadline, d, sizeof(d));
	shown(c.grace_end, g, sizeof(g));
	has(r, "    Deadline ");
	has(r, d);
	has(r, ", approved; grace period until ");
	has(r, g);
	hasnt(r, "awaiting your approval");
	free(r);
}
END_TEST

START_TEST(the_gm_after_become_reads_every_power)
{
	char	*r;

	scenario();
	r = as_gm("st", "BECOME Italy\nSTATUS st");
	has(r, "    Austria (p0@example.test): complete\r\n");
	has(r, "    Italy (p4@example.test): no orders\r\n");
	free(r);
}
END_TEST

/* Hidden information: how far another power is stays with the GM. */
START_TEST(a_player_reads_his_own_power_alone)
{
	char	*r;
	int	 i;

	scenario();
	r = as_power(ENG, "st", "STATUS st");
	has(r, "> STATUS st\r\n"
	    "    Game st (standard): running, phase F1901M.\r\n"
	    "    England (you): partial (1 of 3 units)\r\n"
	    "    Deadline proposed: ");
	has(r, ", awaiting the game master's approval.");
	has(r, "You asked for 2h more time");
	for (i = 0; i < 7; i++)
		if (i != ENG) {
			char	 line[64];

			snprintf(line, sizeof(line), "    %s (", power[i]);
			hasnt(r, line);
		}
	hasnt(r, "@example.test)");
	hasnt(r, "is away");
	hasnt(r, "SET WAIT");
	hasnt(r, "errors");
	free(r);
	/* His own flags are his to read. */
	r = as_power(GER, "st", "STATUS st");
	has(r, "    Germany (you): complete; waiting (SET WAIT)\r\n");
	has(r, "Germany is away from ");
	hasnt(r, "England asks");
	free(r);
}
END_TEST

START_TEST(anyone_else_reads_the_public_part)
{
	char	*r;

	scenario();
	clock_game("w", "move=1h tz=" ZONE);
	drain();
	mail(DAVE, "STATUS st");
	r = take(DAVE);
	has(r, "> STATUS st\r\n"
	    "    Game st (standard): running, phase F1901M.\r\n"
	    "    Deadline proposed: ");
	has(r, ", awaiting the game master's approval.");
	has(r, "SIGNON st first");
	hasnt(r, "@example.test)");
	hasnt(r, "complete");
	hasnt(r, "no orders");
	free(r);
	/* Signed on to another game is not signed on to this one. */
	mail(ALICE, "SIGNON w alice-secret\nSTATUS st");
	r = take(ALICE);
	has(r, "SIGNON st first");
	hasnt(r, "(you)");
	hasnt(r, "complete");
	free(r);
	mail(DAVE, "STATUS nosuch");
	r = take(DAVE);
	has(r, "There is no game called nosuch");
	free(r);
}
END_TEST

START_TEST(status_alone_lists_the_sender_s_games_as_their_gm)
{
	char	*r;

	seven("st", "move=1h tz=" ZONE);
	clock_game("wk", "move=1h tz=" ZONE);
	mail(ALICE, "CREATE al weekeewachee");
	mail(GM, "CREATE fo standard");
	drain();
	/* The address, whatever its case; no password. */
	mail("GM@Example.TEST", "STATUS");
	r = take("GM@Example.TEST");
	has(r, "> STATUS\r\n    You are the game master of these games:\r\n"
	    "      Game fo (standard): waiting for players.\r\n"
	    "      Game st (standard): running, phase S1901M.\r\n"
	    "        Deadline proposed: ");
	has(r, "      Game wk (weekeewachee): running, after move 0.\r\n"
	    "        Deadline proposed: ");
	hasnt(r, "Game al");
	hasnt(r, " more game");
	free(r);
	mail(DAVE, "STATUS");
	r = take(DAVE);
	has(r, "You are the game master of no game.");
	free(r);
}
END_TEST

/* A sender may lead any number of games: twenty are listed, the rest
 * counted. */
START_TEST(a_long_list_of_games_is_cut_and_counted)
{
	char	*r, *p;
	int	 i, n = 0;

	for (i = 0; i < 21; i++) {
		F.env.now += 3600 / 9;	/* not the hourly limit */
		mailf(CAROL, "CREATE c%02d weekeewachee", i);
	}
	drain();
	mail(CAROL, "STATUS");
	r = take(CAROL);
	for (p = r; (p = strstr(p, "      Game c")) != NULL; p++)
		n++;
	ck_assert_int_eq(n, 20);
	has(r, "Game c19 (weekeewachee)");
	hasnt(r, "Game c20");
	has(r, "    ... and 1 more game.\r\n");
	free(r);
	mail(CAROL, "CREATE c21 weekeewachee");
	mail(CAROL, "STATUS");
	r = take(CAROL);
	has(r, "    ... and 2 more games.\r\n");
	free(r);
}
END_TEST

START_TEST(a_two_player_game_without_a_clock_has_its_states)
{
	char	*r;
	bool	 white;

	mail(GM, "CREATE w weekeewachee");
	r = take(GM);
	gm_password(r, gmpw, sizeof(gmpw));
	free(r);
	mail(ALICE, "JOIN w alice-secret");
	mail(BOB, "JOIN w bob-secret de");
	mail(ALICE, "SIGNON w alice-secret\nSETUP RPWS");
	drain();
	r = as_gm("w", "STATUS w");
	has(r, "    White (alice@example.test): complete\r\n"
	    "    Black (bob@example.test): no orders\r\n"
	    "    No deadlines: each phase is processed as soon as all its "
	    "orders are in.\r\n");
	free(r);
	/* Both set up: the game moves on; the seed drew who moves first. */
	mail(BOB, "SIGNON w bob-secret\nSETUP RPWS");
	drain();
	r = as_gm("w", "STATUS w");
	white = strstr(r, "White (alice@example.test): no orders\r\n") != NULL;
	has(r, white ? "    White (alice@example.test): no orders\r\n"
	    "    Black (bob@example.test): nothing due this phase\r\n" :
	    "    White (alice@example.test): nothing due this phase\r\n"
	    "    Black (bob@example.test): no orders\r\n");
	free(r);
	mail(BOB, "SIGNON w bob-secret\nSTATUS w");
	r = take(BOB);
	has(r, white ? "    Schwarz (Sie): in dieser Phase ist nichts zu "
	    "befehlen\r\n" : "    Schwarz (Sie): keine Befehle\r\n");
	hasnt(r, "Weiß (");
	free(r);
}
END_TEST

START_TEST(the_deadline_line_says_who_set_it_and_a_pause)
{
	struct db_clock	 c;
	char		 d[64], g[64], *r;

	seven("sa", "move=1h grace=30m tz=" ZONE);
	/* approve=auto, as the clock row keeps it (db.h). */
	c = clock_of("sa");
	c.approve = DB_APPROVE_AUTO;
	ck_assert_int_eq(db_clock_put(F.db, &c), DB_OK);
	r = as_gm("sa", "STATUS sa");
	shown(c.deadline ? c.deadline : c.proposed, d, sizeof(d));
	shown(c.deadline ? c.grace_end : c.proposed + 1800, g, sizeof(g));
	has(r, "    Deadline ");
	has(r, d);
	has(r, ", set by the judge (approve=auto); grace period until ");
	has(r, g);
	hasnt(r, "awaiting your approval");
	free(r);
	r = as_gm("sa", "PAUSE\nSTATUS sa");
	has(r, "    Paused by the game master since ");
	free(r);
}
END_TEST

/* Writes game's current phase anew with power pow (three letters) off
 * the board: no unit, no centre, not alive. */
static void
eliminate(const char *game, const char *pow)
{
	struct db_game	 g;
	struct db_clock	 c;
	struct buf	 b;
	char		*text, *line, *next, word[16];

	ck_assert_int_eq(db_game_get(F.db, game, &g), DB_OK);
	ck_assert_int_eq(db_phase_state(F.db, g.id, g.phase, &text), DB_OK);
	buf_init(&b);
	snprintf(word, sizeof(word), " %s", pow);
	for (line = text; *line; line = next) {
		next = line + strcspn(line, "\n");
		if (*next)
			*next++ = '\0';
		if ((strncmp(line, "owns: ", 6) == 0 ||
		    strncmp(line, "unit: ", 6) == 0) &&
		    strncmp(line + 6, pow, 3) == 0)
			continue;
		if (strncmp(line, "alive:", 6) == 0 && strstr(line, word)) {
			char	*w = strstr(line, word);

			memmove(w, w + 4, strlen(w + 4) + 1);
		}
		buf_printf(&b, "%s\n", line);
	}
	free(text);
	ck_assert_int_eq(db_phase_insert(F.db, g.id, g.phase + 1, b.data, 0,
	    F.env.now), DB_OK);
	buf_free(&b);
	g.phase++;
	ck_assert_int_eq(db_game_update(F.db, &g), DB_OK);
	c = clock_of(game);
	c.phase = g.phase;
	ck_assert_int_eq(db_clock_put(F.db, &c), DB_OK);
}

START_TEST(an_eliminated_power_is_out)
{
	char	*r;

	seven("el", "move=1h tz=" ZONE);
	eliminate("el", "TUR");
	r = as_gm("el", "STATUS el");
	has(r, "    Turkey (p6@example.test): out of the game\r\n");
	has(r, "    Austria (p0@example.test): no orders\r\n");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_status");
	TCase	*tc;

	tc = tcase_create("game");
	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc,
	    the_gm_reads_every_power_s_state_as_the_clock_sees_it);
	tcase_add_test(tc, the_gm_after_become_reads_every_power);
	tcase_add_test(tc, a_player_reads_his_own_power_alone);
	tcase_add_test(tc, anyone_else_reads_the_public_part);
	tcase_add_test(tc, a_two_player_game_without_a_clock_has_its_states);
	tcase_add_test(tc, the_deadline_line_says_who_set_it_and_a_pause);
	tcase_add_test(tc, an_eliminated_power_is_out);
	suite_add_tcase(s, tc);

	tc = tcase_create("games");
	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, status_alone_lists_the_sender_s_games_as_their_gm);
	tcase_add_test(tc, a_long_list_of_games_is_cut_and_counted);
	suite_add_tcase(s, tc);
	return s;
}
