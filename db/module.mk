# db/schema.sql is compiled into the binary as a C string (build/gen/schema.c).
SRCS += \
	db/db.c \
	db/address.c \
	db/backup.c \
	db/clock.c \
	db/events.c \
	db/games.c \
	db/mail.c \
	db/observers.c \
	db/press.c \
	db/quarantine.c \
	db/seats.c \
	db/stats.c

GEN_SRCS := build/gen/schema.c

build/gen/schema.c: db/schema.sql
	@mkdir -p $(@D)
	{ echo '/* generated from db/schema.sql; do not edit */'; \
	  echo 'const char db_schema_sql[] ='; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $<; \
	  echo ';'; } > $@
