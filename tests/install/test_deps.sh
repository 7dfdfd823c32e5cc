#!/usr/bin/env bash
# tests/install/test_deps.sh - scripts/deps.sh never lets apt take the
# machine's mail server away, and installs as before where there is none.
#
# deps.sh runs with dpkg-query, apt-get, id and sudo replaced by stand-ins
# (first in PATH) that play a machine: which packages are installed, what
# `apt-get install -s` would do; apt-get writes each call it gets to a log,
# so the test sees what would have been installed. Nothing is installed.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DEPS=$ROOT/scripts/deps.sh
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "PASS: $*"; }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() { local n=$1; shift; if "$@"; then ok "$n"; else ko "$n"; fi; }
finish() { echo "$pass passed, $fail failed"; ((fail == 0)); }

T=$(mktemp -d /tmp/pbemd-deps.XXXXXX) || exit 1
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/bin"
# The machine: $T/installed (dpkg-query's lines), $T/plan (what apt-get
# install -s prints), $T/uid (id -u); apt-get's calls go to $T/apt.log.
cat >"$T/bin/dpkg-query" <<EOF
#!/bin/sh
cat "$T/installed"
EOF
cat >"$T/bin/apt-get" <<EOF
#!/bin/sh
echo "apt-get \$*" >>"$T/apt.log"
case " \$* " in *" -s "*) cat "$T/plan" ;; esac
exit 0
EOF
cat >"$T/bin/id" <<EOF
#!/bin/sh
cat "$T/uid"
EOF
cat >"$T/bin/sudo" <<EOF
#!/bin/sh
echo "sudo \$1" >>"$T/apt.log"
exec "\$@"
EOF
chmod +x "$T/bin/"*

all=$("$DEPS" --list)
# machine UID PACKAGE...: the packages deps.sh needs are installed but
# those named with a leading "-"; others named are installed as well
# ("postfix:mail-transport-agent" provides that); apt plans no removal.
machine() {
	local uid=$1 p name prov skip=" "
	shift
	for p; do [[ $p == -* ]] && skip+="${p#-} "; done
	: >"$T/installed"
	for p in $all; do
		[[ $skip == *" $p "* ]] && continue
		printf 'install ok installed\t%s\t\n' "$p" >>"$T/installed"
	done
	for p; do
		[[ $p == -* ]] && continue
		name=${p%%:*} prov=
		[[ $p == *:* ]] && prov=${p#*:}
		printf 'install ok installed\t%s\t%s\n' "$name" "$prov" >>"$T/installed"
	done
	printf 'unknown ok not-installed\tnullmailer\t\n' >>"$T/installed"
	printf 'Inst something (1.0 Debian:12)\n' >"$T/plan"
	echo "$uid" >"$T/uid"
	: >"$T/apt.log"
}
run() { PATH=$T/bin:$PATH "$DEPS" >"$T/out" 2>&1; echo $? >"$T/rc"; }
rc_is() { [[ $(cat "$T/rc") == "$1" ]] || { echo "exit $(cat "$T/rc"), not $1"; cat "$T/out"; return 1; }; }
installs() {  # the real (not simulated) install line holds every word given
	local line w
	line=$(grep '^apt-get install ' "$T/apt.log" | grep -v ' -s ')
	[[ -n $line ]] || { echo "no install"; return 1; }
	for w; do [[ " $line " == *" $w "* ]] || { echo "not installed: $w ($line)"; return 1; }; done
}
never_installs() {  # no apt-get install, simulated or real, names it
	! grep '^apt-get install ' "$T/apt.log" | grep -q -- " $1\( \|$\)"
}
no_install() { ! grep -q '^apt-get install -y' "$T/apt.log"; }
says() { grep -q -- "$1" "$T/out" || { echo "not said: $1"; cat "$T/out"; return 1; }; }

# 1. Everything there: nothing to do, apt never asked.
machine 0
run
check "all installed: exit 0" rc_is 0
check "all installed: apt-get not called" test ! -s "$T/apt.log"

# 2. CI: a bare machine as root, no mail server: installed as always.
machine 0 -exim4-daemon-light -dovecot-imapd -check
run
check "bare machine: exit 0" rc_is 0
check "bare machine: apt-get update, then install" \
	eval 'grep -q "^apt-get update" "$T/apt.log"'
check "bare machine: Exim, Dovecot and Check installed" \
	installs exim4-daemon-light dovecot-imapd check
check "bare machine: as root, without sudo" eval '! grep -q "^sudo" "$T/apt.log"'

# 3. Postfix, and more missing: the rest installed, Exim not, the reason said.
machine 1000 -exim4-daemon-light -check postfix:"default-mta, mail-transport-agent"
run
check "postfix: deps fails (make check and make demo stop)" rc_is 1
check "postfix: Exim is never asked for" never_installs exim4-daemon-light
check "postfix: what else is missing is installed" installs check
check "postfix: with sudo when not root" eval 'grep -q "^sudo apt-get" "$T/apt.log"'
check "postfix: it names the mail server" says "postfix is this machine's mail server"
check "postfix: it says how to run the end-to-end tests" says "docker run"
check "postfix: ... and how to let Exim replace it" says "apt-get install exim4-daemon-light"

# 4. Postfix and only Exim missing: apt is not called to install at all.
machine 0 -exim4-daemon-light postfix:"default-mta, mail-transport-agent"
run
check "postfix, only Exim missing: exit 1" rc_is 1
check "postfix, only Exim missing: no install" no_install
check "postfix, only Exim missing: said" says "left Exim out"

# 5. Another MTA by its Provides alone (OpenSMTPD).
machine 0 -exim4-daemon-light opensmtpd:"mail-transport-agent"
run
check "opensmtpd: exit 1, named" eval 'rc_is 1 && says "opensmtpd is this"'
check "opensmtpd: Exim is never asked for" never_installs exim4-daemon-light

# 6. Exim heavy is Exim: light is not installed over it.
machine 0 -exim4-daemon-light exim4-daemon-heavy:"mail-transport-agent"
run
check "exim4-daemon-heavy counts as Exim: exit 0, nothing installed" \
	eval 'rc_is 0 && test ! -s "$T/apt.log"'

# 7. Any plan that removes a package is refused.
machine 0 -dovecot-imapd
printf 'Remv courier-imap [5.0]\nInst dovecot-imapd (1:2.3 Debian:12)\n' >"$T/plan"
run
check "a plan removing courier-imap: exit 1" rc_is 1
check "a plan removing courier-imap: not carried out" no_install
check "a plan removing courier-imap: said" says "apt would remove courier-imap"

finish
