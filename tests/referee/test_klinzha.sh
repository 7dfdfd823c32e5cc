#!/usr/bin/env bash
# tests/referee/test_klinzha.sh - KlinZha (open, clouded, blind) through
# `pbemd referee`: positions written in the state text of
# adjudicator/klinzha/README.md, their legal orders against lists checked by
# hand from the worked examples of the rules (the moves of each piece from
# E-37, the Swift's detour, the Flier example, a Blockader zone that removes
# fields, self-jeopardy), orders played and what each side is told, crashes
# into hidden things and into a seen zone, set-up refusals that name only
# the refused field, and the views of both sides and of the game master.
# Prints "N passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

# fx LABEL: the field index of a label (README "Board and notation": row r
# from the apex holds 2r+1 fields, index r*r+k; E-38 is row E, a=3, b=10-8).
fx() {
	local l=${1//-/} r a b c k
	r=$(($(printf '%d' "'${l:0:1}") - 65))
	a=${l:1:1} b=$((10 - ${l:2:1})) c=$((9 - r))
	if ((a + b + c == 11)); then k=$((2 * a - 2)); else k=$((2 * a - 1)); fi
	echo $((r * r + k))
}

# brd PIECE:FIELD...: the board line, upper case Gold, lower case Green.
brd() {
	local -a f
	local i p
	for ((i = 0; i < 81; i++)); do f[i]=.; done
	for p in "$@"; do f[$(fx "${p#*:}")]=${p%%:*}; done
	printf '%s' "${f[@]}"
}

# cl KIND:FIELD...: a cloud layout, N (normal) where no kind is named.
cl() {
	local -a f
	local i p
	for ((i = 0; i < 81; i++)); do f[i]=N; done
	for p in "$@"; do f[$(fx "${p#*:}")]=${p%%:*}; done
	printf '%s' "${f[@]}"
}
ALLC=$(printf 'C%.0s' {1..81})

# pos FORM BOARD GOAL0 GOAL1 [CLOUDS]: a game in play, Gold (seat 0, the
# apex corner) to move, Green in the lower right corner, 20 plies played.
pos() {
	local form=$1 board=$2 g0=$3 g1=$4 clouds=${5:-} layout=custom gap=4
	case $form in
	open) layout=none gap=3 clouds=$(cl) ;;
	blind) layout=blind clouds=$ALLC ;;
	esac
	printf 'position\nkz 1\nform %s\nlayout %s\ngap %d\n' \
	    "$form" "$layout" "$gap"
	printf 'options 0 0 0 0 0 0\nphase play\nseats 0 0 20 -1 0 0 2 -1 0\n'
	printf 'seed 5\nrng 1 2 3 4\nclouds %s\nboard %s\ngoals %d %d\n' \
	    "$clouds" "$board" "$(fx "$g0")" "$(fx "$g1")"
	printf 'last 0 -1 0 -1 0 -1 0 0 0 0 0 0\npath 0\nhist 0\n.\n'
}

# moves PIECE FROM FIELD...: the lines "PIECE FROM FIELD" of a legal list.
moves() {
	local piece=$1 from=$2 f
	shift 2
	for f in "$@"; do echo "$piece $from $f"; done
}

# want N LINE...: "ok N" and the lines sorted as the console sorts them.
want() {
	local n=$1
	shift
	echo "ok $n"
	printf '%s\n' "$@" | LC_ALL=C sort
}

# told NAME N: the told lines of an answer without the long fixed ones
# (form, corners, legend: the same in every report of a game).
told() {
	answer "$1" "$2" | grep '^told' |
	    grep -v 'kz\.legend\|kz\.form\.\|kz\.info\.corners'
}

# What the rules list from E-37 on an empty board (rules/klinzha.md 3.1-3.6;
# the Swift's 12 fields at 4 steps worked out with the neighbour rule of 2.3).
LANCER=(E-27 E-38 F-37 F-36 D-38 F-47 D-27 E-48 E-26 G-36 D-39 G-47 D-17
	E-49 E-16)
FENCER=("${LANCER[@]}" D-28 F-26 F-48)	# the Lancer's 15 and three bends
SWIFT=("${LANCER[@]:3}" D-28 F-26 F-48 C-17 C-28 C-39 D-16 D-49 E-15 E-59
	F-25 F-58 G-35 G-46 G-57)
FLIER=(G-36 G-35 H-35 H-34 D-39 C-39 G-47 G-57 H-57 H-67 D-17 C-17 E-49 E-59
	E-16 E-15)
VANGUARD=(E-27 E-38 F-37)
BLOCKADER=("${LANCER[@]:0:9}")	# 1 and 2 steps
# Gold's Goal rides on a Vanguard in the corner I-11 (its one move, with
# and without the Goal); Green has a Blockader on I-99 and its Goal alone on
# I-88, both out of reach.
ANCHOR=(V:I-11 b:I-99)
VAN=("Vanguard I-11 I-12" "Vanguard I-11 I-12 drop at I-11")

# ====================================================== the open game
# ------------------------------------------------ every piece from E-37
session e37 klinzha <<IN
$(pos open "$(brd L:E-37 "${ANCHOR[@]}")" I-11 I-88)
legal
count
$(pos open "$(brd F:E-37 "${ANCHOR[@]}")" I-11 I-88)
legal
$(pos open "$(brd S:E-37 "${ANCHOR[@]}")" I-11 I-88)
legal
$(pos open "$(brd Y:E-37 "${ANCHOR[@]}")" I-11 I-88)
legal
$(pos open "$(brd V:E-37 "${ANCHOR[@]}")" I-11 I-88)
legal
$(pos open "$(brd B:E-37 "${ANCHOR[@]}")" I-11 I-88)
legal
IN
check "E-37 session runs clean" clean_run e37
expect "E-37 position loads" "$(answer e37 1)" "ok running"
mapfile -t m < <(moves Lancer E-37 "${LANCER[@]}")
expect "Lancer from E-37: the 15 fields of rules 3.2" "$(answer e37 2)" \
    "$(want 18 DRAW "${VAN[@]}" "${m[@]}")"
expect "count matches legal" "$(answer e37 3)" "ok 18"
mapfile -t m < <(moves Fencer E-37 "${FENCER[@]}")
expect "Fencer from E-37: the Lancer's 15 and D-28 F-26 F-48 (rules 3.1)" \
    "$(answer e37 5)" "$(want 21 DRAW "${VAN[@]}" "${m[@]}")"
mapfile -t m < <(moves Swift E-37 "${SWIFT[@]}")
expect "Swift from E-37: 6 + 9 + 12 fields, no neighbour (rules 3.3)" \
    "$(answer e37 7)" "$(want 30 DRAW "${VAN[@]}" "${m[@]}")"
mapfile -t m < <(moves Flier E-37 "${FLIER[@]}")
expect "Flier from E-37: 3 to 6 steps on a ray (rules 3.4)" \
    "$(answer e37 9)" "$(want 19 DRAW "${VAN[@]}" "${m[@]}")"
mapfile -t m < <(moves Vanguard E-37 "${VANGUARD[@]}")
expect "Vanguard from E-37: its three neighbours (rules 3.5)" \
    "$(answer e37 11)" "$(want 6 DRAW "${VAN[@]}" "${m[@]}")"
mapfile -t m < <(moves Blockader E-37 "${BLOCKADER[@]}")
expect "Blockader from E-37: 1 or 2 steps (rules 3.6)" \
    "$(answer e37 13)" "$(want 12 DRAW "${VAN[@]}" "${m[@]}")"

# ------------------------------------------------ zones, detour, Flier
# Green's Blockader on D-27 (zone D-17, D-28, E-27, rules 3.7) takes from
# the Lancer on E-37 the zone fields E-27 and D-17, the fields behind E-27
# on the row (E-26, E-16) and the Blockader's own field D-27: 10 are left.
# Rules 3.3: with E-38 taken, the Swift reaches D-38 the long way round.
# Rules 3.4: Flier E-16 and Green's Blockader D-38 (zone D-28, D-39, E-38):
# E-48 flies over the zone, E-38 lands in it (refused in the open game).
# The Flier's rays from E-16 (one label part fixed): row E to the right
# E-37 E-38 E-48 E-49 (3-6 steps); "/" 1 up D-16 D-17 C-17 C-18 B-18 B-19
# and down E-15 F-15 F-14 G-14 G-13 H-13; "\" 6 down E-26 F-26 F-36 G-36
# G-46 H-46; the other ways end within 2 steps. Then Green's Blockader on
# D-38 may go 1 or 2 steps (D-28 D-39 E-38; D-27 C-28 D-49 C-39 E-48 E-37)
# but not onto the Flier (E-48) nor next to it (E-38).
session zone klinzha <<IN
$(pos open "$(brd L:E-37 V:I-11 b:D-27)" I-11 I-88)
legal
play Lancer E-37 E-27
play Lancer E-37 E-26
view gm
$(pos open "$(brd S:E-37 Y:E-38 "${ANCHOR[@]}")" I-11 I-88)
play Swift E-37 D-38
$(pos open "$(brd Y:E-16 V:I-11 b:D-38)" I-11 I-88)
legal
play Flier E-16 E-38
play Flier E-16 E-48
view green
as green
legal
IN
check "zone session runs clean" clean_run zone
expect "a Blockader zone removes five of the Lancer's fields" \
    "$(answer zone 2)" "$(want 13 DRAW "${VAN[@]}" "Lancer E-37 D-38" \
    "Lancer E-37 D-39" "Lancer E-37 E-38" "Lancer E-37 E-48" \
    "Lancer E-37 E-49" "Lancer E-37 F-36" "Lancer E-37 F-37" \
    "Lancer E-37 F-47" "Lancer E-37 G-36" "Lancer E-37 G-47")"
expect "entering the zone is refused" "$(answer zone 3)" \
    "refused kz.err.zone E-27 lies in an enemy Blockader zone."
expect "passing the zone is refused" "$(answer zone 4)" \
    "refused kz.err.cannot Your Lancer cannot move from E-37 to E-26."
expect "the game master sees the zone" \
    "$(answer zone 5 | grep -E '^cell (D-17|D-27|D-28|E-27) ')" \
    "cell D-17 3 1 none - zone
cell D-27 3 2 green b plain
cell D-28 3 3 none - zone
cell E-27 4 3 none - zone"
expect "the Swift's detour is the whole path" "$(answer zone 7 | sed -n 2p)" \
    "order Swift E-37 E-27 D-27 D-28 D-38"
mapfile -t m < <(moves Flier E-16 E-37 E-48 E-49 C-17 C-18 B-18 B-19 F-14 \
    G-14 G-13 H-13 F-36 G-36 G-46 H-46)
expect "Flier example: 16 landings but E-38 in the zone" \
    "$(answer zone 9)" "$(want 18 DRAW "${VAN[@]}" "${m[@]}")"
expect "Flier example: landing in the zone is refused in the open game" \
    "$(answer zone 10)" \
    "refused kz.err.zone E-38 lies in an enemy Blockader zone."
expect "Flier example: E-48 over the zone, both sides told the move" \
    "$(answer zone 11)" "ok
order Flier E-16 E-26 E-27 E-37 E-38 E-48
echo kz.echo.move Move accepted: Flier E-16 E-26 E-27 E-37 E-38 E-48.
played 21
$(for s in gold green; do
	echo "told $s kz.form.open KlinZha, open game (TAKZH rules); opposing Blockaders stay at least 3 steps apart."
	echo "told $s kz.info.corners Corners: Gold the apex corner (A-19), Green the lower right corner (I-99)."
	echo "told $s kz.ev.moved Gold moved the Flier from E-16 to E-48."
	echo "told $s kz.turn Green to move."
	answer zone 11 | grep "^told $s kz.legend"
done)"
expect "the open game shows Green everything, the move marked" \
    "$(answer zone 12 | grep -v '^msg')" "ok
seat green
ply 21
status running
due green
phase M22
grid tri 9 17
cell D-28 3 3 none - zone
cell D-38 3 4 green b plain
cell D-39 3 5 none - zone
cell E-16 4 1 none - mark
cell E-38 4 5 none - zone
cell E-48 4 6 gold Y mark
cell I-11 8 0 gold V* plain
cell I-88 8 14 green g plain
material gold 2 V* Y
material green 2 b g"
mapfile -t m < <(moves Blockader D-38 D-28 D-39 D-27 C-28 D-49 C-39 E-37)
expect "Green's Blockader keeps off the Flier" "$(answer zone 14)" \
    "$(want 8 DRAW "${m[@]}")"

# ------------------------------------------------ self-jeopardy, off turn
# Rules 4.4: Green's Lancer on E-16 would reach Gold's Goal on E-37 along
# row E but for Gold's Fencer on E-27. The Fencer may stay in the row
# (E-26) or kill the Lancer (E-16); every other Fencer move is refused.
session jeop klinzha <<IN
$(pos open "$(brd F:E-27 V:E-37 l:E-16 b:I-99)" E-37 I-88)
legal
play Fencer E-27 D-27
as green
legal
play Lancer E-16 E-26
play DRAW
IN
check "self-jeopardy session runs clean" clean_run jeop
expect "self-jeopardy: the Fencer keeps the row or kills" "$(answer jeop 2)" \
    "$(want 7 DRAW "Fencer E-27 E-16" "Fencer E-27 E-26" \
    "Vanguard E-37 E-38" "Vanguard E-37 E-38 drop at E-37" \
    "Vanguard E-37 F-37" "Vanguard E-37 F-37 drop at E-37")"
expect "self-jeopardy: opening the row is refused" "$(answer jeop 3)" \
    "refused kz.err.jeopardy That move would put your own Goal in jeopardy."
expect "off turn, Green may only offer a draw" "$(answer jeop 5)" "ok 1
DRAW"
expect "off turn, Green's move is refused" "$(answer jeop 6)" \
    "refused kz.err.not_your_turn It is not your turn."
expect "off turn, Green's draw offer is taken and told" "$(told jeop 7)" \
    "told gold kz.ev.draw_offer Green offers a draw: answer DRAW instead of a move to accept; any move declines.
told gold kz.turn Gold to move.
told green kz.ev.draw_offer Green offers a draw: answer DRAW instead of a move to accept; any move declines.
told green kz.turn Gold to move."

# ====================================================== the clouded game
# Clouds: E-48, G-47, I-88 and I-89 under a cloud, F-58 at its edge. Gold: Vanguard with the Goal A-19, Lancer E-37, Flier E-16. Green:
# Vanguard E-48 and Flier G-47 (hidden), Swift F-58 (seen as something),
# Blockader H-57 (seen; zone G-57, H-56, H-67), Lancer with the Goal I-88.
CLOUDS=$(cl C:E-48 C:G-47 C:I-88 C:I-89 E:F-58)
BOARD=$(brd V:A-19 L:E-37 Y:E-16 v:E-48 y:G-47 s:F-58 b:H-57 l:I-88)
session clouded klinzha <<IN
$(pos clouded "$BOARD" A-19 I-88 "$CLOUDS")
legal
view gold
view green
view gm
play Lancer E-37 E-49
view gold
$(pos clouded "$BOARD" A-19 I-88 "$CLOUDS")
play Lancer E-37 G-47
view green
view gm
IN
check "clouded session runs clean" clean_run clouded
# Decision 13: judged on Gold's view, E-48 and G-47 look empty; the Lancer
# has the 15 fields but E-16 (its own Flier).
expect "clouded: the Lancer's orders come from Gold's view" \
    "$(answer clouded 2 | grep '^Lancer')" \
    "$(moves Lancer E-37 "${LANCER[@]:0:14}" | LC_ALL=C sort)"
expect "clouded: Gold's view, hidden pieces absent, edge ones unknown" \
    "$(answer clouded 3 | grep -v '^msg')" "ok
seat gold
ply 20
status running
due gold
phase M21
grid tri 9 17
cell A-19 0 0 gold V* plain
cell E-16 4 1 gold Y plain
cell E-37 4 4 gold L plain
cell E-48 4 6 none - cloud
cell F-58 5 8 unknown ? edge
cell G-47 6 7 none - cloud
cell G-57 6 8 none - zone
cell H-56 7 8 none - zone
cell H-57 7 9 green b plain
cell H-67 7 10 none - zone
cell I-88 8 14 none - cloud
cell I-89 8 15 none - cloud
material gold 3 L V* Y
material green 1 b
material unknown 1 ?"
expect "clouded: Green sees Gold's pieces on normal fields" \
    "$(answer clouded 4 | grep '^cell.* gold ')" \
    "cell A-19 0 0 gold V* plain
cell E-16 4 1 gold Y plain
cell E-37 4 4 gold L plain"
expect "clouded: the game master sees every piece" \
    "$(answer clouded 5 | grep '^material')" "material gold 3 L V* Y
material green 5 b l* s v y"
expect "clouded: the crash into the hidden Vanguard as each side hears it" \
    "$(told clouded 6)" \
    "told gold kz.ev.moved Gold moved the Lancer from E-37 to E-38.
told gold kz.ev.crashed The Lancer ran into something it could not see on its way to E-49 and stopped on E-38.
told gold kz.turn Green to move.
told green kz.ev.moved_hidden Gold has moved.
told green kz.turn Green to move."
check "clouded: the crash does not show Gold what it hit" grep -qx \
    'cell E-48 4 6 none - cloud' <(answer clouded 7)
expect "clouded: a kill under a cloud as each side hears it" \
    "$(told clouded 9)" \
    "told gold kz.ev.moved Gold moved the Lancer from E-37 to G-47.
told gold kz.ev.killed Gold killed the Flier on G-47.
told gold kz.turn Green to move.
told green kz.ev.moved_hidden Gold has moved.
told green kz.ev.lost Your Flier on G-47 was killed; an enemy piece now stands there.
told green kz.turn Green to move."
expect "clouded: the loser sees an unknown enemy where he lost the piece" \
    "$(answer clouded 10 | grep -E '^cell (E-37|G-47) |^material')" \
    "cell G-47 6 7 unknown ? cloud+mark
material gold 2 V* Y
material green 4 b l* s v
material unknown 1 ?"
check "clouded: the game master sees the killer" grep -qx \
    'cell G-47 6 7 gold L cloud+mark' <(answer clouded 11)

# ------------------------------------------------ Flier crash, paths
# Rules 3.4 [KK]: Flier E-16 to E-38 in the zone of Green's Blockader D-38
# is taken in clouded games and ends on E-37. A Blockader seen only as
# "something" (edge field) shows no zone. Two shortest ways (README,
# "Path choice") need the whole path.
session kk klinzha <<IN
$(pos clouded "$(brd V:A-19 Y:E-16 b:D-38 v:I-88)" A-19 I-88 "$(cl)")
count
play Flier E-16 E-38
$(pos clouded "$(brd V:A-19 Y:E-16 b:D-38 v:I-88)" A-19 I-88 "$(cl E:D-38)")
view gold
view gm
$(pos clouded "$(brd V:A-19 F:E-37 v:I-88)" A-19 I-88 "$(cl)")
play Fencer E-37 D-28
legal
IN
check "kk session runs clean" clean_run kk
expect "KK Flier: all 16 landings are orders (count)" "$(answer kk 2)" \
    "ok 19"
expect "KK Flier: into the seen zone, crashes back to E-37" \
    "$(told kk 3)" \
    "told gold kz.ev.moved Gold moved the Flier from E-16 to E-37.
told gold kz.ev.crashed_zone The Flier could not end its move on E-38: that field lies in the zone of the enemy Blockader. It stopped on E-37.
told gold kz.turn Green to move.
told green kz.ev.moved_hidden Gold has moved.
told green kz.turn Green to move."
expect "a Blockader at a cloud's edge: unknown, no zone shown" \
    "$(answer kk 5 | grep -E '^cell (D-28|D-38|D-39|E-38) ')" \
    "cell D-38 3 4 unknown ? edge"
expect "the game master sees that Blockader's zone" \
    "$(answer kk 6 | grep -E '^cell (D-28|D-38|D-39|E-38) ')" \
    "cell D-28 3 3 none - zone
cell D-38 3 4 green b edge
cell D-39 3 5 none - zone
cell E-38 4 5 none - zone"
expect "clouded: two shortest ways need the path" "$(answer kk 8)" \
    "refused kz.err.path_needed There is more than one way from E-37 to D-28: write the whole path, e.g. E-37 <field> <field> D-28."
check "clouded: legal writes both ways as chains" eval \
    "answer kk 9 | grep -qx 'Fencer E-37 E-27 D-27 D-28' &&
    answer kk 9 | grep -qx 'Fencer E-37 E-38 D-38 D-28' &&
    ! answer kk 9 | grep -qx 'Fencer E-37 D-28'"

# Issue 14: the same Flier order with the Blockader at a cloud's edge
# (seen as "?", no zone) or under a cloud: the crash is told as into
# something unseen, in English and in German, and names nothing of it.
for c in E C; do
	session "kkhid$c" klinzha <<IN
$(pos clouded "$(brd V:A-19 Y:E-16 b:D-38 v:I-88)" A-19 I-88 "$(cl "$c:D-38")")
play Flier E-16 E-38
IN
	session "kkhidde$c" klinzha --lang de <<IN
$(pos clouded "$(brd V:A-19 Y:E-16 b:D-38 v:I-88)" A-19 I-88 "$(cl "$c:D-38")")
play Flier E-16 E-38
IN
	check "kkhid$c sessions run clean" eval \
	    "clean_run kkhid$c && clean_run kkhidde$c"
	expect "KK Flier, Blockader $c: the crash is into something unseen" \
	    "$(told "kkhid$c" 2 | grep '^told gold kz.ev.crash')" \
	    "told gold kz.ev.crashed The Flier ran into something it could not see on its way to E-38 and stopped on E-37."
	expect "KK Flier, Blockader $c: the same in German" \
	    "$(told "kkhidde$c" 2 | grep '^told gold kz.ev.crash')" \
	    "told gold kz.ev.crashed Flieger stieß auf dem Weg nach E-38 auf etwas Unsichtbares und blieb auf E-37 stehen."
done
session kkde klinzha --lang de <<IN
$(pos clouded "$(brd V:A-19 Y:E-16 b:D-38 v:I-88)" A-19 I-88 "$(cl)")
play Flier E-16 E-38
IN
check "kkde session runs clean" clean_run kkde
expect "KK Flier into the seen zone, in German" \
    "$(told kkde 2 | grep '^told gold kz.ev.crash')" \
    "told gold kz.ev.crashed_zone Flieger konnte den Zug nicht auf E-38 beenden: Das Feld liegt in der Zone des gegnerischen Blockaders. Die Figur blieb auf E-37 stehen."

# ------------------------------------------------ set-up behind clouds
# Light layout, half fields open. Gold sets up its Blockader on the half
# field F-36 under a cloud (zone F-26, F-37, G-36, all under the cloud).
# Green cannot see it: a piece on F-36, a piece in its zone, or Green's
# Blockader 2 steps away is refused naming only that field (decision 7).
GOLD_SETUP="SETUP apex F E-37 L E-26 S D-27 Y C-18 Y D-38 V E-27 V E-38 V D-28 B F-36 G E-37"
gs() { echo "SETUP left f G-25 l H-35 s H-34 y H-23 y I-33 $1 g G-24"; }
session setup klinzha <<IN
new 3 first gold clouded half-fields
legal
play $GOLD_SETUP
play $(gs 'v F-36 v G-24 v F-25 b I-22')
play $(gs 'v G-36 v G-24 v F-25 b I-22')
play $(gs 'v H-46 v G-24 v F-25 b G-35')
play $(gs 'v H-46 v G-24 v F-25 b I-22')
view gold
view green
view gm
board green
IN
check "set-up session runs clean" clean_run setup
expect "set-up: no list of legal set-ups" "$(answer setup 2)" \
    "error klinzha cannot list the legal orders here"
expect "set-up: Green hears only that Gold has set up" "$(told setup 3)" \
    "told gold kz.info.half_fields Option half-fields: the half fields beside your corner are open for your set-up.
told gold kz.ev.setup Gold has set up in the apex corner (A-19).
told gold kz.info.setup_wait Waiting for the set-up of Green.
told green kz.info.half_fields Option half-fields: the half fields beside your corner are open for your set-up.
told green kz.ev.setup Gold has set up in the apex corner (A-19).
told green kz.info.setup_second Set up: your opponent took the apex corner (A-19); choose one of the other two corners and send one line SETUP <corner> with your nine pieces and the Goal."
expect "set-up: a hidden piece, only its field named" "$(answer setup 4)" \
    "refused kz.err.choose_another F-36: choose another field."
expect "set-up: a hidden zone, only its field named" "$(answer setup 5)" \
    "refused kz.err.choose_another G-36: choose another field."
expect "set-up: the Blockader near a hidden one, its own field named" \
    "$(answer setup 6)" \
    "refused kz.err.choose_another G-35: choose another field."
check "set-up: Green's fourth line is taken" grep -qx \
    'echo kz.echo.setup Set-up in the lower left corner (I-11) accepted.' \
    <(answer setup 7)
expect "set-up: Gold sees Green through the light layout" \
    "$(answer setup 8 | grep -E '^cell.* (green|unknown) |^cell H-46 |^cell I-(12|23) |^material')" \
    "cell F-25 5 2 unknown ? edge
cell G-24 6 2 green v* plain
cell G-25 6 3 unknown ? edge
cell H-23 7 2 green y plain
cell H-34 7 4 green s plain
cell H-35 7 5 unknown ? edge
cell H-46 7 7 none - cloud
cell I-12 8 1 none - zone
cell I-22 8 2 green b plain
cell I-23 8 3 none - zone
cell I-33 8 4 green y plain
material gold 9 B F* L S V V V Y Y
material green 5 b s v* y y
material unknown 3 ? ? ?"
expect "set-up: Green sees Gold's hidden Blockader nowhere" \
    "$(answer setup 9 | grep -E '^cell.* (gold|unknown) |^cell F-36 |^material')" \
    "cell C-18 2 1 gold Y plain
cell D-27 3 2 gold S plain
cell D-28 3 3 gold V plain
cell D-38 3 4 gold Y plain
cell E-26 4 2 unknown ? edge
cell E-27 4 3 unknown ? edge
cell E-37 4 4 unknown ? edge
cell E-38 4 5 unknown ? edge
cell F-36 5 4 none - cloud
material gold 4 S V Y Y
material green 9 b f l s v v v* y y
material unknown 4 ? ? ? ?"
expect "set-up: the game master sees both sides whole" \
    "$(answer setup 10 | grep '^material')" \
    "material gold 9 B F* L S V V V Y Y
material green 9 b f l s v v v* y y"
check "set-up: Green's diagram has no + around the hidden Blockader" \
    eval "answer setup 11 | grep -q '^I .*+' &&
    ! answer setup 11 | grep -q '^[FG] .*+'"

# ====================================================== the blind game
# Everything lies under the cloud for enemy material. Gold's Lancer on E-37
# is ordered to F-47, in the zone of Green's hidden Blockader on G-47 (zone
# F-47, G-46, G-57): it stops on F-37.
session blind klinzha <<IN
new 5 first gold blind
play SETUP apex F E-37 L E-26 S D-27 Y C-18 Y D-38 V E-27 V E-38 V E-48 B D-28 G E-37
play $(gs 'v G-35 v G-24 v F-25 b I-22')
view gold
view gm
$(pos blind "$(brd V:A-19 L:E-37 b:G-47 v:I-88)" A-19 I-88)
legal
play Lancer E-37 F-47
view green
board gold
board gm
IN
check "blind session runs clean" clean_run blind
check "blind: Gold sees no Green piece after the set-ups" eval \
    "! answer blind 4 | grep -q '^cell.* \(green\|unknown\) '"
check "blind: Gold's material only" eval \
    "[[ \$(answer blind 4 | grep -c '^material') == 1 ]]"
expect "blind: the game master sees both sides" \
    "$(answer blind 5 | grep '^material')" \
    "material gold 9 B F* L S V V V Y Y
material green 9 b f l s v v v* y y"
mapfile -t m < <(moves Lancer E-37 "${LANCER[@]}")
expect "blind: all 15 Lancer fields, the hidden zone unseen" \
    "$(answer blind 7)" "$(want 18 DRAW "${m[@]}" "Vanguard A-19 B-19" \
    "Vanguard A-19 B-19 drop at A-19")"
expect "blind: the crash into the hidden zone as each side hears it" \
    "$(told blind 8)" \
    "told gold kz.ev.moved Gold moved the Lancer from E-37 to F-37.
told gold kz.ev.crashed The Lancer ran into something it could not see on its way to F-47 and stopped on F-37.
told gold kz.turn Green to move.
told green kz.ev.moved_hidden Gold has moved.
told green kz.turn Green to move."
expect "blind: Green sees its own pieces and zone only" \
    "$(answer blind 9 | grep -E '^cell|^material')" \
    "cell F-47 5 6 none - zone
cell G-46 6 6 none - zone
cell G-47 6 7 green b plain
cell G-57 6 8 none - zone
cell I-88 8 14 green v* plain
material green 2 b v*"
check "blind: Gold's diagram shows no Green piece and no zone" eval \
    "[[ \$(answer blind 10 | grep -c '^[A-I] ') == 9 ]] &&
    ! answer blind 10 | grep '^[A-I] ' | grep -q '[[:lower:]+]'"
check "blind: the game master's diagram has the zone" eval \
    "answer blind 11 | grep -q '^G .*+#b #.+'"


# ------------------------------------ issue 14: a decided position loaded
# Gold to move with only its Vanguard, carrying the Goal in the corner I-11:
# its one neighbour I-12 lies in the zone of Green's Blockader on I-22, so
# Gold has no legal move and loses (decision 9). "position" answers as
# "result" does and nothing can be ordered.
session stuck klinzha <<IN
$(pos open "$(brd V:I-11 b:I-22 v:A-19)" I-11 A-19)
result
legal
as gold
play DRAW
view gold
IN
check "stuck position session runs clean" clean_run stuck
expect "a side to move without a move loads as lost" "$(answer stuck 1)" \
    "ok won green
why kz.reason.no_moves the side to move had no legal move"
expect "result says the same" "$(answer stuck 2)" "$(answer stuck 1)"
expect "no order is listed, not even DRAW" "$(answer stuck 3)" "ok 0"
expect "Gold's DRAW is refused" "$(answer stuck 5)" \
    "refused kz.err.game_over The game is over; no more orders are taken."
check "Gold's view says Green won" grep -qx \
    'msg kz.result.win Green wins: the side to move had no legal move.' \
    <(answer stuck 6)

finish
