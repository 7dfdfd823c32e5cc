SRCS += \
	adjudicator/weekeewachee/wkw.c
