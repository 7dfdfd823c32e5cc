#!/usr/bin/env bash
# tests/datc/run-datc.sh - every DATC v3.0 case of tests/data/datc/ through
# `pbemd adjudicate`, the same path game masters use; then the DATC v2.4
# civil-disorder appendix with --old-civil-disorder (an option test).
# Compared per phase: order results (VOID reasons are free text, so only
# the word VOID), dislodgements, retreat options, disbanded and removed
# units, and every unit on the board afterwards.
# Prints one line per failing case and closes with "N passed, M failed".
set -uo pipefail
PBEMD=${PBEMD:-build/pbemd}
DATA=${DATC_DATA:-tests/data/datc}
passed=0 failed=0

# The comparable lines of a record stream, one per line, sorted.
normalize() {
	awk '
	$1 == "PHASE" { phase = $2; next }
	$1 ~ /^(ORDER|DISLODGED|RETREATS|DISBANDED|AUTOREMOVE|AFTER)$/ {
		line = $0
		gsub(/[ \t]+/, " ", line); sub(/ $/, "", line)
		if ($1 == "ORDER") sub(/= VOID\(.*\)$/, "= VOID", line)
		if ($1 == "RETREATS") {
			n = split(line, half, " : ")
			m = split(half[2], d, " ")
			for (i = 1; i <= m; i++)
				for (j = i + 1; j <= m; j++)
					if (d[j] < d[i]) { t = d[i]; d[i] = d[j]; d[j] = t }
			line = half[1] " :"
			for (i = 1; i <= m; i++) line = line " " d[i]
		}
		print phase " " line
	}' | LC_ALL=C sort
}

run_case() {  # FILE [OPTION...]
	local f=$1 id out rc; shift
	id=$(awk '$1 == "CASE" { print $2; exit }' "$f")
	out=$("$PBEMD" adjudicate "$@" "$f" 2>&1); rc=$?
	if ((rc != 0)); then
		echo "FAIL ${id:-$f}: exit $rc: $(head -n 1 <<<"$out")"
		failed=$((failed + 1)); return
	fi
	if ! diff <(normalize <"$f") <(normalize <<<"$out") >/dev/null; then
		echo "FAIL ${id:-$f}:"
		diff <(normalize <"$f") <(normalize <<<"$out") |
			grep '^[<>]' | sed -e 's/^</  expected/' -e 's/^>/  got     /' | head -n 8
		failed=$((failed + 1)); return
	fi
	passed=$((passed + 1))
}

if [[ ! -x $PBEMD ]]; then
	echo "$PBEMD: not built"; echo "0 passed, 1 failed"; exit 1
fi
for f in $(ls "$DATA"/*.txt | LC_ALL=C sort -V); do
	run_case "$f"
done
for f in $(ls "$DATA"/v2.4/*.txt | LC_ALL=C sort -V); do
	run_case "$f" --old-civil-disorder
done
echo "$passed passed, $failed failed"
((failed == 0))
