#!/usr/bin/env bash
# tests/e2e/test_tick.sh - the judge without a daemon: mail comes in through
# `pbemd deliver` (as from an MTA pipe) and `pbemd tick` runs the clock, as
# cron would every minute. Real Dovecot + Exim carry the replies.
#
# A weekeewachee game with a clock: the GM sets a deadline seconds ahead,
# White sets up, Black does not. Nothing is said until a tick: then Black is
# reminded (auto-generated) and the GM told, once however often tick runs.
# Then the cron job "stops" for an hour (the heartbeat in the store set
# back) while a second deadline passes: the next tick moves it on by the
# time lost and tells everybody, and reminds nobody. Prints "N passed, M
# failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

stack_up || { echo "test_tick: cannot start the mail stack"; echo "0 passed, 1 failed"; exit 1; }
E2E_POLL=60 pbemd_conf "$DIR/pbemd.ini"	# a cron minute: downtime after 240s

deliver() {  # deliver USER BODY: one mail through `pbemd deliver`
	printf 'From: %s <%s@%s>\r\nTo: judge@%s\r\nSubject: cron\r\nMessage-ID: <tick.%s.%s@%s>\r\n\r\n%s\r\n' \
		"$1" "$1" "$MAILSTACK_DOMAIN" "$MAILSTACK_DOMAIN" "$$" "$RANDOM$RANDOM" \
		"$MAILSTACK_DOMAIN" "$2" | "$PBEMD" deliver -c "$DIR/pbemd.ini" 2>>"$DIR/pbemd.log"
}
tick() { "$PBEMD" tick -c "$DIR/pbemd.ini" 2>>"$DIR/pbemd.log"; }
heartbeat() { sqlite3 "$DIR/pbemd.db" "SELECT value FROM meta WHERE key = 'heartbeat'"; }
deadline() { sqlite3 "$DIR/pbemd.db" "SELECT c.deadline FROM clocks c JOIN games g ON g.id = c.game_id WHERE g.name = 'tk'"; }
past() { (($(date +%s) > $1)); }	# past T: the clock's second T is over
# since USER MARK: the judge's mails to USER after outbox row MARK, decoded
# (lib.sh judge_mail).
since() { judge_mail "$1" "$2"; }
has() { grep -qF -- "$2" <<<"$1"; }

check "pbemd help tick tells how to run it from cron" grep -q 'cron' <("$PBEMD" help tick)
deliver gm "CREATE tk weekeewachee move=1h grace=1h"
wait_count gm 1
GMPW=$(since gm 0 | sed -n 's/.*password is \([a-z0-9]*\):.*/\1/p' | head -n 1)
check "CREATE by deliver answers the GM with a password" test -n "$GMPW"
deliver alice "JOIN tk alice-secret"
deliver bob "JOIN tk bob-secret de"
check "the players' JOINs are answered" wait_count bob 1
check "deliver alone keeps no heartbeat" test -z "$(heartbeat)"
tick
check "tick exits 0" test $? = 0
check "tick keeps the heartbeat" test -n "$(heartbeat)"

# The deadline passes with no mail coming in: only tick can remind.
nb=$(count bob) na=$(count alice)
deliver gm "SIGNON tk $GMPW
SET DEADLINE +3s"
deliver alice "SIGNON tk alice-secret
SETUP RPWS"
wait_count bob $((nb + 1))	# the new deadline, announced
wait_count alice $((na + 2))	# ... and White's answer
until_ok "$E2E_WAIT" past "$(deadline)"
# deliver sent all it wrote before it exited, and nothing else runs: once
# that is in the mailboxes, nothing more can come without a tick.
wait_settled
nb=$(count bob) ng=$(count gm) mk=$(outbox_mark)
check "without a tick nobody is reminded" test "$(count bob)" = "$nb"
tick
check "after the deadline tick sends Black's reminder" wait_count bob $((nb + 1))
m=$(since bob "$mk")
check "the reminder names the missing orders" has "$m" "Partie tk fehlen"
# Issue 17, point 7: the clock's reminder answers no mail.
check "the reminder is auto-generated" grep -qx "Auto-Submitted: auto-generated" <<<"$m"
check "the reminder is threaded to nothing" test "$(grep -c -e '^In-Reply-To:' -e 'auto-replied' <<<"$m")" = 0
check "the GM is told who is late" wait_count gm $((ng + 1))
check "the GM's notice names Black" has "$(since gm "$mk")" "- Black"
wait_settled
nb=$(count bob)
tick; tick
wait_settled
check "a reminder is sent once, however often tick runs" test "$(count bob)" = "$nb"

# Cron stops for an hour, and a deadline passes meanwhile.
deliver gm "SIGNON tk $GMPW
SET DEADLINE +3s"
wait_count bob $((nb + 1))
wait_settled
nb=$(count bob) na=$(count alice) mk=$(outbox_mark)
until_ok "$E2E_WAIT" past "$(deadline)"
sqlite3 "$DIR/pbemd.db" "UPDATE meta SET value = value - 3600 WHERE key = 'heartbeat'"
tick
check "after the downtime everybody is told" wait_count alice $((na + 1))
check "the deadline moves on by the time lost" has "$(since alice "$mk")" "Nobody is late for that time"
wait_count bob $((nb + 1))
m=$(since bob "$mk")
check "Black hears of the downtime" has "$m" "außer Betrieb"
check "and is not reminded for lost time" test "$(grep -c 'Partie tk fehlen' <<<"$m")" = 0
check "the heartbeat is the tick's time again" test "$(($(date +%s) - $(heartbeat)))" -lt 30

# An [smtp] url no client can use: the mail is handled, the answer waits.
sed 's|^url = smtp://.*|url = ftp://localhost|' "$DIR/pbemd.ini" >"$DIR/ftp.ini"
printf 'From: alice <alice@%s>\r\nTo: judge@%s\r\nSubject: help\r\nMessage-ID: <ftp.1@%s>\r\n\r\nHELP\r\n' \
	"$MAILSTACK_DOMAIN" "$MAILSTACK_DOMAIN" "$MAILSTACK_DOMAIN" |
	"$PBEMD" deliver -c "$DIR/ftp.ini" 2>"$DIR/ftp.log"
check "deliver with an unusable [smtp] url exits 0, the mail handled" test $? = 0
check "and says why nothing was sent" grep -q "smtp: URL must start with smtp://" "$DIR/ftp.log"
check "the answer waits in the outbox" \
	test "$(e2e_sql "SELECT count(*) FROM outbox o JOIN inbox i ON o.inbox_id = i.id WHERE i.message_id = 'ftp.1@$MAILSTACK_DOMAIN' AND o.sent IS NULL")" -ge 1
printf '[judge]\nnonsense = 1\n' >"$DIR/bad.ini"
"$PBEMD" tick -c "$DIR/bad.ini" 2>/dev/null
check "tick exits 78 for a bad configuration" test $? = 78
"$PBEMD" tick 2>/dev/null
check "tick without -c is a usage error (64)" test $? = 64
[[ $fail == 0 ]] || { echo "--- pbemd.log"; tail -30 "$DIR/pbemd.log"; }
finish
