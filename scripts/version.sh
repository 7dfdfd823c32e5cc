#!/bin/sh
# scripts/version.sh [--head] - prints pbemd's version, one line.
#
# A release tarball (make dist) carries it in the file VERSION at the top
# of the tree, which wins: a tarball unpacked inside someone else's git
# checkout must not take that checkout's history for its own. Else it is
# `git describe` of this tree's own repository: the newest tag vX.Y
# (without its v), the commits since and the commit, "-dirty" when files
# differ from it (--head leaves that out: make dist packs HEAD). Before
# the first tag the same form counts from the start: 0.0-N-gHASH. With
# neither, "unknown": the judge still builds.
set -eu
cd "$(dirname "$0")/.."
if [ -f VERSION ]; then
	head -n 1 VERSION
	exit 0
fi
top=$(git rev-parse --show-toplevel 2>/dev/null || true)
if [ -z "$top" ] || [ "$top" != "$(pwd -P)" ]; then
	echo unknown
	exit 0
fi
dirty=--dirty
[ "${1:-}" = --head ] && dirty=
if v=$(git describe --tags --match 'v[0-9]*' $dirty 2>/dev/null); then
	echo "${v#v}"
	exit 0
fi
v=0.0-$(git rev-list --count HEAD)-g$(git rev-parse --short HEAD)
git update-index -q --refresh >/dev/null 2>&1 || true
if [ -n "$dirty" ] && ! git diff-index --quiet HEAD -- 2>/dev/null; then
	v=$v-dirty
fi
echo "$v"
