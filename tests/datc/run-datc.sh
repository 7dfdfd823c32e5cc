#!/usr/bin/env bash
# tests/datc/run-datc.sh - every DATC v3.0 case of tests/data/datc/ through
# `pbemd adjudicate`, the same path game masters use, all cases in one
# process (its batch mode, issue 18); then the DATC v2.4 civil-disorder
# appendix in a second one with --old-civil-disorder (an option test).
# Then all again through pbemd-adjudicate, the same command as a small
# program of its own (issue 18): a failure names the program too.
# Compared per case and phase: order results (VOID reasons are free text,
# so only the word VOID), dislodgements, retreat options, disbanded and
# removed units, and every unit on the board afterwards.
# Prints one line per failing case and closes with "N passed, M failed".
set -uo pipefail
PBEMD=${PBEMD:-build/pbemd}
LEAN=${LEAN:-build/pbemd-adjudicate}
DATA=${DATC_DATA:-tests/data/datc}
passed=0 failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

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

# The files of one run: each holds one case; all go to one process, whose
# output is cut at its CASE lines into $tmp/got/N (the Nth case).
run_all() {  # LIST PROGRAM... (the command and its options)
	local list=$1 f id n=0 rc prog; shift
	rm -rf "$tmp/got"; mkdir -p "$tmp/got"
	while read -r f; do cat "$f"; echo; done <"$list" >"$tmp/in"
	"$@" "$tmp/in" >"$tmp/out" 2>"$tmp/err"; rc=$?
	prog=${1##*/}
	awk -v dir="$tmp/got" '$1 == "CASE" { f = dir "/" ++n } f != "" { print > f }
		$1 == "END" && f != "" { close(f); f = "" }' "$tmp/out"
	while read -r f; do
		n=$((n + 1))
		id=$(awk '$1 == "CASE" { print $2; exit }' "$f")
		check_case "${id:-$f}" "$f" "$tmp/got/$n" "$rc"
	done <"$list"
}

check_case() {  # ID FILE OUTPUT STATUS
	local id=$1 f=$2 got=$3 rc=$4
	if [[ ! -f $got ]] || [[ $(awk '{ print $2; exit }' "$got") != "$id" ]]; then
		echo "FAIL $id ($prog): not in the output (exit $rc: $(head -n 1 "$tmp/err"))"
		failed=$((failed + 1)); return
	fi
	if grep -q '^ERROR ' "$got"; then
		echo "FAIL $id ($prog): $(grep -m 1 '^ERROR ' "$got")"
		failed=$((failed + 1)); return
	fi
	if ! diff <(normalize <"$f") <(normalize <"$got") >/dev/null; then
		echo "FAIL $id ($prog):"
		diff <(normalize <"$f") <(normalize <"$got") |
			grep '^[<>]' | sed -e 's/^</  expected/' -e 's/^>/  got     /' | head -n 8
		failed=$((failed + 1)); return
	fi
	passed=$((passed + 1))
}

for p in "$PBEMD" "$LEAN"; do
	if [[ ! -x $p ]]; then
		echo "$p: not built"; echo "0 passed, 1 failed"; exit 1
	fi
done
ls "$DATA"/*.txt | LC_ALL=C sort -V >"$tmp/v3"
ls "$DATA"/v2.4/*.txt | LC_ALL=C sort -V >"$tmp/v24"
run_all "$tmp/v3" "$PBEMD" adjudicate
run_all "$tmp/v24" "$PBEMD" adjudicate --old-civil-disorder
run_all "$tmp/v3" "$LEAN"
run_all "$tmp/v24" "$LEAN" --old-civil-disorder
# A driver writes one case to a pipe and waits for its results before it
# writes the next: each case's END must come back while the pipe stays
# open (a reader waiting for a whole block would never answer).
interactive() {  # PROGRAM...
	local prog=${1##*/} k line got
	coproc ADJ { "$@" - 2>/dev/null; }
	for k in 6.A.1 6.A.2; do
		cat "$DATA/$k.txt" >&"${ADJ[1]}"
		got=no
		while IFS= read -r -t 60 line <&"${ADJ[0]}"; do
			[[ $line == END* ]] && { got=yes; break; }
		done
		if [[ $got == yes ]]; then
			passed=$((passed + 1))
		else
			echo "FAIL $k ($prog): no results from a pipe left open"
			failed=$((failed + 1))
		fi
	done
	exec {ADJ[1]}>&-
	wait "$ADJ_PID" 2>/dev/null
}
interactive "$PBEMD" adjudicate
interactive "$LEAN"
echo "$passed passed, $failed failed"
((failed == 0))
