#!/usr/bin/env bash
# tests/e2e/test_games.sh - whole weekeewachee games by real mail.
#
# Starts Dovecot + Exim on loopback and `pbemd serve`; the players' mails go
# in by SMTP and every mailbox is read back over IMAP (STARTTLS, verified).
# Plays a Classic game to a base-row win, a Blind-Fun game to a win by a
# hidden piece, a Blind-Fun game through an attack (reveal) to a resignation,
# and sends the bad inputs of the issue (garbage, unknown game, wrong
# password, illegal move, move out of turn, 10 MB attachment, no text part,
# bounce, auto-reply). Prints "N passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

stack_up || { echo "test_games: cannot start the mail stack"; echo "0 passed, 1 failed"; exit 1; }
pbemd_conf "$DIR/pbemd.ini"
pbemd_up

# last USER: the judge's newest mail to USER (lib.sh fetch_last).
last() { fetch_last "$1"; }

# board USER: the board rows of USER's newest mail.
board() { last "$1" | grep -E '^[1-6] \|'; }

# png_head USER: the first 8 bytes (hex) of the PNG attached to USER's newest mail.
png_head() {
	last "$1" | tr -d '\r' | awk '/^Content-Disposition: attachment;/ { a = 1 }
		a && /^$/ { b = 1; next } b && /^--/ { exit } b' |
		base64 -d 2>/dev/null | head -c 8 | od -An -tx1 | tr -d ' \n'
}

# ---------------------------------------------------------------- Classic
mail_and_wait gm "CREATE cg weekeewachee" gm
gmpw=$(last gm | sed -n 's/.*password is \([a-z0-9]*\):.*/\1/p')
check "CREATE answers the game master with a password" test -n "$gmpw"
mail_and_wait alice "JOIN cg alice-secret" alice
check "JOIN is confirmed with the seat" grep -q "play White" <(last alice)
mail_and_wait bob "JOIN cg bob-secret" bob alice gm
check "the start report reaches the first player" grep -q "Subject: \[pbemd\] cg: move 0" <(last alice)
check "the report carries the board as cg-0.png" grep -q 'filename="cg-0.png"' <(last alice)
check "the attached picture decodes to a PNG" test "$(png_head alice)" = 89504e470d0a1a0a
check "the start report publishes the seed hash" grep -q "SHA-256" <(last alice)
check "the GM gets the game master's view" grep -q "You are the game master" <(last gm)
mail_and_wait alice "SIGNON cg alice-secret
SETUP RPWS" alice
mail_and_wait bob "SIGNON cg bob-secret
SETUP RPWS" bob alice gm
check "the setups are revealed together" grep -q "Both setups are revealed" <(last alice)
if grep -q "White to move" <(last alice); then wfirst=1; else wfirst=0; fi
W=(b1-b2 b2-b3 b3-b4 b4-b5 b5xa6)
B=(d6-d5 d5-d6 d6-d5 d5-d6 d6-d5)
bi=0
for i in 0 1 2 3 4; do
	if ((i > 0 || !wfirst)); then
		mail_and_wait bob "SIGNON cg bob-secret
${B[bi]}" bob alice gm; bi=$((bi + 1))
	fi
	mail_and_wait alice "SIGNON cg alice-secret
${W[i]}" alice bob gm
	grep -q "ERROR" <(last alice) && ko "move ${W[i]} refused"
done
check "the mover's reply quotes the move" grep -q "^> b5xa6" <(last alice)
check "the capture onto the base row wins (mover)" grep -q "White wins: a piece reached the opposite base row" <(last alice)
check "the opponent is told the result" grep -q "White wins" <(last bob)
check "the GM is told the result" grep -q "White wins" <(last gm)
check "the seed is revealed at the end" grep -q "random seed was" <(last bob)
mail_and_wait bob "SIGNON cg bob-secret
a6-a5" bob
check "an order after the end is refused" grep -q "The game is over" <(last bob)

# ---------------------------------------------------------------- Blind-Fun
# White's d-file piece walks to d6 after Black's d6 piece stepped aside: a
# hidden piece reaching the base row wins. Black writes German.
mail_and_wait gm "CREATE bg weekeewachee blind" gm
mail_and_wait alice "JOIN bg alice-secret" alice
mail_and_wait bob "JOIN bg bob-secret de" bob alice gm
check "the Blind-Fun start report says the pieces were shuffled" grep -q "shuffled" <(last alice)
check "the German player gets a German report" grep -q "Sie spielen Schwarz" <(last bob)
leak=0 named_hidden=0
hidden_only() {  # no identity letter on the board rows of any player's newest mail
	local u
	for u in alice bob; do
		if board "$u" | grep -q '[RPSWrpsw]'; then
			echo "identity shown to $u:"; board "$u"; leak=1
		fi
	done
}
hidden_only
if grep -q "White to move" <(last alice); then wfirst=1; else wfirst=0; fi
W=(d1-d2 d2-d3 d3-d4 d4-d5 d5-d6)
B=(d6-d5 d5-c4 a6-a5 a5-a6 a6-a5)
bi=0
for i in 0 1 2 3 4; do
	if ((i > 0 || !wfirst)); then
		mail_and_wait bob "SIGNON bg bob-secret
${B[bi]}" bob alice gm; bi=$((bi + 1))
		hidden_only
		grep -q "Black moved the hidden piece from" <(last alice) && named_hidden=1
	fi
	mail_and_wait alice "SIGNON bg alice-secret
${W[i]}" alice bob gm
	((i < 4)) && hidden_only
done
check "no Blind-Fun report shows a hidden identity" test "$leak" = 0
check "moves name the hidden piece, not its kind" test "$named_hidden" = 1
check "a hidden piece on the base row wins" grep -q "White wins: a piece reached the opposite base row" <(last alice)
check "the German player is told the result in German" grep -q "Weiß gewinnt" <(last bob)
check "the final board shows every piece" grep -qE '[RPSW]' <(board alice)

# Issue 17, point 7, as the mails arrived: the result alice's move caused
# reaches bob as the judge's own mail (auto-generated, threaded to
# nothing), its German text quoted-printable and every byte of it 7-bit,
# every line of its body within 76; the picture stays base64. alice's
# answer is auto-replied and threaded to her mail.
raw_last() { fetch_id "$1" "$(judge_ids "$1" | tail -n 1)" | tr -d '\r'; }
head_of() { sed '/^$/q' "$1"; }
lacks() { ! grep -qE -- "$2" "$1"; }
eight_bit_free() { ! LC_ALL=C grep -q $'[\x80-\xff]' "$1"; }
# body_within FILE MAX: every line after FILE's header is within MAX.
body_within() {
	sed '1,/^$/d' "$1" | awk -v max="$2" 'length > max { print "long: " $0; bad = 1 } END { exit bad }'
}
# part_cte FILE TYPE: the transfer encoding of FILE's part of TYPE.
part_cte() {
	awk -v t="$2" 'tolower($0) ~ "^content-type: " t { p = 1 }
		p && /^Content-Transfer-Encoding:/ { print $2; exit }' "$1"
}
raw_last bob >"$DIR/result.raw"
raw_last alice >"$DIR/answer.raw"
head_of "$DIR/result.raw" >"$DIR/result.head"
check "the result is the judge's own mail: auto-generated" \
	grep -qx "Auto-Submitted: auto-generated" "$DIR/result.head"
check "the result answers no mail" lacks "$DIR/result.head" "^(In-Reply-To|References):|auto-replied"
check "the result asks Exchange for no auto-reply" \
	grep -qx "X-Auto-Response-Suppress: DR, RN, NRN, OOF, AutoReply" "$DIR/result.head"
check "the German result text is quoted-printable" test "$(part_cte "$DIR/result.raw" text/plain)" = quoted-printable
check "its 'Weiß' travels as =C3=9F" grep -q "Wei=C3=9F" "$DIR/result.raw"
check "the result mail is 7-bit throughout" eight_bit_free "$DIR/result.raw"
check "no line of the result's body over 76" body_within "$DIR/result.raw" 76
check "the result's picture is base64" test "$(part_cte "$DIR/result.raw" image/png)" = base64
check "the mover's answer is auto-replied" grep -qx "Auto-Submitted: auto-replied" <(head_of "$DIR/answer.raw")
check "the mover's answer is threaded to her mail" grep -q "^In-Reply-To: <" <(head_of "$DIR/answer.raw")

# A second blind game: an attack reveals both pieces to both players, then
# RESIGN ends the game.
mail_and_wait gm "CREATE bh weekeewachee blind" gm
mail_and_wait alice "JOIN bh alice-secret" alice
mail_and_wait bob "JOIN bh bob-secret" bob alice gm
if grep -q "White to move" <(last alice); then wfirst=1; else wfirst=0; fi
# Black's c piece comes to c4 and is attacked there, off both base rows, so
# whatever the pieces are, the attack cannot end the game.
W=(b1-b2 b2-b3 b3xc4)
B=(c6-c5 c5-c4 a6-a5)
bi=0
for i in 0 1 2; do
	if ((i > 0 || !wfirst)); then
		mail_and_wait bob "SIGNON bh bob-secret
${B[bi]}" bob alice gm; bi=$((bi + 1))
	fi
	mail_and_wait alice "SIGNON bh alice-secret
${W[i]}" alice bob gm
done
check "the attack is announced to the attacker" grep -q "attacked the" <(last alice)
check "the attack is announced to the defender (in German)" grep -q "Angriff: " <(last bob)
na=$(board alice | grep -o '[RPSWrpsw]' | wc -l)
nb=$(board bob | grep -o '[RPSWrpsw]' | wc -l)
check "the revealed pieces are shown, nothing else ($na)" test "$na" -ge 1 -a "$na" -le 2
check "both players see the same revealed pieces" test "$na" = "$nb"
if grep -q "Black to move" <(last bob); then mover=bob; other=alice; else mover=alice; other=bob; fi
mail_and_wait "$other" "SIGNON bh ${other}-secret
RESIGN" "$other" "$mover" gm
check "RESIGN is confirmed" grep -qE "You resigned from game bh|Sie haben die Partie bh aufgegeben" <(last "$other")
check "the opponent wins by resignation" grep -qE "the opponent resigned|gegner hat aufgegeben|aufgegeben" <(last "$mover")

# ---------------------------------------------------------------- bad input
mail_and_wait gm "CREATE ci weekeewachee" gm
mail_and_wait carol "JOIN ci carol-secret" carol
mail_and_wait dave "JOIN ci dave-secret" dave carol gm
mail_and_wait carol "SIGNON ci carol-secret
SETUP RPWS" carol
mail_and_wait dave "SIGNON ci dave-secret
SETUP RPWS" dave carol gm
if grep -q "White to move" <(last carol); then mover=carol; other=dave; else mover=dave; other=carol; fi
mail_and_wait carol "Dear judge, please make my move.
xyzzy plugh
SINGON ci carol-secret" carol
check "garbage is quoted with the reason" grep -q '"xyzzy" is not a command' <(last carol)
check "a greeting is quoted back as ignored (issue 16)" grep -q 'ignored: a greeting, a farewell' <(last carol)
check "a typo of a command names the command" grep -q 'Did you mean SIGNON?' <(last carol)
check "a typo of SIGNON hides its password" grep -q '> SINGON ci \*\*\*\*\*\*\*\*' <(last carol)
mail_and_wait carol "SIGNON nosuchgame carol-secret" carol
check "an unknown game is named in the reply" grep -q "There is no game called nosuchgame" <(last carol)
mail_and_wait carol "SIGNON ci wrongpassword
a1-a2" carol
check "a wrong password is refused" grep -q "password does not match" <(last carol)
check "the orders after a refused sign-on are not used" grep -q "sign-on above failed" <(last carol)
if [[ $mover == carol ]]; then mv=b1-b3; else mv=b6-b4; fi
mail_and_wait "$mover" "SIGNON ci ${mover}-secret
$mv" "$mover"
check "an illegal move is quoted and refused" grep -q -- "^> $mv" <(last "$mover")
check "the reason says a piece moves one square" grep -q "moves exactly one square" <(last "$mover")
if [[ $other == carol ]]; then mv=a1-a2; else mv=a6-a5; fi
mail_and_wait "$other" "SIGNON ci ${other}-secret
$mv" "$other"
check "a move out of turn is refused" grep -q "It is not your turn" <(last "$other")

# 10 MB attachment beside the orders: the orders are read, the attachment ignored.
big=$DIR/big.eml
{
	printf 'From: carol <carol@%s>\r\nTo: judge@%s\r\nSubject: with attachment\r\n' "$MAILSTACK_DOMAIN" "$MAILSTACK_DOMAIN"
	printf 'Message-ID: <big.%s@%s>\r\nMIME-Version: 1.0\r\n' "$$" "$MAILSTACK_DOMAIN"
	printf 'Content-Type: multipart/mixed; boundary="b1"\r\n\r\n--b1\r\n'
	printf 'Content-Type: text/plain; charset=UTF-8\r\n\r\nLIST\r\n\r\n--b1\r\n'
	printf 'Content-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="x.bin"\r\n'
	printf 'Content-Transfer-Encoding: base64\r\n\r\n'
	head -c 7500000 /dev/urandom | base64 -w 76 | sed 's/$/\r/'
	printf '\r\n--b1--\r\n'
} >"$big"
n=$(count carol)
send_raw carol "$big"
wait_settled
check "the mail with the attachment is answered" test "$(count carol)" -gt "$n"
check "a 10 MB attachment does not stop the orders" grep -q "^> LIST" <(last carol)
check "the mail with the attachment got a normal answer" grep -q "ci: weekeewachee" <(last carol)

pic=$DIR/pic.eml
{
	printf 'From: carol <carol@%s>\r\nTo: judge@%s\r\nSubject: picture\r\n' "$MAILSTACK_DOMAIN" "$MAILSTACK_DOMAIN"
	printf 'Message-ID: <pic.%s@%s>\r\nMIME-Version: 1.0\r\n' "$$" "$MAILSTACK_DOMAIN"
	printf 'Content-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\n'
	head -c 3000 /dev/urandom | base64 -w 76 | sed 's/$/\r/'
} >"$pic"
n=$(count carol)
send_raw carol "$pic"
wait_settled
check "the mail with no text part is answered" test "$(count carol)" -gt "$n"
check "a mail with no text part gets a polite reply" grep -q "no text that I could read" <(last carol)

bounce=$DIR/bounce.eml
{
	printf 'From: Mail Delivery System <MAILER-DAEMON@%s>\r\nTo: judge@%s\r\n' "$MAILSTACK_DOMAIN" "$MAILSTACK_DOMAIN"
	printf 'Subject: Undelivered Mail Returned to Sender\r\nMessage-ID: <dsn.%s@%s>\r\n' "$$" "$MAILSTACK_DOMAIN"
	printf 'Auto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n'
	printf 'Content-Type: multipart/report; report-type=delivery-status; boundary="d"\r\n\r\n'
	printf -- '--d\r\nContent-Type: text/plain\r\n\r\nHELP\r\n--d--\r\n'
} >"$bounce"
curl -s --url "smtp://127.0.0.1:$MAILSTACK_SMTP_PORT" --mail-from "" \
	--mail-rcpt "judge@$MAILSTACK_DOMAIN" --upload-file "$bounce"
E2E_PENDING+=("dsn.$$@$MAILSTACK_DOMAIN")
auto=$DIR/auto.eml
{
	printf 'From: dave <dave@%s>\r\nTo: judge@%s\r\nSubject: Out of office\r\n' "$MAILSTACK_DOMAIN" "$MAILSTACK_DOMAIN"
	printf 'Message-ID: <ooo.%s@%s>\r\nAuto-Submitted: auto-replied\r\n' "$$" "$MAILSTACK_DOMAIN"
	printf 'Content-Type: text/plain\r\n\r\nI am away. HELP\r\n'
} >"$auto"
nd=$(count dave)
send_raw dave "$auto"
# Settled: both are recorded and any answer would be in its mailbox now.
wait_settled
check "the bounce and the auto-reply are recorded unanswered" test "$(grep -c 'not answered' "$DIR/pbemd.log")" -ge 2
check "the auto-reply got no answer" test "$(count dave)" = "$nd"

# The game is unchanged by all of that: the right move still works.
if [[ $mover == carol ]]; then mv=a1-a2; else mv=a6-a5; fi
mail_and_wait "$mover" "SIGNON ci ${mover}-secret
$mv" "$mover" "$other" gm
check "after the bad mails the game goes on where it was" grep -q "Move $mv accepted" <(last "$mover")

check "pbemd stops cleanly on SIGTERM" pbemd_down
check "the daemon logged no warning" test -z "$(grep -E ' (warn|error): ' "$DIR/pbemd.log")"
finish
