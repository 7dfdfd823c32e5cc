#!/usr/bin/env bash
# tests/bench/bench_mail.sh - order mails per second through `pbemd serve` on a
# real Dovecot + Exim (tests/e2e/mailstack.sh), and the daemon's peak RSS.
#
# Not measured: BENCH_GAMES Blind-Fun weekeewachee games are created and joined
# by mail, the daemon is stopped, and BENCH_GAMES * BENCH_PLIES valid move mails
# (SIGNON + one quiet move each) are saved into the judge's INBOX with doveadm.
# Measured: a fresh `pbemd serve` works through the backlog. The mails are in
# the mailbox before it starts, so "end to end" runs from the daemon's start
# (its log line) to the last mail handled, whose commit queued its replies;
# the rate from the first to the last mail handled is printed too. Then the
# outbox (three mails per move: reply, opponent, GM) is sent by SMTP, and the
# send rate is printed as extra information. Peak RSS is VmHWM of
# /proc/PID/status read after everything was sent, just before SIGTERM.
# Exits non-zero only when the run itself is wrong (a mail not handled, an
# ERROR reply, a game short of moves); a missed target is printed. The daemon
# logs at debug level here: its only debug line, "outbox id=N sent", times
# the sending.
set -uo pipefail

NG=${BENCH_GAMES:-20}
PLIES=${BENCH_PLIES:-50}	# at most 2 * ${#WALK[@]}
TARGET_RATE=200 TARGET_RSS_KB=$((20 * 1024))

users="judge gm"
for ((i = 1; i <= 2 * NG; i++)); do users+=$(printf ' p%02d' "$i"); done
E2E_USERS=$users
E2E_POLL=1
E2E_LOG_LEVEL=debug
# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/../e2e/lib.sh"

# White's walk inside ranks 1-3 (Black plays it mirrored in ranks 4-6): no set
# of four squares occurs twice, so no position repeats and no piece meets another.
WALK=(a1-a2 b1-b2 c1-c2 d1-d2 a2-a3 b2-b3 c2-c3 d2-d3 a3-a2 a2-b2 b2-c2 c2-d2
	d2-d1 d1-c1 c1-b1 b1-a1 b3-a3 a1-a2 a2-b2 b2-c2 c2-d2 d2-d1 d1-c1 c1-b1
	a3-a2 b1-b2 a2-a1 a1-b1 b1-c2 b2-a2)
mirror() { sed 'y/123456/654321/' <<<"$1"; }
die() { echo "bench mail: $*"; exit 1; }

((PLIES <= 2 * ${#WALK[@]})) || die "BENCH_PLIES at most $((2 * ${#WALK[@]}))"
for t in sqlite3 doveadm; do command -v $t >/dev/null || die "$t missing"; done
[[ -x $PBEMD ]] || die "$PBEMD not built"
stack_up || die "could not start the mail stack"
DOVEADM=(doveadm -c "$MAILSTACK_DOVECOT_CONF")
DB=$DIR/pbemd.db
LOG=$DIR/pbemd.log
q() { sqlite3 -batch -noheader "$DB" "$@"; }
mkdir -p "$DIR/in"

eml() {  # eml FILE FROM-USER MSGID BODY
	printf 'From: %s <%s@%s>\r\nTo: judge@%s\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%s@%s>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n%s\r\n' \
		"$2" "$2" "$MAILSTACK_DOMAIN" "$MAILSTACK_DOMAIN" "$3" "$(date -R)" "$3" \
		"$MAILSTACK_DOMAIN" "${4//$'\n'/$'\r\n'}" >"$1"
}
save() { "${DOVEADM[@]}" save -u judge <"$1"; }
wait_sql() {  # wait_sql SECONDS SQL WANT
	local deadline=$((SECONDS + $1))
	until [[ $(q "$2" 2>/dev/null) == "$3" ]]; do
		((SECONDS < deadline)) || return 1
		sleep 0.05
	done
}
game() { printf 'g%02d' "$1"; }
white() { printf 'p%02d' $((2 * $1 - 1)); }
black() { printf 'p%02d' $((2 * $1)); }
# seconds of the day, with milliseconds, of a log line's ISO time
logtime() { awk '{ split(substr($1, 12, 12), t, ":"); printf "%.3f\n", t[1] * 3600 + t[2] * 60 + t[3] }'; }
span() { awk -v a="$1" -v b="$2" 'BEGIN { d = b - a; if (d < 0) d += 86400; printf "%.3f", d }'; }

# ---- setup (not measured)
echo "bench mail: setting up $NG games on a fresh mail stack ..."
# One GM creates every game; players answer more than a club's hour.
pbemd_conf "$DIR/pbemd.ini" "creates_per_hour = 1000" "answers_per_hour = 1000"
pbemd_up
for ((g = 1; g <= NG; g++)); do
	eml "$DIR/in/c$g" gm "create.$g" "CREATE $(game $g) weekeewachee blind"
	save "$DIR/in/c$g"
done
wait_sql 60 "SELECT count(*) FROM games" "$NG" || die "games not created"
for side in white black; do
	for ((g = 1; g <= NG; g++)); do
		p=$($side $g)
		eml "$DIR/in/j$g$side" "$p" "join.$g.$side" "JOIN $(game $g) secret-$p"
		save "$DIR/in/j$g$side"
	done
	wait_sql 60 "SELECT count(*) FROM inbox WHERE message_id LIKE 'join.%.$side@%'" "$NG" ||
		die "joins not handled"
done
wait_sql 60 "SELECT count(*) FROM games WHERE status = 'running' AND phase = 1" "$NG" ||
	die "games not running"
wait_sql 60 "SELECT count(*) FROM outbox WHERE sent IS NULL" 0 || die "setup replies not sent"
pbemd_down
setup_outbox=$(q "SELECT count(*) FROM outbox")

N=$((NG * PLIES))
echo "bench mail: saving $N order mails into the judge's INBOX (doveadm save) ..."
for ((k = 1; k <= PLIES; k++)); do
	for ((g = 1; g <= NG; g++)); do
		first=$(q "SELECT first_seat FROM games WHERE name = '$(game $g)'")
		seat=$(((first + k - 1) % 2)) n=$(((k - 1) / 2))
		if ((seat == 0)); then p=$(white $g) mv=${WALK[n]}; else p=$(black $g) mv=$(mirror "${WALK[n]}"); fi
		eml "$DIR/in/m" "$p" "move.$g.$k" "SIGNON $(game $g) secret-$p
$mv"
		save "$DIR/in/m" || die "doveadm save failed"
	done
done
[[ $("${DOVEADM[@]}" search -u judge mailbox INBOX unkeyword '$PbemdDone' | wc -l) -eq $N ]] ||
	die "INBOX does not hold $N mails without the judge's keyword \$PbemdDone"

# ---- measured
: >"$LOG"
pbemd_up
pid=$PBEMD_PID
status() { sed -n "s/^$1:[[:space:]]*\([0-9]*\) kB/\1/p" "/proc/$pid/status" 2>/dev/null; }
cpu() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / hz }' "/proc/$pid/stat"; }
wait_sql 300 "SELECT count(*) FROM inbox WHERE message_id LIKE 'move.%'" "$N" ||
	die "only $(q "SELECT count(*) FROM inbox WHERE message_id LIKE 'move.%'") of $N handled in 300 s"
cpu_handled=$(cpu)
wait_sql 300 "SELECT count(*) FROM outbox WHERE sent IS NULL AND failed IS NULL" 0 ||
	die "outbox not sent in 300 s"
rss=$(status VmHWM) cpu_end=$(cpu) anon=$(status RssAnon) file=$(status RssFile)
pbemd_down

t_start=$(grep -m1 "serve: started pid=$pid " "$LOG" | logtime)
t_first=$(grep -m1 "msgid=<move\..*> handled" "$LOG" | logtime)
t_last=$(grep "msgid=<move\..*> handled" "$LOG" | tail -1 | logtime)
# Exim closes a connection with "421 too many messages in this connection"
# after 1000; smtp.c then reconnects at once. Rows that still failed wait
# for the outbox's retry; the send rate is over the rest, the time to the
# very last one is printed beside it.
nreconn=$(grep -c "smtp: reused connection failed" "$LOG" || true)
retried=$(sed -n 's/.*outbox id=\([0-9]*\) attempt=1 failed.*/\1/p' "$LOG" | sort -u)
t_drain=$(grep "outbox id=[0-9]* sent" "$LOG" | tail -1 | logtime)
t_sent=$(grep "outbox id=[0-9]* sent" "$LOG" | grep -v -F -f <(sed 's/.*/id=& sent/' <<<"${retried:-none}") |
	tail -1 | logtime)
nsent=$(grep "outbox id=[0-9]* sent" "$LOG" | sort -u -k5,5 | wc -l)
nretried=$(grep -c . <<<"$retried")

# ---- the run must have been right
bad=$(q "SELECT count(*) FROM inbox WHERE message_id LIKE 'move.%' AND outcome <> 'handled'")
errs=$(q "SELECT count(*) FROM outbox WHERE instr(CAST(message AS TEXT), 'ERROR') > 0")
short=$(q "SELECT count(*) FROM games WHERE phase <> 1 + $PLIES")
rows=$(q "SELECT count(*) FROM outbox")
((bad == 0 && errs == 0 && short == 0 && rows == setup_outbox + 3 * N)) ||
	die "wrong run: $bad not handled, $errs ERROR replies, $short games short, $rows outbox rows"

wall=$(span "$t_start" "$t_last")
proc=$(span "$t_first" "$t_last")
send=$(span "$t_last" "$t_sent")
rate=$(awk -v n="$N" -v s="$wall" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }')
rate2=$(awk -v n="$N" -v s="$proc" 'BEGIN { printf "%.0f", (s > 0 ? (n - 1) / s : 0) }')
srate=$(awk -v n="$((nsent - nretried))" -v s="$send" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }')
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
echo "bench mail: $N order mails in $wall s = $rate mails/s end to end" \
	"(daemon start to last reply queued; first to last mail: $proc s = $rate2 mails/s);" \
	"peak RSS $(mb "$rss") MB"
echo "bench mail: outbox: $((nsent - nretried)) replies and reports sent by SMTP in $send s =" \
	"$srate mails/s; $nreconn connections closed by the server and reopened at once," \
	"$nretried left for the retry;" \
	"the last $(span "$t_last" "$t_drain") s after the last mail"
echo "bench mail: daemon CPU $cpu_handled s for the mail, $(awk -v a="$cpu_handled" -v b="$cpu_end" \
	'BEGIN { printf "%.2f", b - a }') s for sending; RSS at the end $(mb "$((anon + file))") MB ($(mb "$anon") MB anonymous, $(mb "$file") MB files)"
v_rate=met v_rss=met
((rate >= TARGET_RATE)) || v_rate=MISSED
((rss < TARGET_RSS_KB)) || v_rss=MISSED
echo "bench mail: targets: >= $TARGET_RATE mails/s $v_rate, peak RSS < $((TARGET_RSS_KB / 1024)) MB $v_rss"
