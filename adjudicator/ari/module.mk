SRCS += \
	adjudicator/ari/ari.c \
	adjudicator/ari/adjudicate.c \
	adjudicator/ari/dice.c \
	adjudicator/ari/order.c \
	adjudicator/ari/rules.c \
	adjudicator/ari/state.c \
	adjudicator/ari/view.c
