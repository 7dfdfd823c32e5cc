#!/usr/bin/env bash
# tests/e2e/test_resilience.sh - the daemon when servers go away, and deliver.
#
# With `pbemd serve` running against a real Dovecot + Exim: Exim is stopped
# while a reply is waiting to be sent (the reply must arrive once Exim is
# back); Dovecot is stopped while a mail is on its way (the daemon must
# reconnect and answer it). The operator reads the judge's mailbox in his
# mail client while the daemon is down (issue 13): a mail he read first is
# answered all the same and keeps his \Seen; an old processed mail without
# the judge's keyword (as a judge before the keyword left it) is marked, not
# answered again. Then `pbemd deliver` handles a mail from standard input,
# refuses to handle it twice, and exits with sysexits codes;
# a delivered mail that keeps failing is quarantined, and `pbemd quarantine`
# lists it, shows it and retries it.
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

# Issue 13: \Seen is the operator's; the judge marks with its own keyword.
send_mail dave "read by the operator" "HELP"
check "it waits in the judge's mailbox" wait_count judge 4 30
read_uid=$(judge_uid "read by the operator")
judge_imap "UID STORE $read_uid +FLAGS (\\Seen)" >/dev/null
check "the operator's client marked the new mail read" wait_flag "$read_uid" '\Seen' 5
old_uid=$(judge_uid "hello")
judge_imap "UID STORE $old_uid -FLAGS (\$PbemdDone)" >/dev/null
judge_imap "UID STORE $old_uid +FLAGS (\\Seen)" >/dev/null
check "an old processed mail has \\Seen and no keyword" \
	bash -c '! grep -qF "\$PbemdDone" <<<"$1"' _ "$(judge_flags "$old_uid")"
pbemd_up
check "the mail the operator read first is answered all the same" wait_count dave 1 30
check "with the answer to its command" grep -q "^> HELP" <(fetch dave 1)
check "it is marked processed" wait_flag "$read_uid" '$PbemdDone' 10
check "and keeps the operator's \\Seen" wait_flag "$read_uid" '\Seen' 1
bob_uid=$(judge_uid "while imap was down")
check "the judge sets no \\Seen of its own" \
	bash -c 'grep -qF "\$PbemdDone" <<<"$1" && ! grep -qF "\\Seen" <<<"$1"' _ "$(judge_flags "$bob_uid")"
check "the old mail gets the keyword" wait_flag "$old_uid" '$PbemdDone' 10
check "and is not answered again" test "$(count alice)" = 2
check "the daemon says how it marks mail" grep -q 'imap: connected .* mark=\$PbemdDone' "$DIR/pbemd.log"
check "the daemon stops cleanly again" pbemd_down

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
check "the mail without a sender is kept for the operator" \
	grep -q $'\t-\t-\tno sender address' <("$PBEMD" quarantine -c "$DIR/pbemd.ini" list)

# quarantine: a delivered mail that keeps failing (here a trigger refuses
# the game it creates, as a bug would) is set aside with its text, and the
# MTA's copies are answered "done"; once the fault is gone, the operator's
# retry handles it: the real reply, not a duplicate's silence.
q() { "$PBEMD" quarantine -c "$DIR/pbemd.ini" "$@" 2>>"$DIR/deliver.log"; }
sent_to() { sqlite3 "$DIR/pbemd.db" "SELECT count(*) FROM outbox WHERE rcpt = '$1@$MAILSTACK_DOMAIN'"; }
sqlite3 "$DIR/pbemd.db" "CREATE TRIGGER poison BEFORE INSERT ON games WHEN NEW.name = 'poison'
	BEGIN SELECT RAISE(ABORT, 'poisoned'); END"
qmail=$DIR/poison.eml
printf 'From: dave <dave@%s>\r\nTo: judge@%s\r\nSubject: poison\r\nMessage-ID: <poison.%s@%s>\r\n\r\nCREATE poison weekeewachee\r\n' \
	"$MAILSTACK_DOMAIN" "$MAILSTACK_DOMAIN" "$$" "$MAILSTACK_DOMAIN" >"$qmail"
nd=$(count dave) sd=$(sent_to dave)	# dave had mail before (above)
codes=
for _ in 1 2 3 4 5; do
	"$PBEMD" deliver -c "$DIR/pbemd.ini" <"$qmail" 2>>"$DIR/deliver.log"
	codes+="$? "
done
check "deliver: 75 while the mail fails, then 0 once it is set aside" test "$codes" = "75 75 75 0 0 "
check "its sender is told once that it was set aside" wait_count dave $((nd + 1)) 30
check "with the polite notice" grep -q "set aside" <(fetch_last dave)
qid=$(q list | awk -F'\t' -v id="<poison.$$@$MAILSTACK_DOMAIN>" '$4 == id && $3 == "dave@'"$MAILSTACK_DOMAIN"'" { print $1 }')
check "quarantine list shows it with its sender and Message-ID" test -n "$qid"
check "quarantine show ends with the mail as it came" \
	cmp -s <(q show "$qid" | tail -c "$(wc -c <"$qmail")") "$qmail"
q retry "$qid" >"$DIR/retry1.out"
rc=$?
check "a retry that fails again exits 65 and keeps the mail" \
	test $rc = 65 -a -n "$(q list | awk -F'\t' -v id="$qid" '$1 == id')"
check "... and tells the sender nothing more" test "$(sent_to dave)" = $((sd + 1))
sqlite3 "$DIR/pbemd.db" "DROP TRIGGER poison"
q retry "$qid" >"$DIR/retry2.out"
check "quarantine retry exits 0 once the fault is gone" test $? = 0
check "and says it was handled" grep -q "handled" "$DIR/retry2.out"
"$PBEMD" tick -c "$DIR/pbemd.ini" 2>>"$DIR/deliver.log"
check "its real reply reaches the sender" wait_count dave $((nd + 2)) 30
check "the game was created" grep -q "Game poison (weekeewachee) is created" <(fetch_last dave)
"$PBEMD" deliver -c "$DIR/pbemd.ini" <"$qmail" 2>>"$DIR/deliver.log"
check "a later copy from the MTA is a duplicate: exit 0" test $? = 0
check "... and not answered" test "$(sent_to dave)" = $((sd + 2))
check "the list no longer holds it" test -z "$(q list | awk -F'\t' -v id="$qid" '$1 == id')"
q retry "$qid"
check "a second retry of it is refused with 66" test $? = 66

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

# A player's mailbox that does not exist: Exim refuses the reply for good
# (550 at RCPT). The GM is told once, naming the seat, and his STATUS
# keeps the record (issue 13).
dmail() {  # dmail USER ID BODY: one mail through `pbemd deliver`
	printf 'From: %s <%s@%s>\r\nTo: judge@%s\r\nSubject: %s\r\nMessage-ID: <%s.%s@%s>\r\n\r\n%s\r\n' \
		"$1" "$1" "$MAILSTACK_DOMAIN" "$MAILSTACK_DOMAIN" "$2" "$2" "$$" "$MAILSTACK_DOMAIN" "$3" |
		"$PBEMD" deliver -c "$DIR/pbemd.ini" 2>>"$DIR/deliver.log"
}
ngm=$(count gm)
dmail gm create.gh "CREATE gh weekeewachee"
check "the GM's game is created" wait_count gm $((ngm + 1)) 30
gmpw=$(fetch_last gm | sed -n 's/.*password is \([a-zA-Z0-9]*\):.*/\1/p')
dmail ghost join.gh "JOIN gh ghost-secret"
check "the reply to the player without a mailbox is refused for good" \
	test "$(sqlite3 "$DIR/pbemd.db" "SELECT count(*) FROM outbox WHERE rcpt = 'ghost@$MAILSTACK_DOMAIN' AND failed IS NOT NULL AND told IS NOT NULL")" = 1
check "the GM is told" wait_count gm $((ngm + 2)) 30
check "naming the seat, the address and the server's answer" \
	grep -q "refused for good a mail of game gh to the player of White (ghost@$MAILSTACK_DOMAIN)" \
	<(fetch_last gm | tr -d '\r' | tr '\n' ' ' | sed 's/  */ /g')
# Dave joins: the game starts, and its first report to ghost is refused too.
dmail dave join2.gh "JOIN gh dave-secret"
"$PBEMD" tick -c "$DIR/pbemd.ini" 2>>"$DIR/deliver.log"
check "the GM gets the start of the game" wait_count gm $((ngm + 3)) 30
check "the later mails to ghost are refused as well" \
	test "$(sqlite3 "$DIR/pbemd.db" "SELECT count(*) FROM outbox WHERE rcpt = 'ghost@$MAILSTACK_DOMAIN' AND failed IS NOT NULL AND told IS NOT NULL")" -ge 2
sleep 2
check "the GM is told of that address once, not at every report" test "$(count gm)" = $((ngm + 3))
dmail gm status.gh "SIGNON gh $gmpw
STATUS gh"
check "the GM's STATUS lists the refused mail" wait_count gm $((ngm + 4)) 30
check "with its address" grep -q "a mail to ghost@$MAILSTACK_DOMAIN" <(fetch_last gm)
[[ $fail == 0 ]] || { echo "--- pbemd.log"; tail -30 "$DIR/pbemd.log"; }
finish
