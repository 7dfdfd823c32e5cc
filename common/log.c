/*
 * log.c - the log module of log.h: timestamped lines on standard error.
 *
 * The level and program name are process settings written once by
 * log_init() before the daemon starts; they are the only file-scope state
 * outside daemon.c, kept here because every layer logs.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "log.h"

static enum log_level	 log_max = LOG_LEVEL_INFO;
static const char	*log_name = "pbemd";

void
log_init(enum log_level level, const char *progname)
{
	log_max = level;
	if (progname)
		log_name = progname;
}

int
log_level_parse(const char *s, enum log_level *out)
{
	static const char *names[] = { "error", "warn", "info", "debug" };
	size_t	 i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcasecmp(s, names[i]) == 0) {
			*out = (enum log_level)i;
			return 0;
		}
	return -1;
}

static void
log_vline(enum log_level level, const char *err, const char *fmt, va_list ap)
{
	static const char *tags[] = { "error", "warn", "info", "debug" };
	char		 stamp[32];
	struct timespec	 ts;
	struct tm	 tm;

	if (level > log_max)
		return;
	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%S", &tm);
	fprintf(stderr, "%s.%03ldZ %s %s: ", stamp, ts.tv_nsec / 1000000L,
	    log_name, tags[level]);
	vfprintf(stderr, fmt, ap);
	if (err)
		fprintf(stderr, ": %s", err);
	fputc('\n', stderr);
}

#define LOG_BODY(level, err) do {			\
	va_list ap;					\
	va_start(ap, fmt);				\
	log_vline((level), (err), fmt, ap);		\
	va_end(ap);					\
} while (0)

void
log_warn(const char *fmt, ...)
{
	const char *err = strerror(errno);

	LOG_BODY(LOG_LEVEL_WARN, err);
}

void
log_warnx(const char *fmt, ...)
{
	LOG_BODY(LOG_LEVEL_WARN, NULL);
}

void
log_info(const char *fmt, ...)
{
	LOG_BODY(LOG_LEVEL_INFO, NULL);
}

void
log_debug(const char *fmt, ...)
{
	LOG_BODY(LOG_LEVEL_DEBUG, NULL);
}

void
log_fatal(const char *fmt, ...)
{
	const char *err = strerror(errno);

	LOG_BODY(LOG_LEVEL_ERROR, err);
	exit(70);	/* EX_SOFTWARE */
}

void
log_fatalx(const char *fmt, ...)
{
	LOG_BODY(LOG_LEVEL_ERROR, NULL);
	exit(70);	/* EX_SOFTWARE */
}
