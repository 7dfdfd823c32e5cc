#!/bin/sh
# embed_layouts.sh FILE... > kz_layouts.c - the cloud layouts of
# maps/klinzha/ as C strings, named after their files, so pbemd needs no
# data file at run time (clouds.c still checks each one when it is used).
set -e
printf '/* Generated from maps/klinzha/ by adjudicator/klinzha/embed_layouts.sh. */\n'
printf '#include <stddef.h>\n\n#include "adjudicator/klinzha/kz.h"\n\n'
printf 'const struct kz_layout_text kz_layouts[] = {\n'
for f in "$@"; do
	n=$(basename "$f" .clouds)
	printf '\t{ "%s",\n' "$n"
	sed -e '/^#/d' -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/\t    "/' -e 's/$/\\n"/' "$f"
	printf '\t},\n'
done
printf '\t{ NULL, NULL }\n};\n'
