#!/usr/bin/env bash
# tests/referee/test_ari.sh - ARI through `pbemd referee`: positions of the
# rules' test scenarios (T-A3, T-A4, T-A6, T-A7, T-A10, converted into the
# state text of adjudicator/ari/README.md) with their legal orders against
# hand-checked lists, refusals with their reasons (English and German),
# a game from a new position to a capture, the draw convention, both
# views, and perft against an independent count. Prints "N passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

# pos STAGE TURN WHITE BLACK: a saved position, then the "." that ends it.
# WHITE and BLACK list the pieces as the state text does.
pos() {
	printf 'position\nari 1\nstatus: running\nstage: %s\nfirst: 0\n' "$1"
	printf 'turn: %s\nply: 20\nwinner: -1\nend: none\noffer: -1\n' "$2"
	printf 'seed: 000000000000002a\nwhite: %s\nblack: %s\n' "$3" "$4"
	printf 'last: none -1 III - - 0 0\n.\n'
}

# layouts DIE SQUARE: the 24 orders of DIE set on SQUARE, one per line.
layouts() {
	local n e
	case $1 in
	III) f="1 2 5 6 7 9"; o="1:9 9:1 2:7 7:2 5:6 6:5" ;;
	IV) f="1 3 4 5 8 9"; o="1:9 9:1 3:8 8:3 4:5 5:4" ;;
	V) f="2 3 4 6 7 8"; o="2:7 7:2 3:8 8:3 4:6 6:4" ;;
	esac
	for n in $f; do
		for e in $f; do
			[[ $e == "$n" || " $o " == *" $n:$e "* ]] && continue
			echo "$1 $2 N$n E$e"
		done
	done
}

# ------------------------------------------------ T-A4: the exact target
# White V c3 N7 E3 has the Black queen on c10 as its exact target; Black's
# III on c6 between does not help. Parries: IV or V on c4 (III's S2 target,
# against V's north face) or a queen step off the c-file row up to c10.
session ta4 ari <<IN
$(pos play 1 'III -, IV -, V c3 N7 E3, Q m13' 'III c6 N7 E1, IV -, V -, Q c10')
legal
play III c6-c4 N7 E1
play IV c9 N1 E3
view black
play V c4 N2 E3
view white
IN
check "T-A4 session runs clean" clean_run ta4
expect "T-A4 position loads" "$(answer ta4 1)" "ok running"
want=$( { echo DRAW; layouts IV c4; layouts V c4
	for q in b9 c9 d9 b10 d10 b11 c11 d11; do echo "Q c10-$q"; done; } |
	LC_ALL=C sort)
expect "T-A4 Black's legal orders" "$(answer ta4 2)" "ok 57
$want"
expect "T-A4 a die never uses its own faces" "$(answer ta4 3)" \
    "refused ari.err.own_target c4 is a target only of the die you are moving; a die never uses its own faces."
expect "T-A4 a die beside the queen does not parry" "$(answer ta4 4)" \
    "refused ari.err.danger That would leave your queen on c10 in danger from die V on c3 (face N7)."
check "T-A4 Black's view says the queen is in danger" grep -qx \
    'msg ari.info.danger + The queen of Black on c10 is in danger from V c3 N7: she must be saved with this move.' \
    <(answer ta4 5)
check "T-A4 covering the face is played" grep -qx 'played 21' <(answer ta4 6)
# c4 is also the target of a live face: the cell keeps both marks.
check "T-A4 the new die shows its faces and the last move" grep -qx \
    'cell c4 11 2 black V zone+mark n=2 e=3 s=7 w=8' <(answer ta4 7)
check "T-A4 the covered face leaves c10 no target" \
    eval '! answer ta4 7 | grep -q "^cell c10 .* zone"'

# ------------------------------------------------ T-A6 and German reasons
session ta6 ari --lang de <<IN
$(pos play 0 'III -, IV -, V -, Q h10' 'III -, IV -, V -, Q h8')
play V h9 N2 E3
legal
play Q h8-h7
play Q h8-g9
IN
check "T-A6 session runs clean" clean_run ta6
check "T-A6 the die beside its queen endangers Black (in German)" grep -qx \
    'told black ari.info.danger + Die Königin von Schwarz auf h8 ist bedroht von V h9 S7: sie muss mit diesem Zug gerettet werden.' \
    <(answer ta6 2)
expect "T-A6 Black can only step aside" "$(answer ta6 3)" "ok 5
DRAW
Q h8-g7
Q h8-g8
Q h8-i7
Q h8-i8"
expect "T-A6 refusals in German" "$(answer ta6 4; answer ta6 5)" \
    "refused ari.err.danger Danach wäre Ihre Königin auf h7 bedroht, von Würfel V auf h9 (Seite S7).
refused ari.err.queens_touch Auf g9 stünde Ihre Königin neben der anderen Königin."

# ------------------------------------------------ T-A7 and T-A10
session ta7 ari <<IN
$(pos play 0 'III h8 N9 E2, IV -, V -, Q a1' 'III -, IV -, V -, Q o15')
play III j8 N9 E2
count
$(pos play 0 'III h8 N9 E2, IV -, V -, Q a1' 'III -, IV -, V l8 N3 E7, Q o15')
play III j8 N9 E2
$(pos play 0 'III e8 N5 E2, IV -, V -, Q e5' 'III -, IV e9 N4 E3, V -, Q k12')
play III e8-f5 N5 E2
count
play III e8-e6 N5 E2
IN
check "T-A7 session runs clean" clean_run ta7
expect "T-A7 j8 is only III's own target" "$(answer ta7 2)" \
    "refused ari.err.own_target j8 is a target only of the die you are moving; a die never uses its own faces."
# Queen a2 b1 b2; III to a2 b1; IV and V to a2 b1 j8 h7 a8; and DRAW.
expect "T-A7 White's orders" "$(answer ta7 3)" "ok $((3 + 2 * 24 + 2 * 5 * 24 + 1))"
check "T-A7 with Black's V pointing at j8 the order is played" \
    grep -qx 'order III h8-j8 N9 E2' <(answer ta7 5)
expect "T-A10 a discovered attack is refused" "$(answer ta7 7)" \
    "refused ari.err.danger That would leave your queen on e5 in danger from die IV on e9 (face S5)."
# 8 queen steps, III only to e6, IV and V to e6 e4 d5 f5 g8 e2 e13 h9.
expect "T-A10 White's orders" "$(answer ta7 8)" "ok $((8 + 24 + 2 * 8 * 24 + 1))"
check "T-A10 III e8-e6 blocks the row" grep -qx 'played 21' <(answer ta7 9)

# ------------------------------------------------ a new game to a capture
session game ari <<IN
new 42 first white
perft 1
perft 2
play III h8 N9 E2
play IV j8 N1 E3
play V h7 N2 E3
play III j9 N9 E2
play IV k7 N1 E3
play V m8 N2 E3
play Q a5
play Q a1
order DRAW
order Q a5-a6
submit
view black
play IV j8-b1 N1 E3
play Q a6-a5
play III j9-b2 N5 E2
play IV k7-a4 N8 E1
result
as black
count
board black
IN
check "capture game session runs clean" clean_run game
# Every die in each of its 24 layouts on each of the 225 squares.
expect "perft 1 from the start" "$(answer game 2)" "ok $((3 * 24 * 225))"
# Black answers with 3 dice x 24 layouts on each target of the first die:
# 72 times the sum of on-board faces over dice, squares and layouts (43200,
# counted apart from the engine).
expect "perft 2 from the start" "$(answer game 3)" "ok $((72 * 43200))"
check "the opening ends with the queens" grep -qx \
    'told white ari.turn.queen White to move: place your queen on an empty square, not next to the other queen and not in danger.' \
    <(answer game 9)
check "a draw offer before the move rides with it" grep -qx \
    'msg ari.info.draw_offer White offers a draw. Black accepts by sending DRAW instead of a move; any move declines.' \
    <(answer game 15)
check "the last move captures" grep -qx \
    'told black ari.result.win White wins: the opponent could not save the queen (no legal move left).' \
    <(answer game 19)
expect "White won" "$(answer game 20)" "ok won white
why ari.reason.capture the opponent could not save the queen (no legal move left)"
expect "no orders after the end" "$(answer game 22)" "ok 0"
check "the final board shows IV on a4 with S3 below" \
    grep -qx ' 4|9IV 1' <(answer game 23 | cut -c1-8)

# ------------------------------------------------ draw by agreement
session draw ari <<IN
new 5 first black
order DRAW
order iii h8 n9 e2
submit
play draw
result
IN
check "draw session runs clean" clean_run draw
check "DRAW alone accepts the offer" grep -qx \
    'echo ari.echo.draw_accept You accept the draw Black offered: the game is drawn.' \
    <(answer draw 5)
expect "the game is drawn" "$(answer draw 6)" "ok drawn
why ari.reason.agreement by agreement"


# ------------------------------------ issue 14: a decided position loaded
# The capture game's last position (above) written as still running, Black
# to move: Black has no legal action and loses (A-1, decision 2).
# "position" answers as "result" does and nothing can be ordered.
session lost ari <<IN
$(pos play 1 'III h8 N9 E2, IV a4 N8 E1, V h7 N2 E3, Q a5' 'III b2 N5 E2, IV b1 N1 E3, V m8 N2 E3, Q a1')
result
legal
as black
legal
play DRAW
view black
IN
check "lost position session runs clean" clean_run lost
expect "a position with no action loads as lost" "$(answer lost 1)" \
    "ok won white
why ari.reason.capture the opponent could not save the queen (no legal move left)"
expect "result says the same" "$(answer lost 2)" "$(answer lost 1)"
expect "no order is listed, not even DRAW" "$(answer lost 3)" "ok 0"
expect "none for Black either" "$(answer lost 5)" "ok 0"
expect "Black's DRAW is refused" "$(answer lost 6)" \
    "refused ari.err.game_over The game is over; no more orders are taken."
check "Black's view says White won" grep -qx \
    'msg ari.result.win White wins: the opponent could not save the queen (no legal move left).' \
    <(answer lost 7)

finish
