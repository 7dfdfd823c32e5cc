/*
 * backup.c - `pbemd backup -c FILE DEST` (backup.h): the operator's copy of
 * the judge's database, made while serve runs. db/backup.c copies and
 * checks; this file reads the configuration for the database's path and
 * turns the outcome into a line for the operator and a sysexits code. It
 * opens no catalog, no mailbox and never writes the live database.
 */
#include <stdio.h>

#include "adjudicator/serve/backup.h"
#include "adjudicator/serve/config.h"
#include "db/db.h"

#define EX_OK		0
#define EX_USAGE	64
#define EX_DATAERR	65
#define EX_NOINPUT	66
#define EX_CANTCREAT	73
#define EX_IOERR	74
#define EX_TEMPFAIL	75
#define EX_CONFIG	78

/* The sysexits code of each outcome of db_backup(). */
static int
backup_exit(enum db_backup_status rc)
{
	switch (rc) {
	case DB_BACKUP_OK:
		return EX_OK;
	case DB_BACKUP_USAGE:
		return EX_USAGE;
	case DB_BACKUP_NOSOURCE:
		return EX_NOINPUT;
	case DB_BACKUP_BUSY:
		return EX_TEMPFAIL;
	case DB_BACKUP_CANTCREATE:
		return EX_CANTCREAT;
	case DB_BACKUP_DAMAGED:
		return EX_DATAERR;
	default:
		return EX_IOERR;
	}
}

int
backup_main(const char *config_path, const char *dest, FILE *out, FILE *err)
{
	struct db_backup_info	 info;
	struct config		 cfg;
	enum db_backup_status	 rc;
	char			 why[512];

	if (config_load(config_path, &cfg, why, sizeof(why)) != 0) {
		fprintf(err, "pbemd: backup: %s\n", why);
		return EX_CONFIG;
	}
	rc = db_backup(cfg.database, dest, &info, why, sizeof(why));
	if (rc == DB_BACKUP_OK)
		fprintf(out, "%s: %d pages of %d bytes, schema version %d, "
		    "integrity_check %s\n", dest, info.pages, info.page_size,
		    info.schema, info.check);
	else
		fprintf(err, "pbemd: backup: %s\n", why);
	config_free(&cfg);
	return backup_exit(rc);
}
