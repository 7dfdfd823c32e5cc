# KlinZha, open, clouded and blind (issue 5).
SRCS += \
	adjudicator/klinzha/adjudicate.c \
	adjudicator/klinzha/board.c \
	adjudicator/klinzha/clouds.c \
	adjudicator/klinzha/kz.c \
	adjudicator/klinzha/order.c \
	adjudicator/klinzha/resolve.c \
	adjudicator/klinzha/rules.c \
	adjudicator/klinzha/setup.c \
	adjudicator/klinzha/state.c \
	adjudicator/klinzha/view.c

# The board tables are generated once by a build tool (gen_board.c), the
# cloud layouts of maps/klinzha/ compiled in.
GEN_SRCS += build/gen/kz_board.c build/gen/kz_layouts.c

build/gen/kz_gen_board: adjudicator/klinzha/gen_board.c
	@mkdir -p $(@D)
	$(CC) -std=c11 $(WARN) -O1 -o $@ $<

build/gen/kz_board.c: build/gen/kz_gen_board
	build/gen/kz_gen_board > $@

KZ_LAYOUTS := $(sort $(wildcard maps/klinzha/*.clouds))

build/gen/kz_layouts.c: $(KZ_LAYOUTS) adjudicator/klinzha/embed_layouts.sh
	@mkdir -p $(@D)
	sh adjudicator/klinzha/embed_layouts.sh $(KZ_LAYOUTS) > $@
