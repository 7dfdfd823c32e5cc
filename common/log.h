/*
 * log.h - one line per event, keys first, to stderr or syslog (STYLE.md 8).
 *
 * log_warn() appends strerror(errno), log_warnx() and the others do not.
 * Pure code (games, parsers) never logs: it returns diagnostics instead.
 *
 * A reason a function hands back in its caller's "char *why, size_t
 * whylen" (db_open(), config_load(), the mail layer's connections) is
 * text for this log and the operator: it is cut at whylen (the callers
 * give 256 or 512 bytes), and nothing ever acts on its content.
 */
#ifndef PBEMD_LOG_H
#define PBEMD_LOG_H

enum log_level { LOG_LEVEL_ERROR, LOG_LEVEL_WARN, LOG_LEVEL_INFO, LOG_LEVEL_DEBUG };

/*
 * Where lines go. Standard error: "2026-11-25T08:57:30.123Z pbemd info:
 * TEXT", the time in UTC. Syslog: openlog(3) with the program name,
 * LOG_PID and LOG_DAEMON; TEXT alone at the level's priority (the syslog
 * daemon or journald adds the time and the name).
 */
enum log_target { LOG_TARGET_STDERR, LOG_TARGET_SYSLOG };

/*
 * The level, the program name and the target are process settings: set
 * at start-up before anything else runs, and again only by the daemon's
 * loop (one thread) when it reloads its configuration.
 */
void	log_init(enum log_level, const char *progname);
int	log_level_parse(const char *, enum log_level *);
int	log_target_parse(const char *, enum log_target *);
/* From now on lines go to t: syslog opens the connection, stderr closes it. */
void	log_target_set(enum log_target t);
/* The syslog(3) priority of a level: LOG_ERR, LOG_WARNING, LOG_INFO, LOG_DEBUG. */
int	log_priority(enum log_level);
void	log_error(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_warn(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_warnx(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_info(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_debug(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_fatal(const char *, ...) __attribute__((format(printf, 1, 2), noreturn));
void	log_fatalx(const char *, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif
