#!/usr/bin/env bash
# demo/run.sh - `make demo`: a Diplomacy opening and a clouded KlinZha
# game, played by real mail, told in a short summary.
#
# Starts a throwaway Dovecot (IMAP) and Exim (SMTP) on 127.0.0.1 and
# `pbemd serve` on them, the way the end-to-end tests do (tests/e2e/lib.sh,
# mailstack.sh), and lets scripted people write to the judge as people do:
#
#   Diplomacy "dg", with deadlines: the game master creates it; seven
#   players join with their wishes (two want Russia, so the judge's draw
#   decides; juergen joins in German); the GM starts it and approves the
#   deadline the judge proposes. The Spring 1901 orders come with
#   greetings and signatures: emma answers her report and quotes it,
#   claire misspells a province and is asked "Did you mean", juergen
#   writes in German and is answered in German. claire's answer with the
#   corrected order is the last one missing, so the phase is processed
#   before its deadline and everyone gets the results.
#
#   KlinZha "kz", clouded: alice and bob join, set up and play four moves;
#   each report's picture shows only what its reader may see.
#
# Then it reads back over IMAP every mail the judge wrote and keeps them
# in DEMO_OUT (default build/demo/): mail/USER/NN.eml as received and
# NN.txt to read (demo/unpack.pl), png/USER-NN.png each picture attached,
# sent/ the mails the people wrote, pbemd.log. It prints a summary, also
# kept as summary.txt: what happened, the Spring 1901 results as France
# received them, who got which mail, where the pictures are (tests/e2e/
# test_demo.sh runs the demo in make check and reads it). Every step
# waits until the judge has answered (lib.sh wait_settled, up to E2E_WAIT
# seconds), never for a fixed time. Exit status 0 when every step was
# answered as expected, else 1 with the reason.
#
# DEMO_KEEP=1 leaves the mail stack and the judge running; DEMO_OUT/
# stack.env then holds their ports and paths and DEMO_OUT/stop.sh stops
# them (README.md, "What make demo shows, and trying the judge by hand").
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
. "$root/tests/e2e/lib.sh"

OUT=${DEMO_OUT:-$root/build/demo}
T0=$SECONDS
PLAYERS=(franz emma claire juergen marco olga mehmet)
E2E_USERS="judge gm ${PLAYERS[*]} alice bob"
declare -A NAME=(
	[gm]="Greta Marsh" [franz]="Franz Huber" [emma]="Emma Clarke"
	[claire]="Claire Dubois" [juergen]="Jürgen Weber" [marco]="Marco Rossi"
	[olga]="Olga Petrova" [mehmet]="Mehmet Yılmaz" [alice]="Alice Liddell"
	[bob]="Bob Marley")
declare -A PW=(
	[franz]=edelweiss [emma]=earlgreytea [claire]=madeleine [juergen]=fischbroetchen
	[marco]=vespa1960 [olga]=matrjoschka [mehmet]=bosporus [alice]=whiterabbit
	[bob]=jamming77)
# Their wishes, as players write them (JOIN takes F,E,G, FEG or names).
declare -A WISH=(
	[franz]="A,I" [emma]="England France" [claire]="France" [juergen]="Germany Austria"
	[marco]="Italy" [olga]="Russia Turkey" [mehmet]="R,T")
declare -A POWER=()
SIG="-- "

# Bold headings on a terminal only: summary.txt and the smoke test read
# plain text.
if [[ -t 1 ]]; then B=$'\033[1m' N=$'\033[0m'; else B='' N=''; fi
heading() { printf '\n%s%s%s\n' "$B" "$*" "$N"; }
tell() { printf '  %-8s %s\n' "$1" "$2"; }

die() {
	echo "demo: $*"
	if [[ -n ${DIR:-} && -f $DIR/pbemd.log ]]; then
		cp "$DIR/pbemd.log" "$OUT/pbemd.log"
		echo "demo: the judge's log is $OUT/pbemd.log"
	fi
	exit 1
}

# mime_word TEXT: TEXT as a header may carry it (RFC 2047 when not ASCII).
mime_word() {
	if LC_ALL=C grep -q '[^ -~]' <<<"$1"; then
		perl -MEncode -e 'print encode("MIME-Q", decode("UTF-8", $ARGV[0]))' "$1"
	else
		printf '%s' "$1"
	fi
}

# letter USER SUBJECT [IN-REPLY-TO] < BODY: writes the mail USER sends
# (kept in sent/) and sends it by SMTP as USER.
NSENT=0
letter() {
	local u=$1 subj=$2 re=${3:-} f
	NSENT=$((NSENT + 1))
	f=$OUT/sent/$(printf '%02d' "$NSENT")-$u.eml
	{
		printf 'From: %s <%s@%s>\r\n' "$(mime_word "${NAME[$u]}")" "$u" "$MAILSTACK_DOMAIN"
		printf 'To: pbemd judge <judge@%s>\r\n' "$MAILSTACK_DOMAIN"
		printf 'Subject: %s\r\n' "$(mime_word "$subj")"
		printf 'Date: %s\r\n' "$(date -R)"
		printf 'Message-ID: <demo.%s.%s.%s@%s>\r\n' "$EPOCHSECONDS" "$$" "$NSENT" "$MAILSTACK_DOMAIN"
		if [[ -n $re ]]; then
			printf 'In-Reply-To: <%s>\r\nReferences: <%s>\r\n' "$re" "$re"
		fi
		printf 'MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n'
		printf 'Content-Transfer-Encoding: 8bit\r\n\r\n'
		sed 's/$/\r/'
	} >"$f"
	send_raw "$u" "$f" || die "the SMTP server did not take $f"
}

# settle: until the judge has handled every mail sent and its answers are
# in their readers' mailboxes.
settle() { wait_settled || die "the judge did not answer in time (E2E_WAIT=$E2E_WAIT s)"; }

# body USER: the text of the judge's newest mail to USER.
body() {
	fetch_last "$1" >"$DIR/newest.eml" || die "no mail for $1"
	perl "$here/unpack.pl" "$DIR/newest.eml" "$DIR/newest.txt" "$DIR/newest.png" >/dev/null ||
		die "cannot read the newest mail of $1"
	sed '1,/^$/d' "$DIR/newest.txt"
}

diplomacy() {
	local u p a lang russia
	local -A ORD

	heading "Diplomacy, game dg: the standard map, deadlines the game master approves"
	letter gm "dg" <<<"CREATE dg standard move=48h retreat=24h adjust=24h grace=24h"
	settle
	GMPW=$(body gm | sed -n 's/.*password is \([a-z0-9]*\):.*/\1/p' | head -n 1)
	[[ -n $GMPW ]] || die "CREATE gave the game master no password"
	for u in "${PLAYERS[@]}"; do
		lang=
		[[ $u == juergen ]] && lang=" de"
		letter "$u" "join dg" < <(printf 'JOIN dg %s %s%s\n%s\n%s\n' \
			"${PW[$u]}" "${WISH[$u]}" "$lang" "$SIG" "${NAME[$u]}")
	done
	settle
	letter gm "dg" < <(printf 'SIGNON dg %s\nSTART\n' "$GMPW")
	settle
	while read -r p a; do
		POWER[${a%@*}]=${p%:}
	done < <(body gm | sed -n 's/^    \([A-Z][a-z]*: [a-z]*@[^ ]*\)$/\1/p')
	[[ ${POWER[claire]:-} == France && ${POWER[juergen]:-} == Germany &&
		${POWER[emma]:-} == England ]] ||
		die "START gave out the powers unexpectedly: $(declare -p POWER)"
	START_ID=$(judge_ids emma | tail -n 1)
	START_TXT=$(body emma)
	letter gm "dg" < <(printf 'SIGNON dg %s\nAPPROVE\n' "$GMPW")
	settle
	body gm | grep -q 'The game master approved the deadline' || die "APPROVE was not taken"
	tell gm "CREATE dg standard move=48h retreat=24h adjust=24h grace=24h; START; APPROVE"
	russia=olga
	[[ ${POWER[mehmet]} == Russia ]] && russia=mehmet
	tell players "JOIN dg, each with his wishes; olga and mehmet both wished Russia first,"
	tell "" "and the judge's draw gave it to $russia; juergen joined with \"de\" (German)"

	# The opening, by power; each player writes his own mail.
	ORD=(
		[Austria]=$'A VIE - GAL\nA BUD - SER\nF TRI - ALB'
		[England]=$'F LON - NTH\nF EDI - NWG\nA LVP - YOR'
		[Germany]=$'A BER - KIE\nF KIE - DEN\nA MUN - RUH'
		[Italy]=$'A VEN H; A ROM - APU; F NAP - ION'
		[Russia]=$'A MOS - UKR\nA WAR - GAL\nF SEV - BLA\nF STP/SC - BOT'
		[Turkey]=$'A CON - BUL\nA SMY - CON\nF ANK - BLA')
	letter franz "dg orders" <<-EOF
	SIGNON dg ${PW[franz]}
	Servus beinand,
	${ORD[${POWER[franz]}]}
	$SIG
	Franz
	EOF
	letter emma "Re: [pbemd] dg S1901M" "$START_ID" <<-EOF
	SIGNON dg ${PW[emma]}
	${ORD[England]}

	Thanks, and good luck everyone!
	Emma

	On $(date '+%a, %d %b %Y at %H:%M'), pbemd judge <judge@$MAILSTACK_DOMAIN> wrote:
	$(sed 's/^/> /' <<<"$START_TXT")
	EOF
	letter claire "dg orders" <<-EOF
	SIGNON dg ${PW[claire]}
	Bonjour à tous,
	A Par - Burgndy
	A Mar S A Par - Bur
	F Bre - Mid-Atlantic Ocean
	Bises, Claire
	EOF
	letter juergen "Befehle Frühjahr 1901" <<-EOF
	SIGNON dg ${PW[juergen]}
	Hallo Spielleiterin,

	hier meine Befehle für das Frühjahr 1901:

	${ORD[Germany]}

	Viele Grüße aus Kiel
	Jürgen
	$SIG
	Jürgen Weber · Kiel
	EOF
	letter marco "dg orders" <<-EOF
	SIGNON dg ${PW[marco]}
	Ciao!
	${ORD[${POWER[marco]}]}
	Sent from my phone
	EOF
	for u in olga mehmet; do
		letter "$u" "dg orders" <<-EOF
		SIGNON dg ${PW[$u]}
		Hello,
		${ORD[${POWER[$u]}]}
		Best regards,
		${NAME[$u]%% *}
		EOF
	done
	settle
	tell players "Spring 1901 orders, with greetings and signatures; emma replies to her report"
	HINT=$(body claire | grep -m 1 'Did you mean' | sed 's/^ *//')
	[[ -n $HINT ]] || die "claire's misspelt province got no \"Did you mean\""
	HINT_ID=$(judge_ids claire | tail -n 1)
	tell claire "wrote \"A Par - Burgndy\"; the judge answered:"
	tell "" "$HINT"
	DE=$(body juergen | grep -m 1 '^Ihre Befehle' | sed 's/\. .*/./')
	[[ -n $DE ]] || die "juergen's answer is not in German"
	tell juergen "wrote in German (\"Hallo Spielleiterin, hier meine Befehle ...\");"
	tell "" "the judge answered in German: \"$DE\""

	letter claire "Re: dg orders" "$HINT_ID" <<-EOF
	SIGNON dg ${PW[claire]}
	Oops, Burgundy of course:
	A PAR - BUR
	Claire

	> > A Par - Burgndy
	>     $HINT
	EOF
	settle
	RESULTS=$(body claire)
	grep -q 'Results of Spring 1901' <<<"$RESULTS" || die "Spring 1901 was not processed"
	tell claire "replies with \"A PAR - BUR\", the last order missing, and everyone is told:"
	tell "" "\"$(grep -m 1 -o 'Every order was in.*' <<<"$RESULTS")\""
}

klinzha() {
	local i u kill1='' kill2=''
	local -a moves=("Flier E-37 - G-35" "Vanguard H-34 - H-35" "Vanguard E-48 - F-48"
		"Flier I-33 - G-35")

	heading "KlinZha, game kz: clouded (layout light), each side sees only what it may"
	letter gm "kz" <<<"CREATE kz klinzha clouded layout=light"
	settle
	letter alice "kz" <<<"JOIN kz ${PW[alice]}"
	settle
	letter bob "kz" <<<"JOIN kz ${PW[bob]}"
	settle
	if body alice | grep -q "choose any corner"; then first=alice second=bob
	else first=bob second=alice; fi
	letter "$first" "kz" < <(printf 'SIGNON kz %s\nSETUP apex %s\n' "${PW[$first]}" \
		"F D-28 L D-27 S C-28 Y E-37 Y E-26 V E-27 V E-38 V E-48 B B-19 G D-28")
	settle
	letter "$second" "kz" < <(printf 'SIGNON kz %s\nSETUP left %s\n' "${PW[$second]}" \
		"F H-24 L H-23 S H-13 Y I-22 Y I-33 V G-35 V H-34 V I-23 B I-11 G G-25")
	settle
	for i in 0 1 2 3; do
		u=$first
		((i % 2)) && u=$second
		letter "$u" "kz" < <(printf 'SIGNON kz %s\n%s\n' "${PW[$u]}" "${moves[i]}")
		settle
		((i == 0)) && kill1=$(body "$second" | grep -m 1 -o 'Your Vanguard on G-35 was killed[^.]*')
		((i == 3)) && kill2=$(body "$first" | grep -m 1 -o 'Your Flier on G-35 was killed[^.]*')
	done
	[[ -n $kill1 && -n $kill2 ]] || die "the KlinZha moves did not go as planned"
	tell gm "CREATE kz klinzha clouded layout=light; alice and bob join and set up unseen"
	tell players "4 moves: $first's Flier takes a Vanguard of $second's from under a cloud,"
	tell "" "and $second reads only \"$kill1\";"
	tell "" "then $second's Flier takes it back"
}

# collect: every mail the judge sent, in the order it wrote them, fetched
# over IMAP by its Message-ID and taken apart; INDEX gets a line "USER NN
# PICTURES SUBJECT" for each.
collect() {
	local rcpt id u nn subj npng
	INDEX=$OUT/mail/index
	: >"$INDEX"
	while IFS='|' read -r rcpt id; do
		u=${rcpt%@*}
		NMAIL[$u]=$((${NMAIL[$u]:-0} + 1))
		nn=$(printf '%02d' "${NMAIL[$u]}")
		mkdir -p "$OUT/mail/$u"
		fetch_id "$u" "$id" >"$OUT/mail/$u/$nn.eml" || die "cannot read $u's mail <$id>"
		IFS=$'\t' read -r subj npng < <(perl "$here/unpack.pl" "$OUT/mail/$u/$nn.eml" \
			"$OUT/mail/$u/$nn.txt" "$OUT/png/$u-$nn.png")
		[[ -n $npng ]] || die "cannot take apart $u's mail $nn"
		printf '%s %s %s %s\n' "$u" "$nn" "$npng" "$subj" >>"$INDEX"
	done < <(e2e_sql "SELECT rcpt, substr(h, 1, instr(h, '>') - 1) FROM (SELECT id, rcpt,
		substr(m, instr(m, char(10) || 'Message-ID: <') + 14, 300) h
		FROM (SELECT id, rcpt, CAST(message AS TEXT) m FROM outbox
		WHERE sent IS NOT NULL)) ORDER BY id")
	cp "$DIR/pbemd.log" "$OUT/pbemd.log"
}

# table: one row per subject and "picture or not", its readers in the
# order first written to (×N: N such mails); rows whose subjects differ
# only in a closing number and that follow each other are one row
# ("move 1-4").
table() {
	heading "Who got which mail ($(wc -l <"$INDEX") mails, read back over IMAP, in ${OUT#"$root"/}/mail/)"
	awk '
	function pad(s, w,   c, nc) {	# s padded to w characters (UTF-8)
		c = s; nc = gsub(/[\200-\277]/, "", c)
		return s sprintf("%*s", w - (length(s) - nc), "")
	}
	{
		subj = $0; sub(/^[^ ]+ [^ ]+ [^ ]+ /, "", subj)
		key = subj SUBSEP ($3 > 0 ? "yes" : "no")
		if (!(key in seen)) { seen[key] = 1; order[++n] = key }
		if (!((key, $1) in cnt)) who[key] = who[key] " " $1
		cnt[key, $1]++
	}
	function names(k,   i, m, w, s) {
		m = split(who[k], w, " "); s = ""
		for (i = 1; i <= m; i++)
			s = s " " w[i] (cnt[k, w[i]] > 1 ? "×" cnt[k, w[i]] : "")
		return s
	}
	END {
		print "  " pad("subject", 27) "PNG  to"
		for (i = 1; i <= n; i = j) {
			split(order[i], k, SUBSEP)
			base = k[1]; sub(/[0-9]+$/, "", base); lo = substr(k[1], length(base) + 1)
			# the run of rows after i that only count on
			for (j = i + 1; j <= n && lo != ""; j++) {
				split(order[j], k2, SUBSEP)
				b2 = k2[1]; sub(/[0-9]+$/, "", b2)
				if (b2 != base || k2[2] != k[2] || b2 == k2[1]) break
			}
			if (j - i > 1) {
				split(order[j - 1], k2, SUBSEP)
				label = k[1] "-" substr(k2[1], length(base) + 1)
				for (m = i + 1; m < j; m++) {	# the readers of the run
					mm = split(who[order[m]], w, " ")
					for (x = 1; x <= mm; x++) {
						if (!((order[i], w[x]) in cnt))
							who[order[i]] = who[order[i]] " " w[x]
						cnt[order[i], w[x]] += cnt[order[m], w[x]]
					}
				}
			} else {
				label = k[1]; j = i + 1
			}
			print "  " pad(label, 27) pad(k[2], 4) names(order[i])
		}
	}' "$INDEX"
}

# report: claire's Spring 1901 results in full, as she received them.
report() {
	local nn
	RES_NN=
	for nn in $(awk '$1 == "claire" { print $2 }' "$INDEX"); do
		grep -q 'Results of Spring 1901' "$OUT/mail/claire/$nn.txt" && RES_NN=$nn && break
	done
	[[ -n $RES_NN ]] || die "claire got no Spring 1901 results"
	heading "The Spring 1901 results as claire (France) received them, mail/claire/$RES_NN.txt:"
	sed -n 's/^Subject: /  Subject: /p' "$OUT/mail/claire/$RES_NN.txt"
	sed '1,/^$/d; s/^/  /' "$OUT/mail/claire/$RES_NN.txt"
}

pictures() {
	local pa pb map=$OUT/png/claire-$RES_NN.png
	size() { echo "$(($(stat -c %s "$1") / 1024)) KB"; }
	heading "Pictures, saved from the mails' attachments: $(find "$OUT/png" -name '*.png' | wc -l) in ${OUT#"$root"/}/png/ (USER-NN.png)"
	if [[ -f $map ]]; then
		tell "dg" "the map with the Spring 1901 results: png/claire-$RES_NN.png ($(size "$map"))"
	else
		tell "dg" "the Spring 1901 results mail carries no map picture"
	fi
	pa=$OUT/png/$first-$(printf '%02d' "${NMAIL[$first]}").png
	pb=$OUT/png/$second-$(printf '%02d' "${NMAIL[$second]}").png
	if [[ ! -f $pa || ! -f $pb ]]; then
		tell "kz" "a KlinZha player's last report carries no picture"
	elif cmp -s "$pa" "$pb"; then
		tell "kz" "after move 4 ${pa#"$OUT"/} and ${pb#"$OUT"/} are the same: hidden information shown!"
	else
		tell "kz" "after move 4: ${pa#"$OUT"/} ($(size "$pa")) and ${pb#"$OUT"/} ($(size "$pb")) differ:"
		tell "" "each shows only what its player may see"
	fi
}

# keep: leaves the stack and the judge running, and says how to use them.
keep() {
	trap - EXIT
	{
		echo "# what DEMO_KEEP=1 make demo left running (source this file)"
		sed -n 's/^\(MAILSTACK_[A-Z_]*=.*\)/export \1/p' "$DIR/mailstack.env"
		echo "export PBEMD_CONF=$DIR/pbemd.ini PBEMD_PID=$PBEMD_PID"
	} >"$OUT/stack.env"
	cat >"$OUT/stop.sh" <<-EOF
	# stops what DEMO_KEEP=1 make demo left running: the judge (by its pid),
	# then the mail stack (mailstack.sh stop: by the pids in its files)
	kill $PBEMD_PID 2>/dev/null
	i=0
	while kill -0 $PBEMD_PID 2>/dev/null && [ \$i -lt 300 ]; do sleep 0.1; i=\$((i + 1)); done
	$MS stop $DIR >/dev/null 2>&1
	rm -rf $DIR
	rm -f $OUT/stop.sh $OUT/stack.env
	EOF
	local c="curl -sS --ssl-reqd --cacert $MAILSTACK_CA_CERT -u alice:alicepw"
	tell "kept" "the judge (pid $PBEMD_PID, log $DIR/pbemd.log) and the mail stack;"
	tell "" "mailboxes USER@$MAILSTACK_DOMAIN, password USERpw; ports in ${OUT#"$root"/}/stack.env"
	tell "send" "printf 'From: alice@$MAILSTACK_DOMAIN\\r\\nSubject: hello\\r\\n\\r\\nLIST\\r\\n' >mail.txt"
	tell "" "$c \\"
	tell "" "  --url smtp://127.0.0.1:$MAILSTACK_SMTP_PORT --mail-from alice@$MAILSTACK_DOMAIN \\"
	tell "" "  --mail-rcpt judge@$MAILSTACK_DOMAIN --upload-file mail.txt"
	tell "read" "$c \\"
	tell "" "  imap://127.0.0.1:$MAILSTACK_IMAP_PORT/INBOX -X 'UID SEARCH SUBJECT hello'"
	tell "" "$c \\"
	tell "" "  'imap://127.0.0.1:$MAILSTACK_IMAP_PORT/INBOX;UID=N'   (N: a UID it found)"
	tell "stop" "sh ${OUT#"$root"/}/stop.sh"
}

demo() {
	printf '%spbemd demo%s: two games by real mail, through Exim and Dovecot on 127.0.0.1\n' "$B" "$N"
	stack_up || die "cannot start the mail stack (tests/e2e/mailstack.sh)"
	pbemd_conf "$DIR/pbemd.ini" "timezone = Europe/Berlin"
	pbemd_up
	tell "stack" "IMAP 127.0.0.1:$MAILSTACK_IMAP_PORT, SMTP 127.0.0.1:$MAILSTACK_SMTP_PORT (STARTTLS), in $DIR"
	tell "judge" "${PBEMD#"$root"/} serve -c $DIR/pbemd.ini (pid $PBEMD_PID)"
	diplomacy
	klinzha
	collect
	report
	table
	pictures
	heading "Done in $((SECONDS - T0)) s; all of it is in ${OUT#"$root"/}/ (sent/: what the people wrote)"
	if [[ ${DEMO_KEEP:-0} == 1 ]]; then
		keep
	else
		tell "" "the judge and the mail stack are stopped (DEMO_KEEP=1 make demo keeps them)"
	fi
}

# An earlier DEMO_KEEP=1 run still up is stopped first: its files are
# about to be replaced.
if [[ -f $OUT/stop.sh ]]; then
	echo "demo: stopping what an earlier DEMO_KEEP=1 make demo left running"
	sh "$OUT/stop.sh"
fi
rm -rf "$OUT"
mkdir -p "$OUT/sent" "$OUT/mail" "$OUT/png" || exit 1
declare -A NMAIL=()
demo 2>&1 | tee "$OUT/summary.txt"
exit "${PIPESTATUS[0]}"
