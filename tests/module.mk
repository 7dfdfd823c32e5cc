# Unit tests: every tests/unit/**/test_*.c is one Check binary (testmain.c
# gives it main()); check targets are scripts that print "N passed, M failed".
UNIT_SRCS	:= $(shell find tests/unit -name 'test_*.c' 2>/dev/null | sort)
UNIT_BINS	:= $(UNIT_SRCS:%.c=build/san/%)

# Helpers shared by several test files (tests/unit/**/support_*.c, no
# test_suite of their own), linked into every test binary before the
# library they use.
UNIT_SUPPORT	:= $(shell find tests/unit -name 'support_*.c' 2>/dev/null | sort)
UNIT_SUPPORT_OBJS := $(UNIT_SUPPORT:%.c=build/san/%.o)

# The include rules and the no-circles rule of DESIGN.md "Layout", read from
# the sources and from the objects of build/pbemd (and a self-test first).
CHECK_BUILD	+= build/pbemd
CHECK_TARGETS	+= tests/layers.sh
