# The mail command language, in layers (docs/architecture.md): L0 session
# and pure helpers, L1 mail-out and the clock's row, L2 the phase, L3 the
# commands, L4 the command table and the clock driver.
SRCS += \
	adjudicator/judge/assign.c \
	adjudicator/judge/clock.c \
	adjudicator/judge/cmd_absence.c \
	adjudicator/judge/cmd_account.c \
	adjudicator/judge/cmd_become.c \
	adjudicator/judge/cmd_clear.c \
	adjudicator/judge/cmd_create.c \
	adjudicator/judge/cmd_deadline.c \
	adjudicator/judge/cmd_history.c \
	adjudicator/judge/cmd_info.c \
	adjudicator/judge/cmd_join.c \
	adjudicator/judge/cmd_lobby.c \
	adjudicator/judge/cmd_map.c \
	adjudicator/judge/cmd_observe.c \
	adjudicator/judge/cmd_press.c \
	adjudicator/judge/cmd_process.c \
	adjudicator/judge/cmd_resign.c \
	adjudicator/judge/cmd_rollback.c \
	adjudicator/judge/cmd_setclock.c \
	adjudicator/judge/cmd_signon.c \
	adjudicator/judge/cmd_status.c \
	adjudicator/judge/cmd_summary.c \
	adjudicator/judge/cmd_takeover.c \
	adjudicator/judge/cmd_terminate.c \
	adjudicator/judge/cmd_wait.c \
	adjudicator/judge/courtesy.c \
	adjudicator/judge/deadline.c \
	adjudicator/judge/downtime.c \
	adjudicator/judge/gametable.c \
	adjudicator/judge/judge.c \
	adjudicator/judge/keeper.c \
	adjudicator/judge/ledger.c \
	adjudicator/judge/limits.c \
	adjudicator/judge/mailin.c \
	adjudicator/judge/njudge.c \
	adjudicator/judge/notice.c \
	adjudicator/judge/notify.c \
	adjudicator/judge/observers.c \
	adjudicator/judge/opts.c \
	adjudicator/judge/orders.c \
	adjudicator/judge/overview.c \
	adjudicator/judge/password.c \
	adjudicator/judge/phase.c \
	adjudicator/judge/play.c \
	adjudicator/judge/queue.c \
	adjudicator/judge/reply.c \
	adjudicator/judge/report.c \
	adjudicator/judge/seats.c \
	adjudicator/judge/session.c \
	adjudicator/judge/tick.c \
	adjudicator/judge/undelivered.c
