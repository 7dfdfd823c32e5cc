/*
 * referee.h - `pbemd referee GAME`: the referee's console.
 *
 * A line protocol on standard input and output that drives one game
 * through exactly the engine, view and order-parsing code the daemon uses
 * (game.h), for game masters settling disputes, analysts and tests. The
 * protocol is documented in README.md ("The referee console") and in
 * `pbemd help referee`.
 */
#ifndef PBEMD_REFEREE_H
#define PBEMD_REFEREE_H

#include <stdbool.h>
#include <stdio.h>

#include "adjudicator/game/game.h"
#include "adjudicator/render/catalog.h"

/* A side's console name, "white", "austria", ...; a seat whose English
 * name is longer is "seatN" (print.c). */
#define REFEREE_SIDE_MAX	32
#define REFEREE_NOSIDE		(-2)	/* a word that names no side */

/* What the printing functions need: where to write and how to say it. */
struct referee_out {
	FILE			*f;
	const struct game_ops	*ops;
	const struct catalog	*cat;	/* the reader's language */
	const struct catalog	*en;	/* side names are always English */
};

/* main.c: argv[0] is "referee"; returns the exit status. */
int	referee_main(int argc, char **argv);

/*
 * The catalog of lang from dir, or (dir NULL) from the first of
 * ./templates, templates/ beside the binary, share/pbemd/templates/ beside
 * it that holds en/ (render/catalog_dir.h). NULL and why when it does not
 * load.
 */
struct catalog	*referee_catalog(const char *dir, const char *lang,
		    const struct catalog *fallback, char *why, size_t whylen);

/* referee.c: runs the console over in and out; returns the exit status. */
int	referee_run(const struct referee_out *, FILE *in, bool echo);

/* print.c: the line format */
void	referee_print_side(const struct referee_out *, int seat,
	    char out[REFEREE_SIDE_MAX]);
int	referee_print_parse_side(const struct referee_out *, const char *word);
void	referee_print_msg(const struct referee_out *, const char *prefix,
	    const struct game_msg *);
void	referee_print_text(const struct referee_out *, const char *text);
void	referee_print_view(const struct referee_out *,
	    const struct game_view *);
void	referee_print_end(const struct referee_out *);

#endif
