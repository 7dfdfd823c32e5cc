SRCS += \
	mail/imap.c \
	mail/smtp.c \
	mail/tls.c
