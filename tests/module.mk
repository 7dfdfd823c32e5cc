# Unit tests: every tests/unit/**/test_*.c is one Check binary (testmain.c
# gives it main()); check targets are scripts that print "N passed, M failed".
UNIT_SRCS	:= $(shell find tests/unit -name 'test_*.c' 2>/dev/null | sort)
UNIT_BINS	:= $(UNIT_SRCS:%.c=build/san/%)
