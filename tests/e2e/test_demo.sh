#!/usr/bin/env bash
# tests/e2e/test_demo.sh - `make demo` once, the way make check runs the
# end-to-end scripts, and what its summary says.
#
# Runs demo/run.sh with DEMO_OUT in a directory of its own (build/demo/ of
# whoever runs make check is left alone); the demo starts its own mail
# stack and judge and waits on conditions only. Asserts on the summary it
# printed and on the files it kept: it ran to its end and stopped what it
# started; it names the Spring 1901 results mail and prints it; the German
# player was answered in German; the misspelt province got "Did you mean";
# the two KlinZha players' last pictures exist, are PNGs and differ; the
# part beside the report fits one screen; and the Diplomacy results mail
# carries a PNG (the map picture). Prints "N passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

out=$(mktemp -d /tmp/pbemd-demo.XXXXXX) || { echo "0 passed, 1 failed"; exit 1; }
trap 'rm -rf "$out"' EXIT
D=$out/demo
S=$D/summary.txt

t0=$SECONDS
DEMO_OUT=$D "$E2E_ROOT/demo/run.sh" >"$out/stdout" 2>&1
rc=$?
echo "the demo took $((SECONDS - t0)) s"
check "the demo ran to its end" test "$rc" = 0
((rc == 0)) || tail -n 40 "$out/stdout"
if [[ ! -s $S ]]; then
	ko "the demo kept its summary in summary.txt"
	finish
	exit
fi
check "summary.txt is what it printed" cmp -s "$out/stdout" "$S"

# The mail stack's directory, named on the "stack" line, is gone.
stackdir=$(sed -n 's/^  stack .* in \(\/tmp\/pbemd-e2e\.[A-Za-z0-9]*\)$/\1/p' "$S")
check "it stopped what it started" test -n "$stackdir" -a ! -e "$stackdir"

check "the table names the Spring 1901 results mail" \
	grep -qE '^  \[pbemd\] dg S1901M results +(yes|no) +.*claire' "$S"
check "the results are printed as France received them" \
	grep -q '^  Subject: \[pbemd\] dg S1901M results$' "$S"
check "the printed results tell Spring 1901" grep -q '^  Results of Spring 1901 (movement):$' "$S"
check "the German player's answer is in German" \
	grep -q 'the judge answered in German: "Ihre Befehle sind vollständig."' "$S"
check "his results come in German too" grep -qE '^  \[pbemd\] dg Frühjahr 1901 Ergebnisse +.* juergen' "$S"
check "the misspelt province got \"Did you mean\"" \
	grep -q 'there is no province called Burgndy. Did you mean Burgundy (BUR)?' "$S"

# "kz ... after move 4: png/A-NN.png (N KB) and png/B-NN.png (N KB) differ:"
kz=$(grep -m 1 '^  kz .*after move 4' "$S")
pa=$(sed -n 's/.*after move 4: \(png\/[a-z]*-[0-9]*\.png\) .*/\1/p' <<<"$kz")
pb=$(sed -n 's/.* and \(png\/[a-z]*-[0-9]*\.png\) .*/\1/p' <<<"$kz")
is_png() { [[ -f $1 && $(head -c 8 "$1" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]]; }
differ() { [[ -f $1 && -f $2 ]] && ! cmp -s "$1" "$2"; }
check "the summary names both KlinZha pictures" test -n "$pa" -a -n "$pb" -a "$pa" != "$pb"
check "the first KlinZha picture is a PNG" is_png "$D/${pa:-none}"
check "the second KlinZha picture is a PNG" is_png "$D/${pb:-none}"
check "the two KlinZha pictures differ" differ "$D/${pa:-none}" "$D/${pb:-none}"
check "the summary says they differ" grep -q '^  kz .* differ:$' "$S"

# Everything but the one report printed in full fits a screen.
report=$(awk '/^The Spring 1901 results as/ { on = 1; next } on && /^$/ { exit } on' "$S" | wc -l)
outside=$(($(wc -l <"$S") - report))
echo "summary: $(wc -l <"$S") lines, $report of them the report"
check "the report is printed" test "$report" -gt 40
check "beside the report the summary fits one screen (<= 60 lines)" test "$outside" -le 60
check "every mail is kept" test "$(find "$D/mail" -name '*.eml' | wc -l)" = "$(wc -l <"$D/mail/index")"

# The map picture of the Diplomacy reports (adjudicator/render/): the
# results mail's row says PNG yes, and the picture saved from it is a PNG.
map_attached() {
	local map
	map=$(sed -n 's/^  dg .*the map with the Spring 1901 results: \(png\/claire-[0-9]*\.png\).*/\1/p' "$S")
	grep -qE '^  \[pbemd\] dg S1901M results +yes ' "$S" && is_png "$D/${map:-none}"
}
check "the Diplomacy results mail carries a PNG attachment (the map)" map_attached
finish
