# Catalogs, reports from views, pictures, time zones.
SRCS += \
	adjudicator/render/catalog.c \
	adjudicator/render/catalog_dir.c \
	adjudicator/render/font.c \
	adjudicator/render/mapgeo.c \
	adjudicator/render/mapgeo_outline.c \
	adjudicator/render/mappic.c \
	adjudicator/render/mappic_bands.c \
	adjudicator/render/mappic_board.c \
	adjudicator/render/mappic_ground.c \
	adjudicator/render/mappic_orders.c \
	adjudicator/render/mappic_paint.c \
	adjudicator/render/mappic_palette.c \
	adjudicator/render/mappic_span.c \
	adjudicator/render/mappic_units.c \
	adjudicator/render/paintbox.c \
	adjudicator/render/picture.c \
	adjudicator/render/picture_band.c \
	adjudicator/render/picture_deflate.c \
	adjudicator/render/picture_field.c \
	adjudicator/render/picture_png.c \
	adjudicator/render/picture_rows.c \
	adjudicator/render/picture_text.c \
	adjudicator/render/report.c \
	adjudicator/render/tz.c

# The folder of fonts-dejavu-core's DejaVuSans.ttf and DejaVuSans-Bold.ttf
# (font.h): Debian's, unless built with FONT_DIR=... for another system.
FONT_DIR	?= /usr/share/fonts/truetype/dejavu
build/obj/adjudicator/render/font.o build/san/adjudicator/render/font.o: \
    override CFLAGS += -DFONT_DIR='"$(FONT_DIR)"'

# maps/standard.geo, the drawing of the standard map, is compiled in like
# maps/standard.map, so a map picture needs no data file at run time.
GEN_SRCS += build/gen/mapgeo_standard.c

build/gen/mapgeo_standard.c: maps/standard.geo adjudicator/render/embed.sh
	@mkdir -p $(@D)
	sh adjudicator/render/embed.sh mapgeo_standard_text \
	    adjudicator/render/mapgeo.h < $< > $@
