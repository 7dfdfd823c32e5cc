# The Diplomacy engine (issue 3) and its games (issue 4).
SRCS += \
	adjudicator/diplomacy/adjudicate.c \
	adjudicator/diplomacy/adjust.c \
	adjudicator/diplomacy/board.c \
	adjudicator/diplomacy/board_map.c \
	adjudicator/diplomacy/board_parse.c \
	adjudicator/diplomacy/board_text.c \
	adjudicator/diplomacy/board_view.c \
	adjudicator/diplomacy/cli.c \
	adjudicator/diplomacy/cli_print.c \
	adjudicator/diplomacy/cli_read.c \
	adjudicator/diplomacy/map.c \
	adjudicator/diplomacy/map_standard.c \
	adjudicator/diplomacy/movement.c \
	adjudicator/diplomacy/ops.c \
	adjudicator/diplomacy/order.c \
	adjudicator/diplomacy/outcome.c \
	adjudicator/diplomacy/prose.c \
	adjudicator/diplomacy/resolve.c \
	adjudicator/diplomacy/retreat.c \
	adjudicator/diplomacy/state.c \
	adjudicator/diplomacy/zombie.c \
	adjudicator/diplomacy/zombie_map.c \
	adjudicator/diplomacy/zombie_parse.c \
	adjudicator/diplomacy/zombie_phase.c \
	adjudicator/diplomacy/zombie_text.c \
	adjudicator/diplomacy/zombie_view.c

# maps/standard.map is compiled in, so `pbemd adjudicate` runs anywhere:
# loaded when the program is built (mapgen.c, with the program's own
# loader) into the bytes of a struct dip_map that dip_map_standard()
# copies (issue 18); a map the loader refuses fails the build. The text
# itself is compiled in too, for the tests that read it or damage it.
GEN_SRCS += build/gen/dip_standard_map.c build/gen/dip_standard_image.c

build/gen/dip_standard_map.c: maps/standard.map adjudicator/diplomacy/embed.sh
	@mkdir -p $(@D)
	sh adjudicator/diplomacy/embed.sh dip_standard_map_text < $< > $@

MAPGEN_SRCS := adjudicator/diplomacy/mapgen.c adjudicator/diplomacy/map.c \
	adjudicator/diplomacy/order.c adjudicator/game/msg.c

build/gen/dip_mapgen: $(MAPGEN_SRCS) adjudicator/diplomacy/dip.h \
    adjudicator/game/game.h
	@mkdir -p $(@D)
	$(CC) $(filter-out -MMD -MP,$(CFLAGS)) -o $@ $(MAPGEN_SRCS)

build/gen/dip_standard_image.c: maps/standard.map build/gen/dip_mapgen
	@mkdir -p $(@D)
	build/gen/dip_mapgen dip_standard_map_image < $< > $@.tmp
	mv $@.tmp $@

# The DATC through `pbemd adjudicate` (tests/datc/run-datc.sh).
CHECK_BUILD	+= build/pbemd
CHECK_TARGETS	+= tests/datc/run-datc.sh

# Phases per second; -O2 and no sanitizers.
BENCH_BUILD	+= build/bench/bench_dip
BENCH_TARGETS	+= build/bench/bench_dip

build/bench/bench_dip: tests/bench/bench_dip.c build/libpbemd.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $< build/libpbemd.a $(PKG_LIBS) $(LDFLAGS)

# pbemd-adjudicate (issue 18): `pbemd adjudicate` without the mail judge's
# libraries, for drivers that run one case a process. Only the objects of
# libpbemd.a it needs are linked in; static where the C library allows
# it, so it pays for no dynamic loader either.
CHECK_BUILD	+= build/pbemd-adjudicate
BENCH_BUILD	+= build/pbemd-adjudicate

build/obj/adjudicator/diplomacy/cli_main.o: FRAME_CHECK := -Wframe-larger-than=65536

build/pbemd-adjudicate: build/obj/adjudicator/diplomacy/cli_main.o \
    build/libpbemd.a
	$(CC) $(CFLAGS) -static -o $@ $^ -lm $(LDFLAGS) 2>/dev/null || \
	    $(CC) $(CFLAGS) -o $@ $^ -lm $(LDFLAGS)
