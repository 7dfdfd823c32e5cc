/*
 * cli_priv.h - what the files of `pbemd adjudicate` share: the struct
 * cli of a run (cli.c reads the cases, cli_print.c prints each phase's
 * results). Nothing outside cli*.c includes it; others see cli.h.
 */
#ifndef PBEMD_DIP_CLI_PRIV_H
#define PBEMD_DIP_CLI_PRIV_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "dip.h"

#define CLI_LINE_MAX	1024	/* an input line with its NUL; longer: an error */
#define CLI_BLOCK	65536	/* the input is read in blocks of this */
#define CLI_TEXT_MAX	160	/* one order as read; longer: VOID(too long) */
/* An output line: "ORDER " POW " " text " = " and a result of up to
 * "VOID(" why ")", each part whole (text and why < CLI_TEXT_MAX). */
#define CLI_OUT_TEXT	(2 * CLI_TEXT_MAX + 24)
#define CLI_OUT_MAX	(DIP_MAX_ORDERS + 4 * DIP_MAX_UNITS + 16)
#define CLI_FIELDS	64	/* of a record; more: the line cannot be read */
#define CLI_ID_MAX	64	/* a case's name as read; longer: cut */
/* A case's pictures' stem: its name made a file name, "~N" appended. */
#define CLI_STEM_MAX	(CLI_ID_MAX + 16)

_Static_assert(CLI_OUT_TEXT >= sizeof("ORDER ") + 3 + 1 + CLI_TEXT_MAX +
    3 + sizeof("VOID()") + CLI_TEXT_MAX, "an ORDER line fits whole");
/* The longest English text below with two whole arguments. */
_Static_assert(CLI_TEXT_MAX >= sizeof("unknown province ; did you mean ?") +
    2 * (GAME_ARG_MAX - 1), "a parse error fits whole");

struct cli_line {
	int8_t		 power;
	int16_t		 order;		/* index in orders, or -1 */
	char		 text[CLI_TEXT_MAX];
	char		 why[CLI_TEXT_MAX];	/* when it could not be read */
};

/* One output line, without its newline, and its sort key (cli_print.c):
 * kind of line (4 bits), power (3), a location's rank (8). */
struct cli_out {
	uint16_t	 key;
	uint16_t	 len;
	char		 text[CLI_OUT_TEXT];
};

_Static_assert(DIP_MAX_POWERS <= 8 && DIP_MAX_LOCS < 255,
    "a sort key holds a power and a location's rank");

struct cli {
	struct dip_map		 map;
	struct dip_state	 st;
	struct dip_report	 rep;
	struct dip_scratch	 scratch;
	struct dip_order	 orders[DIP_MAX_ORDERS];
	struct cli_line		 lines[DIP_MAX_ORDERS];
	struct cli_out		 out[CLI_OUT_MAX];
	int			 nout;
	uint16_t		 sorted[CLI_OUT_MAX], sorttmp[CLI_OUT_MAX];
	/* A phase's output: its PHASE line and every line with a newline. */
	char			 obuf[32 + CLI_OUT_MAX * (CLI_OUT_TEXT + 1)];
	/* Each location's place in the alphabetical order of their names. */
	uint8_t			 loc_rank[DIP_MAX_LOCS];
	int			 norders, nlines;
	unsigned		 options;
	bool			 setup;		/* UNIT or OWNS seen */
	bool			 started;	/* a state exists */
	bool			 pending;	/* a PHASE block is open */
	/* The case being read; dip_cli_run() reads one after the other. */
	bool			 open;
	bool			 named;		/* it began with a CASE line */
	bool			 bad;		/* a line of it cannot be read */
	char			 id[CLI_ID_MAX];	/* the CASE line's name */
	char			 stem[CLI_STEM_MAX];	/* of its pictures */
	int			 ncases, nbad;
	/* The input: a block read, its lines cut in place (cli.c). */
	char			 in[CLI_BLOCK + 1];
	size_t			 inpos, inend;
	bool			 ineof;
	bool			 inskip;	/* the rest of a line too long */
	FILE			*fout;
	const char		*pngdir;	/* --png DIR, or NULL */
	dip_cli_draw_fn		 draw;
	void			*draw_arg;
	/* --png: every stem given this run, so that no case's pictures
	 * replace another's (owned). */
	char			(*stems)[CLI_STEM_MAX];
	int			 nstems, maxstems;
};

/* cli_print.c */
void	 cli_print_why(const struct dip_map *, const struct game_diag *,
	    char *out, size_t len);
void	 cli_print_phase(struct cli *, const char *code);

#endif
