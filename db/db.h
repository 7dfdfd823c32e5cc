/*
 * db.h - the typed store over SQLite: games, players, phases, orders, the
 * inbox, the quarantine and the outbox.
 *
 * Functions return DB_OK, DB_NONE (nothing found) or DB_ERR (logged here,
 * with the component "db:"). The caller owns transactions: db_begin() ..
 * db_commit() or db_rollback(); one mail is one transaction (DESIGN.md).
 * Strings in the row structs are fixed buffers sized by the limits below,
 * which the judge checks before it stores anything. A stored text that
 * does not fit all the same (a damaged store) is never cut: the row is
 * refused with DB_ERR and a log line naming the column (db_game_each()
 * and db_clock_games() say what they do instead).
 */
#ifndef PBEMD_DB_H
#define PBEMD_DB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#define DB_OK		0
#define DB_NONE		1
#define DB_ERR		(-1)

#define DB_ADDR_MAX	256
#define DB_NAME_MAX	64
#define DB_HASH_MAX	192
#define DB_OPTS_MAX	256
#define DB_SLOT_MAX	32
#define DB_ORDER_MAX	256
#define DB_PREFS_MAX	64

struct buf;
struct db;

int	db_open(const char *path, struct db **out, char *why, size_t whylen);
/*
 * The store at path for reading only (`pbemd status`), beside a judge that
 * writes: neither created nor migrated, so a store of another schema
 * version than this pbemd's is refused, with why.
 */
int	db_open_readonly(const char *path, struct db **out, char *why,
	    size_t whylen);
void	db_close(struct db *);		/* accepts NULL */
int	db_begin(struct db *);		/* BEGIN IMMEDIATE */
int	db_commit(struct db *);
void	db_rollback(struct db *);
int	db_schema_version(struct db *);
/*
 * Whether each commit waits until the disk has it (each: synchronous=FULL,
 * as db_open() leaves it) or only until the system has it (NORMAL): then
 * a crash of the process still loses no commit, a power cut those since
 * the last db_sync(). The outbox's marks commit so (serve/outbox.c).
 */
int	db_sync_each(struct db *, bool each);
/* Makes every commit so far survive a power cut (the WAL to the disk). */
int	db_sync(struct db *);
/*
 * Copies the WAL into the database as far as no reader holds it back
 * (a passive checkpoint): the daemon calls it before it waits, since a
 * commit does so itself only once the WAL holds 64 MB. A busy store is
 * not a failure (the next wait tries again).
 */
int	db_checkpoint(struct db *);
/*
 * Whether the last failure since db_fault_clear() was the store's own and
 * may pass (a full disk, an I/O error, a lock held too long), not one of
 * what was asked of it: such a failure never counts against a mail.
 */
void	db_fault_clear(struct db *);
bool	db_fault_transient(const struct db *);

/* people: a language per address. */
int	db_person_lang(struct db *, const char *addr, char *lang, size_t);
/*
 * Whether addr is one the judge knows: an active player's, a GM's, or one
 * that chose a language. DB_OK, DB_NONE or DB_ERR.
 */
int	db_address_known(struct db *, const char *addr);
int	db_person_set_lang(struct db *, const char *addr, const char *lang,
	    time_t now);

/* games, players, phases, orders (games.c) */
enum db_game_status { DB_FORMING, DB_RUNNING, DB_OVER, DB_HALTED };

struct db_game {
	int64_t		 id;
	char		 name[DB_NAME_MAX];
	char		 kind[DB_NAME_MAX];
	char		 options[DB_OPTS_MAX];
	uint64_t	 seed;
	char		 gm_address[DB_ADDR_MAX];
	char		 gm_pwhash[DB_HASH_MAX];
	enum db_game_status status;
	int		 phase;
	int		 first_seat;	/* -1 unknown */
	int		 winner;	/* -1 none, -2 draw */
	time_t		 created;
};

struct db_player {
	int64_t		 game_id;
	int		 seat;
	char		 address[DB_ADDR_MAX];
	char		 pwhash[DB_HASH_MAX];
	bool		 resigned;
	bool		 ejected;	/* removed by the GM; the seat is open */
	char		 prefs[DB_PREFS_MAX];	/* wanted seats, "3,1,4" */
	int		 assigned;	/* seat given by the GM, or -1 */
};

struct db_order {
	int		 seat;
	char		 slot[DB_SLOT_MAX];
	char		 text[DB_ORDER_MAX];
	bool		 by_gm;		/* given by the GM acting for the seat */
};

int	db_game_get(struct db *, const char *name, struct db_game *out);
int	db_game_insert(struct db *, struct db_game *g, time_t now); /* sets id */
int	db_game_update(struct db *, const struct db_game *);
int	db_game_each(struct db *, int (*cb)(void *, const struct db_game *),
	    void *arg);
int	db_players(struct db *, int64_t game_id, struct db_player *out, int max,
	    int *n);
int	db_player_insert(struct db *, const struct db_player *, time_t now);
int	db_player_resign(struct db *, int64_t game_id, int seat);
/* The latest finished game of kind between two addresses (either seat). */
int	db_last_match(struct db *, const char *kind, const char *a,
	    const char *b, int64_t exclude, struct db_game *out,
	    char seat_addr[][DB_ADDR_MAX], int nseats);
/*
 * The results of the finished games of kind between a and b (either
 * seat), oldest first, excluding game exclude: out[i] is 1 when a won,
 * -1 when b won, 0 for a draw. At most max; *n is how many.
 */
int	db_match_results(struct db *, const char *kind, const char *a,
	    const char *b, int64_t exclude, int *out, int max, int *n);
int	db_phase_insert(struct db *, int64_t game_id, int no, const char *state,
	    int64_t inbox_id, time_t now);
int	db_phase_state(struct db *, int64_t game_id, int no, char **state);
int	db_order_put(struct db *, int64_t game_id, int phase,
	    const struct db_order *, int64_t inbox_id);
int	db_orders(struct db *, int64_t game_id, int phase, struct db_order *out,
	    int max, int *n);

/* seats: preferences, reseating at the start, take-overs (seats.c) */
struct db_takeover {
	int64_t		 id;
	int		 seat;
	char		 address[DB_ADDR_MAX];
	char		 pwhash[DB_HASH_MAX];
	time_t		 requested;
};

struct db_seat_change {
	int		 seat;
	int		 phase;		/* the game's phase when it happened */
	char		 address[DB_ADDR_MAX];		/* the new player */
	char		 old_address[DB_ADDR_MAX];
};

int	db_player_prefs(struct db *, int64_t game_id, int seat,
	    const char *prefs, int assigned);
int	db_player_eject(struct db *, int64_t game_id, int seat);
int	db_player_delete(struct db *, int64_t game_id, int seat);
/* Moves the game's players from seat from[i] to seat to[i], i < n; every
 * player of the game must be named in from. */
int	db_player_reseat(struct db *, int64_t game_id, const int *from,
	    const int *to, int n);
/* Gives a seat to a new player: address and password, active again. */
int	db_player_replace(struct db *, int64_t game_id, int seat,
	    const char *address, const char *pwhash);
int	db_orders_clear(struct db *, int64_t game_id, int phase, int seat);
/* The orders of phase from, given again for phase to (a state change that
 * is not an adjudication, such as a take-over, keeps the orders). */
int	db_orders_copy(struct db *, int64_t game_id, int from, int to);
/* seats[i] becomes true when the GM gave orders for seat i in phase. */
int	db_orders_by_gm(struct db *, int64_t game_id, int phase, bool *seats,
	    int nseats);
/* A pending request of address for seat is replaced by the new one. */
int	db_takeover_request(struct db *, int64_t game_id, int seat,
	    const char *address, const char *pwhash, time_t now);
int	db_takeovers_pending(struct db *, int64_t game_id, int seat,
	    struct db_takeover *out, int max, int *n);
int	db_takeover_decide(struct db *, int64_t id, bool approve, int phase,
	    const char *old_address, time_t now);
/* Approved take-overs in the order they happened. */
int	db_seat_changes(struct db *, int64_t game_id,
	    struct db_seat_change *out, int max, int *n);

/*
 * a seat's password and address after it is taken; requests to move a
 * seat's mail to a new address (address.c: SET PASSWORD, SET ADDRESS,
 * CONFIRM ADDRESS). A request is the seat's player's: resigning, being
 * ejected or replaced, and the reseating at the start drop the open
 * requests of the seats they touch.
 */
#define DB_SEAT_GM	(-1)	/* address_changes.seat of the game master */

enum db_addr_status { DB_ADDR_OPEN, DB_ADDR_DONE, DB_ADDR_DROPPED };

struct db_address_change {
	int64_t		 id;
	int		 seat;		/* or DB_SEAT_GM */
	char		 address[DB_ADDR_MAX];	/* the new one */
	char		 code[DB_HASH_MAX];	/* the code as the judge hashed it */
	time_t		 requested;
};

/* A new request for seat of game_id; an open one for that seat is dropped. */
int	db_address_request(struct db *, int64_t game_id, int seat,
	    const char *address, const char *code, time_t now);
/*
 * The open requests of a game, oldest first, into out[0..max): there is
 * one a seat at most, so a game with more than max open is a damaged
 * store (DB_ERR, logged), never cut.
 */
int	db_address_open(struct db *, int64_t game_id,
	    struct db_address_change *out, int max, int *n);
int	db_address_settle(struct db *, int64_t id, enum db_addr_status);
/* Drops the open requests of one seat (or DB_SEAT_GM), or of every
 * player's seat of the game. */
int	db_address_drop(struct db *, int64_t game_id, int seat);
int	db_address_drop_players(struct db *, int64_t game_id);
int	db_player_set_address(struct db *, int64_t game_id, int seat,
	    const char *address);
int	db_player_set_password(struct db *, int64_t game_id, int seat,
	    const char *pwhash);
/* The GM's address and password hash; NULL keeps the stored one. */
int	db_game_set_gm(struct db *, int64_t game_id, const char *address,
	    const char *pwhash);

/*
 * observers of a game (observers.c; db/schema.sql, migration 7): the
 * addresses that get its public mail. _add and _drop return DB_NONE when
 * the address was already, or was not, an observer. _list gives them
 * oldest first; a game with more than max is refused (DB_ERR, logged):
 * the judge never lets one hold more, so that is a damaged store.
 */
struct db_observer {
	char		 address[DB_ADDR_MAX];
	time_t		 since;
};

int	db_observer_add(struct db *, int64_t game_id, const char *addr,
	    time_t now);
int	db_observer_drop(struct db *, int64_t game_id, const char *addr);
int	db_observers(struct db *, int64_t game_id, struct db_observer *out,
	    int max, int *n);

/* press between players (press.c) */
#define DB_PRESS_FROM_GM	(-1)

struct db_press {
	int64_t		 id;
	int		 phase;
	int		 from_seat;	/* or DB_PRESS_FROM_GM */
	bool		 anonymous;
	bool		 broadcast;
	char		 to_seats[DB_PREFS_MAX];	/* "1,4"; "" broadcast */
	char		*body;		/* owned (db_press_clear) */
	time_t		 created;
};

int	db_press_insert(struct db *, int64_t game_id, const struct db_press *,
	    int64_t inbox_id, time_t now);
/* The broadcasts of a game made while phase was current, oldest first. */
int	db_press_broadcasts(struct db *, int64_t game_id, int phase,
	    struct db_press *out, int max, int *n);
void	db_press_clear(struct db_press *);

/* the inbox, failures and the outbox (mail.c) */
struct db_inbox {
	uint32_t	 uidvalidity;	/* 0 with uid 0: not from IMAP */
	uint32_t	 uid;
	const char	*message_id;	/* may be NULL */
	const char	*sender;
	const char	*outcome;	/* handled, robot, duplicate, quarantined */
	const char	*note;
};

/* DB_OK if this mail (by UID, else by Message-ID) was recorded, else DB_NONE. */
int	db_inbox_known(struct db *, uint32_t uidvalidity, uint32_t uid,
	    const char *message_id);
int	db_inbox_insert(struct db *, const struct db_inbox *, time_t now,
	    int64_t *id);
/*
 * A quarantined mail's row gets the outcome of its handling after all (a
 * released quarantine): note (not NULL) is added to the reason it holds.
 * DB_NONE when row id is not of outcome 'quarantined'.
 */
int	db_inbox_settle(struct db *, int64_t id, const char *outcome,
	    const char *note);
/* Counts one more failure of a mail in its own transaction; _unbump takes
 * one back (an attempt that failed for the store's sake, not the mail's). */
int	db_failure_unbump(struct db *, const char *key);
int	db_failure_bump(struct db *, const char *key, const char *err,
	    time_t now, int *count);
int	db_failure_get(struct db *, const char *key, int *count);
int	db_failure_clear(struct db *, const char *key);

struct db_outbox_row {
	int64_t		 id;
	char		*rcpt;		/* owned */
	char		*message;	/* owned; NULL from db_outbox_heads() */
	size_t		 len;
	int		 attempts;
};

int	db_outbox_add(struct db *, int64_t inbox_id, int64_t game_id,
	    const char *rcpt, const char *msg, size_t len, time_t now);
/*
 * The same for a message whose part (a picture's base64 lines, which many
 * messages carry) is kept once by its hash: msg is the message without
 * the part's len bytes, which belong at byte at of it. Every reader of
 * the outbox (the view, db_outbox_message()) gets the message whole.
 */
struct db_outbox_part {
	const void	*data;
	size_t		 len;
	size_t		 at;
	unsigned char	 hash[32];	/* BLAKE2b-256 of data */
};
int	db_outbox_add_part(struct db *, int64_t inbox_id, int64_t game_id,
	    const char *rcpt, const char *msg, size_t len,
	    const struct db_outbox_part *part, time_t now);
/*
 * The rows due by now, oldest first, at most max, without their messages:
 * a message with a map is some 150 KB, so the sender reads one at a time
 * with db_outbox_message() (issue 18: 64 of them at once were half the
 * daemon's heap). Each row is cleared with db_outbox_row_clear().
 */
int	db_outbox_heads(struct db *, time_t now, struct db_outbox_row *out,
	    int max, int *n);
/* Replaces out's content with the message of row id; DB_NONE when the row
 * has none. */
int	db_outbox_message(struct db *, int64_t id, struct buf *out);
/* db_outbox_heads() with each message read into its row, for the tests and
 * tools that look at what was queued. */
int	db_outbox_due(struct db *, time_t now, struct db_outbox_row *out,
	    int max, int *n);
void	db_outbox_row_clear(struct db_outbox_row *);
int	db_outbox_sent(struct db *, int64_t id, time_t now);
int	db_outbox_retry(struct db *, int64_t id, int attempts, time_t next,
	    const char *err);
int	db_outbox_failed(struct db *, int64_t id, time_t now, const char *err);
/* Earliest next_try of an unsent row; DB_NONE when none is waiting. */
int	db_outbox_next(struct db *, time_t *when);

/* A mail of a game refused for good by the SMTP server (undelivered.c). */
struct db_refused {
	int64_t		 id;
	char		 game[DB_NAME_MAX];	/* "" when of no game */
	char		 rcpt[DB_ADDR_MAX];
	time_t		 failed;
	char		 why[256];		/* the server's answer, cut */
	bool		 known;		/* an earlier mail of the game to rcpt
					 * was refused and told already */
};

/*
 * Refused rows nobody was told of yet (untold: told IS NULL), or the last
 * ones of game game_id (untold false), newest last; at most max in out.
 */
int	db_outbox_refused(struct db *, bool untold, int64_t game_id,
	    struct db_refused *out, int max, int *n);
int	db_outbox_told(struct db *, int64_t id, time_t now);
int	db_outbox_pending(struct db *, int *n);

/*
 * the quarantine (quarantine.c): a mail that failed too often, kept whole
 * for the operator beside its inbox row of outcome 'quarantined'.
 */
struct db_quarantine {
	int64_t		 id;
	int64_t		 inbox_id;
	uint32_t	 uidvalidity;	/* 0 with uid 0: not from IMAP */
	uint32_t	 uid;
	char		*message_id;	/* owned; NULL when the mail had none */
	char		*sender;	/* owned; NULL when it had none */
	char		*reason;	/* owned: the inbox's note; may be NULL */
	time_t		 received;
	size_t		 size;		/* bytes of the mail as it came */
	char		*raw;		/* owned, NUL-ended; NULL in _held */
	size_t		 len;		/* bytes kept in raw: < size when cut */
	time_t		 released;	/* 0 while held */
	int		 retries;	/* retries that failed */
	time_t		 last_retry;	/* 0: none */
	char		*last_error;	/* owned; NULL: none */
};

/* Keeps len of the size bytes of the mail of inbox row inbox_id. */
int	db_quarantine_add(struct db *, int64_t inbox_id, const char *raw,
	    size_t len, size_t size, time_t now);
/* One quarantined mail, held or released, with its text; DB_NONE: no id. */
int	db_quarantine_get(struct db *, int64_t id, struct db_quarantine *out);
/*
 * The mails held, newest first, each handed to cb without its text (raw
 * NULL; the row is borrowed for the call); a cb that returns non-zero
 * stops the walk.
 */
int	db_quarantine_held(struct db *,
	    int (*cb)(void *, const struct db_quarantine *), void *arg);
/*
 * Lifts the quarantine of a held mail (released = now) and says its inbox
 * row; DB_NONE when id is unknown or released already.
 */
int	db_quarantine_release(struct db *, int64_t id, time_t now,
	    int64_t *inbox_id);
/* A retry that failed: counted with its error; the mail stays held. */
int	db_quarantine_failed(struct db *, int64_t id, const char *err,
	    time_t now);
void	db_quarantine_clear(struct db_quarantine *);	/* frees the strings */

/* the phase clock (clock.c): see db/schema.sql, migration 2 */
#define DB_TZ_MAX	64

struct db_clock {
	int64_t		 game_id;
	int		 secs[3];	/* per enum game_phase_kind */
	int		 grace;
	char		 days[8];
	int		 at;
	char		 tz[DB_TZ_MAX];
	bool		 cd;
	int		 phase;		/* games.phase the times are about */
	int		 kind;		/* its enum game_phase_kind */
	time_t		 started, proposed, deadline, grace_end;
	time_t		 last_deadline, paused;
	int		 sent;		/* DB_SENT_* */
	int		 approve;	/* DB_APPROVE_* */
	int		 remind;	/* seconds before the deadline, 0 never */
};

#define DB_APPROVE_GM		0	/* the GM approves each proposal */
#define DB_APPROVE_AUTO		1	/* the proposal holds unless changed */

#define DB_SENT_LATE		0x1	/* deadline reminders */
#define DB_SENT_UNAPPROVED	0x2	/* the proposal passed unapproved */
#define DB_SENT_STUCK		0x4	/* cannot be processed without orders */
#define DB_SENT_HELD		0x8	/* after ROLLBACK: not processed early */
#define DB_SENT_GM_REMINDED	0x10	/* the GM was reminded to approve */
#define DB_SENT_REMINDED	0x20	/* incomplete powers reminded */

struct db_clock_seat {
	int		 seat;
	int		 wait_phase;	/* SET WAIT for this phase, or -1 */
	int		 error_phase;	/* last orders had errors, or -1 */
	bool		 cd;
};

struct db_absence {
	int64_t		 id;
	int		 seat;
	time_t		 from, to;
};

enum db_ext_status { DB_EXT_OPEN, DB_EXT_GRANTED, DB_EXT_REFUSED };

struct db_extension {
	int64_t		 id;
	int		 seat;
	int		 secs;
	time_t		 asked;
};

int	db_clock_get(struct db *, int64_t game_id, struct db_clock *out);
int	db_clock_put(struct db *, const struct db_clock *);
/* A game named by id and name, in a page of games. */
struct db_game_ref {
	int64_t		 id;
	char		 name[DB_NAME_MAX];
};
/*
 * The running games with a clock whose id is greater than after, in id
 * order, at most max into out[]: a page. Pass the last id of a page to get
 * the next; a page shorter than max is the last. A game whose stored name
 * does not fit DB_NAME_MAX comes with the name "" (and a log line), which
 * names no game.
 */
int	db_clock_games(struct db *, int64_t after, struct db_game_ref *out,
	    int max, int *n);
/*
 * A new phase row from..to of the same phase of play (RESIGN, a
 * take-over): the clock's row, the seats' WAIT and error marks and the
 * open EXTEND requests of phase from now belong to phase to.
 */
int	db_clock_carry(struct db *, int64_t game_id, int from, int to);
/* One row per seat that has one; seats without a row have no flags. */
int	db_clock_seats(struct db *, int64_t game_id, struct db_clock_seat *out,
	    int max, int *n);
int	db_clock_seat_put(struct db *, int64_t game_id,
	    const struct db_clock_seat *);
int	db_absence_add(struct db *, int64_t game_id, int seat, time_t from,
	    time_t to, time_t now);
int	db_absence_clear(struct db *, int64_t game_id, int seat);
/* Absences not over at now, of every seat. */
int	db_absences(struct db *, int64_t game_id, time_t now,
	    struct db_absence *out, int max, int *n);
int	db_extension_add(struct db *, int64_t game_id, int phase, int seat,
	    int secs, time_t now);
/* Open requests of the phase, oldest first. */
int	db_extensions_open(struct db *, int64_t game_id, int phase,
	    struct db_extension *out, int max, int *n);
int	db_extension_settle(struct db *, int64_t id, enum db_ext_status,
	    time_t now);
/* meta: DB_NONE when the key was never set. */
int	db_meta_get(struct db *, const char *key, int64_t *value);
int	db_meta_set(struct db *, const char *key, int64_t value);

/*
 * backup.c: a consistent copy of the store at path into the file dest,
 * made while the judge may be writing (SQLite's online backup API, a few
 * hundred pages a step), a single file with a rollback journal, checked
 * with PRAGMA integrity_check before it replaces dest. On failure dest is
 * as it was, why says what failed and nothing is left beside it. The live
 * store (or one of its journals) is never a destination.
 */
enum db_backup_status {
	DB_BACKUP_OK,
	DB_BACKUP_USAGE,	/* dest is the live store, or a directory */
	DB_BACKUP_NOSOURCE,	/* the store cannot be opened */
	DB_BACKUP_BUSY,		/* it stayed locked: try again */
	DB_BACKUP_CANTCREATE,	/* the copy cannot be created or renamed */
	DB_BACKUP_IOERR,	/* writing or syncing it failed */
	DB_BACKUP_DAMAGED	/* the copy fails PRAGMA integrity_check */
};

struct db_backup_info {
	int		 pages;		/* of the copy */
	int		 page_size;
	int		 schema;	/* its PRAGMA user_version, -1 unknown */
	int		 restarts;	/* writes that made the copy start over */
	char		 check[160];	/* "ok", or integrity_check's first lines */
};

enum db_backup_status db_backup(const char *path, const char *dest,
		    struct db_backup_info *out, char *why, size_t whylen);

/*
 * stats.c: what the operator's overview counts (judge/overview.c). Read
 * only. Texts are for showing: cut to their fields, control characters
 * as '?'.
 */
struct db_outbox_stats {
	int		 waiting;	/* neither sent nor refused for good */
	int		 failing;	/* ... of them tried and failed */
	int		 refused;	/* refused for good */
	int64_t		 sent;
	time_t		 oldest;	/* created: the oldest waiting, 0 none */
};

struct db_outbox_failing {
	int64_t		 id;
	char		 game[DB_NAME_MAX];	/* "" when of no game */
	char		 rcpt[DB_ADDR_MAX];
	int		 attempts;
	time_t		 created, next_try;
	char		 error[160];	/* the last failure, cut */
};

struct db_quarantine_stats {
	int		 held, released;
	int64_t		 newest_id;	/* the newest held mail, 0 none */
	time_t		 newest;	/* when it came */
	char		 sender[DB_ADDR_MAX];
	char		 reason[160];
};

int	db_stats_outbox(struct db *, struct db_outbox_stats *out);
/* The waiting mails that failed at least once, oldest first, at most max. */
int	db_stats_failing(struct db *, struct db_outbox_failing *out, int max,
	    int *n);
int	db_stats_quarantine(struct db *, struct db_quarantine_stats *out);
/* When the newest mail of the inbox was recorded; DB_NONE: none yet. */
int	db_stats_last_mail(struct db *, time_t *when);

/*
 * events (events.c): what an address or a seat did lately, for the
 * judge's limits. _count gives how many rows of kind for key are at or
 * after since, and the time of the oldest of them (0 when none).
 */
int	db_event_add(struct db *, const char *kind, const char *key, time_t at);
int	db_event_count(struct db *, const char *kind, const char *key,
	    time_t since, int *n, time_t *first);

#endif
