/*
 * bench_sink.h - an SMTP server that takes every mail and keeps none, for
 * tests/bench/bench_send.sh: against it only the clients cost, so it shows
 * what the outbox spends on a mail of its own beside the bare client.
 */
#ifndef PBEMD_BENCH_SINK_H
#define PBEMD_BENCH_SINK_H

/* Listens on 127.0.0.1 at a port of the system's choice, writes its number
 * to the file path, and serves one connection after another until killed;
 * returns 1 only when it cannot listen. */
int	bench_sink(const char *path);

#endif
