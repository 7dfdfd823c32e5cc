/*
 * notice.c - the texts of the phase clock: messages whose time arguments
 * are instants, rendered per reader in his language and the game's zone.
 *
 * A clock message is a struct game_msg whose time arguments are kept as
 * instants (judge_note_time) and turned into text per reader, so a German
 * player reads "Sa 28.11.2026 20:00 MEZ" where an English one reads "Sat
 * 2026-11-28 20:00 CET" (the catalog's clock.wday.*, clock.date and
 * clock.zone.*).
 * Nothing here depends on a game's hidden state: only the clock, the seats
 * and their names are told. Pure but for judge_note_say, which writes into
 * the reply.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/notice.h"
#include "adjudicator/render/tz.h"

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

/*
 * "Sat 2026-11-28 20:00 CET" as the reader writes it: his weekday, his
 * order of the date (clock.date: year, month, day) and his name of the
 * zone (clock.zone.CET; a zone his catalog does not name keeps the tz
 * database's abbreviation). out holds outlen bytes; a longer text is cut.
 */
static void
judge_note_when(const struct catalog *cat, const char *tz, time_t t,
    char *out, size_t outlen)
{
	struct tm	 tm;
	struct buf	 date;
	char		 abbr[TZ_ABBR_MAX], key[32], y[16], mo[16], d[16];
	const char	*day, *zone;

	tz_local(t, tz, &tm, abbr, sizeof(abbr));
	snprintf(key, sizeof(key), "clock.wday.%d", tm.tm_wday);
	day = catalog_get(cat, key);
	snprintf(key, sizeof(key), "clock.zone.%s", abbr);
	if ((zone = catalog_get(cat, key)) == NULL)
		zone = abbr;
	snprintf(y, sizeof(y), "%04d", tm.tm_year + 1900);
	snprintf(mo, sizeof(mo), "%02d", tm.tm_mon + 1);
	snprintf(d, sizeof(d), "%02d", tm.tm_mday);
	buf_init(&date);
	catalog_say(cat, &date, "clock.date", 3, y, mo, d);
	snprintf(out, outlen, "%s %s %02d:%02d %s", day ? day : "", date.data,
	    tm.tm_hour, tm.tm_min, zone);
	buf_free(&date);
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

