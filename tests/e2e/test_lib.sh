#!/usr/bin/env bash
# tests/e2e/test_lib.sh - the helpers the end-to-end scripts read mail with
# (lib.sh, dip_lib.sh), on a real Dovecot + Exim and `pbemd serve`.
#
# Mails to one mailbox that arrive together leave Dovecot's UIDs out of
# delivery order (lib.sh): bursts of eight mails from bob reach alice until
# some of them have no UID yet; then alice asks the judge for HELP, and
# the judge's answer gets a lower UID than those older mails. since (after
# a mark), fetch_last and judge_mail must give the judge's answer and
# nothing older. Prints "N passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/dip_lib.sh"

DIP_USERS="alice"
stack_up || { echo "test_lib: cannot start the mail stack"; echo "0 passed, 1 failed"; exit 1; }
pbemd_conf "$DIR/pbemd.ini"
pbemd_up

chat() {  # chat N: a mail from bob straight to alice, not through the judge
	printf 'From: bob <bob@%s>\r\nTo: alice@%s\r\nSubject: chat %s\r\nMessage-ID: <chat.%s.%s@%s>\r\n\r\nhello\r\n' \
		"$MAILSTACK_DOMAIN" "$MAILSTACK_DOMAIN" "$1" "$$" "$1" "$MAILSTACK_DOMAIN" |
		curl -s --url "smtp://127.0.0.1:$MAILSTACK_SMTP_PORT" --mail-from "bob@$MAILSTACK_DOMAIN" \
			--mail-rcpt "alice@$MAILSTACK_DOMAIN" --upload-file -
}
# listed: how many of alice's mails Dovecot has given a UID (no IMAP visit).
listed() { grep -c ' :' "$DIR/mail/alice/Maildir/dovecot-uidlist" 2>/dev/null || echo 0; }

n=0
for burst in 1 2 3 4 5; do
	pids=()
	for i in 1 2 3 4 5 6 7 8; do chat "$burst.$i" & pids+=($!); done
	wait "${pids[@]}"	# not the daemon
	n=$((n + 8))
	wait_count alice "$n"
	(($(listed) < n)) && break
done
check "mails arriving together leave some without a UID ($(listed) of $n)" test "$(listed)" -lt "$n"

mark
send_mail alice "help" "HELP"
check "the judge answers" wait_new alice 1
wait_settled
says "since the mark: the judge's answer" alice "> HELP"
says_not "since the mark: no older mail" alice "Subject: chat"
check "fetch_last: the judge's answer" grep -q "^> HELP" <(fetch_last alice | tr -d '\r')
check "judge_mail: the judge's one mail to alice" \
	test "$(judge_mail alice | grep -c '^Subject: ')" = 1
check "pbemd stops cleanly on SIGTERM" pbemd_down
finish
