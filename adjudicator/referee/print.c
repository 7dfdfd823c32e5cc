/*
 * print.c - the line format of the referee's console: side names,
 * messages, multi-line texts and a seat's view.
 *
 * Every line printed here comes from a struct game_view, a struct game_msg
 * or the saved text the caller hands in, so the console can show no more
 * than the view holds (DESIGN.md: reports are made from the view alone).
 * The format is documented in README.md, "The referee console".
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/referee/referee.h"
#include "common/util.h"

static const char *const referee_shades[] = {
	[GAME_SHADE_PLAIN] = "plain",
	[GAME_SHADE_DARK] = "dark",
	[GAME_SHADE_CLOUD] = "cloud",
	[GAME_SHADE_EDGE] = "edge",
};

static const char *const referee_statuses[] = {
	[GAME_STATUS_FORMING] = "forming",
	[GAME_STATUS_RUNNING] = "running",
	[GAME_STATUS_OVER] = "over",
};

/*
 * A seat's name for the console: its English catalog text in lower case,
 * blanks as '-' ("White" -> "white"), so scripts do not depend on the
 * reader's language. "seatN" when the catalog has no text for it, or one
 * too long for REFEREE_SIDE_MAX: cut, two names could become one.
 */
void
referee_print_side(const struct referee_out *o, int seat,
    char out[REFEREE_SIDE_MAX])
{
	const char	*t;
	size_t		 i;

	if (seat == GAME_SEAT_GM) {
		snprintf(out, REFEREE_SIDE_MAX, "gm");
		return;
	}
	t = catalog_get(o->en, o->ops->seat_key(seat));
	if (t == NULL || *t == '\0' || strlen(t) >= REFEREE_SIDE_MAX) {
		snprintf(out, REFEREE_SIDE_MAX, "seat%d", seat);
		return;
	}
	for (i = 0; t[i] != '\0'; i++)
		out[i] = isspace((unsigned char)t[i]) ? '-' :
		    (char)tolower((unsigned char)t[i]);
	out[i] = '\0';
}

/* A seat named by its console name or its number; "gm"; or REFEREE_NOSIDE. */
int
referee_print_parse_side(const struct referee_out *o, const char *word)
{
	char	 name[REFEREE_SIDE_MAX], *end;
	long	 n;
	int	 seat;

	if (strcasecmp(word, "gm") == 0)
		return GAME_SEAT_GM;
	n = strtol(word, &end, 10);
	if (end != word && *end == '\0')
		return n >= 0 && n < o->ops->nseats ? (int)n : REFEREE_NOSIDE;
	for (seat = 0; seat < o->ops->nseats; seat++) {
		referee_print_side(o, seat, name);
		if (strcasecmp(name, word) == 0)
			return seat;
	}
	return REFEREE_NOSIDE;
}

/* "PREFIX KEY TEXT" on one line; a line break inside the text is " | ". */
void
referee_print_msg(const struct referee_out *o, const char *prefix,
    const struct game_msg *m)
{
	struct buf	 b;
	size_t		 i;

	buf_init(&b);
	catalog_render(o->cat, m, &b);
	fprintf(o->f, "%s %s ", prefix, m->key);
	for (i = 0; i < b.len; i++) {
		if (b.data[i] == '\n')
			fputs(" | ", o->f);
		else if (b.data[i] != '\r')
			fputc(b.data[i], o->f);
	}
	fputc('\n', o->f);
	buf_free(&b);
}

/* A multi-line text, a line "." doubled to ".." (as in SMTP). */
void
referee_print_text(const struct referee_out *o, const char *text)
{
	const char	*p = text, *nl;
	size_t		 n;

	while (*p != '\0') {
		nl = strchr(p, '\n');
		n = nl != NULL ? (size_t)(nl - p) : strlen(p);
		if (p[0] == '.')
			fputc('.', o->f);
		fprintf(o->f, "%.*s\n", (int)n, p);
		p += n + (nl != NULL);
	}
}

/* The end of every answer. */
void
referee_print_end(const struct referee_out *o)
{
	fputs(".\n", o->f);
	fflush(o->f);
}

/* The side an owner mark names; light_seat (game.h) says whose the light
 * objects are. */
static const char *
referee_print_owner(const struct referee_out *o, const struct game_cells *cs,
    int owner, char buf[REFEREE_SIDE_MAX])
{
	int	 light = cs->light_seat == 1 ? 1 : 0;

	switch (owner) {
	case GAME_OWNER_SEAT0:
		referee_print_side(o, light, buf);
		return buf;
	case GAME_OWNER_SEAT1:
		referee_print_side(o, 1 - light, buf);
		return buf;
	case GAME_OWNER_UNKNOWN:
		return "unknown";
	default:
		return "none";
	}
}

/* A cell worth a line: it holds an object, lies under a cloud or is
 * marked. The dark squares of a chess board are geometry, not news. */
static bool
referee_print_notable(const struct game_cell *c)
{
	return c->owner != GAME_OWNER_NONE || c->label[0] != '\0' ||
	    (c->shade != GAME_SHADE_PLAIN && c->shade != GAME_SHADE_DARK) ||
	    (c->marks & (GAME_MARK_ZONE | GAME_MARK_LAST)) != 0;
}

/*
 * The SHADE word of a cell line: the ground, then "zone" and "mark" for
 * its marks, joined by '+' ("cloud+mark"). A plain or dark ground is left
 * out beside a mark, as it was when a mark replaced the ground: "mark",
 * "zone+mark". out holds REFEREE_SHADE_MAX bytes, enough for the longest,
 * "cloud+zone+mark".
 */
#define REFEREE_SHADE_MAX	24
static void
referee_print_shade(const struct game_cell *c, char out[REFEREE_SHADE_MAX])
{
	const char	*ground = "plain";
	bool		 zone = (c->marks & GAME_MARK_ZONE) != 0;
	bool		 last = (c->marks & GAME_MARK_LAST) != 0;
	bool		 flat;

	if (c->shade < sizeof(referee_shades) / sizeof(referee_shades[0]))
		ground = referee_shades[c->shade];
	flat = c->shade != GAME_SHADE_CLOUD && c->shade != GAME_SHADE_EDGE;
	snprintf(out, REFEREE_SHADE_MAX, "%s%s%s%s",
	    flat && (zone || last) ? "" : ground,
	    zone ? (flat ? "zone" : "+zone") : "",
	    last && (zone || !flat) ? "+" : "", last ? "mark" : "");
}

static void
referee_print_cell(const struct referee_out *o, const struct game_cells *cs,
    const struct game_cell *c)
{
	static const char	 dirs[4] = { 'n', 'e', 's', 'w' };
	char			 side[REFEREE_SIDE_MAX];
	char			 shade[REFEREE_SHADE_MAX];
	int			 i;

	referee_print_shade(c, shade);
	fprintf(o->f, "cell %s %d %d %s %s %s", c->name[0] ? c->name : "-",
	    c->row, c->col, referee_print_owner(o, cs, c->owner, side),
	    c->label[0] ? c->label : "-", shade);
	for (i = 0; i < 4; i++)
		if (c->side[i][0] != '\0')
			fprintf(o->f, " %c=%s", dirs[i], c->side[i]);
	fputc('\n', o->f);
}

static int
referee_print_strcmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* "material OWNER N LABEL...": what one owner has on the board, sorted. */
static void
referee_print_material(const struct referee_out *o,
    const struct game_cells *cs, int owner)
{
	const char	*labels[GAME_CELLS_MAX];
	char		 side[REFEREE_SIDE_MAX];
	int		 i, n = 0;

	for (i = 0; i < cs->n && i < GAME_CELLS_MAX; i++)
		if (cs->cell[i].owner == owner)
			labels[n++] = cs->cell[i].label[0] ?
			    cs->cell[i].label : "-";
	if (n == 0)
		return;
	qsort(labels, (size_t)n, sizeof(labels[0]), referee_print_strcmp);
	fprintf(o->f, "material %s %d",
	    referee_print_owner(o, cs, owner, side),
	    n);
	for (i = 0; i < n; i++)
		fprintf(o->f, " %s", labels[i]);
	fputc('\n', o->f);
}

static void
referee_print_head(const struct referee_out *o, const struct game_view *v)
{
	char	 side[REFEREE_SIDE_MAX];
	int	 i, ndue = 0;

	referee_print_side(o, v->seat, side);
	fprintf(o->f, "seat %s\nply %d\nstatus %s\n", side, v->ply,
	    referee_statuses[v->status]);
	if (v->status == GAME_STATUS_OVER) {
		if (v->winner == GAME_DRAWN)
			fprintf(o->f, "winner drawn\n");
		else if (v->winner >= 0 && v->winner < o->ops->nseats) {
			referee_print_side(o, v->winner, side);
			fprintf(o->f, "winner %s\n", side);
		}
	}
	for (i = 0; i < o->ops->nseats && i < GAME_MAX_SEATS; i++) {
		if (!v->due[i])
			continue;
		referee_print_side(o, i, side);
		fprintf(o->f, "%s %s", ndue++ == 0 ? "due" : "", side);
	}
	if (ndue > 0)
		fputc('\n', o->f);
	if (v->phase[0] != '\0')
		fprintf(o->f, "phase %s\n", v->phase);
}

/*
 * The view as lines: a head (seat, ply, status, winner, due, phase), the
 * grid, one "cell" line per notable field, "material" per owner, then
 * every message of the view ("msg KEY TEXT").
 */
void
referee_print_view(const struct referee_out *o, const struct game_view *v)
{
	const struct game_cells	*cs = &v->cells;
	int			 i;

	referee_print_head(o, v);
	if (cs->n > 0) {
		fprintf(o->f, "grid %s %d %d\n", cs->shape == GAME_CELL_TRI ?
		    "tri" : "square", cs->rows, cs->cols);
		for (i = 0; i < cs->n && i < GAME_CELLS_MAX; i++)
			if (referee_print_notable(&cs->cell[i]))
				referee_print_cell(o, cs, &cs->cell[i]);
		referee_print_material(o, cs, GAME_OWNER_SEAT0);
		referee_print_material(o, cs, GAME_OWNER_SEAT1);
		referee_print_material(o, cs, GAME_OWNER_UNKNOWN);
	}
	for (i = 0; i < v->nmsgs && i < GAME_VIEW_MSGS; i++)
		referee_print_msg(o, "msg", &v->msgs[i]);
}
