# shellcheck shell=bash
# tests/e2e/dip_lib.sh - helpers for the seven-power games by real mail
# (source it after lib.sh; bash).
#
# DIP_USERS lists the mailboxes a game reads (the GM and the seven players).
# mark remembers how many mails each one holds; since USER prints what USER
# received after the mark, quoted-printable undone; says / says_not check it.
# Every mail is fetched over IMAP once and kept in $DIR/mail/USER.UID, so a
# test may ask about the same mails many times without reading them again
# (DIP_MAIL_CACHE=/some/dir keeps them after the test, for reading; empty it
# before each run).

declare -A MARK

mark() { local u; for u in $DIP_USERS; do MARK[$u]=$(count "$u"); done; }

# mail_text USER UID: one mail, decoded, from the cache or over IMAP.
mail_text() {
	local d=${DIP_MAIL_CACHE:-$DIR/mail} f
	f=$d/$1.$2
	[[ -s $f ]] || { mkdir -p "$d"; fetch "$1" "$2" | tr -d '\r' |
		perl -MMIME::QuotedPrint -ne 'print decode_qp($_)' >"$f"; }
	cat "$f"
}

since() {
	local u=$1 i n
	n=$(count "$u")
	for ((i = MARK[$u] + 1; i <= n; i++)); do mail_text "$u" "$i"; done
}

# wait_new USER N [SECONDS]: until USER has N mails more than at the mark.
wait_new() {
	wait_count "$1" $((MARK[$1] + $2)) "${3:-40}" ||
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
