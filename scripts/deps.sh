#!/bin/sh
# scripts/deps.sh [--list] - install the Debian packages pbemd needs to
# build, test and run its demo, when one is missing. Needs root (or sudo)
# only when it installs. --list prints the packages, one a line.
# clang builds the fuzz targets (tests/fuzz/); libFuzzer and the sanitizers'
# runtimes come in libclang-rt-dev, which clang only recommends.
#
# It never takes the machine's mail server away. The end-to-end tests and
# make demo run their own Exim (exim4-daemon-light; exim4-daemon-heavy
# does as well), and Debian keeps one mail transport agent at a time: apt
# would remove Postfix, or any other, to install Exim. Where another is
# installed, deps.sh installs everything else, says so and how to run those
# tests, and fails, so make check and make demo stop there. And whatever
# the reason, an apt plan that would remove a package is not carried out:
# apt-get install -s shows the plan first. On a machine without a mail
# server (CI: a bare Debian, as root) it installs as it always did.
set -eu
PKGS="build-essential pkg-config libetpan-dev libgnutls28-dev
libsqlite3-dev libsodium-dev libinih-dev check libsubunit-dev
dovecot-imapd dovecot-lmtpd exim4-daemon-light openssl curl ca-certificates sqlite3
libcairo2-dev libfreetype-dev zlib1g-dev fonts-dejavu-core clang libclang-rt-dev"
EXIM=exim4-daemon-light

if [ "${1:-}" = --list ]; then
	# shellcheck disable=SC2086
	printf '%s\n' $PKGS
	exit 0
fi

# Installed packages, one a line: name, then what it provides.
installed=$(dpkg-query -W -f='${Status}\t${Package}\t${Provides}\n' 2>/dev/null |
	awk -F '\t' '$1 == "install ok installed" { print $2 "\t" $3 }')
is_installed() {
	printf '%s\n' "$installed" | cut -f 1 | grep -qx -- "$1"
}

missing=""
for p in $PKGS; do
	is_installed "$p" && continue
	[ "$p" = "$EXIM" ] && is_installed exim4-daemon-heavy && continue
	missing="$missing $p"
done
[ -z "$missing" ] && exit 0

# Another mail transport agent, where Exim is missing: its names.
mta=""
case " $missing " in
*" $EXIM "*)
	mta=$(printf '%s\n' "$installed" | awk -F '\t' '
		$1 !~ /^exim4-daemon-/ && $2 ~ /(^|[ ,])mail-transport-agent([ ,(]|$)/ {
			printf "%s%s", sep, $1; sep = ", " }')
	;;
esac
if [ -n "$mta" ]; then
	# shellcheck disable=SC2086
	missing=$(printf '%s\n' $missing | grep -vx -- "$EXIM" | tr '\n' ' ')
	missing=" ${missing% }"
	[ "$missing" = " " ] && missing=""
fi

SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
if [ -n "$missing" ]; then
	export DEBIAN_FRONTEND=noninteractive
	$SUDO apt-get update -q
	# shellcheck disable=SC2086
	removes=$($SUDO apt-get install -s -q --no-install-recommends $missing |
		sed -n 's/^Remv \([^ ]*\).*/\1/p' | tr '\n' ' ')
	if [ -n "$removes" ]; then
		echo "deps: apt would remove ${removes% } to install what is missing;"
		echo "deps: not installing. Install it yourself if that is what you want:"
		echo "deps:   apt-get install --no-install-recommends$missing"
		exit 1
	fi
	echo "deps: installing:$missing"
	# shellcheck disable=SC2086
	$SUDO apt-get install -y -q --no-install-recommends $missing
fi
if [ -n "$mta" ]; then
	cat >&2 <<-EOF
	deps: $mta is this machine's mail server. The end-to-end tests
	deps: (tests/e2e/, make check) and make demo start their own Exim on
	deps: 127.0.0.1, and apt would remove $mta to install $EXIM, so
	deps: deps.sh left Exim out and $mta as it is. To run them:
	deps:  - in a throwaway container or virtual machine, e.g.
	deps:      docker run --rm -v "\$PWD":/src:ro debian:12 \\
	deps:          sh -c 'cp -a /src /w && cd /w && make check'
	deps:  - or here, if Exim may replace $mta: apt-get install $EXIM
	deps: The unit tests alone run here: make check-run CHECK_TARGETS=
	EOF
	exit 1
fi
exit 0
