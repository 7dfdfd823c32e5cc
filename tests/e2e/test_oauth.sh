#!/usr/bin/env bash
# tests/e2e/test_oauth.sh - OAuth2 logins (issue 17, point 6) against real
# servers that check the token (mailstack.sh with MAILSTACK_TOKENS):
# Dovecot's own XOAUTH2 and OAUTHBEARER, the token checked as a password
# against a file of tokens, and Exim's authenticators taking the messages
# apart. The judge reads and answers with XOAUTH2, the tokens read from
# files; a wrong IMAP token is refused with Dovecot's JSON error in the log,
# each reconnect waits longer (no spinning), and the token written anew is
# taken without a restart; a wrong SMTP token keeps the reply in the outbox
# until the file holds the right one. Then OAUTHBEARER both ways with the
# token from a command, and with a user name whose "," and "=" need gs2
# escaping. No token ever reaches the log.
# Prints "N passed, M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

tok() { head -c 24 /dev/urandom | base64 | tr '+/' '-_' | tr -d '='; }
TOKEN=$(tok) ODD_TOKEN=$(tok) WRONG=$(tok)
ODD='o=a,th'	# a user name OAUTHBEARER must send as "o=3Da=2Cth"
export MAILSTACK_TOKENS="judge:$TOKEN $ODD:$ODD_TOKEN"
E2E_USERS="judge alice $ODD"	# read by stack_up

stack_up || { echo "test_oauth: cannot start the mail stack"; echo "0 passed, 1 failed"; exit 1; }
DOVELOG=$DIR/dovecot/dovecot.log
EXIMLOG=$DIR/exim/log/mainlog

put() { printf '%s\n' "$2" >"$DIR/$1"; }	# put FILE TOKEN: as a refresher would

# oauth_conf FILE USER MECH DB [SMTP-SOURCE]: the judge's configuration with
# OAuth2 both ways; the IMAP token from imap.token, the SMTP token from
# smtp.token (or the given "token_command = ..." line).
oauth_conf() {
	cat >"$1" <<-CONF
	[imap]
	url = imap://127.0.0.1:$MAILSTACK_IMAP_PORT/INBOX
	user = $2
	auth = $3
	token_file = $DIR/imap.token
	ca_file = $MAILSTACK_CA_CERT
	timeout = 20

	[smtp]
	url = smtp://127.0.0.1:$MAILSTACK_SMTP_PORT
	user = $2
	auth = $3
	${5:-token_file = $DIR/smtp.token}
	ca_file = $MAILSTACK_CA_CERT
	timeout = 20

	[judge]
	address = judge@$MAILSTACK_DOMAIN
	database = $4
	templates = $E2E_ROOT/templates
	poll_interval = 2
	CONF
}

# --- XOAUTH2 both ways, tokens from files
put imap.token "$TOKEN"
put smtp.token "$TOKEN"
oauth_conf "$DIR/pbemd.ini" judge xoauth2 "$DIR/pbemd.db"
: >>"$DIR/pbemd.log"	# waited on before the daemon writes to it
pbemd_up
check "the judge logs in to Dovecot with XOAUTH2" wait_log "imap: connected"
check "Dovecot took XOAUTH2" grep -q "Login: user=<judge>, method=XOAUTH2," "$DOVELOG"
send_mail alice "hello" "HELP"
check "the judge's answer arrives" wait_count alice 1
check "Exim took it from judge by XOAUTH2" \
	grep -q -E "<= judge@$MAILSTACK_DOMAIN .* A=xoauth2:judge " "$EXIMLOG"

# --- a wrong IMAP token: refused with the server's reason, later each time
pbemd_down
put imap.token "$WRONG"
lines=$(log_lines)
pbemd_up
check "a wrong token is refused with Dovecot's JSON error" wait_log \
	'imap: XOAUTH2 as judge refused: Authentication failed\.; the server.s error: \{"status":"401","schemes":"bearer","scope":"mail"\}; reconnecting in 1s' \
	"$lines"
check "the judge tries again, later each time" wait_log "refused: .*reconnecting in 4s" "$lines"
waits=$(tail -n +"$((lines + 1))" "$DIR/pbemd.log" | grep -o 'reconnecting in [0-9]*s' | head -n 3 | tr '\n' ' ')
check "it waited 1 s, 2 s, then 4 s (no spinning): $waits" \
	test "$waits" = "reconnecting in 1s reconnecting in 2s reconnecting in 4s "
put imap.token "$TOKEN"
check "the token written anew is taken without a restart" wait_log "imap: connected" "$lines"

# --- a wrong SMTP token: the reply waits in the outbox
put smtp.token "$WRONG"
lines=$(log_lines)
send_mail alice "again" "HELP"
check "the reply is refused with Exim's 535" wait_log \
	"outbox id=[0-9]+ attempt=1 failed, retry in [0-9]+s: AUTH XOAUTH2 as judge refused: 535 Incorrect authentication data" \
	"$lines"
check "Exim's XOAUTH2 authenticator refused it" grep -q "xoauth2 authenticator failed" "$EXIMLOG"
put smtp.token "$TOKEN"
check "it goes out with the token written anew" wait_count alice 2

# --- OAUTHBEARER both ways, the SMTP token from a command
pbemd_down
oauth_conf "$DIR/pbemd.ini" judge oauthbearer "$DIR/pbemd.db" \
	"token_command = cat '$DIR/smtp.token'"
lines=$(log_lines)
pbemd_up
check "the judge logs in to Dovecot with OAUTHBEARER" wait_log "imap: connected" "$lines"
check "Dovecot took OAUTHBEARER" grep -q "Login: user=<judge>, method=OAUTHBEARER," "$DOVELOG"
send_mail alice "bearer" "HELP"
check "the answer arrives" wait_count alice 3
check "Exim took it by OAUTHBEARER (host and port named)" \
	grep -q -E "<= judge@$MAILSTACK_DOMAIN .* A=oauthbearer:judge " "$EXIMLOG"
pbemd_down

# --- a user name with "," and "=": Dovecot unescapes what the judge escaped
put imap.token "$ODD_TOKEN"
put smtp.token "$ODD_TOKEN"
oauth_conf "$DIR/odd.ini" "$ODD" oauthbearer "$DIR/odd.db"
printf 'From: alice <alice@%s>\r\nTo: judge@%s\r\nSubject: odd\r\nMessage-ID: <odd.%s@%s>\r\n\r\nHELP\r\n' \
	"$MAILSTACK_DOMAIN" "$MAILSTACK_DOMAIN" "$$" "$MAILSTACK_DOMAIN" |
	doveadm -c "$MAILSTACK_DOVECOT_CONF" save -u "$ODD"
"$PBEMD" serve --once -c "$DIR/odd.ini" >"$DIR/odd.log" 2>&1
check "serve --once as $ODD ends well" grep -q "serve: stopping" "$DIR/odd.log"
check "Dovecot took OAUTHBEARER for $ODD" grep -q "Login: user=<$ODD>, method=OAUTHBEARER," "$DOVELOG"
check "Exim took OAUTHBEARER for $ODD" grep -q -F "A=oauthbearer:$ODD " "$EXIMLOG"
check "its answer arrives" wait_count alice 4

no_token_logged() {
	! grep -q -F -e "$TOKEN" -e "$WRONG" -e "$ODD_TOKEN" "$DIR/pbemd.log" "$DIR/odd.log"
}
check "no token reaches the judge's log" no_token_logged
finish
