SRCS += \
	adjudicator/weekeewachee/wkw.c \
	adjudicator/weekeewachee/adjudicate.c \
	adjudicator/weekeewachee/legal.c \
	adjudicator/weekeewachee/order.c \
	adjudicator/weekeewachee/rules.c \
	adjudicator/weekeewachee/state.c \
	adjudicator/weekeewachee/view.c
