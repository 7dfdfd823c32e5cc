/*
 * cli_priv.h - what the files of `pbemd adjudicate` share: the struct
 * cli of a run (cli_read.c cuts the input into lines and fields, cli.c
 * reads the cases from them, cli_print.c prints each phase's results).
 * Nothing outside cli*.c includes it; others see cli.h.
 */
#ifndef PBEMD_DIP_CLI_PRIV_H
#define PBEMD_DIP_CLI_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "dip.h"

#define CLI_LINE_MAX	1024	/* an input line with its NUL; longer: an error */
#define CLI_BLOCK	65536	/* the input is read in blocks of this */
#define CLI_TEXT_MAX	160	/* one order as read; longer: VOID(too long) */
/* An output line: "ORDER " POW " " text " = " and a result of up to
 * "VOID(" why ")", each part whole (text and why < CLI_TEXT_MAX). */
#define CLI_OUT_TEXT	(2 * CLI_TEXT_MAX + 24)
#define CLI_OUT_MAX	(DIP_MAX_ORDERS + 4 * DIP_MAX_UNITS + 16)
/* The output is gathered here and written when this much is waiting, at
 * the end, before more input is read and before a word to stderr. */
#define CLI_OUT_FLUSH	65536
/* Bytes a line may be built with beyond its own: names are copied as
 * the 8 bytes of their arrays, whatever their length (cli_print.c). */
#define CLI_OUT_SLACK	8
#define CLI_FIELDS	64	/* of a record; more: the line cannot be read */
#define CLI_ID_MAX	64	/* a case's name as read; longer: cut */
/* A case's pictures' stem: its name made a file name, "~N" appended. */
#define CLI_STEM_MAX	(CLI_ID_MAX + 16)
/* The sort key of an output line below its kind: a power and a
 * location's rank (cli_print.c), CLI_RANK_NONE after every location. */
#define CLI_RANK_NONE	0xff
#define CLI_KEYS	(DIP_MAX_POWERS << 8)
#define CLI_RESULTS	(DIP_VOID + 1)	/* enum dip_result */
#define CLI_RESULT_MAX	48	/* "FAILS(" why ")": the longest is 36 */

_Static_assert(CLI_OUT_TEXT >= sizeof("ORDER ") + 3 + 1 + CLI_TEXT_MAX +
    3 + sizeof("VOID()") + CLI_TEXT_MAX, "an ORDER line fits whole");
/* The longest English text below with two whole arguments. */
_Static_assert(CLI_TEXT_MAX >= sizeof("unknown province ; did you mean ?") +
    2 * (GAME_ARG_MAX - 1), "a parse error fits whole");
_Static_assert(DIP_MAX_POWERS <= 8 && DIP_MAX_LOCS < CLI_RANK_NONE,
    "a sort key holds a power and a location's rank");
_Static_assert(CLI_OUT_MAX < INT16_MAX, "a line's number fits a sort list");

/* An order as read (its reason, when it cannot be read, is in struct
 * cli's why under the same index: few lines need one). */
struct cli_line {
	int8_t		 power;
	int16_t		 order;		/* index in orders, or -1 */
	uint8_t		 len;		/* of text */
	char		 text[CLI_TEXT_MAX];
};

_Static_assert(CLI_TEXT_MAX <= UINT8_MAX + 1, "an order's length fits len");

/*
 * The lines of one kind of a phase's output in their order (cli_print.c):
 * a list per sort key in the order made, and a bit per key in use, so
 * that only the bits are cleared for every phase.
 */
struct cli_sort {
	uint64_t	 used[CLI_KEYS / 64];
	int16_t		 head[CLI_KEYS], tail[CLI_KEYS];
	int16_t		 next[CLI_OUT_MAX];
};

struct cli {
	struct dip_map		 map;
	struct dip_state	 st;
	struct dip_report	 rep;
	struct dip_scratch	 scratch;
	struct dip_order	 orders[DIP_MAX_ORDERS];
	/* One more than the orders: the segment that finds them all used
	 * is read into the last before it is refused (cli.c). */
	struct cli_line		 lines[DIP_MAX_ORDERS + 1];
	char			 why[DIP_MAX_ORDERS + 1][CLI_TEXT_MAX];
	/* The provinces with a unit on st while UNIT lines add units (cli.c);
	 * made anew from st when occupied_ok is false. */
	struct dip_set		 occupied;
	bool			 occupied_ok;
	/* The phase's output (cli_print.c): what each line shows and its
	 * sort key, by kind, then the order of each kind. */
	uint16_t		 item[CLI_OUT_MAX], key[CLI_OUT_MAX];
	uint16_t		 sorted[CLI_OUT_MAX];
	struct cli_sort		 sort;
	struct dip_set		 owned[DIP_MAX_POWERS];	/* centres */
	/* Each location's place in the alphabetical order of their names;
	 * the names of powers and locations padded to 8 bytes, and their
	 * lengths, for the printing (cli_print.c). */
	uint8_t			 loc_rank[DIP_MAX_LOCS];
	uint8_t			 loc_len[DIP_MAX_LOCS];
	char			 power_pad[DIP_MAX_POWERS][8];
	uint8_t			 power_len[DIP_MAX_POWERS];
	/* The last part of an ORDER line: "SUCCEEDS", "FAILS(bounce)" for
	 * each result and reason, and its length (cli_print.c). */
	char			 result[CLI_RESULTS][DIP_W__COUNT][CLI_RESULT_MAX];
	uint8_t			 result_len[CLI_RESULTS][DIP_W__COUNT];
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
	/* The input: a block read, its lines cut in place (cli_read.c). */
	char			 in[CLI_BLOCK + 1];
	size_t			 inpos, inend;
	bool			 ineof;
	bool			 inskip;	/* the rest of a line too long */
	/* Where the block's next CR is, from the line being read on
	 * (cli_read.c, cli_find_cr); not searched yet when crok is false. */
	size_t			 crpos;
	bool			 crok;
	/* The output waiting to be written to fout (cli_print.c). */
	char			 obuf[CLI_OUT_FLUSH + CLI_OUT_TEXT + 1 +
				    CLI_OUT_SLACK];
	size_t			 olen;
	FILE			*fout;
	const char		*pngdir;	/* --png DIR, or NULL */
	dip_cli_draw_fn		 draw;
	void			*draw_arg;
	/* --png: every stem given this run, so that no case's pictures
	 * replace another's (owned). */
	char			(*stems)[CLI_STEM_MAX];
	int			 nstems, maxstems;
};

/* A field of an input line: where it begins in the line, its length. */
struct cli_field {
	const char	*s;
	size_t		 len;
};

/* Whether field f is the word w (a string literal). */
#define CLI_IS(f, w)	((f)->len == sizeof(w) - 1 &&			\
	memcmp((f)->s, (w), sizeof(w) - 1) == 0)

/* One line of the input as cli_read_next() hands it over: valid until
 * the next call. */
struct cli_input {
	const char		*line;		/* ended at its first CR */
	int			 lineno;
	bool			 toolong;	/* line: its first bytes, as read */
	int			 nf;		/* fields, or -1: over CLI_FIELDS */
	struct cli_field	 f[CLI_FIELDS];
};

/* cli_read.c */
bool		 cli_read_next(struct cli *, FILE *in, struct cli_input *);
const char	*cli_read_result(const char *text);
const char	*cli_read_order(const char *in, const char *stop,
		    struct cli_line *l, bool *whole);

/* cli_print.c */
void	 cli_print_init(struct cli *);
void	 cli_print_why(const struct dip_map *, const struct game_diag *,
	    char *out, size_t len);
void	 cli_print_phase(struct cli *, const char *code);
void	 cli_print_text(struct cli *, const char *s, size_t len);
void	 cli_print_flush(struct cli *);

#endif
