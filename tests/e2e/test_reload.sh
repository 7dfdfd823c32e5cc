#!/usr/bin/env bash
# tests/e2e/test_reload.sh - SIGHUP re-reads the configuration, and the log
# goes to syslog (issue 17, point 4).
#
# `pbemd serve` runs against a real Dovecot + Exim. A changed file and
# SIGHUP: the live keys take effect without a restart (the judge's name in
# the From: of its next reply, an [imap] key reconnects at once), a key that
# takes a restart ([judge] database) is named in a warning and not applied.
# A broken file (a bad value, templates that do not load) and SIGHUP: the
# reason is logged at error level, the daemon runs on and answers with the
# previous good configuration. Then a daemon with `log = syslog` runs where
# /dev/log is a socket of this test (a mount namespace of its own, made
# with unshare; skipped, and said so, where the machine allows none): its
# lines arrive with the priority of their level and without a time stamp of
# their own, and a reload to `log = stderr` moves them back.
# Prints "N passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

stack_up || { echo "test_reload: cannot start the mail stack"; echo "0 passed, 1 failed"; exit 1; }
E2E_POLL=2 pbemd_conf "$DIR/pbemd.ini"
pbemd_up
check "serve starts" wait_log "serve: started pid=$PBEMD_PID "

# from_of USER AFTER: the From: lines of the judge's mails to USER written
# after outbox row AFTER.
from_of() { judge_mail "$1" "$2" | tr -d '\r' | sed -n 's/^From: //p'; }
# answered_as NAME: alice's HELP is answered from "NAME <judge@...>".
answered_as() {
	local mark from
	mark=$(outbox_mark)
	mail_and_wait alice "HELP" alice || return 1
	# Read whole, then matched: grep -q in the pipe would end it early.
	from=$(from_of alice "$mark")
	grep -qx -- "$1 <judge@$MAILSTACK_DOMAIN>" <<<"$from" || {
		echo "the reply is from: $from"; return 1; }
}
alive() { kill -0 "$PBEMD_PID" 2>/dev/null; }
hup() { kill -HUP "$PBEMD_PID"; }

check "the first reply comes from the name at start" answered_as "pbemd judge"

# --- a good file: live keys applied, a restart key warned about ---------
E2E_POLL=2 pbemd_conf "$DIR/pbemd.ini" "name = Reloaded Judge" \
	"poll_interval = 3" "database = $DIR/other.db" "[imap]" "timeout = 21"
lines=$(log_lines)
hup
check "SIGHUP: the changes are logged at info" wait_log \
	" info: config: reloaded file=$DIR/pbemd.ini changed=imap.timeout,judge.name,judge.poll_interval$" "$lines"
check "the key that takes a restart is named in a warning" wait_log \
	" warn: config: judge.database changed but takes a restart" "$lines"
check "a changed [imap] key reconnects" wait_log "imap: settings changed; reconnecting" "$lines"
check "... and the new connection is up" wait_log "imap: connected" "$lines"
check "the daemon runs on" alive
check "the next reply comes from the new name" answered_as "Reloaded Judge"
check "the store stays the one opened (no $DIR/other.db)" test ! -e "$DIR/other.db"
check "no reload logged the database as applied" eval \
	"! grep -q 'changed=.*judge.database' '$DIR/pbemd.log'"

# --- broken files: refused with the reason, the good one kept -----------
good=$DIR/pbemd.ini.good
cp "$DIR/pbemd.ini" "$good"
{ cat "$good"; printf '[judge]\nname = Broken Judge\npoll_interval = soon\n'; } >"$DIR/pbemd.ini"
bad_line=$(grep -n '^poll_interval = soon' "$DIR/pbemd.ini" | cut -d: -f1)
lines=$(log_lines)
hup
check "a bad value: refused at error level, with file and line" wait_log \
	" error: config: reload refused, the running configuration stays: $DIR/pbemd.ini:$bad_line: bad value for \[judge\] poll_interval$" "$lines"
check "the daemon runs on" alive
check "and answers with the previous good configuration" answered_as "Reloaded Judge"
{ cat "$good"; printf '[judge]\nname = Broken Judge\ntemplates = %s/no-templates\n' "$DIR"; } >"$DIR/pbemd.ini"
lines=$(log_lines)
hup
check "templates that do not load: refused at error level" wait_log \
	" error: config: reload refused, the running configuration stays: .*$DIR/no-templates" "$lines"
check "the daemon runs on" alive
check "and still answers with the previous good configuration" answered_as "Reloaded Judge"
check "no line says a broken file was reloaded" eval \
	"! grep -q 'Broken Judge' '$DIR/pbemd.log'"
check "serve stops cleanly after the reloads (0)" pbemd_down

# --- log = syslog ---------------------------------------------------------
# The daemon runs in a mount namespace where /dev is a tmpfs of links to
# the real entries, and /dev/log a link to the socket this test reads.
# The probe mounts as ns_up will: a kernel or a container may allow the
# namespace but not the mount in it.
ns_probe() { unshare "$@" sh -c 'mount -t tmpfs -o mode=755 tmpfs /dev' 2>/dev/null; }
NS_FLAGS=()
if ns_probe --user --map-root-user --mount; then
	NS_FLAGS=(--user --map-root-user --mount)
elif ns_probe --mount; then
	NS_FLAGS=(--mount)
fi
if ((${#NS_FLAGS[@]} == 0)) || ! command -v perl >/dev/null; then
	echo "SKIP: log = syslog: no mount namespace (unshare) or no perl here"
	finish
	exit
fi

RECV_PID= NS_PID=
trap 'kill "$RECV_PID" 2>/dev/null; e2e_cleanup' EXIT
perl -MIO::Socket::UNIX -MSocket -e '
	my $s = IO::Socket::UNIX->new(Type => SOCK_DGRAM, Local => $ARGV[0])
		or die "bind $ARGV[0]: $!";
	open(my $o, ">>", $ARGV[1]) or die "$ARGV[1]: $!";
	$o->autoflush(1);
	while (defined $s->recv(my $d, 65536)) { $d =~ s/\n*\z/\n/; print $o $d }
	' "$DIR/log.sock" "$DIR/syslog.txt" &
RECV_PID=$!
: >"$DIR/syslog.txt"
until_ok 30 test -S "$DIR/log.sock"

ns_up() {  # serve on $DIR/pbemd.ini, /dev/log being $DIR/log.sock
	unshare "${NS_FLAGS[@]}" --fork sh -c '
		d=$1; shift
		mkdir -p "$d/realdev" && mount --rbind /dev "$d/realdev" &&
		mount -t tmpfs -o mode=755 tmpfs /dev || exit 71
		for f in "$d"/realdev/*; do ln -s "$f" "/dev/${f##*/}"; done
		ln -sf "$d/log.sock" /dev/log && echo $$ >"$d/ns.pid" && exec "$@"
		' sh "$DIR" "$PBEMD" serve -c "$DIR/pbemd.ini" >>"$DIR/ns.log" 2>&1 &
	NS_PID=$!
	until_ok 30 test -s "$DIR/ns.pid" && PBEMD_PID=$(cat "$DIR/ns.pid")
}
file_has() { grep -q -E -- "$2" "$1"; }
wait_log_file() { until_ok "$E2E_WAIT" file_has "$1" "$2"; }
wait_sys() { wait_log_file "$DIR/syslog.txt" "$1"; }

E2E_POLL=2 pbemd_conf "$DIR/pbemd.ini" "log = syslog"
ns_up
P=$PBEMD_PID
check "log = syslog: serve's start goes to syslog at info (<30> is daemon.info)" \
	wait_sys "^<30>.* pbemd\[$P\]: serve: started pid=$P "
check "... and not to stderr" eval "! grep -q 'serve: started' '$DIR/ns.log'"
check "syslog lines carry no time stamp of our own, no level word" eval \
	"! grep -q -E '[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z|: (info|warn|error):' '$DIR/syslog.txt'"
E2E_POLL=2 pbemd_conf "$DIR/pbemd.ini" "log = syslog" "poll_interval = soon"
hup
check "a refused reload: daemon.err (<27>)" wait_sys "^<27>.* pbemd\[$P\]: config: reload refused"
E2E_POLL=2 pbemd_conf "$DIR/pbemd.ini" "log = syslog" "database = $DIR/other.db" \
	"log_level = debug"
hup
check "a key that takes a restart: daemon.warning (<28>)" \
	wait_sys "^<28>.* pbemd\[$P\]: config: judge.database changed but takes a restart"
check "log_level changed live: the reload is logged" \
	wait_sys "^<30>.* pbemd\[$P\]: config: reloaded file=.* changed=judge.log_level$"
send_mail alice "hello" "HELP"
wait_settled
check "debug lines now: daemon.debug (<31>)" wait_sys "^<31>.* pbemd\[$P\]: outbox id=[0-9]+ sent"
E2E_POLL=2 pbemd_conf "$DIR/pbemd.ini" "log = stderr" "database = $DIR/other.db"
hup
check "log = stderr by reload: said on syslog first" \
	wait_sys "^<30>.* pbemd\[$P\]: config: logging to stderr from now on$"
check "... then the lines are on stderr again, in their format" wait_log_file "$DIR/ns.log" \
	"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z pbemd info: config: reloaded file=.* changed=judge.log_level,judge.log$"
kill -TERM "$P"
rc=0
wait "$NS_PID" || rc=$?
PBEMD_PID=
check "the syslog daemon stops cleanly (0)" test "$rc" -eq 0
check "its stop went to stderr, not syslog" eval \
	"grep -q 'serve: stopping' '$DIR/ns.log' && ! grep -q 'serve: stopping' '$DIR/syslog.txt'"

finish
