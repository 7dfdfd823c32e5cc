/*
 * test_cmd_account.c - adjudicator/judge/cmd_account.c: SET PASSWORD,
 * SET ADDRESS and CONFIRM ADDRESS by mail (issue 12, point 5). A new
 * password replaces the old at once and shows in no mail; a new address
 * gets a code and holds only once the code comes back from it, in time,
 * as the newest request; then the seat's mail goes there, and the old
 * address and the GM are told.
 */
#include "tests/unit/test.h"

#include <ctype.h>
#include <sqlite3.h>

#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"

#define NEW		"new@example.test"
#define STRANGER	"stranger@example.test"

/* Whether any mail of the outbox, sent or not, holds needle. */
static bool
outbox_has(const char *needle)
{
	sqlite3		*h;
	sqlite3_stmt	*st;
	bool		 found = false;

	ck_assert_int_eq(sqlite3_open(F.path, &h), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(h, "SELECT message FROM outbox",
	    -1, &st, NULL), SQLITE_OK);
	while (!found && sqlite3_step(st) == SQLITE_ROW)
		found = memmem(sqlite3_column_blob(st, 0),
		    (size_t)sqlite3_column_bytes(st, 0), needle,
		    strlen(needle)) != NULL;
	sqlite3_finalize(st);
	sqlite3_close(h);
	return found;
}

/* The address of record of seat in game g. */
static void
address_of(const char *g, int seat, char *out, size_t len)
{
	struct db_player	 p[8];
	struct db_game		 game;
	int			 n, i;

	ck_assert_int_eq(db_game_get(F.db, g, &game), DB_OK);
	ck_assert_int_eq(db_players(F.db, game.id, p, 8, &n), DB_OK);
	for (i = 0; i < n && p[i].seat != seat; i++)
		continue;
	ck_assert_int_lt(i, n);
	snprintf(out, len, "%s", p[i].address);
}

/* The code of the last confirmation mail in text (owned by the caller's
 * buffer out). */
static void
code_in(const char *text, char *out, size_t len)
{
	const char	*p = NULL, *q = text;

	while ((q = strstr(q, "CONFIRM ADDRESS ")) != NULL)
		p = q++;
	ck_assert_msg(p != NULL, "no CONFIRM line in:\n%s", text);
	p += strlen("CONFIRM ADDRESS ");
	p += strcspn(p, " ") + 1;		/* the game's name */
	snprintf(out, len, "%.*s", (int)strcspn(p, " \r\n"), p);
	ck_assert_uint_eq(strlen(out), 10);
}

/* France (p2) asks for addr; the code mailed there. */
static void
ask(const char *g, const char *addr, char *code, size_t len)
{
	char	 line[96], *r, *n;

	snprintf(line, sizeof(line), "SET ADDRESS %s", addr);
	r = as_power(FRA, g, line);
	hasnt(r, "ERROR");
	has(r, "A code went to");
	n = take(addr);
	code_in(n, code, len);
	hasnt(r, code);
	free(r);
	free(n);
}

START_TEST(a_new_password_replaces_the_old_and_shows_nowhere)
{
	char	*r, *p;

	seven("pw", "");
	r = as_power(FRA, "pw", "SET PASSWORD fresh5555");
	has(r, "> SET PASSWORD ********\r\n");
	has(r, "The password of your seat in game pw (France) is changed.");
	free(r);
	r = as_power(FRA, "pw", "A PAR - BUR");	/* the old one */
	has(r, "password does not match");
	hasnt(r, "order: A PAR - BUR");
	free(r);
	mail("p2@example.test", "SIGNON pw fresh5555\nA PAR - BUR");
	r = take("p2@example.test");
	has(r, "Signed on to game pw as France.");
	has(r, "order: A PAR - BUR");
	free(r);
	/* A password with a blank: the row's words past the last are
	 * hidden as well. */
	mail("p2@example.test", "SIGNON pw fresh5555\nSET PASSWORD two words");
	r = take("p2@example.test");
	has(r, "> SET PASSWORD ******** ********\r\n");
	free(r);
	/* From another address: the copy to the player hides it too. */
	mail(STRANGER, "SIGNON pw France fresh5555\n"
	    "SET PASSWORD other6666");
	p = mine(FRA);
	has(p, "Someone signed on as France");
	has(p, "> SET PASSWORD ********");
	free(p);
	ck_assert(!outbox_has("fresh5555"));
	ck_assert(!outbox_has("other6666"));
	ck_assert(!outbox_has("words"));
	ck_assert(!outbox_has("pass2222"));
}
END_TEST

START_TEST(the_gm_changes_the_gm_password)
{
	char	 old[32], *r;

	seven("gp", "");
	snprintf(old, sizeof(old), "%s", gmpw);
	r = as_gm("gp", "SET PASSWORD gmfresh77");
	has(r, "The password of your seat in game gp (the game master) is "
	    "changed.");
	free(r);
	r = as_gm("gp", "PAUSE");
	has(r, "password does not match");
	free(r);
	snprintf(gmpw, sizeof(gmpw), "gmfresh77");
	r = as_gm("gp", "");
	has(r, "as its game master");
	free(r);
	/* The old one was mailed by CREATE, which made it; the new one
	 * is in no mail. */
	ck_assert(outbox_has(old));
	ck_assert(!outbox_has("gmfresh77"));
}
END_TEST

START_TEST(set_password_is_refused_where_it_is_not_the_senders)
{
	char	*r;

	seven("no", "");
	r = as_power(FRA, "no", "SET PASSWORD abc");
	has(r, "A password has 8 to 64 characters");
	free(r);
	r = as_gm("no", "BECOME France\nSET PASSWORD grabbed1\n"
	    "SET ADDRESS gm@example.test");
	has(r, "its password and address are its player's to change");
	free(r);
	r = as_power(GER, "no", "RESIGN");
	free(r);
	r = as_power(GER, "no", "SET PASSWORD later123");
	has(r, "You no longer play in game no.");
	free(r);
	mail(STRANGER, "SET PASSWORD nobody12");
	r = take(STRANGER);
	has(r, "needs a SIGNON to a game first");
	free(r);
	/* France still signs on with hers. */
	r = as_power(FRA, "no", "");
	has(r, "Signed on to game no as France.");
	free(r);
}
END_TEST

START_TEST(set_address_mails_the_code_to_the_new_address_only)
{
	char	 code[16], a[64], *r;

	seven("sa", "");
	r = as_power(FRA, "sa", "SET ADDRESS " NEW);
	has(r, "A code went to new@example.test. Send it back from there "
	    "within 7 days");
	free(r);
	r = take(NEW);
	has(r, "To: new@example.test");
	has(r, "The judge was asked to send its mail for France in game sa");
	code_in(r, code, sizeof(code));
	free(r);
	/* The code is in the new address's mail and in no other. */
	r = take(GM);
	hasnt(r, code);
	free(r);
	r = mine(FRA);
	hasnt(r, code);
	free(r);
	/* Nothing changes until it comes back. */
	address_of("sa", FRA, a, sizeof(a));
	ck_assert_str_eq(a, "p2@example.test");
}
END_TEST

START_TEST(set_address_refuses_bad_and_taken_addresses)
{
	char	*r;

	seven("bad", "");
	r = as_power(FRA, "bad", "SET ADDRESS nobody\nSET ADDRESS "
	    "a<b@example.test\nSET ADDRESS p3@example.test\n"
	    "SET ADDRESS gm@example.test\nSET ADDRESS judge@example.test");
	has(r, "\"nobody\" is no address the judge can write to");
	has(r, "\"a<b@example.test\" is no address");
	has(r, "p3@example.test has a seat in game bad already (Germany)");
	has(r, "gm@example.test has a seat in game bad already (the game "
	    "master)");
	has(r, "\"judge@example.test\" is no address");
	hasnt(r, "A code went to");
	free(r);
	r = as_gm("bad", "SET ADDRESS p1@example.test");
	has(r, "p1@example.test has a seat in game bad already (England)");
	free(r);
	ck_assert_int_eq(pending(), 0);
}
END_TEST

START_TEST(confirm_from_elsewhere_or_with_a_wrong_code_is_refused)
{
	char	 code[16], a[64], line[96], *r;

	seven("cw", "");
	ask("cw", NEW, code, sizeof(code));
	snprintf(line, sizeof(line), "CONFIRM ADDRESS cw %s", code);
	mail(STRANGER, line);
	r = take(STRANGER);
	has(r, "> CONFIRM ADDRESS cw ********\r\n");
	has(r, "This code went to another address: send CONFIRM ADDRESS "
	    "from the address that got it.");
	free(r);
	mail(NEW, "CONFIRM ADDRESS cw abcdefghjk");
	r = take(NEW);
	has(r, "No open address change of game cw has this code.");
	free(r);
	mail(NEW, "CONFIRM ADDRESS cw");
	r = take(NEW);
	has(r, "CONFIRM ADDRESS <game> <code>");
	free(r);
	address_of("cw", FRA, a, sizeof(a));
	ck_assert_str_eq(a, "p2@example.test");
	ck_assert_int_eq(pending(), 0);	/* nobody else was told */
}
END_TEST

START_TEST(an_expired_code_is_refused)
{
	char	 code[16], a[64], line[96], *r;

	seven("ex", "");
	ask("ex", NEW, code, sizeof(code));
	F.env.now += 7 * 86400 + 60;
	snprintf(line, sizeof(line), "CONFIRM ADDRESS ex %s", code);
	mail(NEW, line);
	r = take(NEW);
	has(r, "The code is older than 7 days and no longer holds.");
	free(r);
	/* And it stays dropped. */
	mail(NEW, line);
	r = take(NEW);
	has(r, "No open address change of game ex has this code.");
	free(r);
	address_of("ex", FRA, a, sizeof(a));
	ck_assert_str_eq(a, "p2@example.test");
}
END_TEST

START_TEST(a_second_set_address_drops_the_first_code)
{
	char	 first[16], second[16], a[64], line[96], *r;

	seven("two", "");
	ask("two", NEW, first, sizeof(first));
	ask("two", "newer@example.test", second, sizeof(second));
	snprintf(line, sizeof(line), "CONFIRM ADDRESS two %s", first);
	mail(NEW, line);
	r = take(NEW);
	has(r, "No open address change of game two has this code.");
	free(r);
	/* One's own address withdraws the open request. */
	r = as_power(FRA, "two", "SET ADDRESS p2@example.test");
	has(r, "goes to p2@example.test already. A request for another "
	    "address that was still open is withdrawn.");
	free(r);
	snprintf(line, sizeof(line), "CONFIRM ADDRESS two %s", second);
	mail("newer@example.test", line);
	r = take("newer@example.test");
	has(r, "No open address change of game two has this code.");
	free(r);
	address_of("two", FRA, a, sizeof(a));
	ck_assert_str_eq(a, "p2@example.test");
}
END_TEST

START_TEST(after_confirm_the_mail_goes_to_the_new_address)
{
	char	 code[16], a[64], line[96], *r;

	seven("mv", "move=1h retreat=1h adjust=1h");
	ask("mv", NEW, code, sizeof(code));
	/* The code is read in any case. */
	snprintf(line, sizeof(line), "CONFIRM ADDRESS mv %s", code);
	for (r = line + strlen("CONFIRM ADDRESS mv "); *r; r++)
		*r = (char)toupper((unsigned char)*r);
	mail(NEW, line);
	r = take(NEW);
	has(r, "Confirmed: the judge's mail for France in game mv goes to "
	    "this address from now on.");
	free(r);
	address_of("mv", FRA, a, sizeof(a));
	ck_assert_str_eq(a, NEW);
	r = mine(FRA);
	has(r, "The judge's mail for France in game mv goes to "
	    "new@example.test from now on");
	free(r);
	r = take(GM);
	has(r, "France in game mv has a new address: new@example.test.");
	free(r);
	/* A code is good once. */
	mail(NEW, line);
	r = take(NEW);
	has(r, "No open address change of game mv has this code.");
	free(r);
	/* The report of the next phase goes to the new address alone. */
	free(as_gm("mv", "PROCESS"));
	r = take(NEW);
	has(r, "Spring 1901");
	free(r);
	r = mine(FRA);
	ck_assert_ptr_null(strstr(r, "Spring 1901"));
	free(r);
	/* Signing on from there is no longer signing on from elsewhere. */
	mail(NEW, "SIGNON mv pass2222\nA PAR - BUR");
	ck_assert_int_eq(mails_to(NEW), 1);
	ck_assert_int_eq(mails_to("p2@example.test"), 0);
	ck_assert_int_eq(mails_to(GM), 0);
}
END_TEST

START_TEST(the_gm_moves_the_gm_address)
{
	char	 code[16], line[96], *r;
	struct db_game	 g;

	seven("gm", "");
	r = as_gm("gm", "SET ADDRESS gm2@example.test");
	has(r, "A code went to gm2@example.test");
	free(r);
	r = take("gm2@example.test");
	code_in(r, code, sizeof(code));
	free(r);
	snprintf(line, sizeof(line), "CONFIRM ADDRESS gm %s", code);
	mail("gm2@example.test", line);
	r = take("gm2@example.test");
	has(r, "Confirmed: the judge's mail for the game master in game gm");
	free(r);
	ck_assert_int_eq(db_game_get(F.db, "gm", &g), DB_OK);
	ck_assert_str_eq(g.gm_address, "gm2@example.test");
	r = take(GM);
	has(r, "The judge's mail for the game master in game gm goes to "
	    "gm2@example.test from now on");
	free(r);
}
END_TEST

/* Before the start a seat is a place in the queue: no power is named,
 * and none can be signed on to from another address. */
START_TEST(before_the_start_no_power_is_named)
{
	char	 a[32], cmd[64], *r;
	int	 i;

	create("fo", "");
	for (i = 0; i < 3; i++) {
		addr(i, a, sizeof(a));
		snprintf(cmd, sizeof(cmd), "JOIN fo pass%d%d%d%d", i, i, i, i);
		mail(a, cmd);
	}
	drain();
	r = as_power(2, "fo", "SET PASSWORD fresh2222");
	has(r, "The password of your seat in game fo (a player with no power "
	    "until the start) is changed.");
	hasnt(r, "France");
	free(r);
	/* A power named before the start names nobody yet; a password
	 * alone opens nothing from an address that holds no seat. */
	mail(STRANGER, "SIGNON fo England pass1111");
	r = take(STRANGER);
	has(r, "Game fo has not started, so its powers are not given out "
	    "yet: sign on from the address you joined with.");
	free(r);
	mail(STRANGER, "SIGNON fo pass1111");
	r = take(STRANGER);
	has(r, "This address holds no seat in game fo, so a password alone "
	    "opens nothing.");
	hasnt(r, "password does not match");
	free(r);
	ck_assert_int_eq(mails_to(GM), 0);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_account");
	TCase	*tc;

	tc = tcase_create("password");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, a_new_password_replaces_the_old_and_shows_nowhere);
	tcase_add_test(tc, the_gm_changes_the_gm_password);
	tcase_add_test(tc, set_password_is_refused_where_it_is_not_the_senders);
	suite_add_tcase(s, tc);

	tc = tcase_create("address");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, set_address_mails_the_code_to_the_new_address_only);
	tcase_add_test(tc, set_address_refuses_bad_and_taken_addresses);
	tcase_add_test(tc,
	    confirm_from_elsewhere_or_with_a_wrong_code_is_refused);
	tcase_add_test(tc, an_expired_code_is_refused);
	tcase_add_test(tc, a_second_set_address_drops_the_first_code);
	tcase_add_test(tc, after_confirm_the_mail_goes_to_the_new_address);
	tcase_add_test(tc, the_gm_moves_the_gm_address);
	tcase_add_test(tc, before_the_start_no_power_is_named);
	suite_add_tcase(s, tc);
	return s;
}
