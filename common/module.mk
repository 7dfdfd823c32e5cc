SRCS += \
	common/backoff.c \
	common/log.c \
	common/nearest.c \
	common/util.c
