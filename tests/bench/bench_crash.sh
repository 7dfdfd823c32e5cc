#!/usr/bin/env bash
# tests/bench/bench_crash.sh - what a kill -9 costs (issue 13): runs the crash
# test (tests/e2e/test_crash.sh: a backlog of move mails, the daemon killed at
# random moments during intake and during sending, then counted mailbox by
# mailbox) and prints the kills, the mails that arrived twice, and the
# duplicates per kill. The target is at most one per kill: each mail is marked
# sent in its own commit right after the server took it, so only the mail in
# flight can go out again. Exits non-zero only when the crash test fails.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
out=$(CRASH_GAMES=${BENCH_CRASH_GAMES:-20} CRASH_PLIES=${BENCH_CRASH_PLIES:-16} \
	CRASH_KILLS=${BENCH_CRASH_KILLS:-60} "$here/../e2e/test_crash.sh" 2>&1)
rc=$?
kills=$(sed -n 's/^kill -9: \([0-9]*\) times.*/\1/p' <<<"$out" | tail -n 1)
line=$(grep -E '^kill -9: ' <<<"$out" | tail -n 1)
dups=$(sed -n 's/.*(\([0-9]*\) sent twice after a crash).*/\1/p' <<<"$out" | tail -n 1)
mails=$(sed -n 's/^delivered [0-9]* mails for \([0-9]*\) outbox rows.*/\1/p' <<<"$out" | tail -n 1)
if [[ -z $kills || -z $dups ]]; then
	echo "$out" | tail -n 30
	echo "bench_crash: the crash test printed no figures"
	exit 1
fi
echo "crash: $line"
echo "crash: $mails mails, $dups delivered twice after $kills kills:" \
	"$(awk -v d="$dups" -v k="$kills" 'BEGIN { printf "%.2f", k ? d / k : 0 }') duplicates per kill (target <= 1)"
grep -E '^[0-9]+ passed, [0-9]+ failed' <<<"$out" | sed 's/^/crash: /'
((rc == 0)) || { echo "$out" | grep FAIL; exit 1; }
