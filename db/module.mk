# db/schema.sql is compiled into the binary as a C string.
GEN_SRCS :=
