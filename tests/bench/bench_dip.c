/*
 * bench_dip.c - phases per second of the Diplomacy engine, on one core.
 *
 * (a) the Spring 1901 opening with all 22 units ordered, (b) a crowded
 * movement phase (34 units, supports, cut supports, a convoy), both timed
 * on dip_adjudicate() alone with the orders parsed once; (c) every case
 * of tests/data/datc through the code of `pbemd adjudicate` (parse,
 * adjudicate, format; output to /dev/null). Then the peak memory.
 * Built with -O2 and without sanitizers (make bench).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "adjudicator/diplomacy/cli.h"
#include "adjudicator/diplomacy/dip.h"

#define BENCH_SECONDS	1.0
#define BENCH_CASES	256

static const char *const opening[] = {
	"AUS A VIE - GAL", "AUS A BUD - SER", "AUS F TRI - ALB",
	"ENG F LON - NTH", "ENG F EDI - NWG", "ENG A LVP - YOR",
	"FRA F BRE - MAO", "FRA A PAR - BUR", "FRA A MAR S A PAR - BUR",
	"GER F KIE - DEN", "GER A BER - KIE", "GER A MUN - RUH",
	"ITA F NAP - ION", "ITA A ROM - APU", "ITA A VEN H",
	"RUS F STP/SC - BOT", "RUS A MOS - UKR", "RUS A WAR - GAL",
	"RUS F SEV - BLA", "TUR F ANK - BLA", "TUR A CON - BUL",
	"TUR A SMY - CON",
};

/* A crowded Spring: every power in contact, supports cut and uncut, a
 * convoy across the North Sea. */
static const char *const crowded_units[] = {
	"AUS A VIE", "AUS A BUD", "AUS F TRI", "AUS A SER", "AUS A GAL",
	"RUS A WAR", "RUS A UKR", "RUS F SEV", "RUS F RUM", "RUS A LVN",
	"TUR A BUL", "TUR F BLA", "TUR A CON", "TUR F AEG", "TUR A ARM",
	"GER A BER", "GER A MUN", "GER F KIE", "GER A SIL", "GER F DEN",
	"GER A HOL", "ENG F NTH", "ENG A YOR", "ENG F ENG", "ENG F LON",
	"FRA A PAR", "FRA A BUR", "FRA F MAO", "FRA A PIC", "FRA A BEL",
	"ITA A VEN", "ITA A TYR", "ITA F ION", "ITA A ROM",
};

static const char *const crowded_orders[] = {
	"AUS A BUD - RUM", "AUS A SER S A BUD - RUM", "AUS A GAL S A BUD - RUM",
	"AUS F TRI - ADR", "AUS A VIE - BOH",
	"RUS F RUM H", "RUS A UKR S F RUM", "RUS F SEV S F RUM",
	"RUS A WAR - GAL", "RUS A LVN - PRU",
	"TUR A BUL - SER", "TUR F BLA S F RUM", "TUR A CON - BUL",
	"TUR F AEG - GRE", "TUR A ARM - SEV",
	"GER A SIL - GAL", "GER A BER S A SIL - GAL", "GER A MUN - TYR",
	"GER F KIE - HEL", "GER F DEN S F NTH", "GER A HOL - BEL",
	"ENG F NTH C A YOR - BEL", "ENG A YOR - BEL", "ENG F ENG S A YOR - BEL",
	"ENG F LON S F NTH",
	"FRA A BEL - HOL", "FRA A PIC S A BEL", "FRA A BUR S A BEL",
	"FRA A PAR - PIC", "FRA F MAO - ENG",
	"ITA A TYR - MUN", "ITA A VEN S A TYR - MUN", "ITA F ION - AEG",
	"ITA A ROM - VEN",
};

static double
now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
parse_all(const struct dip_map *m, const char *const *lines, int n,
    struct dip_order *out)
{
	struct game_diag	 why;
	char			 power[4];
	int			 i;

	for (i = 0; i < n; i++) {
		memcpy(power, lines[i], 3);
		power[3] = '\0';
		if (dip_order_parse(m, dip_map_power(m, power), lines[i] + 4,
		    &out[i], 1, &why) != 1) {
			fprintf(stderr, "bench: cannot parse %s\n", lines[i]);
			exit(1);
		}
	}
	return n;
}

static void
time_phase(const char *label, const struct dip_state *start,
    const struct dip_order *orders, int norders)
{
	static struct dip_report	 rep;
	static struct dip_scratch	 scratch;
	struct dip_state		 st;
	double				 t0, t;
	long				 n = 0, i;

	t0 = now();
	do {
		for (i = 0; i < 1000; i++) {
			st = *start;
			dip_adjudicate(&st, orders, norders, &rep, &scratch);
		}
		n += 1000;
	} while ((t = now() - t0) < BENCH_SECONDS);
	printf("bench dip: %-34s %10.0f phases/s (%d units)\n", label,
	    (double)n / t, start->nunits);
}

static int
load_cases(char **texts)
{
	DIR		*d;
	struct dirent	*e;
	char		 path[512];
	int		 n = 0;

	if ((d = opendir("tests/data/datc")) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL && n < BENCH_CASES) {
		FILE	*f;
		long	 len;

		if (strstr(e->d_name, ".txt") == NULL)
			continue;
		snprintf(path, sizeof(path), "tests/data/datc/%s", e->d_name);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		fseek(f, 0, SEEK_END);
		len = ftell(f);
		rewind(f);
		texts[n] = calloc(1, (size_t)len + 1);
		if (texts[n] != NULL && fread(texts[n], 1, (size_t)len, f) ==
		    (size_t)len)
			n++;
		fclose(f);
	}
	closedir(d);
	return n;
}

static void
time_datc(void)
{
	struct game_diag	 why;
	char			*texts[BENCH_CASES];
	FILE			*null;
	double			 t0, t;
	long			 phases = 0, rounds = 0;
	int			 n, i;
	const char		*s;

	n = load_cases(texts);
	null = fopen("/dev/null", "w");
	if (n == 0 || null == NULL) {
		printf("bench dip: datc: tests/data/datc not found\n");
		return;
	}
	t0 = now();
	do {
		for (i = 0; i < n; i++) {
			struct cli	*c = dip_cli_new(0, &why);
			FILE		*in = fmemopen(texts[i],
			    strlen(texts[i]), "r");

			dip_cli_run(c, in, null);
			fclose(in);
			dip_cli_free(c);
			if (rounds == 0)
				for (s = texts[i]; (s = strstr(s, "PHASE ")); s++)
					phases++;
		}
		rounds++;
	} while ((t = now() - t0) < BENCH_SECONDS);
	printf("bench dip: %-34s %10.0f phases/s (%d cases, %ld phases, "
	    "map load included)\n", "(c) the DATC suite via the CLI code",
	    (double)(phases * rounds) / t, n, phases);
	for (i = 0; i < n; i++)
		free(texts[i]);
	fclose(null);
}

int
main(void)
{
	static struct dip_map	 map;
	static struct dip_order	 orders[64];
	struct dip_state	 st;
	struct game_diag	 why;
	struct rusage		 ru;
	char			 power[4];
	size_t			 i;
	int			 n;

	if (dip_map_load(dip_standard_map_text, &map, &why) < 0) {
		fprintf(stderr, "bench: bad map\n");
		return 1;
	}
	dip_state_init(&st, &map, 0);
	n = parse_all(&map, opening, 22, orders);
	time_phase("(a) S1901 opening, 22 orders", &st, orders, n);

	dip_state_init(&st, &map, 0);
	dip_state_clear(&st);
	st.year = 1905;
	for (i = 0; i < sizeof(crowded_units) / sizeof(crowded_units[0]); i++) {
		memcpy(power, crowded_units[i], 3);
		power[3] = '\0';
		dip_state_add_unit(&st, dip_map_power(&map, power),
		    crowded_units[i][4] == 'A' ? DIP_ARMY : DIP_FLEET,
		    dip_map_locname(&map, crowded_units[i] + 6));
	}
	n = parse_all(&map, crowded_orders,
	    (int)(sizeof(crowded_orders) / sizeof(crowded_orders[0])), orders);
	time_phase("(b) crowded mid-game movement", &st, orders, n);

	time_datc();
	getrusage(RUSAGE_SELF, &ru);
	printf("bench dip: peak memory %ld KiB (ru_maxrss)\n", ru.ru_maxrss);
	return 0;
}
