#!/usr/bin/env bash
# tests/referee/test_wotk.sh - Way of the Knight through `pbemd referee`:
# perft from the start (with experience and as chess) and from Kiwipete,
# positions of rules/way-of-the-knight.md 8.4 loaded as state text
# (adjudicator/wotk/README.md) with their legal orders against the rules'
# lists, an alignment choice refused and then played, the alternative
# table's Duke written as the Lord, and a handicap set-up. Prints "N
# passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

# pos OPTIONS PHASE HANDICAP FEN: a saved position (seat 0 plays White),
# then the "." that ends it.
pos() {
	printf 'position\nwotk 1\noptions: %s\nphase: %s\nwhite: 0\n' "$1" "$2"
	printf 'handicap: %s\nply: 10\nwinner: -1\nend: none\noffer: -1\n' "$3"
	printf 'seed: 0000000000000001\n'
	printf 'rng: 0000000000000001 0000000000000002 0000000000000003 0000000000000004\n'
	printf 'fen: %s\nlast: none -1 0 0 0 0 0 0 -\nsetup:\nhist:\n.\n' "$4"
}

# ------------------------------------------------------------- perft
session start wotk <<IN
new 7
perft 1
perft 2
perft 3
new 7 no-experience
perft 4
IN
check "perft session runs clean" clean_run start
expect "perft 1 from the start" "$(answer start 2)" "ok 20"
expect "perft 2 from the start" "$(answer start 3)" "ok 400"
expect "perft 3: chess plus 14 pawn captures that choose a form" \
    "$(answer start 4)" "ok 8916"
expect "perft 4 as chess" "$(answer start 6)" "ok 197281"

session kiwi wotk <<IN
$(pos "paths=standard no-experience" play "0 0" \
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
perft 1
perft 2
perft 3
IN
check "Kiwipete session runs clean" clean_run kiwi
expect "Kiwipete loads" "$(answer kiwi 1)" "ok running"
expect "Kiwipete perft 1 2 3" "$(answer kiwi 2; answer kiwi 3; answer kiwi 4)" \
    "ok 48
ok 2039
ok 97862"

# ------------------------------------------------- C1: the Raven escape
# In check from e8; blocks, King steps, and the Raven taking the Rook on h4
# becomes a second King. Taking the Baron (level 4) does not improve it.
session c1 wotk <<IN
$(pos paths=standard play "0 0" "j3r3/7k/8/8/V6r/8/8/4K3 w - - 0 1")
legal
play a4xa8
play a4xh4
view player-a
IN
check "C1 session runs clean" clean_run c1
expect "C1 legal orders" "$(answer c1 2)" "ok 9
DRAW
a4-e2
a4-e4
a4-e6
a4xh4=K
e1-d1
e1-d2
e1-f1
e1-f2"
expect "C1 a capture that leaves the King attacked" "$(answer c1 3)" \
    "refused wotk.err.king_attacked a4-a8 would leave your only King attacked."
expect "C1 the Raven becomes a King" "$(answer c1 4 | grep -v legend)" "ok
order a4xh4=K
echo wotk.echo.improve Move a4xh4=K accepted: your Lord Chancellor gains a level and becomes King.
played 11
told player-a wotk.info.you You play White.
told player-a wotk.ev.move White played a4xh4=K.
told player-a wotk.ev.capture The piece taken was the Rook.
told player-a wotk.ev.improve The Lord Chancellor on h4 gained experience and became King.
told player-a wotk.info.kings White has 2 Kings, so there is no check for White: a King may stand attacked, and White loses only with the last King.
told player-a wotk.turn Black to move (move 1).
told player-b wotk.info.you You play Black.
told player-b wotk.ev.move White played a4xh4=K.
told player-b wotk.ev.capture The piece taken was the Rook.
told player-b wotk.ev.improve The Lord Chancellor on h4 gained experience and became King.
told player-b wotk.info.kings White has 2 Kings, so there is no check for White: a King may stand attacked, and White loses only with the last King.
told player-b wotk.turn Black to move (move 1)."
check "C1 the view shows the new King with its level" \
    grep -q "^cell h4 .* player-a K11 mark" <(answer c1 5)

# ------------------------------------- E5: en passant with the form chosen
session e5 wotk <<IN
$(pos paths=standard play "0 0" "7k/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
play e5xd6
play e5xd6 e.p. = priest
state
IN
check "E5 session runs clean" clean_run e5
expect "E5 the choice is required" "$(answer e5 2)" \
    "refused wotk.err.choose2 e5xd6 improves your piece: choose Squire or Priest and write it after the move as a letter or a name, e.g. e5xd6=Squire."
check "E5 played as the Priest" grep -q "^order e5xd6=I ep$" <(answer e5 3)
check "E5 the state holds the Priest on d6" grep -q "^fen: 7k/8/3I4/8/8/8/8/4K3 b - - 0 1$" <(answer e5 4)

# ------------------------------- the alternative table's Duke (issue 14)
# "The Lord under another name" (rules decision 3): L and W, Lord and Duke
# are read alike under paths=alternative, and W is printed; the standard
# table still knows no W and no Duke.
duke_pos="l3k3/7r/8/8/8/8/8/KQ6 w - - 0 1"
session duke wotk <<IN
$(pos paths=alternative play "0 0" "$duke_pos")
state
order b1xh7=L
order b1xh7 = lord
order B1XH7 (Duke)
play b1xh7=Lord
state
IN
session dukew wotk <<IN
$(pos paths=alternative play "0 0" "${duke_pos//l/w}")
state
IN
session dukestd wotk <<IN
$(pos paths=standard play "0 0" "${duke_pos//l/w}")
$(pos paths=standard play "0 0" "$duke_pos")
order b1xh7=Duke
order b1xh7=W
order b1xh7=Lord
IN
check "Duke session runs clean" clean_run duke
check "Duke as W session runs clean" clean_run dukew
check "standard Lord session runs clean" clean_run dukestd
expect "a Lord's L loads as the Duke under paths=alternative" \
    "$(answer duke 1)" "ok running"
expect "L and W load the same position" "$(answer duke 2)" \
    "$(answer dukew 2)"
check "the Duke is saved as W" \
    grep -q "^fen: w3k3/7r/8/8/8/8/8/KQ6 w - - 0 1$" <(answer duke 2)
expect "=L, = lord and (Duke) are the Duke's W" \
    "$(answer duke 3; answer duke 4; answer duke 5)" "ok
order b1xh7=W
echo wotk.echo.improve Move b1xh7=W accepted: your Queen gains a level and becomes Duke.
ok
order b1xh7=W
echo wotk.echo.improve Move b1xh7=W accepted: your Queen gains a level and becomes Duke.
ok
order b1xh7=W
echo wotk.echo.improve Move b1xh7=W accepted: your Queen gains a level and becomes Duke."
check "=Lord is played as the Duke" \
    grep -q "^told player-b wotk.ev.improve The Queen on h7 gained experience and became Duke.$" \
    <(answer duke 6)
check "the Duke stands on h7" \
    grep -q "^fen: w3k3/7W/8/8/8/8/8/K7 b - - 0 1$" <(answer duke 7)
expect "the standard table has no W" "$(answer dukestd 1)" \
    "refused wotk.err.state_corrupt The saved game is damaged and cannot be read."
expect "the standard table has no Duke" \
    "$(answer dukestd 3; answer dukestd 4)" \
    "refused wotk.err.form_unknown \"duke\" is not a piece of this game's table.
refused wotk.err.form_unknown \"w\" is not a piece of this game's table."
check "the standard table's Lord is still L" \
    grep -q "^order b1xh7=L$" <(answer dukestd 5)

# --------------------------------------------------- the handicap set-up
# White holds two points: a Rook and a Pawn improve; the corner piece keeps
# its castling right (checked in test_movegen, K1 and K2).
session hc wotk <<IN
$(pos paths=standard setup "2 0" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
count
play e2-e4
play SETUP a1=G
play SETUP a1=C b1=J
play setup h1 fool, d2 squire
state
IN
check "set-up session runs clean" clean_run hc
expect "set-ups are not listed" "$(answer hc 2 | head -1)" \
    "error wotk cannot list the legal orders here"
expect "the set-up comes before the first move" "$(answer hc 3)" \
    "refused wotk.err.setup_first White first spends the handicap points: the game begins with SETUP, and the first move follows in a later mail, after the set-up report."
expect "all points must be spent" "$(answer hc 4)" \
    "refused wotk.err.setup_points You have 2 handicap points to spend, and this set-up spends 1."
expect "no more than the points either" "$(answer hc 5)" \
    "refused wotk.err.setup_points You have 2 handicap points to spend, and this set-up spends 3."
check "the set-up is played" grep -q "^order SETUP h1=F d2=S$" <(answer hc 6)
check "the improved pieces stand, castling rights kept" \
    grep -q "^fen: rnbqkbnr/pppppppp/8/8/8/8/PPPSPPPP/RNBQKBNF w KQkq - 0 1$" <(answer hc 7)
# Colours follow the move order, not the seat: with player B moving first,
# the light pieces (White's, on e1) are player B's in every view line.
session colours wotk <<IN
new 7 first player-b
view gm
IN
check "colours session runs clean" clean_run colours
check "White's king is player B's when B moves first" \
    grep -q "^cell e1 7 4 player-b K11 " <(answer colours 2)
check "Black's king is player A's" \
    grep -q "^cell e8 0 4 player-a K11 " <(answer colours 2)

# ------------------------------------ issue 14: a decided position loaded
# C3 (White mated) and C4 (White stalemated) of rules 8 written as still in
# play: "position" answers as "result" does, the game is over, nothing can
# be ordered, and the views say why. C2b (in check, four moves) plays on.
session mated wotk <<IN
$(pos paths=standard play "0 0" "7k/8/8/8/8/8/6PP/r6K w - - 0 1")
result
legal
count
play DRAW
as player-a
play DRAW
view gm
$(pos paths=standard play "0 0" "7k/8/8/8/8/8/5q2/7K w - - 0 1")
legal
view player-a
$(pos paths=standard play "0 0" "4r2k/8/8/8/8/8/7P/4K3 w - - 0 1")
count
IN
check "decided positions session runs clean" clean_run mated
expect "C3 loads as White mated" "$(answer mated 1)" "ok won player-b
why wotk.reason.mate checkmate"
expect "C3 result says the same" "$(answer mated 2)" "$(answer mated 1)"
expect "C3 lists no order, not even DRAW" "$(answer mated 3)" "ok 0"
expect "C3 counts none" "$(answer mated 4)" "ok 0"
expect "C3 awaits no side" "$(answer mated 5)" \
    'error the game is over, no side is due; say "as SIDE" first'
expect "C3 refuses White's DRAW" "$(answer mated 7)" \
    "refused wotk.err.game_over The game is over; no more orders are taken."
check "C3 the game master's view says over" grep -qx 'status over' \
    <(answer mated 8)
check "C3 the game master's view says who won and why" grep -qx \
    'msg wotk.result.win Black wins: checkmate.' <(answer mated 8)
check "C3 no side is due" eval '! answer mated 8 | grep -q "^due "'
expect "C4 loads as stalemate, drawn" "$(answer mated 9)" "ok drawn
why wotk.reason.stalemate stalemate"
expect "C4 lists no order" "$(answer mated 10)" "ok 0"
check "C4 White is told the draw" grep -qx \
    'msg wotk.result.draw The game is drawn: stalemate.' <(answer mated 11)
expect "C2b loads running" "$(answer mated 12)" "ok running"
expect "C2b: four King moves and DRAW" "$(answer mated 13)" "ok 5"

finish
