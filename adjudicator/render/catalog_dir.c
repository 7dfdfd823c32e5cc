/*
 * catalog_dir.c - finds the templates directory of catalog_dir.h.
 *
 * It looks beside the binary (/proc/self/exe) so that an installed pbemd
 * finds the templates installed with it without a compiled-in path: the
 * same binary works under PREFIX=/usr, /usr/local or a DESTDIR. It only
 * tests directories; loading them is catalog.c's.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "adjudicator/render/catalog_dir.h"
#include "common/util.h"

/* Beside the binary: where a checkout and an installation keep them. */
static const char *const catalog_dir_beside[] = {
	"../templates",
	"../share/pbemd/templates",
};

/* Whether dir holds the English catalog's directory. */
static bool
catalog_dir_holds(const char *dir)
{
	struct buf	 en;
	struct stat	 st;
	bool		 yes;

	buf_init(&en);
	buf_printf(&en, "%s/en", dir);
	yes = stat(en.data, &st) == 0 && S_ISDIR(st.st_mode);
	buf_free(&en);
	return yes;
}

/* The binary's directory, owned; NULL when /proc cannot say. On the heap:
 * PATH_MAX on the stack is 4 KB of a frame for one string. */
static char *
catalog_dir_exe(void)
{
	char	*exe, *slash = NULL;
	ssize_t	 n;

	exe = xmalloc(PATH_MAX);
	if ((n = readlink("/proc/self/exe", exe, PATH_MAX - 1)) > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
	}
	if (slash == NULL) {
		free(exe);
		return NULL;
	}
	*slash = '\0';
	return exe;
}

char *
catalog_dir_default(void)
{
	struct buf	 try;
	char		*exe, *found = NULL;
	size_t		 i;

	if (catalog_dir_holds("templates"))
		return xstrdup("templates");
	if ((exe = catalog_dir_exe()) == NULL)
		return NULL;
	buf_init(&try);
	for (i = 0; i < sizeof(catalog_dir_beside) /
	    sizeof(catalog_dir_beside[0]) && found == NULL; i++) {
		buf_reset(&try);
		buf_printf(&try, "%s/%s", exe, catalog_dir_beside[i]);
		/* realpath: the log names /usr/share/..., not bin/../share. */
		if (catalog_dir_holds(try.data) &&
		    (found = realpath(try.data, NULL)) == NULL)
			found = buf_steal(&try);
	}
	buf_free(&try);
	free(exe);
	return found;
}
