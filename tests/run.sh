#!/usr/bin/env bash
# tests/run.sh UNIT_BIN... -- CHECK_SCRIPT...
# Runs every unit-test binary (Check) and every check script (each prints a
# line "N passed, M failed"), then prints the total as the closing line.
set -uo pipefail
passed=0 failed=0 broken=()

count_check() {  # adds a Check summary line "NN%: Checks: N, Failures: F, Errors: E"
	local line=$1 n f e
	n=$(sed -E 's/.*Checks: ([0-9]+).*/\1/' <<<"$line")
	f=$(sed -E 's/.*Failures: ([0-9]+).*/\1/' <<<"$line")
	e=$(sed -E 's/.*Errors: ([0-9]+).*/\1/' <<<"$line")
	passed=$((passed + n - f - e)); failed=$((failed + f + e))
}

units=() scripts=() seen_sep=0
for a in "$@"; do
	if [[ $a == -- ]]; then seen_sep=1; continue; fi
	if ((seen_sep)); then scripts+=("$a"); else units+=("$a"); fi
done

for t in "${units[@]}"; do
	out=$("$t" 2>&1); rc=$?
	line=$(grep -E 'Checks: [0-9]+, Failures: [0-9]+, Errors: [0-9]+' <<<"$out" | tail -n 1)
	if [[ -z $line ]]; then
		echo "$out"; echo "$t: no Check summary (rc $rc)"; failed=$((failed + 1)); broken+=("$t"); continue
	fi
	count_check "$line"
	if ((rc != 0)); then echo "$out"; broken+=("$t"); fi
	printf '%-60s %s\n' "${t#build/san/tests/unit/}" "${line#*: }"
done

for s in "${scripts[@]}"; do
	echo "== $s"
	out=$($s 2>&1); rc=$?
	line=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' <<<"$out" | tail -n 1)
	if [[ -z $line ]]; then
		echo "$out"; echo "$s: no summary line (rc $rc)"; failed=$((failed + 1)); broken+=("$s"); continue
	fi
	p=$(sed -E 's/^([A-Za-z-]+: )?([0-9]+) passed.*/\2/' <<<"$line")
	f=$(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$line")
	passed=$((passed + p)); failed=$((failed + f))
	if ((rc != 0 || f > 0)); then
		echo "$out" | tail -n 60; broken+=("$s")
		((f == 0)) && failed=$((failed + 1))
	else
		echo "$line"
	fi
done

((${#broken[@]})) && echo "failing: ${broken[*]}"
echo "check: $passed passed, $failed failed"
((failed == 0))
