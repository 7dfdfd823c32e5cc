#!/usr/bin/env bash
# tests/e2e/test_observe.sh - issue 16 by real mail: an observer of a
# Diplomacy game, the GM's clock change, and TERMINATE with the final
# standings to everyone.
#
# Starts Dovecot + Exim on loopback and `pbemd serve`. The GM creates a
# game with deadlines (approve=auto); an outsider (obs) sends OBSERVE
# while it forms; seven players join and the GM starts it. The white-press
# start report names the players to them, not to the observer. France
# sends Germany private press, Italy a broadcast; the GM changes the clock
# (SET MOVE 48h); Spring 1901 is played; the observer asks for the MAP;
# the GM sends TERMINATE. Asserts on the mails each person received: the
# observer's mailbox holds the start report, the broadcast, the clock's
# announcement, the results and the final report, and never the private
# press; every player, the GM and the observer get the final standings
# and the seed. Prints "N passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/dip_lib.sh"

PLAYERS=(aus eng fra ger ita rus tur)
POWERS=(Austria England France Germany Italy Russia Turkey)
E2E_USERS="judge gm obs ${PLAYERS[*]}"
DIP_USERS="gm obs ${PLAYERS[*]}"
stack_up || { echo "test_observe: cannot start the mail stack"; echo "0 passed, 1 failed"; exit 1; }
pbemd_conf "$DIR/pbemd.ini" "timezone = Europe/Berlin"
pbemd_up

signon() { printf 'SIGNON og %s-secret\n%s' "$1" "$2"; }
gm_do() { send_mail gm "gm" "SIGNON og $GMPW
$1"; }
SECRET="The Ruhr is yours if Belgium is mine, ZX81"

# ---------------------------------------------------------------- forming
mark
send_mail gm "new game" "CREATE og standard move=1h retreat=1h adjust=1h approve=auto"
wait_new gm 1
GMPW=$(since gm | sed -n 's/.*password is \([a-z0-9]*\):.*/\1/p' | head -n 1)
check "CREATE answers the GM with a password" test -n "$GMPW"

mark
send_mail obs "watch" "OBSERVE og"
wait_new obs 1
says "the outsider observes the forming game" obs "You observe game og now. It is still forming"

mark
for i in 0 1 2 3 4 5 6; do
	send_mail "${PLAYERS[i]}" "join" "JOIN og ${PLAYERS[i]}-secret ${POWERS[i]}"
done
for p in "${PLAYERS[@]}"; do wait_new "$p" 1; done
mark
gm_do "START"
for p in "${PLAYERS[@]}"; do wait_new "$p" 1; done
wait_new gm 1
wait_new obs 1
says "the observer gets the start report" obs "You observe this game"
says "the observer's start report has the seed's hash" obs "SHA-256"
says_not "the observer is not told the players' addresses" obs "fra@"
says "a white-press start report names who plays which power" eng "Who plays which seat"
says "England reads France's player" eng "- France: fra@$MAILSTACK_DOMAIN"
says "the GM reads the players too" gm "- Turkey: tur@$MAILSTACK_DOMAIN"

# ---------------------------------------------------------------- press
mark
send_mail fra "press" "$(signon fra "PRESS TO Germany
$SECRET
ENDPRESS")"
send_mail ita "press" "$(signon ita "BROADCAST
Hello from Rome, everybody.
ENDPRESS")"
wait_new fra 1
wait_new ita 1
wait_new ger 2
wait_new obs 1
says "Germany gets France's private press" ger "$SECRET"
says "the observer gets Italy's broadcast" obs "Hello from Rome, everybody."
says_not "the observer never gets private press" obs "ZX81"

# ---------------------------------------------------------------- the clock
mark
gm_do "SET MOVE 48h"
for p in "${PLAYERS[@]}"; do wait_new "$p" 1; done
wait_new gm 1
wait_new obs 1
says "the GM's clock change is announced to the players" rus "movement phases last 2d, from the next phase on"
says "the clock change reaches the observer" obs "The game master changed the clock of game og"
says "the GM is answered" gm "The game master changed the clock of game og: movement phases last 2d"
check "the store holds the new duration" test "$(e2e_sql "SELECT move FROM clocks")" = 172800

# ---------------------------------------------------------------- S1901M
HOLD=("A VIE H, A BUD H, F TRI H" "F LON H, F EDI H, A LVP H"
	"A PAR H, A MAR H, F BRE H" "A BER H, A MUN H, F KIE H"
	"A VEN H, A ROM H, F NAP H" "A MOS H, A WAR H, F SEV H, F STP/SC H"
	"A CON H, A SMY H, F ANK H")
mark
for i in 0 1 2 3 4 5 6; do
	send_mail "${PLAYERS[i]}" "orders" "$(signon "${PLAYERS[i]}" "${HOLD[i]}")"
done
for p in "${PLAYERS[@]}"; do wait_new "$p" 2; done
wait_new gm 1
wait_new obs 1
says "the observer gets the results" obs "A VEN H"
says "the observer's report is the observer's" obs "You observe this game"
says_not "the observer is not asked to approve" obs "Send APPROVE"
says "the next phase is announced" obs "Fall 1901"

mark
send_mail obs "map please" "MAP og"
wait_new obs 2
says "MAP answers the observer" obs "goes to your address in a mail of its own"
check "the observer's MAP carries the map of Spring 1901" test "$(pictures obs 'og-S1901M\.png')" -ge 1

# ---------------------------------------------------------------- the end
mark
gm_do "TERMINATE"
for p in "${PLAYERS[@]}"; do wait_new "$p" 1; done
wait_new gm 1
wait_new obs 1
for u in gm obs "${PLAYERS[@]}"; do
	says "$u is told the GM ended the game" "$u" "The game master ended game og here"
	says "$u reads the final standings" "$u" "France: 3 supply centres, 3 units."
	says "$u learns the seed" "$u" "Its random seed was"
done
says "the GM's reply confirms it" gm "Game og is ended."
says "the observer's final report is the observer's" obs "You observe this game"
check "the game is over in the store" test "$(e2e_sql "SELECT status FROM games WHERE name = 'og'")" = over

mark
send_mail fra "orders" "$(signon fra "A PAR - BUR")"
wait_new fra 1
says "no orders after the end" fra "ERROR"

# ---------------------------------------------------------------- the mailbox
from_start obs
says "the observer's mailbox holds the broadcast" obs "Hello from Rome, everybody."
says "the observer's mailbox holds the start report" obs "SHA-256"
says_not "the observer's mailbox holds no private press" obs "ZX81"
says_not "the observer's mailbox names no player's address" obs "ger@"

check "pbemd stops cleanly on SIGTERM" pbemd_down
check "the daemon logged no warning" test -z "$(grep -E ' (warn|error): ' "$DIR/pbemd.log")"
finish
