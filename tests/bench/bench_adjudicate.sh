#!/usr/bin/env bash
# tests/bench/bench_adjudicate.sh - `pbemd adjudicate` and pbemd-adjudicate
# as processes (issue 18), on BENCH_PHASES random movement phases
# (gen_phases, seed 18):
#   batch        every phase in one process, text in and results out;
#                phases/s by the wall time and by the CPU time of the
#                process (the one a busy machine inflates less), beside
#                one process per case (on the first BENCH_EACH cases) and
#                the ratio of the two
#   one case     the wall time of one process for one case, median of
#                BENCH_RUNS, beside a trivial static C program run the
#                same way (build/bench/trivial), and the ratio
# Figures only; nothing here fails on a slow machine. The timings are
# bench_spawn's (posix_spawn to waitpid, and the CPU time wait4 reports);
# batch is the best of BENCH_BATCH_RUNS (5) runs.
set -uo pipefail
PBEMD=${PBEMD:-build/pbemd}
LEAN=${LEAN:-build/pbemd-adjudicate}
SPAWN=build/bench/bench_spawn
PHASES=${BENCH_PHASES:-3000}
EACH=${BENCH_EACH:-300}
RUNS=${BENCH_RUNS:-200}
RUNS_BATCH=${BENCH_BATCH_RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The field after word in a bench_spawn line.
field() { awk -v w="$1" '{ for (i = 1; i < NF; i++) if ($i == w) print $(i + 1) }'; }
ratio() { awk -v a="$1" -v b="$2" -v f="$3" 'BEGIN { printf f, a / b }'; }

build/bench/gen_phases -s 18 "$PHASES" >"$tmp/all.txt" || exit 1
awk -v dir="$tmp" '$1 == "CASE" { f = sprintf("%s/c%05d.txt", dir, ++n) }
	{ print > f } $1 == "END" { close(f) }' "$tmp/all.txt"
ls "$tmp"/c*.txt | head -n "$EACH" >"$tmp/each"
head -n 1 "$tmp/each" >"$tmp/first"
echo "$tmp/all.txt" >"$tmp/whole"
triv=$("$SPAWN" "$RUNS" "$tmp/first" build/bench/trivial | field median_us)

# bench NAME COMMAND...: the three figures of one program.
bench() {
	local name=$1 rc played out best cpu batch med each one; shift
	[[ -x $1 ]] || { echo "bench adjudicate: $name: $1 not built"; return; }
	# Batch: the output must hold every phase, else there is no batch.
	"$@" "$tmp/all.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
	played=$(grep -c '^PHASE ' "$tmp/out")
	med=$("$SPAWN" "$EACH" "$tmp/each" "$@" | field median_us)
	each=$(ratio 1e6 "$med" "%.0f")
	if ((rc == 0 && played == PHASES)); then
		out=$("$SPAWN" "$RUNS_BATCH" "$tmp/whole" "$@")
		best=$(echo "$out" | field best_us)
		cpu=$(echo "$out" | field cpu_best_us)
		batch=$(ratio "$((PHASES * 1000000))" "$best" "%.0f")
		echo "bench adjudicate: $name: batch $batch phases/s in one process ($PHASES phases; by CPU time $(ratio "$((PHASES * 1000000))" "$cpu" "%.0f")), one process per case $each phases/s: $(ratio "$batch" "$each" "%.0f")x"
	else
		echo "bench adjudicate: $name: no batch (exit $rc after $played of $PHASES phases: $(head -c 100 "$tmp/err")); one process per case $each phases/s"
	fi
	one=$("$SPAWN" "$RUNS" "$tmp/first" "$@" | field median_us)
	echo "bench adjudicate: $name: one case a process ${one} us, a trivial static program ${triv} us: $(ratio "$one" "$triv" "%.2f")x (median of $RUNS)"
}

bench "pbemd adjudicate" "$PBEMD" adjudicate
bench "pbemd-adjudicate" "$LEAN"
