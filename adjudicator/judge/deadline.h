/*
 * deadline.h - what is due when: pure functions of the clock value they are
 * given, so they are tested without a clock (STYLE.md 9).
 *
 * The phase clock of games created with clock options
 * (rules/judge-conventions.md 1.4): durations per phase kind, the judge's
 * proposal for the next deadline from clock time, weekday rules and
 * players' absences, the grace period, and the shift of deadlines that
 * passed while the judge was down.
 */
#ifndef PBEMD_DEADLINE_H
#define PBEMD_DEADLINE_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "adjudicator/render/tz.h"

#define DEADLINE_KINDS		3		/* enum game_phase_kind */
#define DEADLINE_MAX_SECS	(60 * 86400)	/* longest duration or grace */
#define DEADLINE_MAX_AHEAD	(120 * 86400)	/* farthest date accepted */
#define DEADLINE_MAX_AWAY	(15 * 86400)	/* njudge's MAX ABSENCE */

/* A game's clock settings, from its CREATE options. */
struct deadline_conf {
	bool	 on;			/* some clock word was given */
	int	 secs[DEADLINE_KINDS];	/* movement, retreat, adjustment */
	int	 grace;			/* seconds after the deadline */
	int	 at;			/* minute of the day, -1: any */
	char	 days[8];		/* "SMTWTFS": '-' never, lower: pm */
	char	 tz[TZ_NAME_MAX];
	bool	 cd;			/* late powers go into civil disorder */
	bool	 approve_auto;		/* approve=auto: the proposal holds */
	int	 remind;		/* remind= seconds before, 0: never */
};

/* A player's absence: [from, to], both inclusive. */
struct deadline_span {
	time_t	 from, to;
};

/* The defaults of a clock; tz is the judge's zone. */
void	deadline_conf_init(struct deadline_conf *, const char *tz);
/*
 * One word of CREATE: 1 if it is a clock word (then applied to c), 0 if it
 * is not (it belongs to the game), -1 with why if it is one with a bad
 * value. Words: move= retreat= adjust= grace= (durations), days=, at=HH:MM,
 * tz=ZONE, cd, approve=gm|auto, remind= (a duration, or 0: never), clock
 * (the defaults).
 */
int	deadline_option(const char *word, struct deadline_conf *c, char *why,
	    size_t whylen);
/* After every word: 0, or -1 with why if the settings cannot all hold. */
int	deadline_conf_check(const struct deadline_conf *, char *why,
	    size_t whylen);

/* "48h", "2d", "1d12h", "90m", "30s": 0 and *secs, or -1. */
int	deadline_duration(const char *text, int *secs);
/* The same, written back compactly ("1d12h"). */
void	deadline_duration_format(int secs, char *out, size_t outlen);

/*
 * The judge's proposal for the deadline of a phase of kind that began at
 * start: start plus the kind's duration, never before not_before (the
 * previous phase's deadline), moved to the clock time, off the days the
 * mask forbids, and past every absence.
 */
time_t	deadline_propose(const struct deadline_conf *, int kind, time_t start,
	    time_t not_before, const struct deadline_span *away, int naway);

/*
 * When a reminder of due goes out: lead seconds before it, but never in the
 * first half of the time from start to due (a short phase is not reminded
 * as it begins). 0 when lead is 0 (no reminder) or there is no due.
 */
time_t	deadline_remind_at(time_t start, time_t due, int lead);

/* When the grace period of deadline ends. */
time_t	deadline_grace_end(const struct deadline_conf *, time_t deadline);

/*
 * A time of the clock after the judge was silent from alive to now: a time
 * that passed in between moves on by the time lost, any other stays.
 */
time_t	deadline_shift(time_t t, time_t alive, time_t now);

/*
 * What the GM or a player writes for a time: "2026-11-28 20:00" (two words,
 * in the zone) or "+36h" (one word, from now). 0 and *out, or -1.
 */
int	deadline_parse_when(const char *w1, const char *w2, const char *zone,
	    time_t now, time_t *out);
/* A day "2026-12-24" in the zone: its first and last second. */
int	deadline_parse_day(const char *text, const char *zone,
	    struct deadline_span *out);

/* "2026-11-28 20:00 CET" and the weekday (0 Sunday) of t in zone. */
void	deadline_format(time_t t, const char *zone, char *out, size_t outlen,
	    int *wday);

#endif
