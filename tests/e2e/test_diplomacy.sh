#!/usr/bin/env bash
# tests/e2e/test_diplomacy.sh - a standard Diplomacy game with deadlines,
# by real mail: seven scripted players and a game master.
#
# Starts Dovecot + Exim on loopback and `pbemd serve` (the judge's time zone
# Europe/Berlin from the config). The GM creates a game with clock options,
# the seven join with their wishes, the GM starts it and approves the
# judge's proposed deadline. Spring 1901 is processed early when the last
# orders are in; in Fall 1901 Turkey asks for more time and the GM grants
# it, and a German attack dislodges the French army in Burgundy; France
# retreats; Germany builds in Winter 1901. In Spring 1902 Italy sends
# nothing: the GM sets a deadline twenty seconds ahead, Italy is reminded
# halfway to it and again at it, and the GM told, and at the end of the fifteen-second grace period the
# phase is processed with Italy's units holding. Fall 1902 brings the game
# to 1903. The German player (issue 16) writes his orders in German with
# the German province names and reads German names and order words in his
# mails, while the others read the same in English. Asserts on the mails
# each player received. Prints "N passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/dip_lib.sh"

PLAYERS=(aus eng fra ger ita rus tur)
POWERS=(Austria England France Germany Italy Russia Turkey)
E2E_USERS="judge gm ${PLAYERS[*]}"
DIP_USERS="gm ${PLAYERS[*]}"
stack_up || { echo "test_diplomacy: cannot start the mail stack"; echo "0 passed, 1 failed"; exit 1; }
pbemd_conf "$DIR/pbemd.ini" "timezone = Europe/Berlin"
pbemd_up

signon() { printf 'SIGNON dg %s-secret\n%s' "$1" "$2"; }
gm_do() { send_mail gm "gm" "SIGNON dg $GMPW
$1"; }

# every_player_sends ORDERS...: one mail per player (index order), then
# waits for each player's reply and the report of the processed phase.
every_player_sends() {
	local i
	mark
	for i in 0 1 2 3 4 5 6; do
		send_mail "${PLAYERS[i]}" "orders" "$(signon "${PLAYERS[i]}" "$1")"
		shift
	done
	for i in 0 1 2 3 4 5 6; do wait_new "${PLAYERS[i]}" 2; done
	wait_new gm 1
}

HOLD=("A VIE H, A BUD H, F TRI H" "F LON H, F EDI H, A LVP H"
	"" "" "A VEN H, A ROM H, F NAP H"
	"A MOS H, A WAR H, F SEV H, F STP/SC H" "A CON H, A SMY H, F ANK H")

# ---------------------------------------------------------------- creation
mark
send_mail gm "new game" "CREATE dg standard move=1h retreat=1h adjust=1h grace=15s"
wait_new gm 1
GMPW=$(since gm | sed -n 's/.*password is \([a-z0-9]*\):.*/\1/p' | head -n 1)
check "CREATE answers the GM with a password" test -n "$GMPW"
says "the GM is told the clock" gm "Deadlines: movement 1h, retreats 1h, adjustments 1h; grace period 15s"
says "the judge's zone is the game's" gm "Time zone Europe/Berlin"

mark
for i in 0 1 2 3 4 5 6; do
	lang=""; [[ ${PLAYERS[i]} == ger ]] && lang=" de"
	send_mail "${PLAYERS[i]}" "join" "JOIN dg ${PLAYERS[i]}-secret ${POWERS[i]}$lang"
done
for p in "${PLAYERS[@]}"; do wait_new "$p" 1; done
mark
gm_do "START"
for p in "${PLAYERS[@]}"; do wait_new "$p" 1; done
wait_new gm 1
says "the GM's start report asks him to approve" gm "Send APPROVE to confirm it"
says "Austria plays Austria" aus "You play Austria"
says "every player sees the proposed deadline" eng "Deadline proposed by the judge: "
says "the deadline is shown in the game's zone" fra " CET, awaiting the game master's approval"
says "the German player reads German" ger "Vom Schiedsrichter vorgeschlagener Abgabetermin"

# ---------------------------------------------------------------- S1901M
mark
gm_do "APPROVE"
for p in "${PLAYERS[@]}"; do wait_new "$p" 1; done
says "the approval is announced to the game" rus "The game master approved the deadline of game dg"
says "the approval reaches Italy too" ita "Subject: [pbemd] dg: deadline"
says "the GM's reply confirms the approval" gm "The game master approved the deadline of game dg"

# Issue 16: the German player writes German; his mistakes are answered
# with German names (a mail without errors follows, so he is not late).
mark
send_mail ger "Befehle" "$(signon ger "A Muenchn - Ruhr
A Wien hält")"
wait_new ger 1
says "a misspelt German name gets a German suggestion" ger "Meinten Sie München (MUN)?"
says "a refusal names the province in German" ger "Die Einheit in Wien gehört nicht Ihnen."
says_not "no English name reaches the German player" ger "Munich"
HOLD[2]="A PAR - BUR, A MAR H, F BRE H"
HOLD[3]="A München - Ruhr, A Berlin nach München, F Kiel - Dänemark"
every_player_sends "${HOLD[@]}"
says "the phase ran early: every order was in" aus "Every order was in, so the phase was processed before its deadline."
says "the German army reached the Ruhr" ger "A MUN - RUH"
says "German orders are confirmed" ger "Befehl: F KIE - DEN"
says "the German fleet reached Denmark, in English" eng "F KIE - DEN"
says "the next phase has its own proposal" tur "Deadline proposed by the judge: "

# ---------------------------------------------------------------- F1901M
mark
send_mail tur "orders" "$(signon tur "EXTEND 1m")"
wait_new tur 1
wait_new gm 1
says "Turkey's request goes to the GM" gm "Turkey asks to extend the deadline of game dg by 1m"
says "Turkey is told the GM decides" tur "went to the game master"
mark
gm_do "EXTEND GRANT"
for p in "${PLAYERS[@]}"; do wait_new "$p" 1; done
says "the granted extension is announced" eng "The game master extended the deadline of game dg to "
says "the German player reads it in German" ger "verlängert bis"
says "Turkey hears of the extension" tur "extended the deadline"

HOLD[2]="A BUR H, A MAR H, F BRE H"
HOLD[3]="A Ruhr - Burgund, A München unterstützt A Ruhr - Burgund, F Dänemark hält"
every_player_sends "${HOLD[@]}"
says "France's army in Burgundy is dislodged" fra "A BUR was dislodged (attacked from RUH)"
says "the German reads his support in German" ger "A MUN unterstützt A RUH - BUR"
says "the German reads his hold in German" ger "F DEN hält"
says "England reads the same support in English" eng "A MUN S A RUH - BUR"
says "England reads the same hold in English" eng "F DEN H"
says "France is told where it may retreat" fra "must retreat"
# The map of the phase, in every results mail, as pbemd adjudicate --png
# draws the map.
mkdir -p "$DIR/png"
printf 'CASE size\nPHASE S1901M\nEND\n' >"$DIR/size.case"
"$PBEMD" adjudicate --png "$DIR/png" "$DIR/size.case" >/dev/null
MAPSIZE=$(od -An -tu1 -j16 -N8 "$DIR/png/size-S1901M.png" | awk 'NF == 8 {
	printf "%dx%d", $1 * 16777216 + $2 * 65536 + $3 * 256 + $4,
	    $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }')
check "pbemd adjudicate --png draws a map ($MAPSIZE)" test -n "$MAPSIZE"
for p in fra ger gm; do
	got=$(png_size "$p" dg-F1901M.png)
	check "$p's results carry the map of Fall 1901 ($got)" test "$got" = "$MAPSIZE"
done

# ---------------------------------------------------------------- F1901R
mark
send_mail fra "orders" "$(signon fra "A BUR R PIC")"
for p in "${PLAYERS[@]}"; do wait_new "$p" 1; done
wait_new fra 2
says "the retreat is carried out" eng "A BUR R PIC"
says "Germany may build, in English" eng "Germany may build 1 unit."
says "Germany may build, in German" ger "Deutschland darf 1 Einheit aufbauen."
# Issue 16: titled by the phase played; the results, then the position,
# then the next phase and its deadline; German dates for German readers.
says "the results are titled by their phase" eng "Subject: [pbemd] dg F1901R results"
# in_order USER TEXT...: each TEXT (a whole line or its start) on a later
# line of USER's mail since the mark than the one before.
in_order() {
	local m prev=0 n
	m=$(since "$1" | tr -d '\r'); shift
	while (($#)); do
		n=$(awk -v t="$1" -v p="$prev" 'NR > p && index($0, t) == 1 { print NR; exit }' <<<"$m")
		[[ -n $n ]] || return 1
		prev=$n; shift
	done
}
check "results, dislodgement news, centres, position, next phase, deadline" \
	in_order eng "Results of Fall 1901 (retreats):" "France: A BUR R PIC" \
	"Germany: 4 supply centres" "Germany may build 1 unit." "W1901A" \
	"Next phase: Winter 1901 (adjustments)." "Deadline proposed by the judge: "
check "the same order in German" \
	in_order ger "Ergebnisse" "Frankreich: A BUR zieht sich zurück nach PIC" "Deutschland darf 1 Einheit aufbauen." \
	"W1901A" "Nächste Phase: Winter 1901" "Vom Schiedsrichter vorgeschlagener Abgabetermin: "
check "the German reader's deadline reads like \"Do 26.11.2026 20:00 MEZ\"" \
	grep -qE 'Abgabetermin: (Mo|Di|Mi|Do|Fr|Sa|So) [0-9]{2}\.[0-9]{2}\.[0-9]{4} [0-9]{2}:[0-9]{2} MES?Z' \
	<(since ger)

# ---------------------------------------------------------------- W1901A
mark
send_mail ger "orders" "$(signon ger "Baue A Berlin")"
for p in "${PLAYERS[@]}"; do wait_new "$p" 1; done
wait_new ger 2
says "the build is reported to everyone" ita "BUILD A BER"
says "the German reads his build in German" ger "Aufbau A BER"
says "the next phase is Spring 1902" aus "1902"
mark
send_mail eng "map please" "MAP dg"
wait_new eng 2
got=$(png_size eng dg-W1901A.png)
check "MAP by mail sends the map of the phase last played ($got)" test "$got" = "$MAPSIZE"

# ---------------------------------------------------------------- S1902M
mark
gm_do "SET DEADLINE +20s"
for p in "${PLAYERS[@]}"; do wait_new "$p" 1; done
says "the GM's deadline is announced" aus "The game master set the deadline of game dg: "
HOLD[2]="A PIC H, A MAR H, F BRE H"
HOLD[3]="A Burgund hält, A München H, F Daenemark haelt, A Berlin hält"
mark
for i in 0 1 2 3 5 6; do
	send_mail "${PLAYERS[i]}" "orders" "$(signon "${PLAYERS[i]}" "${HOLD[i]}")"
done
for i in 0 1 2 3 5 6; do wait_new "${PLAYERS[i]}" 1; done
# remind= (24h by default, so halfway through this short phase) reminds
# Italy before the deadline (20s); at the deadline the late reminder; then
# the grace period (15s).
wait_new ita 2
says "Italy is reminded before the deadline" ita "Reminder: the deadline of game dg is"
says "Italy is reminded at the deadline" ita "Your orders for game dg are missing or incomplete"
says "the reminder lists Italy's units" ita "A VEN has no order yet."
wait_new gm 1
says "the GM is told who is late" gm "Late:"
says "the GM's notice names Italy" gm "- Italy"
for i in 0 1 2 3 5 6; do wait_new "${PLAYERS[i]}" 2; done
says_not "the punctual are not reminded" aus "are missing or incomplete"
says "the phase ran at the end of the grace period" aus "The phase was processed at the end of the grace period."
says "everyone is told Italy's units held" eng "Italy had no complete orders: units without orders held."
says "Italy's army in Venice held" tur "Italy: A VEN H - no order, the unit holds"

# ---------------------------------------------------------------- F1902M
HOLD[4]="A VEN H, A ROM H, F NAP H"
every_player_sends "${HOLD[@]}"
says "the second game year is played to its end" rus "1903"
says "Fall 1902 ran early" ita "Every order was in"

check "pbemd stops cleanly on SIGTERM" pbemd_down
check "the daemon logged no warning" test -z "$(grep -E ' (warn|error): ' "$DIR/pbemd.log")"
finish
