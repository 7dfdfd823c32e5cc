#!/usr/bin/env bash
# tests/run.sh UNIT_BIN... -- CHECK_SCRIPT...
# Runs every unit-test binary (Check) and every check script (each prints a
# line "N passed, M failed"), then prints the total as the closing line.
#
# The unit binaries run CHECK_JOBS at a time (default: the number of CPUs),
# then the check scripts E2E_JOBS at a time (default 2). Both start the
# slowest of the last run first (the times are kept in CHECK_TIMES, default
# build/check-times; one not timed yet counts as the slowest), so no long
# one starts last. Each one's output is kept in a file of its own and
# printed whole, in the order given, as soon as it and all before it are
# done; the totals count every one exactly once.
set -uo pipefail
passed=0 failed=0 broken=()
jobs=${CHECK_JOBS:-$(nproc 2>/dev/null || echo 2)}
e2e_jobs=${E2E_JOBS:-2}
times=${CHECK_TIMES:-build/check-times}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: CHECK_JOBS must be a number >= 1"; exit 2; }
[[ $e2e_jobs =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: E2E_JOBS must be a number >= 1"; exit 2; }

out=$(mktemp -d "${TMPDIR:-/tmp}/pbemd-run.XXXXXX") || exit 1
trap 'rm -rf "$out"' EXIT
trap 'exit 1' INT TERM HUP

units=() scripts=() seen_sep=0
for a in "$@"; do
	if [[ $a == -- ]]; then seen_sep=1; continue; fi
	if ((seen_sep)); then scripts+=("$a"); else units+=("$a"); fi
done

count_check() {  # adds a Check summary line "NN%: Checks: N, Failures: F, Errors: E"
	local line=$1 n f e
	n=$(sed -E 's/.*Checks: ([0-9]+).*/\1/' <<<"$line")
	f=$(sed -E 's/.*Failures: ([0-9]+).*/\1/' <<<"$line")
	e=$(sed -E 's/.*Errors: ([0-9]+).*/\1/' <<<"$line")
	passed=$((passed + n - f - e)); failed=$((failed + f + e))
}

now_ms() { local t=${EPOCHREALTIME/./}; echo $((t / 1000)); }

# start KIND I CMD: runs CMD in the background; its output goes to
# $out/KIND.I, then its exit status and its time in ms to $out/KIND.I.rc.
start() {
	local kind=$1 i=$2 cmd=$3
	(
		t0=$(now_ms)
		"$cmd" >"$out/$kind.$i" 2>&1 </dev/null
		rc=$?
		echo "$rc $(($(now_ms) - t0))" >"$out/$kind.$i.rc.tmp"
		mv "$out/$kind.$i.rc.tmp" "$out/$kind.$i.rc"
	) &
}

report_unit() {  # report_unit I: what unit binary I printed, counted
	local t=${units[$1]} rc ms line
	read -r rc ms <"$out/unit.$1.rc"
	echo "$ms $t" >>"$out/times"
	line=$(grep -E 'Checks: [0-9]+, Failures: [0-9]+, Errors: [0-9]+' "$out/unit.$1" | tail -n 1)
	if [[ -z $line ]]; then
		cat "$out/unit.$1"; echo "$t: no Check summary (rc $rc)"
		failed=$((failed + 1)); broken+=("$t"); return
	fi
	count_check "$line"
	if ((rc != 0)); then cat "$out/unit.$1"; broken+=("$t"); fi
	printf '%-58s %-36s %5.1fs\n' "${t#build/san/tests/unit/}" "${line#*: }" \
		"$((ms / 1000)).$((ms % 1000 / 100))"
}

report_script() {  # report_script I: what check script I printed, counted
	local s=${scripts[$1]} rc ms line p f
	read -r rc ms <"$out/script.$1.rc"
	echo "$ms $s" >>"$out/times"
	echo "== $s ($((ms / 1000)) s)"
	line=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' "$out/script.$1" | tail -n 1)
	if [[ -z $line ]]; then
		cat "$out/script.$1"; echo "$s: no summary line (rc $rc)"
		failed=$((failed + 1)); broken+=("$s"); return
	fi
	p=$(sed -E 's/^([A-Za-z-]+: )?([0-9]+) passed.*/\2/' <<<"$line")
	f=$(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$line")
	passed=$((passed + p)); failed=$((failed + f))
	if ((rc != 0 || f > 0)); then
		tail -n 60 "$out/script.$1"; broken+=("$s")
		((f == 0)) && failed=$((failed + 1))
	else
		echo "$line"
	fi
}

# pool KIND JOBS ORDER...: runs the KIND list (units or scripts) JOBS at a
# time, starting them in ORDER (indices), reporting them in list order.
pool() {
	local kind=$1 njobs=$2 i next=0 running=0 n
	shift 2
	local -n list=${kind}s
	n=${#list[@]}
	report_ready() {
		while ((next < n)) && [[ -e $out/$kind.$next.rc ]]; do
			"report_$kind" "$next"; next=$((next + 1))
		done
	}
	for i in "$@"; do
		while ((running >= njobs)); do
			wait -n; running=$((running - 1)); report_ready
		done
		start "$kind" "$i" "${list[i]}"; running=$((running + 1))
	done
	while ((running > 0)); do
		wait -n; running=$((running - 1)); report_ready
	done
	# One that left no status (killed): reported as failed, not skipped.
	for ((i = next; i < n; i++)); do
		[[ -e $out/$kind.$i.rc ]] || echo "137 0" >"$out/$kind.$i.rc"
	done
	report_ready
}

# order KIND: the indices of the KIND list in the order to start them:
# those never timed first (a new one may be long), then the longest of the
# last run; without a record, the order given.
order() {
	local -n list=${1}s
	local i ms
	for i in "${!list[@]}"; do
		ms=$(awk -v t="${list[i]}" '$2 == t { ms = $1 } END { print ms }' \
			"$times" 2>/dev/null)
		echo "${ms:-999999999} $i"
	done | sort -k1,1nr -k2,2n | cut -d' ' -f2
}

t0=$(now_ms)
if ((${#units[@]})); then
	pool unit "$jobs" $(order unit)
	echo "units: ${#units[@]} binaries, $jobs at a time, $((($(now_ms) - t0) / 1000)) s"
fi
t1=$(now_ms)
if ((${#scripts[@]})); then
	pool script "$e2e_jobs" $(order script)
	echo "scripts: ${#scripts[@]}, $e2e_jobs at a time, $((($(now_ms) - t1) / 1000)) s"
fi
# The times of this run, for the next one's order (kept where it ran).
if [[ -d $(dirname "$times") && -s $out/times ]]; then
	# Those this run left out keep their last time.
	[[ -f $times ]] || : >"$times"
	awk 'NR == FNR { seen[$2] = 1; print; next } !seen[$2]' \
		"$out/times" "$times" 2>/dev/null >"$out/times.all"
	cp "$out/times.all" "$times" 2>/dev/null
fi

((${#broken[@]})) && echo "failing: ${broken[*]}"
echo "check: $passed passed, $failed failed"
((failed == 0))
