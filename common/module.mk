SRCS += \
	common/backoff.c \
	common/log.c \
	common/util.c
