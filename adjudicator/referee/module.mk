# The referee console (pbemd referee).
SRCS += \
	adjudicator/referee/main.c \
	adjudicator/referee/orders.c \
	adjudicator/referee/print.c \
	adjudicator/referee/referee.c
