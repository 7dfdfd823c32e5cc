# Catalogs, reports from views, pictures, time zones.
SRCS += \
	adjudicator/render/catalog.c \
	adjudicator/render/picture.c \
	adjudicator/render/picture_png.c \
	adjudicator/render/picture_text.c \
	adjudicator/render/report.c \
	adjudicator/render/tz.c
