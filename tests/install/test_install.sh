#!/usr/bin/env bash
# tests/install/test_install.sh - `make install` into a DESTDIR, and the
# judge run from what it installed.
#
# Installs with PREFIX=/usr into a throwaway DESTDIR and checks every file
# the operator's kit promises (README.md, "Running the judge"): the binary,
# the templates, both man pages (rendered by man -l without a warning where
# man exists, and naming every subcommand of main.c and every key of
# config.c), the example configuration, the systemd unit with its
# hardening, the sysusers.d and tmpfiles.d entries (applied to a scratch
# root where systemd's tools exist). Then the installed binary says its
# version, pbemd-adjudicate (issue 18) plays a case with no library but
# the C library and hands --png to the installed pbemd, and `pbemd serve`
# runs from the installed tree on the installed
# example configuration (its servers, address and files pointed at the test
# mail stack, tests/e2e/lib.sh), in a directory without templates: it must
# find its own under share/pbemd, and answers a mail; SIGHUP with a changed
# configuration is taken (its next answer shows it), with a broken one is
# refused at error level while it runs on with the good one. While it
# handles a batch of mails the installed `pbemd backup` copies the database
# again and again, each copy checked with PRAGMA integrity_check; then
# `pbemd status` prints the overview.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
INST=$(mktemp -d /tmp/pbemd-inst.XXXXXX) || exit 1
DEST=$INST/dest
PBEMD=$DEST/usr/bin/pbemd
E2E_USERS="judge alice"
trap 'rm -rf "$INST"' EXIT
# shellcheck source=../e2e/lib.sh
. "$ROOT/tests/e2e/lib.sh"

# --- make install -------------------------------------------------------
# The directories that follow PREFIX unless set: not from this environment.
if env -u MANDIR -u DOCDIR -u SYSCONFDIR -u UNITDIR -u SYSUSERSDIR -u TMPFILESDIR \
	make -C "$ROOT" --no-print-directory install DESTDIR="$DEST" PREFIX=/usr \
	>"$INST/install.log" 2>&1; then
	ok "make install DESTDIR=... PREFIX=/usr"
else
	ko "make install DESTDIR=... PREFIX=/usr"; tail -n 20 "$INST/install.log"
fi

has_file() { [[ -f $DEST/$1 && -s $DEST/$1 ]] || { echo "missing: $1"; return 1; }; }
check "the binary, executable" test -x "$PBEMD"
check "pbemd-adjudicate, executable" test -x "$DEST/usr/bin/pbemd-adjudicate"
for f in share/man/man8/pbemd.8 share/man/man5/pbemd.ini.5 \
	share/doc/pbemd/pbemd.ini.example lib/systemd/system/pbemd.service \
	lib/sysusers.d/pbemd.conf lib/tmpfiles.d/pbemd.conf; do
	check "installed: usr/$f" has_file "usr/$f"
done
same_templates() {  # every catalog file of the tree, the same bytes
	local f n=0
	for f in "$ROOT"/templates/*/*.txt; do
		cmp -s "$f" "$DEST/usr/share/pbemd/templates/${f#"$ROOT"/templates/}" ||
			{ echo "templates differ: $f"; return 1; }
		n=$((n + 1))
	done
	((n > 0))
}
check "installed: every templates/LANG/*.txt under usr/share/pbemd/templates" same_templates
check "the maps are compiled in, not installed" test ! -e "$DEST/usr/share/pbemd/maps"

# --- the man pages ------------------------------------------------------
renders_clean() {  # man -l FILE: no warning, and some text
	local w
	w=$(MANWIDTH=80 man --warnings -l "$1" 2>&1 >/dev/null)
	[[ -z $w ]] || { echo "$w"; return 1; }
	MANWIDTH=80 man -l "$1" 2>/dev/null | grep -q "$2"
}
if command -v man >/dev/null; then
	check "man -l pbemd.8 renders without a warning" \
		renders_clean "$DEST/usr/share/man/man8/pbemd.8" 'EXIT STATUS'
	check "man -l pbemd.ini.5 renders without a warning" \
		renders_clean "$DEST/usr/share/man/man5/pbemd.ini.5" 'EXAMPLES'
else
	echo "SKIP: no man here; the pages are not rendered"
fi
documents_all() {  # documents_all PAGE WORD...: each as ".It Cm WORD"
	local page=$1 w missing=()
	shift
	for w; do grep -q "^\.It Cm $w\( \|$\)" "$page" || missing+=("$w"); done
	((${#missing[@]} == 0)) || { echo "not in $page: ${missing[*]}"; return 1; }
}
# The subcommands of main.c's table, and every key config.c compares.
cmds=$(sed -n 's/^\t{ "\([a-z]*\)", "pbemd .*/\1/p' "$ROOT/adjudicator/main.c")
keys=$(grep -o 'strcmp(k, "[a-z_]*")' "$ROOT/adjudicator/serve/config.c" |
	sed 's/.*"\(.*\)")/\1/' | sort -u)
check "pbemd.8 has every subcommand ($(echo $cmds))" \
	documents_all "$ROOT/docs/pbemd.8" $cmds
check "pbemd.ini.5 has every key ($(echo "$keys" | wc -l) keys)" \
	documents_all "$ROOT/docs/pbemd.ini.5" $keys

# --- the systemd unit, the user, the directories --------------------------
unit=$DEST/usr/lib/systemd/system/pbemd.service
unit_has() { grep -qx -- "$1" "$unit" || { echo "not in the unit: $1"; return 1; }; }
check "the unit starts the installed binary on /etc/pbemd/pbemd.ini" \
	unit_has 'ExecStart=/usr/bin/pbemd serve -c /etc/pbemd/pbemd.ini'
for l in User=pbemd StateDirectory=pbemd NoNewPrivileges=yes \
	ProtectSystem=strict ProtectHome=yes PrivateTmp=yes CapabilityBoundingSet=; do
	check "the unit has $l" unit_has "$l"
done
check "no @PLACEHOLDER@ left in the unit" eval '! grep -q "@[A-Z]*@" "$unit"'
if command -v systemd-analyze >/dev/null; then
	# The copy points at the binary in DESTDIR: verify wants it to exist.
	sed "s|^ExecStart=/usr/bin/|ExecStart=$DEST/usr/bin/|" "$unit" >"$INST/pbemd.service"
	check "systemd-analyze verify passes the unit" \
		systemd-analyze verify --man=no "$INST/pbemd.service"
else
	echo "SKIP: no systemd-analyze here"
fi
sysroot=$INST/sysroot
mkdir -p "$sysroot/etc"
if command -v systemd-sysusers >/dev/null; then
	systemd-sysusers --root="$sysroot" "$DEST/usr/lib/sysusers.d/pbemd.conf" >/dev/null 2>&1
	check "sysusers.d creates the user pbemd, without a login" \
		grep -q '^pbemd:x:[0-9]*:[0-9]*:[^:]*:/var/lib/pbemd:/usr/sbin/nologin$' \
		"$sysroot/etc/passwd"
else
	echo "SKIP: no systemd-sysusers here"
fi
if command -v systemd-tmpfiles >/dev/null && [[ -f $sysroot/etc/passwd ]]; then
	systemd-tmpfiles --root="$sysroot" --create \
		"$DEST/usr/lib/tmpfiles.d/pbemd.conf" >/dev/null 2>&1
	uid=$(awk -F: '$1 == "pbemd" { print $3 }' "$sysroot/etc/passwd")
	check "tmpfiles.d makes /var/lib/pbemd 0750 pbemd:pbemd" \
		test "$(stat -c '%a %u %g' "$sysroot/var/lib/pbemd")" = "750 $uid $uid"
	check "tmpfiles.d makes /etc/pbemd 0750 root:pbemd" \
		test "$(stat -c '%a %u %g' "$sysroot/etc/pbemd")" = "750 0 $uid"
else
	echo "SKIP: no systemd-tmpfiles here"
fi

# --- the installed binary -------------------------------------------------
want="pbemd $("$ROOT/scripts/version.sh")"
check "pbemd --version says '$want'" test "$("$PBEMD" --version)" = "$want"
check "pbemd version says the same" test "$("$PBEMD" version)" = "$want"
LEAN=$DEST/usr/bin/pbemd-adjudicate
libc_only() {  # no library but the C library's own (or none: static)
	local libs
	libs=$(ldd "$LEAN" 2>&1 | grep -v -e 'not a dynamic executable' \
		-e 'statically linked' -e linux-vdso -e 'ld-linux' -e 'libc\.so' -e 'libm\.so')
	[[ -z $libs ]] || { echo "$libs"; return 1; }
}
check "pbemd-adjudicate needs no library but the C library" libc_only
printf 'CASE a\nPHASE S1901M\nORDER FRA A PAR - BUR\nEND\nCASE b\nPHASE S1901M\nEND\n' \
	>"$INST/two.case"
check "pbemd-adjudicate plays two cases" \
	eval '[[ $("$LEAN" "$INST/two.case" | grep -c -e "^CASE " -e "= SUCCEEDS$") == 3 ]]'
mkdir -p "$INST/png"
check "pbemd-adjudicate --png draws through the installed pbemd" \
	eval '(cd / && "$LEAN" --png "$INST/png" "$INST/two.case" >/dev/null) &&
		test -s "$INST/png/a-S1901M.png" && test -s "$INST/png/b-S1901M.png"'

# --- pbemd serve from the installed tree ----------------------------------
stack_up || { ko "mail stack up"; finish; exit 1; }
trap 'e2e_cleanup; rm -rf "$INST"' EXIT
# The installed example, its servers, address and files pointed at the stack.
printf 'judgepw\n' >"$DIR/judge.pw"
sed -e "s|^url = imaps://.*|url = imap://127.0.0.1:$MAILSTACK_IMAP_PORT/INBOX|" \
	-e "s|^url = smtp://.*|url = smtp://127.0.0.1:$MAILSTACK_SMTP_PORT|" \
	-e "s|/etc/pbemd/[a-z]*\.pw|$DIR/judge.pw|" \
	-e "s|^address = [^ ]*|address = judge@$MAILSTACK_DOMAIN|" \
	-e "s|^database = .*|database = $DIR/pbemd.db|" \
	"$DEST/usr/share/doc/pbemd/pbemd.ini.example" >"$DIR/pbemd.ini"
check "the example logs to syslog" grep -qx 'log = syslog' "$DIR/pbemd.ini"
# Here the log is read from standard error: no syslog daemon is assumed.
printf '\n[imap]\nca_file = %s\n[smtp]\nca_file = %s\n[judge]\npoll_interval = 5\nlog = stderr\n' \
	"$MAILSTACK_CA_CERT" "$MAILSTACK_CA_CERT" >>"$DIR/pbemd.ini"
pointed() {  # every setting the stack needs was found in the example
	local l
	for l in "url = imap://127.0.0.1:$MAILSTACK_IMAP_PORT/INBOX" \
		"url = smtp://127.0.0.1:$MAILSTACK_SMTP_PORT" \
		"address = judge@$MAILSTACK_DOMAIN" "database = $DIR/pbemd.db" \
		"user = judge" "password_file = $DIR/judge.pw"; do
		grep -q "^$l\( \|$\)" "$DIR/pbemd.ini" || { echo "not set: $l"; return 1; }
	done
	(($(grep -c "^password_file = $DIR/judge.pw" "$DIR/pbemd.ini") == 2))
}
check "the example's servers, address and files were pointed at the stack" pointed
check "the example names no templates (the binary finds its own)" \
	eval '! grep -q "^templates" "$DIR/pbemd.ini"'
cd "$DIR" || exit 1
check "no templates/ where the judge runs" test ! -e templates
pbemd_up
check "serve starts from the installed tree, on its own templates" \
	wait_log "serve: started pid=$PBEMD_PID .*templates=$(realpath "$DEST")/usr/share/pbemd/templates$"
before=$(count alice)
send_mail alice "hello" "HELP"
check "the judge answers a mail" wait_settled
check "alice got the answer" test "$(count alice)" -gt "$before"
judge_mail alice >"$DIR/answer.txt"
check "it answers her HELP" grep -q "^> HELP" "$DIR/answer.txt"
help=$(sed -n 's/^help\.judge = \(.\{24\}\).*/\1/p' \
	"$DEST/usr/share/pbemd/templates/en/help.txt")
check "with the text of the installed catalog ('$help')" \
	grep -qF -- "$help" "$DIR/answer.txt"

# SIGHUP: a changed configuration is taken, a broken one refused.
answered_by() {  # answered_by NAME: alice's HELP is answered from NAME
	local mark from
	mark=$(outbox_mark)
	send_mail alice "hello" "HELP" && wait_settled || return 1
	# Read whole, then matched: grep -q in the pipe would end it early.
	from=$(judge_mail alice "$mark" | tr -d '\r' | sed -n 's/^From: //p')
	grep -qx -- "$1 <judge@$MAILSTACK_DOMAIN>" <<<"$from" || {
		echo "the answer is from: $from"; return 1; }
}
printf '[judge]\nname = Installed Judge\n' >>"$DIR/pbemd.ini"
lines=$(log_lines)
kill -HUP "$PBEMD_PID"
check "SIGHUP, a changed configuration: reloaded, the change named" \
	wait_log " info: config: reloaded file=$DIR/pbemd.ini changed=judge.name$" "$lines"
check "the next answer comes from the new name" answered_by "Installed Judge"
cp "$DIR/pbemd.ini" "$DIR/pbemd.ini.good"
printf 'poll_interval = never\n' >>"$DIR/pbemd.ini"
lines=$(log_lines)
kill -HUP "$PBEMD_PID"
check "SIGHUP, a broken configuration: refused at error level" \
	wait_log " error: config: reload refused, the running configuration stays: $DIR/pbemd.ini:[0-9]+: bad value for \[judge\] poll_interval$" "$lines"
check "the installed serve runs on" kill -0 "$PBEMD_PID"
check "and answers with the configuration it had" answered_by "Installed Judge"
# The file the judge runs on again, for the commands below that read it.
cp "$DIR/pbemd.ini.good" "$DIR/pbemd.ini"
# A backup while mail is handled, and the overview, by the installed binary.
n0=$(e2e_sql "SELECT count(*) FROM inbox")
backups() {  # until the batch is recorded: copy, check, count; a line each
	local i n check
	for ((i = 1; i <= 1000; i++)); do
		if "$PBEMD" backup -c "$DIR/pbemd.ini" "$DIR/backup.db" >>"$DIR/backup.log" 2>&1; then
			check=$(sqlite3 -batch -noheader "$DIR/backup.db" "PRAGMA integrity_check")
			echo "$i ${check:-none} $(sqlite3 -batch -noheader "$DIR/backup.db" \
				"SELECT count(*) FROM inbox")" >>"$DIR/backups"
		else
			echo "$i exit $?" >>"$DIR/backups"
		fi
		n=$(e2e_sql "SELECT count(*) FROM inbox") && ((n >= n0 + 8)) && break
	done
}
backups &
copier=$!
for k in 1 2 3 4 5 6 7 8; do send_mail alice "list $k" "LIST"; done
check "the judge handles a batch of mails" wait_settled
wait "$copier"
n1=$(e2e_sql "SELECT count(*) FROM inbox")
total=$(wc -l <"$DIR/backups")
echo "backup: $total copies, $(awk '$2 == "ok"' "$DIR/backups" | wc -l) pass integrity_check," \
	"$(awk -v a="$n0" -v b="$n1" '$2 == "ok" && $3 > a && $3 < b' "$DIR/backups" | wc -l) mid-batch"
all_ok() { ((total > 0)) && awk '$2 != "ok" { bad = 1 } END { exit bad }' "$DIR/backups"; }
check "pbemd backup while mail is handled: every copy passes PRAGMA integrity_check" all_ok
check "the last copy passes PRAGMA integrity_check" \
	test "$(sqlite3 -batch -noheader "$DIR/backup.db" "PRAGMA integrity_check")" = ok
"$PBEMD" status -c "$DIR/pbemd.ini" >"$DIR/status.txt" 2>&1
rc=$?
check "pbemd status runs from the installed tree" test "$rc" = 0
check "pbemd status names the judge" grep -q "^Judge judge@$MAILSTACK_DOMAIN at " "$DIR/status.txt"
check "pbemd status says the last mail and tick" \
	eval 'grep -q "^  last mail  20" "$DIR/status.txt" && grep -q "^  last tick  20" "$DIR/status.txt"'
check "pbemd status counts the mails sent" grep -q "^  sent              [1-9]" "$DIR/status.txt"
cat "$DIR/status.txt"
check "serve stops cleanly (0)" pbemd_down
grep -E 'warn|error' "$DIR/pbemd.log" | head -n 5

cd / || exit 1
finish
