/*
 * cli_print.c - the results of one phase of `pbemd adjudicate` in the
 * record notation of the DATC data: ORDER lines with their results, the
 * units dislodged with their retreats, disbanded and removed, every unit
 * after, and after a Fall the owners and a winner; sorted by kind of
 * line, power and location. Also the English text of an order that
 * cannot be read. Writes to the run's output only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_priv.h"

/* English texts for the parse errors; the judge renders the same keys
 * through templates/ (dip.txt) in the player's language. */
static const struct {
	const char	*key;
	const char	*fmt;
} cli_texts[] = {
	{ "dip.err.unknown_province", "unknown province %s" },
	{ "dip.err.unknown_province_hint",
	    "unknown province %s; did you mean %s?" },
	{ "dip.err.no_such_coast", "%s is not a coast of %s" },
	{ "dip.err.expected_province", "a province is missing" },
	{ "dip.err.expected_verb", "%s is not an order word" },
	{ "dip.err.expected_move", "expected a move after the unit" },
	{ "dip.err.convoy_needs_move", "a convoy needs a destination" },
	{ "dip.err.trailing", "unexpected %s at the end" },
	{ "dip.err.too_long", "order too long" },
	{ "dip.err.too_many", "too many orders" },
	{ "dip.err.empty", "no order" },
};

/*
 * An argument with each province reference ("@dip.prov.mun", order.c)
 * as the map's own name, "Munich", in out of GAME_ARG_MAX bytes. A list
 * of suggestions that grows too long so keeps its first whole names
 * ("did you mean Eastern Mediterranean (EAS), Mid-Atlantic Ocean
 * (MAO)"), as a message argument would.
 */
static void
cli_names(const struct dip_map *m, const char *arg, char out[GAME_ARG_MAX])
{
	static const char	 ref[] = "@dip.prov.";
	char			 abbr[4], whole[GAME_ARG_MAX * 4], *cut;
	size_t			 n = 0, i, len = sizeof(whole);
	int			 l;

	while (*arg != '\0' && n + 1 < len) {
		if (strncmp(arg, ref, sizeof(ref) - 1) == 0) {
			for (i = 0; i < 3 && arg[sizeof(ref) - 1 + i] != '\0';
			    i++)
				abbr[i] = arg[sizeof(ref) - 1 + i];
			abbr[i] = '\0';
			if (i == 3 && (l = dip_map_locname(m, abbr)) >= 0 &&
			    l < m->nprov) {
				n += (size_t)snprintf(whole + n, len - n, "%s",
				    m->prov[l].name);
				n = n < len ? n : len - 1;
				arg += sizeof(ref) - 1 + 3;
				continue;
			}
		}
		whole[n++] = *arg++;
	}
	whole[n] = '\0';
	while (n >= GAME_ARG_MAX && (cut = strrchr(whole, ',')) != NULL) {
		*cut = '\0';
		n = (size_t)(cut - whole);
	}
	game_msg_format(out, "%s", whole);
}

/* The English text of diagnostic d (an order that cannot be read) in out
 * of len bytes; the key itself for a key not in cli_texts. */
void
cli_print_why(const struct dip_map *m, const struct game_diag *d, char *out,
    size_t len)
{
	char	 a1[GAME_ARG_MAX], a2[GAME_ARG_MAX];
	size_t	 i;

	for (i = 0; i < sizeof(cli_texts) / sizeof(cli_texts[0]); i++)
		if (strcmp(cli_texts[i].key, d->msg.key) == 0) {
			cli_names(m, d->msg.args[1], a1);
			cli_names(m, d->msg.args[2], a2);
			snprintf(out, len, cli_texts[i].fmt, a1, a2);
			return;
		}
	snprintf(out, len, "%s", d->msg.key);
}

/*
 * A new output line of kind group (1 ORDER ... 8 WINNER) for power at
 * location loc (-1: none, after every location), or NULL when the phase
 * has CLI_OUT_MAX lines already. Its sort key: kind, power, the place of
 * the location's name in alphabetical order (cli.c, loc_rank).
 */
static struct cli_out *
cli_emit(struct cli *c, int group, int power, int loc)
{
	struct cli_out	*o;

	if (c->nout == CLI_OUT_MAX)
		return NULL;
	o = &c->out[c->nout++];
	o->key = (uint16_t)(group << 11 | power << 8 |
	    (loc >= 0 ? c->loc_rank[loc] : 0xff));
	o->len = 0;
	return o;
}

/* s appended to o's text, as much as fits. */
static void
cli_put(struct cli_out *o, const char *s)
{
	while (*s != '\0' && o->len < sizeof(o->text))
		o->text[o->len++] = *s++;
}

static void
cli_putc(struct cli_out *o, char ch)
{
	if (o->len < sizeof(o->text))
		o->text[o->len++] = ch;
}

/* "FRA A PAR" */
static void
cli_unit(const struct cli *c, struct cli_out *o, const struct dip_unit *u)
{
	cli_put(o, c->map.power[u->power]);
	cli_put(o, u->kind == DIP_ARMY ? " A " : " F ");
	cli_put(o, c->map.loc[u->loc].name);
}

static void
cli_result(struct cli_out *o, const struct dip_outcome *r)
{
	static const char *const words[] = { "SUCCEEDS", "SUCCEEDS(own)",
	    "FAILS(", "VOID(" };

	cli_put(o, words[r->result]);
	if (r->result >= DIP_FAILS) {
		cli_put(o, dip_why_table[r->why].word);
		cli_putc(o, ')');
	}
}

static void
cli_emit_orders(struct cli *c)
{
	struct cli_out	*o;
	int		 i;

	for (i = 0; i < c->nlines; i++) {
		const struct cli_line *l = &c->lines[i];

		o = cli_emit(c, 1, l->power, l->order >= 0 ?
		    c->orders[l->order].uloc : -1);
		if (o == NULL)
			return;
		cli_put(o, "ORDER ");
		cli_put(o, c->map.power[l->power]);
		cli_putc(o, ' ');
		cli_put(o, l->text);
		cli_put(o, " = ");
		if (l->order >= 0)
			cli_result(o, &c->rep.out[l->order]);
		else {
			cli_put(o, "VOID(");
			cli_put(o, l->why);
			cli_putc(o, ')');
		}
	}
}

/* A dislodged unit: DISLODGED, and RETREATS with its options. */
static void
cli_emit_dislodged(struct cli *c, const struct dip_retreat *d)
{
	struct cli_out	*o;
	int		 l, n;

	if ((o = cli_emit(c, 2, d->unit.power, d->unit.loc)) == NULL)
		return;
	cli_put(o, "DISLODGED ");
	cli_unit(c, o, &d->unit);
	cli_put(o, " FROM ");
	cli_put(o, c->map.prov[d->from].abbr);
	if (d->convoyed)
		cli_put(o, " CONVOYED");
	if ((c->st.options & DIP_OPT_NO_RETREAT) ||
	    (o = cli_emit(c, 3, d->unit.power, d->unit.loc)) == NULL)
		return;
	cli_put(o, "RETREATS ");
	cli_unit(c, o, &d->unit);
	cli_put(o, " :");
	for (l = 0, n = 0; l < c->map.nlocs; l++)
		if (dip_set_has(&d->options, l)) {
			cli_putc(o, ' ');
			cli_put(o, c->map.loc[l].name);
			n++;
		}
	if (n == 0)
		cli_put(o, " NONE");
}

/* word and a unit, for each of n units, as kind group. */
static void
cli_emit_list(struct cli *c, int group, const char *word,
    const struct dip_unit *u, int n)
{
	struct cli_out	*o;
	int		 i;

	for (i = 0; i < n; i++)
		if ((o = cli_emit(c, group, u[i].power, u[i].loc)) != NULL) {
			cli_put(o, word);
			cli_unit(c, o, &u[i]);
		}
}

static void
cli_emit_units(struct cli *c)
{
	const struct dip_report	*r = &c->rep;
	int			 i;

	for (i = 0; i < r->ndislodged; i++)
		cli_emit_dislodged(c, &r->dislodged[i]);
	cli_emit_list(c, 4, "DISBANDED ", r->disbanded, r->ndisbanded);
	cli_emit_list(c, 5, "AUTOREMOVE ", r->autoremoved, r->nautoremoved);
	cli_emit_list(c, 6, "AFTER ", c->st.unit, c->st.nunits);
}

/* After a Fall: who owns what, and a winner if there is one. */
static void
cli_emit_owners(struct cli *c)
{
	struct cli_out	*o;
	int		 p, i;

	for (p = 0; p < c->map.npowers; p++) {
		if (dip_state_centres(&c->st, p) == 0 ||
		    (o = cli_emit(c, 7, p, -1)) == NULL)
			continue;
		cli_put(o, "OWNS ");
		cli_put(o, c->map.power[p]);
		for (i = 0; i < c->map.nprov; i++)
			if (c->map.prov[i].centre && c->st.owner[i] == p) {
				cli_putc(o, ' ');
				cli_put(o, c->map.prov[i].abbr);
			}
	}
	if (c->st.winner >= 0 && (o = cli_emit(c, 8, c->st.winner, -1))) {
		cli_put(o, "WINNER ");
		cli_put(o, c->map.power[c->st.winner]);
	}
}

/*
 * The order of the lines in c->sorted: by key, and in the order they were
 * made where keys are equal. A stable counting sort on each byte of the
 * key, low byte first: linear in the lines, where qsort() moved whole
 * lines of text.
 */
static void
cli_sort(struct cli *c)
{
	uint16_t	*from = c->sorted, *to = c->sorttmp, *t;
	unsigned	 count[257];
	int		 i, b, shift;

	for (i = 0; i < c->nout; i++)
		from[i] = (uint16_t)i;
	for (shift = 0; shift <= 8; shift += 8) {
		memset(count, 0, sizeof(count));
		for (i = 0; i < c->nout; i++)
			count[((c->out[from[i]].key >> shift) & 0xff) + 1]++;
		for (b = 0; b < 256; b++)
			count[b + 1] += count[b];
		for (i = 0; i < c->nout; i++)
			to[count[(c->out[from[i]].key >> shift) & 0xff]++] =
			    from[i];
		t = from, from = to, to = t;
	}
}

/* The phase just played (code) under its PHASE line, written at once. */
void
cli_print_phase(struct cli *c, const char *code)
{
	const struct cli_out	*o;
	size_t			 n;
	int			 i;

	c->nout = 0;
	cli_emit_orders(c);
	cli_emit_units(c);
	if (c->rep.owners_changed || c->st.winner >= 0)
		cli_emit_owners(c);
	cli_sort(c);
	n = (size_t)snprintf(c->obuf, sizeof(c->obuf), "PHASE %s\n", code);
	for (i = 0; i < c->nout; i++) {
		o = &c->out[c->sorted[i]];
		memcpy(c->obuf + n, o->text, o->len);
		n += o->len;
		c->obuf[n++] = '\n';
	}
	fwrite(c->obuf, 1, n, c->fout);
}
