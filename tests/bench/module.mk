# Order mails per second through `pbemd serve` on a real Dovecot + Exim, and
# the daemon's peak RSS (tests/bench/bench_mail.sh).
BENCH_BUILD	+= build/pbemd
BENCH_TARGETS	+= tests/bench/bench_mail.sh
