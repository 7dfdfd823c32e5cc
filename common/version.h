/*
 * version.h - the version of pbemd, fixed when the binary is linked.
 *
 * build/gen/version.c defines it from scripts/version.sh (git describe,
 * or the VERSION file of a release tarball). It is linked into the
 * binaries only, not into libpbemd.a, so a new commit relinks pbemd and
 * rebuilds nothing else.
 */
#ifndef PBEMD_VERSION_H
#define PBEMD_VERSION_H

extern const char version_string[];

#endif
