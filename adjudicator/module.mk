SRCS += \
	adjudicator/catalog.c \
	adjudicator/game.c \
	adjudicator/judge.c \
	adjudicator/judge_game.c \
	adjudicator/judge_info.c \
	adjudicator/judge_mail.c \
	adjudicator/password.c \
	adjudicator/picture.c \
	adjudicator/referee.c \
	adjudicator/referee_main.c \
	adjudicator/referee_print.c \
	adjudicator/report.c
SRCS += \
	adjudicator/config.c \
	adjudicator/daemon.c \
	adjudicator/deadline.c \
	adjudicator/intake.c \
	adjudicator/outbox.c \
	adjudicator/runtime.c
