# The game interface, the registry and the engine kit every game shares.
SRCS += \
	adjudicator/game/duel.c \
	adjudicator/game/msg.c \
	adjudicator/game/orderbook.c \
	adjudicator/game/orderline.c \
	adjudicator/game/registry.c \
	adjudicator/game/statetext.c
