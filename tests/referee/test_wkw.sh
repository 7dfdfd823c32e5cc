#!/usr/bin/env bash
# tests/referee/test_wkw.sh - weekeewachee (Classic and Blind-Fun) through
# `pbemd referee`: positions from the test scenarios T-W1..T-W11 of the
# rules (converted into the state text of adjudicator/weekeewachee/README.md),
# their legal orders against hand-checked lists, orders played, the events
# each side is told, and both views. Prints "N passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

# pos VARIANT TURN BOARD [HIST...]: a saved position in play, then the "."
# that ends it. BOARD: ranks 1 to 6 from a to d, '?' after a hidden piece.
pos() {
	local variant=$1 turn=$2 board=$3 h; shift 3
	printf 'position\nwkw 1\nvariant: %s\nphase: play\nfirst: 0\nturn: %s\n' \
	    "$variant" "$turn"
	printf 'ply: 10\nwinner: -1\nend: none\nseed: 0000000000000001\n'
	printf 'rng: 0000000000000001 0000000000000002 0000000000000003 0000000000000004\n'
	printf 'board: %s\nlast: none -1 a1 a1 . . 0 none\n' "$board"
	for h in "$@"; do printf 'hist: %s\n' "$h"; done
	printf '.\n'
}

# ------------------------------------------------ T-W1: beats and blocking
# 3r/4/pws1/1W2/4/R1SP w: the well on b3 has a2 a3 b2 c2 c3 and b3xc4;
# b3-b4 (well) and b3-a4 (paper) are refused. The other pieces: rock a1
# (a2 b1 b2), scissors c1 (b1 b2 c2 d2), paper d1 (c2 d2).
session tw1 weekeewachee <<IN
$(pos classic 0 'R.SP/..../.W../pws./..../...r')
legal
count
play b3-b4
play b3-a4
play b3xc4
view white
view black
state
IN
check "T-W1 session runs clean" clean_run tw1
expect "T-W1 position loads" "$(answer tw1 1)" "ok running"
expect "T-W1 legal orders of White" "$(answer tw1 2)" "ok 17
DRAW!
DRAW?
a1-a2
a1-b1
a1-b2
b3-a2
b3-a3
b3-b2
b3-c2
b3-c3
b3xc4
c1-b1
c1-b2
c1-c2
c1-d2
d1-c2
d1-d2"
expect "T-W1 count" "$(answer tw1 3)" "ok 17"
expect "T-W1 well onto well refused" "$(answer tw1 4)" \
    "refused wkw.err.cannot_beat b3xb4: your well cannot beat the well."
expect "T-W1 well onto paper refused" "$(answer tw1 5)" \
    "refused wkw.err.cannot_beat b3xa4: your well cannot beat the paper."
expect "T-W1 well takes scissors" "$(answer tw1 6 | grep -v 'legend\|variant')" "ok
order b3xc4
echo wkw.echo.capture Capture b3xc4 accepted: your well takes the scissors.
played 11
told white wkw.ev.captured The well on b3 took the scissors on c4.
told white wkw.turn Black to move.
told black wkw.ev.captured The well on b3 took the scissors on c4.
told black wkw.turn Black to move."
expect "T-W1 White's view after the capture" "$(answer tw1 7 | grep -v '^msg')" "ok
seat white
ply 11
status running
due black
grid square 6 4
cell d6 0 3 black R plain
cell a4 2 0 black P plain
cell b4 2 1 black W plain
cell c4 2 2 white W mark
cell b3 3 1 none - mark
cell a1 5 0 white R plain
cell c1 5 2 white S plain
cell d1 5 3 white P plain
material white 4 P R S W
material black 3 P R W"
expect "Black sees the board turned round" "$(answer tw1 8 | grep '^cell')" \
    "cell d1 0 0 white P plain
cell c1 0 1 white S plain
cell a1 0 3 white R plain
cell b3 2 2 none - mark
cell c4 3 1 white W mark
cell b4 3 2 black W plain
cell a4 3 3 black P plain
cell d6 5 0 black R plain"
check "T-W1 the state after the capture has Black to move and one key" \
    grep -qx 'turn: 1' <(answer tw1 9)
check "T-W1 the capture is the last event" \
    grep -qx 'last: capture 0 b3 c4 W S 0 none' <(answer tw1 9)

# ------------------------------------------------ T-W2 and T-W3: base row
session tw2 weekeewachee <<IN
$(pos classic 0 'RPW./..../..../..../..S./s..r')
legal
play c5-c6
result
as black
play d6-d5
count
view black
$(pos classic 0 'RPW./..../..../..../S.../r..p')
play a5xa6
$(pos classic 0 'R.W./..../..../..../P.../r..s')
play a5xa6
result
IN
check "T-W2 session runs clean" clean_run tw2
check "T-W2 c5-c6 is legal" grep -qx c5-c6 <(answer tw2 2)
check "T-W2 c5-c6 wins" grep -qx \
    'told black wkw.result.win White wins: a piece reached the opposite base row.' \
    <(answer tw2 3)
expect "T-W2 result" "$(answer tw2 4)" "ok won white
why wkw.reason.base_row a piece reached the opposite base row"
expect "T-W2 Black's order after the end is refused" "$(answer tw2 6)" \
    "refused wkw.err.game_over The game is over; no more orders are taken."
expect "T-W2 no legal order once the game is over" "$(answer tw2 7)" "ok 0"
check "T-W2 Black's view says who won" grep -qx 'winner white' <(answer tw2 8)
check "T-W2 Black's view has no side due" eval '! answer tw2 8 | grep -q ^due'
expect "T-W3 scissors cannot take the rock on the base row" \
    "$(answer tw2 10)" \
    "refused wkw.err.cannot_beat a5xa6: your scissors cannot beat the rock."
expect "T-W3 second position loads" "$(answer tw2 11)" "ok running"
expect "T-W3 paper takes the rock on the base row and wins" \
    "$(answer tw2 13)" "ok won white
why wkw.reason.base_row a piece reached the opposite base row"

# ------------------------------------------------ T-W4: capture-all
session tw4 weekeewachee <<IN
$(pos classic 0 'R.../..../..S./...p/..../....')
play c3xd4
result
IN
check "T-W4 session runs clean" clean_run tw4
expect "T-W4 capture-all wins" "$(answer tw4 3)" "ok won white
why wkw.reason.capture_all every enemy piece was taken"

# ------------------------------------------------ T-W5: repetition
# The start position counts once (its key is in the history).
session tw5 weekeewachee <<IN
$(pos classic 0 'RPWS/..../..../..../..../swpr' 'RPWS................swpr0')
play a1-a2
play a6-a5
play a2-a1
play a5-a6
result
play a1-a2
play a6-a5
play a2-a1
play a5-a6
result
IN
check "T-W5 session runs clean" clean_run tw5
expect "T-W5 second occurrence: play goes on" "$(answer tw5 6)" "ok running"
check "T-W5 the third occurrence is a draw" grep -qx \
    'told white wkw.result.draw The game is drawn: the same position arose for the third time.' \
    <(answer tw5 10)
expect "T-W5 result" "$(answer tw5 11)" "ok drawn
why wkw.reason.repetition the same position arose for the third time"

# ------------------------------------------------ T-W6: illegal shapes
session tw6 weekeewachee <<IN
$(pos classic 0 'RPWS/..../..../..../..../swpr')
play a1-a3
play a1-b1
play PASS
play a6-a5
play e1-e2
play hello
count
IN
check "T-W6 session runs clean" clean_run tw6
expect "T-W6 refusals" "$(for i in 2 3 4 5 6 7; do answer tw6 $i; done)" \
    "refused wkw.err.not_adjacent a1-a3: a piece moves exactly one square, straight or diagonally.
refused wkw.err.own_piece a1-b1: your own piece stands on b1.
refused wkw.err.no_pass Passing is not allowed: you must move a piece.
refused wkw.err.not_your_piece You have no piece on a6.
refused wkw.err.bad_square There is no square e1: files run from a to d, ranks from 1 to 6.
refused wkw.err.syntax \"hello\" is not a weekeewachee order. Write a move like b1-b2 or b1xc2, SETUP RPSW, DRAW? or DRAW!."
# a1 rock: a2 b2; b1 paper: a2 b2 c2; c1 well: b2 c2 d2; d1 scissors: c2 d2.
expect "T-W6 the same player is asked again" "$(answer tw6 8)" "ok 12"

# ------------------------------------------------ T-W7..T-W9: blind attacks
# Hidden White rock b3 (and scissors a1), hidden Black scissors c4 (and
# well d6). White's orders: every step of b3 and a1, and the attack.
session tw7 weekeewachee <<IN
$(pos blind 0 'S?.../..../.R?../..s?./..../...w?')
legal
view white
play b3-c4
view white
view black
view gm
IN
check "T-W7 session runs clean" clean_run tw7
expect "T-W7 legal orders of White" "$(answer tw7 2)" "ok 13
DRAW!
DRAW?
a1-a2
a1-b1
a1-b2
b3-a2
b3-a3
b3-a4
b3-b2
b3-b4
b3-c2
b3-c3
b3xc4"
expect "T-W7 White sees own hidden pieces and unknown enemies" \
    "$(answer tw7 3 | grep '^cell\|^material')" \
    "cell d6 0 3 unknown ? plain
cell c4 2 2 unknown ? plain
cell b3 3 1 white ? plain
cell a1 5 0 white ? plain
material white 2 ? ?
material unknown 2 ? ?"
expect "T-W7 the attack reveals both; the rock wins" \
    "$(answer tw7 4 | grep -v 'legend\|variant')" "ok
order b3xc4
echo wkw.echo.attack Attack b3xc4 accepted: both pieces will be revealed.
played 11
told white wkw.ev.attack The rock on b3 attacked the scissors on c4; both are revealed now.
told white wkw.ev.attack_won The attacker won and moved to c4.
told white wkw.turn Black to move.
told black wkw.ev.attack The rock on b3 attacked the scissors on c4; both are revealed now.
told black wkw.ev.attack_won The attacker won and moved to c4.
told black wkw.turn Black to move."
expect "T-W7 White's view after the attack" "$(answer tw7 5 | grep '^cell\|^material')" \
    "cell d6 0 3 unknown ? plain
cell c4 2 2 white R mark
cell b3 3 1 none - mark
cell a1 5 0 white ? plain
material white 2 ? R
material unknown 1 ?"
expect "T-W7 Black's view after the attack" "$(answer tw7 6 | grep '^cell\|^material')" \
    "cell a1 0 3 unknown ? plain
cell b3 2 2 none - mark
cell c4 3 1 white R mark
cell d6 5 0 black ? plain
material white 1 R
material black 1 ?
material unknown 1 ?"
expect "T-W7 the game master sees every piece, * unseen" \
    "$(answer tw7 7 | grep '^cell')" \
    "cell d6 0 3 black W* plain
cell c4 2 2 white R mark
cell b3 3 1 none - mark
cell a1 5 0 white S* plain"
check "T-W7 no view leaks a hidden kind" eval \
    '! { answer tw7 5; answer tw7 6; } | grep -E "^cell .* (S|W)\*? "'

session tw8 weekeewachee <<IN
$(pos blind 0 'R?.../..../.S?../..r?./..../...w?')
play b3xc4
view black
$(pos blind 0 'R?.../..../.P?../..p?./..../...w?')
play b3xc4
view white
IN
check "T-W8/9 sessions run clean" clean_run tw8
check "T-W8 the attacker loses and is removed" grep -qx \
    'told white wkw.ev.attack_lost The attacker lost and was removed from b3.' \
    <(answer tw8 2)
expect "T-W8 Black's view: the rock stays revealed" \
    "$(answer tw8 3 | grep '^cell')" \
    "cell a1 0 3 unknown ? plain
cell b3 2 2 none - mark
cell c4 3 1 black R mark
cell d6 5 0 black ? plain"
check "T-W9 equal kinds: both stay" grep -qx \
    'told black wkw.ev.attack_equal Equal pieces: both stay where they are.' \
    <(answer tw8 5)
expect "T-W9 White's view: both revealed, both in place" \
    "$(answer tw8 6 | grep '^cell\|^due')" \
    "due black
cell d6 0 3 unknown ? plain
cell c4 2 2 black P mark
cell b3 3 1 white P mark
cell a1 5 0 white ? plain"

# ------------------------------------------------ T-W10: a hidden piece scores
session tw10 weekeewachee <<IN
$(pos blind 0 'R?.../..../..../..../..W?./s?...')
play c5-c6
view black
IN
check "T-W10 session runs clean" clean_run tw10
check "T-W10 White wins" grep -qx \
    'told white wkw.result.win White wins: a piece reached the opposite base row.' \
    <(answer tw10 2)
check "T-W10 the final view reveals the scorer" grep -qx \
    'cell c6 5 1 white W\* mark' <(answer tw10 3)

# ------------------------------------------------ T-W11: both revealed
session tw11 weekeewachee <<IN
$(pos blind 0 'R?.../..../.S../..r./..../...w?')
count
play b3xc4
$(pos blind 0 'R?.../..../.S?../..r./..../...w?')
legal
IN
check "T-W11 session runs clean" clean_run tw11
expect "T-W11 revealed scissors has no attack on the revealed rock" \
    "$(answer tw11 2)" "ok 12"
expect "T-W11 the attack is refused" "$(answer tw11 3)" \
    "refused wkw.err.cannot_beat b3xc4: your scissors cannot beat the rock."
check "T-W11 a hidden piece may attack the same rock" grep -qx b3xc4 \
    <(answer tw11 5)

# ------------------------------------------------ a Classic game from new
# Seed 4: the first mover is seat 4 mod 2 = White. Both sides are due in
# the setup; each gives his own; the second completes the phase.
session classic weekeewachee <<'IN'
new 4
play SETUP RPSW
as white
count
play SETUP RPSW
orders
as black
play SETUP SWPR
as auto
count
order DRAW?
order a1-a2
submit
orders
play DRAW!
as white
play DRAW!
result
IN
check "Classic session runs clean" clean_run classic
check "Classic: the start asks both for the setup" grep -qx \
    'told black wkw.info.setup_due Send your setup: SETUP and the letters R, P, S, W in the order of files a to d of rank 6, e.g. SETUP RPSW.' \
    <(answer classic 1)
expect "Classic: play without a speaker in the setup" "$(answer classic 2)" \
    'error several sides are due: white black; say "as SIDE" first'
expect "Classic: 24 setups and the two draw orders" "$(answer classic 4)" "ok 26"
expect "Classic: one setup kept, phase not yet played" "$(answer classic 6)" \
    "ok 1
order white setup SETUP RPSW"
check "Classic: the second setup plays the phase" grep -qx 'played 1' \
    <(answer classic 8)
check "Classic: Black sees White's setup" grep -qx \
    'told black wkw.ev.setup Both setups are revealed and placed on the board.' \
    <(answer classic 8)
expect "Classic: White moves first, 10 moves and 2 draw orders" \
    "$(answer classic 10)" "ok 12"
# A mail of two lines: the offer is kept, the end of the mail plays the phase, and
# the offer lapses with it (weekeewachee/README.md, Orders).
expect "Classic: an offer before the move is kept" "$(answer classic 11)" "ok
order DRAW?
echo wkw.echo.draw_offer Draw offered. It stands until the next move is played."
check "Classic: the end of the mail plays the phase" grep -qx \
    'played 2' <(answer classic 13)
expect "Classic: the new phase starts with no orders" "$(answer classic 14)" "ok 0"
check "Classic: a lone DRAW! waits for the other side" eval \
    '[[ $(answer classic 15) == ok*"order DRAW!"* && $(answer classic 15) != *played* ]]'
check "Classic: both draw orders draw the game" grep -qx \
    'told white wkw.result.draw The game is drawn: by agreement.' \
    <(answer classic 17)
expect "Classic: result drawn" "$(answer classic 18)" "ok drawn
why wkw.reason.agreement by agreement"

# ------------------------------------------------ Blind-Fun from new
session blind weekeewachee <<'IN'
new 7 first white blind
view white
view gm
resign
result
IN
check "Blind-Fun session runs clean" clean_run blind
check "Blind-Fun: White is told of the shuffle" grep -qx \
    'told white wkw.ev.shuffled The pieces have been shuffled face down onto both base rows.' \
    <(answer blind 1)
expect "Blind-Fun: White's material is all unknown" \
    "$(answer blind 2 | grep '^material\|^due')" "due white
material white 4 ? ? ? ?
material unknown 4 ? ? ? ?"
check "Blind-Fun: the game master sees four kinds a side" grep -qx \
    'material black 4 P\* R\* S\* W\*' <(answer blind 3)
check "Blind-Fun: resign tells Black" grep -qx \
    'told black wkw.ev.resigned White resigned.' <(answer blind 4)
expect "Blind-Fun: Black won" "$(answer blind 5)" "ok won black
why wkw.reason.resign the opponent resigned"

# ------------------------------------------------ clear and pending
session pend weekeewachee <<'IN'
new 4
pending white
as white
play SETUP RPSW
pending
clear
orders
pending black
clear black
IN
check "pending/clear session runs clean" clean_run pend
expect "pending: White owes the setup" "$(answer pend 2)" \
    "ok 1
pending judge.confirm.incomplete Your orders are NOT complete yet."
expect "pending: nothing once the setup is kept" "$(answer pend 5)" "ok 0"
expect "clear withdraws White's setup" "$(answer pend 6)" "ok 1"
expect "clear: no order is kept" "$(answer pend 7)" "ok 0"
expect "pending names the side asked for" "$(answer pend 8 | head -1)" "ok 1"
expect "clear of a side without orders" "$(answer pend 9)" "ok 0"

# ------------------------------------------------ the console itself
session console weekeewachee <<IN
legal
frobnicate
new x
new 1 sideways
$(pos classic 0 'RPWS/..../..../..../..../swpr')
state
position
wkw 1
variant: classic
.
view nobody
perft 2
sides
IN
check "console session runs clean" clean_run console
expect "console: no position yet" "$(answer console 1)" \
    'error no position: say "new" or "position" first'
expect "console: unknown command" "$(answer console 2)" \
    "error unknown command frobnicate; try help"
expect "console: a bad seed" "$(answer console 3)" \
    "error the seed must be a decimal number: x"
expect "console: a bad option is the game's refusal" "$(answer console 4)" \
    'refused wkw.err.option Unknown weekeewachee option "sideways": use "blind" for Blind-Fun, or nothing for Classic.'
expect "console: a damaged state is refused" "$(answer console 7)" \
    "refused wkw.err.state_corrupt The saved game is damaged and cannot be read."
expect "console: no such side" "$(answer console 8)" "error no such side: nobody"
expect "console: weekeewachee has no perft" "$(answer console 9)" \
    "error weekeewachee has no perft"
expect "console: sides" "$(answer console 10)" "ok 2
side 0 white
side 1 black"

# The saved text goes back in unchanged.
{ echo position; answer console 6 | tail -n +2; echo .; echo state; } >"$T/again.in"
session again weekeewachee <"$T/again.in"
check "state round trip session runs clean" clean_run again
expect "state round-trips through position" "$(answer again 2)" "$(answer console 6)"

# German: the reasons in German, the side names stay English.
session de weekeewachee --lang de <<IN
$(pos classic 0 'RPWS/..../..../..../..../swpr')
play a1-a3
sides
IN
check "German session runs clean" clean_run de
check "German: the refusal is German" eval \
    '[[ $(answer de 2) == "refused wkw.err.not_adjacent "* && $(answer de 2) != *"a piece moves"* ]]'
expect "German: side names are the console's" "$(answer de 3)" "ok 2
side 0 white
side 1 black"

# The usage: an unknown game is refused with the list of games.
(cd "$REF_ROOT" && "$PBEMD" referee nosuchgame </dev/null >"$T/nogame.out" 2>&1)
check "an unknown game exits 64" test $? -eq 64
check "an unknown game lists the games" grep -q 'weekeewachee' "$T/nogame.out"
check "pbemd help referee documents the protocol" eval \
    '"$PBEMD" help referee | grep -q "told SIDE KEY TEXT"'


# ------------------------------------ issue 14: a decided position loaded
# White's rock already on c6, Black's base row, written as still in play
# with Black to move (and so with White to move, and hidden in Blind-Fun):
# the game is over, White won (adjudicator/weekeewachee/README.md: loaded
# as over with its winner, not refused). Both sides home is refused.
BR='why wkw.reason.base_row a piece reached the opposite base row'
session home weekeewachee <<IN
$(pos classic 1 'PWS./..../...w/..s./.p../r.R.')
result
legal
as black
play a6-a5
view black
$(pos classic 0 'PWS./..../...w/..s./.p../r.R.')
$(pos blind 1 'P?W?S?./..../...w?/..s?./.p?../r?.R?.')
$(pos classic 1 'PWSp/..../...w/..s./..../r.R.')
$(pos classic 1 'PWS./..../...w/..s./.pR./r...')
IN
check "decided positions session runs clean" clean_run home
expect "a rock on the far base row has won" "$(answer home 1)" \
    "ok won white
$BR"
expect "result says the same" "$(answer home 2)" "$(answer home 1)"
expect "no order is listed" "$(answer home 3)" "ok 0"
expect "Black's move is refused" "$(answer home 5)" \
    "refused wkw.err.game_over The game is over; no more orders are taken."
check "Black's view says White won" grep -qx \
    'msg wkw.result.win White wins: a piece reached the opposite base row.' \
    <(answer home 6)
expect "with White to move too" "$(answer home 7)" "ok won white
$BR"
expect "a hidden piece home has won too (Blind-Fun)" "$(answer home 8)" \
    "ok won white
$BR"
expect "both sides home is refused" "$(answer home 9)" \
    "refused wkw.err.state_corrupt The saved game is damaged and cannot be read."
expect "one step short plays on" "$(answer home 10)" "ok running"

finish
