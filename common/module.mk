SRCS += \
	common/log.c \
	common/util.c
