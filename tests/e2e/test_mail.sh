#!/usr/bin/env bash
# tests/e2e/test_mail.sh - mail/imap.c, smtp.c and tls.c against a real Dovecot + Exim.
#
# Starts a throwaway stack (tests/e2e/mailstack.sh) in a fresh short DIR on ports that
# no other stack uses, runs build/san/tests/e2e/mailclient_test (ASan + UBSan, leak
# checks on) against it, stops the stack and removes DIR on every way out. Prints the
# program's lines and its closing "N passed, M failed"; exits non-zero on failure.
# Needs root and the packages of scripts/deps.sh. MAILCLIENT_TEST overrides the binary.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
MS=$here/mailstack.sh
BIN=${MAILCLIENT_TEST:-$root/build/san/tests/e2e/mailclient_test}

[[ -x $BIN ]] || { echo "test_mail: $BIN not built"; echo "0 passed, 1 failed"; exit 1; }

DIR=$(mktemp -d /tmp/pbemd-ms.XXXXXX) || exit 1
cleanup() { "$MS" stop "$DIR" >/dev/null 2>&1; rm -rf "$DIR"; }
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# Ports: four in a row from 20000-29999 (below Linux's ephemeral range, so outgoing
# connections never hold them), starting at a slot derived from our pid. mailstack.sh
# checks and takes them under a lock; if another stack won the slot, try the next one.
in_use() {  # in_use PORT: something listens on it
	grep -q -E "^ *[0-9]+: [0-9A-F]{8}:$(printf '%04X' "$1") [0-9A-F]{8}:[0-9A-F]{4} 0A " /proc/net/tcp
}
# A second mailbox that keeps \Seen and no keyword: the judge's fallback.
export MAILSTACK_SEEN_ONLY=Seenonly
slot=$(($$ % 2500))
started=0
for ((try = 0; try < 20; try++)); do
	base=$((20000 + ((slot + try * 97) % 2500) * 4))
	in_use $base || in_use $((base + 1)) || in_use $((base + 2)) || in_use $((base + 3)) || {
		if out=$(MAILSTACK_IMAP_PORT=$base MAILSTACK_IMAPS_PORT=$((base + 1)) \
			MAILSTACK_SMTP_PORT=$((base + 2)) MAILSTACK_SMTPS_PORT=$((base + 3)) \
			"$MS" start "$DIR" 2>&1); then
			started=1
			break
		fi
		grep -q 'already in use' <<<"$out" || { echo "$out"; break; }
	}
done
if ((!started)); then
	echo "test_mail: could not start the mail stack"
	echo "0 passed, 1 failed"
	exit 1
fi
# shellcheck disable=SC1091
. "$DIR/mailstack.env"
export MAILSTACK_HOST MAILSTACK_DOMAIN MAILSTACK_IMAP_PORT MAILSTACK_IMAPS_PORT \
	MAILSTACK_SMTP_PORT MAILSTACK_SMTPS_PORT MAILSTACK_CA_CERT MAILSTACK_DOVECOT_CONF
echo "stack: imap $MAILSTACK_IMAP_PORT imaps $MAILSTACK_IMAPS_PORT smtp $MAILSTACK_SMTP_PORT" \
	"smtps $MAILSTACK_SMTPS_PORT in $DIR"

# A certificate for the same names that the stack does not use: a wrong CA.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 \
	-subj /CN=127.0.0.1 -addext 'subjectAltName=IP:127.0.0.1,DNS:localhost' \
	-keyout "$DIR/wrong.key" -out "$DIR/wrong.pem" 2>/dev/null
export MAILCLIENT_WRONG_CA=$DIR/wrong.pem

ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} "$BIN"
