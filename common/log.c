/*
 * log.c - the log module of log.h: timestamped lines on standard error, or
 * syslog(3) with a priority per level.
 *
 * The level, program name and target are process settings written by
 * log_init() and log_target_set() at start-up and by the daemon's loop on
 * a reload; they are the only file-scope state outside daemon.c, kept here
 * because every layer logs.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <syslog.h>
#include <time.h>

#include "log.h"

/* The longest syslog line; the rest is cut (syslog daemons cut at 1-8 KiB). */
#define LOG_SYSLOG_MAX	4096

static enum log_level	 log_max = LOG_LEVEL_INFO;
static const char	*log_name = "pbemd";
static enum log_target	 log_to = LOG_TARGET_STDERR;

void
log_init(enum log_level level, const char *progname)
{
	log_max = level;
	if (progname)
		log_name = progname;
}

static int
log_name_parse(const char *s, const char *const *names, size_t n, int *out)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (strcasecmp(s, names[i]) == 0) {
			*out = (int)i;
			return 0;
		}
	return -1;
}

int
log_level_parse(const char *s, enum log_level *out)
{
	static const char *const names[] = { "error", "warn", "info", "debug" };
	int	 i;

	if (log_name_parse(s, names, 4, &i) != 0)
		return -1;
	*out = (enum log_level)i;
	return 0;
}

int
log_target_parse(const char *s, enum log_target *out)
{
	static const char *const names[] = { "stderr", "syslog" };
	int	 i;

	if (log_name_parse(s, names, 2, &i) != 0)
		return -1;
	*out = (enum log_target)i;
	return 0;
}

/* openlog() keeps log_name, which is a string constant or main()'s. */
void
log_target_set(enum log_target t)
{
	if (t == log_to)
		return;
	if (t == LOG_TARGET_SYSLOG)
		openlog(log_name, LOG_PID, LOG_DAEMON);
	else
		closelog();
	log_to = t;
}

int
log_priority(enum log_level level)
{
	static const int prio[] = { LOG_ERR, LOG_WARNING, LOG_INFO, LOG_DEBUG };

	if ((unsigned)level >= sizeof(prio) / sizeof(prio[0]))
		return LOG_ERR;
	return prio[level];
}

static void
log_vsyslog(enum log_level level, const char *err, const char *fmt,
    va_list ap)
{
	char	 line[LOG_SYSLOG_MAX];
	int	 n;

	n = vsnprintf(line, sizeof(line), fmt, ap);
	if (err && n >= 0 && (size_t)n < sizeof(line))
		snprintf(line + n, sizeof(line) - (size_t)n, ": %s", err);
	syslog(log_priority(level), "%s", line);
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
	if (log_to == LOG_TARGET_SYSLOG) {
		log_vsyslog(level, err, fmt, ap);
		return;
	}
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
log_error(const char *fmt, ...)
{
	LOG_BODY(LOG_LEVEL_ERROR, NULL);
}

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
