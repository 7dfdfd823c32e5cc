#!/usr/bin/env bash
# tests/e2e/test_ari.sh - ARI games by real mail.
#
# Starts Dovecot + Exim on loopback and `pbemd serve`; the players' mails go
# in by SMTP and every mailbox is read back over IMAP (STARTTLS, verified).
# Plays an ARI game through the opening (six dice set alternately on
# targets, then the queens) to a capture, one player writing German, with
# a refused die, a move out of turn and a declined draw offer on the way;
# then a game drawn by agreement and one ended by RESIGN. After every move
# both players get the board as text (every die with its four side faces)
# and as a PNG. Prints "N passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

stack_up || { echo "test_ari: cannot start the mail stack"; echo "0 passed, 1 failed"; exit 1; }
pbemd_conf "$DIR/pbemd.ini"
pbemd_up

# last USER: the judge's newest mail to USER (lib.sh fetch_last).
last() { fetch_last "$1"; }

# png_head USER: the first 8 bytes (hex) of the PNG attached to USER's newest mail.
png_head() {
	last "$1" | tr -d '\r' | awk '/^Content-Disposition: attachment;/ { a = 1 }
		a && /^$/ { b = 1; next } b && /^--/ { exit } b' |
		base64 -d 2>/dev/null | head -c 8 | od -An -tx1 | tr -d ' \n'
}

# rank USER N: the middle text line of rank N in USER's newest report.
rank() { last "$1" | tr -d '\r' | grep -E "^ ?$2\|" | head -n 1; }

# face_at USER N FILE: the five characters of square FILE on rank N.
face_at() {
	local col=$(( $(printf '%d' "'$3") - 97 ))
	rank "$1" "$2" | cut -c $((4 + 5 * col))-$((8 + 5 * col))
}

# ---------------------------------------------------------------- a capture
mail_and_wait gm "CREATE ag ari" gm
check "CREATE ari answers the game master with a password" \
	grep -q "password is" <(last gm)
mail_and_wait alice "JOIN ag alice-secret" alice
mail_and_wait bob "JOIN ag bob-secret de" bob alice gm
check "the start report reaches the first player" grep -q "Subject: \[pbemd\] ag: move 0" <(last alice)
check "the German player gets a German report" grep -q "Sie spielen Schwarz" <(last bob)
check "the start report carries the picture ag-0.png" grep -q 'filename="ag-0.png"' <(last alice)
check "the attached picture decodes to a PNG" test "$(png_head bob)" = 89504e470d0a1a0a
check "the empty board is drawn 15 by 15" test "$(last alice | tr -d '\r' | grep -cE '^ ?[0-9]+\|')" = 15
# The judge draws who sets the first die; the game is the same either way.
if grep -q "White to move: set one of your dice" <(last alice); then
	P=(alice bob); L=(III IV V); l=(iii iv v)
else
	P=(bob alice); L=(iii iv v); l=(III IV V)
fi
first=${P[0]} second=${P[1]}
check "the first mover is told to set a die anywhere" \
	grep -qE "set one of your dice on any square|einen der eigenen Würfel in beliebiger Lage" <(last "$first")

# ply 1, written in lower case and without spaces
mail_and_wait "$first" "SIGNON ag ${first}-secret
iiih8n9e2" "$first" "$second" gm
check "a die order is read in any case and spacing" \
	grep -qE "Die III on h8 accepted|Würfel III auf h8 angenommen" <(last "$first")
check "the die shows its four side faces on h8 (mover)" test "$(face_at "$first" 8 h)" = "7${L[0]}2"
check "the die shows its four side faces on h8 (opponent)" test "$(face_at "$second" 8 h)" = "7${L[0]}2"
check "its targets are marked" test "$(face_at "$second" 8 a)" = "  +  "
check "the report of move 1 carries ag-1.png" grep -q 'filename="ag-1.png"' <(last "$second")
check "the picture of move 1 decodes to a PNG" test "$(png_head "$second")" = 89504e470d0a1a0a

# ply 2: a square that is no target is refused, a move out of turn too
mail_and_wait "$second" "SIGNON ag ${second}-secret
IV e5 N1 E3" "$second"
check "a die off the targets is quoted and refused" grep -q "^> IV e5 N1 E3" <(last "$second")
check "the reason names the square" grep -qE "e5 is no target of a die|e5 ist kein Zielfeld" <(last "$second")
mail_and_wait "$first" "SIGNON ag ${first}-secret
V a8 N2 E3" "$first"
check "a move out of turn is refused" grep -qE "It is not your turn|Sie sind nicht am Zug" <(last "$first")
mail_and_wait "$second" "SIGNON ag ${second}-secret
IV j8 N2 E1" "$second"
check "a face the die lacks is refused" grep -qE "has no face|hat keine Seite" <(last "$second")

play() {  # play WHO BODY
	mail_and_wait "$1" "SIGNON ag ${1}-secret
$2" "$1" "$3" gm
	grep -qE "ERROR|FEHLER" <(last "$1") && ko "refused: $2"
	return 0
}
play "$second" "IV j8 N1E3" "$first"
play "$first" "V h7 N2 E3" "$second"
play "$second" "III j9 N9 E2" "$first"
play "$first" "IV k7 N1 E3" "$second"
play "$second" "V m8 N2 E3" "$first"
check "after six dice the queens are placed" \
	grep -qE "place your queen|die Königin auf ein freies Feld" <(last "$first")
check "the second mover's dice are drawn on j8 and m8" \
	test "$(face_at "$first" 8 j)$(face_at "$first" 8 m)" = "8${l[1]} 38 ${l[2]} 3"
play "$first" "Q a5" "$second"
play "$second" "q a1" "$first"
check "play begins after the queens" grep -qE "^(White|Black) to move\.|^(Weiß|Schwarz) zieht\." <(last "$first" | tr -d '\r')

# A draw offer rides with the move; the opponent's move declines it.
play "$first" "DRAW
Q a5-a6" "$second"
check "the opponent's report tells the draw offer" \
	grep -qE "offers a draw|bietet Remis an" <(last "$second")
play "$second" "IV j8-b1 N1 E3" "$first"
check "a move declines the offer" test -z "$(last "$first" | grep -E 'offers a draw|bietet Remis an')"
play "$first" "Q a6-a5" "$second"
play "$second" "III j9-b2 N5 E2" "$first"
mail_and_wait "$first" "SIGNON ag ${first}-secret
IV k7-a4 N8 E1" "$first" "$second" gm
check "the capture wins (mover)" \
	grep -qE "(White|Black) wins: the opponent could not save the queen|(Weiß|Schwarz) gewinnt: der Gegner konnte seine Königin nicht mehr retten" <(last "$first")
check "the loser is told the result" grep -qE "wins|gewinnt" <(last "$second")
check "the GM is told the result" grep -qE "wins: the opponent could not save the queen" <(last gm)
check "the final report shows the die on a4 (S3 below)" \
	test "$(face_at "$second" 4 a)" = "9${L[1]} 1"
mail_and_wait "$second" "SIGNON ag ${second}-secret
Q a1-a2" "$second"
check "an order after the end is refused" grep -qE "The game is over|Die Partie ist beendet" <(last "$second")

# ---------------------------------------------------------------- a draw
mail_and_wait gm "CREATE ad ari" gm
mail_and_wait carol "JOIN ad carol-secret" carol
mail_and_wait dave "JOIN ad dave-secret" dave carol gm
if grep -q "White to move" <(last carol); then a=carol b=dave; else a=dave b=carol; fi
mail_and_wait "$a" "SIGNON ad ${a}-secret
DRAW
III h8 N9 E2" "$a" "$b" gm
check "DRAW before the move is an offer" grep -q "Draw offered" <(last "$a")
mail_and_wait "$b" "SIGNON ad ${b}-secret
DRAW" "$b" "$a" gm
check "DRAW instead of a move accepts" grep -q "You accept the draw" <(last "$b")
check "both are told the draw" grep -q "The game is drawn: by agreement" <(last "$a")

# ---------------------------------------------------------------- RESIGN
mail_and_wait gm "CREATE ar ari" gm
mail_and_wait carol "JOIN ar carol-secret" carol
mail_and_wait dave "JOIN ar dave-secret" dave carol gm
if grep -q "White to move" <(last carol); then a=carol b=dave; else a=dave b=carol; fi
mail_and_wait "$a" "SIGNON ar ${a}-secret
V c3 N7 E3" "$a" "$b" gm
mail_and_wait "$b" "SIGNON ar ${b}-secret
RESIGN" "$b" "$a" gm
check "the opponent wins by resignation" grep -q "wins: the opponent resigned" <(last "$a")

check "pbemd stops cleanly on SIGTERM" pbemd_down
check "the daemon logged no warning" test -z "$(grep -E ' (warn|error): ' "$DIR/pbemd.log")"
finish
