/*
 * db_priv.h - what the files of db/ share: the handle and its cache of
 * prepared statements. Not for use outside db/.
 */
#ifndef PBEMD_DB_PRIV_H
#define PBEMD_DB_PRIV_H

#include <sqlite3.h>

#include "db.h"

/* Every statement has a slot, prepared once on first use. */
enum db_stmt_id {
	DBS_PERSON_LANG, DBS_PERSON_SET,
	DBS_GAME_GET, DBS_GAME_INSERT, DBS_GAME_UPDATE, DBS_GAME_EACH,
	DBS_PLAYERS, DBS_PLAYER_INSERT, DBS_PLAYER_RESIGN, DBS_LAST_MATCH,
	DBS_PHASE_INSERT, DBS_PHASE_STATE, DBS_ORDER_PUT, DBS_ORDERS,
	DBS_INBOX_UID, DBS_INBOX_MSGID, DBS_INBOX_INSERT,
	DBS_FAILURE_BUMP, DBS_FAILURE_GET, DBS_FAILURE_CLEAR,
	DBS_OUTBOX_ADD, DBS_OUTBOX_DUE, DBS_OUTBOX_SENT, DBS_OUTBOX_RETRY,
	DBS_OUTBOX_FAILED, DBS_OUTBOX_NEXT, DBS_OUTBOX_PENDING,
	DBS_OUTBOX_MESSAGE, DBS_OUTBOX_PART_PUT, DBS_OUTBOX_PART_ID,
	DBS_OUTBOX_STATE_ADD, DBS_OUTBOX_MESSAGE_ADD,
	DBS_PLAYER_PREFS, DBS_PLAYER_EJECT, DBS_PLAYER_DELETE,
	DBS_PLAYER_SHIFT, DBS_PLAYER_MOVE, DBS_PLAYER_REPLACE,
	DBS_ORDERS_CLEAR, DBS_ORDERS_BY_GM, DBS_TAKEOVER_DROP,
	DBS_TAKEOVER_ADD, DBS_TAKEOVERS_PENDING, DBS_TAKEOVER_DECIDE,
	DBS_SEAT_CHANGES, DBS_PRESS_INSERT, DBS_PRESS_BROADCASTS,
	DBS_CLOCK_GET, DBS_CLOCK_PUT, DBS_CLOCK_GAMES, DBS_CLOCK_SEATS,
	DBS_CLOCK_SEAT_PUT, DBS_ABSENCE_ADD, DBS_ABSENCE_CLEAR, DBS_ABSENCES,
	DBS_EXT_ADD, DBS_EXT_OPEN, DBS_EXT_SETTLE, DBS_META_GET, DBS_META_SET,
	DBS_ORDERS_COPY,
	DBS_MATCH_RESULTS,
	DBS_FAILURE_UNBUMP,
	DBS_CARRY_CLOCK, DBS_CARRY_WAIT, DBS_CARRY_ERROR, DBS_CARRY_EXT,
	DBS_ADDRESS_DROP, DBS_ADDRESS_DROP_PLAYERS, DBS_ADDRESS_ADD,
	DBS_ADDRESS_OPEN, DBS_ADDRESS_SETTLE, DBS_PLAYER_SET_ADDRESS,
	DBS_PLAYER_SET_PASSWORD, DBS_GAME_SET_GM,
	DBS_EVENT_PRUNE, DBS_EVENT_ADD, DBS_EVENT_COUNT, DBS_ADDRESS_KNOWN,
	DBS_OUTBOX_UNTOLD, DBS_OUTBOX_REFUSED, DBS_OUTBOX_TOLD,
	DBS_INBOX_SETTLE, DBS_QUARANTINE_ADD, DBS_QUARANTINE_GET,
	DBS_QUARANTINE_HELD, DBS_QUARANTINE_RELEASE, DBS_QUARANTINE_FAILED,
	DBS_OBSERVER_ADD, DBS_OBSERVER_DROP, DBS_OBSERVERS,
	DBS_COUNT
};

struct db {
	sqlite3		*h;
	sqlite3_stmt	*stmt[DBS_COUNT];
	int		 fault;		/* SQLite's code of the last failure */
};

/* Prepared, reset and cleared statement for id; NULL on error (logged). */
sqlite3_stmt	*db_stmt(struct db *, enum db_stmt_id, const char *sql);
/* Logs the handle's error for what and returns DB_ERR. */
int		 db_fail(struct db *, const char *what);
/*
 * Copies a text column into a fixed buffer. DB_ERR (logged) when it does
 * not fit: the store holds what pbemd never writes (db.h), and a cut
 * address or order must not pass for the real one.
 */
int		 db_col_text(sqlite3_stmt *, int col, char *out, size_t outlen);
/* Runs a statement that returns no rows. */
int		 db_step_done(struct db *, sqlite3_stmt *, const char *what);
/* db_backup() from an open connection (db_open()'s copy before a
 * migration); path is the store src has open. */
enum db_backup_status db_backup_handle(sqlite3 *src, const char *path,
		    const char *dest, struct db_backup_info *out, char *why,
		    size_t whylen);

#endif
