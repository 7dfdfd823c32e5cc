#!/usr/bin/env bash
# tests/referee/same-answers.sh OLD NEW [SEEDS] - does NEW answer every
# console session exactly as OLD does? For a change that must not alter the
# referee console's output (a refactoring of the console or of the code it
# drives). The corpus: the runs of tests/referee/test_*.sh, recorded with
# OLD, and SEEDS (default 100) sessions per game of 100 to 1,000 commands
# made by sessions.pl against OLD, some in German or with --echo, plus
# SEEDS/5 crowded Diplomacy and Zombie ones per game. Each session runs
# through both binaries from the top of the tree; standard output, error
# output and exit status must be equal. Prints the figures and every session
# that differs; exits 1 if one does. Not part of `make check` (minutes).
set -uo pipefail

# Recording mode: stands in for pbemd under tests/referee/lib.sh.
if [[ -n ${SAME_RECORD:-} ]]; then
	f=$(mktemp -p "$SAME_RECORD" rec-XXXXXX)
	printf '%s\n' "$@" >"$f.args"
	cat >"$f.in"
	rm -f "$f"
	exec "$SAME_OLD" "$@" <"$f.in"
fi

if (($# < 2)); then
	echo "usage: same-answers.sh OLD NEW [SEEDS]" >&2
	exit 64
fi
old=$(realpath "$1") new=$(realpath "$2") seeds=${3:-100}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
c=$(mktemp -d "${TMPDIR:-/tmp}/pbemd-same.XXXXXX")
trap 'rm -rf "$c"' EXIT
mkdir -p "$c/rec" "$c/gen"

for t in "$here"/test_*.sh; do
	SAME_RECORD=$c/rec SAME_OLD=$old PBEMD=$here/same-answers.sh "$t" \
	    </dev/null >/dev/null || echo "note: $t fails with $old"
done

# gen NAME GAME SEED STEPS [--crowded] -- [CONSOLE OPTION...]
gen() {
	local name=$1 game=$2 seed=$3 steps=$4 crowd=; shift 4
	[[ $1 == --crowded ]] && { crowd=--crowded; shift; }
	shift
	perl "$here/sessions.pl" $crowd "$old" "$game" "$seed" "$steps" \
	    >"$c/gen/$name.in" || echo "note: sessions.pl $game $seed failed"
	printf '%s\n' referee "$@" "$game" >"$c/gen/$name.args"
}
for game in weekeewachee klinzha standard wotk ari zombie; do
	for ((s = 1; s <= seeds; s++)); do
		steps=$((100 + (s * 7919) % 900))
		case $((s % 10)) in
		3) gen "$game-$s" "$game" "$s" "$steps" -- --lang de ;;
		7) gen "$game-$s" "$game" "$s" "$steps" -- --echo ;;
		*) gen "$game-$s" "$game" "$s" "$steps" -- ;;
		esac
	done &
done
wait
for game in standard zombie; do
	for ((s = 1; s <= seeds / 5; s++)); do
		gen "$game-crowded-$s" "$game" $((1000 + s)) 400 --crowded --
	done
done

cd "$root" || exit 1
n=0 lines=0 outl=0 bad=0
for f in "$c"/*/*.in; do
	mapfile -t args <"${f%.in}.args"
	"$old" "${args[@]}" <"$f" >"$c/a" 2>"$c/ae"; echo "status $?" >>"$c/a"
	"$new" "${args[@]}" <"$f" >"$c/b" 2>"$c/be"; echo "status $?" >>"$c/b"
	n=$((n + 1))
	lines=$((lines + $(wc -l <"$f")))
	outl=$((outl + $(wc -l <"$c/a")))
	if ! cmp -s "$c/a" "$c/b" || ! cmp -s "$c/ae" "$c/be"; then
		bad=$((bad + 1))
		echo "differs: ${f#"$c"/} (${args[*]})"
		diff "$c/a" "$c/b" | head -5 | sed 's/^/    /'
		diff "$c/ae" "$c/be" | head -5 | sed 's/^/    /'
	fi
done
echo "$n sessions, $lines input lines, $outl output lines, $bad differ"
((bad == 0))
