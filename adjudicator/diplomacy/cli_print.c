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

static struct cli_out *
cli_emit(struct cli *c, int group, int power, int loc)
{
	struct cli_out	*o;

	if (c->nout == CLI_OUT_MAX)
		return NULL;
	o = &c->out[c->nout];
	o->group = group;
	o->power = power;
	o->seq = c->nout++;
	/* memcpy: gcc's -Wrestrict cannot tell the two members apart. */
	memcpy(o->loc, loc >= 0 ? c->map.loc[loc].name : "~", 2);
	if (loc >= 0)
		memcpy(o->loc, c->map.loc[loc].name, sizeof(o->loc));
	return o;
}

static int
cli_out_cmp(const void *a, const void *b)
{
	const struct cli_out *x = a, *y = b;
	int	 d;

	if (x->group != y->group)
		return x->group - y->group;
	if (x->power != y->power)
		return x->power - y->power;
	if ((d = strcmp(x->loc, y->loc)) != 0)
		return d;
	return x->seq - y->seq;
}

static const char *
cli_unit(const struct cli *c, const struct dip_unit *u, char *buf, size_t len)
{
	snprintf(buf, len, "%s %c %s", c->map.power[u->power],
	    u->kind == DIP_ARMY ? 'A' : 'F', c->map.loc[u->loc].name);
	return buf;
}

static void
cli_result(const struct dip_outcome *r, char *out, size_t len)
{
	static const char *const words[] = { "SUCCEEDS", "SUCCEEDS", "FAILS",
	    "VOID" };

	if (r->result == DIP_SUCCEEDS)
		snprintf(out, len, "SUCCEEDS");
	else if (r->result == DIP_SUCCEEDS_OWN)
		snprintf(out, len, "SUCCEEDS(own)");
	else
		snprintf(out, len, "%s(%s)", words[r->result],
		    dip_why_table[r->why].word);
}

static void
cli_emit_orders(struct cli *c)
{
	struct cli_out	*o;
	char		 res[CLI_TEXT_MAX + 8];
	int		 i;

	for (i = 0; i < c->nlines; i++) {
		const struct cli_line *l = &c->lines[i];

		o = cli_emit(c, 1, l->power, l->order >= 0 ?
		    c->orders[l->order].uloc : -1);
		if (o == NULL)
			return;
		if (l->order >= 0)
			cli_result(&c->rep.out[l->order], res, sizeof(res));
		else
			snprintf(res, sizeof(res), "VOID(%s)", l->why);
		snprintf(o->text, sizeof(o->text), "ORDER %s %s = %s",
		    c->map.power[l->power], l->text, res);
	}
}

static void
cli_emit_units(struct cli *c)
{
	const struct dip_report	*r = &c->rep;
	struct cli_out		*o;
	char			 u[32], from[4];
	int			 i, l, n;
	size_t			 len;

	for (i = 0; i < r->ndislodged; i++) {
		const struct dip_retreat *d = &r->dislodged[i];

		if ((o = cli_emit(c, 2, d->unit.power, d->unit.loc)) == NULL)
			return;
		memcpy(from, c->map.prov[d->from].abbr, sizeof(from));
		snprintf(o->text, sizeof(o->text), "DISLODGED %s FROM %s%s",
		    cli_unit(c, &d->unit, u, sizeof(u)), from,
		    d->convoyed ? " CONVOYED" : "");
		if (c->st.options & DIP_OPT_NO_RETREAT)
			continue;
		if ((o = cli_emit(c, 3, d->unit.power, d->unit.loc)) == NULL)
			return;
		len = (size_t)snprintf(o->text, sizeof(o->text),
		    "RETREATS %s :", cli_unit(c, &d->unit, u, sizeof(u)));
		for (l = 0, n = 0; l < c->map.nlocs; l++)
			if (dip_set_has(&d->options, l) && len < sizeof(o->text))
				len += (size_t)snprintf(o->text + len,
				    sizeof(o->text) - len, " %s",
				    c->map.loc[l].name), n++;
		if (n == 0)
			snprintf(o->text + len, sizeof(o->text) - len, " NONE");
	}
	for (i = 0; i < r->ndisbanded; i++)
		if ((o = cli_emit(c, 4, r->disbanded[i].power,
		    r->disbanded[i].loc)) != NULL)
			snprintf(o->text, sizeof(o->text), "DISBANDED %s",
			    cli_unit(c, &r->disbanded[i], u, sizeof(u)));
	for (i = 0; i < r->nautoremoved; i++)
		if ((o = cli_emit(c, 5, r->autoremoved[i].power,
		    r->autoremoved[i].loc)) != NULL)
			snprintf(o->text, sizeof(o->text), "AUTOREMOVE %s",
			    cli_unit(c, &r->autoremoved[i], u, sizeof(u)));
	for (i = 0; i < c->st.nunits; i++)
		if ((o = cli_emit(c, 6, c->st.unit[i].power,
		    c->st.unit[i].loc)) != NULL)
			snprintf(o->text, sizeof(o->text), "AFTER %s",
			    cli_unit(c, &c->st.unit[i], u, sizeof(u)));
}

/* After a Fall: who owns what, and a winner if there is one. */
static void
cli_emit_owners(struct cli *c)
{
	struct cli_out	*o;
	char		 from[4];
	int		 p, i;
	size_t		 len;

	for (p = 0; p < c->map.npowers; p++) {
		if (dip_state_centres(&c->st, p) == 0 ||
		    (o = cli_emit(c, 7, p, -1)) == NULL)
			continue;
		len = (size_t)snprintf(o->text, sizeof(o->text), "OWNS %s",
		    c->map.power[p]);
		for (i = 0; i < c->map.nprov; i++)
			if (c->map.prov[i].centre && c->st.owner[i] == p &&
			    len < sizeof(o->text))
				len += (size_t)snprintf(o->text + len,
				    sizeof(o->text) - len, " %s",
				    c->map.prov[i].abbr);
	}
	if (c->st.winner >= 0 && (o = cli_emit(c, 8, c->st.winner, -1))) {
		memcpy(from, c->map.power[c->st.winner], sizeof(from));
		snprintf(o->text, sizeof(o->text), "WINNER %s", from);
	}
}

/* The phase just played (code) under its PHASE line. */
void
cli_print_phase(struct cli *c, const char *code)
{
	int	 i;

	c->nout = 0;
	cli_emit_orders(c);
	cli_emit_units(c);
	if (c->rep.owners_changed || c->st.winner >= 0)
		cli_emit_owners(c);
	qsort(c->out, (size_t)c->nout, sizeof(c->out[0]), cli_out_cmp);
	fprintf(c->fout, "PHASE %s\n", code);
	for (i = 0; i < c->nout; i++)
		fprintf(c->fout, "%s\n", c->out[i].text);
}
