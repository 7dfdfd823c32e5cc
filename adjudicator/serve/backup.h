/*
 * backup.h - `pbemd backup`: a consistent copy of the judge's database,
 * made while the judge runs.
 */
#ifndef PBEMD_BACKUP_H
#define PBEMD_BACKUP_H

#include <stdio.h>

/*
 * Copies the database of the config file to dest (db_backup(): checked
 * with PRAGMA integrity_check before it replaces dest) and says so on out,
 * or why not on err. Returns a sysexits code: 0; 64 dest is the live
 * database or a directory; 65 the copy fails integrity_check; 66 the
 * database cannot be opened; 73 the copy cannot be created; 74 writing it
 * failed; 75 the database stayed locked (try again); 78 bad config.
 */
int	backup_main(const char *config_path, const char *dest, FILE *out,
	    FILE *err);

#endif
