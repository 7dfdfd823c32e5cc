# Makefile - pbemd: build/pbemd, the tests, the benchmarks, the demo.
#
# Every library comes from pkg-config. Sources are listed one per line in
# the module.mk of their directory; objects and binaries go under build/.
# `make check` and `make demo` first install what is missing (scripts/deps.sh,
# apt-get), then build and run; the sanitizer build lives in build/san/.

# `make` alone builds the judge: the module.mk files below bring rules of
# their own (db/module.mk's generated schema first), so the goal is named.
.DEFAULT_GOAL := all

PKGS	:= libetpan libcurl sqlite3 libsodium inih gnutls cairo libpng zlib
CC	?= cc

PKG_CFLAGS	:= $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS	:= $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm
CHECK_CFLAGS	:= $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS	:= $(shell pkg-config --libs check 2>/dev/null)

WARN	:= -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
override CFLAGS := -std=c11 -D_GNU_SOURCE $(WARN) -O2 -g -MMD -MP \
	-I. $(PKG_CFLAGS) $(CFLAGS)
SAN	:= -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	-fno-omit-frame-pointer
SAN_CFLAGS := $(filter-out -O2,$(CFLAGS)) -O1 $(SAN)

SRCS		:=
MAIN		:= adjudicator/main.c
CHECK_TARGETS	:=
BENCH_TARGETS	:=

include common/module.mk
include mail/module.mk
include db/module.mk
# adjudicator/ holds main.c alone; each of its folders (the game kit, the
# game families, render, judge, serve, referee) lists its sources.
include $(sort $(wildcard adjudicator/*/module.mk))
include tests/module.mk
include tests/e2e/module.mk
include tests/referee/module.mk
include tests/bench/module.mk
include tests/fuzz/module.mk

OBJS		:= $(SRCS:%.c=build/obj/%.o) $(GEN_SRCS:%.c=%.o)
SAN_OBJS	:= $(SRCS:%.c=build/san/%.o) $(GEN_SRCS:%.c=%.san.o)

# No stack frame of the program over 64 KB (docs/architecture.md): a game
# view (~94 KB) lives on the heap. Tests may keep one on their stack.
$(OBJS) $(SAN_OBJS) build/obj/$(MAIN:.c=.o) build/san/$(MAIN:.c=.o): \
	FRAME_CHECK := -Wframe-larger-than=65536

# Test objects are intermediates of a pattern rule: keep them between runs.
.SECONDARY:

.PHONY: all check check-run asan bench bench-run demo deps fuzz install clean
all: build/pbemd

build/pbemd: build/obj/$(MAIN:.c=.o) build/libpbemd.a
	$(CC) $(CFLAGS) -o $@ $^ $(PKG_LIBS) $(LDFLAGS)

build/libpbemd.a: $(OBJS)
	@rm -f $@
	ar rcs $@ $^

build/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(FRAME_CHECK) -c -o $@ $<

build/san/pbemd: build/san/$(MAIN:.c=.o) build/san/libpbemd.a
	$(CC) $(SAN_CFLAGS) -o $@ $^ $(PKG_LIBS) $(LDFLAGS)

build/san/libpbemd.a: $(SAN_OBJS)
	@rm -f $@
	ar rcs $@ $^

build/san/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) $(FRAME_CHECK) $(CHECK_CFLAGS) -c -o $@ $<

build/gen/%.o: build/gen/%.c
	$(CC) $(CFLAGS) -c -o $@ $<

build/gen/%.san.o: build/gen/%.c
	$(CC) $(SAN_CFLAGS) -c -o $@ $<

# One Check binary per tests/unit/**/test_*.c, all with ASan and UBSan.
build/san/tests/unit/%: build/san/tests/unit/%.o build/san/tests/unit/testmain.o $(UNIT_SUPPORT_OBJS) build/san/libpbemd.a
	$(CC) $(SAN_CFLAGS) -o $@ $^ $(CHECK_LIBS) $(PKG_LIBS) $(LDFLAGS)

deps:
	@scripts/deps.sh

# The two commands of README.md: both install what is missing first.
check: deps
	@$(MAKE) --no-print-directory check-run

check-run: build/pbemd build/san/pbemd $(UNIT_BINS) $(CHECK_BUILD)
	@tests/run.sh $(UNIT_BINS) -- $(CHECK_TARGETS)

asan: build/san/pbemd $(UNIT_BINS)

bench: deps
	@$(MAKE) --no-print-directory bench-run

bench-run: build/pbemd $(BENCH_BUILD)
	@set -e; for t in $(BENCH_TARGETS); do $$t; done

demo: deps
	@$(MAKE) --no-print-directory build/pbemd
	@demo/run.sh

PREFIX	?= /usr/local
install: build/pbemd
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/pbemd
	install -m 0755 build/pbemd $(DESTDIR)$(PREFIX)/bin/pbemd
	cp -R templates maps $(DESTDIR)$(PREFIX)/share/pbemd/

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)
