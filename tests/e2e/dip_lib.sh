# shellcheck shell=bash
# tests/e2e/dip_lib.sh - helpers for the seven-power games by real mail
# (source it after lib.sh; bash).
#
# DIP_USERS lists the mailboxes a game reads (the GM and the seven players).
# mark waits until nothing is on its way (lib.sh wait_settled), then
# remembers how many mails each one holds and where the judge's outbox
# stands; since USER prints the judge's mails to USER written after the
# mark, quoted-printable undone (lib.sh judge_mail: each fetched over IMAP
# by its Message-ID once and kept); says / says_not check them. A mark is
# exact only because it settles first: a mail still on its way when it was
# taken would otherwise count as new.

declare -A MARK MARK_ID

mark() {
	local u m
	wait_settled
	m=$(outbox_mark)
	for u in $DIP_USERS; do MARK[$u]=$(count "$u") MARK_ID[$u]=$m; done
}

# from_start USER...: since USER prints every mail USER received.
from_start() { local u; for u in "$@"; do MARK[$u]=0 MARK_ID[$u]=0; done; }

since() { judge_mail "$1" "${MARK_ID[$1]:-0}"; }

# wait_new USER N [SECONDS]: until USER has N mails more than at the mark.
wait_new() {
	wait_count "$1" $((MARK[$1] + $2)) "${3:-$E2E_WAIT}" ||
		{ echo "user $1: fewer than $2 new mails"; return 1; }
}

has() { grep -qF -- "$2" <<<"$1"; }
# says NAME USER TEXT: USER's mail since the mark contains TEXT; when not,
# the end of that mail is printed (without base64 lines) to show why.
says() {
	local m; m=$(since "$2")
	if has "$m" "$3"; then ok "$1"; else ko "$1"; printf '%s\n' "$m" | grep -v '^[A-Za-z0-9+/]\{60,\}$' | tail -n 40; fi
}
says_not() { local m; m=$(since "$2"); if has "$m" "$3"; then ko "$1"; else ok "$1"; fi; }

# png_size USER NAME: "WIDTHxHEIGHT" of the picture NAME attached to the
# newest of USER's mails since the mark that has it; "" if none.
png_size() {
	since "$1" | awk -v f="filename=\"$2\"" '
		index($0, f) { a = 1; b = 0; data = ""; next }
		a && /^$/ && !b { b = 1; next }
		b && /^--/ { a = b = 0; last = data; next }
		b { data = data $0 "\n" }
		END { printf "%s", last }' | base64 -d 2>/dev/null |
		od -An -tu1 -j16 -N8 | awk 'NF == 8 {
			printf "%dx%d", $1 * 16777216 + $2 * 65536 + $3 * 256 + $4,
			    $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }'
}

# pictures USER REGEX: how many attachments of USER's mails since the mark
# have a file name matching REGEX.
pictures() { since "$1" | grep -cE "filename=\"$2\""; }
