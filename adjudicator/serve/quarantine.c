/*
 * quarantine.c - `pbemd quarantine` (quarantine.h): lists the mails set
 * aside after failing too often, shows one with its text, and at the
 * operator's word hands one to the judge again, the quarantine lifted.
 *
 * It writes to the operator only and never mails anyone itself: a released
 * mail's replies are those of its handling, queued in the outbox for serve
 * or tick to send (sending here could race serve's own round over the same
 * rows), and a retry that fails tells the sender nothing more. Safe while
 * serve runs: SQLite in WAL mode, each write in one short transaction.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "adjudicator/serve/intake.h"
#include "adjudicator/serve/quarantine.h"
#include "adjudicator/serve/runtime.h"
#include "common/log.h"
#include "mail/mime.h"

#define EX_OK		0
#define EX_DATAERR	65
#define EX_NOINPUT	66
#define EX_TEMPFAIL	75
#define EX_CONFIG	78

/* A time as "2024-05-01 12:00:03", UTC; out holds 20 bytes. */
static void
quarantine_time(time_t t, char out[20])
{
	struct tm	 tm;

	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(out, 20, "%Y-%m-%d %H:%M:%S", &tm) == 0)
		snprintf(out, 20, "%lld", (long long)t);
}

/*
 * A text from the mail, on one line: its control characters (a hostile
 * header could hold escape sequences for the operator's terminal) become
 * '?', and NULL or "" is "-".
 */
static void
quarantine_put(FILE *out, const char *s)
{
	if (s == NULL || *s == '\0') {
		fputc('-', out);
		return;
	}
	for (; *s != '\0'; s++)
		fputc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, out);
}

/* The walk of list: where it writes and how many rows it wrote. */
struct quarantine_walk {
	FILE	*out;
	int	 n;
};

/* One held mail on one line, after the header when it is the first. */
static int
quarantine_row(void *arg, const struct db_quarantine *q)
{
	struct quarantine_walk	*w = arg;
	char			 when[20];

	if (w->n++ == 0)
		fprintf(w->out, "ID\tRECEIVED (UTC)\tSENDER\tMESSAGE-ID\t"
		    "REASON\n");
	quarantine_time(q->received, when);
	fprintf(w->out, "%lld\t%s\t", (long long)q->id, when);
	quarantine_put(w->out, q->sender);
	fputc('\t', w->out);
	if (q->message_id != NULL) {
		fputc('<', w->out);
		quarantine_put(w->out, q->message_id);
		fputc('>', w->out);
	} else
		fputc('-', w->out);
	fputc('\t', w->out);
	quarantine_put(w->out, q->reason);
	if (q->retries > 0)
		fprintf(w->out, " (retried %d time%s, in vain)", q->retries,
		    q->retries == 1 ? "" : "s");
	fputc('\n', w->out);
	return 0;
}

int
quarantine_list(struct db *db, FILE *out, FILE *err)
{
	struct quarantine_walk	 w = { out, 0 };

	if (db_quarantine_held(db, quarantine_row, &w) != DB_OK) {
		fprintf(err, "pbemd: quarantine: the store cannot be read\n");
		return EX_TEMPFAIL;
	}
	if (w.n == 0)
		fprintf(out, "No mail is held in quarantine.\n");
	return EX_OK;
}

/*
 * The quarantined mail id, held or released, into q (clear it after); an
 * unknown id or a store that cannot be read is said on err.
 */
static int
quarantine_get(struct db *db, int64_t id, struct db_quarantine *q, FILE *err)
{
	switch (db_quarantine_get(db, id, q)) {
	case DB_OK:
		return EX_OK;
	case DB_NONE:
		fprintf(err, "pbemd: quarantine: no mail %lld in quarantine\n",
		    (long long)id);
		return EX_NOINPUT;
	default:
		fprintf(err, "pbemd: quarantine: the store cannot be read\n");
		return EX_TEMPFAIL;
	}
}

/*
 * The mail's bytes: as they are into a file or a pipe (the mail itself,
 * to be kept or handed on); to a terminal with the control characters
 * but tab and line ends shown as \xNN, so a hostile mail cannot drive it.
 */
static void
quarantine_raw(FILE *out, const char *raw, size_t len)
{
	size_t		 i;
	unsigned char	 c;

	if (!isatty(fileno(out))) {
		fwrite(raw, 1, len, out);
		return;
	}
	for (i = 0; i < len; i++) {
		c = (unsigned char)raw[i];
		if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') ||
		    c == 0x7f)
			fprintf(out, "\\x%02x", c);
		else
			fputc(c, out);
	}
}

/* Where the mail came from, when, and what became of it so far. */
static void
quarantine_facts(FILE *out, const struct db_quarantine *q)
{
	char	 when[20];

	quarantine_time(q->received, when);
	fprintf(out, "Quarantine:  %lld\nReceived:    %s UTC (",
	    (long long)q->id, when);
	if (q->uid != 0)
		fprintf(out, "IMAP, UIDVALIDITY %u UID %u)\n", q->uidvalidity,
		    q->uid);
	else
		fprintf(out, "pbemd deliver)\n");
	fprintf(out, "Sender:      ");
	quarantine_put(out, q->sender);
	fprintf(out, "\nMessage-ID:  ");
	if (q->message_id != NULL)
		fputc('<', out);
	quarantine_put(out, q->message_id);
	fprintf(out, "%s\nReason:      ", q->message_id != NULL ? ">" : "");
	quarantine_put(out, q->reason);
	if (q->retries > 0) {
		quarantine_time(q->last_retry, when);
		fprintf(out, "\nRetries:     %d in vain, the last at %s UTC: ",
		    q->retries, when);
		quarantine_put(out, q->last_error);
	}
	if (q->released != 0) {
		quarantine_time(q->released, when);
		fprintf(out, "\nReleased:    %s UTC", when);
	}
	fprintf(out, "\nSize:        %zu bytes", q->size);
	if (q->len < q->size)
		fprintf(out, ", of which only the first %zu were kept", q->len);
	fputc('\n', out);
}

int
quarantine_show(struct db *db, int64_t id, FILE *out, FILE *err)
{
	struct db_quarantine	 q;
	int			 rc;

	if ((rc = quarantine_get(db, id, &q, err)) != EX_OK)
		return rc;
	quarantine_facts(out, &q);
	fprintf(out, "\n");
	quarantine_raw(out, q.raw, q.len);
	if (q.len > 0 && q.raw[q.len - 1] != '\n')
		fputc('\n', out);
	db_quarantine_clear(&q);
	return EX_OK;
}

/*
 * A retry that failed for the mail's sake: counted with its reason on the
 * quarantine, in a transaction of its own (the judge's was rolled back).
 */
static void
quarantine_failed(struct db *db, int64_t id, const char *why, time_t now)
{
	if (db_begin(db) != DB_OK)
		return;
	if (db_quarantine_failed(db, id, why, now) != DB_OK ||
	    db_commit(db) != DB_OK) {
		db_rollback(db);
		log_warnx("quarantine id=%lld: the failed retry is not "
		    "counted", (long long)id);
	}
}

/* What the judge made of the released mail, said to the operator. */
static int
quarantine_outcome(const struct judge_env *env, int64_t id,
    enum judge_result jr, const char *why, FILE *out, FILE *err)
{
	switch (jr) {
	case JUDGE_HANDLED:
		fprintf(out, "Quarantine %lld: handled; its replies wait in "
		    "the outbox for serve or the next tick.\n", (long long)id);
		return EX_OK;
	case JUDGE_IGNORED:
		fprintf(out, "Quarantine %lld: a machine's mail (auto-reply, "
		    "bounce or loop): recorded, not answered.\n",
		    (long long)id);
		return EX_OK;
	case JUDGE_DUPLICATE:
		fprintf(err, "pbemd: quarantine: mail %lld was released "
		    "meanwhile; nothing done\n", (long long)id);
		return EX_NOINPUT;
	default:
		break;
	}
	if (db_fault_transient(env->db)) {
		fprintf(err, "pbemd: quarantine: the store failed (%s); mail "
		    "%lld is held as it was: try again later\n", why,
		    (long long)id);
		return EX_TEMPFAIL;
	}
	quarantine_failed(env->db, id, why, env->now);
	fprintf(out, "Quarantine %lld: failed again (%s); the mail stays held, "
	    "its sender told nothing more.\n", (long long)id, why);
	return EX_DATAERR;
}

int
quarantine_retry(const struct judge_env *env0, int64_t id, FILE *out,
    FILE *err)
{
	struct judge_env	 env = *env0;
	struct db_quarantine	 q;
	struct message		*m = NULL;
	enum judge_result	 jr;
	char			 why[256], *key = NULL;
	int			 rc;

	if ((rc = quarantine_get(env.db, id, &q, err)) != EX_OK)
		return rc;
	if (q.released != 0) {
		fprintf(err, "pbemd: quarantine: mail %lld was released "
		    "already; nothing done\n", (long long)id);
		rc = EX_NOINPUT;
		goto out;
	}
	if (q.len < q.size)
		fprintf(out, "Quarantine %lld: only the first %zu of its %zu "
		    "bytes were kept; handling those.\n", (long long)id, q.len,
		    q.size);
	if (mime_parse(q.raw, q.len, &m, why, sizeof(why)) != 0) {
		quarantine_failed(env.db, id, why, env.now);
		fprintf(out, "Quarantine %lld: still unreadable (%s); the mail "
		    "stays held.\n", (long long)id, why);
		rc = EX_DATAERR;
		goto out;
	}
	/* The judge clears the mail's failure count with the mail. */
	key = intake_key(q.uidvalidity, q.uid, m->message_id);
	env.failure_key = key;
	db_fault_clear(env.db);
	jr = judge_release(&env, m, id, why, sizeof(why));
	log_info("quarantine id=%lld msgid=<%s> retried by the operator: %s",
	    (long long)id, m->message_id ? m->message_id : "",
	    jr == JUDGE_HANDLED ? "handled" : jr == JUDGE_IGNORED ?
	    "not answered" : jr == JUDGE_DUPLICATE ? "not held" : why);
	rc = quarantine_outcome(&env, id, jr, why, out, err);
out:
	message_free(m);
	free(key);
	db_quarantine_clear(&q);
	return rc;
}

int
quarantine_main(const char *config_path, enum quarantine_verb verb,
    int64_t id)
{
	struct runtime		 rt;
	struct judge_env	 env;
	char			 why[512];
	int			 rc;

	if ((rc = runtime_open(config_path, &rt, why, sizeof(why))) != 0) {
		fprintf(stderr, "pbemd: %s\n", why);
		return rc == RUNTIME_STORE ? EX_TEMPFAIL : EX_CONFIG;
	}
	switch (verb) {
	case QUARANTINE_LIST:
		rc = quarantine_list(rt.db, stdout, stderr);
		break;
	case QUARANTINE_SHOW:
		rc = quarantine_show(rt.db, id, stdout, stderr);
		break;
	default:
		runtime_env(&rt, time(NULL), &env);
		rc = quarantine_retry(&env, id, stdout, stderr);
		break;
	}
	runtime_close(&rt);
	return rc;
}
