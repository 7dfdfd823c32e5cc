# The mail command language (docs/architecture.md: its layers).
SRCS += \
	adjudicator/judge/deadline.c \
	adjudicator/judge/judge.c \
	adjudicator/judge/judge_absence.c \
	adjudicator/judge/judge_assign.c \
	adjudicator/judge/judge_clock.c \
	adjudicator/judge/judge_downtime.c \
	adjudicator/judge/judge_game.c \
	adjudicator/judge/judge_history.c \
	adjudicator/judge/judge_info.c \
	adjudicator/judge/judge_ledger.c \
	adjudicator/judge/judge_lobby.c \
	adjudicator/judge/judge_mail.c \
	adjudicator/judge/judge_notice.c \
	adjudicator/judge/judge_notify.c \
	adjudicator/judge/judge_opts.c \
	adjudicator/judge/judge_orders.c \
	adjudicator/judge/judge_press.c \
	adjudicator/judge/judge_rollback.c \
	adjudicator/judge/judge_seats.c \
	adjudicator/judge/judge_tick.c \
	adjudicator/judge/password.c
