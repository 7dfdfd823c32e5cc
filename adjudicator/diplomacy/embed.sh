#!/bin/sh
# embed.sh NAME < FILE > FILE.c - a text file as a C string: the text of
# maps/standard.map, for the tests that load it or damage it (the
# programs copy the map mapgen.c loaded when they were built).
set -e
printf '/* Generated from maps/standard.map by adjudicator/diplomacy/embed.sh. */\n'
printf '#include "adjudicator/diplomacy/dip.h"\n\n'
printf 'const char %s[] =\n' "$1"
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$/\\n"/'
printf '    "";\n'
