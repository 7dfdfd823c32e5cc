/*
 * tz.c - wall-clock time in a named zone, for deadlines (tz.h).
 *
 * glibc converts between instants and wall-clock time only in the zone the
 * TZ variable names. Each call here sets TZ for its own conversion and puts
 * the old value back before it returns; pbemd runs one thread, and this file
 * is the only place that touches TZ, so nobody else ever sees the change.
 * No other state; zone files are read by the C library.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adjudicator/render/tz.h"
#include "common/util.h"

struct tz_saved {
	char	*old;		/* owned copy of TZ, or NULL: it was unset */
};

static void
tz_enter(const char *zone, struct tz_saved *sv)
{
	const char	*o = getenv("TZ");
	char		 spec[TZ_NAME_MAX + 2];

	sv->old = o ? xstrdup(o) : NULL;
	/* ":" makes glibc read the zone file and never parse a POSIX rule.
	 * Every zone stored passed tz_valid(): shorter than TZ_NAME_MAX. */
	spec[0] = ':';
	strlcpy_(spec + 1, zone && *zone ? zone : "UTC", sizeof(spec) - 1);
	setenv("TZ", spec, 1);
	tzset();
}

static void
tz_leave(struct tz_saved *sv)
{
	if (sv->old) {
		setenv("TZ", sv->old, 1);
		free(sv->old);
	} else
		unsetenv("TZ");
	tzset();
}

bool
tz_valid(const char *zone)
{
	const char	*dir = getenv("TZDIR");
	char		 path[512];
	size_t		 i, len = strlen(zone);

	if (strcmp(zone, "UTC") == 0)
		return true;
	if (len == 0 || len >= TZ_NAME_MAX || zone[0] == '/' ||
	    strstr(zone, "..") != NULL)
		return false;
	for (i = 0; i < len; i++) {
		char c = zone[i];

		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		    (c >= '0' && c <= '9') || c == '/' || c == '_' ||
		    c == '-' || c == '+'))
			return false;
	}
	if (dir == NULL || *dir == '\0')
		dir = "/usr/share/zoneinfo";
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, zone) >=
	    sizeof(path))
		return false;
	return access(path, R_OK) == 0;
}

void
tz_local(time_t t, const char *zone, struct tm *out, char *abbr,
    size_t abbrlen)
{
	struct tz_saved	 sv;

	tz_enter(zone, &sv);
	localtime_r(&t, out);
	/* tm_zone points into the library's storage for this zone only. */
	if (abbr)
		strlcpy_(abbr, out->tm_zone ? out->tm_zone : "", abbrlen);
	out->tm_zone = NULL;
	tz_leave(&sv);
}

time_t
tz_mktime(struct tm *tm, const char *zone)
{
	struct tz_saved	 sv;
	time_t		 t;

	tz_enter(zone, &sv);
	tm->tm_isdst = -1;
	t = mktime(tm);
	tm->tm_zone = NULL;
	tz_leave(&sv);
	return t;
}
