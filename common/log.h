/*
 * log.h - one line per event, keys first, to stderr (STYLE.md 8).
 *
 * log_warn() appends strerror(errno), log_warnx() does not. Pure code
 * (games, parsers) never logs: it returns diagnostics instead.
 *
 * A reason a function hands back in its caller's "char *why, size_t
 * whylen" (db_open(), config_load(), the mail layer's connections) is
 * text for this log and the operator: it is cut at whylen (the callers
 * give 256 or 512 bytes), and nothing ever acts on its content.
 */
#ifndef PBEMD_LOG_H
#define PBEMD_LOG_H

enum log_level { LOG_LEVEL_ERROR, LOG_LEVEL_WARN, LOG_LEVEL_INFO, LOG_LEVEL_DEBUG };

/* The level is set once at start-up, before anything else runs. */
void	log_init(enum log_level, const char *progname);
int	log_level_parse(const char *, enum log_level *);
void	log_warn(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_warnx(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_info(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_debug(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_fatal(const char *, ...) __attribute__((format(printf, 1, 2), noreturn));
void	log_fatalx(const char *, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif
