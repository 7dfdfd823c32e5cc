/*
 * catalog_dir.h - where the message catalogs are when nobody says.
 */
#ifndef PBEMD_CATALOG_DIR_H
#define PBEMD_CATALOG_DIR_H

/*
 * The templates directory to use when neither the configuration nor the
 * command line names one: the first of ./templates, templates/ beside the
 * binary (build/pbemd -> templates/, a checkout) and share/pbemd/templates/
 * beside it (bin/pbemd, as `make install` puts it, under any PREFIX or
 * DESTDIR) that holds a directory en/. Owned by the caller; NULL when
 * there is none.
 */
char	*catalog_dir_default(void);

#endif
