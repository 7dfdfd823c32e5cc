# The daemon loop, intake, outbox, quarantine, config, runtime.
SRCS += \
	adjudicator/serve/backup.c \
	adjudicator/serve/config.c \
	adjudicator/serve/daemon.c \
	adjudicator/serve/intake.c \
	adjudicator/serve/outbox.c \
	adjudicator/serve/quarantine.c \
	adjudicator/serve/reload.c \
	adjudicator/serve/runtime.c \
	adjudicator/serve/status.c
