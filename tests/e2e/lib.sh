# tests/e2e/lib.sh - shared by the end-to-end scripts (source it; bash).
#
# stack_up starts a throwaway Dovecot + Exim (mailstack.sh) on free ports in a
# short DIR, pbemd_up writes a configuration for it and starts `pbemd serve`,
# send_mail sends a mail by real SMTP, wait_count / fetch read mailboxes over
# real IMAP, judge_imap speaks to the judge's INBOX as an operator's client. check/ok/ko count results; finish prints "N passed, M failed".
# Everything started is stopped by the EXIT trap that stack_up installs.

E2E_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
E2E_ROOT=$(cd "$E2E_HERE/../.." && pwd)
MS=$E2E_HERE/mailstack.sh
PBEMD=${PBEMD:-$E2E_ROOT/build/pbemd}
pass=0 fail=0 PBEMD_PID=

ok() { pass=$((pass + 1)); echo "PASS: $*"; }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() {  # check NAME CMD... : passes when CMD exits 0
	local name=$1; shift
	if "$@"; then ok "$name"; else ko "$name"; fi
}
finish() {
	echo "$pass passed, $fail failed"
	((fail == 0))
}

port_in_use() {
	grep -q -E "^ *[0-9]+: [0-9A-F]{8}:$(printf '%04X' "$1") [0-9A-F]{8}:[0-9A-F]{4} 0A " /proc/net/tcp
}

e2e_cleanup() {
	pbemd_down
	[[ -n ${DIR:-} ]] && { "$MS" stop "$DIR" >/dev/null 2>&1; rm -rf "$DIR"; }
}

# stack_up: four free ports in 20000-29999, chosen from our pid; sets DIR and
# the MAILSTACK_* variables.
stack_up() {
	local slot=$(($$ % 2500)) try base out
	DIR=$(mktemp -d /tmp/pbemd-e2e.XXXXXX) || return 1
	trap e2e_cleanup EXIT
	trap 'exit 1' INT TERM HUP
	for ((try = 0; try < 20; try++)); do
		base=$((20000 + ((slot + try * 97) % 2500) * 4))
		port_in_use $base || port_in_use $((base + 1)) || port_in_use $((base + 2)) ||
			port_in_use $((base + 3)) || {
			if out=$(MAILSTACK_IMAP_PORT=$base MAILSTACK_IMAPS_PORT=$((base + 1)) \
				MAILSTACK_SMTP_PORT=$((base + 2)) MAILSTACK_SMTPS_PORT=$((base + 3)) \
				MAILSTACK_USERS="${E2E_USERS:-judge alice bob carol dave gm}" \
				"$MS" start "$DIR" 2>&1); then
				# shellcheck disable=SC1091
				. "$DIR/mailstack.env"
				return 0
			fi
			grep -q 'already in use' <<<"$out" || { echo "$out"; return 1; }
		}
	done
	return 1
}

# pbemd_conf FILE [extra INI lines for [judge]...]
pbemd_conf() {
	local f=$1; shift
	cat >"$f" <<-CONF
	[imap]
	url = imap://127.0.0.1:$MAILSTACK_IMAP_PORT/INBOX
	user = judge
	password = judgepw
	ca_file = $MAILSTACK_CA_CERT
	starttls = yes
	timeout = 20

	[smtp]
	url = smtp://127.0.0.1:$MAILSTACK_SMTP_PORT
	ca_file = $MAILSTACK_CA_CERT
	starttls = yes
	timeout = 20

	[judge]
	address = judge@$MAILSTACK_DOMAIN
	name = pbemd judge
	database = $DIR/pbemd.db
	templates = $E2E_ROOT/templates
	poll_interval = ${E2E_POLL:-5}
	log_level = ${E2E_LOG_LEVEL:-info}
	CONF
	local l
	for l in "$@"; do echo "$l" >>"$f"; done
}

pbemd_up() {  # starts the daemon on $DIR/pbemd.ini, logging to $DIR/pbemd.log
	[[ -f $DIR/pbemd.ini ]] || pbemd_conf "$DIR/pbemd.ini"
	"$PBEMD" serve -c "$DIR/pbemd.ini" >>"$DIR/pbemd.log" 2>&1 &
	PBEMD_PID=$!
}

pbemd_down() {  # SIGTERM, then wait; returns the daemon's exit status
	local rc=0
	[[ -z ${PBEMD_PID:-} ]] && return 0
	kill -TERM "$PBEMD_PID" 2>/dev/null
	wait "$PBEMD_PID" 2>/dev/null || rc=$?
	PBEMD_PID=
	return $rc
}

# send_mail FROM-USER FILE: sends a finished message by SMTP as USER.
send_raw() {
	curl -s --url "smtp://127.0.0.1:$MAILSTACK_SMTP_PORT" \
		--mail-from "$1@$MAILSTACK_DOMAIN" --mail-rcpt "judge@$MAILSTACK_DOMAIN" \
		--upload-file "$2"
}

# send_mail FROM-USER SUBJECT BODY: a plain UTF-8 mail as a client sends it.
E2E_SEQ=0
send_mail() {
	local f=$DIR/out.$$.$((++E2E_SEQ)).eml
	{
		printf 'From: %s <%s@%s>\r\n' "$1" "$1" "$MAILSTACK_DOMAIN"
		printf 'To: judge@%s\r\n' "$MAILSTACK_DOMAIN"
		printf 'Subject: %s\r\n' "$2"
		printf 'Date: %s\r\n' "$(date -R)"
		printf 'Message-ID: <e2e.%s.%s.%s@%s>\r\n' "$$" "$E2E_SEQ" "$RANDOM" "$MAILSTACK_DOMAIN"
		printf 'MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n'
		printf 'Content-Transfer-Encoding: 8bit\r\n\r\n'
		printf '%s\r\n' "$3" | sed 's/$/\r/; s/\r\r$/\r/'
	} >"$f"
	send_raw "$1" "$f"
}

count() { "$MS" count "$DIR" "$1"; }

# wait_count USER N [SECONDS]: until USER's INBOX holds at least N messages.
wait_count() {
	local deadline=$((SECONDS + ${3:-30}))
	while (($(count "$1") < $2)); do
		((SECONDS < deadline)) || return 1
		sleep 0.1
	done
}

# fetch USER UID: the whole message, over IMAP with STARTTLS and a verified
# cert. A mail is never empty: an empty answer is a failed session (seen
# now and then under load), which is tried again before it is given up.
fetch() {
	local out i
	for i in 1 2 3 4 5; do
		out=$(curl -s --ssl-reqd --cacert "$MAILSTACK_CA_CERT" \
			"imap://127.0.0.1:$MAILSTACK_IMAP_PORT/INBOX;UID=$2" \
			-u "$1:${1}pw") && [[ -n $out ]] && {
			printf '%s\n' "$out"
			return 0
		}
		sleep 0.3
	done
	echo "fetch: no mail UID $2 for $1" >&2
	return 1
}

# judge_imap COMMAND: one IMAP command on the judge's INBOX as an operator's
# mail client sends it, on a connection of its own; prints the untagged answers
# (without their CRs).
judge_imap() {
	curl -s --ssl-reqd --cacert "$MAILSTACK_CA_CERT" \
		"imap://127.0.0.1:$MAILSTACK_IMAP_PORT/INBOX" -u judge:judgepw -X "$1" | tr -d '\r'
}

# judge_uid SUBJECT: the UID of the judge's mail whose Subject holds SUBJECT.
judge_uid() {
	judge_imap "UID SEARCH SUBJECT \"$1\"" | awk '/^\* SEARCH/ { print $3 }'
}

# judge_flags UID: "FLAGS (...)" of the judge's mail UID.
judge_flags() {
	judge_imap "UID FETCH $1 FLAGS" | grep -o 'FLAGS ([^)]*)'
}

# wait_flag UID FLAG [SECONDS]: until the judge's mail UID carries FLAG.
wait_flag() {
	local deadline=$((SECONDS + ${3:-30}))
	until judge_flags "$1" | grep -qF -- "$2"; do
		((SECONDS < deadline)) || return 1
		sleep 0.2
	done
}

# fetch_last USER: the mail delivered last, over IMAP. count() counts the
# Maildir's files, and Dovecot numbers the files it finds new in directory
# order, not delivery order: two mails that arrive between two IMAP visits
# may get their UIDs the wrong way round. So the UID is looked up in
# Dovecot's uidlist by the file name, which starts with the delivery time
# (seconds, then microseconds after H or M).
fetch_last() {
	local uid list="$DIR/mail/$1/Maildir/dovecot-uidlist" i n
	# Lets Dovecot sync its uidlist; under load the list on disk may still
	# lack the newest file after one visit, so visit until it holds every
	# file that count() sees (or give up after about ten seconds).
	for i in $(seq 1 50); do
		fetch "$1" 1 >/dev/null
		n=$(grep -c ' :' "$list" 2>/dev/null)
		((${n:-0} >= $(count "$1"))) && break
		sleep 0.2
	done
	uid=$(awk 'NR > 1 {
		i = index($0, " :"); if (!i) next
		f = substr($0, i + 2); split(f, p, ".")
		us = 0; if (match(p[2], /^[HM][0-9]+/)) us = substr(p[2], 2, RLENGTH - 1)
		printf "%s %06d %s\n", p[1], us, $1 }' \
		"$list" | sort -k1,1n -k2,2n | tail -n 1 | cut -d" " -f3)
	fetch "$1" "${uid:-$(count "$1")}"
}
