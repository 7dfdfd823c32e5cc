# The daemon loop, intake, outbox, config, runtime.
SRCS += \
	adjudicator/serve/config.c \
	adjudicator/serve/daemon.c \
	adjudicator/serve/intake.c \
	adjudicator/serve/outbox.c \
	adjudicator/serve/runtime.c
