/*
 * daemon.h - `pbemd serve`, `pbemd deliver` and `pbemd tick`.
 */
#ifndef PBEMD_DAEMON_H
#define PBEMD_DAEMON_H

#include <stdbool.h>

/* The daemon: returns a sysexits code when it stops. once: one round only. */
int	daemon_serve(const char *config_path, bool once);
/* One mail from standard input through the same path; sysexits code. */
int	daemon_deliver(const char *config_path);
/* One run of the phase clock, then the outbox (cron); sysexits code. */
int	daemon_tick_once(const char *config_path);

#endif
