#!/usr/bin/env bash
# demo/run.sh - `make demo`: a short weekeewachee game by real mail.
#
# Starts a local Dovecot (IMAP) and Exim (SMTP) on 127.0.0.1, runs
# `pbemd serve` with the configuration written to DIR/pbemd.ini, and lets
# three scripted people play by mail: a game master creates a Blind-Fun game,
# alice and bob join and play it to the end. Then it prints every mail each
# of them received, read back over IMAP, and stops everything it started.
# DEMO_KEEP=1 leaves the mail stack and the daemon running for you to try.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../tests/e2e/lib.sh"

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

say "starting Dovecot and Exim on 127.0.0.1"
stack_up || { echo "demo: cannot start the mail stack"; exit 1; }
pbemd_conf "$DIR/pbemd.ini"
echo "IMAP 127.0.0.1:$MAILSTACK_IMAP_PORT, SMTP 127.0.0.1:$MAILSTACK_SMTP_PORT, files in $DIR"
say "starting the judge: $PBEMD serve -c $DIR/pbemd.ini"
pbemd_up
sleep 0.5

last() { fetch_last "$1"; }
send() {  # send FROM BODY USER-TO-WAIT-FOR...
	local from=$1 body=$2 u; shift 2
	declare -A n
	for u in "$@"; do n[$u]=$(count "$u"); done
	printf '%s -> judge:\n%s\n' "$from" "$body" | sed 's/^/   /'
	send_mail "$from" "weekeewachee" "$body"
	for u in "$@"; do wait_count "$u" $((n[$u] + 1)) 30 || { echo "demo: no answer"; exit 1; }; done
}

say "the game master creates a Blind-Fun game; alice and bob join (bob in German)"
send gm "CREATE demo weekeewachee blind" gm
send alice "JOIN demo alice-secret" alice
send bob "JOIN demo bob-secret de" bob alice gm
if last alice | grep -q "White to move"; then wfirst=1; else wfirst=0; fi

say "they play: alice walks a hidden piece up the d file"
W=(d1-d2 d2-d3 d3-d4 d4-d5 d5-d6)
B=(d6-d5 d5-c4 a6-a5 a5-a6 a6-a5)
bi=0
for i in 0 1 2 3 4; do
	if ((i > 0 || !wfirst)); then
		send bob "SIGNON demo bob-secret
${B[bi]}" bob alice gm
		bi=$((bi + 1))
	fi
	send alice "SIGNON demo alice-secret
${W[i]}" alice bob gm
done

# Prints a mail's headers and its text; an attached picture is saved under
# build/demo/ and named instead of printed as base64.
show() {  # show USER N
	local u=$1 i=$2 png=$OUT/$1-$2.png
	fetch "$u" "$i" | tr -d '\r' | awk -v png="$png.b64" '
		!hdr && /^$/ { hdr = 1; print; next }
		!hdr && /^(Subject|From|To|Date):/ { print; next }
		!hdr { next }
		/^--=_pbemd/ { part = 0; inhead = 1; next }
		inhead && /^Content-Type: image\/png/ { part = "png" }
		inhead && /^$/ { inhead = 0; next }
		inhead { next }
		part == "png" { print > png; n++; next }
		{ print }
		END { if (n) printf "[the picture of this view is attached: %s]\n", \
		    substr(png, 1, length(png) - 4) }'
	[[ -f $png.b64 ]] && base64 -d "$png.b64" >"$png" 2>/dev/null && rm -f "$png.b64"
}

OUT=$(cd "$here/.." && pwd)/build/demo
rm -rf "$OUT" && mkdir -p "$OUT"
for u in alice bob gm; do
	say "what $u@$MAILSTACK_DOMAIN received ($(count "$u") mails, read over IMAP)"
	for ((i = 1; i <= $(count "$u"); i++)); do
		echo "---------------------------------------------------------------- mail $i"
		show "$u" "$i"
	done
done
say "the pictures each player got are in $(cd "$OUT" && pwd)"

if [[ ${DEMO_KEEP:-0} == 1 ]]; then
	trap - EXIT
	say "left running: judge pid $PBEMD_PID, mail stack in $DIR"
	echo "send mail:  curl --url smtp://127.0.0.1:$MAILSTACK_SMTP_PORT --mail-from alice@$MAILSTACK_DOMAIN --mail-rcpt judge@$MAILSTACK_DOMAIN --upload-file MAIL.eml"
	echo "read mail:  curl 'imap://127.0.0.1:$MAILSTACK_IMAP_PORT/INBOX;UID=1' -u alice:alicepw"
	echo "stop:       kill $PBEMD_PID; $MS stop $DIR"
else
	say "stopping the judge and the mail stack (DEMO_KEEP=1 make demo leaves them running)"
fi
