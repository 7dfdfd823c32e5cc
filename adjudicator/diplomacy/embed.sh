#!/bin/sh
# embed.sh NAME < FILE > FILE.c - a text file as a C string, so that
# `pbemd adjudicate` needs no data file at run time (the loader still
# checks it at every start).
set -e
printf '/* Generated from maps/standard.map by adjudicator/diplomacy/embed.sh. */\n'
printf '#include "adjudicator/diplomacy/dip.h"\n\n'
printf 'const char %s[] =\n' "$1"
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$/\\n"/'
printf '    "";\n'
