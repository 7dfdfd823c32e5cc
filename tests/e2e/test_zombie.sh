#!/usr/bin/env bash
# tests/e2e/test_zombie.sh - a Zombie-Diplomacy game (option undead) by real
# mail: seven scripted players and a game master, from the lobby to the
# final standings.
#
# Starts Dovecot + Exim on loopback and `pbemd serve`. The game has no
# clock: a phase is played when every order is in, or when the GM sends
# PROCESS (units without orders hold). What happens, board by board:
#
#   NR-board  S1901  a draw vote is refused (before 1910)
#             F1901  France dislodges the German army in Burgundy, Germany
#                    and Austria the Italian army in Tyrolia: two zombies,
#                    the Zombie-board starts with the Fall placement
#             F1901R Germany places its zombie (ZOMBIE A -> KIE, after a
#                    refused placement in Paris), then changes it to MUN
#                    by a second mail; the phase waits for Italy, who
#                    places in Venice, and the zombie appears in MUN
#             S1902  Italy and Germany dislodge the Austrian fleet in
#                    Trieste; Austria orders no placement and the judge
#                    places the fleet in Trieste, the only coastal home
#   Z-board   S1903  Germany (supported by Austria) dislodges Italy from
#                    Venice; Italy retreats to Rome, and comes back
#             S1904  the same attack; Italy's army rises as an undead unit
#                    in Tuscany on the NR-board (after a refused Rome),
#                    where an Italian move into it is refused and it
#                    supports; Italy is eliminated on the Zombie-board
#   both      1905-1909 pass by the GM's PROCESS; in Spring 1910 every
#             survivor votes DRAW on both boards: a 7-way draw on the
#             NR-board, a 2-way draw (Austria, Germany) on the Zombie-board.
#
# Asserts on the mails each player and the GM received, down to the final
# standings. Prints "N passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/dip_lib.sh"

PLAYERS=(aus eng fra ger ita rus tur)
POWERS=(Austria England France Germany Italy Russia Turkey)
E2E_USERS="judge gm ${PLAYERS[*]}"
DIP_USERS="gm ${PLAYERS[*]}"
stack_up || { echo "test_zombie: cannot start the mail stack"; echo "0 passed, 1 failed"; exit 1; }
pbemd_conf "$DIR/pbemd.ini"
pbemd_up
T0=$SECONDS

# stuck WHAT: a step's mails did not come; the game cannot go on.
stuck() {
	ko "$1"
	echo "test_zombie: stopped after $((SECONDS - T0)) s"
	finish
	exit 1
}

tell() { send_mail "$1" "orders" "$(printf 'SIGNON zg %s-secret\n%s' "$1" "$2")"; }

# orders USER BODY [USER BODY]...: mails that do not complete the phase;
# waits for each sender's reply.
orders() {
	local -A n=()
	local u
	mark
	while (($#)); do tell "$1" "$2"; n[$1]=$((${n[$1]:-0} + 1)); shift 2; done
	for u in "${!n[@]}"; do wait_new "$u" "${n[$u]}" || stuck "the judge answers $u"; done
}

# completes USER BODY: the mail that completes the phase, which is then
# played at once; the sender reads the result in his reply, everyone else
# gets the report.
completes() {
	local p
	mark
	tell "$1" "$2"
	for p in gm "${PLAYERS[@]}"; do
		wait_new "$p" 1 || stuck "$1's mail completes the phase"
	done
}

# process PHASE...: the GM has the phases played, one after the other.
process() {
	local body="SIGNON zg $GMPW" ph p
	for ph in "$@"; do body+=$'\n'"PROCESS $ph"; done
	mark
	send_mail gm "process" "$body"
	for p in "${PLAYERS[@]}"; do
		wait_new "$p" $# || stuck "the GM has $* played"
	done
	wait_new gm 1 || stuck "the GM's PROCESS is answered"
}

# ---------------------------------------------------------------- lobby
mark
send_mail gm "new game" "CREATE zg zombie undead"
wait_new gm 1 || stuck "the GM is answered"
GMPW=$(since gm | sed -n 's/.*password is \([a-z0-9]*\):.*/\1/p' | head -n 1)
check "CREATE answers the GM with a password" test -n "$GMPW"
# Six join with their wish (Austria reads German), Turkey without one: the
# GM places him.
mark
for i in 0 1 2 3 4 5; do
	wish=${POWERS[i]}
	[[ ${PLAYERS[i]} == aus ]] && wish+=" de"
	send_mail "${PLAYERS[i]}" "join" "JOIN zg ${PLAYERS[i]}-secret $wish"
done
send_mail tur "join" "JOIN zg tur-secret"
for p in "${PLAYERS[@]}"; do wait_new "$p" 1 || stuck "$p is answered"; done
mark
send_mail gm "start" "SIGNON zg $GMPW
ASSIGN Turkey tur@$MAILSTACK_DOMAIN
START"
for p in "${PLAYERS[@]}"; do wait_new "$p" 1 || stuck "$p is answered"; done
wait_new gm 1 || stuck "the GM is answered"
says "the GM's ASSIGN is confirmed" gm "Turkey goes to tur@$MAILSTACK_DOMAIN when the game starts."
for i in 1 2 3 4 5 6; do
	says "${POWERS[i]} got the power it asked for" "${PLAYERS[i]}" "You play ${POWERS[i]}."
done
says "Austria got its wish, in German" aus "Sie spielen Österreich."
says "the start report names the option" ita "With undead units: a unit dislodged on the Zombie-board may rise"
says "the Zombie-board has not started" eng "The Zombie-board starts with the first unit dislodged on the NR-board."

# ---------------------------------------------------------------- S1901M
orders fra "DRAW" ger "A MUN - BUR
A BER - MUN" ita "A VEN - TYR
A ROM - VEN"
says "a draw vote before 1910 is refused" fra "ERROR: \"DRAW\": a draw may not be agreed before 1910."
says "Germany's orders are held" ger "NR: A MUN - BUR"
process S1901M
says "the phase is played with the orders there are" rus "Germany: A MUN - BUR"
says "units without orders hold" eng "Austria: A VIE H - no order, the unit holds"
says "no zombie yet" tur "The Zombie-board starts with the first unit dislodged on the NR-board."

# ---------------------------------------------------------------- F1901M
orders fra "A PAR - BUR
A MAR S A PAR - BUR" ger "A MUN - TYR" aus "A VIE S A MUN - TYR" ita "A TYR H"
process F1901M
says "France dislodges the German army" eng "Germany: A BUR was dislodged (attacked from PAR)"
says "the German army becomes a zombie" eng "Germany: A BUR becomes a zombie for the Zombie-board."
says "the Italian army in Tyrolia is dislodged" tur "Italy: A TYR was dislodged (attacked from MUN)"
says "the Italian army becomes a zombie" ita "Italy: A TYR becomes a zombie for the Zombie-board."
says "the Zombie-board starts with the placement" eng "Next phase: Fall 1901 (zombie placement and Zombie-board retreats)."
says "the German reader is told so in German" aus "Nächste Phase: Herbst 1901 (Einsetzen der Zombies und Rückzüge auf dem Zombie-Brett)."
says "Germany is told its zombie waits" ger "Germany: zombie A (dislodged in BUR) waits to be placed."

# ---------------------------------------------------------------- F1901R
orders ger "ZOMBIE A -> PAR
ZOMBIE A -> KIE"
says "a placement outside the home centres is refused" ger "Paris is not one of your original home supply centres"
says "the placement is confirmed" ger "placement: Z: ZOMBIE A (BUR) -> KIE"
# Germany changes its mind by a second mail: the new choice replaces the
# first, and the phase still waits for Italy's zombie.
orders ger "Good evening,
zombie a -> munich
Cheers"
says "the changed placement is confirmed" ger "placement: Z: ZOMBIE A (BUR) -> MUN"
says_not "the phase is not played before Italy places" ger "appears in"
says "the zombie still waits" ger "Germany: zombie A (dislodged in BUR) waits to be placed."
completes ita "PLACE A VEN"
says "the placement phase is played when both are placed" fra "Germany: zombie A (dislodged in BUR) appears in MUN."
says_not "the first choice is gone" fra "appears in KIE"
says "Italy's zombie appears in Venice" gm "Italy: zombie A (dislodged in TYR) appears in VEN."
says "the Zombie-board is in play" rus "--- Zombie-board (in play since Fall 1901) ---"
# Two maps: the NR-board as it stands for Winter (it played nothing in
# the placement phase), the Zombie-board with its placements.
check "the report carries a map of each board" \
	test "$(since rus | grep -cE 'filename="zg-(W1901A-nr|F1901R-z)\.png"')" = 2
nr=$(png_size rus zg-W1901A-nr.png) z=$(png_size rus zg-F1901R-z.png)
check "both maps decode, of one size ($nr, $z)" test -n "$nr" -a "$nr" = "$z"
says "builds on the NR-board follow" eng "Germany may build 1 unit."

# ---------------------------------------------------------------- W1901A
orders ger "BUILD A BER"
completes ita "BUILD A ROM"
says "the builds are played" eng "BUILD A ROM"
says "the German reader reads the build in German" aus "Aufbau A ROM"
says "Spring 1902 follows" eng "Next phase: Spring 1902 (movement)."

# ---------------------------------------------------------------- S1902M
orders ita "NR: A VEN - TRI" ger "NR: A TYR S A VEN - TRI
Z: A MUN - TYR
Z: DRAW"
says "a draw vote on the Zombie-board is refused before 1910 too" ger "a draw may not be agreed before 1910"
process S1902M
says "the Austrian fleet is dislodged on the NR-board" fra "Austria: F TRI was dislodged (attacked from VEN)"
says "and becomes a zombie" fra "Austria: F TRI becomes a zombie for the Zombie-board."
says "the Zombie-board moves" fra "Germany: A MUN - TYR"

# ---------------------------------------------------------------- S1902R
process S1902R
says "the judge places the fleet Austria did not place" eng "Austria: zombie F (dislodged in TRI) had no placement order and appears in the first free home centre, TRI."
says "Austria reads it in German" aus "Österreich: Zombie F (vertrieben in TRI) hatte keinen Einsetzbefehl und erscheint im ersten freien Heimatzentrum, TRI."

# ---------------------------------------------------------------- F1902M, W1902A
process F1902M
says "Italy may build for Trieste" ita "Italy may build 1 unit."
completes ita "BUILD A VEN"
says "the build is played" ger "BUILD A VEN"

# ---------------------------------------------------------------- S1903M: a retreat
orders ger "Z: A TYR - VEN" aus "Z: F TRI S A TYR - VEN"
process S1903M
says "the Zombie-board attack dislodges Italy" eng "Italy: A VEN was dislodged (attacked from TYR); it may retreat to"
says "Italy must retreat on the Zombie-board" ita "Italy: A VEN must retreat to"
completes ita "Z: A VEN R ROM"
says "the retreat is played" tur "Italy: A VEN R ROM"

# ---------------------------------------------------------------- F1903M
orders ger "Z: A VEN - TYR" ita "Z: A ROM - VEN"
process F1903M
says "and Italy may come back" eng "Italy: A ROM - VEN"

# ---------------------------------------------------------------- S1904M: undead
orders ger "Z: A TYR - VEN" aus "Z: F TRI S A TYR - VEN"
process S1904M
says "Italy is dislodged again" eng "Italy: A VEN was dislodged (attacked from TYR); it may retreat to"
orders ita "UNDEAD A VEN -> ROM"
says "an undead unit on a supply centre is refused" ita "Rome is not one"
completes ita "UNDEAD A VEN -> TUS"
says "the Italian army rises as undead on the NR-board" ger "Italy: the unit dislodged in VEN rises as undead A TUS on the NR-board."
check "the NR-board lists the undead unit" grep -qE '^ +UD +1 \| A TUS' <(since rus)

# ---------------------------------------------------------------- F1904M
orders ita "NR: A ROM - TUS
NR: A TUS S A ROM"
says "a move into the undead unit's province is refused" ita "an undead unit stands there"
process F1904M
says "the undead unit supports" fra "Italy: A TUS S A ROM"
says "Italy is eliminated on the Zombie-board" eng "Italy has been eliminated."
says "Germany may build on the Zombie-board" ger "Germany may build 1 unit."
completes ger "Z: BUILD A MUN"

# ---------------------------------------------------------------- 1905-1909
process S1905M F1905M S1906M F1906M S1907M F1907M S1908M F1908M S1909M F1909M
says "the years pass" eng "Next phase: Spring 1910 (movement)."

# ---------------------------------------------------------------- S1910M: the draws
orders aus "NR: DRAW
Z: DRAW" eng "NR: DRAW" fra "NR: DRAW" ita "NR: DRAW
Z: DRAW" rus "NR: DRAW" tur "NR: DRAW"
says "a power not on the Zombie-board cannot vote there" ita "ERROR"
says "the vote is held, for the board it names" eng "on the NR-board you vote for a draw including all its survivors (DIAS)"
completes ger "NR: DRAW
Z: DRAW"
for p in eng fra ger ita rus tur; do
	says "the final standings reach $p" "$p" "The game is over. Final standings"
done
says "the final standings reach aus, in German" aus "Das Spiel ist beendet. Endstand"
says "the final report is of Spring 1910, where the game ended" eng "NR S1910M"
says "the GM gets the final standings" gm "The game is over. Final standings"
says "the NR-board ends in a draw of all seven" rus "Turkey shares the draw."
zdraw=$(since fra | sed -n '/^--- Zombie-board/,/^The game is over/p' | grep -c 'shares the draw')
check "the Zombie-board ends in a draw of its two survivors ($zdraw)" test "$zdraw" = 2
says "a 7-way draw scores 1.25" tur "Turkey on the NR-board: 1.25 points"
says "a 2-way draw scores 4" fra "Germany on the Zombie-board: 4.00 points"
says "an eliminated power scores nothing" ita "Italy on the Zombie-board: 0.00 points"
says "the winner is Germany" eng "1. Germany: 5.25 points"
says "the German reader gets the standings in German" aus "1. Deutschland: 5,25 Punkte"
says "the tie is broken by centres on both boards" tur "Germany: 5 supply centres on both boards at the end"
says "Austria is second on centres" eng "2. Austria: 5.25 points"
says "Italy and Russia share third place" ger "3. Russia: 1.25 points"
says "England, France and Turkey share fifth place" ger "5. England: 1.25 points"
says "the seed is revealed" rus "Its random seed was"

# Every player read every phase: the report, or the reply to the mail
# that completed it. Each position's diagram is titled with the phase to
# play, the final one with the last phase played (S1910M again), which
# the final standings tell apart.
for p in "${PLAYERS[@]}"; do
	from_start "$p"
	got=$(since "$p" | grep -oE '^(NR [SFW][0-9]{4}[MRA]|(The game is over|Das Spiel ist beendet)\.)' |
		sort -u | wc -l)
	check "$p read all 27 positions, the start and 26 phases ($got)" test "$got" = 27
done

echo "game played in $((SECONDS - T0)) s"
check "pbemd stops cleanly on SIGTERM" pbemd_down
check "the daemon logged no warning" test -z "$(grep -E ' (warn|error): ' "$DIR/pbemd.log")"
finish
