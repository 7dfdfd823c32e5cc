/*
 * main.c - `pbemd referee GAME [--lang en|de] [--templates DIR]
 * [--echo]`: finds the game and the message catalogs and runs the console
 * (referee.c) over standard input and output.
 *
 * Without --templates the catalogs are looked for where the daemon looks
 * when its configuration names none (render/catalog_dir.h): ./templates,
 * then beside the binary (build/pbemd -> templates/, and bin/pbemd ->
 * share/pbemd/templates/ as `make install` puts them).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/referee/referee.h"
#include "adjudicator/render/catalog_dir.h"

#define EX_USAGE	64
#define EX_NOINPUT	66

static const char referee_usage[] =
    "usage: pbemd referee GAME [--lang en|de] [--templates DIR] [--echo]\n";

/* The catalog of lang from dir, or from where catalog_dir.h looks. */
struct catalog *
referee_catalog(const char *dir, const char *lang,
    const struct catalog *fallback, char *why, size_t whylen)
{
	struct catalog	*c;
	char		*found = NULL;

	if (dir == NULL && (dir = found = catalog_dir_default()) == NULL) {
		snprintf(why, whylen, "no templates/ here nor beside the "
		    "binary (--templates DIR)");
		return NULL;
	}
	c = catalog_load(dir, lang, fallback, why, whylen);
	free(found);
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
