/*
 * daemon.h - `pbemd serve` and `pbemd deliver`.
 */
#ifndef PBEMD_DAEMON_H
#define PBEMD_DAEMON_H

#include <stdbool.h>

/* The daemon: returns a sysexits code when it stops. once: one round only. */
int	daemon_serve(const char *config_path, bool once);
/* One mail from standard input through the same path; sysexits code. */
int	daemon_deliver(const char *config_path);

#endif
