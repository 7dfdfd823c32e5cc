# The referee console (pbemd referee): referee.c the table and the loop,
# show.c and orders.c the commands, session.c what they share, print.c the
# line format, main.c the command line.
SRCS += \
	adjudicator/referee/main.c \
	adjudicator/referee/orders.c \
	adjudicator/referee/print.c \
	adjudicator/referee/referee.c \
	adjudicator/referee/session.c \
	adjudicator/referee/show.c
