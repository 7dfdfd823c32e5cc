#!/usr/bin/env bash
# tests/e2e/test_klinzha.sh - clouded and blind KlinZha games by real mail.
#
# Starts Dovecot + Exim on loopback and `pbemd serve`; two scripted players
# create, join, set up and play a clouded game (layout light) and a blind
# game to a Goal capture: a Flier kills a Vanguard the mover cannot make
# out, the other side moves, a second Flier lands on the lone Goal. Asserts
# on what each mailbox received: the set-up prompts, no hidden enemy piece
# on any board row, the kill told to the killer with the kind and to the
# victim without the killer, the capture, the whole final board for both,
# and a PNG picture on every report. Prints "N passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

stack_up || { echo "test_klinzha: cannot start the mail stack"; echo "0 passed, 1 failed"; exit 1; }
pbemd_conf "$DIR/pbemd.ini"
pbemd_up

# last, text USER: the newest mail, quoted-printable undone (lib.sh
# fetch_last), for reading.
last() { fetch_last "$1"; }
text() { last "$1"; }

# rows USER: the fields of the board rows (A to I) of USER's newest mail,
# without the row letters.
rows() { text "$1" | grep -E '^[A-I] .* [A-I]$' | sed -E 's/^([A-I]) (.*) [A-I]$/\1:\2/'; }
# fields USER: the same without the leading "A:".
fields() { rows "$1" | cut -c3-; }

png_head() {
	last "$1" | tr -d '\r' | awk '/^Content-Disposition: attachment;/ { a = 1 }
		a && /^$/ { b = 1; next } b && /^--/ { exit } b' |
		base64 -d 2>/dev/null | head -c 8 | od -An -tx1 | tr -d ' \n'
}

# enemy USER: the letters of USER's enemy (Gold is upper case).
# (grep -c reads to the end: with pipefail, grep -q could fail a pipeline
# by SIGPIPE.)
enemy() { if text "$1" | grep -c "You play Gold" >/dev/null; then echo '[flsyvbg]'; else echo '[FLSYVBG]'; fi; }

APEX="SETUP apex F D-28 L D-27 S C-28 Y E-37 Y E-26 V E-27 V E-38 V E-48 B B-19 G D-28"
LEFT="SETUP left F H-24 L H-23 S H-13 Y I-22 Y I-33 V G-35 V H-34 V I-23 B I-11 G G-25"

# play GAME OPTIONS: one whole game; the first to set up takes the apex.
play() {
	local g=$1 opts=$2 first second leak=0 u
	mail_and_wait gm "CREATE $g klinzha $opts" gm
	check "$g: CREATE answers with a password" grep -q "password is" <(text gm)
	mail_and_wait alice "JOIN $g alice-secret" alice
	mail_and_wait bob "JOIN $g bob-secret" bob alice gm
	if text alice | grep -c "choose any corner" >/dev/null; then first=alice second=bob
	else first=bob second=alice; fi
	check "$g: the first player is asked to choose a corner" grep -q "choose any corner" <(text "$first")
	check "$g: the other one waits" grep -q "Waiting for the set-up" <(text "$second")
	check "$g: the report carries a PNG" test "$(png_head "$first")" = 89504e470d0a1a0a
	mail_and_wait "$first" "SIGNON $g ${first}-secret
$APEX" "$first" "$second" gm
	check "$g: the second player sees which corner is taken" grep -q "your opponent took the apex corner" <(text "$second")
	mail_and_wait "$second" "SIGNON $g ${second}-secret
$LEFT" "$second" "$first" gm
	check "$g: after both set-ups the first player moves" grep -q "$(text "$first" | grep -o 'You play [A-Z][a-z]*' | sed 's/You play //') to move" <(text "$first")
	for u in alice bob; do
		fields "$u" | grep -c "[#~]$(enemy "$u")" >/dev/null && { echo "hidden enemy shown to $u:"; rows "$u"; leak=1; }
	done
	mail_and_wait "$first" "SIGNON $g ${first}-secret
Flier E-37 - G-35" "$first" "$second" gm
	check "$g: the killer learns what he killed" grep -q "killed the Vanguard on G-35" <(text "$first")
	check "$g: the victim learns his loss, not the killer" grep -q "Your Vanguard on G-35 was killed" <(text "$second")
	check "$g: the victim is not told the killer's kind" test -z "$(text "$second" | grep 'moved the')"
	check "$g: the victim sees an unknown enemy on G-35" grep -q '?' <(rows "$second" | grep '^G:')
	for u in alice bob; do
		fields "$u" | grep -c "[#~]$(enemy "$u")" >/dev/null && { echo "hidden enemy shown to $u:"; rows "$u"; leak=1; }
	done
	mail_and_wait "$second" "SIGNON $g ${second}-secret
Vanguard H-34 - H-35" "$second" "$first" gm
	check "$g: the mover is told of a hidden move only that it happened" grep -qE "(Gold|Green) has moved" <(text "$first")
	mail_and_wait "$first" "SIGNON $g ${first}-secret
Flier E-26 - G-25" "$first" "$second" gm
	check "$g: no enemy piece was ever shown under a cloud or its edge" test "$leak" = 0
	check "$g: the capture wins (mover)" grep -qE "wins: the enemy Goal was captured" <(text "$first")
	check "$g: the loser is told the capture" grep -q "captured the enemy Goal on G-25" <(text "$second")
	check "$g: both get the whole final position" grep -q "whole final position" <(text "$second")
	check "$g: the final board shows the winner's pieces to the loser" grep -q "[#~]$(enemy "$second")" <(fields "$second")
	check "$g: the GM is told the result" grep -q "wins" <(text gm)
	check "$g: the final report carries a PNG" test "$(png_head "$second")" = 89504e470d0a1a0a
	mail_and_wait "$second" "SIGNON $g ${second}-secret
Vanguard H-35 - H-45" "$second"
	check "$g: an order after the end is refused" grep -q "The game is over" <(text "$second")
}

play kc "clouded layout=light"
play kb "blind"

check "pbemd stops cleanly on SIGTERM" pbemd_down
check "the daemon logged no warning" test -z "$(grep -E ' (warn|error): ' "$DIR/pbemd.log")"
finish
