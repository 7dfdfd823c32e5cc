#!/usr/bin/env bash
# tests/e2e/test_crash.sh - crash safety of `pbemd serve` on a real Dovecot + Exim.
#
# Sets up CRASH_GAMES Blind-Fun weekeewachee games (one GM, two players of their
# own each), then stops the daemon and saves CRASH_GAMES * CRASH_PLIES move mails
# straight into the judge's INBOX (doveadm save: ply 1 of every game, then ply
# 2, and so on). Then it starts the daemon and kill -9s it at random
# moments, again and again: first while it handles the batch with the SMTP
# server out of reach (every reply waits in the outbox), then while it sends
# them, until every mail is handled and every reply sent; then one clean
# run. Afterwards:
#   - every move mail is recorded exactly once, as handled, and made exactly the
#     phase it should (phase 1+k of its game came from its k-th move mail),
#   - every game stands at its last move, no reply says ERROR, each move mail
#     queued exactly its three mails (reply, opponent, GM),
#   - every outbox row was sent, and each one is in its recipient's mailbox at
#     least once (by Message-ID), and no more than one extra copy per kill.
# Every game plays only quiet moves inside its own half of the board along a
# walk that never repeats a position, so a lost move leaves its game short (and
# the next move by the same seat is refused as "not your turn"), and a move
# applied twice is refused the same way or leaves a second inbox row.
# Prints PASS/FAIL lines and "N passed, M failed". Needs root, sqlite3 and the
# packages of scripts/deps.sh.
set -uo pipefail

NG=${CRASH_GAMES:-20}		# games, two players each
PLIES=${CRASH_PLIES:-16}	# move mails per game (at most 2 * ${#WALK[@]})
MAXKILLS=${CRASH_KILLS:-60}	# kill -9 rounds at most, then one clean run

users="judge gm"
for ((i = 1; i <= 2 * NG; i++)); do users+=$(printf ' p%02d' "$i"); done
E2E_USERS=$users
E2E_POLL=1
# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"

# White's walk inside ranks 1-3, one king step onto an empty square per move; no
# set of four squares occurs twice, so with Black's mirrored walk (inside ranks
# 4-6) no position of the game ever repeats and no piece ever meets another.
WALK=(a1-a2 b1-b2 c1-c2 d1-d2 a2-a3 b2-b3 c2-c3 d2-d3 a3-a2 a2-b2 b2-c2 c2-d2
	d2-d1 d1-c1 c1-b1 b1-a1 b3-a3 a1-a2 a2-b2 b2-c2 c2-d2 d2-d1 d1-c1 c1-b1
	a3-a2 b1-b2 a2-a1 a1-b1 b1-c2 b2-a2)
mirror() { sed 'y/123456/654321/' <<<"$1"; }

for t in sqlite3 doveadm; do
	command -v $t >/dev/null || { echo "test_crash: $t missing"; echo "0 passed, 1 failed"; exit 1; }
done
[[ -x $PBEMD ]] || { echo "test_crash: $PBEMD not built"; echo "0 passed, 1 failed"; exit 1; }
stack_up || { echo "test_crash: could not start the mail stack"; echo "0 passed, 1 failed"; exit 1; }
DOVEADM=(doveadm -c "$MAILSTACK_DOVECOT_CONF")
DB=$DIR/pbemd.db
q() { sqlite3 -batch -noheader "$DB" "$@"; }
mkdir -p "$DIR/in"

# eml FILE FROM-USER MSGID BODY: a plain mail as a client writes it.
eml() {
	printf 'From: %s <%s@%s>\r\nTo: judge@%s\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%s@%s>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n%s\r\n' \
		"$2" "$2" "$MAILSTACK_DOMAIN" "$MAILSTACK_DOMAIN" "$3" "$(date -R)" "$3" \
		"$MAILSTACK_DOMAIN" "${4//$'\n'/$'\r\n'}" >"$1"
}
save() { "${DOVEADM[@]}" save -u judge <"$1"; }
# wait_sql SECONDS SQL WANT: until the query prints WANT.
sql_is() { [[ $(q "$1" 2>/dev/null) == "$2" ]]; }
wait_sql() { until_ok "$1" sql_is "$2" "$3"; }
# The whole batch, handled and sent, takes minutes on a busy machine.
BULK_WAIT=$((3 * E2E_WAIT))
game() { printf 'g%02d' "$1"; }
white() { printf 'p%02d' $((2 * $1 - 1)); }
black() { printf 'p%02d' $((2 * $1)); }

# ---- setup with the daemon running normally: CREATE, then both JOINs, in UID order
# (one kind at a time: the daemon's Dovecot session may number mails saved
# while it syncs out of their order). One GM creates every game: more
# than the hourly limit a club needs (limits.c), so the operator raises it.
pbemd_conf "$DIR/pbemd.ini" "creates_per_hour = 1000"
pbemd_up
for ((g = 1; g <= NG; g++)); do
	eml "$DIR/in/c$g" gm "create.$g" "CREATE $(game $g) weekeewachee blind"
	save "$DIR/in/c$g"
done
wait_sql "$E2E_WAIT" "SELECT count(*) FROM games" "$NG"
for side in white black; do
	for ((g = 1; g <= NG; g++)); do
		p=$($side $g)
		eml "$DIR/in/j$g$side" "$p" "join.$g.$side" "JOIN $(game $g) secret-$p"
		save "$DIR/in/j$g$side"
	done
	wait_sql "$E2E_WAIT" "SELECT count(*) FROM inbox WHERE message_id LIKE 'join.%.$side@%'" "$NG"
done
check "setup: $NG games created and joined" \
	wait_sql "$E2E_WAIT" "SELECT count(*) FROM games WHERE status = 'running' AND phase = 1" "$NG"
check "setup: replies sent" wait_sql "$E2E_WAIT" "SELECT count(*) FROM outbox WHERE sent IS NULL" 0
pbemd_down
check "setup: seat 0 is the first to join" \
	test "$(q "SELECT count(*) FROM players p JOIN games g ON g.id = p.game_id
		WHERE p.address = printf('p%02d@$MAILSTACK_DOMAIN', 2 * substr(g.name, 2) - 1 + p.seat)")" \
	-eq $((2 * NG))
setup_outbox=$(q "SELECT count(*) FROM outbox")

# ---- the batch: PLIES move mails per game, saved while the daemon is down, ply
# by ply over all games by one process: concurrent saves into one Maildir do
# not keep the order of UIDs.
declare -a FIRST
for ((g = 1; g <= NG; g++)); do
	FIRST[g]=$(q "SELECT first_seat FROM games WHERE name = '$(game $g)'")
	[[ ${FIRST[g]} == [01] ]] || { ko "game $(game $g): no first mover"; FIRST[g]=0; }
done
for ((k = 1; k <= PLIES; k++)); do
	for ((g = 1; g <= NG; g++)); do
		# ply k is move (k-1)/2 (rounded down) of the seat to move
		seat=$(((FIRST[g] + k - 1) % 2)) n=$(((k - 1) / 2))
		if ((seat == 0)); then p=$(white $g) mv=${WALK[n]}; else p=$(black $g) mv=$(mirror "${WALK[n]}"); fi
		f=$DIR/in/m.$g.$k
		eml "$f" "$p" "move.$g.$k" "SIGNON $(game $g) secret-$p
$mv"
		save "$f"
	done
done
N=$((NG * PLIES))
# Not yet processed: without the judge's keyword (the setup's mails have it).
check "batch: $N move mails in the INBOX" \
	test "$("${DOVEADM[@]}" search -u judge mailbox INBOX unkeyword '$PbemdDone' | wc -l)" -eq "$N"

# ---- kill -9 at random moments until everything is handled and sent
# The judge cannot tell a kill from a crash the mail in hand caused, so each
# kill counts one failed attempt for that mail; on a loaded machine a slow
# start can let three kills land on the same one. This test is about
# exactly-once, not about quarantine (test_resilience.sh): allow more.
# Two phases, so that both are hit many times: intake with the SMTP server
# out of reach (every reply waits in the outbox), then sending.
moves_done() { q "SELECT count(*) FROM inbox WHERE message_id LIKE 'move.%'"; }
unsent() { q "SELECT count(*) FROM outbox WHERE sent IS NULL AND failed IS NULL"; }
sent() { q "SELECT count(*) FROM outbox WHERE sent IS NOT NULL"; }
pause_ms() { sleep "$(($1 / 1000)).$(printf '%03d' $(($1 % 1000)))"; }
kill_now() {
	kill -9 "$PBEMD_PID" 2>/dev/null
	wait "$PBEMD_PID" 2>/dev/null
	PBEMD_PID=
	kills=$((kills + 1))
}
kills=0 mid_mail=0 mid_send=0 t0=$SECONDS
pbemd_conf "$DIR/pbemd.ini" "max_failures = 20" "creates_per_hour = 1000"
sed -i "s|^url = smtp://127.0.0.1:$MAILSTACK_SMTP_PORT|url = smtp://127.0.0.1:1|" "$DIR/pbemd.ini"
# Each kill is timed from the daemon's IMAP login, which a busy machine may
# take long to reach (the kill may still find the daemon at its start when
# the login is not seen).
up_and_in() {
	local lines
	lines=$(log_lines)
	pbemd_up
	wait_log "imap: connected" "$lines"
}
while ((kills < MAXKILLS)) && (($(moves_done) < N)); do
	before=$(moves_done)
	up_and_in
	pause_ms $((RANDOM % 280))	# ~3 ms a mail
	kill_now
	after=$(moves_done)
	((after > before && after < N)) && mid_mail=$((mid_mail + 1))
done
# What the kills left of the batch is handled by one clean run, still
# without the server (a busy machine restarts slowly: the kills may not get
# through it all); then only sending is left.
if (($(moves_done) < N)); then
	pbemd_up
	wait_sql "$BULK_WAIT" "SELECT count(*) FROM inbox WHERE message_id LIKE 'move.%'" "$N"
	pbemd_down
fi
# The server is back. The rows whose attempt met the closed port wait out
# their backoff; make them due now, as they would be a while later.
pbemd_conf "$DIR/pbemd.ini" "max_failures = 20" "creates_per_hour = 1000"
q "UPDATE outbox SET next_try = 0 WHERE sent IS NULL AND failed IS NULL"
sending() { (($(sent) > $1)); }
while ((kills < 2 * MAXKILLS)); do
	sent_before=$(sent)
	(($(unsent) == 0)) && break
	up_and_in
	# Killed 0-300 ms after the first mail of this run went out (its
	# clock step may take a while on a busy machine).
	until_ok "$E2E_WAIT" sending "$sent_before"
	pause_ms $((RANDOM % 300))
	kill_now
	(($(sent) > sent_before)) && (($(unsent) > 0)) && mid_send=$((mid_send + 1))
done
echo "kill -9: $kills times in $((SECONDS - t0)) s ($mid_mail in the middle of the batch," \
	"$mid_send in the middle of sending)"
# One clean run to finish whatever is left, then SIGTERM (once it has set up
# its signal handlers, which it says in the log).
pbemd_up
wait_log "serve: started pid=$PBEMD_PID "
wait_sql "$BULK_WAIT" "SELECT count(*) FROM inbox WHERE message_id LIKE 'move.%'" "$N"
wait_sql "$BULK_WAIT" "SELECT count(*) FROM outbox WHERE sent IS NULL AND failed IS NULL" 0
check "daemon stops cleanly after the crashes" pbemd_down
check "killed at least 3 times with the batch half done" test "$mid_mail" -ge 3
check "killed at least 3 times in the middle of sending" test "$mid_send" -ge 3

# ---- exactly once
check "every move mail recorded exactly once" \
	test "$(q "SELECT count(DISTINCT message_id) || ' ' || count(*) FROM inbox
		WHERE message_id LIKE 'move.%'")" == "$N $N"
bad=$(q "SELECT message_id || ': ' || outcome || coalesce(' ' || note, '') FROM inbox
	WHERE message_id LIKE 'move.%' AND outcome <> 'handled'")
check "every move mail handled (none quarantined or duplicate)" test -z "$bad"
[[ -n $bad ]] && { echo "$(grep -c . <<<"$bad") of $N not handled, e.g.:"; head -5 <<<"$bad"; }
check "no mail left in failures" test "$(q "SELECT count(*) FROM failures")" -eq 0
check "every game at its last move" \
	test "$(q "SELECT count(*) FROM games WHERE status = 'running' AND phase = 1 + $PLIES")" -eq "$NG"
check "each phase made by its own move mail, in order" \
	test "$(q "SELECT count(*) FROM phases p JOIN games g ON g.id = p.game_id
		JOIN inbox i ON i.id = p.inbox_id
		WHERE p.no >= 2 AND i.message_id = printf('move.%d.%d@$MAILSTACK_DOMAIN',
			0 + substr(g.name, 2), p.no - 1)")" -eq "$N"
check "phases: exactly 2 + $PLIES per game" \
	test "$(q "SELECT count(*) FROM phases")" -eq $((NG * (PLIES + 2)))
errs=$(q "SELECT count(*) FROM outbox WHERE instr(CAST(message AS TEXT), 'ERROR') > 0")
check "no reply says ERROR ($errs do)" test "$errs" -eq 0
check "each move mail queued exactly 3 mails" \
	test "$(q "SELECT count(*) FROM (SELECT i.id, count(o.id) n FROM inbox i
		LEFT JOIN outbox o ON o.inbox_id = i.id WHERE i.message_id LIKE 'move.%'
		GROUP BY i.id) WHERE n = 3")" -eq "$N"
check "outbox: $setup_outbox + 3 * $N rows" \
	test "$(q "SELECT count(*) FROM outbox")" -eq $((setup_outbox + 3 * N))

# ---- at least once
check "every outbox row sent" test "$(q "SELECT count(*) FROM outbox WHERE sent IS NULL")" -eq 0
# Expected: each recipient's Message-IDs from the outbox; delivered: from its mailbox.
q "SELECT substr(rcpt, 1, instr(rcpt, '@') - 1) || ' ' ||
	substr(m, instr(m, char(10) || 'Message-ID: <') + 14,
		instr(substr(m, instr(m, char(10) || 'Message-ID: <') + 14), '>') - 1)
	FROM (SELECT rcpt, CAST(message AS TEXT) m FROM outbox)" | sort >"$DIR/want"
deliver_all() {
	local u
	: >"$DIR/have"
	for u in $(cut -d' ' -f1 "$DIR/want" | sort -u); do
		"${DOVEADM[@]}" fetch -u "$u" hdr.message-id mailbox INBOX all 2>/dev/null |
			sed -n "s/^hdr.message-id: *<\(.*\)>.*/$u \1/ip" >>"$DIR/have"
	done
	sort -o "$DIR/have" "$DIR/have"
	[[ -z $(sort -u "$DIR/have" | comm -23 "$DIR/want" -) ]]
}
wait_delivered() {  # one look a second: each is a doveadm per mailbox
	local deadline=$((SECONDS + BULK_WAIT))
	until deliver_all; do ((SECONDS < deadline)) || return 1; sleep 1; done
}
check "every mail delivered at least once ($(wc -l <"$DIR/want") expected)" wait_delivered
missing=$(sort -u "$DIR/have" | comm -23 "$DIR/want" - | wc -l)
((missing)) && echo "missing: $missing, e.g. $(sort -u "$DIR/have" | comm -23 "$DIR/want" - | head -3 | tr '\n' ' ')"
dups=$(($(wc -l <"$DIR/have") - $(sort -u "$DIR/have" | wc -l)))
echo "delivered $(wc -l <"$DIR/have") mails for $(wc -l <"$DIR/want") outbox rows" \
	"($dups sent twice after a crash)"
# Each mail is marked sent in its own commit once the server took it: a kill
# re-sends at most the one that was in flight.
check "at most one duplicate per kill ($dups after $kills kills)" test "$dups" -le "$kills"
finish
