#!/bin/sh
# scripts/deps.sh - install the Debian packages pbemd needs to build, test and
# run its demo, when one is missing. Needs root (or sudo) only when it installs.
# clang builds the fuzz targets (tests/fuzz/); libFuzzer and the sanitizers'
# runtimes come in libclang-rt-dev, which clang only recommends.
set -eu
PKGS="build-essential pkg-config libetpan-dev libcurl4-gnutls-dev libgnutls28-dev
libsqlite3-dev libsodium-dev libinih-dev check libsubunit-dev
dovecot-imapd dovecot-lmtpd exim4-daemon-light openssl curl ca-certificates sqlite3
libcairo2-dev libpng-dev zlib1g-dev fonts-dejavu-core clang libclang-rt-dev"

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

echo "deps: installing:$missing"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $missing
