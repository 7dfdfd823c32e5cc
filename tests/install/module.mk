# The operator's kit: tests/install/test_install.sh runs `make install`
# into a DESTDIR, checks what it put there (man pages rendered, the unit,
# the sysusers.d and tmpfiles.d entries applied to a scratch root) and
# runs `pbemd serve` from it against the test mail stack of tests/e2e.
# test_dist.sh builds the `make dist` tarball where there is no git.
CHECK_BUILD	+= build/pbemd
CHECK_TARGETS	+= $(sort $(wildcard tests/install/test_*.sh))
