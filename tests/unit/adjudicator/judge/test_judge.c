/*
 * test_judge.c - adjudicator/judge/judge.c: the command table and the line
 * loop, end to end inside one process: parsed mails in, a real SQLite
 * file, the outbox read back and checked. The reply is threaded and quotes
 * every line with its answer, unknown lines included; a mail is handled
 * once, a robot's never answered, one without text politely; a reply
 * without a report has no attachment; sub-command rows have their own
 * arity and permission, and the GM's commands are refused to players.
 * Issue 16: a mistyped command is answered with the command it was near,
 * before SIGNON and after it (when the game says the word begins no
 * order); greetings and farewells where no game reads the lines are
 * ignored, not errors. Issue 17, point 7: only the answer to a mail is
 * auto-replied; the judge's own mails (a game's start, a player's press
 * passed on) are auto-generated, and German text goes quoted-printable.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"
#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

/* The GM of game g (created by gm@example.test) with its password, and
 * alice and bob seated; returns the GM password in pw. */
static void
game_with_gm(const char *g, char *pw, size_t pwlen)
{
	char	*r;

	mailf("gm@example.test", "CREATE %s weekeewachee", g);
	r = take("gm@example.test");
	gm_password(r, pw, pwlen);
	free(r);
	mailf("alice@example.test", "JOIN %s alice-secret", g);
	mailf("bob@example.test", "JOIN %s bob-secret", g);
	drain();
}

START_TEST(help_is_answered_with_a_threaded_reply)
{
	char	*r;

	mail("alice@example.test", "HELP");
	r = take("alice@example.test");
	ck_assert_ptr_nonnull(strstr(r, "> HELP"));
	ck_assert_ptr_nonnull(strstr(r, "SIGNON <name> <password>"));
	ck_assert_ptr_nonnull(strstr(r, "In-Reply-To: <t1@example.test>"));
	ck_assert_ptr_nonnull(strstr(r, "Auto-Submitted: auto-replied"));
	ck_assert_ptr_nonnull(strstr(r, "Subject: Re: orders"));
	free(r);
}
END_TEST

/*
 * RFC 3834 5 (issue 17, point 7): the kind is named where the mail is
 * queued. The start of a game reaches the player who did not cause it as
 * an auto-generated mail, threaded to nothing; the joiner's answer is
 * auto-replied, and in German quoted-printable; press passed on is the
 * judge's own too.
 */
START_TEST(own_mails_are_auto_generated_answers_auto_replied)
{
	char	*r;

	/* Counts, not has(): a report with its picture is too long to print. */
	two_players("ag", false);
	r = take(ALICE);
	ck_assert_int_ge(occurrences(r, "Message-ID:"), 1);
	ck_assert_int_eq(occurrences(r, "\r\nAuto-Submitted: auto-generated"
	    "\r\n"), occurrences(r, "Message-ID:"));
	ck_assert_int_eq(occurrences(r, "\r\nX-Auto-Response-Suppress: DR, "
	    "RN, NRN, OOF, AutoReply\r\n"), occurrences(r, "Message-ID:"));
	ck_assert_int_eq(occurrences(r, "auto-replied"), 0);
	ck_assert_int_eq(occurrences(r, "In-Reply-To:"), 0);
	ck_assert_int_eq(occurrences(r, "References:"), 0);
	free(r);
	r = take(BOB);
	ck_assert_int_eq(occurrences(r, "Message-ID:"), 1);
	ck_assert_int_eq(occurrences(r, "\r\nAuto-Submitted: auto-replied"
	    "\r\n"), 1);
	ck_assert_int_eq(occurrences(r, "\r\nIn-Reply-To: <t3@example.test>"
	    "\r\n"), 1);
	ck_assert_int_eq(occurrences(r, "> JOIN ag"), 1);
	ck_assert_int_eq(occurrences(r, "\r\nContent-Transfer-Encoding: "
	    "quoted-printable\r\n"), 1);
	free(r);

	r = as(ALICE, "alice-secret", "ag", "PRESS TO Black\nGr\xc3\xbc\xc3"
	    "\x9f" "e = hello\nENDPRESS");
	ck_assert_int_eq(occurrences(r, "\r\nAuto-Submitted: auto-replied"
	    "\r\n"), 1);
	free(r);
	r = take(BOB);
	ck_assert_int_eq(occurrences(r, "Message-ID:"), 1);
	ck_assert_int_eq(occurrences(r, "\r\nAuto-Submitted: auto-generated"
	    "\r\n"), 1);
	ck_assert_int_eq(occurrences(r, "In-Reply-To:"), 0);
	ck_assert_int_eq(occurrences(r, "\r\nContent-Transfer-Encoding: "
	    "quoted-printable\r\n"), 1);
	has(r, "\nGr\xc3\xbc\xc3\x9f" "e = hello\r\n");
	free(r);
}
END_TEST

START_TEST(unknown_lines_are_quoted_with_the_reason)
{
	char	*r;

	mail("alice@example.test", "xyzzy plugh\nLIST");
	r = take("alice@example.test");
	ck_assert_ptr_nonnull(strstr(r, "> xyzzy plugh"));
	ck_assert_ptr_nonnull(strstr(r, "ERROR: \"xyzzy\" is not a command, "
	    "and you are not signed on"));
	ck_assert_ptr_nonnull(strstr(r, "No games yet"));
	free(r);
}
END_TEST

#define IGNORED "ignored: a greeting, a farewell or a signature, not a " \
	"command"

/*
 * Issue 16: before SIGNON a word near a command is answered with it (a
 * swap of two letters is one edit), but only where the line fits the
 * command's form; a greeting or farewell is never a typo ("Moin" is no
 * JOIN, "Best regards" no SET).
 */
START_TEST(mistyped_commands_are_answered_with_the_command)
{
	char	*r;

	mail(ALICE, "SINGON alpha secret123\nHLEP\nLSIT\nSTAUTS alpha\n"
	    "SETT LANGUAGE de\nJION beta pw123456\nSIGNOF\nSETT\n"
	    "MPA alpha\nSTARTUS\nMoin\nBest regards\nSent from my iPhone\n"
	    "xyzzy");
	r = take(ALICE);
	/* The password of a mistyped SIGNON is hidden as SIGNON's is. */
	has(r, "> SINGON alpha ********\r\n    ERROR: \"SINGON\" is not a "
	    "command. Did you mean SIGNON? Send HELP");
	hasnt(r, "secret123");
	has(r, "> HLEP\r\n    ERROR: \"HLEP\" is not a command. Did you "
	    "mean HELP?");
	has(r, "Did you mean LIST?");
	has(r, "Did you mean STATUS?");
	has(r, "> SETT LANGUAGE de\r\n    ERROR: \"SETT\" is not a command. "
	    "Did you mean SET?");
	has(r, "Did you mean JOIN?");
	/* SIGNON is as near, but needs its game and password. */
	has(r, "> SIGNOF\r\n    ERROR: \"SIGNOF\" is not a command. Did you "
	    "mean SIGNOFF?");
	/* SET alone is no command: its words name none of its settings. */
	has(r, "> SETT\r\n    ERROR: \"SETT\" is not a command, and you are "
	    "not signed on");
	has(r, "Did you mean MAP?");
	/* Two within reach: the nearer first. */
	has(r, "> STARTUS\r\n    ERROR: \"STARTUS\" is not a command. Did "
	    "you mean STATUS, START?");
	has(r, "> Moin\r\n    " IGNORED);
	has(r, "> Best regards\r\n    " IGNORED);
	has(r, "> Sent from my iPhone\r\n    " IGNORED);
	/* After a farewell: the signature. */
	has(r, "> xyzzy\r\n    " IGNORED);
	ck_assert_int_eq(occurrences(r, "Did you mean"), 9);
	free(r);
}
END_TEST

/*
 * Issue 16: greetings and farewells before SIGNON, and after a JOIN to a
 * game still forming, are quoted back as ignored, not as errors; so are
 * the lines after a farewell (the signature). A mail of courtesies alone
 * still says it held no command.
 */
START_TEST(courtesies_where_no_game_reads_are_ignored)
{
	char	*r;

	create("beta", "");
	mail(BOB, "Hi judge,\nHallo Spielleiter,\nBonjour,\n"
	    "JOIN beta bobsecret1\nThanks\nViele Grüße\nBob");
	r = take(BOB);
	has(r, "> Hi judge,\r\n    " IGNORED);
	has(r, "> Hallo Spielleiter,\r\n    " IGNORED);
	has(r, "> Bonjour,\r\n    " IGNORED);
	has(r, "You joined game beta");
	has(r, "> Thanks\r\n    " IGNORED);
	has(r, "> Viele Grüße\r\n    " IGNORED);
	has(r, "> Bob\r\n    " IGNORED);
	hasnt(r, "ERROR");
	ck_assert(understood(r));
	free(r);
	/* In the forming game an order is still too early, and a typo a
	 * typo. */
	mail(BOB, "SIGNON beta bobsecret1\nA PAR - BUR\nSTAUTS beta\n"
	    "Cheers\nBob");
	r = take(BOB);
	has(r, "> A PAR - BUR\r\n    ERROR: Game beta has not started yet");
	has(r, "> STAUTS beta\r\n    ERROR: \"STAUTS\" is not a command. Did "
	    "you mean STATUS?");
	has(r, "> Bob\r\n    " IGNORED);
	free(r);
	/* A signature after a farewell, whatever it looks like. */
	mail(CAROL, "LIST beta\nBest,\nLisa Miller\nMax");
	r = take(CAROL);
	has(r, "> Lisa Miller\r\n    " IGNORED);
	has(r, "> Max\r\n    " IGNORED);
	free(r);
	/* Only courtesies: no command was found. */
	mail(CAROL, "Hello,\nthanks a lot\nCarol");
	r = take(CAROL);
	ck_assert_int_eq(occurrences(r, IGNORED), 3);
	has(r, "I found no commands in your mail");
	free(r);
	/* The GM of a game still forming: the same. */
	mail(DAVE, "Hi judge,\nCREATE gamma weekeewachee\nThanks\nDave");
	r = take(DAVE);
	has(r, "> Hi judge,\r\n    " IGNORED);
	has(r, "Game gamma (weekeewachee) is created");
	has(r, "> Thanks\r\n    " IGNORED);
	has(r, "> Dave\r\n    " IGNORED);
	hasnt(r, "ERROR");
	free(r);
	/* Before a farewell, a line that is neither stays an error. */
	mail(CAROL, "I would like to play\nHELP");
	r = take(CAROL);
	has(r, "> I would like to play\r\n    ERROR: \"I\" is not a "
	    "command");
	free(r);
}
END_TEST

/*
 * Issue 16: after SIGNON a line whose first word begins no order of the
 * game (no unit, no province, no order word) and is near a command is
 * answered with the command, not as an order ("there is no province
 * called ..."), for a player and the GM alike. A first word that is a
 * province stays the game's (SER WAIT), and so do prose and bad orders.
 */
/* The reply without its picture's base64 (judge_fixture.h), so that a
 * failure prints it whole; r is freed. */
static char *
text_only(char *r)
{
	char	*t = without_pictures(r);

	free(r);
	return t;
}

START_TEST(mistyped_commands_after_signon_are_no_orders)
{
	char	*r;

	seven("alpha", "");
	r = text_only(as_power(TUR, "alpha", "APROVE\nPROCES\nSUMARY alpha\n"
	    "Hi judge,\nSer wait\nA Mun - Ruh\nSent from my iPhone\n"
	    "A Con - Bul\nLisa\nMax Miller"));
	has(r, "> APROVE\r\n    ERROR: \"APROVE\" is not a command. Did you "
	    "mean APPROVE?");
	has(r, "> PROCES\r\n    ERROR: \"PROCES\" is not a command. Did you "
	    "mean PROCESS?");
	has(r, "> SUMARY alpha\r\n    ERROR: \"SUMARY\" is not a command. "
	    "Did you mean SUMMARY?");
	has(r, "> Hi judge,\r\n    ignored: not an order");
	has(r, "> Ser wait\r\n    ignored: not an order");
	has(r, "> A Mun - Ruh\r\n    ERROR: \"A Mun - Ruh\": the unit in "
	    "Munich is not yours");
	has(r, "> Sent from my iPhone\r\n    ignored: not an order");
	/* A name one letter from a short command is no typo of it. */
	has(r, "> Lisa\r\n    ignored: not an order");
	has(r, "> Max Miller\r\n    ignored: not an order");
	has(r, "A CON - BUL");
	hasnt(r, "no province called");
	ck_assert_int_eq(occurrences(r, "Did you mean"), 3);
	free(r);
	r = text_only(as_gm("alpha", "APROVE\nThanks"));
	has(r, "> APROVE\r\n    ERROR: \"APROVE\" is not a command. Did you "
	    "mean APPROVE?");
	has(r, "> Thanks\r\n    ignored: not an order");
	free(r);
}
END_TEST

/* Issue 16: HILFE, LISTE and KARTE are HELP, LIST and MAP, rows, limits
 * per mail and all; the echo keeps the word as written. */
START_TEST(german_command_words_are_the_commands)
{
	char	*r;

	mail("alice@example.test", "hilfe\nLISTE\nHELP\nKarte");
	r = take("alice@example.test");
	has(r, "> hilfe");
	has(r, "How to talk to the judge");
	has(r, "> LISTE");
	has(r, "No games yet");
	ck_assert_int_eq(occurrences(r, "is answered once per mail"), 1);
	has(r, "> Karte");
	has(r, "MAP");
	hasnt(r, "\"Karte\" is not a command");
	free(r);
}
END_TEST

START_TEST(a_mail_is_processed_once)
{
	struct message	 m;
	char		 why[128];

	memset(&m, 0, sizeof(m));
	m.reply_to = m.from = "alice@example.test";
	m.subject = "x";
	m.message_id = "same@example.test";
	m.text = "HELP";
	m.has_text = true;
	ck_assert_int_eq(judge_handle_message(&F.env, &m, 7, 1, why, sizeof(why)),
	    JUDGE_HANDLED);
	ck_assert_int_eq(judge_handle_message(&F.env, &m, 7, 1, why, sizeof(why)),
	    JUDGE_DUPLICATE);
	/* The same Message-ID under another UID is not redone either. */
	ck_assert_int_eq(judge_handle_message(&F.env, &m, 7, 2, why, sizeof(why)),
	    JUDGE_DUPLICATE);
	ck_assert_int_eq(pending(), 1);
}
END_TEST

START_TEST(robots_are_never_answered)
{
	struct message	 m;
	char		 why[128];

	memset(&m, 0, sizeof(m));
	m.reply_to = m.from = "MAILER-DAEMON@example.test";
	m.message_id = "bounce@example.test";
	m.text = "HELP";
	m.has_text = true;
	m.robot = MESSAGE_BOUNCE;
	ck_assert_int_eq(judge_handle_message(&F.env, &m, 7, 3, why, sizeof(why)),
	    JUDGE_IGNORED);
	ck_assert_int_eq(pending(), 0);
}
END_TEST

/* A mail the judge's reply came back in: answered never, recorded once. */
static enum judge_result
loop_mail(const char *from, const char *in_reply_to, const char *refs,
    const char *text, int uid)
{
	struct message	 m;
	char		 why[128], id[32];

	memset(&m, 0, sizeof(m));
	snprintf(id, sizeof(id), "loop%d@elsewhere.test", uid);
	m.reply_to = m.from = (char *)from;
	m.from_name = "";
	m.subject = "Re: [pbemd] orders";
	m.message_id = id;
	m.in_reply_to = (char *)in_reply_to;
	m.references = (char *)refs;
	m.text = (char *)text;
	m.text_len = strlen(text);
	m.has_text = true;
	return judge_handle_message(&F.env, &m, 7, (uint32_t)uid, why,
	    sizeof(why));
}

START_TEST(loops_with_the_judge_are_never_answered)
{
	/* From the judge's own address (any case). */
	ck_assert_int_eq(loop_mail("Judge@Example.TEST", NULL, NULL, "HELP",
	    101), JUDGE_IGNORED);
	/* An autoresponder's answer to a judge's mail, unmarked. */
	ck_assert_int_eq(loop_mail(ALICE, "<pbemd.1795000000.ab12@example.test>",
	    NULL, "I am out of the office until Monday.\nRegards", 102),
	    JUDGE_IGNORED);
	ck_assert_int_eq(loop_mail(ALICE, NULL, "<x@y.test>\r\n "
	    "<pbemd.1795000000.cd34@EXAMPLE.test>", "Danke!", 103),
	    JUDGE_IGNORED);
	ck_assert_int_eq(pending(), 0);
	/* A player's reply with a command is a player's. */
	ck_assert_int_eq(loop_mail(ALICE, "<pbemd.1795000000.ab12@example.test>",
	    NULL, "Thanks\nHELP", 104), JUDGE_HANDLED);
	ck_assert_int_eq(mails_to(ALICE), 1);
	/* An id of another domain, or not the judge's form, is no loop. */
	ck_assert_int_eq(loop_mail(ALICE, "<pbemd.1.ab@other.test>", NULL,
	    "Hello", 105), JUDGE_HANDLED);
	ck_assert_int_eq(loop_mail(ALICE, "<abc@example.test>", NULL, "Hello",
	    106), JUDGE_HANDLED);
	ck_assert_int_eq(mails_to(ALICE), 2);
	/* A sender a reply cannot reach: no '@', raw 8-bit. */
	ck_assert_int_eq(loop_mail("alice", NULL, NULL, "HELP", 107),
	    JUDGE_IGNORED);
	ck_assert_int_eq(loop_mail("j\xf6rg@example.test", NULL, NULL, "HELP",
	    108), JUDGE_IGNORED);
	ck_assert_int_eq(pending(), 0);
	ck_assert_int_eq(loop_mail("j\xc3\xb6rg@example.test", NULL, NULL,
	    "HELP", 109), JUDGE_HANDLED);
	ck_assert_int_eq(mails_to("j\xc3\xb6rg@example.test"), 1);
}
END_TEST

/*
 * A hostile mail costs little (issue 13): a refused sign-on ends its
 * reading, so 400 guesses cost one; HELP and LIST are answered once and
 * CREATE done three times per mail; the answers stop at 64 KB.
 */
START_TEST(a_mail_of_many_costly_lines_is_bounded)
{
	struct buf	 b;
	char		*r;
	int		 i;

	mail(GM, "CREATE cheap weekeewachee");
	drain();
	buf_init(&b);
	for (i = 0; i < 400; i++)
		buf_printf(&b, "SIGNON cheap GM guess%03d\n", i);
	mail(DAVE, b.data);
	r = take(DAVE);
	ck_assert_int_eq(occurrences(r, "password does not match"), 1);
	has(r, "The rest of this mail is not read, because the sign-on above "
	    "failed.");
	hasnt(r, "guess001");
	free(r);
	buf_free(&b);
	mail(DAVE, "HELP\nLIST\nHELP\nLIST\nHELP CLOCK");
	r = take(DAVE);
	ck_assert_int_eq(occurrences(r, "is answered once per mail"), 3);
	ck_assert_int_eq(occurrences(r, "How to talk to the judge"), 1);
	free(r);
	mail(DAVE, "CREATE c1 weekeewachee\nCREATE c2 weekeewachee\n"
	    "CREATE c3 weekeewachee\nCREATE c4 weekeewachee\n"
	    "CREATE c5 weekeewachee");
	r = take(DAVE);
	ck_assert_int_eq(occurrences(r, "is created"), 3);
	ck_assert_int_eq(occurrences(r, "CREATE is done at most 3 times per "
	    "mail"), 2);
	free(r);
	/* 400 long unknown lines: the answers stop at 64 KB, and say so. */
	buf_init(&b);
	for (i = 0; i < 400; i++)
		buf_printf(&b, "%03d-%0400d\n", i, 0);
	mail(DAVE, b.data);
	r = take(DAVE);
	has(r, "This answer has reached its limit of 64 KB");
	ck_assert_int_lt((int)strlen(r), 96 * 1024);
	free(r);
	buf_free(&b);
}
END_TEST

START_TEST(a_mail_without_text_gets_a_polite_reply)
{
	struct message	 m;
	char		 why[128], *r;

	memset(&m, 0, sizeof(m));
	m.reply_to = m.from = "bob@example.test";
	m.message_id = "pic@example.test";
	m.text = "";
	ck_assert_int_eq(judge_handle_message(&F.env, &m, 7, 4, why, sizeof(why)),
	    JUDGE_HANDLED);
	r = take("bob@example.test");
	ck_assert_ptr_nonnull(strstr(r, "no text that I could read"));
	free(r);
}
END_TEST

/* A reply with no game report stays a single text/plain mail. */
START_TEST(replies_without_a_report_have_no_attachment)
{
	char	*r;

	mail("alice@example.test", "LIST");
	r = take("alice@example.test");
	ck_assert_ptr_nonnull(strstr(r, "Content-Type: text/plain; charset=UTF-8"));
	ck_assert_ptr_null(strstr(r, "multipart"));
	free(r);
}
END_TEST

/*
 * Issue "The judge in layers": sub-commands are rows of the command table
 * with their own arity, permission and usage: the answer names the
 * sub-command, and njudge's two-word spellings (SET NO WAIT) find theirs.
 */
START_TEST(subcommands_are_rows_with_their_own_arity_and_permission)
{
	char	 pw[32], *r;

	game_with_gm("rows", pw, sizeof(pw));
	mail("alice@example.test", "SIGNON rows alice-secret\nSET DEADLINE +1h\n"
	    "SET NO WAIT\nSET FOO\nSET LANGUAGE\nREFUSE TAKEOVER White");
	r = take("alice@example.test");
	has(r, "can use SET DEADLINE");
	/* SET NO WAIT reached SET NOWAIT: this game has no clock. */
	has(r, "> SET NO WAIT\r\n    ERROR: Game rows has no deadlines");
	has(r, "> SET FOO\r\n    ERROR: SET knows these settings");
	has(r, "> SET LANGUAGE\r\n    ERROR: SET knows these settings");
	has(r, "can use REFUSE TAKEOVER");
	free(r);
	mailf("gm@example.test", "SIGNON rows %s\nREFUSE White\n"
	    "APPROVE TAKEOVER\nEXTEND GRANT White now\nAPPROVE now\n"
	    "SET WAIT", pw);
	r = take("gm@example.test");
	has(r, "> REFUSE White\r\n    ERROR: APPROVE TAKEOVER <power> "
	    "[address] or REFUSE TAKEOVER");
	has(r, "> APPROVE TAKEOVER\r\n    ERROR: APPROVE TAKEOVER <power> "
	    "[address] or REFUSE TAKEOVER");
	has(r, "> EXTEND GRANT White now\r\n    ERROR: Players write EXTEND");
	has(r, "> APPROVE now\r\n    ERROR: APPROVE was given the wrong number");
	has(r, "can use SET WAIT");
	free(r);
}
END_TEST

START_TEST(gm_commands_need_the_gm)
{
	char	*r;

	game("gc", "");
	r = as(ALICE, "alice-secret", "gc", "EJECT Black\nBECOME Black\nSTART");
	has(r, "Only the game master, signed on with his password, can use "
	    "EJECT");
	has(r, "can use BECOME");
	has(r, "can use START");
	free(r);
	r = as_gm("gc", "START\nASSIGN White " ALICE);
	has(r, "Game gc takes no new players");
	free(r);
}
END_TEST

/*
 * What one mail may not do, many may not either (issue 13): CREATE, JOIN
 * and TAKEOVER hash a password, so one address does at most ten of each
 * kind an hour; the reply says until when.
 */
START_TEST(create_and_join_are_limited_per_hour)
{
	char	*r;
	int	 i;

	for (i = 0; i < 4; i++)
		mailf(DAVE, "CREATE h%d1 weekeewachee\nCREATE h%d2 weekeewachee\n"
		    "CREATE h%d3 weekeewachee", i, i, i);
	r = take(DAVE);
	ck_assert_int_eq(occurrences(r, "is created"), 10);
	ck_assert_int_eq(occurrences(r, "CREATE is done at most 10 times per "
	    "hour for one address: try again after"), 2);
	free(r);
	for (i = 0; i < 11; i++)
		mailf(CAROL, "JOIN h%d%d carol-secret", i / 3, i % 3 + 1);
	r = take(CAROL);
	ck_assert_int_eq(occurrences(r, "You joined game"), 10);
	has(r, "JOIN is done at most 10 times per hour");
	free(r);
	/* Another address is not held back, nor the same an hour later. */
	mail(ALICE, "JOIN h31 alice-secret");
	r = take(ALICE);
	has(r, "You joined game h31");
	free(r);
	F.env.now += 3600;
	mail(DAVE, "CREATE later weekeewachee");
	r = take(DAVE);
	has(r, "is created");
	free(r);
	/* The operator's figure (creates_per_hour) replaces the judge's. */
	F.env.creates_per_hour = 1;
	mail(DAVE, "CREATE later2 weekeewachee");
	r = take(DAVE);
	has(r, "CREATE is done at most 1 time per hour");
	free(r);
	F.env.creates_per_hour = 0;
}
END_TEST

/*
 * Replies cannot be aimed (issue 13): a stranger's Reply-To is not
 * followed, the answer goes to From; a Reply-To the judge knows (a
 * player's address of record) is followed, and speaks for that player.
 */
START_TEST(a_strangers_reply_to_is_not_followed)
{
	char	*r;

	mail_reply_to("attacker@example.test", "victim@example.test", "HELP");
	ck_assert_int_eq(mails_to("victim@example.test"), 0);
	ck_assert_int_eq(mails_to("attacker@example.test"), 1);
	/* Alice plays; from her office she asks for answers at home. */
	mail(GM, "CREATE rt weekeewachee");
	mail(ALICE, "JOIN rt alice-secret");
	drain();
	mail_reply_to("alice@office.test", ALICE, "SIGNON rt alice-secret");
	ck_assert_int_eq(mails_to("alice@office.test"), 0);
	r = take(ALICE);
	has(r, "Signed on to game rt");
	free(r);
}
END_TEST

/*
 * One address gets at most 40 answers an hour, the last saying so; its
 * mails are still handled; an hour later it is answered again.
 */
START_TEST(answers_to_one_address_are_limited_per_hour)
{
	char	*r;
	int	 i;

	mail(GM, "CREATE lim weekeewachee");
	drain();
	for (i = 0; i < 40; i++)
		mail(CAROL, "LIST lim");
	r = take(CAROL);
	ck_assert_int_eq(occurrences(r, "Message-ID:"), 40);
	ck_assert_int_eq(occurrences(r, "This is answer number 40 to your "
	    "address within an hour"), 1);
	free(r);
	/* The 41st: handled (she joins), not answered; others are. */
	mail(CAROL, "JOIN lim carol-secret");
	ck_assert_int_eq(mails_to(CAROL), 0);
	mail(DAVE, "JOIN lim dave-secret");
	r = take(DAVE);
	has(r, "You joined game lim");
	has(r, "play Black");		/* Carol took White */
	free(r);
	drain();
	F.env.now += 3600;
	mail(CAROL, "LIST lim");
	ck_assert_int_eq(mails_to(CAROL), 1);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/judge");
	TCase	*tc;

	tc = tcase_create("judge");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, help_is_answered_with_a_threaded_reply);
	tcase_add_test(tc, own_mails_are_auto_generated_answers_auto_replied);
	tcase_add_test(tc, unknown_lines_are_quoted_with_the_reason);
	tcase_add_test(tc, german_command_words_are_the_commands);
	tcase_add_test(tc, a_mail_is_processed_once);
	tcase_add_test(tc, robots_are_never_answered);
	tcase_add_test(tc, loops_with_the_judge_are_never_answered);
	tcase_add_test(tc, a_mail_of_many_costly_lines_is_bounded);
	tcase_add_test(tc, create_and_join_are_limited_per_hour);
	tcase_add_test(tc, a_strangers_reply_to_is_not_followed);
	tcase_add_test(tc, answers_to_one_address_are_limited_per_hour);
	tcase_add_test(tc, a_mail_without_text_gets_a_polite_reply);
	tcase_add_test(tc, replies_without_a_report_have_no_attachment);
	tcase_add_test(tc,
	    subcommands_are_rows_with_their_own_arity_and_permission);
	suite_add_tcase(s, tc);

	tc = tcase_create("two_seats");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, gm_commands_need_the_gm);
	suite_add_tcase(s, tc);

	tc = tcase_create("words");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, mistyped_commands_are_answered_with_the_command);
	tcase_add_test(tc, courtesies_where_no_game_reads_are_ignored);
	tcase_add_test(tc, mistyped_commands_after_signon_are_no_orders);
	suite_add_tcase(s, tc);
	return s;
}
