# End-to-end tests against a real mail stack (tests/e2e/mailstack.sh): the
# client program is built with ASan + UBSan against build/san/libpbemd.a,
# test_mail.sh starts the stack and runs it.
CHECK_BUILD	+= build/san/tests/e2e/mailclient_test
CHECK_TARGETS	+= tests/e2e/test_mail.sh

build/san/tests/e2e/mailclient_test: build/san/tests/e2e/mailclient_test.o \
    build/san/libpbemd.a
	$(CC) $(SAN_CFLAGS) -o $@ $^ $(PKG_LIBS) $(LDFLAGS)

# Whole games by real mail through `pbemd serve` (tests/e2e/lib.sh).
CHECK_BUILD	+= build/pbemd

# Every tests/e2e/test_*.sh but the client test above: whole games by real
# mail (test_games.sh and one per game family), servers going away under
# `pbemd serve` and `pbemd deliver` (test_resilience.sh), kill -9
# (test_crash.sh), and `make demo` once with its summary checked
# (test_demo.sh).
CHECK_TARGETS	+= $(filter-out tests/e2e/test_mail.sh,\
		   $(sort $(wildcard tests/e2e/test_*.sh)))
