/*
 * deadline.c - the phase clock as pure functions of the times
 * they are given: no clock is read here, no store, no mail.
 *
 * The clock follows njudge's model (rules/judge-conventions.md 1.4): each
 * phase kind has its own duration; a deadline may be bound to a time of day
 * and to a weekday mask ("-MTWTF-": upper case allowed, lower case only from
 * noon, '-' never); it is never earlier than the previous phase's deadline
 * and never inside a player's announced absence. What njudge decides on its
 * own, pbemd only proposes: the GM approves (judge/cmd_deadline.c).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/deadline.h"
#include "common/util.h"

#define DEADLINE_GUARD	400	/* steps of the proposal; a week has 7 days */
#define DEADLINE_NOON	(12 * 60)

static const char deadline_day_letters[] = "SMTWTFS";

void
deadline_conf_init(struct deadline_conf *c, const char *tz)
{
	memset(c, 0, sizeof(*c));
	c->secs[0] = 72 * 3600;		/* movement */
	c->secs[1] = 24 * 3600;		/* retreats, zombie placement */
	c->secs[2] = 24 * 3600;		/* adjustments */
	c->grace = 24 * 3600;
	c->remind = 24 * 3600;
	c->at = -1;
	strlcpy_(c->days, deadline_day_letters, sizeof(c->days));
	strlcpy_(c->tz, tz && *tz ? tz : "UTC", sizeof(c->tz));
}

int
deadline_duration(const char *text, int *secs)
{
	const char	*p = text;
	long long	 total = 0, n;
	char		*end;

	if (*p == '\0')
		return -1;
	while (*p) {
		if (!isdigit((unsigned char)*p))
			return -1;
		n = strtoll(p, &end, 10);
		if (n > DEADLINE_MAX_SECS)
			return -1;
		switch (tolower((unsigned char)*end)) {
		case 'd':
			n *= 86400;
			break;
		case 'h':
			n *= 3600;
			break;
		case 'm':
			n *= 60;
			break;
		case 's':
			break;
		default:
			return -1;
		}
		total += n;
		if (total > DEADLINE_MAX_SECS)
			return -1;
		p = end + 1;
	}
	if (total <= 0)
		return -1;
	*secs = (int)total;
	return 0;
}

void
deadline_duration_format(int secs, char *out, size_t outlen)
{
	static const struct { int s; char u; } units[] = {
		{ 86400, 'd' }, { 3600, 'h' }, { 60, 'm' }, { 1, 's' }
	};
	struct buf	 b;
	size_t		 i;

	buf_init(&b);
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (secs >= units[i].s) {
			buf_printf(&b, "%d%c", secs / units[i].s, units[i].u);
			secs %= units[i].s;
		}
	strlcpy_(out, b.len ? b.data : "0s", outlen);
	buf_free(&b);
}

static int
deadline_clock_time(const char *text, int *minute)
{
	int	 h, m, n = 0;

	if (sscanf(text, "%2d:%2d%n", &h, &m, &n) != 2 || text[n] != '\0' ||
	    h < 0 || h > 23 || m < 0 || m > 59)
		return -1;
	*minute = h * 60 + m;
	return 0;
}

static int
deadline_days(const char *text, char out[8])
{
	int	 i, allowed = 0;

	if (strlen(text) != 7)
		return -1;
	for (i = 0; i < 7; i++) {
		if (text[i] == '-')
			continue;
		if (toupper((unsigned char)text[i]) != deadline_day_letters[i])
			return -1;
		allowed++;
	}
	if (allowed == 0)
		return -1;
	memcpy(out, text, 7);
	out[7] = '\0';
	return 0;
}

int
deadline_option(const char *word, struct deadline_conf *c, char *why,
    size_t whylen)
{
	static const char *const kinds[DEADLINE_KINDS] = {
		"move=", "retreat=", "adjust="
	};
	const char	*v;
	int		 i;

	for (i = 0; i < DEADLINE_KINDS; i++)
		if (strncasecmp(word, kinds[i], strlen(kinds[i])) == 0) {
			v = word + strlen(kinds[i]);
			if (deadline_duration(v, &c->secs[i]) != 0)
				goto bad_duration;
			goto clock;
		}
	if (strncasecmp(word, "grace=", 6) == 0) {
		v = word + 6;
		if (strcmp(v, "0") == 0)
			c->grace = 0;
		else if (deadline_duration(v, &c->grace) != 0)
			goto bad_duration;
	} else if (strncasecmp(word, "days=", 5) == 0) {
		if (deadline_days(word + 5, c->days) != 0) {
			snprintf(why, whylen, "days=%s", word + 5);
			return -1;
		}
	} else if (strncasecmp(word, "at=", 3) == 0) {
		if (deadline_clock_time(word + 3, &c->at) != 0) {
			snprintf(why, whylen, "at=%s", word + 3);
			return -1;
		}
	} else if (strncasecmp(word, "tz=", 3) == 0) {
		if (!tz_valid(word + 3)) {
			snprintf(why, whylen, "tz=%s", word + 3);
			return -1;
		}
		strlcpy_(c->tz, word + 3, sizeof(c->tz));
	} else if (strncasecmp(word, "remind=", 7) == 0) {
		v = word + 7;
		if (strcmp(v, "0") == 0)
			c->remind = 0;
		else if (deadline_duration(v, &c->remind) != 0)
			goto bad_duration;
	} else if (strcasecmp(word, "approve=gm") == 0)
		c->approve_auto = false;
	else if (strcasecmp(word, "approve=auto") == 0)
		c->approve_auto = true;
	else if (strncasecmp(word, "approve=", 8) == 0) {
		snprintf(why, whylen, "%s", word);
		return -1;
	} else if (strcasecmp(word, "cd") == 0)
		c->cd = true;
	else if (strcasecmp(word, "clock") != 0)
		return 0;
clock:
	c->on = true;
	return 1;
bad_duration:
	snprintf(why, whylen, "%s", word);
	return -1;
}

int
deadline_conf_check(const struct deadline_conf *c, char *why, size_t whylen)
{
	int	 i;

	/* A clock time before noon never fits a lower-case (pm) day. */
	if (c->at >= 0 && c->at < DEADLINE_NOON) {
		for (i = 0; i < 7; i++)
			if (isupper((unsigned char)c->days[i]))
				return 0;
		snprintf(why, whylen, "days=%s", c->days);
		return -1;
	}
	return 0;
}

/* The same wall-clock time days later (days may be 0: normalise). */
static time_t
deadline_wall(const struct tm *base, int days, int minute, const char *zone)
{
	struct tm	 tm = *base;

	tm.tm_mday += days;
	if (minute >= 0) {
		tm.tm_hour = minute / 60;
		tm.tm_min = minute % 60;
		tm.tm_sec = 0;
	}
	return tz_mktime(&tm, zone);
}

/* The first instant at or after t at the clock time c->at. */
static time_t
deadline_fit_clock(const struct deadline_conf *c, time_t t)
{
	struct tm	 tm;
	time_t		 u;

	if (c->at < 0)
		return t;
	tz_local(t, c->tz, &tm, NULL, 0);
	if (tm.tm_hour * 60 + tm.tm_min == c->at && tm.tm_sec == 0)
		return t;
	u = deadline_wall(&tm, 0, c->at, c->tz);
	if (u < t)
		u = deadline_wall(&tm, 1, c->at, c->tz);
	return u;
}

/* t, or a later time on a day the mask allows. */
static time_t
deadline_fit_day(const struct deadline_conf *c, time_t t)
{
	struct tm	 tm;
	char		 d;

	tz_local(t, c->tz, &tm, NULL, 0);
	d = c->days[tm.tm_wday];
	if (d == '-')
		return deadline_wall(&tm, 1, -1, c->tz);
	if (islower((unsigned char)d) && tm.tm_hour * 60 + tm.tm_min <
	    DEADLINE_NOON) {
		if (c->at >= 0)
			return deadline_wall(&tm, 1, -1, c->tz);
		return deadline_wall(&tm, 0, DEADLINE_NOON, c->tz);
	}
	return t;
}

time_t
deadline_propose(const struct deadline_conf *c, int kind, time_t start,
    time_t not_before, const struct deadline_span *away, int naway)
{
	time_t	 t, prev;
	int	 i, guard;

	if (kind < 0 || kind >= DEADLINE_KINDS)
		kind = 0;
	t = start + c->secs[kind];
	if (t < not_before)
		t = not_before;
	for (guard = 0; guard < DEADLINE_GUARD; guard++) {
		prev = t;
		t = deadline_fit_clock(c, t);
		t = deadline_fit_day(c, t);
		for (i = 0; i < naway; i++)
			if (t >= away[i].from && t <= away[i].to)
				t = away[i].to + 1;
		if (t == prev)
			break;
	}
	return t;
}

time_t
deadline_remind_at(time_t start, time_t due, int lead)
{
	time_t	 half;

	if (lead <= 0 || due <= 0)
		return 0;
	half = start + (due > start ? (due - start) / 2 : 0);
	return due - lead > half ? due - lead : half;
}

time_t
deadline_grace_end(const struct deadline_conf *c, time_t deadline)
{
	return deadline + c->grace;
}

time_t
deadline_shift(time_t t, time_t alive, time_t now)
{
	if (t > alive && t <= now && now > alive)
		return t + (now - alive);
	return t;
}

static int
deadline_date(const char *text, struct tm *tm)
{
	int	 y, mo, d, n = 0;

	if (sscanf(text, "%4d-%2d-%2d%n", &y, &mo, &d, &n) != 3 ||
	    text[n] != '\0' || y < 1970 || y > 9999 || mo < 1 || mo > 12 ||
	    d < 1 || d > 31)
		return -1;
	memset(tm, 0, sizeof(*tm));
	tm->tm_year = y - 1900;
	tm->tm_mon = mo - 1;
	tm->tm_mday = d;
	return 0;
}

/* Whether tm still names the date it was given (no 31 February). */
static bool
deadline_same_date(const struct tm *a, time_t t, const char *zone)
{
	struct tm	 b;

	tz_local(t, zone, &b, NULL, 0);
	return a->tm_year == b.tm_year && a->tm_mon == b.tm_mon &&
	    a->tm_mday == b.tm_mday;
}

int
deadline_parse_when(const char *w1, const char *w2, const char *zone,
    time_t now, time_t *out)
{
	struct tm	 tm, want;
	int		 secs, minute;

	if (w1[0] == '+') {
		if (w2 != NULL || deadline_duration(w1 + 1, &secs) != 0)
			return -1;
		*out = now + secs;
		return 0;
	}
	if (w2 == NULL || deadline_date(w1, &tm) != 0 ||
	    deadline_clock_time(w2, &minute) != 0)
		return -1;
	tm.tm_hour = minute / 60;
	tm.tm_min = minute % 60;
	want = tm;
	*out = tz_mktime(&tm, zone);
	return deadline_same_date(&want, *out, zone) ? 0 : -1;
}

int
deadline_parse_day(const char *text, const char *zone,
    struct deadline_span *out)
{
	struct tm	 tm, want, next;

	if (deadline_date(text, &tm) != 0)
		return -1;
	want = next = tm;
	out->from = tz_mktime(&tm, zone);
	if (!deadline_same_date(&want, out->from, zone))
		return -1;
	next.tm_mday++;
	out->to = tz_mktime(&next, zone) - 1;
	return 0;
}

void
deadline_format(time_t t, const char *zone, char *out, size_t outlen,
    int *wday)
{
	struct tm	 tm;
	char		 abbr[TZ_ABBR_MAX];

	tz_local(t, zone, &tm, abbr, sizeof(abbr));
	snprintf(out, outlen, "%04d-%02d-%02d %02d:%02d %s", tm.tm_year + 1900,
	    tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, abbr);
	if (wday)
		*wday = tm.tm_wday;
}
