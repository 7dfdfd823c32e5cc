/*
 * main.c - `pbemd referee GAME [--lang en|de] [--templates DIR]
 * [--echo]`: finds the game and the message catalogs and runs the console
 * (referee.c) over standard input and output.
 *
 * The catalogs are looked for where the daemon's default config finds them
 * (./templates), then beside the binary (build/pbemd -> templates/, and
 * bin/pbemd -> share/pbemd/templates/ as `make install` puts them).
 */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "adjudicator/referee/referee.h"
#include "common/util.h"

#define EX_USAGE	64
#define EX_NOINPUT	66

static const char referee_usage[] =
    "usage: pbemd referee GAME [--lang en|de] [--templates DIR] [--echo]\n";

/*
 * The catalog of lang from the first directory that has one. The paths
 * beside the binary live on the heap: two of PATH_MAX would make an 8 KB
 * frame.
 */
struct catalog *
referee_catalog(const char *dir, const char *lang,
    const struct catalog *fallback, char *why, size_t whylen)
{
	char		*exe = NULL, *slash;
	struct buf	 try;
	struct catalog	*c;
	ssize_t		 n;

	if (dir != NULL)
		return catalog_load(dir, lang, fallback, why, whylen);
	if ((c = catalog_load("templates", lang, fallback, why,
	    whylen)) != NULL)
		return c;
	buf_init(&try);
	exe = xmalloc(PATH_MAX);
	if ((n = readlink("/proc/self/exe", exe, PATH_MAX - 1)) <= 0)
		goto out;
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL)
		goto out;
	*slash = '\0';
	buf_printf(&try, "%s/../templates", exe);
	if ((c = catalog_load(try.data, lang, fallback, why, whylen)) != NULL)
		goto out;
	buf_reset(&try);
	buf_printf(&try, "%s/../share/pbemd/templates", exe);
	c = catalog_load(try.data, lang, fallback, why, whylen);
out:
	buf_free(&try);
	free(exe);
	return c;
}

static void
referee_games(FILE *f)
{
	const struct game_ops	*g;
	int			 i;

	fputs("games:", f);
	for (i = 0; (g = game_at(i)) != NULL; i++)
		fprintf(f, " %s", g->name);
	fputc('\n', f);
}

int
referee_main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "templates", required_argument, NULL, 't' },
		{ "echo", no_argument, NULL, 'e' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct referee_out	 o;
	struct catalog		*en = NULL, *cat = NULL;
	const char		*lang = "en", *dir = NULL;
	char			 why[256];
	bool			 echo = false;
	int			 ch, rc = EX_NOINPUT;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (ch) {
		case 'l':
			lang = optarg;
			break;
		case 't':
			dir = optarg;
			break;
		case 'e':
			echo = true;
			break;
		case 'h':
			fputs(referee_usage, stdout);
			return 0;
		default:
			fputs(referee_usage, stderr);
			return EX_USAGE;
		}
	}
	memset(&o, 0, sizeof(o));
	if (optind + 1 != argc || (strcasecmp(lang, "en") != 0 &&
	    strcasecmp(lang, "de") != 0)) {
		fputs(referee_usage, stderr);
		return EX_USAGE;
	}
	if ((o.ops = game_find(argv[optind])) == NULL) {
		fprintf(stderr, "pbemd referee: no game %s\n", argv[optind]);
		referee_games(stderr);
		return EX_USAGE;
	}
	if ((en = referee_catalog(dir, "en", NULL, why, sizeof(why))) == NULL ||
	    (strcasecmp(lang, "en") != 0 && (cat = referee_catalog(dir, "de",
	    en, why, sizeof(why))) == NULL)) {
		fprintf(stderr, "pbemd referee: %s\n", why);
		goto out;
	}
	o.f = stdout;
	o.en = en;
	o.cat = cat != NULL ? cat : en;
	rc = referee_run(&o, stdin, echo);
out:
	catalog_free(cat);
	catalog_free(en);
	return rc;
}
