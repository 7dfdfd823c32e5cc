# The game interface, the registry and the engine kit every game shares.
SRCS += \
	adjudicator/game/duel.c \
	adjudicator/game/game.c \
	adjudicator/game/orderbook.c \
	adjudicator/game/orderline.c \
	adjudicator/game/statetext.c
