SRCS += \
	adjudicator/wotk/wotk.c \
	adjudicator/wotk/adjudicate.c \
	adjudicator/wotk/board.c \
	adjudicator/wotk/fen.c \
	adjudicator/wotk/forms.c \
	adjudicator/wotk/movegen.c \
	adjudicator/wotk/order.c \
	adjudicator/wotk/setup.c \
	adjudicator/wotk/state.c \
	adjudicator/wotk/view.c
