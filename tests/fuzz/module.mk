# Fuzz targets (tests/fuzz/README.md): libFuzzer binaries built with clang,
# ASan and UBSan, one per tests/fuzz/fuzz_*.c, over the project's sources
# compiled again into build/fuzz/ (never the gcc objects of build/obj or
# build/san). `make fuzz` builds them; `make check` runs each for a few
# seconds from its seed corpus tests/fuzz/<name>/ (tests/fuzz/run.sh), or
# says it skipped them when clang has no libFuzzer.
FUZZ_CC		?= clang
FUZZ_SAN	:= -fsanitize=address,undefined -fno-sanitize-recover=undefined \
		   -fno-omit-frame-pointer
# Two of clang's warnings that gcc lacks flag deliberate code: a literal
# split so a hex escape ends ("r\xc3\xbc" "ckzug", diplomacy/prose.c) and
# a pointer into a string constant (KZ_LETTERS + 1, klinzha/state.c).
FUZZ_CFLAGS	:= $(filter-out -O2,$(CFLAGS)) -O1 $(FUZZ_SAN) \
		   -Wno-string-concatenation -Wno-string-plus-int
FUZZ_SRCS	:= $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BINS	:= $(FUZZ_SRCS:%.c=build/fuzz/%)
FUZZ_OBJS	:= $(SRCS:%.c=build/fuzz/%.o) $(GEN_SRCS:%.c=%.fuzz.o)

# Whether $(FUZZ_CC) links a libFuzzer target; asked only when a goal
# needs the answer, so a plain `make` never runs clang.
FUZZ_PROBE	= $(shell tests/fuzz/run.sh --probe $(FUZZ_CC) >/dev/null 2>&1 \
		  && echo yes)
ifneq ($(filter check-run,$(MAKECMDGOALS)),)
ifeq ($(FUZZ_PROBE),yes)
CHECK_BUILD	+= $(FUZZ_BINS)
endif
endif
CHECK_TARGETS	+= tests/fuzz/run.sh

fuzz: $(FUZZ_BINS)

build/fuzz/libpbemd.a: $(FUZZ_OBJS)
	@rm -f $@
	ar rcs $@ $^

# The library's objects are instrumented for coverage; libFuzzer's main()
# comes in only when a target is linked.
build/fuzz/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

build/gen/%.fuzz.o: build/gen/%.c
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

# libetpan's pkg-config adds gcc's -specs (Debian's hardening), which clang
# does not take.
build/fuzz/tests/fuzz/%: build/fuzz/tests/fuzz/%.o build/fuzz/libpbemd.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ \
	    $(filter-out -specs=%,$(PKG_LIBS)) $(LDFLAGS)
