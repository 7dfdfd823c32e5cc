/*
 * notice.c - the texts of the phase clock: messages whose time arguments
 * are instants, rendered per reader in his language and the game's zone.
 *
 * A clock message is a struct game_msg whose time arguments are kept as
 * instants (judge_note_time) and turned into text per reader, so a German
 * player reads "Sa 2026-11-28 20:00 CET" where an English one reads "Sat".
 * Nothing here depends on a game's hidden state: only the clock, the seats
 * and their names are told. Pure but for judge_note_say, which writes into
 * the reply.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/deadline.h"
#include "adjudicator/judge/notice.h"

#define JUDGE_NOTE_TIME	'\001'	/* marks an argument that is an instant */

void
judge_note_time(struct game_msg *m, int arg, time_t t)
{
	snprintf(m->args[arg], sizeof(m->args[arg]), "%c%lld",
	    JUDGE_NOTE_TIME, (long long)t);
	if (m->nargs <= arg)
		m->nargs = arg + 1;
}

void
judge_note_seat(struct game_msg *m, int arg, const struct judge_seat *w,
    int seat)
{
	snprintf(m->args[arg], sizeof(m->args[arg]), "@%s",
	    w->ops->seat_key(seat));
	if (m->nargs <= arg)
		m->nargs = arg + 1;
}

/* "Sat 2026-11-28 20:00 CET" in the reader's language. */
static void
judge_note_when(const struct catalog *cat, const char *tz, time_t t,
    char *out, size_t outlen)
{
	char		 when[48], key[24];
	const char	*day;
	int		 wday;

	deadline_format(t, tz, when, sizeof(when), &wday);
	snprintf(key, sizeof(key), "clock.wday.%d", wday);
	day = catalog_get(cat, key);
	snprintf(out, outlen, "%s %s", day ? day : "", when);
}

void
judge_note_render(const struct catalog *cat, const char *tz,
    const struct game_msg *m, struct buf *out)
{
	struct game_msg	 r = *m;
	int		 i;

	for (i = 0; i < r.nargs; i++)
		if (r.args[i][0] == JUDGE_NOTE_TIME)
			judge_note_when(cat, tz, (time_t)strtoll(m->args[i] + 1,
			    NULL, 10), r.args[i], sizeof(r.args[i]));
	catalog_render(cat, &r, out);
}

void
judge_note_say(struct judge_session *s, const char *tz,
    const struct game_msg *m, bool error)
{
	struct buf	 line;

	/* judge_msg's frame, with the instants shown in zone tz. */
	buf_init(&line);
	judge_note_render(s->cat, tz, m, &line);
	judge_text(s, line.data, error);
	buf_free(&line);
}

