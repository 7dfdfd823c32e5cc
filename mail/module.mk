SRCS += \
	mail/body.c \
	mail/compose.c \
	mail/qp.c \
	mail/html.c \
	mail/message.c \
	mail/mime.c \
	mail/mime_header.c \
	mail/mime_utf8.c \
	mail/imap.c \
	mail/imap_auth.c \
	mail/imap_done.c \
	mail/imap_url.c \
	mail/sasl.c \
	mail/smtp.c \
	mail/smtp_auth.c \
	mail/smtp_conn.c \
	mail/tls.c \
	mail/tls_stream.c \
	mail/token.c
