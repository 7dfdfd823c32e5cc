#!/usr/bin/env bash
# tests/bench/bench_send.sh - the outbox's send rate beside a bare SMTP
# client's against the same Exim over one connection (issue 18 point 5).
#
# Not measured: build/bench/bench_send fill plays BENCH_SEND_GAMES Blind-Fun
# games for BENCH_SEND_PLIES moves through the judge in-process (as
# bench_mail.sh does by mail), so the outbox holds the mails the moves
# caused, pictures and all, 3 a move: the very messages the outbox sends.
# Measured, each sending every row over one connection:
#   bare     tests/bench/bench_smtp.c: plain sockets, EHLO once, then MAIL,
#            RCPT, DATA and the text, each answer awaited, as smtp.c speaks;
#            the messages in memory beforehand, nothing marked. The yardstick.
#   outbox   outbox_flush() through mail/smtp.c (libetpan), as serve sends:
#            each mail marked sent in its own commit, the marks synced in
#            groups of OUTBOX_SYNC_EVERY (a power cut may re-send that many).
#   each     the same with every mark synced on its own (as before issue 18).
#   pipe     the bare client with PIPELINING (MAIL, RCPT, DATA in one write),
#            for information: libetpan cannot pipeline, so neither compared
#            side uses it.
# against two servers: the throwaway Exim of the end-to-end tests (STARTTLS,
# as serve talks to it; Exim spools each mail with fsync and forks its
# delivery at once, which both sides pay), its queue drained before each
# run; and a sink that keeps nothing (bench_sink.c, no TLS), where only the
# clients cost. BENCH_SEND_ROUNDS rounds, the kinds in turns; each kind's
# median is printed. The machine is shared: single runs wander by a third.
# Target: outbox >= 80% of bare against Exim. Exits non-zero only when a run
# is wrong (a mail not sent); a missed target is printed.
set -uo pipefail

NG=${BENCH_SEND_GAMES:-20}
PLIES=${BENCH_SEND_PLIES:-25}
ROUNDS=${BENCH_SEND_ROUNDS:-3}
TARGET=80

users="judge gm"
for ((i = 1; i <= 2 * NG; i++)); do users+=$(printf ' p%02d' "$i"); done
E2E_USERS=$users
# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/../e2e/lib.sh"
BIN=$E2E_ROOT/build/bench/bench_send
SINK_PID=
die() { echo "bench send: $*"; exit 1; }
sink_down() { [[ -n $SINK_PID ]] && kill "$SINK_PID" 2>/dev/null; SINK_PID=; }

[[ -x $BIN ]] || die "$BIN not built"
stack_up || die "could not start the mail stack"
trap 'sink_down; e2e_cleanup' EXIT
DB=$DIR/send.db
echo "bench send: playing $NG games of $PLIES moves through the judge ..."
(cd "$E2E_ROOT" && "$BIN" fill "$DB" "$MAILSTACK_DOMAIN" "$NG" "$PLIES") || die "fill failed"
sqlite3 -batch -noheader "$DB" "SELECT 'bench send: ' || count(*) || ' mails of ' ||
	CAST(avg(length(message)) AS INTEGER) || ' bytes on average (' || min(length(message)) ||
	'-' || max(length(message)) || ')' FROM outbox"

# Exim's spool is empty when every mail was delivered.
drained() {
	local deadline=$((SECONDS + 120))
	while [[ -n $(ls -A "$DIR/exim/spool/input" 2>/dev/null) ]]; do
		((SECONDS < deadline)) || die "Exim did not deliver within 120 s"
		sleep 0.1
	done
}
run() {  # run SERVER KIND ARGS... : one line, its rate kept in $DIR/rate.SERVER.KIND
	local file=$DIR/rate.$1.$2 out
	shift 2
	out=$("$BIN" "$@" 2>"$DIR/run.err") || die "run failed: $out $(tail -n 3 "$DIR/run.err")"
	echo "$out"
	sed -n 's/.* = \([0-9]*\) mails\/s.*/\1/p' <<<"$out" >>"$file"
}
median() { sort -n "$DIR/rate.$1" | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2)) }'; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", (b > 0 ? 100 * a / b : 0) }'; }

E=127.0.0.1 P=$MAILSTACK_SMTP_PORT CA=$MAILSTACK_CA_CERT
echo "bench send: against Exim (STARTTLS), $ROUNDS rounds"
for ((r = 1; r <= ROUNDS; r++)); do
	drained; run exim bare bare "$DB" $E "$P" "$CA" plain
	drained; run exim outbox outbox "$DB" "smtp://$E:$P" "$CA" 32
	drained; run exim each outbox "$DB" "smtp://$E:$P" "$CA" 1
	drained; run exim pipe bare "$DB" $E "$P" "$CA" pipelining
done

"$BIN" sink "$DIR/sink.port" >/dev/null 2>&1 &
SINK_PID=$!
deadline=$((SECONDS + 30))
until [[ -s $DIR/sink.port ]]; do
	((SECONDS < deadline)) && kill -0 "$SINK_PID" 2>/dev/null || die "the sink did not start"
	sleep 0.05
done
S=$(cat "$DIR/sink.port")
echo "bench send: against a sink that keeps nothing (no TLS), $ROUNDS rounds"
for ((r = 1; r <= ROUNDS; r++)); do
	run sink bare bare "$DB" $E "$S" - plain
	run sink outbox outbox "$DB" "smtp://$E:$S" - 32
	run sink each outbox "$DB" "smtp://$E:$S" - 1
	run sink pipe bare "$DB" $E "$S" - pipelining
done
sink_down

for s in exim sink; do
	b=$(median $s.bare) o=$(median $s.outbox) e=$(median $s.each) p=$(median $s.pipe)
	echo "bench send: $s, medians: outbox $o mails/s = $(pct "$o" "$b")% of the bare client's $b;" \
		"marks synced each on its own $e = $(pct "$e" "$b")%; bare with PIPELINING $p"
done
v=met
(($(pct "$(median exim.outbox)" "$(median exim.bare)") >= TARGET)) || v=MISSED
echo "bench send: target: outbox >= $TARGET% of the bare client against Exim $v"
