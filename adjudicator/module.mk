SRCS += \
	adjudicator/catalog.c \
	adjudicator/duel.c \
	adjudicator/game.c \
	adjudicator/judge.c \
	adjudicator/judge_absence.c \
	adjudicator/judge_assign.c \
	adjudicator/judge_clock.c \
	adjudicator/judge_downtime.c \
	adjudicator/judge_game.c \
	adjudicator/judge_history.c \
	adjudicator/judge_info.c \
	adjudicator/judge_ledger.c \
	adjudicator/judge_lobby.c \
	adjudicator/judge_mail.c \
	adjudicator/judge_notice.c \
	adjudicator/judge_notify.c \
	adjudicator/judge_opts.c \
	adjudicator/judge_orders.c \
	adjudicator/judge_press.c \
	adjudicator/judge_rollback.c \
	adjudicator/judge_seats.c \
	adjudicator/judge_tick.c \
	adjudicator/orderline.c \
	adjudicator/password.c \
	adjudicator/picture.c \
	adjudicator/picture_png.c \
	adjudicator/referee.c \
	adjudicator/referee_main.c \
	adjudicator/referee_orders.c \
	adjudicator/referee_print.c \
	adjudicator/report.c \
	adjudicator/statetext.c
SRCS += \
	adjudicator/config.c \
	adjudicator/daemon.c \
	adjudicator/deadline.c \
	adjudicator/tz.c \
	adjudicator/intake.c \
	adjudicator/outbox.c \
	adjudicator/runtime.c
