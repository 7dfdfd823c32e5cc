/*
 * bench_mappic.c - the cost of a Diplomacy map picture: milliseconds of
 * CPU per map drawn anew (a paintbox that drew nothing yet: the ground and
 * every band drawn) and drawn again (every band kept: the floor of what a
 * map costs), and the PNG's bytes, for the opening, a Spring
 * with many orders and the two boards of Zombie-Diplomacy (one picture
 * each). With -o DIR it also writes the opening and the Spring there, as
 * map-opening.png and map-battle.png: the samples of docs/ are made so.
 * Built with -O2, no sanitizers.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "adjudicator/render/catalog.h"
#include "adjudicator/render/mappic.h"
#include "adjudicator/render/paintbox.h"
#include "tests/unit/adjudicator/render/support_mapview.h"

#define BENCH_ROUNDS	40

/* CPU time: the machine running the benchmarks is shared, and a map
 * waits for no I/O. */
static double
bench_now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
bench_write(const char *dir, const char *name, const struct buf *png)
{
	char	 path[1024];
	FILE	*f;

	snprintf(path, sizeof(path), "%s/map-%s.png", dir, name);
	if ((f = fopen(path, "wb")) == NULL ||
	    fwrite(png->data, 1, png->len, f) != png->len || fclose(f) != 0) {
		fprintf(stderr, "bench mappic: cannot write %s\n", path);
		return -1;
	}
	return 0;
}

static int
bench_one(struct paintbox *box, const struct catalog *cat, const char *name,
    void (*make)(struct game_mapview *), const char *dir, bool sample)
{
	struct game_mapview	*mv;
	struct paintbox		*fresh;
	struct buf		 png;
	char			 why[256];
	double			 t0, dt, cold;
	int			 i, b, rc = 0;

	mv = malloc(sizeof(*mv));
	if (mv == NULL)
		return -1;
	make(mv);
	buf_init(&png);
	for (b = 0; b < mv->nboards && rc == 0; b++) {
		/* Cold: a paintbox that has drawn nothing yet (its fonts
		 * opened, not timed), so the ground and every band are
		 * drawn. */
		for (i = 0, cold = 0; i < BENCH_ROUNDS && rc == 0; i++) {
			if ((fresh = paintbox_new(why, sizeof(why))) == NULL)
				rc = -1;
			t0 = bench_now();
			buf_reset(&png);
			if (rc == 0)
				rc = mappic_png_box(fresh, cat, mv, b, &png);
			cold += bench_now() - t0;
			paintbox_free(fresh);
		}
		cold /= BENCH_ROUNDS;
		/* Warm: the same map again, its ground and bands kept. */
		t0 = bench_now();
		for (i = 0; i < BENCH_ROUNDS && rc == 0; i++) {
			buf_reset(&png);
			rc = mappic_png_box(box, cat, mv, b, &png);
		}
		dt = (bench_now() - t0) / BENCH_ROUNDS;
		if (rc != 0) {
			fprintf(stderr, "bench mappic: %s: no picture\n", name);
			break;
		}
		printf("bench mappic: %-8s board %d %6.2f ms CPU/map drawn "
		    "anew, %5.2f ms again (all kept) %7zu bytes\n", name,
		    b + 1, cold * 1e3, dt * 1e3, png.len);
		if (dir != NULL && sample)
			rc = bench_write(dir, name, &png);
	}
	buf_free(&png);
	free(mv);
	return rc;
}

int
main(int argc, char **argv)
{
	struct catalog	*cat;
	struct paintbox	*box;
	const char	*dir = NULL, *lang = "en";
	char		 why[256];
	int		 rc = 0;

	if (argc >= 3 && strcmp(argv[1], "-o") == 0)
		dir = argv[2];
	if (argc >= 5 && strcmp(argv[3], "-l") == 0)
		lang = argv[4];
	if ((cat = catalog_load("templates", lang, NULL, why,
	    sizeof(why))) == NULL) {
		fprintf(stderr, "bench mappic: %s\n", why);
		return 1;
	}
	if ((box = paintbox_new(why, sizeof(why))) == NULL ||
	    paintbox_map(box, why, sizeof(why)) == NULL) {
		fprintf(stderr, "bench mappic: %s\n", why);
		paintbox_free(box);
		catalog_free(cat);
		return 1;
	}
	rc |= bench_one(box, cat, "opening", tmv_opening, dir, true);
	rc |= bench_one(box, cat, "battle", tmv_battle, dir, true);
	rc |= bench_one(box, cat, "zombie", tmv_zombie, dir, false);
	paintbox_free(box);
	catalog_free(cat);
	return rc == 0 ? 0 : 1;
}
