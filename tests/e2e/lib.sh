# tests/e2e/lib.sh - shared by the end-to-end scripts (source it; bash).
#
# stack_up starts a throwaway Dovecot + Exim (mailstack.sh) on free ports in a
# short DIR, pbemd_up writes a configuration for it and starts `pbemd serve`,
# send_mail sends a mail by real SMTP, wait_count / fetch read mailboxes over
# real IMAP, judge_imap speaks to the judge's INBOX as an operator's client.
# check/ok/ko count results; finish prints "N passed, M failed".
# Everything started is stopped by the EXIT trap that stack_up installs.
#
# Every wait waits for a condition, never for a fixed time, and gives up
# after E2E_WAIT seconds (default 180): a machine busy with four other
# processes is slow, not broken. A wait for the daemon gives up at once
# when it has died. wait_settled is the one to use after sending: when it
# returns, the judge has handled every mail send_mail sent and every reply
# it wrote is in its reader's mailbox, so counting and reading are exact.
# Which mail is a reader's newest is the judge's to say (the order it wrote
# them in its outbox); mails are found over IMAP by their Message-ID, never
# by a UID reckoned from a count. UIDs need not follow delivery: a mail
# LMTP stores while another delivery to the same mailbox holds its uidlist
# gets no UID until the mailbox is next opened, so one delivered after it
# gets a lower UID (eight mails arriving together leave one to three such).

E2E_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
E2E_ROOT=$(cd "$E2E_HERE/../.." && pwd)
MS=$E2E_HERE/mailstack.sh
PBEMD=${PBEMD:-$E2E_ROOT/build/pbemd}
E2E_WAIT=${E2E_WAIT:-180}
pass=0 fail=0 PBEMD_PID=
E2E_PENDING=()	# Message-IDs sent that the judge has not been seen to record

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
	[[ -n ${DIR:-} ]] && { "$MS" stop "$DIR" >/dev/null 2>&1; [[ -n ${E2E_KEEP:-} ]] || rm -rf "$DIR"; }
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

# send_raw FROM-USER FILE: sends a finished message by SMTP as USER, tried
# again while the server does not take it; its Message-ID is then pending
# until wait_settled sees the judge record it.
send_raw() {
	local id deadline=$((SECONDS + E2E_WAIT))
	until curl -s -S --url "smtp://127.0.0.1:$MAILSTACK_SMTP_PORT" \
		--mail-from "$1@$MAILSTACK_DOMAIN" --mail-rcpt "judge@$MAILSTACK_DOMAIN" \
		--upload-file "$2"; do
		((SECONDS < deadline)) || { echo "send_raw: SMTP refused $2" >&2; return 1; }
		sleep 0.5
	done
	id=$(sed -n '/^\r*$/q; s/^Message-ID: *<\([^>]*\)>.*/\1/ip' "$2" | head -n 1)
	[[ -n $id ]] && E2E_PENDING+=("$id")
	return 0
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

# until SECONDS CMD...: until CMD succeeds; 1 after SECONDS, or at once
# when the daemon this script started has died.
until_ok() {
	local deadline=$((SECONDS + $1))
	shift
	until "$@"; do
		((SECONDS < deadline)) || return 1
		[[ -n ${PBEMD_PID:-} ]] && ! kill -0 "$PBEMD_PID" 2>/dev/null && {
			echo "the daemon is gone (see $DIR/pbemd.log)" >&2
			return 1
		}
		sleep 0.1
	done
}

# wait_count USER N [SECONDS]: until USER's INBOX holds at least N messages.
count_ge() { (($(count "$1") >= $2)); }
wait_count() { until_ok "${3:-$E2E_WAIT}" count_ge "$1" "$2"; }

# e2e_sql SQL: a query on the judge's store (WAL: a reader never waits long).
# e2e_sql SQL: a query on the judge's store. A reader can still be told
# SQLITE_BUSY beside the daemon's writes; an empty answer from a failed
# query read as "nothing", and a check went on too early: retry instead.
e2e_sql() {
	local i out
	for i in 1 2 3 4 5 6 7 8 9 10; do
		if out=$(sqlite3 -batch -noheader -cmd '.timeout 10000' \
		    "$DIR/pbemd.db" "$@" 2>/dev/null); then
			[[ -z $out ]] || printf '%s\n' "$out"
			return 0
		fi
		sleep 0.2
	done
	return 1
}

# settled: the judge recorded every pending mail (so whatever it caused is
# queued, in the same transaction), its outbox holds nothing it still
# means to send now, and Exim's queue is empty (Exim drops a message only
# once Dovecot's LMTP has stored it).
settled() {
	local ids n got
	if ((${#E2E_PENDING[@]})); then
		ids=$(printf "'%s'," "${E2E_PENDING[@]//\'/}")
		n=$(printf '%s\n' "${E2E_PENDING[@]}" | sort -u | wc -l)
		got=$(e2e_sql "SELECT count(DISTINCT message_id) FROM inbox
			WHERE message_id IN (${ids%,})") || return 1
		((${got:-0} == n)) || return 1
	fi
	got=$(e2e_sql "SELECT count(*) FROM outbox WHERE sent IS NULL AND failed IS NULL
		AND next_try <= strftime('%s', 'now')") || return 1
	((${got:-1} == 0)) || return 1
	[[ -z $(find "$DIR/exim/spool/input" -name '*-H' 2>/dev/null | head -n 1) ]]
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

# wait_settled [SECONDS]: until settled; then nothing is pending.
wait_settled() {
	until_ok "${1:-$E2E_WAIT}" settled || {
		echo "not settled: pending ${E2E_PENDING[*]:-none}," \
			"outbox $(e2e_sql "SELECT count(*) FROM outbox WHERE sent IS NULL AND failed IS NULL")," \
			"exim queue $(find "$DIR/exim/spool/input" -name '*-H' 2>/dev/null | wc -l)"
		return 1
	}
	E2E_PENDING=()
}

# outbox_mark: the judge's newest outbox row; judge_ids USER [AFTER]: the
# Message-IDs of the judge's mails to USER that the SMTP server took, in
# the order the judge wrote them (outbox rows after AFTER).
outbox_mark() { e2e_sql "SELECT coalesce(max(id), 0) FROM outbox"; }
judge_ids() {
	e2e_sql "SELECT substr(h, 1, instr(h, '>') - 1) FROM (SELECT id,
		substr(m, instr(m, char(10) || 'Message-ID: <') + 14, 300) h
		FROM (SELECT id, CAST(message AS TEXT) m FROM outbox
		WHERE rcpt = '$1@$MAILSTACK_DOMAIN' AND sent IS NOT NULL AND id > ${2:-0}))
		ORDER BY id"
}

imap() {  # imap USER URL-PATH [curl options]: one IMAP session (STARTTLS, verified)
	local u=$1 path=$2
	shift 2
	curl -s --ssl-reqd --cacert "$MAILSTACK_CA_CERT" \
		"imap://127.0.0.1:$MAILSTACK_IMAP_PORT/$path" -u "$u:${u}pw" "$@"
}

# fetch USER UID: the whole message. A mail is never empty: an empty answer
# is a failed session, which is tried again before it is given up.
fetch_once() { FETCHED=$(imap "$1" "INBOX;UID=$2") && [[ -n $FETCHED ]]; }
fetch() {
	until_ok 30 fetch_once "$1" "$2" || { echo "fetch: no mail UID $2 for $1" >&2; return 1; }
	printf '%s\n' "$FETCHED"
}

# fetch_id USER MSGID: the mail with that Message-ID, once USER's INBOX has
# it (a mail the SMTP server took may still be on its way).
uid_of() {
	UID_FOUND=$(imap "$1" INBOX -X "UID SEARCH HEADER Message-ID \"<$2>\"" |
		tr -d '\r' | sed -n 's/^\* SEARCH \([0-9][0-9]*\).*/\1/p')
	[[ -n $UID_FOUND ]]
}
fetch_id() {
	until_ok "$E2E_WAIT" uid_of "$1" "$2" || { echo "fetch_id: no mail <$2> for $1" >&2; return 1; }
	fetch "$1" "$UID_FOUND"
}

# unqp: the mail on stdin with LF line ends and its quoted-printable parts
# decoded (the judge sends every text that is not ASCII so, issue 17 point
# 7); headers, 7bit text and base64 parts pass as they are. Only a part
# sent quoted-printable is decoded: in a 7bit part "move=48h" is text, not
# "=48".
unqp() {
	tr -d '\r' | perl -MMIME::QuotedPrint -ne '
		$b = $1 if !defined $b && /boundary="?([^";]+)/i;
		$qp = 0 if defined $b && /^--\Q$b\E/;
		$qp = 1 if /^Content-Transfer-Encoding:\s*quoted-printable/i;
		print $qp ? decode_qp($_) : $_'
}

# fetch_last USER: the judge's newest mail to USER, over IMAP, decoded
# (unqp). fetch and fetch_id give a mail's bytes as sent.
fetch_last() {
	local id
	id=$(judge_ids "$1" | tail -n 1)
	[[ -n $id ]] || { echo "fetch_last: the judge wrote $1 nothing" >&2; return 1; }
	fetch_id "$1" "$id" | unqp
}

# judge_mail USER [AFTER]: the judge's mails to USER (outbox rows after
# AFTER), decoded (unqp), in the order written, each fetched over IMAP once
# and kept in $DIR/mail (DIP_MAIL_CACHE=/some/dir keeps them after the test).
judge_mail() {
	local d=${DIP_MAIL_CACHE:-$DIR/mail} id f
	mkdir -p "$d"
	for id in $(judge_ids "$1" "${2:-0}"); do
		f=$d/$1.${id//\//_}
		[[ -s $f ]] || fetch_id "$1" "$id" | unqp >"$f"
		cat "$f"
	done
}

# mail_and_wait FROM BODY USER...: sends, waits until settled, and fails
# (saying so) unless every USER named got a new mail: the sender's reply,
# the others' reports.
mail_and_wait() {
	local from=$1 body=$2 u
	local -A before=()
	shift 2
	for u in "$@"; do before[$u]=$(count "$u"); done
	send_mail "$from" "orders" "$body" || return 1
	wait_settled || { echo "no answer to: $body"; return 1; }
	for u in "$@"; do
		(($(count "$u") > before[$u])) || { echo "no mail for $u after: $body"; return 1; }
	done
}

# wait_log TEXT [AFTER]: until the daemon's log has a line matching TEXT
# after its first AFTER lines (log_lines: how many it has now).
log_lines() { wc -l <"$DIR/pbemd.log"; }
log_has() { tail -n +"$((${2:-0} + 1))" "$DIR/pbemd.log" | grep -q -E -- "$1"; }
wait_log() { until_ok "$E2E_WAIT" log_has "$1" "${2:-0}"; }
