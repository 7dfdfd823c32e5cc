SRCS += \
	adjudicator/game.c
