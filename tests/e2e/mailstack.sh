#!/usr/bin/env bash
# mailstack.sh - throwaway mail stack on 127.0.0.1 for end-to-end tests.
#
#   Dovecot 2.3 : IMAP (plain + STARTTLS) on $MAILSTACK_IMAP_PORT   (default 10143)
#                 IMAPS (implicit TLS)    on $MAILSTACK_IMAPS_PORT  (default 10993)
#                 LMTP on a unix socket under DIR (used by Exim for delivery)
#   Exim 4.96   : SMTP (plain + STARTTLS + AUTH PLAIN/LOGIN) on $MAILSTACK_SMTP_PORT (default 10025)
#                 SMTPS (implicit TLS)                         on $MAILSTACK_SMTPS_PORT (default 10465)
#                 accepts mail for the accounts @$MAILSTACK_DOMAIN only (no relaying anywhere);
#                 busy@$MAILSTACK_DOMAIN is always deferred (451), for the outbox's tests
#   $MAILSTACK_SEEN_ONLY (optional): a mailbox of that name in every account whose only
#                 permanent flag is \Seen (Dovecot's ACL: no right to write other flags),
#                 as a server that keeps no keyword
#   $MAILSTACK_TOKENS (optional): "name:token ..." - OAuth2 logins as the big hosts take them:
#                 Dovecot offers AUTH=XOAUTH2 and AUTH=OAUTHBEARER (its own mechanisms, the
#                 token checked as a password against a passwd-file of these tokens; PLAIN and
#                 LOGIN keep the passwords), Exim offers AUTH XOAUTH2 and OAUTHBEARER (plaintext
#                 authenticators that take the message apart; OAUTHBEARER's must name
#                 host=127.0.0.1 and port=$MAILSTACK_SMTP_PORT). User names may then hold "," and "="
#   TLS: both servers show a certificate for 127.0.0.1 to a client that names no server,
#                 and one for localhost to a client that names localhost in SNI; the
#                 CA file $MAILSTACK_CA_CERT trusts both
#
# Everything (configs, self-signed certs, spool, logs, Maildirs, pid files) lives under DIR.
# Nothing under /etc is touched; no systemd / init scripts are used.
#
# Usage:  mailstack.sh start  DIR     create configs under DIR, start both servers, wait until ready
#         mailstack.sh stop   DIR     stop only the processes started for DIR (by pid file)
#         mailstack.sh status DIR     exit 0 if both servers for DIR are running
#         mailstack.sh count  DIR USER   print the number of messages in USER's INBOX (new+cur)
#
# After 'start', DIR/mailstack.env holds shell variables describing the stack (source it).
# Several stacks may run side by side (different DIRs and ports): 'start' holds the lock file
# $MAILSTACK_LOCK from its port check until its servers listen, so two concurrent starts can
# never both take the same port; the loser fails with "port ... is already in use".
# Must run as root (CI and the dev machines do); needs the Debian packages
#   dovecot-imapd dovecot-lmtpd exim4-daemon-light openssl
set -euo pipefail

: "${MAILSTACK_IMAP_PORT:=10143}"
: "${MAILSTACK_IMAPS_PORT:=10993}"
: "${MAILSTACK_SMTP_PORT:=10025}"
: "${MAILSTACK_SMTPS_PORT:=10465}"
: "${MAILSTACK_DOMAIN:=example.test}"
# space-separated "name" or "name:password"; a bare name gets the password "<name>pw"
: "${MAILSTACK_USERS:=judge alice bob carol dave}"
# OS account that owns the Maildirs (Dovecot refuses uid 0 for mail access)
: "${MAILSTACK_MAIL_USER:=nobody}"
: "${MAILSTACK_START_TIMEOUT:=120}"  # seconds to wait for the ports (a busy machine is slow)
: "${MAILSTACK_LOCK:=/tmp/mailstack-ports.lock}"   # serialises port check + start across stacks
: "${MAILSTACK_SEEN_ONLY:=}"   # a mailbox that keeps \Seen and no other flag; empty: none
: "${MAILSTACK_TOKENS:=}"      # "name:token ...": OAuth2 logins (XOAUTH2, OAUTHBEARER); empty: none

HOST=127.0.0.1
DOVECOT_BIN=$(command -v dovecot || echo /usr/sbin/dovecot)
EXIM_BIN=$(command -v exim4 || echo /usr/sbin/exim4)
EXIM_USER=Debian-exim

die() { echo "mailstack: $*" >&2; exit 1; }
log() { echo "mailstack: $*" >&2; }

usage() { sed -n '2,34p' "$0" >&2; exit 2; }

abs_dir() {  # absolute path of $1 (created if missing)
    mkdir -p "$1"
    (cd "$1" && pwd -P)
}

port_taken() {  # true if a socket listens on 127.0.0.1:$1 or on the wildcard address (v4 or v6);
               # read from /proc so that another stack's logs get no probe connections
    local hex
    hex=$(printf '%04X' "$1")
    grep -q -E "^ *[0-9]+: (0100007F|00000000):$hex [0-9A-F]{8}:[0-9A-F]{4} 0A " /proc/net/tcp ||
        grep -q -E "^ *[0-9]+: 0{32}:$hex [0-9A-F]{32}:[0-9A-F]{4} 0A " /proc/net/tcp6 2>/dev/null
}

port_listening() {  # true if a socket is in LISTEN state on 127.0.0.1:$1 (no connection made,
                    # so no "client disconnected"/TLS noise in the server logs)
    grep -q -E "^ *[0-9]+: 0100007F:$(printf '%04X' "$1") 00000000:0000 0A " /proc/net/tcp
}

wait_for() {  # wait_for DESCRIPTION TEST-COMMAND...
    local what=$1; shift
    local deadline=$((SECONDS + MAILSTACK_START_TIMEOUT))
    until "$@"; do
        if ((SECONDS >= deadline)); then
            log "timed out waiting for $what"
            return 1
        fi
        sleep 0.05
    done
}

pid_alive_as() {  # pid_alive_as PID EXE : PID alive and running binary EXE
    local pid=$1 exe=$2
    [[ $pid =~ ^[0-9]+$ ]] || return 1
    kill -0 "$pid" 2>/dev/null || return 1
    [[ "$(readlink -f "/proc/$pid/exe" 2>/dev/null)" == "$(readlink -f "$exe")" ]]
}

children_of() {  # pids whose parent is $1 (one grep over /proc, no per-process forks)
    grep -l -E "^PPid:[[:space:]]+$1\$" /proc/[0-9]*/status 2>/dev/null | cut -d/ -f3 || true
}

pids_with_arg() {  # pids whose command line contains the exact argument $1
    grep -l -z -x -F -- "$1" /proc/[0-9]*/cmdline 2>/dev/null | cut -d/ -f3 || true
}

wait_gone() {  # wait_gone SECONDS PID... ; returns 1 if some still alive
    local t=$1; shift
    local deadline=$((SECONDS + t)) p alive
    while :; do
        alive=()
        for p in "$@"; do kill -0 "$p" 2>/dev/null && alive+=("$p"); done
        ((${#alive[@]} == 0)) && return 0
        ((SECONDS >= deadline)) && return 1
        sleep 0.05
    done
}

user_list() {  # prints "name password" lines
    local u
    for u in $MAILSTACK_USERS; do
        if [[ $u == *:* ]]; then echo "${u%%:*} ${u#*:}"; else echo "$u ${u}pw"; fi
    done
}

# Dovecot's part of MAILSTACK_TOKENS: its own XOAUTH2 and OAUTHBEARER (mech-oauth2.c hands
# the token to the passdbs as a password), checked against the tokens alone; the other passdb
# then takes PLAIN and LOGIN only, so a password is no token and a token no password.
dovecot_tokens() {
    [[ -n $MAILSTACK_TOKENS ]] || return 0
    cat <<EOF
auth_mechanisms = plain login xoauth2 oauthbearer
# OAUTHBEARER's gs2 escaping is tested with names holding "," and "="
auth_username_chars =
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $DIR/dovecot/tokens
  mechanisms = xoauth2 oauthbearer
}
EOF
}

# Exim's part: the plaintext driver hands over the decoded message whole in \$auth1 (it
# splits at NULs only); the token after "auth=Bearer " must be the user's. Any other form
# is refused with 535.
exim_tokens() {
    [[ -n $MAILSTACK_TOKENS ]] || return 0
    cat <<EOF

xoauth2:
  driver = plaintext
  public_name = XOAUTH2
  server_prompts = :
  server_condition = \${if and{{match{\$auth1}{\N^user=([^\x01]+)\x01auth=Bearer ([^\x01]+)\x01\x01\$\N}}{eq{\$2}{\${lookup{\$1}lsearch{$DIR/exim/tokens}{\$value}}}}}}
  server_set_id = \${if match{\$auth1}{\N^user=([^\x01]+)\x01\N}{\$1}}

oauthbearer:
  driver = plaintext
  public_name = OAUTHBEARER
  server_prompts = :
  server_condition = \${if and{{match{\$auth1}{\N^n,a=([^,]+),\x01host=127\.0\.0\.1\x01port=$MAILSTACK_SMTP_PORT\x01auth=Bearer ([^\x01]+)\x01\x01\$\N}}{eq{\$2}{\${lookup{\${sg{\${sg{\$1}{=2C}{,}}}{=3D}{=}}}lsearch{$DIR/exim/tokens}{\$value}}}}}}
  server_set_id = \${if match{\$auth1}{\N^n,a=([^,]+),\N}{\${sg{\${sg{\$1}{=2C}{,}}}{=3D}{=}}}}
EOF
}

# ---------------------------------------------------------------- start
cmd_start() {
    local DIR
    [[ $(id -u) == 0 ]] || die "must run as root (Dovecot/Exim drop to their own users)"
    [[ -x $DOVECOT_BIN ]] || die "dovecot not installed (apt-get install dovecot-imapd dovecot-lmtpd)"
    [[ -x $EXIM_BIN ]] || die "exim4 not installed (apt-get install exim4-daemon-light)"
    command -v openssl >/dev/null || die "openssl not installed"
    id "$EXIM_USER" >/dev/null 2>&1 || die "user $EXIM_USER missing (exim4-base not installed?)"
    id "$MAILSTACK_MAIL_USER" >/dev/null 2>&1 || die "user $MAILSTACK_MAIL_USER missing"

    DIR=$(abs_dir "$1")
    [[ $DIR =~ ^[A-Za-z0-9._/+-]+$ ]] || die "DIR path must not contain spaces or special characters: $DIR"
    # unix socket paths are limited to 107 bytes; the longest Dovecot socket is
    # DIR/dovecot/run/token-login/imap-urlauth (DIR + 37 chars) -> DIR at most 70 chars
    ((${#DIR} <= 70)) || die "DIR path too long for unix sockets (${#DIR} > 70 chars): $DIR"
    [[ -z $MAILSTACK_SEEN_ONLY || $MAILSTACK_SEEN_ONLY =~ ^[A-Za-z0-9]+$ ]] ||
        die "MAILSTACK_SEEN_ONLY must be a plain name: $MAILSTACK_SEEN_ONLY"
    local tok
    for tok in $MAILSTACK_TOKENS; do
        # RFC 6750 b64token; a name without ":" or blanks
        [[ $tok =~ ^[^:[:space:]]+:[A-Za-z0-9._~+/-]+=*$ ]] ||
            die "MAILSTACK_TOKENS: not name:token: $tok"
    done

    if pid_alive_as "$(cat "$DIR/dovecot/run/master.pid" 2>/dev/null || true)" "$DOVECOT_BIN" ||
       pid_alive_as "$(cat "$DIR/exim/exim.pid" 2>/dev/null || true)" "$EXIM_BIN"; then
        die "a mail stack is already running for $DIR (run: $0 stop $DIR)"
    fi
    # Held from the port check until the servers listen; fd 9 must not leak into the
    # daemons (they would hold the lock for their whole life), hence 9>&- below.
    exec 9>>"$MAILSTACK_LOCK"
    flock -w 60 9 || die "could not lock $MAILSTACK_LOCK within 60 s"
    local port
    for port in "$MAILSTACK_IMAP_PORT" "$MAILSTACK_IMAPS_PORT" "$MAILSTACK_SMTP_PORT" "$MAILSTACK_SMTPS_PORT"; do
        ! port_taken "$port" || die "port $HOST:$port is already in use"
    done

    # Service users (dovecot, dovenull, Debian-exim, the mail owner) must be able to
    # traverse DIR and its parents; mktemp -d creates 0700 directories.
    chmod 0755 "$DIR"
    local p=$DIR
    while [[ $p != / ]]; do
        p=$(dirname "$p")
        [[ $(stat -c %A "$p") == ?????????[xt] ]] ||
            die "parent directory $p is not world-traversable (o+x); service users cannot reach $DIR"
    done

    local muid mgid
    muid=$(id -u "$MAILSTACK_MAIL_USER"); mgid=$(id -g "$MAILSTACK_MAIL_USER")

    # start from a clean slate for the generated parts; keep nothing from an old run
    rm -rf "$DIR/tls" "$DIR/dovecot" "$DIR/exim" "$DIR/mail" "$DIR/mailstack.env"
    mkdir -p "$DIR/tls" "$DIR/dovecot/state" "$DIR/exim/spool" "$DIR/exim/log" "$DIR/mail"

    # ---- self-signed certificates (EC P-256: generated in a few ms). Both servers
    # show cert.pem (127.0.0.1) to a client that names no server, and name.pem
    # (localhost) only to one that names localhost in SNI, as a host with many names
    # does: a client that connects to localhost without SNI gets a certificate that
    # does not name it. MAILSTACK_CA_CERT (ca.pem) trusts both.
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 30 \
        -subj "/CN=$HOST" \
        -addext "subjectAltName=IP:$HOST,DNS:mail.$MAILSTACK_DOMAIN" \
        -keyout "$DIR/tls/key.pem" -out "$DIR/tls/cert.pem" 2>/dev/null ||
        die "openssl failed to create the certificate"
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 30 \
        -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost" \
        -keyout "$DIR/tls/name-key.pem" -out "$DIR/tls/name.pem" 2>/dev/null ||
        die "openssl failed to create the certificate for localhost"
    cat "$DIR/tls/cert.pem" "$DIR/tls/name.pem" >"$DIR/tls/ca.pem"
    # throwaway keys: readable by Exim's unprivileged processes
    chmod 0644 "$DIR"/tls/*.pem

    # ---- accounts
    local name pw
    : >"$DIR/dovecot/users"
    : >"$DIR/exim/passwd"
    while read -r name pw; do
        # passwd-file: user:password:uid:gid:gecos:home:shell:extra (uid/gid/home from default_fields)
        echo "$name:{PLAIN}$pw::::::" >>"$DIR/dovecot/users"
        echo "$name: $pw" >>"$DIR/exim/passwd"
        mkdir -p "$DIR/mail/$name/Maildir/cur" "$DIR/mail/$name/Maildir/new" "$DIR/mail/$name/Maildir/tmp"
        if [[ -n $MAILSTACK_SEEN_ONLY ]]; then
            local f=$DIR/mail/$name/Maildir/.$MAILSTACK_SEEN_ONLY
            mkdir -p "$f/cur" "$f/new" "$f/tmp"
            : >"$f/maildirfolder"
        fi
    done < <(user_list)
    chown -R "$muid:$mgid" "$DIR/mail"
    chmod 0640 "$DIR/dovecot/users"
    chgrp dovecot "$DIR/dovecot/users"
    chmod 0640 "$DIR/exim/passwd"
    chgrp "$EXIM_USER" "$DIR/exim/passwd"
    if [[ -n $MAILSTACK_TOKENS ]]; then
        : >"$DIR/dovecot/tokens"
        : >"$DIR/exim/tokens"
        for tok in $MAILSTACK_TOKENS; do
            echo "${tok%%:*}:{PLAIN}${tok#*:}::::::" >>"$DIR/dovecot/tokens"
            echo "${tok%%:*}: ${tok#*:}" >>"$DIR/exim/tokens"
        done
        chmod 0640 "$DIR/dovecot/tokens" "$DIR/exim/tokens"
        chgrp dovecot "$DIR/dovecot/tokens"
        chgrp "$EXIM_USER" "$DIR/exim/tokens"
    fi

    # ---- Dovecot: standalone config, does not include /etc/dovecot
    cat >"$DIR/dovecot/dovecot.conf" <<EOF
# generated by mailstack.sh - throwaway instance, do not edit
instance_name = mailstack-$MAILSTACK_IMAP_PORT
base_dir = $DIR/dovecot/run
state_dir = $DIR/dovecot/state
log_path = $DIR/dovecot/dovecot.log
protocols = imap lmtp
listen = $HOST
# name used in LMTP Received: headers and Maildir file names
hostname = mail.$MAILSTACK_DOMAIN
ssl = yes
ssl_cert = <$DIR/tls/cert.pem
ssl_key = <$DIR/tls/key.pem
local_name localhost {
  ssl_cert = <$DIR/tls/name.pem
  ssl_key = <$DIR/tls/name-key.pem
}
# plaintext LOGIN/AUTHENTICATE allowed on the non-TLS port (loopback test stack)
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:~/Maildir
# IDLE: Dovecot uses inotify; this is only the fallback polling interval
mailbox_idle_check_interval = 1 secs
imap_idle_notify_interval = 2 mins

$(dovecot_tokens)
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n $DIR/dovecot/users
$([[ -z $MAILSTACK_TOKENS ]] || echo "  mechanisms = plain login")
}
userdb {
  driver = passwd-file
  args = username_format=%n $DIR/dovecot/users
  default_fields = uid=$muid gid=$mgid home=$DIR/mail/%n
}

service imap-login {
  inet_listener imap {
    address = $HOST
    port = $MAILSTACK_IMAP_PORT
  }
  inet_listener imaps {
    address = $HOST
    port = $MAILSTACK_IMAPS_PORT
    ssl = yes
  }
}
service lmtp {
  unix_listener lmtp {
    mode = 0666
  }
}
protocol imap {
  mail_max_userip_connections = 100
}
protocol lmtp {
  postmaster_address = postmaster@$MAILSTACK_DOMAIN
}
EOF
    if [[ -n $MAILSTACK_SEEN_ONLY ]]; then
        # lookup, read, \Seen, insert: without "w" PERMANENTFLAGS is (\Seen) alone
        echo "$MAILSTACK_SEEN_ONLY owner lrsi" >"$DIR/dovecot/acl.global"
        chmod 0644 "$DIR/dovecot/acl.global"
        cat >>"$DIR/dovecot/dovecot.conf" <<EOF
mail_plugins = \$mail_plugins acl
plugin {
  acl = vfile:$DIR/dovecot/acl.global
}
EOF
    fi

    # ---- Exim: standalone config; delivery only via LMTP, so it needs no root privilege
    chown -R "$EXIM_USER:$EXIM_USER" "$DIR/exim/spool" "$DIR/exim/log"
    chmod 0750 "$DIR/exim/spool" "$DIR/exim/log"
    cat >"$DIR/exim/exim.conf" <<EOF
# generated by mailstack.sh - throwaway instance, do not edit
primary_hostname = mail.$MAILSTACK_DOMAIN
qualify_domain = $MAILSTACK_DOMAIN
domainlist local_domains = $MAILSTACK_DOMAIN
spool_directory = $DIR/exim/spool
log_file_path = $DIR/exim/log/%slog
pid_file_path = $DIR/exim/exim.pid
local_interfaces = $HOST
disable_ipv6 = true
daemon_smtp_ports = $MAILSTACK_SMTP_PORT : $MAILSTACK_SMTPS_PORT
tls_on_connect_ports = $MAILSTACK_SMTPS_PORT
tls_advertise_hosts = *
# expanded again once the client's SNI is known (\$tls_in_sni)
tls_certificate = \${if eq{\$tls_in_sni}{localhost}{$DIR/tls/name.pem}{$DIR/tls/cert.pem}}
tls_privatekey = \${if eq{\$tls_in_sni}{localhost}{$DIR/tls/name-key.pem}{$DIR/tls/key.pem}}
auth_advertise_hosts = *
# no DNS / ident lookups on loopback clients
host_lookup =
rfc1413_hosts =
rfc1413_query_timeout = 0s
# deliver every message at once, even many per connection
smtp_accept_queue_per_connection = 0
smtp_accept_max = 100
remote_max_parallel = 4
# LMTP delivery needs no root: run deliveries as the exim user (needed with -C anyway)
deliver_drop_privilege = true
never_users = root
keep_environment =
message_size_limit = 20M
timeout_frozen_after = 1h
log_selector = -queue_run
ignore_bounce_errors_after = 0s
acl_smtp_rcpt = acl_check_rcpt

begin acl

acl_check_rcpt:
  defer  domains     = +local_domains
         local_parts = busy
         message     = mailbox busy, try again later (a test of deferred recipients)
  accept domains     = +local_domains
         local_parts = lsearch;$DIR/exim/passwd
  deny   message     = no such user here (only $MAILSTACK_DOMAIN test accounts; no relaying)

begin routers

local_accounts:
  driver = accept
  domains = +local_domains
  transport = dovecot_lmtp

begin transports

dovecot_lmtp:
  driver = lmtp
  socket = $DIR/dovecot/run/lmtp
  batch_max = 100

begin retry

*   *   F,1h,2s

begin authenticators

plain:
  driver = plaintext
  public_name = PLAIN
  server_prompts = :
  server_condition = \${if eq{\$auth3}{\${lookup{\$auth2}lsearch{$DIR/exim/passwd}{\$value}fail}}}
  server_set_id = \$auth2

login:
  driver = plaintext
  public_name = LOGIN
  server_prompts = Username:: : Password::
  server_condition = \${if eq{\$auth2}{\${lookup{\$auth1}lsearch{$DIR/exim/passwd}{\$value}fail}}}
  server_set_id = \$auth1
$(exim_tokens)
EOF
    chmod 0644 "$DIR/exim/exim.conf"

    # Both daemonize. Their stdio must not be the caller's: Dovecot's master and log process
    # keep stderr open forever, so "out=$(mailstack.sh start DIR)" or "... | tee" would hang.
    # ---- start Dovecot (master pid -> base_dir/master.pid)
    "$DOVECOT_BIN" -c "$DIR/dovecot/dovecot.conf" </dev/null >"$DIR/dovecot/stdio.log" 2>&1 9>&- ||
        { cat "$DIR/dovecot/stdio.log" >&2; die "dovecot failed to start; see $DIR/dovecot/dovecot.log"; }
    # ---- start Exim daemon (pid -> exim.pid); queue runner every 2s only matters for retries
    "$EXIM_BIN" -C "$DIR/exim/exim.conf" -bd -q2s -oP "$DIR/exim/exim.pid" \
        </dev/null >"$DIR/exim/stdio.log" 2>&1 9>&- ||
        { cat "$DIR/exim/stdio.log" >&2; cmd_stop "$DIR"; die "exim failed to start; see $DIR/exim/log/paniclog"; }

    if ! wait_for "dovecot imap" port_listening "$MAILSTACK_IMAP_PORT" ||
       ! wait_for "dovecot imaps" port_listening "$MAILSTACK_IMAPS_PORT" ||
       ! wait_for "dovecot lmtp" test -S "$DIR/dovecot/run/lmtp" ||
       ! wait_for "exim smtp" port_listening "$MAILSTACK_SMTP_PORT" ||
       ! wait_for "exim smtps" port_listening "$MAILSTACK_SMTPS_PORT" ||
       ! wait_for "exim pid" test -s "$DIR/exim/exim.pid"; then
        log "servers did not come up in ${MAILSTACK_START_TIMEOUT}s; logs:"
        tail -n 20 "$DIR/dovecot/dovecot.log" "$DIR/exim/log/"* >&2 2>/dev/null || true
        cmd_stop "$DIR"
        exit 1
    fi
    flock -u 9
    exec 9>&-

    {
        echo "# generated by mailstack.sh start; source this file"
        echo "MAILSTACK_DIR=$DIR"
        echo "MAILSTACK_HOST=$HOST"
        echo "MAILSTACK_DOMAIN=$MAILSTACK_DOMAIN"
        echo "MAILSTACK_IMAP_PORT=$MAILSTACK_IMAP_PORT"
        echo "MAILSTACK_IMAPS_PORT=$MAILSTACK_IMAPS_PORT"
        echo "MAILSTACK_SMTP_PORT=$MAILSTACK_SMTP_PORT"
        echo "MAILSTACK_SMTPS_PORT=$MAILSTACK_SMTPS_PORT"
        echo "MAILSTACK_CA_CERT=$DIR/tls/ca.pem"
        echo "MAILSTACK_MAIL_ROOT=$DIR/mail"
        echo "MAILSTACK_DOVECOT_CONF=$DIR/dovecot/dovecot.conf"
        echo "MAILSTACK_EXIM_CONF=$DIR/exim/exim.conf"
        echo "MAILSTACK_USERS=\"$(user_list | tr ' ' ':' | tr '\n' ' ' | sed 's/ $//')\""
    } >"$DIR/mailstack.env"
    log "up: imap $HOST:$MAILSTACK_IMAP_PORT imaps :$MAILSTACK_IMAPS_PORT smtp :$MAILSTACK_SMTP_PORT smtps :$MAILSTACK_SMTPS_PORT (env: $DIR/mailstack.env)"
}

# ---------------------------------------------------------------- stop
cmd_stop() {
    local DIR dpid epid kids others targets=()
    [[ -d $1 ]] || return 0
    DIR=$(cd "$1" && pwd -P)
    dpid=$(cat "$DIR/dovecot/run/master.pid" 2>/dev/null || true)
    epid=$(cat "$DIR/exim/exim.pid" 2>/dev/null || true)
    # Only pids read from this DIR's pid files, and only if they still run the expected binary.
    if pid_alive_as "$dpid" "$DOVECOT_BIN"; then
        targets+=("$dpid")
        # the master's children (log, config, anvil, auth, imap-login, imap, lmtp, ...) are
        # ended by the master itself; remember them to wait for them too
        kids=$(children_of "$dpid")
        # shellcheck disable=SC2206
        [[ -n $kids ]] && targets+=($kids)
        kill -TERM "$dpid" 2>/dev/null || true
    fi
    if pid_alive_as "$epid" "$EXIM_BIN"; then
        targets+=("$epid")
        kill -TERM "$epid" 2>/dev/null || true
    fi
    # Both shut down in parallel: Exim's daemon takes ~1.5 s, Dovecot's master ~2-3 s
    # (it has built-in 1 s sleeps while stopping its log process).
    if ((${#targets[@]})) && ! wait_gone 15 "${targets[@]}"; then
        log "some processes did not exit after SIGTERM; sending SIGKILL"
        kill -KILL "${targets[@]}" 2>/dev/null || true
    fi
    # Exim's per-connection and delivery processes carry "-C DIR/exim/exim.conf" in their
    # command line (forked from the daemon or re-executed with it): end those of this DIR only.
    others=$(pids_with_arg "$DIR/exim/exim.conf")
    if [[ -n $others ]]; then
        # shellcheck disable=SC2086
        kill -TERM $others 2>/dev/null || true
        # shellcheck disable=SC2086
        wait_gone 5 $others || kill -KILL $others 2>/dev/null || true
    fi
    rm -f "$DIR/dovecot/run/master.pid" "$DIR/exim/exim.pid"
}

cmd_status() {
    local DIR rc=0
    DIR=$(cd "$1" && pwd -P) || exit 1
    if pid_alive_as "$(cat "$DIR/dovecot/run/master.pid" 2>/dev/null || true)" "$DOVECOT_BIN"; then
        echo "dovecot: running (pid $(cat "$DIR/dovecot/run/master.pid"))"
    else echo "dovecot: stopped"; rc=1; fi
    if pid_alive_as "$(cat "$DIR/exim/exim.pid" 2>/dev/null || true)" "$EXIM_BIN"; then
        echo "exim: running (pid $(cat "$DIR/exim/exim.pid"))"
    else echo "exim: stopped"; rc=1; fi
    return $rc
}

cmd_count() {
    local md=$1/mail/$2/Maildir
    [[ -d $md ]] || die "no Maildir for user $2 under $1"
    find "$md/new" "$md/cur" -maxdepth 1 -type f | wc -l
}

case "${1:-}" in
    start)  [[ $# == 2 ]] || usage; cmd_start "$2" ;;
    stop)   [[ $# == 2 ]] || usage; cmd_stop "$2" ;;
    status) [[ $# == 2 ]] || usage; cmd_status "$2" ;;
    count)  [[ $# == 3 ]] || usage; cmd_count "$2" "$3" ;;
    *) usage ;;
esac
