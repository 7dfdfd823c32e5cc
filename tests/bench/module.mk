# Order mails per second through `pbemd serve` on a real Dovecot + Exim, and
# the daemon's peak RSS, for Blind-Fun games and for a Diplomacy game with
# its maps (tests/bench/bench_mail.sh).
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
