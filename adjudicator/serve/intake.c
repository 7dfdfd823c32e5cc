/*
 * intake.c - from raw bytes to a recorded mail (see intake.h).
 *
 * The attempt counter is bumped before the mail is handled and cleared in
 * the mail's own transaction; a count that reaches max_failures means the
 * mail failed (or crashed us) that often, and it is set aside for a human.
 * An attempt that failed for the store's own sake (a full disk, an I/O
 * error, a lock) is taken back: it says nothing about the mail. A
 * quarantined mail is kept whole (up to INTAKE_MAIL_MAX) for the operator's
 * `pbemd quarantine` (quarantine.c).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/serve/intake.h"
#include "common/log.h"
#include "common/util.h"
#include "mail/mime.h"

char *
intake_key(uint32_t uidvalidity, uint32_t uid, const char *message_id)
{
	struct buf	 b;

	buf_init(&b);
	if (uid != 0)
		buf_printf(&b, "imap:%u:%u", uidvalidity, uid);
	else
		buf_printf(&b, "msgid:%s", message_id ? message_id : "");
	return buf_steal(&b);
}

int
intake_attempts(struct db *db, const char *const *keys, size_t n, time_t now)
{
	size_t	 i;
	int	 count;

	if (n == 0)
		return 0;
	if (db_begin(db) != DB_OK)
		return -1;
	for (i = 0; i < n; i++)
		if (db_failure_bump(db, keys[i], "attempt", now, &count) != DB_OK) {
			db_rollback(db);
			return -1;
		}
	return db_commit(db) == DB_OK ? 0 : -1;
}

/*
 * How often this mail was tried before, counting the attempt now starting:
 * counted says whether the caller already bumped it (intake_attempts()).
 */
static int
intake_tries(struct db *db, const char *key, bool counted, time_t now)
{
	int	 count = 0;

	if (counted)
		db_failure_get(db, key, &count);
	else
		db_failure_bump(db, key, "attempt", now, &count);
	return count;
}

enum intake_result
intake_mail(const struct judge_env *env0, const char *raw, size_t len,
    uint32_t uidvalidity, uint32_t uid, bool counted, int max_failures)
{
	struct judge_env	 env = *env0;
	struct message		*m = NULL;
	struct judge_raw	 text;
	enum judge_result	 jr;
	enum intake_result	 rc;
	char			*key, why[256];
	int			 tries;

	text.text = raw;
	text.len = len < INTAKE_MAIL_MAX ? len : INTAKE_MAIL_MAX;
	text.size = len;
	if (mime_parse(raw, len, &m, why, sizeof(why)) != 0) {
		log_warnx("intake uid=%u unreadable: %s", uid, why);
		judge_quarantine(&env, NULL, uidvalidity, uid, why, &text);
		return INTAKE_UNREADABLE;
	}
	key = intake_key(uidvalidity, uid, m->message_id);
	env.failure_key = key;
	tries = intake_tries(env.db, key, counted, env.now);
	if (tries > max_failures) {
		log_warnx("intake uid=%u msgid=<%s> quarantined after %d "
		    "attempts", uid, m->message_id ? m->message_id : "",
		    tries - 1);
		jr = judge_quarantine(&env, m, uidvalidity, uid,
		    "failed repeatedly", &text);
		rc = jr == JUDGE_TEMPFAIL ? INTAKE_RETRY : INTAKE_DONE;
		goto out;
	}
	db_fault_clear(env.db);
	jr = judge_handle_message(&env, m, uidvalidity, uid, why, sizeof(why));
	switch (jr) {
	case JUDGE_HANDLED:
		log_info("mail uid=%u msgid=<%s> handled", uid,
		    m->message_id ? m->message_id : "");
		rc = INTAKE_DONE;
		break;
	case JUDGE_IGNORED:
		log_info("mail uid=%u robot=%d not answered", uid, m->robot);
		rc = INTAKE_DONE;
		break;
	case JUDGE_DUPLICATE:
		log_info("mail uid=%u msgid=<%s> duplicate", uid,
		    m->message_id ? m->message_id : "");
		db_failure_clear(env.db, key);
		rc = INTAKE_DONE;
		break;
	default:
		log_warnx("mail uid=%u failed: %s", uid, why);
		/* A full disk or an I/O error is the judge's fault, not the
		 * mail's: the attempt does not count toward quarantine. */
		if (db_fault_transient(env.db) &&
		    db_failure_unbump(env.db, key) != DB_OK)
			log_warnx("mail uid=%u: attempt not taken back", uid);
		rc = INTAKE_RETRY;
		break;
	}
out:
	message_free(m);
	free(key);
	return rc;
}
