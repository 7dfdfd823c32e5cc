#!/usr/bin/env bash
# tests/e2e/test_operator.sh - the operator's kit of issue 17 (point 5) by
# real mail, beside a running `pbemd serve`.
#
# Starts Dovecot + Exim on loopback and the judge with ops as its keeper
# ([judge] keepers). A weekeewachee game is created and started by mail.
# The keeper sends STATUS and LIST ALL and gets the judge's overview (the
# games by state, the running game's line, the outbox, the quarantine,
# the last mail and tick) and the table of every game; alice, no keeper,
# gets the ordinary answers. `pbemd status` prints the same overview while
# the daemon runs. Then a batch of mails goes to the judge and `pbemd
# backup` copies the database again and again while it handles them:
# every copy passes PRAGMA integrity_check, one at least was taken in the
# middle of the batch, and `pbemd status` reads a copy. Prints "N passed,
# M failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

E2E_USERS="judge gm alice bob ops"
stack_up || { echo "test_operator: cannot start the mail stack"; echo "0 passed, 1 failed"; exit 1; }
pbemd_conf "$DIR/pbemd.ini" "keepers = ops@$MAILSTACK_DOMAIN, root@$MAILSTACK_DOMAIN"
pbemd_up

# The judge's mails to USER since outbox row AFTER, decoded.
mails_since() { judge_mail "$1" "$2"; }
has_line() { grep -qF -- "$2" <<<"$1" || { echo "missing: $2"; return 1; }; }
lacks() { ! grep -qF -- "$2" <<<"$1" || { echo "present: $2"; return 1; }; }

# ---------------------------------------------------------------- a game
mail_and_wait gm "CREATE wk weekeewachee" gm
mail_and_wait alice "JOIN wk alice-secret" alice
mail_and_wait bob "JOIN wk bob-secret" bob alice gm

# ---------------------------------------------------------------- keeper
at=$(outbox_mark)
mail_and_wait ops "STATUS
LIST ALL" ops
ops=$(mails_since ops "$at")
check "the keeper's STATUS is the judge's overview" \
	has_line "$ops" "    Judge judge@$MAILSTACK_DOMAIN at "
check "it counts the running game" has_line "$ops" "      running              1"
check "it lists the running game with its phase" \
	has_line "$ops" "      wk    weekeewachee  running  move 0  no deadlines"
check "it has the outbox" has_line "$ops" "    Outbox"
check "it has the quarantine" has_line "$ops" "      held      0"
check "it has the last mail" has_line "$ops" "      last mail  "
check "it has the last tick" has_line "$ops" "      last tick  "
check "the keeper's LIST ALL is the table of every game" \
	has_line "$ops" "    wk    weekeewachee  running  move 0  no deadlines"
check "the keeper leads no game, and is not told so" \
	lacks "$ops" "game master of no game"

at=$(outbox_mark)
mail_and_wait alice "STATUS
LIST ALL" alice
alice=$(mails_since alice "$at")
check "alice, no keeper, gets the ordinary STATUS" \
	has_line "$alice" "You are the game master of no game."
check "and the ordinary LIST ALL" has_line "$alice" "wk: weekeewachee, running, seats taken 2/2"
check "and no overview" lacks "$alice" "Outbox"

# ---------------------------------------------------------------- status
status=$("$PBEMD" status -c "$DIR/pbemd.ini"); rc=$?
check "pbemd status exits 0 while serve runs" test "$rc" = 0
check "pbemd status says the running game" \
	has_line "$status" "  wk    weekeewachee  running  move 0  no deadlines"
check "pbemd status says the last mail" has_line "$status" "  last mail  "
printf '%s\n' "$status"

# ---------------------------------------------------------------- backup
# Copies of the database, one after the other into the same file, while
# the judge handles a batch of mails, until every mail of the batch is
# recorded in the live store; each copy is checked as it is made (PRAGMA
# integrity_check, its inbox counted) and its line kept in copies.log.
inbox() { sqlite3 -batch -noheader -cmd '.timeout 10000' "$1" "SELECT count(*) FROM inbox"; }
n0=$(inbox "$DIR/pbemd.db")
BATCH=24
copies() {
	local i n check c
	for ((i = 1; i <= 2000; i++)); do
		if "$PBEMD" backup -c "$DIR/pbemd.ini" "$DIR/copy.db" >>"$DIR/backup.log" 2>&1; then
			check=$(sqlite3 -batch -noheader "$DIR/copy.db" "PRAGMA integrity_check")
			c=$(sqlite3 -batch -noheader "$DIR/copy.db" "SELECT count(*) FROM inbox")
			echo "$i ${check:-none} $c" >>"$DIR/copies.log"
		else
			echo "$i exit $?" >>"$DIR/copies.log"
		fi
		n=$(e2e_sql "SELECT count(*) FROM inbox") && ((n >= n0 + BATCH)) && break
	done
}
copies &
COPIER=$!
for ((k = 0; k < BATCH; k++)); do
	case $((k % 3)) in 0) who=alice ;; 1) who=bob ;; *) who=gm ;; esac
	send_mail "$who" "batch $k" "LIST wk" || ko "batch mail $k sent"
done
check "the judge handles the batch" wait_settled
wait "$COPIER"
n1=$(inbox "$DIR/pbemd.db")
ncopies=$(wc -l <"$DIR/copies.log")
good=$(awk '$2 == "ok"' "$DIR/copies.log" | wc -l)
mid=$(awk -v a="$n0" -v b="$n1" '$2 == "ok" && $3 > a && $3 < b' "$DIR/copies.log" | wc -l)
echo "backup: $ncopies copies, $good pass integrity_check, $mid taken mid-batch (inbox $n0..$n1)"
check "every backup succeeded and its copy passes PRAGMA integrity_check" \
	test "$ncopies" -gt 0 -a "$good" = "$ncopies"
check "the backups say integrity_check ok" grep -q "integrity_check ok$" "$DIR/backup.log"
check "at least one copy was taken while the batch was being handled" test "$mid" -gt 0
check "the batch was answered in full" test "$n1" -ge $((n0 + BATCH))
sed "s|^database = .*|database = $DIR/copy.db|" "$DIR/pbemd.ini" >"$DIR/copy.ini"
check "pbemd status reads a copy" eval '"$PBEMD" status -c "$DIR/copy.ini" | grep -q "^  wk    weekeewachee"'
check "the live database is no destination" eval \
	'! "$PBEMD" backup -c "$DIR/pbemd.ini" "$DIR/pbemd.db" 2>/dev/null'
check "serve stops cleanly (0)" pbemd_down
grep -E 'warn|error' "$DIR/pbemd.log" | head -n 5
finish
