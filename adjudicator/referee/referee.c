/*
 * referee.c - `pbemd referee GAME`: the referee's console.
 *
 * Reads commands on standard input, one per line, and answers each on
 * standard output: a first line "ok ...", "refused KEY TEXT" or
 * "error TEXT", the answer's lines, and a line "." (docs/referee.md). This
 * file is the top of the console: the command table and the loop over the
 * input; the commands are show.c's (the position) and orders.c's, and
 * what they share is session.c's. The console holds one position in
 * memory and touches no database or mail.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/referee/referee_priv.h"
#include "common/util.h"

static int
referee_cmd_help(struct referee *r, char *rest)
{
	(void)rest;
	fputs("ok\n"
	    "new SEED [first SIDE] [OPTION...]\n"
	    "position            (then the saved state text, then \".\")\n"
	    "state\nsides\nas SIDE|gm|auto\nlegal\ncount\n"
	    "play LINE\norder LINE\nsubmit\norders\nclear [SIDE]\n"
	    "pending [SIDE]\nresign [SIDE]\n"
	    "view SIDE|gm\nboard SIDE|gm\nresult\nperft N\nhelp\nquit\n",
	    r->o->f);
	return 0;
}

static int
referee_cmd_quit(struct referee *r, char *rest)
{
	(void)rest;
	fputs("ok\n", r->o->f);
	return REFEREE_QUIT;
}

struct referee_cmd {
	const char	*word;
	bool		 position;	/* needs a loaded position */
	int		(*run)(struct referee *, char *rest);
};

static const struct referee_cmd referee_cmds[] = {
	{ "help", false, referee_cmd_help },
	{ "sides", false, referee_cmd_sides },
	{ "new", false, referee_cmd_new },
	{ "position", false, referee_cmd_position },
	{ "state", true, referee_cmd_state },
	{ "as", true, referee_cmd_as },
	{ "legal", true, referee_cmd_legal },
	{ "count", true, referee_cmd_count },
	{ "play", true, referee_cmd_play },
	{ "order", true, referee_cmd_order },
	{ "submit", true, referee_cmd_submit },
	{ "orders", true, referee_cmd_orders },
	{ "clear", true, referee_cmd_clear },
	{ "pending", true, referee_cmd_pending },
	{ "resign", true, referee_cmd_resign },
	{ "view", true, referee_cmd_view },
	{ "board", true, referee_cmd_board },
	{ "result", true, referee_cmd_result },
	{ "perft", true, referee_cmd_perft },
	{ "quit", false, referee_cmd_quit },
};

#define REFEREE_NCMDS	(sizeof(referee_cmds) / sizeof(referee_cmds[0]))

/* One command line; REFEREE_QUIT to stop. */
static int
referee_command(struct referee *r, char *line)
{
	char	*rest = line, *w;
	size_t	 i;
	int	 rc = 0;

	w = referee_word(&rest);
	rest += strspn(rest, " \t");
	for (i = 0; i < REFEREE_NCMDS; i++)
		if (strcasecmp(referee_cmds[i].word, w) == 0)
			break;
	if (i == REFEREE_NCMDS)
		referee_error(r, "unknown command %s; try help", w);
	else if (referee_cmds[i].position && r->st == NULL)
		referee_error(r, "no position: say \"new\" or \"position\" "
		    "first");
	else
		rc = referee_cmds[i].run(r, rest);
	referee_print_end(r->o);
	return rc;
}

int
referee_run(const struct referee_out *o, FILE *in, bool echo)
{
	struct referee	*r;
	char		*line = NULL;
	size_t		 cap = 0;
	ssize_t		 n;

	r = xcalloc(1, sizeof(*r));
	r->o = o;
	r->book = orderbook_new();
	r->in = in;
	r->speaker = REFEREE_AUTO;
	while ((n = getline(&line, &cap, in)) > 0) {
		while (n > 0 && isspace((unsigned char)line[n - 1]))
			line[--n] = '\0';
		if (line[strspn(line, " \t")] == '\0' ||
		    line[strspn(line, " \t")] == '#')
			continue;
		if (echo)
			fprintf(o->f, "> %s\n", line);
		if (n >= REFEREE_LINE_MAX) {
			referee_error(r, "line longer than %d bytes",
			    REFEREE_LINE_MAX - 1);
			referee_print_end(o);
			continue;
		}
		if (referee_command(r, line) == REFEREE_QUIT)
			break;
	}
	free(line);
	referee_set(r, NULL);
	orderbook_free(r->book);
	free(r);
	return 0;
}
