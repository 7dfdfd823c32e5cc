#!/usr/bin/env bash
# tests/fuzz/run.sh [--probe CC] - runs every fuzz target of `make fuzz`
# (tests/fuzz/README.md) for FUZZ_SECONDS (default 10) each, one after the
# other, from its seed corpus tests/fuzz/<name>/, and prints
# "fuzz: N passed, M failed" last. A target passes when libFuzzer found no
# crash, leak, sanitizer report or slow input (over FUZZ_TIMEOUT seconds,
# default 20) in that time. Without a clang ($FUZZ_CC, default clang) that
# links libFuzzer it counts nothing and says why on the same line:
# "fuzz: 0 passed, 0 failed (skipped: ...)".
# What a run found is kept in build/fuzz/artifacts/<name>/, its log in
# build/fuzz/logs/<name>.log; the inputs it made up are thrown away.
# --probe CC: exit 0 when CC links a libFuzzer target (the Makefile asks).
set -uo pipefail

probe() {  # whether $1 compiles and links a libFuzzer target
	local cc=$1 dir rc
	command -v "$cc" >/dev/null 2>&1 || return 1
	dir=$(mktemp -d) || return 1
	printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
	    'int LLVMFuzzerTestOneInput(const uint8_t *, size_t);' \
	    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)' \
	    '{ (void)d; (void)n; return 0; }' >"$dir/probe.c"
	"$cc" -fsanitize=fuzzer,address,undefined -o "$dir/probe" "$dir/probe.c" \
	    >/dev/null 2>&1
	rc=$?
	rm -rf "$dir"
	return $rc
}

if [[ ${1:-} == --probe ]]; then
	probe "${2:-clang}"
	exit
fi

cd "$(dirname "$0")/../.." || exit 1
CC=${FUZZ_CC:-clang}
SECONDS_EACH=${FUZZ_SECONDS:-10}
TIMEOUT=${FUZZ_TIMEOUT:-20}
if ! probe "$CC"; then
	# One line: tests/run.sh shows a passing script's summary alone.
	echo "fuzz: 0 passed, 0 failed (skipped: no $CC that links libFuzzer;" \
	    "Debian: apt-get install clang libclang-rt-dev)"
	exit 0
fi

passed=0 failed=0
mkdir -p build/fuzz/logs build/fuzz/artifacts
for src in tests/fuzz/fuzz_*.c; do
	name=$(basename "$src" .c)
	name=${name#fuzz_}
	bin=build/fuzz/tests/fuzz/fuzz_$name
	log=build/fuzz/logs/$name.log
	art=build/fuzz/artifacts/$name/
	if [[ ! -x $bin ]]; then
		echo "fuzz_$name: FAILED: $bin is not built (make fuzz)"
		failed=$((failed + 1))
		continue
	fi
	mkdir -p "$art"
	work=$(mktemp -d build/fuzz/corpus.XXXXXX)
	"$bin" -max_total_time="$SECONDS_EACH" -timeout="$TIMEOUT" \
	    -artifact_prefix="$art" -print_final_stats=1 \
	    "$work" "tests/fuzz/$name" </dev/null >"$log" 2>&1
	rc=$?
	rm -rf "$work"
	runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log")
	if ((rc == 0)); then
		echo "fuzz_$name: ${runs:-?} inputs in ${SECONDS_EACH}s, nothing found"
		passed=$((passed + 1))
	else
		tail -n 40 "$log"
		found=$(sed -nE 's/.*Test unit written to (.*)$/\1/p' "$log" | tail -n 1)
		echo "fuzz_$name: FAILED (exit $rc)${found:+: $found; reproduce: $bin $found}"
		echo "fuzz_$name: the whole log is $log"
		failed=$((failed + 1))
	fi
done
echo "fuzz: $passed passed, $failed failed"
((failed == 0))
