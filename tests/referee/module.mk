# The referee console (adjudicator/referee/) driven from outside: every
# tests/referee/test_*.sh runs `pbemd referee GAME` through scripted
# sessions (tests/referee/lib.sh) and prints "N passed, M failed". A game
# added later adds its own test_GAME.sh here. same-answers.sh (with
# sessions.pl) compares two binaries over many sessions; it is run by hand
# (docs/referee.md), not by make check.
CHECK_BUILD	+= build/pbemd build/san/pbemd
CHECK_TARGETS	+= $(sort $(wildcard tests/referee/test_*.sh))
