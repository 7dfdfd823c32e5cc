#!/usr/bin/env bash
# tests/e2e/test_stall.sh - a Diplomacy game that never stalls, by real mail
# through `pbemd serve`, Dovecot and Exim (issue 12).
#
# Game ns: standard Diplomacy with approve=auto and remind=1m, whose GM
# never approves anything. Spring 1901: the seven players' mails end with
# greetings, names and the footers of phones and Outlook (one a quoted
# reply, one quoted-printable); France's first mail has a real order error
# that holds him back, his second is clean, and the phase is processed early.
# Fall 1901: England resigns in mid-phase and the deadline stays what it
# was; Italy, the last without orders, is reminded before the deadline, and
# the phase is processed early when he orders. Someone with France's
# password signs on from another address: France's player and the GM hear
# of it. Game gg (weekeewachee, approve=gm, another GM) shows the GM's
# reminder of an unapproved proposal and the players told when it passes.
# Asserts on the mails each person received. Prints "N passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/dip_lib.sh"

PLAYERS=(aus eng fra ger ita rus tur)
POWERS=(Austria England France Germany Italy Russia Turkey)
E2E_USERS="judge gm gm2 alice bob stranger ${PLAYERS[*]}"
DIP_USERS="gm stranger ${PLAYERS[*]}"	# gg's three are read whole
stack_up || { echo "test_stall: cannot start the mail stack"; echo "0 passed, 1 failed"; exit 1; }
pbemd_conf "$DIR/pbemd.ini" "timezone = Europe/Berlin"
pbemd_up

signon() { printf 'SIGNON ns %s-secret\n%s' "$1" "$2"; }
clock() { sqlite3 "$DIR/pbemd.db" "SELECT c.$1 FROM clocks c JOIN games g ON g.id = c.game_id WHERE g.name = '$2'"; }

# A quoted-printable mail with a quoted reply below, as Outlook for Android
# sends it.
send_outlook() {  # send_outlook USER BODY-QP
	local f=$DIR/outlook.$1.eml
	{
		printf 'From: %s <%s@%s>\r\nTo: judge@%s\r\nSubject: AW: ns\r\n' "$1" "$1" \
			"$MAILSTACK_DOMAIN" "$MAILSTACK_DOMAIN"
		printf 'Date: %s\r\nMessage-ID: <ol.%s.%s@%s>\r\n' "$(date -R)" "$$" "$RANDOM" "$MAILSTACK_DOMAIN"
		printf 'MIME-Version: 1.0\r\nContent-Type: text/plain; charset="utf-8"\r\n'
		printf 'Content-Transfer-Encoding: quoted-printable\r\nX-Mailer: Microsoft Outlook 16.0\r\n\r\n'
		printf '%s\r\n' "$2" | sed 's/$/\r/; s/\r\r$/\r/'
	} >"$f"
	send_raw "$1" "$f"
}

# ------------------------------------------------------- approve=gm, gg
# Started first: its clock runs while ns is played. Its readers' mails are
# read from the first (MARK 0): the texts looked for are the clock's own.
from_start gm2 alice bob
send_mail gm2 "new game" "CREATE gg weekeewachee move=40s grace=1h"
wait_new gm2 1
says "an approve=gm game tells its GM he approves" gm2 "you approve it (APPROVE)"
send_mail alice "join" "JOIN gg alice-secret"
send_mail bob "join" "JOIN gg bob-secret de"
wait_new alice 1
wait_new bob 1

# ------------------------------------------------------------ creation
send_mail gm "new game" "CREATE ns standard move=2m retreat=2m adjust=2m grace=1h approve=auto remind=1m"
wait_new gm 1
GMPW=$(since gm | sed -n 's/.*password is \([a-z0-9]*\):.*/\1/p' | head -n 1)
check "CREATE answers the GM with a password" test -n "$GMPW"
says "the GM is told the proposals hold without him" gm "hold unless you change them (approve=auto)"
says "the GM is told of the reminders" gm "reminded 1m before each deadline"
mark
for i in 0 1 2 3 4 5 6; do
	lang=""; [[ ${PLAYERS[i]} == ger ]] && lang=" de"
	send_mail "${PLAYERS[i]}" "join" "JOIN ns ${PLAYERS[i]}-secret ${POWERS[i]}$lang"
done
for p in "${PLAYERS[@]}"; do wait_new "$p" 1; done
mark
send_mail gm "start" "SIGNON ns $GMPW
START"
for p in "${PLAYERS[@]}"; do wait_new "$p" 1; done
wait_new gm 1
says "with approve=auto the start report has a deadline" aus "Deadline: "
says_not "nobody waits for the GM's approval" eng "awaiting the game master's approval"
says_not "the GM is not asked to approve" gm "Send APPROVE to confirm it"
check "the deadline holds without the GM" test "$(clock deadline ns)" != 0
nsphase() { sqlite3 "$DIR/pbemd.db" "SELECT phase FROM games WHERE name = 'ns'"; }
P0=$(nsphase)

# ------------------------------------------------------------ S1901M
mark
send_mail fra "Befehle" "$(signon fra "A PAR - BUR
A MAR H
F BRE H
A Mar - Pqr

Grüße
Pierre")"
wait_new fra 1
says "a line that reads as an order is an error" fra "ERROR"
says "the confirmation says the error holds France back" fra "Your orders are complete, but this mail had lines in error"
says "France's greeting is ignored" fra "ignored: not an order"
mark
send_mail aus "orders" "$(signon aus "A VIE H, A BUD H, F TRI H

Viele Grüße / Jürgen")"
send_mail eng "orders" "$(signon eng "F LON H
F EDI H
A LVP H

Cheers,
Tom

Sent from my iPhone")"
send_outlook ger "SIGNON ns ger-secret
A MUN H
A BER H
F KIE H

Mit freundlichen Gr=C3=BC=C3=9Fen
Klaus

Gesendet von Outlook f=C3=BCr Android
________________________________
Von: pbemd judge <judge@$MAILSTACK_DOMAIN>
Gesendet: Dienstag, 24. November 2026 20:00
An: ger@$MAILSTACK_DOMAIN
Betreff: ns

> Deadline: ..."
send_mail ita "orders" "$(signon ita "A VEN H
A ROM H
F NAP H

Ciao,
Marco
Sent from Yahoo Mail on Android")"
send_mail rus "orders" "$(signon rus "A MOS H, A WAR H, F SEV H, F STP/SC H

Best regards,
Ivan

Am 24.11.2026 um 20:00 schrieb pbemd judge <judge@$MAILSTACK_DOMAIN>:
> Deadline: Tue 2026-11-24 22:00 CET.")"
send_mail tur "orders" "$(signon tur "A CON H
A SMY H
F ANK H

LG
Von meinem iPhone gesendet")"
for p in aus eng ger ita rus tur; do wait_new "$p" 1; done
for p in aus eng ita rus tur; do
	says "$p: the footer is ignored, not an error" "$p" "ignored: not an order"
	says_not "$p: no ERROR for a greeting" "$p" "ERROR"
	says "$p: orders complete" "$p" "Your orders are complete."
done
says "the German Outlook mail is understood, footer ignored" ger "Übergangen: kein Befehl"
says_not "the German Outlook mail has no error" ger "FEHLER"
says "the German player's orders are complete" ger "Ihre Befehle sind vollständig."
# A tick follows every round over the mail (poll_interval 5s): wait for
# one at least two seconds after the last of these mails was handled, a
# round later than the tick that came with it.
wait_settled
handled=$(sqlite3 "$DIR/pbemd.db" "SELECT max(received) FROM inbox")
ticked() { (($(sqlite3 "$DIR/pbemd.db" "SELECT value FROM meta WHERE key = 'heartbeat'") >= $1)); }
check "the clock ticks after the mails" until_ok "$E2E_WAIT" ticked $((handled + 2))
check "France's error holds the phase back" test "$(nsphase)" = "$P0"
says_not "nobody got the results yet" aus "Every order was in"
mark
send_mail fra "Re: Befehle" "$(signon fra "A MAR H

Von meinem iPhone gesendet")"
for p in "${PLAYERS[@]}"; do wait_new "$p" 1; done
says "France's clean mail completes his orders" fra "Your orders are complete."
says "the phase ran early: every order was in" aus "Every order was in, so the phase was processed before its deadline."
says "the French army reached Burgundy" eng "A PAR - BUR"
says "the next phase holds its deadline without the GM" tur "Deadline: "
says_not "the next phase awaits nobody's approval" ita "awaiting the game master's approval"

# ------------------------------------------------------------ F1901M
DL=$(clock deadline ns) GE=$(clock grace_end ns)
check "Fall 1901 has a deadline" test "$DL" -gt 0
mark
send_mail eng "resign" "$(signon eng "RESIGN

Sorry, no time any more.
Tom")"
wait_new eng 1
for p in aus fra ger ita rus tur; do wait_new "$p" 1; done
wait_new gm 1
says "England is told he resigned" eng "You resigned from game ns."
says "the others hear it in a short notice" fra "England resigned from game ns. Nothing else changes"
says "the German player reads it in German" ger "England hat in der Partie ns aufgegeben"
says "the GM hears it" gm "England resigned from game ns."
check "the resignation keeps the deadline" test "$(clock deadline ns)" = "$DL"
check "the resignation keeps the grace period" test "$(clock grace_end ns)" = "$GE"

mark
for i in 0 2 3 5 6; do
	case ${PLAYERS[i]} in
	aus) o="A VIE H, A BUD H, F TRI H" ;;
	fra) o="A BUR H, A MAR H, F BRE H" ;;
	ger) o="A MUN H, A BER H, F KIE H" ;;
	rus) o="A MOS H, A WAR H, F SEV H, F STP/SC H" ;;
	tur) o="A CON H, A SMY H, F ANK H" ;;
	esac
	send_mail "${PLAYERS[i]}" "orders" "$(signon "${PLAYERS[i]}" "$o

Thanks!")"
done
for i in 0 2 3 5 6; do wait_new "${PLAYERS[i]}" 1; done
# remind=1m: Italy, the only power owing orders, is reminded before the deadline.
wait_new ita 1 $((E2E_WAIT + 120))	# the reminder comes 1m before a 2m deadline
says "Italy is reminded before the deadline" ita "Reminder: the deadline of game ns is"
says "the reminder lists what Italy owes" ita "A VEN has no order yet."
check "the reminder came before the deadline" test "$(date +%s)" -lt "$DL"
says_not "a complete power is not reminded" aus "Reminder:"

# The GM's overview, and a player's.
mark
send_mail gm "status" "SIGNON ns $GMPW
STATUS ns"
send_mail fra "status" "$(signon fra "STATUS ns")"
wait_new gm 1
wait_new fra 1
says "STATUS: Italy has no orders" gm "Italy (ita@$MAILSTACK_DOMAIN): no orders"
says "STATUS: France is complete" gm "France (fra@$MAILSTACK_DOMAIN): complete"
says "STATUS: England resigned" gm "England (eng@$MAILSTACK_DOMAIN): resigned"
says "STATUS: the deadline needs nobody's approval" gm "set by the judge (approve=auto)"
says "a player's STATUS shows his own power" fra "France (you): complete"
says_not "a player's STATUS hides the others" fra "Italy (ita@"

# Someone holding France's password signs on from another address: he
# names the power (njudge's form), as a password alone opens nothing there.
mark
send_mail stranger "orders" "SIGNON Fns fra-secret
A BUR H"
wait_new stranger 1
wait_new fra 1
wait_new gm 1
says "the stranger's orders are taken (the password is right)" stranger "order: A BUR H"
says "France's player of record is told" fra "Someone signed on as France in game ns from stranger@$MAILSTACK_DOMAIN"
says "France's copy shows what the mail did" fra "A BUR H"
says "the GM is told" gm "not from the address of its player"
says_not "the GM's note holds no orders" gm "A BUR H"
says_not "no password in France's copy" fra "fra-secret"
mark
send_mail ita "orders" "$(signon ita "A VEN H, A ROM H, F NAP H

Saluti")"
for p in aus fra ger ita rus tur; do wait_new "$p" 1; done
says "Fall 1901 ran early without the resigned power" aus "Every order was in"

# ------------------------------------------------------------ gg
# The proposal (40s) is reminded to its GM halfway, then passes unapproved:
# long ago by now, so the mails are there or on their way.
wait_new gm2 3
says "the GM is reminded of the unapproved proposal" gm2 "still awaits your approval"
wait_new alice 3
wait_new bob 2
says "the players hear the game waits for the GM" alice "the game waits for the game master"
says "the German player reads it in German" bob "wartet daher auf den Spielleiter"
says "the GM is asked again when it passed" gm2 "has passed without your approval"

check "pbemd stops cleanly on SIGTERM" pbemd_down
check "the daemon logged no warning" test -z "$(grep -E ' (warn|error): ' "$DIR/pbemd.log")"
finish
