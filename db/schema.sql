-- db/schema.sql - pbemd's SQLite schema as numbered migrations.
--
-- Each block starts with a line "-- migration N". db_open() applies, in one
-- transaction each, every block whose N is above PRAGMA user_version and then
-- sets user_version to N. A database newer than the binary is refused.
-- History is never overwritten: a game's states are rows of phases, one per
-- move or phase; mail in and out are rows of inbox and outbox.

-- migration 1
CREATE TABLE people (
	address		TEXT PRIMARY KEY COLLATE NOCASE,
	lang		TEXT NOT NULL DEFAULT 'en',
	created		INTEGER NOT NULL
);

CREATE TABLE games (
	id		INTEGER PRIMARY KEY,
	name		TEXT NOT NULL UNIQUE COLLATE NOCASE,
	kind		TEXT NOT NULL,
	options		TEXT NOT NULL DEFAULT '',
	seed		INTEGER NOT NULL,
	gm_address	TEXT NOT NULL COLLATE NOCASE,
	gm_pwhash	TEXT NOT NULL,
	status		TEXT NOT NULL CHECK (status IN ('forming', 'running', 'over', 'halted')),
	phase		INTEGER NOT NULL DEFAULT 0,
	first_seat	INTEGER,
	winner		INTEGER,	-- a seat, or -2 for a draw
	created		INTEGER NOT NULL,
	halted_reason	TEXT
);

CREATE TABLE players (
	game_id		INTEGER NOT NULL REFERENCES games(id),
	seat		INTEGER NOT NULL,
	address		TEXT NOT NULL COLLATE NOCASE,
	pwhash		TEXT NOT NULL,
	status		TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'resigned')),
	joined		INTEGER NOT NULL,
	PRIMARY KEY (game_id, seat)
);
CREATE INDEX players_address ON players(address);

CREATE TABLE phases (
	game_id		INTEGER NOT NULL REFERENCES games(id),
	no		INTEGER NOT NULL,
	state		TEXT NOT NULL,
	created		INTEGER NOT NULL,
	inbox_id	INTEGER,		-- the mail that made this phase
	PRIMARY KEY (game_id, no)
);

CREATE TABLE orders (
	game_id		INTEGER NOT NULL REFERENCES games(id),
	phase		INTEGER NOT NULL,
	seat		INTEGER NOT NULL,
	slot		TEXT NOT NULL,
	text		TEXT NOT NULL,
	inbox_id	INTEGER,
	PRIMARY KEY (game_id, phase, seat, slot)
);

CREATE TABLE inbox (
	id		INTEGER PRIMARY KEY,
	uidvalidity	INTEGER,		-- NULL for mail from `pbemd deliver`
	uid		INTEGER,
	message_id	TEXT,
	sender		TEXT,
	received	INTEGER NOT NULL,
	outcome		TEXT NOT NULL CHECK (outcome IN ('handled', 'robot', 'duplicate', 'quarantined')),
	note		TEXT
);
CREATE UNIQUE INDEX inbox_uid ON inbox(uidvalidity, uid) WHERE uid IS NOT NULL;
CREATE INDEX inbox_message_id ON inbox(message_id) WHERE message_id IS NOT NULL;

-- Failed attempts at one mail, written outside the mail's own transaction so
-- that a mail that keeps failing is set aside instead of retried forever.
CREATE TABLE failures (
	mail_key	TEXT PRIMARY KEY,
	count		INTEGER NOT NULL,
	last_error	TEXT,
	last_time	INTEGER NOT NULL
);

CREATE TABLE outbox (
	id		INTEGER PRIMARY KEY,
	inbox_id	INTEGER,
	game_id		INTEGER,
	rcpt		TEXT NOT NULL,
	message		BLOB NOT NULL,		-- the finished RFC 5322 text
	created		INTEGER NOT NULL,
	attempts	INTEGER NOT NULL DEFAULT 0,
	next_try	INTEGER NOT NULL,
	sent		INTEGER,		-- when the SMTP server accepted it
	failed		INTEGER,		-- when it was refused for good
	last_error	TEXT
);
CREATE INDEX outbox_due ON outbox(next_try) WHERE sent IS NULL AND failed IS NULL;

-- migration 2
-- Seven-seat games (adjudicator/judge_lobby.c): before the start a player's
-- seat is only his place in the queue; prefs lists the seats he wants
-- ("3,1,4"), assigned the one the GM gave him (-1: none). A seat can be
-- emptied by the GM (ejected) and taken over by someone the GM approves.
CREATE TABLE players_v2 (
	game_id		INTEGER NOT NULL REFERENCES games(id),
	seat		INTEGER NOT NULL,
	address		TEXT NOT NULL COLLATE NOCASE,
	pwhash		TEXT NOT NULL,
	status		TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'resigned', 'ejected')),
	joined		INTEGER NOT NULL,
	prefs		TEXT NOT NULL DEFAULT '',
	assigned	INTEGER NOT NULL DEFAULT -1,
	PRIMARY KEY (game_id, seat)
);
INSERT INTO players_v2(game_id, seat, address, pwhash, status, joined)
	SELECT game_id, seat, address, pwhash, status, joined FROM players;
DROP TABLE players;
ALTER TABLE players_v2 RENAME TO players;
CREATE INDEX players_address ON players(address);

-- Orders the GM gave for a power (BECOME) are marked in the history.
ALTER TABLE orders ADD COLUMN by_gm INTEGER NOT NULL DEFAULT 0;

-- Requests to take over an empty seat, decided by the GM.
CREATE TABLE takeovers (
	id		INTEGER PRIMARY KEY,
	game_id		INTEGER NOT NULL REFERENCES games(id),
	seat		INTEGER NOT NULL,
	address		TEXT NOT NULL COLLATE NOCASE,
	pwhash		TEXT NOT NULL,
	status		TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'refused')),
	requested	INTEGER NOT NULL,
	decided		INTEGER,
	phase		INTEGER,		-- the game's phase when approved
	old_address	TEXT			-- who held the seat before
);
CREATE INDEX takeovers_game ON takeovers(game_id, seat);

-- Press between the players of a game. from_seat -1 is the GM; to_seats
-- lists the recipients' seats ("1,4"), empty for a broadcast.
CREATE TABLE press (
	id		INTEGER PRIMARY KEY,
	game_id		INTEGER NOT NULL REFERENCES games(id),
	phase		INTEGER NOT NULL,
	from_seat	INTEGER NOT NULL,
	anonymous	INTEGER NOT NULL DEFAULT 0,
	broadcast	INTEGER NOT NULL DEFAULT 0,
	to_seats	TEXT NOT NULL DEFAULT '',
	body		TEXT NOT NULL,
	inbox_id	INTEGER,
	created		INTEGER NOT NULL
);
CREATE INDEX press_game ON press(game_id, phase);

-- migration 3
-- The phase clock (adjudicator/judge_clock.c, judge_tick.c). A game created
-- with clock options has one row in clocks; a game without one has no
-- deadlines and adjudicates when its orders are ready. Times are seconds
-- since the epoch; 0 means "none". What the tick has announced in a phase is
-- recorded in clocks.sent in the transaction that queued the mail, so a crash
-- neither skips nor repeats an announcement.
CREATE TABLE clocks (
	game_id		INTEGER PRIMARY KEY REFERENCES games(id),
	move		INTEGER NOT NULL,	-- seconds per phase kind
	retreat		INTEGER NOT NULL,
	adjust		INTEGER NOT NULL,
	grace		INTEGER NOT NULL,	-- seconds after the deadline
	days		TEXT NOT NULL,		-- SMTWTFS: '-' never, lower case from noon
	at		INTEGER NOT NULL,	-- minute of the day, -1 any
	tz		TEXT NOT NULL,
	cd		INTEGER NOT NULL,	-- late powers go into civil disorder
	phase		INTEGER NOT NULL DEFAULT -1,	-- the games.phase the rest is about
	kind		INTEGER NOT NULL DEFAULT 0,	-- its kind: 0 movement, 1 retreat, 2 adjustment
	started		INTEGER NOT NULL DEFAULT 0,	-- when that phase began
	proposed	INTEGER NOT NULL DEFAULT 0,	-- the judge's proposal
	deadline	INTEGER NOT NULL DEFAULT 0,	-- approved by the GM
	grace_end	INTEGER NOT NULL DEFAULT 0,
	last_deadline	INTEGER NOT NULL DEFAULT 0,	-- the previous phase's
	paused		INTEGER NOT NULL DEFAULT 0,	-- since when
	sent		INTEGER NOT NULL DEFAULT 0	-- notices of this phase (bits)
);

-- Per seat: SET WAIT and an order error hold for one phase (the number
-- stored); civil disorder until the player signs on again.
CREATE TABLE clock_seats (
	game_id		INTEGER NOT NULL REFERENCES games(id),
	seat		INTEGER NOT NULL,
	wait_phase	INTEGER NOT NULL DEFAULT -1,
	error_phase	INTEGER NOT NULL DEFAULT -1,
	cd		INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (game_id, seat)
);

CREATE TABLE absences (
	id		INTEGER PRIMARY KEY,
	game_id		INTEGER NOT NULL REFERENCES games(id),
	seat		INTEGER NOT NULL,
	away_from	INTEGER NOT NULL,	-- first second
	away_to		INTEGER NOT NULL,	-- last second
	created		INTEGER NOT NULL
);
CREATE INDEX absences_game ON absences(game_id, seat);

CREATE TABLE extensions (
	id		INTEGER PRIMARY KEY,
	game_id		INTEGER NOT NULL REFERENCES games(id),
	phase		INTEGER NOT NULL,
	seat		INTEGER NOT NULL,
	secs		INTEGER NOT NULL,
	asked		INTEGER NOT NULL,
	status		TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'granted', 'refused')),
	settled		INTEGER
);
CREATE INDEX extensions_game ON extensions(game_id, phase);

-- The judge's own small facts, e.g. its heartbeat (the last time it ran).
CREATE TABLE meta (
	key		TEXT PRIMARY KEY,
	value		INTEGER NOT NULL
);

-- migration 4
-- A Diplomacy game that never stalls (issue 12). approve: 0 the GM approves
-- the judge's proposal (approve=gm), 1 the proposal holds unless the GM
-- changes it (approve=auto). remind: seconds before the deadline at which a
-- power whose orders are not complete is reminded (0: never).
ALTER TABLE clocks ADD COLUMN approve INTEGER NOT NULL DEFAULT 0;
ALTER TABLE clocks ADD COLUMN remind INTEGER NOT NULL DEFAULT 86400;

-- SET ADDRESS: the new address holds once a code mailed to it comes back
-- (CONFIRM ADDRESS <game> <code>); until then the old one stays the
-- player's. code holds the code's hash, never the code.
CREATE TABLE address_changes (
	id		INTEGER PRIMARY KEY,
	game_id		INTEGER NOT NULL REFERENCES games(id),
	seat		INTEGER NOT NULL,	-- -1: the game master
	address		TEXT NOT NULL COLLATE NOCASE,	-- the new one
	code		TEXT NOT NULL,
	requested	INTEGER NOT NULL,
	status		TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'dropped'))
);
CREATE INDEX address_changes_game ON address_changes(game_id, seat);

-- migration 5
-- Safe on the open internet (issue 13): what one address or one seat did
-- lately, counted for the judge's limits (judge/limits.c): refused
-- sign-ons, games created, seats asked for, replies sent. kind names the
-- limit, key the address or "<game id>:<seat>"; rows older than a day are
-- dropped as new ones come.
CREATE TABLE events (
	kind		TEXT NOT NULL,
	key		TEXT NOT NULL COLLATE NOCASE,
	at		INTEGER NOT NULL
);
CREATE INDEX events_key ON events(kind, key, at);
CREATE INDEX events_at ON events(at);

-- A mail of a game the SMTP server refused for good is told to the GM
-- once (judge/undelivered.c); told is when. Rows refused before this
-- version of the schema count as told: they are old news.
ALTER TABLE outbox ADD COLUMN told INTEGER;
UPDATE outbox SET told = failed WHERE failed IS NOT NULL;

-- migration 6
-- A quarantined mail kept whole for the operator (`pbemd quarantine`): a
-- mail from `pbemd deliver` exists nowhere else. inbox_id is the mail's row
-- of outcome 'quarantined' (its sender, Message-ID, time and reason); raw
-- holds the mail as it came, up to the size serve and deliver take whole
-- (64 MB), size the mail's bytes: more than raw holds only when a larger
-- one came by IMAP and was cut. released is when the operator's retry
-- handled it (the inbox row then says what came of it); a retry that failed
-- leaves the mail held, counted with its error.
CREATE TABLE quarantine (
	id		INTEGER PRIMARY KEY,
	inbox_id	INTEGER NOT NULL UNIQUE REFERENCES inbox(id),
	raw		BLOB NOT NULL,
	size		INTEGER NOT NULL,
	created		INTEGER NOT NULL,
	released	INTEGER,
	retries		INTEGER NOT NULL DEFAULT 0,
	last_retry	INTEGER,
	last_error	TEXT
);

-- migration 7
-- Observers (issue 16): an address that sent OBSERVE <game> gets the
-- game's public reports, announcements and broadcasts, never private press
-- (judge/observers.c); UNOBSERVE or SIGNOFF <game> ends it. since is when it
-- began. The GM forbids it with the CREATE option observers=no.
CREATE TABLE observers (
	game_id		INTEGER NOT NULL REFERENCES games(id),
	address		TEXT NOT NULL COLLATE NOCASE,
	since		INTEGER NOT NULL,
	PRIMARY KEY (game_id, address)
);

-- migration 8
-- Marking a mail sent rewrote its whole row, the finished message and its
-- picture (28 KB a mail on the bench), in every commit (issue 18): the
-- message has a table of its own now, written once, and the state of each
-- mail one of small rows, which the outbox updates (db/mail.c). outbox
-- stays, as a view with the columns it had, for reading and for the
-- operator's sqlite3; its triggers write an INSERT or UPDATE through to
-- the two tables, each statement as one.
CREATE TABLE outbox_state (
	id		INTEGER PRIMARY KEY,
	inbox_id	INTEGER,
	game_id		INTEGER,
	rcpt		TEXT NOT NULL,
	created		INTEGER NOT NULL,
	attempts	INTEGER NOT NULL DEFAULT 0,
	next_try	INTEGER NOT NULL,
	sent		INTEGER,		-- when the SMTP server accepted it
	failed		INTEGER,		-- when it was refused for good
	last_error	TEXT,
	told		INTEGER
);
CREATE TABLE outbox_message (
	id		INTEGER PRIMARY KEY REFERENCES outbox_state(id),
	message		BLOB NOT NULL		-- the finished RFC 5322 text
);
INSERT INTO outbox_state SELECT id, inbox_id, game_id, rcpt, created,
	attempts, next_try, sent, failed, last_error, told FROM outbox;
INSERT INTO outbox_message SELECT id, message FROM outbox;
DROP TABLE outbox;
CREATE INDEX outbox_due ON outbox_state(next_try)
	WHERE sent IS NULL AND failed IS NULL;
CREATE VIEW outbox AS SELECT s.id, s.inbox_id, s.game_id, s.rcpt, m.message,
	s.created, s.attempts, s.next_try, s.sent, s.failed, s.last_error,
	s.told FROM outbox_state s LEFT JOIN outbox_message m ON m.id = s.id;
CREATE TRIGGER outbox_insert INSTEAD OF INSERT ON outbox BEGIN
	INSERT INTO outbox_state(id, inbox_id, game_id, rcpt, created,
	    attempts, next_try, sent, failed, last_error, told) VALUES (NEW.id,
	    NEW.inbox_id, NEW.game_id, NEW.rcpt, NEW.created,
	    coalesce(NEW.attempts, 0), NEW.next_try, NEW.sent, NEW.failed,
	    NEW.last_error, NEW.told);
	INSERT INTO outbox_message(id, message) VALUES (last_insert_rowid(),
	    NEW.message);
END;
CREATE TRIGGER outbox_update INSTEAD OF UPDATE ON outbox BEGIN
	UPDATE outbox_state SET inbox_id = NEW.inbox_id, game_id = NEW.game_id,
	    rcpt = NEW.rcpt, created = NEW.created, attempts = NEW.attempts,
	    next_try = NEW.next_try, sent = NEW.sent, failed = NEW.failed,
	    last_error = NEW.last_error, told = NEW.told WHERE id = OLD.id;
	UPDATE outbox_message SET message = NEW.message
	    WHERE id = OLD.id AND message IS NOT NEW.message;
END;

-- migration 9
-- A phase's results map goes to every player and the GM: each mail held
-- the same picture, some 110 KB of base64, written to the disk again for
-- each reader (issue 18). A picture's base64 lines are now kept once in
-- outbox_part, found by their BLAKE2b hash; a message holds its text
-- without them and the byte where they go (part_at). The view outbox
-- puts them back, so whoever reads it sees every message whole, as
-- before; a message written through the view is kept whole.
CREATE TABLE outbox_part (
	id		INTEGER PRIMARY KEY,
	hash		BLOB NOT NULL UNIQUE,	-- BLAKE2b-256 of data
	data		BLOB NOT NULL
);
ALTER TABLE outbox_message ADD COLUMN part INTEGER
	REFERENCES outbox_part(id);
ALTER TABLE outbox_message ADD COLUMN part_at INTEGER;
DROP VIEW outbox;
CREATE VIEW outbox AS SELECT s.id, s.inbox_id, s.game_id, s.rcpt,
	CASE WHEN m.part IS NULL THEN m.message ELSE
	    CAST(substr(m.message, 1, m.part_at) || p.data ||
	    substr(m.message, m.part_at + 1) AS BLOB) END AS message,
	s.created, s.attempts, s.next_try, s.sent, s.failed, s.last_error,
	s.told FROM outbox_state s LEFT JOIN outbox_message m ON m.id = s.id
	LEFT JOIN outbox_part p ON p.id = m.part;
CREATE TRIGGER outbox_insert INSTEAD OF INSERT ON outbox BEGIN
	INSERT INTO outbox_state(id, inbox_id, game_id, rcpt, created,
	    attempts, next_try, sent, failed, last_error, told) VALUES (NEW.id,
	    NEW.inbox_id, NEW.game_id, NEW.rcpt, NEW.created,
	    coalesce(NEW.attempts, 0), NEW.next_try, NEW.sent, NEW.failed,
	    NEW.last_error, NEW.told);
	INSERT INTO outbox_message(id, message) VALUES (last_insert_rowid(),
	    NEW.message);
END;
CREATE TRIGGER outbox_update INSTEAD OF UPDATE ON outbox BEGIN
	UPDATE outbox_state SET inbox_id = NEW.inbox_id, game_id = NEW.game_id,
	    rcpt = NEW.rcpt, created = NEW.created, attempts = NEW.attempts,
	    next_try = NEW.next_try, sent = NEW.sent, failed = NEW.failed,
	    last_error = NEW.last_error, told = NEW.told WHERE id = OLD.id;
	UPDATE outbox_message SET message = NEW.message, part = NULL,
	    part_at = NULL WHERE id = OLD.id AND NEW.message IS NOT OLD.message;
END;
