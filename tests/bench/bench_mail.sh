#!/usr/bin/env bash
# tests/bench/bench_mail.sh - order mails per second through `pbemd serve` on a
# real Dovecot + Exim (tests/e2e/mailstack.sh), and the daemon's peak RSS, in
# two scenarios one after the other (BENCH_MAIL="blind dip" by default):
#
#   blind  BENCH_GAMES Blind-Fun weekeewachee games, BENCH_PLIES quiet moves
#          each: every mail gets a reply and two reports (opponent, GM), each
#          with a picture of its reader's view. The games play one walk, so
#          that none meets a capture or a repeated position; to keep them
#          from showing the same pictures at the same time (which would
#          flatter the pictures the judge keeps: render/picture_band.c),
#          game g is g - 1 plies ahead when the measured mails start, and
#          every other game plays it mirrored, files a-d turned to d-a.
#   dip    BENCH_DIP_GAMES standard Diplomacy games (one), BENCH_DIP_PHASES
#          movement phases each, seven order mails a phase: every mail gets a
#          reply with the map of the game as it stands (the last phase's
#          orders and results: Diplomacy hides nothing, so every reply of a
#          phase carries the same map, as a real game's do); the seventh
#          plays the phase and each other player and the GM get the report
#          with the map of its results. Which units step out differs
#          from year to year (dip_orders), so that no year's maps come back
#          to be found among the bands the judge keeps (render/mappic_
#          bands.c); every game plays the same ones, so one game by default:
#          a cache keyed by what a picture shows would hit more often among
#          games alike than among real ones. Its centres never change hands,
#          as they would once a year in a real game.
#
# Not measured: the games are created and joined by mail, the daemon is
# stopped, and the scenario's order mails are saved into the judge's INBOX
# with doveadm. Measured: a fresh `pbemd serve` works through the backlog. The
# mails are in the mailbox before it starts, so "end to end" runs from the
# daemon's start (its log line) to the last mail handled, whose commit queued
# its replies; the rate from the first to the last mail handled is printed
# too. Then the outbox is sent by SMTP, and the send rate is printed as extra
# information. Peak RSS is VmHWM of /proc/PID/status read after everything
# was sent, just before SIGTERM; it includes each player's first sign-on,
# an Argon2id check of 7 MiB. So each backlog is then handled once more,
# from the store as it was before, by a daemon that has verified every
# player's password first (measure_warm): its peak is the mail path's
# outside the password checks, which the 20 MB target is about
# (docs/architecture.md, "Memory"). Exits non-zero only when a run itself is
# wrong (a mail not handled, an ERROR reply, a game short of moves or phases,
# a reply or report missing); a missed target is printed. The daemon logs at
# debug level here: its only debug line, "outbox id=N sent", times the
# sending. BENCH_SMAPS=FILE copies the daemon's /proc/PID/smaps at that
# moment to FILE.<scenario>. BENCH_PROFILE=FILE records the daemon's measured runs with
# `perf record -g` into FILE.<scenario> (perf report -i FILE.dip).
set -uo pipefail

SCENARIOS=${BENCH_MAIL:-blind dip}
NG=${BENCH_GAMES:-20}
PLIES=${BENCH_PLIES:-40}	# at most 2 * ${#WALK[@]}
ND=${BENCH_DIP_GAMES:-1}
DPHASES=${BENCH_DIP_PHASES:-80}
TARGET_RATE=500 TARGET_RSS_KB=$((20 * 1024))

users="judge gm"
for ((i = 1; i <= 2 * NG; i++)); do users+=$(printf ' p%02d' "$i"); done
POWERS=(Austria England France Germany Italy Russia Turkey)
for ((g = 1; g <= ND; g++)); do
	for p in "${POWERS[@]}"; do users+=$(printf ' d%d%s' "$g" "${p:0:3}"); done
done
E2E_USERS=${users,,}
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
files() { sed 'y/abcd/dcba/' <<<"$1"; }
die() { echo "bench mail: $*"; exit 1; }

# Diplomacy: every unit but one steps out of its home in Spring and back in
# Fall, into provinces no other unit enters and that hold no supply centre, so
# no move bounces, no centre changes hands, and no Winter adjustments are due:
# a year is two movement phases, each map full of arrows.
DIP_OUT=("A VIE - TYR
A BUD - GAL
F TRI - ADR" "F LON - ENG
F EDI - NTH
A LVP - YOR" "F BRE - MAO
A PAR - PIC
A MAR - GAS" "F KIE - HEL
A BER - PRU
A MUN - RUH" "F NAP - ION
A ROM - APU
A VEN - PIE" "F STP/SC - BOT
A MOS - UKR
A WAR - LVN
F SEV - BLA" "F ANK - ARM
A CON H
A SMY - SYR")
DIP_BACK=("A TYR - VIE
A GAL - BUD
F ADR - TRI" "F ENG - LON
F NTH - EDI
A YOR - LVP" "F MAO - BRE
A PIC - PAR
A GAS - MAR" "F HEL - KIE
A PRU - BER
A RUH - MUN" "F ION - NAP
A APU - ROM
A PIE - VEN" "F BOT - STP/SC
A UKR - MOS
A LVN - WAR
F BLA - SEV" "F ARM - ANK
A CON H
A SYR - SMY")

((PLIES <= 2 * ${#WALK[@]})) || die "BENCH_PLIES at most $((2 * ${#WALK[@]}))"
AHEAD=$((2 * ${#WALK[@]} - PLIES))	# the most plies a game may be ahead
ahead() { echo $((($1 - 1) % (AHEAD + 1))); }
# blind_mail G K MSGID: the mail of game G's K-th ply, into the INBOX.
blind_mail() {
	local first seat n p mv
	first=$(q "SELECT first_seat FROM games WHERE name = '$(game $1)'")
	seat=$(((first + $2 - 1) % 2)) n=$((($2 - 1) / 2))
	if ((seat == 0)); then p=$(white $1) mv=${WALK[n]}; else p=$(black $1) mv=$(mirror "${WALK[n]}"); fi
	(($1 % 2)) || mv=$(files "$mv")
	mail "$p" "$3" "SIGNON $(game $1) secret-$p
$mv"
}
for t in sqlite3 doveadm perl; do command -v $t >/dev/null || die "$t missing"; done
[[ -x $PBEMD ]] || die "$PBEMD not built"
[[ -z ${BENCH_PROFILE:-} ]] || command -v perf >/dev/null || die "perf missing"
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
mail() {  # mail FROM-USER MSGID BODY: into the judge's INBOX
	eml "$DIR/in/m" "$@"
	save "$DIR/in/m" || die "doveadm save failed"
}
wait_sql() {  # wait_sql SECONDS SQL WANT
	local deadline=$((SECONDS + $1))
	until [[ $(q "$2" 2>/dev/null) == "$3" ]]; do
		((SECONDS < deadline)) || return 1
		sleep 0.05
	done
}
# handled LIKE: the mails handled whose Message-ID, before its @, is LIKE.
handled() { q "SELECT count(*) FROM inbox WHERE message_id LIKE '$1@%'"; }
wait_handled() {  # wait_handled LIKE N
	wait_sql 60 "SELECT count(*) FROM inbox WHERE message_id LIKE '$1@%'" "$2" ||
		die "only $(handled "$1") of $2 $1 mails handled"
}
sent_all() {
	wait_sql 120 "SELECT count(*) FROM outbox WHERE sent IS NULL AND failed IS NULL" 0 ||
		die "replies not sent"
}
game() { printf 'g%02d' "$1"; }
white() { printf 'p%02d' $((2 * $1 - 1)); }
black() { printf 'p%02d' $((2 * $1)); }
dgame() { printf 'd%d' "$1"; }
dplayer() { printf 'd%d%s' "$1" "$(tr '[:upper:]' '[:lower:]' <<<"${POWERS[$2]:0:3}")"; }
# seconds of the day, with milliseconds, of a log line's ISO time
logtime() { awk '{ split(substr($1, 12, 12), t, ":"); printf "%.3f\n", t[1] * 3600 + t[2] * 60 + t[3] }'; }
# status PID FIELD: a figure in kB of /proc/PID/status; cpu PID: its CPU seconds
status() { sed -n "s/^$2:[[:space:]]*\([0-9]*\) kB/\1/p" "/proc/$1/status" 2>/dev/null; }
cpu() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / hz }' "/proc/$1/stat"; }
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
span() { awk -v a="$1" -v b="$2" 'BEGIN { d = b - a; if (d < 0) d += 86400; printf "%.3f", d }'; }

# ---- setup (not measured): the games of both scenarios, in one daemon run
echo "bench mail: setting up the games ($SCENARIOS) on a fresh mail stack ..."
# One GM creates every game; players answer more than a club's hour.
pbemd_conf "$DIR/pbemd.ini" "creates_per_hour = 1000" "answers_per_hour = 100000"
pbemd_up
setup_blind() {
	local g side p k
	for ((g = 1; g <= NG; g++)); do
		mail gm "create.$g" "CREATE $(game $g) weekeewachee blind"
	done
	wait_handled "create.%" "$NG"
	for side in white black; do
		for ((g = 1; g <= NG; g++)); do
			p=$($side $g)
			mail "$p" "join.$g.$side" "JOIN $(game $g) secret-$p"
		done
		wait_handled "join.%.$side" "$NG"
	done
	wait_sql 60 "SELECT count(*) FROM games WHERE name LIKE 'g%' AND status = 'running' AND phase = 1" "$NG" ||
		die "Blind-Fun games not running"
	# Each game its plies ahead, one ply of every game at a time.
	for ((k = 1; k < NG && k <= AHEAD; k++)); do
		for ((g = k + 1; g <= NG; g++)); do
			((k <= $(ahead $g))) || continue
			blind_mail "$g" "$k" "pre.$g.$k"
		done
		wait_handled "pre.%.$k" $(for ((g = 1; g <= NG; g++)); do ((k <= $(ahead $g))) && echo; done | wc -l)
	done
}
# The GM's password of game $1, from the reply to its CREATE (the mail's
# text may be quoted-printable).
gm_password() {
	q "SELECT message FROM outbox WHERE inbox_id = (SELECT id FROM inbox WHERE message_id LIKE 'dcreate.$1@%')" |
		perl -MMIME::QuotedPrint -0777 -ne 'print decode_qp($_)' |
		sed -n 's/.*password is \([a-z0-9]*\):.*/\1/p' | head -n 1
}
setup_dip() {
	local g i pw
	for ((g = 1; g <= ND; g++)); do
		mail gm "dcreate.$g" "CREATE $(dgame $g) standard"
	done
	wait_handled "dcreate.%" "$ND"
	for ((g = 1; g <= ND; g++)); do
		for i in 0 1 2 3 4 5 6; do
			mail "$(dplayer $g $i)" "djoin.$g.$i" "JOIN $(dgame $g) secret-$(dplayer $g $i) ${POWERS[i]}"
		done
	done
	wait_handled "djoin.%" $((7 * ND))
	for ((g = 1; g <= ND; g++)); do
		pw=$(gm_password "$g")
		[[ -n $pw ]] || die "no GM password in the reply to CREATE $(dgame $g)"
		mail gm "dstart.$g" "SIGNON $(dgame $g) $pw
START"
	done
	wait_handled "dstart.%" "$ND"
	wait_sql 60 "SELECT count(*) FROM games WHERE name LIKE 'd%' AND status = 'running'" "$ND" ||
		die "Diplomacy games not running"
	# Each player got the power he wished for.
	for ((g = 1; g <= ND; g++)); do
		for i in 0 1 2 3 4 5 6; do
			[[ $(q "SELECT seat FROM players p JOIN games g ON g.id = p.game_id WHERE g.name = '$(dgame $g)' AND p.address LIKE '$(dplayer $g $i)@%'") == "$i" ]] ||
				die "$(dplayer $g $i) does not play ${POWERS[i]}"
		done
	done
}
for s in $SCENARIOS; do
	case $s in
	blind) setup_blind ;;
	dip) setup_dip ;;
	*) die "BENCH_MAIL: no scenario $s (blind, dip)" ;;
	esac
done
sent_all
pbemd_down

save_blind() {  # save_blind FROM TO: plies FROM to TO of every game (NG * PLIES move mails in all)
	local k g
	for ((k = $1; k <= $2; k++)); do
		for ((g = 1; g <= NG; g++)); do
			blind_mail "$g" $(($(ahead $g) + k)) "move.$g.$k"
		done
	done
}
# dip_orders K I: power I's orders of movement phase K. Each Spring every
# unit of DIP_OUT steps out or holds by a bit of its own that year (the
# bits from a hash of the year, power and unit); each Fall the units that
# stepped out step back and the others hold. So the board and the map
# differ from one year to the next, as in a real game: no picture, and no
# band of one, comes back a year later to be found among the kept ones.
dip_orders() {
	local k=$1 i=$2 y=$((($1 - 1) / 2)) j=0 out back bit o=
	local -a outs backs
	mapfile -t outs <<<"${DIP_OUT[i]}"
	mapfile -t backs <<<"${DIP_BACK[i]}"
	for ((j = 0; j < ${#outs[@]}; j++)); do
		bit=$(((y * 1000003 + i * 7919 + j * 104729) * 0x5bd1e995 & 0xffffffff))
		bit=$((((bit ^ bit >> 15) * 0x5bd1e995 & 0xffffffff) >> 13 & 1))
		out=${outs[j]} back=${backs[j]}
		if ((bit == 0)) && [[ $out == *" - "* ]]; then
			out="${out%% - *} H"
			back=$out
		fi
		if ((k % 2)); then o+=$out$'\n'; else o+=$back$'\n'; fi
	done
	printf '%s' "${o%$'\n'}"
}
save_dip() {  # save_dip FROM TO: phases FROM to TO (ND * DPHASES * 7 order mails in all)
	local k g i
	for ((k = $1; k <= $2; k++)); do
		for ((g = 1; g <= ND; g++)); do
			for i in 0 1 2 3 4 5 6; do
				mail "$(dplayer $g $i)" "dmove.$g.$k.$i" "SIGNON $(dgame $g) secret-$(dplayer $g $i)
$(dip_orders $k $i)"
			done
		done
	done
}

# measure SCENARIO PREFIX N: a fresh daemon handles the N mails PREFIX.* of
# the INBOX and sends what they queued; prints the figures.
measure() {
	local s=$1 pfx=$2 n=$3 pid perfpid= rss cpu_handled cpu_end anon file
	local t_start t_first t_last t_drain t_sent nreconn retried nsent nretried
	local wall proc send rate rate2 srate v_rate
	: >"$LOG"
	pbemd_up
	pid=$PBEMD_PID
	if [[ -n ${BENCH_PROFILE:-} ]]; then
		perf record -q -g -o "$BENCH_PROFILE.$s" -p "$pid" 2>/dev/null &
		perfpid=$!
	fi
	wait_sql 300 "SELECT count(*) FROM inbox WHERE message_id LIKE '$pfx.%'" "$n" ||
		die "$s: only $(handled "$pfx.%") of $n handled in 300 s"
	cpu_handled=$(cpu "$pid")
	wait_sql 300 "SELECT count(*) FROM outbox WHERE sent IS NULL AND failed IS NULL" 0 ||
		die "$s: outbox not sent in 300 s"
	rss=$(status "$pid" VmHWM) cpu_end=$(cpu "$pid") anon=$(status "$pid" RssAnon)
	file=$(status "$pid" RssFile)
	[[ -z ${BENCH_SMAPS:-} ]] || cp "/proc/$pid/smaps" "$BENCH_SMAPS.$s"
	[[ -z $perfpid ]] || { kill -INT "$perfpid"; wait "$perfpid"; }
	pbemd_down

	t_start=$(grep -m1 "serve: started pid=$pid " "$LOG" | logtime)
	t_first=$(grep -m1 "msgid=<$pfx\..*> handled" "$LOG" | logtime)
	t_last=$(grep "msgid=<$pfx\..*> handled" "$LOG" | tail -1 | logtime)
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

	wall=$(span "$t_start" "$t_last")
	proc=$(span "$t_first" "$t_last")
	send=$(span "$t_last" "$t_sent")
	rate=$(awk -v n="$n" -v s="$wall" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }')
	rate2=$(awk -v n="$n" -v s="$proc" 'BEGIN { printf "%.0f", (s > 0 ? (n - 1) / s : 0) }')
	srate=$(awk -v n="$((nsent - nretried))" -v s="$send" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }')
	echo "bench mail $s: $n order mails in $wall s = $rate mails/s end to end" \
		"(daemon start to last reply queued; first to last mail: $proc s = $rate2 mails/s);" \
		"peak RSS $(mb "$rss") MB (the players' first sign-ons included)"
	echo "bench mail $s: outbox: $((nsent - nretried)) replies and reports sent by SMTP in $send s =" \
		"$srate mails/s; $nreconn connections closed by the server and reopened at once," \
		"$nretried left for the retry;" \
		"the last $(span "$t_last" "$t_drain") s after the last mail"
	echo "bench mail $s: daemon CPU $cpu_handled s for the mail, $(awk -v a="$cpu_handled" -v b="$cpu_end" \
		'BEGIN { printf "%.2f", b - a }') s for sending; RSS at the end $(mb "$((anon + file))") MB ($(mb "$anon") MB anonymous, $(mb "$file") MB files)"
	v_rate=met
	((rate >= TARGET_RATE)) || v_rate=MISSED
	echo "bench mail $s: target: >= $TARGET_RATE mails/s end to end $v_rate"
}

# measure_warm SCENARIO PREFIX N NFIRST SAVE-FIRST SAVE-REST: the same
# backlog once more, from the games as they were before measure (the store
# put back), on a judge that has already verified every player's password,
# as a running judge has. A fresh daemon handles the NFIRST mails SAVE-FIRST
# saves, each player's first of the backlog, whose sign-ons each take
# Argon2id's 7 MiB for a few milliseconds (adjudicator/judge/password.c).
# Then, the daemon stopped (SIGSTOP), SAVE-REST saves the rest of the N
# mails, the peak RSS is set back to the RSS of the moment (clear_refs 5),
# and the daemon goes on (SIGCONT) through a backlog as measure's, minus its
# first mails. Printed: that peak, and the rate from the first to the last
# of the rest handled.
measure_warm() {
	local s=$1 pfx=$2 n=$3 nfirst=$4 pid rss t_first t_last proc rate v_rss mark_line
	: >"$LOG"
	eval "$5"
	pbemd_up
	pid=$PBEMD_PID
	wait_sql 300 "SELECT count(*) FROM inbox WHERE message_id LIKE '$pfx.%'" "$nfirst" ||
		die "$s warm: only $(handled "$pfx.%") of the $nfirst first mails handled in 300 s"
	kill -STOP "$pid"
	mark_line=$(wc -l <"$LOG")
	eval "$6"
	echo 5 >"/proc/$pid/clear_refs" || die "$s warm: cannot reset the peak RSS"
	kill -CONT "$pid"
	wait_sql 300 "SELECT count(*) FROM inbox WHERE message_id LIKE '$pfx.%'" "$n" ||
		die "$s warm: only $(handled "$pfx.%") of $n handled in 300 s"
	wait_sql 300 "SELECT count(*) FROM outbox WHERE sent IS NULL AND failed IS NULL" 0 ||
		die "$s warm: outbox not sent in 300 s"
	rss=$(status "$pid" VmHWM)
	pbemd_down
	t_first=$(tail -n +"$((mark_line + 1))" "$LOG" | grep -m1 "msgid=<$pfx\..*> handled" | logtime)
	t_last=$(grep "msgid=<$pfx\..*> handled" "$LOG" | tail -1 | logtime)
	proc=$(span "$t_first" "$t_last")
	rate=$(awk -v n="$((n - nfirst))" -v s="$proc" 'BEGIN { printf "%.0f", (s > 0 ? (n - 1) / s : 0) }')
	v_rss=met
	((rss <= TARGET_RSS_KB)) || v_rss=MISSED
	echo "bench mail $s: warm (every password verified before): the other $((n - nfirst)) mails" \
		"from the first to the last in $proc s = $rate mails/s; peak RSS $(mb "$rss") MB"
	echo "bench mail $s: target: peak RSS <= $((TARGET_RSS_KB / 1024)) MB outside the password checks $v_rss" \
		"(with them: peak RSS from the cold start above; docs/architecture.md, \"Memory\")"
}
# The store before a measured run, put back for measure_warm. The daemon is
# down both times.
snapshot() { rm -f "$DB.snap" && q ".backup '$DB.snap'"; }
restore() { rm -f "$DB-wal" "$DB-shm" && cp "$DB.snap" "$DB"; }

# check PREFIX N GAMES-LIKE PHASE ROWS MARK: the run was right: N mails
# handled, no ERROR reply, every game at PHASE, ROWS outbox rows after MARK.
check_run() {
	local bad errs short rows
	bad=$(q "SELECT count(*) FROM inbox WHERE message_id LIKE '$1.%' AND outcome <> 'handled'")
	errs=$(q "SELECT count(*) FROM outbox WHERE id > $6 AND instr(CAST(message AS TEXT), 'ERROR') > 0")
	short=$(q "SELECT count(*) FROM games WHERE name LIKE '$3' AND $4 >= 0 AND phase <> $4")
	rows=$(q "SELECT count(*) FROM outbox WHERE id > $6")
	((bad == 0 && errs == 0 && short == 0 && rows == $5)) ||
		die "wrong run: $bad not handled, $errs ERROR replies, $short games not at phase $4, $rows outbox rows (want $5)"
}

check_blind() {  # check_blind MARK
	# Three mails a move: the reply, the opponent's and the GM's report.
	check_run move $((NG * PLIES)) 'g%' -1 $((3 * NG * PLIES)) "$1"
	for ((g = 1; g <= NG; g++)); do
		[[ $(q "SELECT phase FROM games WHERE name = '$(game $g)'") == $((1 + $(ahead $g) + PLIES)) ]] ||
			die "wrong run: game $(game $g) short of moves"
	done
}
check_dip() {  # check_dip MARK PHASE0
	# A reply to each mail; a report to the six other players and the GM
	# when the phase is played.
	check_run dmove $((ND * DPHASES * 7)) 'd%' $(($2 + DPHASES)) $((ND * DPHASES * (7 + 7))) "$1"
}
for s in $SCENARIOS; do
	snapshot || die "cannot copy the store"
	mark=$(q "SELECT coalesce(max(id), 0) FROM outbox")
	case $s in
	blind)
		echo "bench mail blind: saving $((NG * PLIES)) order mails into the judge's INBOX (doveadm save) ..."
		save_blind 1 "$PLIES"
		measure blind move $((NG * PLIES))
		check_blind "$mark"
		restore || die "cannot put the store back"
		mark=$(q "SELECT coalesce(max(id), 0) FROM outbox")
		# Plies 1 and 2 hold each player's first mail.
		measure_warm blind move $((NG * PLIES)) $((2 * NG)) "save_blind 1 2" "save_blind 3 $PLIES"
		check_blind "$mark"
		;;
	dip)
		phase0=$(q "SELECT phase FROM games WHERE name = 'd1'")
		echo "bench mail dip: saving $((ND * DPHASES * 7)) order mails into the judge's INBOX (doveadm save) ..."
		save_dip 1 "$DPHASES"
		measure dip dmove $((ND * DPHASES * 7))
		check_dip "$mark" "$phase0"
		restore || die "cannot put the store back"
		mark=$(q "SELECT coalesce(max(id), 0) FROM outbox")
		measure_warm dip dmove $((ND * DPHASES * 7)) $((ND * 7)) "save_dip 1 1" "save_dip 2 $DPHASES"
		check_dip "$mark" "$phase0"
		;;
	esac
done
