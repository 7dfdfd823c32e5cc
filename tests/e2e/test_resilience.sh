#!/usr/bin/env bash
# tests/e2e/test_resilience.sh - the daemon when servers go away, and deliver.
#
# With `pbemd serve` running against a real Dovecot + Exim: Exim is stopped
# while a reply is waiting to be sent (the reply must arrive once Exim is
# back); Dovecot is stopped while a mail is on its way (the daemon must
# reconnect and answer it). Then `pbemd deliver` handles a mail from
# standard input, refuses to handle it twice, and exits with sysexits codes.
# Prints "N passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

stack_up || { echo "test_resilience: cannot start the mail stack"; echo "0 passed, 1 failed"; exit 1; }
E2E_POLL=2 pbemd_conf "$DIR/pbemd.ini"
pbemd_up

exim_start() {
	/usr/sbin/exim4 -C "$DIR/exim/exim.conf" -bd -q2s -oP "$DIR/exim/exim.pid" \
		</dev/null >>"$DIR/exim/stdio.log" 2>&1
}
dovecot_start() {
	/usr/sbin/dovecot -c "$DIR/dovecot/dovecot.conf" </dev/null >>"$DIR/dovecot/stdio.log" 2>&1
}
stop_pidfile() {  # stop_pidfile FILE: SIGTERM the pid in FILE and wait for it
	local pid
	pid=$(cat "$1" 2>/dev/null) || return 0
	kill -TERM "$pid" 2>/dev/null
	for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
	kill -KILL "$pid" 2>/dev/null
}
tree() {  # tree PID: PID and all its descendants
	local c
	echo "$1"
	for c in $(grep -l -E "^PPid:[[:space:]]+$1\$" /proc/[0-9]*/status 2>/dev/null | cut -d/ -f3); do
		tree "$c"
	done
}
port_free() { ! port_in_use "$1"; }
port_down() { until_ok "$E2E_WAIT" port_free "$1"; }	# until nothing listens on port $1
inject() {  # inject USER BODY: straight into the judge's INBOX, no SMTP needed
	printf 'From: %s <%s@%s>\r\nTo: judge@%s\r\nSubject: %s\r\nMessage-ID: <inj.%s.%s@%s>\r\n\r\n%s\r\n' \
		"$1" "$1" "$MAILSTACK_DOMAIN" "$MAILSTACK_DOMAIN" "injected" "$$" "$RANDOM$RANDOM" \
		"$MAILSTACK_DOMAIN" "$2" | doveadm -c "$MAILSTACK_DOVECOT_CONF" save -u judge
}

send_mail alice "hello" "HELP"
check "the judge answers while both servers run" wait_count alice 1

# SMTP away: the reply waits in the outbox and goes out when Exim is back.
# The daemon's open connection is served by an Exim child: end those too,
# as a server that goes away does.
lines=$(log_lines)
stop_pidfile "$DIR/exim/exim.pid"
pkill -TERM -f -- "-C $DIR/exim/exim.conf"
port_down "$MAILSTACK_SMTP_PORT"
inject alice "LIST"
check "a failed send is logged and retried later" wait_log "smtp: server unavailable" "$lines"
check "nothing arrived while SMTP was down" test "$(count alice)" = 1
exim_start
check "the waiting reply arrives once SMTP is back" wait_count alice 2
check "it is the answer to the mail sent meanwhile" grep -q "^> LIST" <(fetch_last alice)

# IMAP away: mail keeps arriving at Exim; the daemon reconnects and answers.
# Its imap processes too: the daemon's session must really end.
lines=$(log_lines)
pids=$(tree "$(cat "$DIR/dovecot/run/master.pid")")
kill -TERM $pids 2>/dev/null
stop_pidfile "$DIR/dovecot/run/master.pid"
port_down "$MAILSTACK_IMAP_PORT"
send_mail bob "while imap was down" "HELP weekeewachee"
check "the daemon noticed the lost connection" wait_log "imap: .*reconnecting" "$lines"
dovecot_start
check "the mail sent while IMAP was down is answered" wait_count bob 1
check "with the right answer" grep -q "rock - scissors - paper - well" <(fetch_last bob)
check "nothing was answered twice" test "$(count alice)" = 2
check "the daemon stops cleanly" pbemd_down

# deliver: the same path from standard input.
mail=$DIR/deliver.eml
printf 'From: carol <carol@%s>\r\nTo: judge@%s\r\nSubject: piped\r\nMessage-ID: <pipe.%s@%s>\r\n\r\nLIST\r\n' \
	"$MAILSTACK_DOMAIN" "$MAILSTACK_DOMAIN" "$$" "$MAILSTACK_DOMAIN" >"$mail"
"$PBEMD" deliver -c "$DIR/pbemd.ini" <"$mail" 2>>"$DIR/deliver.log"
check "deliver exits 0 for a handled mail" test $? = 0
check "deliver sends the reply at once" wait_count carol 1
"$PBEMD" deliver -c "$DIR/pbemd.ini" <"$mail" 2>>"$DIR/deliver.log"
check "deliver exits 0 for a mail it has seen" test $? = 0
# deliver sends before it exits: settled, a second answer would be here.
wait_settled
check "the same mail is not answered twice" test "$(count carol)" = 1
printf 'Subject: no sender\r\n\r\nLIST\r\n' | "$PBEMD" deliver -c "$DIR/pbemd.ini" 2>>"$DIR/deliver.log"
check "deliver exits 65 for a mail without a sender" test $? = 65
printf '[judge]\nnonsense = 1\n' >"$DIR/bad.ini"
"$PBEMD" deliver -c "$DIR/bad.ini" </dev/null 2>>"$DIR/deliver.log"
check "deliver exits 78 for a bad configuration" test $? = 78
# A good configuration whose store cannot be opened (here: its directory
# is gone, as a full or failing disk would make it): the MTA must retry.
sed "s|^database = .*|database = $DIR/gone/pbemd.db|" "$DIR/pbemd.ini" >"$DIR/nostore.ini"
"$PBEMD" deliver -c "$DIR/nostore.ini" <"$mail" 2>>"$DIR/deliver.log"
check "deliver exits 75 when the store cannot be opened" test $? = 75
"$PBEMD" deliver 2>/dev/null </dev/null
check "deliver without -c is a usage error (64)" test $? = 64
[[ $fail == 0 ]] || { echo "--- pbemd.log"; tail -30 "$DIR/pbemd.log"; }
finish
