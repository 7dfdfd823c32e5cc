#!/usr/bin/env bash
# tests/install/test_dist.sh - `make dist` makes a tarball that builds
# where there is no git.
#
# The tarball must hold every file git tracks and a VERSION file with the
# version of HEAD; unpacked in a directory with no .git above it, `make`
# builds build/pbemd, which says that version. Skipped (0 passed) where
# the tree is no git checkout (a make check run from a tarball).
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "PASS: $*"; }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() { local n=$1; shift; if "$@"; then ok "$n"; else ko "$n"; fi; }
finish() { echo "$pass passed, $fail failed"; ((fail == 0)); }

if [[ $(git -C "$ROOT" rev-parse --show-toplevel 2>/dev/null) != "$ROOT" ]]; then
	echo "SKIP: $ROOT is no git checkout; make dist needs one"
	finish; exit
fi
T=$(mktemp -d /tmp/pbemd-dist.XXXXXX) || exit 1
trap 'rm -rf "$T"' EXIT
v=$("$ROOT/scripts/version.sh" --head)
tgz=$ROOT/build/pbemd-$v.tar.gz
check "make dist" eval 'make -C "$ROOT" --no-print-directory dist >"$T/dist.log" 2>&1'
check "it wrote build/pbemd-$v.tar.gz" test -s "$tgz"
tar -xzf "$tgz" -C "$T" 2>/dev/null
src=$T/pbemd-$v
check "VERSION in it says $v" test "$(cat "$src/VERSION" 2>/dev/null)" = "$v"
files_all() {  # every file git tracks, and VERSION; no .git
	local n m
	n=$(git -C "$ROOT" ls-files | wc -l)
	m=$(cd "$src" && find . -type f -o -type l | wc -l)
	if [[ -e $src/.git ]] || ((m != n + 1)); then
		echo "tracked $n, in the tarball $m"; return 1
	fi
}
check "it holds every tracked file, VERSION, and no .git" files_all
check "no git repository above where it is unpacked" \
	eval '! git -C "$src" rev-parse --git-dir >/dev/null 2>&1'
check "make builds build/pbemd there" \
	eval 'make -C "$src" -j2 --no-print-directory >"$T/build.log" 2>&1 || { tail -n 20 "$T/build.log"; false; }'
check "that pbemd --version says 'pbemd $v'" \
	test "$("$src/build/pbemd" --version 2>&1)" = "pbemd $v"
rm -f "$tgz"
finish
