# Order mails per second through `pbemd serve` on a real Dovecot + Exim, and
# the daemon's peak RSS from a cold start and outside the password checks,
# for Blind-Fun games and for a Diplomacy game with its maps
# (tests/bench/bench_mail.sh).
BENCH_BUILD	+= build/pbemd
BENCH_TARGETS	+= tests/bench/bench_mail.sh

# Way of the Knight: perft(5) nodes per second; -O2 and no sanitizers.
BENCH_BUILD	+= build/bench/bench_wotk
BENCH_TARGETS	+= build/bench/bench_wotk

build/bench/bench_wotk: tests/bench/bench_wotk.c build/libpbemd.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $< build/libpbemd.a $(PKG_LIBS) $(LDFLAGS)

# What one hostile mail of 400 costly lines costs (issue 13); -O2.
BENCH_BUILD	+= build/bench/bench_hostile
BENCH_TARGETS	+= build/bench/bench_hostile

build/bench/bench_hostile: tests/bench/bench_hostile.c build/libpbemd.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $< build/libpbemd.a $(PKG_LIBS) $(LDFLAGS)

# Duplicates per kill -9 of `pbemd serve` (issue 13), from the crash test.
BENCH_BUILD	+= build/pbemd
BENCH_TARGETS	+= tests/bench/bench_crash.sh

# Diplomacy map pictures (issue 15): ms per map and bytes; -O2.
# `build/bench/bench_mappic -o docs` remakes the sample pictures of docs/.
BENCH_BUILD	+= build/bench/bench_mappic
BENCH_TARGETS	+= build/bench/bench_mappic

build/bench/bench_mappic: tests/bench/bench_mappic.c \
    tests/unit/adjudicator/render/support_mapview.c build/libpbemd.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ tests/bench/bench_mappic.c \
	    tests/unit/adjudicator/render/support_mapview.c build/libpbemd.a \
	    $(PKG_LIBS) $(LDFLAGS)

# Issue 18: where the time of `pbemd adjudicate` goes (bench_batch: reading
# and adjudicating alone, the CLI code in one process) and what a process
# costs (bench_adjudicate.sh: batch against one process per case, one case
# against a trivial static program), on random phases (phasegen.c); -O2.
BENCH_BUILD	+= build/bench/bench_batch build/bench/gen_phases \
	build/bench/bench_spawn build/bench/trivial build/pbemd
BENCH_TARGETS	+= build/bench/bench_batch tests/bench/bench_adjudicate.sh

build/bench/bench_batch: tests/bench/bench_batch.c tests/bench/phasegen.c \
    build/libpbemd.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ tests/bench/bench_batch.c tests/bench/phasegen.c \
	    build/libpbemd.a $(PKG_LIBS) $(LDFLAGS)

build/bench/gen_phases: tests/bench/gen_phases.c tests/bench/phasegen.c \
    build/libpbemd.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ tests/bench/gen_phases.c tests/bench/phasegen.c \
	    build/libpbemd.a $(PKG_LIBS) $(LDFLAGS)

build/bench/bench_spawn: tests/bench/bench_spawn.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $< $(LDFLAGS)

# Static where the C library allows it: the yardstick pays no loader.
build/bench/trivial: tests/bench/trivial.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -static -o $@ $< $(LDFLAGS) || \
	    $(CC) $(CFLAGS) -o $@ $< $(LDFLAGS)

# The outbox's send rate beside a bare SMTP client's against the same Exim
# (issue 18): tests/bench/bench_send.sh runs build/bench/bench_send; -O2.
BENCH_BUILD	+= build/bench/bench_send
BENCH_TARGETS	+= tests/bench/bench_send.sh

BENCH_SEND_SRCS	:= tests/bench/bench_send.c \
		   tests/bench/bench_smtp.c \
		   tests/bench/bench_sink.c

build/bench/bench_send: $(BENCH_SEND_SRCS) tests/bench/bench_smtp.h \
    tests/bench/bench_sink.h build/libpbemd.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $(BENCH_SEND_SRCS) build/libpbemd.a \
	    $(PKG_LIBS) $(LDFLAGS)
