#!/usr/bin/env bash
# tests/layers.sh - the arrows of DESIGN.md "Layout" point one way.
# 1. Includes: every .c/.h outside tests/ and build/ includes only what the
#    rule of its folder allows (RULES); inside adjudicator/judge/ a file
#    includes judge headers of its own layer or lower only (LAYERS), and a
#    command (cmd_*) no other command's header. A quoted include is found as
#    the compiler finds it: next to the including file first, then from the
#    root (-I.); <x> is the project's when the root holds x.
# 2. Circles: in the objects of `make build/pbemd` (build/obj; build/gen
#    holds data and calls nothing) an edge runs from the file using a symbol
#    to the file defining it. A game folder is one node: circles inside it
#    are allowed, one passing through it is not. Every strongly connected
#    component of two or more nodes is reported with symbols that tie it.
# Why: a layer that calls back up cannot be read, tested or replaced alone.
# Usage: tests/layers.sh [--check | --selftest] (default: both), on the tree
# $LAYERS_ROOT or else this one. Prints "N passed, M failed" last: one check
# per file for the includes, one for the circles, one per self-test assertion.
set -uo pipefail

# Rules: folder (or file) of the includer, then what it may include besides
# its own folder and <system headers>. "x/" is a folder, anything else a file.
RULES='
common/               -
mail/                 common/
db/                   common/
adjudicator/game/     common/
GAME                  adjudicator/game/ common/
adjudicator/render/   adjudicator/game/game.h common/
adjudicator/judge/    adjudicator/game/ adjudicator/render/ db/ mail/message.h mail/compose.h common/
adjudicator/serve/    adjudicator/judge/judge.h mail/ db/ adjudicator/render/ common/
adjudicator/referee/  adjudicator/game/ adjudicator/render/ common/
adjudicator/main.c    adjudicator/serve/ adjudicator/referee/ adjudicator/diplomacy/cli.h common/
'
GAMES='diplomacy klinzha wotk ari weekeewachee'   # GAME above: adjudicator/<each>/
# Layers of adjudicator/judge/ by file name (with ".c"/".h": that file only).
LAYERS='
L0 env session notice seats opts assign ledger password deadline limits courtesy njudge keeper
L1 queue clock notify report observers
L2 phase orders play overview gametable
L3 cmd_* reply
L4 judge lines mailin tick downtime undelivered
'

includes() {
	find . \( -path ./.git -o -path ./build -o -path ./tests \) -prune -o -type f \
		\( -name '*.c' -o -name '*.h' \) -print | sed 's|^\./||' | sort |
	awk -v rules="$RULES" -v games="$GAMES" -v layers="$LAYERS" "$(cat <<'AWK'
function norm(p,   n, i, k, s, out) {   # a/b/../c -> a/c
	n = split(p, s, "/"); k = 0
	for (i = 1; i <= n; i++) if (s[i] == "..") k--; else if (s[i] != "." && s[i] != "") out[++k] = s[i]
	p = out[1]; for (i = 2; i <= k; i++) p = p "/" out[i]
	return p
}
function dir(f) { sub(/[^\/]*$/, "", f); return f }
function stem(f) { sub(/.*\//, "", f); sub(/\.[ch]$/, "", f); return f }
function layer(f,   b, s, k) {
	b = f; sub(/.*\//, "", b); s = stem(f)
	for (k in lay) if (k == b || k == s || (k ~ /\*$/ && index(s, substr(k, 1, length(k) - 1)) == 1)) return lay[k]
	return ""
}
function rulekey(f) { return (f in rule) ? f : (dir(f) in rule) ? dir(f) : "" }
function fail(f, msg) { print msg; bad[f] = 1 }
function filecheck(f) {
	seen[f] = 1
	if (rulekey(f) == "") fail(f, f ": no rule for folder " (dir(f) == "" ? "./" : dir(f)) " in tests/layers.sh")
	if (dir(f) == "adjudicator/judge/" && layer(f) == "")
		fail(f, f ": matches no judge layer: give it a layer in tests/layers.sh and docs/architecture.md")
}
function include(f, line, spelt, t,   k, n, i, a, ok, lf, lt, at, may) {
	if ((k = rulekey(f)) == "") return
	ok = index(t, dir(f)) == 1; n = split(rule[k], a, " ")
	for (i = 1; i <= n; i++) if (a[i] == t || (a[i] ~ /\/$/ && index(t, a[i]) == 1)) ok = 1
	at = f ":" line ": #include " spelt; may = rule[k]; gsub(/ +/, ", ", may)
	if (!ok) fail(f, at (substr(spelt, 2, length(spelt) - 2) == t ? "" : " (" t ")") ": " k " may include only its own folder" (may == "-" ? "" : ", " may))
	if (!ok || dir(f) != "adjudicator/judge/" || dir(t) != dir(f) || (lf = layer(f)) == "") return
	if ((lt = layer(t)) == "") fail(f, at ": " t " matches no judge layer")
	else if (lt > lf) fail(f, at ": an " lf " file includes an " lt " header (own layer or lower only)")
	else if (lf == "L3" && lt == "L3" && stem(t) != stem(f)) fail(f, at ": a command includes another command's header")
}
BEGIN {
	n = split(rules, r, "\n")
	for (i = 1; i <= n; i++) if (split(r[i], w, " ") >= 2) {
		v = r[i]; sub(/^[^ ]+ +/, "", v); sub(/ +$/, "", v)
		if (w[1] != "GAME") { rule[w[1]] = v; continue }
		m = split(games, g, " "); for (j = 1; j <= m; j++) rule["adjudicator/" g[j] "/"] = v
	}
	n = split(layers, r, "\n")
	for (i = 1; i <= n; i++) { m = split(r[i], w, " "); for (j = 2; j <= m; j++) lay[w[j]] = w[1] }
}
NR == FNR { exists[$0] = 1; ARGV[ARGC++] = $0; nfiles++; next }   # the list, then each file
FNR == 1 { filecheck(FILENAME) }
/^[ \t]*#[ \t]*include[ \t]*[<"]/ {
	s = $0; sub(/^[ \t]*#[ \t]*include[ \t]*/, "", s)
	q = substr(s, 1, 1); s = substr(s, 2); name = substr(s, 1, index(s, q == "<" ? ">" : "\"") - 1)
	t = norm(dir(FILENAME) name)
	if (q == "<" || !(t in exists)) t = norm(name)
	if (t in exists) include(FILENAME, FNR, q name (q == "<" ? ">" : "\""), t)   # else a library's header
}
END {
	for (f in exists) if (!(f in seen)) filecheck(f)   # empty files
	for (f in bad) nbad++
	print "includes: " nfiles - nbad " passed, " nbad + 0 " failed"
}
AWK
)" /dev/stdin
}

circles() {
	local objs
	objs=$(find build/obj -name '*.o' 2>/dev/null | sort | while read -r o; do   # not a stale one
		s=${o#build/obj/}; [[ -f ${s%.o}.c ]] && echo "$o"; done)
	[[ -n $objs ]] || { echo "no objects under build/obj: make build/pbemd first"; echo "circles: 0 passed, 1 failed"; return; }
	echo "$objs" | xargs nm -A 2>/dev/null | awk -v games="$GAMES" '
	BEGIN { gsub(/ /, "|", games); games = "^adjudicator/(" games ")/" }
	function node(o,   f) {              # build/obj/x/y.o -> x/y.c; a game file -> its folder
		f = substr(o, 11); sub(/\.o$/, ".c", f); if (match(f, games)) f = substr(f, 1, RLENGTH)
		if (!(f in id)) { id[f] = ++N; name[N] = f }
		return id[f]
	}
	{ o = substr($1, 1, index($1, ":") - 1); s = $NF; t = $(NF - 1); a = node(o)
	  f = o; sub(/.*\//, "", f); sub(/o$/, "c", f)    # y.c, to name it in a game folder
	  if (t ~ /^[TDBRCGSVW]$/) { def[s] = a; deffile[s] = f }
	  else if (t == "U" && !((a, s) in user)) { user[a, s] = f; use[++U] = a SUBSEP s } }
	END {
		for (i = 1; i <= U; i++) {        # edge[a, b]: a uses that many symbols of b
			split(use[i], u, SUBSEP); a = u[1]; s = u[2]
			if (!(s in def) || (b = def[s]) == a) continue
			if (!((a, b) in edge)) adj[a] = adj[a] " " b
			if (++edge[a, b] <= 3) why[a, b] = why[a, b] (edge[a, b] > 1 ? ", " : "") s \
				(name[a] ~ /\/$/ ? " (" user[a, s] ")" : "") (name[b] ~ /\/$/ ? " (" deffile[s] ")" : "")
		}
		for (a = 1; a <= N; a++) {        # reach[a, b]: a path leads from a to b
			split("", q); q[h = e = 1] = a
			while (h <= e) { n = split(adj[q[h++]], nb, " ")
				for (k = 1; k <= n; k++) if (!((a, nb[k]) in reach)) { reach[a, nb[k]] = 1; q[++e] = nb[k] } }
		}
		for (a = 1; a <= N; a++) {
			if ((a in comp) || !((a, a) in reach)) continue
			list = ""; m = 0; nc++
			for (b = 1; b <= N; b++) if ((a, b) in reach && (b, a) in reach) { comp[b] = nc; mem[++m] = b; list = list " " name[b] }
			print "circle:" list
			for (i = 1; i <= m; i++) for (j = 1; j <= m; j++) if ((mem[i], mem[j]) in edge) {
				b = mem[i]; c = mem[j]
				printf "  %s -> %s: %s%s\n", name[b], name[c], why[b, c], (edge[b, c] > 3 ? " (+" edge[b, c] - 3 ")" : "")
			}
		}
		print "circles: " (nc ? "0 passed, 1" : "1 passed, 0") " failed"
	}'
}

selftest() (  # a tiny tree, clean and then with a forbidden include and a circle
	broken() { echo "selftest: cannot build the tiny tree"; echo "selftest: 0 passed, 1 failed"; exit 1; }
	pass=0 fail=0; tmp=$(mktemp -d) || broken; trap 'rm -rf "$tmp"' EXIT
	put() { mkdir -p "$tmp/${1%/*}" && printf '%b\n' "$2" >"$tmp/$1"; }
	cc_() { for f; do mkdir -p "$tmp/build/obj/${f%/*}" && (cd "$tmp" && cc -c -I. -o "build/obj/${f%.c}.o" "$f") || broken; done; }
	run() { out=$(LAYERS_ROOT=$tmp "$SELF" --check 2>&1; echo "exit $?"); }
	expect() {  # WHAT PATTERN: the last run printed a line matching PATTERN (grep -E)
		if grep -qE -- "$2" <<<"$out"; then pass=$((pass + 1)); else fail=$((fail + 1)); printf 'selftest: not seen: %s\n%s\n' "$1" "$out"; fi
	}
	put common/u.h 'int u(void);'
	put common/u.c '#include "common/u.h"\nint u(void) { return 1; }'
	put mail/m.h '#include "../common/u.h"\nint m(void);'
	put mail/m.c '#include "m.h"\nint m(void) { return u(); }'
	put adjudicator/game/g.h 'int g(void);'
	put adjudicator/game/g.c '#include <stdio.h>\n#include "adjudicator/game/g.h"\nint g(void) { return 0; }'
	put adjudicator/wotk/w.h 'int w1(void);\nint w2(int);'   # a circle inside a game folder: allowed
	put adjudicator/wotk/a.c '#include "w.h"\n#include "adjudicator/game/g.h"\nint w1(void) { return w2(g()); }'
	put adjudicator/wotk/b.c '#include "w.h"\nint w2(int n) { return n ? w1() : 0; }'
	put adjudicator/judge/cmd_go.c '#include "adjudicator/judge/session.h"\n#include "adjudicator/judge/cmd_go.h"'
	put adjudicator/judge/cmd_go.h ''
	put adjudicator/judge/session.h '#include "common/u.h"'
	cc_ common/u.c mail/m.c adjudicator/game/g.c adjudicator/wotk/a.c adjudicator/wotk/b.c
	run; expect "a clean tree passes" '^[1-9][0-9]* passed, 0 failed$'
	expect "a clean tree exits 0" '^exit 0$'

	# planted: a forbidden include, a circle g -> m -> u -> g, three judge faults
	put adjudicator/game/g.c '#include <stdio.h>\n#include "mail/m.h"\nint g(void) { return m(); }'
	put common/u.c '#include "common/u.h"\nint g(void);\nint u(void) { return g(); }'
	put adjudicator/judge/session.c '#include "cmd_go.h"'
	put adjudicator/judge/cmd_go.h '#include "adjudicator/judge/cmd_stop.h"'
	put adjudicator/judge/cmd_stop.h ''
	put adjudicator/judge/misc.c ''
	put adjudicator/render/r.h '#include "../judge/cmd_go.h"'
	cc_ common/u.c adjudicator/game/g.c
	run; expect "the summary" '^[0-9]+ passed, 6 failed$'
	expect "the planted tree exits 1" '^exit 1$'
	expect "the forbidden include" '^adjudicator/game/g.c:2: #include "mail/m.h": adjudicator/game/ may include only its own folder, common/$'
	expect "a layer upwards" '^adjudicator/judge/session.c:1: #include "cmd_go.h": an L0 file includes an L3 header'
	expect "a command's header" '^adjudicator/judge/cmd_go.h:1: .*a command includes another command'
	expect "a relative path" '^adjudicator/render/r.h:1: #include "../judge/cmd_go.h" \(adjudicator/judge/cmd_go.h\): adjudicator/render/ may include only its own folder, adjudicator/game/game.h, common/$'
	expect "a file without a layer" '^adjudicator/judge/misc.c: matches no judge layer'
	expect "the circle" '^circle: adjudicator/game/g.c common/u.c mail/m.c$'
	expect "its symbols" '^  common/u.c -> adjudicator/game/g.c: g$'
	grep -q wotk <<<"$out" && { fail=$((fail + 1)); echo "selftest: the game folder was reported"; } || pass=$((pass + 1))
	echo "selftest: $pass passed, $fail failed"
)

total() {  # passes the lines on and adds "X: N passed, M failed" up into the last line
	awk '{ print } /^(selftest|includes|circles): [0-9]+ passed, [0-9]+ failed$/ { p += $2; f += $4 }
		END { print p + 0 " passed, " f + 0 " failed"; exit (f > 0) }'
}

SELF=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
cd "${LAYERS_ROOT:-${SELF%/*}/..}" || exit 2
case ${1:-} in
--check) { includes; circles; } | total ;;
--selftest) selftest | total ;;
'') { selftest; includes; circles; } | total ;;
*) echo "usage: $0 [--check | --selftest]" >&2; exit 2 ;;
esac
