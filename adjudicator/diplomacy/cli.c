/*
 * cli.c - `pbemd adjudicate [--no-retreat] [--start=1898] [FILE|-]`.
 *
 * Reads any number of cases in the record format of the DATC data (each
 * CASE ... END: UNIT and OWNS lines, PHASE blocks with ORDER lines;
 * expected results and the other result records are ignored, so DATC
 * cases can be fed as they are), each from its own start with the map
 * loaded once, and prints under each CASE line the results of its phases
 * in the same notation, sorted by power and location. An order that
 * cannot be read becomes VOID(<why>); a line that cannot be read ends its
 * case with an ERROR record naming the line (and on stderr), the other
 * cases still run, and the status is 65. With --png DIR each phase's map
 * (board_map.c) goes to a caller-given drawing, one file per case and
 * phase. This file does the I/O; the engine does the rest.
 */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "cli.h"
#include "cli_priv.h"
#include "common/util.h"
#include "dip.h"

enum {
	EX_OK = 0,
	EX_USAGE = 64,
	EX_DATAERR = 65,
	EX_NOINPUT = 66,
	EX_CANTCREAT = 73
};

/*
 * The open case ends here: an ERROR record under its CASE line and the
 * same on stderr, naming the case and the line, quoted with anything
 * unprintable shown as '?', its first 79 characters (the line number
 * says which it is). The rest of the case is skipped up to its END.
 */
static void
cli_case_error(struct cli *c, int lineno, const char *what, const char *line)
{
	char	 shown[80], text[160];
	size_t	 i;
	int	 n;

	for (i = 0; line[i] != '\0' && i + 1 < sizeof(shown); i++)
		shown[i] = line[i] >= ' ' && line[i] < 0x7f ? line[i] : '?';
	shown[i] = '\0';
	n = snprintf(text, sizeof(text), "ERROR line %d: %s: %s\n", lineno,
	    what, shown);
	cli_print_text(c, text, (size_t)n < sizeof(text) ? (size_t)n :
	    sizeof(text) - 1);
	/* What went to the output so far comes before the word on stderr,
	 * as it did when each line was printed at once. */
	cli_print_flush(c);
	if (c->named)
		fprintf(stderr, "pbemd adjudicate: case %s: line %d: %s: %s\n",
		    c->id, lineno, what, shown);
	else
		fprintf(stderr, "pbemd adjudicate: line %d: %s: %s\n", lineno,
		    what, shown);
	c->nbad += !c->bad;
	c->bad = true;
}

static void
cli_start(struct cli *c)
{
	if (c->started)
		return;
	dip_state_init(&c->st, &c->map, c->options);
	if (c->setup)
		dip_state_clear(&c->st);
	c->started = true;
	c->occupied_ok = false;
}

/*
 * The phase just played (code) as a map, through the judge's own map of
 * a board (board_map.c): the position now, every order with its result,
 * the dislodged units with their options, the units disbanded or
 * removed. Orders beyond a board's record are left out (counted).
 */
static int
cli_draw(struct cli *c, const char *code)
{
	struct dip_board	*b = xcalloc(1, sizeof(*b));
	struct game_mapview	*mv = xcalloc(1, sizeof(*mv));
	struct dip_res		*r;
	char			 path[4096];
	int			 i, rc;

	b->st = c->st;
	snprintf(b->last, sizeof(b->last), "%s", code);
	for (i = 0; i < c->norders && b->nres < DIP_BOARD_RES; i++) {
		r = &b->res[b->nres++];
		r->power = c->orders[i].power;
		r->result = c->rep.out[i].result;
		r->why = c->rep.out[i].why;
		r->how = DIP_HOW_ORDER;
		dip_order_format(&c->map, &c->orders[i], r->text,
		    sizeof(r->text));
	}
	b->ndisl = c->rep.ndislodged;
	memcpy(b->disl, c->rep.dislodged, sizeof(b->disl));
	for (i = 0; i < c->rep.ndisbanded && b->ngone < DIP_MAX_UNITS; i++)
		b->gone[b->ngone++].unit = c->rep.disbanded[i];
	for (i = 0; i < c->rep.nautoremoved && b->ngone < DIP_MAX_UNITS; i++)
		b->gone[b->ngone++].unit = c->rep.autoremoved[i];
	dip_board_map_powers(&c->map, mv);
	mv->nboards = 1;
	dip_board_map(b, "", code, &mv->board[0]);
	snprintf(path, sizeof(path), "%s/%s%s%s.png", c->pngdir, c->stem,
	    c->stem[0] != '\0' ? "-" : "", code);
	/* The drawing may say why it failed on stderr: what the output
	 * holds so far comes first. */
	cli_print_flush(c);
	rc = c->draw(c->draw_arg, path, mv);
	free(mv);
	free(b);
	return rc;
}

/* Plays the open phase and prints it; -1 if the engine refused, -2 if
 * its map (--png) cannot be written. */
static int
cli_flush(struct cli *c)
{
	char	 code[16];

	if (!c->pending)
		return 0;
	cli_start(c);
	dip_state_phase_code(&c->st, code, sizeof(code));
	c->occupied_ok = false;
	if (dip_adjudicate(&c->st, c->orders, c->norders, &c->rep,
	    &c->scratch) < 0)
		return -1;
	cli_print_phase(c, code);
	if (c->pngdir != NULL && cli_draw(c, code) != 0)
		return -2;
	c->norders = c->nlines = 0;
	c->pending = false;
	return 0;
}

static int
cli_order(struct cli *c, int power, const char *text)
{
	struct game_diag	 why;
	const char		*seg, *end, *stop;
	struct cli_line		*l;
	bool			 whole;
	int			 n;

	stop = cli_read_result(text);
	for (seg = text; seg < stop || seg == text; seg = end + 1) {
		/* lines has a spare entry for the segment that finds every
		 * other one used. */
		l = &c->lines[c->nlines];
		end = cli_read_order(seg, stop, l, &whole);
		if (l->text[0] == '\0') {
			if (end >= stop)
				break;
			continue;
		}
		if (c->nlines == DIP_MAX_ORDERS)
			return -1;
		l->power = (int8_t)power;
		l->order = -1;
		if (!whole) {
			game_diag_set(&why, "dip.err.too_long", 0);
			cli_print_why(&c->map, &why, c->why[c->nlines],
			    sizeof(c->why[0]));
		} else if ((n = dip_order_parse(&c->map, power, l->text,
		    &c->orders[c->norders], 1, &why)) == 1)
			l->order = (int16_t)c->norders++;
		else
			cli_print_why(&c->map, &why, c->why[c->nlines],
			    sizeof(c->why[0]));
		c->nlines++;
		if (end >= stop)
			break;
	}
	return 0;
}

/* The first UNIT or OWNS line replaces the standard opening; the phase
 * the input named stays. */
static void
cli_setup(struct cli *c)
{
	int	 year, season, phase;

	if (c->setup)
		return;
	c->setup = true;
	if (!c->started)
		return;
	year = c->st.year;
	season = c->st.season;
	phase = c->st.phase;
	dip_state_clear(&c->st);
	c->occupied_ok = false;
	c->st.year = year;
	c->st.season = (uint8_t)season;
	c->st.phase = (uint8_t)phase;
}

/*
 * The unit of a UNIT line on the board, as dip_state_add_unit() would
 * put it there, which looks for a unit in the province through the whole
 * board: a set of the provinces taken instead (issue 18: 60 units made
 * that search a tenth of reading a phase).
 */
static int
cli_add_unit(struct cli *c, int power, int kind, int loc)
{
	struct dip_unit	*u;
	int		 i, prov = c->map.loc[loc].prov;

	if (!c->occupied_ok) {
		memset(&c->occupied, 0, sizeof(c->occupied));
		for (i = 0; i < c->st.nunits; i++)
			dip_set_add(&c->occupied,
			    c->map.loc[c->st.unit[i].loc].prov);
		c->occupied_ok = true;
	}
	if (c->st.nunits == DIP_MAX_UNITS || dip_set_has(&c->occupied, prov))
		return -1;
	u = &c->st.unit[c->st.nunits++];
	u->power = (int8_t)power;
	u->kind = (uint8_t)kind;
	u->loc = (uint8_t)loc;
	dip_set_add(&c->occupied, prov);
	return 0;
}

static int
cli_unit_line(struct cli *c, const struct cli_field *f, int nf)
{
	int	 p, l;
	bool	 army;

	if (nf != 4 ||
	    (p = dip_map_power_len(&c->map, f[1].s, f[1].len)) < 0 ||
	    (l = dip_map_locname_len(&c->map, f[3].s, f[3].len)) < 0 ||
	    (!CLI_IS(&f[2], "A") && !CLI_IS(&f[2], "F")))
		return -1;
	army = f[2].s[0] == 'A';
	cli_setup(c);
	cli_start(c);
	if (army && l >= c->map.nprov)
		l = c->map.loc[l].prov;	/* DATC 4.B.6: army coast ignored */
	if (!army && c->map.prov[c->map.loc[l].prov].terrain == DIP_LAND)
		return -1;
	return cli_add_unit(c, p, army ? DIP_ARMY : DIP_FLEET, l);
}

static int
cli_owns_line(struct cli *c, const struct cli_field *f, int nf)
{
	int	 p, i, l;

	if (nf < 2 || (p = dip_map_power_len(&c->map, f[1].s, f[1].len)) < 0)
		return -1;
	cli_setup(c);
	cli_start(c);
	for (i = 2; i < nf; i++) {
		l = dip_map_locname_len(&c->map, f[i].s, f[i].len);
		if (l < 0 || l >= c->map.nprov || !c->map.prov[l].centre)
			return -1;
		c->st.owner[l] = (int8_t)p;
	}
	return 0;
}

/* -1 if the line cannot be read; -2 if the last phase's map cannot be
 * written. */
static int
cli_phase_line(struct cli *c, const struct cli_field *f, int nf)
{
	char	 code[CLI_LINE_MAX];
	int	 rc;

	if (nf != 2)
		return -1;
	if ((rc = cli_flush(c)) < 0)
		return rc;
	cli_start(c);
	/* f[1].len < CLI_LINE_MAX: it is part of a line. */
	memcpy(code, f[1].s, f[1].len);
	code[f[1].len] = '\0';
	if (dip_state_set_phase(&c->st, code) < 0)
		return -1;
	c->pending = true;
	return 0;
}

/*
 * One record of the open case, its fields f (cli_read_split); -1 if
 * the line cannot be read, -2 (cli_flush) if a map cannot be written.
 * The records of most lines are tried first.
 */
static int
cli_record(struct cli *c, const struct cli_field *f, int nf)
{
	static const char *const ignored[] = { "TITLE", "POINT", "PREF",
	    "ALT", "NOTE", "DISLODGED", "RETREATS", "DISBANDED",
	    "AUTOREMOVE", "AFTER", "WINNER" };
	int	 p;
	size_t	 i;

	if (CLI_IS(&f[0], "ORDER")) {
		if (nf < 3 ||
		    (p = dip_map_power_len(&c->map, f[1].s, f[1].len)) < 0 ||
		    !c->pending)
			return -1;
		/* The order is the rest of the line after the power. */
		return cli_order(c, p, f[1].s + f[1].len);
	}
	if (CLI_IS(&f[0], "UNIT"))
		return cli_unit_line(c, f, nf);
	if (CLI_IS(&f[0], "PHASE"))
		return cli_phase_line(c, f, nf);
	if (CLI_IS(&f[0], "OWNS"))
		return cli_owns_line(c, f, nf);
	for (i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++)
		if (f[0].len == strlen(ignored[i]) &&
		    memcmp(f[0].s, ignored[i], f[0].len) == 0)
			return 0;
	return -1;
}

/* Whether stem was given to an earlier case of this run. */
static bool
cli_stem_used(const struct cli *c, const char *stem)
{
	int	 i;

	for (i = 0; i < c->nstems; i++)
		if (strcmp(c->stems[i], stem) == 0)
			return true;
	return false;
}

/*
 * The stem of the open case's pictures, "DIR/<stem>-S1901M.png": its
 * name with every byte but letters, digits and ".+-_" made '_' (and no
 * leading '.'); none for the first case without a CASE line, so a lone
 * case of old keeps "DIR/S1901M.png"; "case<N>" for the others without a
 * name. "~2", "~3", ... are appended to a stem an earlier case had.
 */
static void
cli_stem(struct cli *c)
{
	char	 base[CLI_ID_MAX + 12];
	size_t	 i;
	int	 k;

	if (c->named && c->id[0] != '\0') {
		for (i = 0; c->id[i] != '\0'; i++)
			base[i] = isalnum((unsigned char)c->id[i]) ||
			    strchr(".+-_", c->id[i]) != NULL ? c->id[i] : '_';
		base[i] = '\0';
		if (base[0] == '.')
			base[0] = '_';
	} else if (!c->named && !cli_stem_used(c, ""))
		base[0] = '\0';
	else
		snprintf(base, sizeof(base), "case%d", c->ncases);
	snprintf(c->stem, sizeof(c->stem), "%s", base);
	for (k = 2; cli_stem_used(c, c->stem); k++)
		snprintf(c->stem, sizeof(c->stem), "%s~%d", base, k);
	if (c->nstems == c->maxstems) {
		c->maxstems = c->maxstems ? 2 * c->maxstems : 64;
		c->stems = xrealloc(c->stems, (size_t)c->maxstems *
		    sizeof(*c->stems));
	}
	memcpy(c->stems[c->nstems++], c->stem, sizeof(c->stem));
}

/* A new case, named by its CASE line (id, or NULL without one): from the
 * standard opening, nothing ordered. */
static void
cli_case_open(struct cli *c, bool named, const struct cli_field *id)
{
	char	 line[sizeof("CASE \n") + CLI_ID_MAX];
	size_t	 i, n;

	c->open = true;
	c->named = named;
	c->bad = false;
	c->setup = c->started = c->pending = false;
	c->norders = c->nlines = 0;
	c->ncases++;
	/* The name as far as it fits, with nothing unprintable: it goes to
	 * the output and to stderr. */
	n = id == NULL ? 0 : id->len < sizeof(c->id) ? id->len :
	    sizeof(c->id) - 1;
	for (i = 0; i < n; i++)
		c->id[i] = (unsigned char)id->s[i] < ' ' || id->s[i] == 0x7f ?
		    '?' : id->s[i];
	c->id[n] = '\0';
	if (named) {
		memcpy(line, "CASE ", 5);
		memcpy(line + 4 + (id != NULL), c->id, n);
		n += 4 + (id != NULL);
		line[n++] = '\n';
		cli_print_text(c, line, n);
	}
	if (c->pngdir != NULL)
		cli_stem(c);
}

/*
 * The open case ends (at lineno: its END, the next CASE, the end of the
 * input): its last phase is played unless a line of it could not be
 * read, and END closes what CASE opened. -2 if a map cannot be written.
 */
static int
cli_case_close(struct cli *c, int lineno)
{
	int	 rc = 0;

	if (!c->open)
		return 0;
	if (!c->bad && (rc = cli_flush(c)) == -1)
		cli_case_error(c, lineno, "cannot adjudicate", "");
	if (rc == -2)
		return -2;
	if (c->named)
		cli_print_text(c, "END\n", 4);
	c->open = false;
	return 0;
}

/* One line of the input, r (cli_read_next); -2 if a map cannot be
 * written. */
static int
cli_line(struct cli *c, const struct cli_input *r)
{
	const struct cli_field	*f = r->f;
	int			 nf = r->nf, rc;

	if (r->toolong) {
		if (!c->open)
			cli_case_open(c, false, NULL);
		if (!c->bad)
			cli_case_error(c, r->lineno, "line too long", r->line);
		return 0;
	}
	if (nf == 0 || (nf > 0 && f[0].s[0] == '#'))
		return 0;
	if (nf > 0 && CLI_IS(&f[0], "CASE")) {
		if (cli_case_close(c, r->lineno) < 0)
			return -2;
		cli_case_open(c, true, nf > 1 ? &f[1] : NULL);
		return 0;
	}
	if (nf > 0 && CLI_IS(&f[0], "END"))
		return cli_case_close(c, r->lineno);
	if (!c->open)
		cli_case_open(c, false, NULL);
	if (c->bad)
		return 0;
	if (nf < 0 || (rc = cli_record(c, f, nf)) == -1) {
		cli_case_error(c, r->lineno, "cannot read", r->line);
		return 0;
	}
	return rc;
}

int
dip_cli_run(struct cli *c, FILE *in, FILE *out)
{
	struct cli_input	 r;
	int			 rc = 0;

	c->fout = out;
	c->olen = 0;
	c->open = false;
	c->ncases = c->nbad = c->nstems = 0;
	c->inpos = c->inend = 0;
	c->ineof = c->inskip = c->crok = false;
	r.lineno = 0;
	while (rc != -2 && cli_read_next(c, in, &r))
		rc = cli_line(c, &r);
	if (rc != -2)
		rc = cli_case_close(c, r.lineno);
	cli_print_flush(c);
	if (rc == -2)
		return EX_CANTCREAT;
	return c->nbad > 0 ? EX_DATAERR : EX_OK;
}

/* Each location's place in the alphabetical order of the names, the
 * order of the output within a power (cli_print.c): an insertion sort of
 * the locations, which the map lists nearly in that order. */
static void
cli_rank_locs(struct cli *c)
{
	uint8_t	 order[DIP_MAX_LOCS], t;
	int	 i, j;

	for (i = 0; i < c->map.nlocs; i++) {
		order[i] = (uint8_t)i;
		for (j = i; j > 0 && strcmp(c->map.loc[order[j - 1]].name,
		    c->map.loc[order[j]].name) > 0; j--) {
			t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	}
	for (i = 0; i < c->map.nlocs; i++)
		c->loc_rank[order[i]] = (uint8_t)i;
}

struct cli *
dip_cli_new(unsigned options, struct game_diag *why)
{
	struct cli	*c = xcalloc(1, sizeof(*c));

	(void)why;	/* the map is checked when the program is built */
	dip_map_standard(&c->map);
	cli_rank_locs(c);
	cli_print_init(c);
	c->options = options;
	return c;
}

void
dip_cli_free(struct cli *c)
{
	if (c == NULL)
		return;
	free(c->stems);
	free(c);
}

static int
cli_usage(void)
{
	fprintf(stderr, "usage: pbemd adjudicate [--no-retreat] "
	    "[--start=1898] [--old-civil-disorder] [--png DIR] [FILE|-]\n");
	return EX_USAGE;
}

int
dip_cli_main(int argc, char **argv, dip_cli_draw_fn draw, void *arg)
{
	struct game_diag	 why;
	struct cli		*c;
	const char		*path = NULL, *pngdir = NULL;
	unsigned		 options = 0;
	FILE			*in = stdin;
	int			 i, rc;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--no-retreat") == 0)
			options |= DIP_OPT_NO_RETREAT;
		else if (strcmp(argv[i], "--start=1898") == 0)
			options |= DIP_OPT_START_1898;
		else if (strcmp(argv[i], "--old-civil-disorder") == 0)
			options |= DIP_OPT_OLD_DISORDER;
		else if (strcmp(argv[i], "--png") == 0 && i + 1 < argc &&
		    draw != NULL)
			pngdir = argv[++i];
		else if (path == NULL && (argv[i][0] != '-' ||
		    strcmp(argv[i], "-") == 0))
			path = argv[i];
		else
			return cli_usage();
	}
	if (path != NULL && strcmp(path, "-") != 0 &&
	    (in = fopen(path, "r")) == NULL) {
		fprintf(stderr, "pbemd adjudicate: cannot open %s\n", path);
		return EX_NOINPUT;
	}
	c = dip_cli_new(options, &why);
	c->pngdir = pngdir;
	c->draw = draw;
	c->draw_arg = arg;
	rc = dip_cli_run(c, in, stdout);
	dip_cli_free(c);
	if (in != stdin)
		fclose(in);
	return rc;
}
