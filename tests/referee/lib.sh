# tests/referee/lib.sh - helpers for the scripts that drive `pbemd referee`
# (README.md, "The referee console"). Source it, then:
#
#   session NAME GAME [OPTION...] <<'IN'   runs one console session on the
#   ...commands...                          here-document; the transcript is
#   IN                                      $T/NAME.out, stderr $T/NAME.err
#   answer NAME N        prints the Nth answer (1-based) without its "."
#   expect NAME GOT WANT passes when the two texts are equal, else shows a diff
#   check NAME CMD...    passes when CMD exits 0
#   finish               prints "N passed, M failed" and sets the status
#
# The sanitizer build is used when it is there, so a leak or an overflow in
# the console or an engine fails the session (clean_run checks it).
REF_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REF_ROOT=$(cd "$REF_HERE/../.." && pwd)
if [[ -z ${PBEMD:-} ]]; then
	PBEMD=$REF_ROOT/build/san/pbemd
	[[ -x $PBEMD ]] || PBEMD=$REF_ROOT/build/pbemd
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/pbemd-referee.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); echo "PASS: $*"; }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() {
	local name=$1; shift
	if "$@"; then ok "$name"; else ko "$name"; fi
}
finish() {
	echo "$pass passed, $fail failed"
	((fail == 0))
}

# session NAME GAME [OPTION...] < commands
session() {
	local name=$1; shift
	(cd "$REF_ROOT" && "$PBEMD" referee "$@") >"$T/$name.out" 2>"$T/$name.err"
	echo $? >"$T/$name.rc"
}

# clean_run NAME: the session exited 0 and wrote nothing on stderr.
clean_run() {
	[[ $(cat "$T/$1.rc") == 0 && ! -s $T/$1.err ]] || {
		echo "session $1: status $(cat "$T/$1.rc")"; cat "$T/$1.err"; return 1; }
}

answer() {
	awk -v n="$2" '$0 == "." { k++; next } k == n - 1 { print }' "$T/$1.out"
}

expect() {
	local name=$1 got=$2 want=$3
	if [[ $got == "$want" ]]; then
		ok "$name"
	else
		ko "$name"
		diff <(printf '%s\n' "$want") <(printf '%s\n' "$got") | sed 's/^/    /'
	fi
}
