#!/usr/bin/env bash
# tests/bench/bench_adjudicate.sh - `pbemd adjudicate` as a process
# (issue 18), on BENCH_PHASES random movement phases (gen_phases, seed 18):
#   batch        every phase in one process, text in and results out;
#                phases/s, beside one process per case (on the first
#                BENCH_EACH cases) and the ratio of the two
#   one case     the wall time of one process for one case, median of
#                BENCH_RUNS, beside a trivial static C program run the
#                same way (build/bench/trivial), and the ratio
# Figures only; nothing here fails on a slow machine. The timings are
# bench_spawn's (posix_spawn to waitpid); batch is the best of 5 runs.
set -uo pipefail
PBEMD=${PBEMD:-build/pbemd}
SPAWN=build/bench/bench_spawn
PHASES=${BENCH_PHASES:-3000}
EACH=${BENCH_EACH:-300}
RUNS=${BENCH_RUNS:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The field after word in a bench_spawn line.
field() { awk -v w="$1" '{ for (i = 1; i < NF; i++) if ($i == w) print $(i + 1) }'; }

build/bench/gen_phases -s 18 "$PHASES" >"$tmp/all.txt" || exit 1
awk -v dir="$tmp" '$1 == "CASE" { f = sprintf("%s/c%05d.txt", dir, ++n) }
	{ print > f } $1 == "END" { close(f) }' "$tmp/all.txt"
ls "$tmp"/c*.txt | head -n "$EACH" >"$tmp/each"
head -n 1 "$tmp/each" >"$tmp/first"
echo "$tmp/all.txt" >"$tmp/whole"

# Batch: the output must hold every phase, else the binary has no batch.
"$PBEMD" adjudicate "$tmp/all.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
played=$(grep -c '^PHASE ' "$tmp/out")
if ((rc == 0 && played == PHASES)); then
	best=$("$SPAWN" 5 "$tmp/whole" "$PBEMD" adjudicate | field best_us)
	batch=$(awk -v n="$PHASES" -v us="$best" 'BEGIN { printf "%.0f", n * 1e6 / us }')
else
	batch=""
	echo "bench adjudicate: batch: no batch mode (exit $rc after $played of $PHASES phases: $(head -c 100 "$tmp/err"))"
fi
med=$("$SPAWN" "$EACH" "$tmp/each" "$PBEMD" adjudicate | field median_us)
each=$(awk -v us="$med" 'BEGIN { printf "%.0f", 1e6 / us }')
if [[ -n $batch ]]; then
	echo "bench adjudicate: batch $batch phases/s in one process ($PHASES phases), one process per case $each phases/s: $(awk -v a="$batch" -v b="$each" 'BEGIN { printf "%.0f", a / b }')x"
else
	echo "bench adjudicate: one process per case $each phases/s ($EACH cases)"
fi

# One case a process, beside a trivial static program.
triv=$("$SPAWN" "$RUNS" "$tmp/first" build/bench/trivial | field median_us)
one=$("$SPAWN" "$RUNS" "$tmp/first" "$PBEMD" adjudicate | field median_us)
echo "bench adjudicate: one case a process: $PBEMD adjudicate ${one} us, trivial static program ${triv} us: $(awk -v a="$one" -v b="$triv" 'BEGIN { printf "%.2f", a / b }')x (median of $RUNS)"
