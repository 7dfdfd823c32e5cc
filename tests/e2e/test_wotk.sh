#!/usr/bin/env bash
# tests/e2e/test_wotk.sh - Way of the Knight games by real mail.
#
# Starts Dovecot + Exim on loopback and `pbemd serve`; the players' mails go
# in by SMTP and every mailbox is read back over IMAP (STARTTLS, verified).
# Game 1: a pawn capture that improves the pawn, first refused without the
# alignment choice, then played with it; a draw offer (written after the
# move) riding with the move and
# declined by a move; a mate (the fool's mate pattern). Reports carry the
# diagram with levels and a PNG picture, in English and German. Game 2: the
# rematch of the same two players starts with the loser's handicap point:
# he plays White, improves a piece with SETUP, moves, and the opponent
# resigns. Prints
# "N passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

stack_up || { echo "test_wotk: cannot start the mail stack"; echo "0 passed, 1 failed"; exit 1; }
pbemd_conf "$DIR/pbemd.ini"
pbemd_up

last() { fetch_last "$1"; }

# board USER: the diagram rows of USER's newest mail.
board() { last "$1" | grep -E '^[1-8] \|'; }

# ---------------------------------------------------------------- game 1
mail_and_wait gm "CREATE wk wotk" gm
check "CREATE wotk answers the game master" grep -q "is created" <(last gm)
mail_and_wait alice "JOIN wk alice-secret" alice
mail_and_wait bob "JOIN wk bob-secret de" bob alice gm
if grep -q "You play White" <(last alice); then
	W=alice B=bob
else
	W=bob B=alice
fi
check "each player is told his colour" grep -qE "You play (White|Black)" <(last alice)
check "the German player is told his colour in German" grep -qE "Sie spielen (Weiß|Schwarz)" <(last bob)
check "the start diagram shows pieces with their levels" grep -q "K11" <(board alice)
check "the start report carries a PNG picture" grep -q "Content-Type: image/png" <(last alice)

play() {  # play USER MOVE-LINES...: one mail, waits for both players and the GM
	local u=$1; shift
	local body="SIGNON wk ${u}-secret" l
	for l in "$@"; do body+=$'\n'"$l"; done
	mail_and_wait "$u" "$body" alice bob gm
}

play "$W" "c2-c4"
play "$B" "d7-d5"
mail_and_wait "$W" "SIGNON wk ${W}-secret
c4xd5" "$W"
check "a capture that improves needs the alignment choice" grep -qE "ERROR|FEHLER" <(last "$W")
check "the refusal names both forms" grep -qE "(Squire or Priest|Knappe oder Priester)" <(last "$W")
play "$W" "C4 x D5 = Squire"
check "the improvement is reported" grep -qE "(gained experience and became Squire|Erfahrung gesammelt und ist jetzt Knappe)" <(last "$B")
check "the board shows the Squire with its level" grep -q "S2" <(board alice)
play "$B" "e7-e5"
play "$W" "f2-f3" "DRAW"
check "the draw offer rides with the move" grep -qE "(offers a draw|bietet Remis an)" <(last "$B")
play "$B" "b8-c6"
check "a move declines the offer" test -z "$(last "$W" | grep -E '(offers a draw|bietet Remis an)')"
play "$W" "g2-g4"
play "$B" "Qd8-h4#"
check "the mate ends the game for the winner" grep -qE "(Black wins: checkmate|Schwarz gewinnt: schachmatt)" <(last "$B")
check "the loser is told" grep -qE "(Black wins: checkmate|Schwarz gewinnt: schachmatt)" <(last "$W")
check "the game master is told" grep -q "Black wins: checkmate" <(last gm)
check "the final report carries a PNG picture" grep -q "Content-Type: image/png" <(last "$W")
mail_and_wait "$W" "SIGNON wk ${W}-secret
e1-f2" "$W"
check "a move after the mate is refused" grep -qE "(The game is over|Die Partie ist beendet)" <(last "$W")

# ---------------------------------------------------------------- game 2
# The same two players again: the loser of game 1 holds one handicap point,
# so he plays White and spends it before his first move.
loser=$W
winner=$B
mail_and_wait gm "CREATE wk2 wotk" gm
mail_and_wait alice "JOIN wk2 alice-secret" alice
mail_and_wait bob "JOIN wk2 bob-secret" bob alice gm
check "the handicapped loser plays White" grep -qE "(You play White|Sie spielen Weiß)" <(last "$loser")
check "he is asked for his set-up" grep -qE "(handicap of 1 point:|Handicap von 1 Punkt:)" <(last "$loser")
mail_and_wait "$loser" "SIGNON wk2 ${loser}-secret
SETUP g1=B" "$loser"
check "a set-up off the ways is refused" grep -qE "(cannot become Bishop|nicht Bischof werden)" <(last "$loser")
# A move in the set-up's mail comes too early: the set-up is played when
# the mail ends.
mail_and_wait "$loser" "SIGNON wk2 ${loser}-secret
SETUP g1=J
g1-f3" alice bob gm
check "the set-up is reported to the opponent" grep -qE "(has spent the handicap points|Handicap-Punkte eingesetzt)" <(last "$winner")
check "a move in the set-up's mail waits for the report" grep -qE "(first move follows in a later mail|erste Zug folgt in einer späteren Mail)" <(last "$loser")
mail_and_wait "$loser" "SIGNON wk2 ${loser}-secret
g1-f3" alice bob gm
check "the first move follows the set-up" grep -qE "(White played g1-f3|Weiß spielte g1-f3)" <(last "$winner")
check "the Baron stands on f3" grep -q "J4" <(board "$winner")
mail_and_wait "$winner" "SIGNON wk2 ${winner}-secret
RESIGN" alice bob gm
check "the resignation ends the game" grep -qE "(White wins: the opponent resigned|Weiß gewinnt: der Gegner hat aufgegeben)" <(last "$loser")

check "pbemd stops cleanly on SIGTERM" pbemd_down
check "the daemon logged no warning" test -z "$(grep -E ' (warn|error): ' "$DIR/pbemd.log")"
finish
