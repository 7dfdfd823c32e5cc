/*
 * cmd_account.c - a seat's password and address after it is taken, as
 * njudge had them (rules/judge-conventions.md 1.2, 1.5): SET PASSWORD
 * <new> and SET ADDRESS <new> after SIGNON, for the sender's seat or, as
 * the GM, for the GM's; CONFIRM ADDRESS <name> <code> from the new
 * address, with no SIGNON: the code mailed there is the proof.
 *
 * A new address holds only once the code comes back from it, within
 * JUDGE_ADDRESS_DAYS; until then the seat's mail goes where it went. The
 * store keeps the code's hash alone (password.c). The GM after BECOME
 * changes nothing here: a power's credentials are its player's. A player
 * writing from his own address reads the change in his reply; one
 * writing from another gets SIGNON's copy (cmd_signon.c), so no further
 * mail is sent for SET PASSWORD.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/cmd_account.h"
#include "adjudicator/judge/notify.h"
#include "adjudicator/judge/password.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/seats.h"
#include "common/log.h"
#include "mail/message.h"

/* address_changes.seat -1 is the GM, as in views. */
_Static_assert(DB_SEAT_GM == GAME_SEAT_GM, "the GM's seat is one number");

#define JUDGE_ADDRESS_SECS	(JUDGE_ADDRESS_DAYS * 86400)
/* Open requests of a game: one a seat, and the GM's. */
#define JUDGE_ADDRESS_OPEN	(GAME_MAX_SEATS + 1)

/*
 * The seat whose credentials the sender may change: his own, or the GM's
 * (p is left alone then); false, with the reason said, after BECOME or
 * when the sender's player left the seat.
 */
static bool
judge_account_seat(struct judge_session *s, struct db_player *me)
{
	struct db_player	 p[GAME_MAX_SEATS];
	const struct judge_seat	*w = &s->who;
	int			 n, i;

	if (w->by_gm) {
		judge_err(s, "judge.err.account_become", 0);
		return false;
	}
	if (w->seat == GAME_SEAT_GM)
		return true;
	if (!judge_phase_players(s, &w->game, p, &n))
		return false;
	for (i = 0; i < n && p[i].seat != w->seat; i++)
		continue;
	if (i == n || p[i].resigned || p[i].ejected) {
		judge_err(s, "judge.err.account_left", 1, w->game.name);
		return false;
	}
	*me = p[i];
	return true;
}

/*
 * Stores the new address or password hash (the other NULL) of seat, a
 * player's or the GM's; 0, or -1 with the mail failed.
 */
static int
judge_account_store(struct judge_session *s, int64_t game_id, int seat,
    const char *addr, const char *hash)
{
	int	 rc;

	if (seat == GAME_SEAT_GM)
		rc = db_game_set_gm(s->env->db, game_id, addr, hash);
	else if (addr != NULL)
		rc = db_player_set_address(s->env->db, game_id, seat, addr);
	else
		rc = db_player_set_password(s->env->db, game_id, seat, hash);
	if (rc == DB_OK)
		return 0;
	judge_store_failed(s);
	return -1;
}

void
judge_cmd_set_password(struct judge_session *s, const struct judge_line *l)
{
	const struct judge_seat	*w = &s->who;
	struct db_player	 me;
	char			 hash[DB_HASH_MAX], arg[GAME_ARG_MAX];

	/* Both hashes are crypto_pwhash_STRBYTES: password.h, db.h. */
	_Static_assert(DB_HASH_MAX >= PASSWORD_HASH_MAX, "a hash fits");
	if (!judge_account_seat(s, &me))
		return;
	if (!password_acceptable(l->argv[2])) {
		judge_err(s, "judge.err.bad_password", 0);
		return;
	}
	if (password_hash(l->argv[2], hash) != 0) {
		judge_store_failed(s);
		return;
	}
	if (judge_account_store(s, w->game.id, w->seat, NULL, hash) != 0)
		return;
	log_info("judge: game=%s seat=%d password=changed", w->game.name,
	    w->seat);
	judge_seat_arg_in(w, w->seat, arg, sizeof(arg));
	judge_ok(s, "judge.password_set", 2, arg, w->game.name);
}

/*
 * Whether addr may become seat's address in w's game: no other seat's
 * player (nor the GM, nor for the GM a player) writes from it; the reason
 * said when not.
 */
static bool
judge_account_free(struct judge_session *s, const struct judge_seat *w,
    int seat, const char *addr)
{
	struct db_player	 p[GAME_MAX_SEATS];
	char			 arg[GAME_ARG_MAX];
	int			 n, i, other = seat;

	if (!judge_phase_players(s, &w->game, p, &n))
		return false;
	if (seat != GAME_SEAT_GM &&
	    strcasecmp(w->game.gm_address, addr) == 0)
		other = GAME_SEAT_GM;
	for (i = 0; i < n && other == seat; i++)
		if (p[i].seat != seat && !p[i].resigned && !p[i].ejected &&
		    strcasecmp(p[i].address, addr) == 0)
			other = p[i].seat;
	if (other == seat)
		return true;
	judge_seat_arg_in(w, other, arg, sizeof(arg));
	judge_err(s, "judge.err.address_plays", 3, addr, arg, w->game.name);
	return false;
}

/* Whether addr can be written to as a seat's address; says why not. */
static bool
judge_account_addr_ok(struct judge_session *s, const char *addr)
{
	/* The judge's own would have it answer its own mail. */
	if (message_addr_ok(addr) && strcasecmp(addr, s->env->address) != 0)
		return true;
	judge_err(s, "judge.err.bad_address", 1, addr);
	return false;
}

/* The request is stored and its code mailed to the new address alone. */
static void
judge_account_request(struct judge_session *s, const struct judge_seat *w,
    const char *addr, const char *arg)
{
	char	 code[PASSWORD_CODE_LEN + 1], hash[PASSWORD_CODE_HASH];
	char	 line[DB_NAME_MAX + PASSWORD_CODE_LEN + 32], days[16];

	_Static_assert(DB_HASH_MAX >= PASSWORD_CODE_HASH, "a code hash fits");
	password_code_new(code, hash);
	if (db_address_request(s->env->db, w->game.id, w->seat, addr, hash,
	    s->env->now) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	/* A game's name is shorter than DB_NAME_MAX: line holds it all. */
	snprintf(line, sizeof(line), "CONFIRM ADDRESS %s %s", w->game.name,
	    code);
	snprintf(days, sizeof(days), "%d", JUDGE_ADDRESS_DAYS);
	judge_notify(s, &w->game, addr, "judge.address.confirm", 4, arg,
	    w->game.name, line, days);
	log_info("judge: game=%s seat=%d address=asked", w->game.name,
	    w->seat);
	judge_ok(s, "judge.address_asked", 4, addr, days, arg, w->game.name);
}

void
judge_cmd_set_address(struct judge_session *s, const struct judge_line *l)
{
	const struct judge_seat	*w = &s->who;
	const char		*addr = l->argv[2], *cur;
	struct db_player	 me;
	char			 arg[GAME_ARG_MAX];

	if (!judge_account_seat(s, &me) || !judge_account_addr_ok(s, addr))
		return;
	judge_seat_arg_in(w, w->seat, arg, sizeof(arg));
	cur = w->seat == GAME_SEAT_GM ? w->game.gm_address : me.address;
	if (strcasecmp(addr, cur) == 0) {
		/* To withdraw a request, ask for the address there is. */
		if (db_address_drop(s->env->db, w->game.id, w->seat) != DB_OK)
			judge_store_failed(s);
		else
			judge_ok(s, "judge.address_same", 3, arg, w->game.name,
			    cur);
		return;
	}
	if (judge_account_free(s, w, w->seat, addr))
		judge_account_request(s, w, addr, arg);
}

/* The open request of w's game whose code is code, or -1. */
static int
judge_account_match(const struct db_address_change *c, int n,
    const char *code)
{
	int	 i, found = -1;

	/* Every hash is compared, so the time says nothing of which. */
	for (i = 0; i < n; i++)
		if (password_code_matches(c[i].code, code) && found < 0)
			found = i;
	return found;
}

/*
 * Whether the seat of request c is still held as it was asked for: by a
 * player who did not leave it (the store drops the requests of a seat
 * that changes hands), with no other seat on the new address since.
 */
static bool
judge_account_still(struct judge_session *s, const struct judge_seat *w,
    const struct db_address_change *c, const char *days, char *old,
    size_t oldlen)
{
	struct db_player	 p[GAME_MAX_SEATS];
	int			 n, i;

	if (c->seat == GAME_SEAT_GM) {
		strlcpy_(old, w->game.gm_address, oldlen);
		return judge_account_free(s, w, c->seat, c->address);
	}
	if (!judge_phase_players(s, &w->game, p, &n))
		return false;
	for (i = 0; i < n && p[i].seat != c->seat; i++)
		continue;
	if (i == n || p[i].resigned || p[i].ejected) {
		judge_err(s, "judge.err.address_code", 2, w->game.name, days);
		return false;
	}
	strlcpy_(old, p[i].address, oldlen);
	return judge_account_free(s, w, c->seat, c->address);
}

/* The new address holds: stored, and the old one and the GM told. */
static void
judge_account_move(struct judge_session *s, const struct judge_seat *w,
    const struct db_address_change *c, const char *old)
{
	char	 arg[GAME_ARG_MAX];

	if (judge_account_store(s, w->game.id, c->seat, c->address, NULL) !=
	    0)
		return;
	if (db_address_settle(s->env->db, c->id, DB_ADDR_DONE) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	log_info("judge: game=%s seat=%d address=changed", w->game.name,
	    c->seat);
	judge_seat_arg_in(w, c->seat, arg, sizeof(arg));
	judge_ok(s, "judge.address_confirmed", 2, arg, w->game.name);
	judge_notify(s, &w->game, old, "judge.address.moved", 3, arg,
	    w->game.name, c->address);
	if (c->seat != GAME_SEAT_GM)
		judge_notify(s, &w->game, w->game.gm_address,
		    "judge.address.moved_gm", 3, arg, w->game.name, c->address);
}

void
judge_cmd_confirm_address(struct judge_session *s, const struct judge_line *l)
{
	struct db_address_change c[JUDGE_ADDRESS_OPEN];
	struct judge_seat	 w;
	char			 days[16], old[DB_ADDR_MAX];
	int			 n, i;

	if (!judge_phase_find(s, l->argv[2], &w))
		return;
	if (db_address_open(s->env->db, w.game.id, c, JUDGE_ADDRESS_OPEN, &n) !=
	    DB_OK) {
		judge_store_failed(s);
		return;
	}
	snprintf(days, sizeof(days), "%d", JUDGE_ADDRESS_DAYS);
	if ((i = judge_account_match(c, n, l->argv[3])) < 0) {
		log_info("judge: game=%s address=bad-code", w.game.name);
		judge_err(s, "judge.err.address_code", 2, w.game.name, days);
	} else if (strcasecmp(c[i].address, s->msg->reply_to) != 0)
		judge_err(s, "judge.err.address_from", 0);
	else if (s->env->now - c[i].requested > JUDGE_ADDRESS_SECS) {
		if (db_address_settle(s->env->db, c[i].id, DB_ADDR_DROPPED) !=
		    DB_OK)
			judge_store_failed(s);
		else
			judge_err(s, "judge.err.address_expired", 1, days);
	} else if (judge_account_still(s, &w, &c[i], days, old, sizeof(old)))
		judge_account_move(s, &w, &c[i], old);
}
