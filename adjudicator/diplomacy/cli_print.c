/*
 * cli_print.c - the results of one phase of `pbemd adjudicate` in the
 * record notation of the DATC data: ORDER lines with their results, the
 * units dislodged with their retreats, disbanded and removed, every unit
 * after, and after a Fall the owners and a winner; sorted by kind of
 * line, power and location. Also the English text of an order that
 * cannot be read. Every line is built in place in the run's output
 * buffer, which goes to the output file in large writes (issue 18: a
 * phase is printed in about the time it takes to read it). Writes to
 * the run's output only.
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

/* The names of the output, padded for cli_cat8(), and the text of each
 * result and reason (" = FAILS(bounce)"'s last part): once a run. A
 * result too long for its array (none is) is left empty and made at
 * each use. */
void
cli_print_init(struct cli *c)
{
	static const char *const words[CLI_RESULTS] = { "SUCCEEDS",
	    "SUCCEEDS(own)", "FAILS(", "VOID(" };
	int	 i, r, n;

	for (i = 0; i < c->map.nlocs; i++)
		c->loc_len[i] = (uint8_t)strlen(c->map.loc[i].name);
	for (i = 0; i < c->map.npowers; i++) {
		c->power_len[i] = (uint8_t)strlen(c->map.power[i]);
		memcpy(c->power_pad[i], c->map.power[i], c->power_len[i]);
	}
	for (r = 0; r < CLI_RESULTS; r++)
		for (i = 0; i < DIP_W__COUNT; i++) {
			n = snprintf(c->result[r][i], sizeof(c->result[r][i]),
			    r >= DIP_FAILS ? "%s%s)" : "%s", words[r],
			    dip_why_table[i].word);
			c->result_len[r][i] = (uint8_t)(n > 0 &&
			    (size_t)n < sizeof(c->result[r][i]) ? n : 0);
		}
}

/* Writes what waits in the output buffer. */
void
cli_print_flush(struct cli *c)
{
	if (c->olen > 0)
		fwrite(c->obuf, 1, c->olen, c->fout);
	c->olen = 0;
}

/* Room for one whole line at the end of the buffer. */
static void
cli_room(struct cli *c)
{
	if (c->olen > CLI_OUT_FLUSH)
		cli_print_flush(c);
}

/* len bytes of s to the output as they are (whole lines: CASE, END,
 * ERROR; len at most CLI_OUT_TEXT + 1). */
void
cli_print_text(struct cli *c, const char *s, size_t len)
{
	cli_room(c);
	if (len > CLI_OUT_TEXT + 1)
		len = CLI_OUT_TEXT + 1;
	memcpy(c->obuf + c->olen, s, len);
	c->olen += len;
}

/*
 * An output line is built at w, up to lim (its start + CLI_OUT_TEXT): as
 * much of each part as fits, as the lines were always cut. The buffer
 * holds CLI_OUT_SLACK bytes beyond lim.
 */
static inline char *
cli_cat(char *w, const char *lim, const char *s, size_t len)
{
	/* Two copies, so that a literal's is one of a constant length. */
	if (len <= (size_t)(lim - w)) {
		memcpy(w, s, len);
		return w + len;
	}
	memcpy(w, s, (size_t)(lim - w));
	return w + (lim - w);
}

/* len bytes of s, which has len rounded up to 8 bytes to read: copied 8
 * at a time where the line has room for len (the buffer has 8 more). */
static inline char *
cli_catn(char *w, const char *lim, const char *s, size_t len)
{
	size_t	 i;

	if (len > (size_t)(lim - w))
		return cli_cat(w, lim, s, len);
	for (i = 0; i < len; i += 8)
		memcpy(w + i, s + i, 8);
	return w + len;
}

/* A name from an array of 8 bytes, len of them its own: one copy of the
 * 8, where there is room for them. */
static inline char *
cli_cat8(char *w, const char *lim, const char *s8, size_t len)
{
	if (lim - w < 8)
		return cli_cat(w, lim, s8, len);
	memcpy(w, s8, 8);
	return w + len;
}

static inline char *
cli_catc(char *w, const char *lim, char ch)
{
	if (w < lim)
		*w++ = ch;
	return w;
}

/* A string literal appended ("" refuses anything else). */
#define CLI_CAT(w, lim, lit)	cli_cat((w), (lim), "" lit, sizeof("" lit) - 1)

/* "FRA A PAR" */
static char *
cli_unit(const struct cli *c, char *w, const char *lim,
    const struct dip_unit *u)
{
	w = cli_cat8(w, lim, c->power_pad[u->power], c->power_len[u->power]);
	w = cli_cat(w, lim, u->kind == DIP_ARMY ? " A " : " F ", 3);
	return cli_cat8(w, lim, c->map.loc[u->loc].name, c->loc_len[u->loc]);
}

/* "ORDER ENG F NTH - PIC = SUCCEEDS" for line i. */
static char *
cli_order_line(const struct cli *c, char *w, const char *lim, int i)
{
	static const struct {
		const char	*word;
		size_t		 len;
	} words[] = { { "SUCCEEDS", 8 }, { "SUCCEEDS(own)", 13 },
	    { "FAILS(", 6 }, { "VOID(", 5 } };
	const struct cli_line		*l = &c->lines[i];
	const struct dip_outcome	*r;

	w = CLI_CAT(w, lim, "ORDER ");
	w = cli_cat8(w, lim, c->power_pad[l->power], c->power_len[l->power]);
	w = cli_catc(w, lim, ' ');
	w = cli_catn(w, lim, l->text, l->len);
	w = CLI_CAT(w, lim, " = ");
	if (l->order < 0) {
		w = CLI_CAT(w, lim, "VOID(");
		w = cli_catn(w, lim, c->why[i], strlen(c->why[i]));
		return cli_catc(w, lim, ')');
	}
	r = &c->rep.out[l->order];
	if (r->result < CLI_RESULTS && r->why < DIP_W__COUNT &&
	    c->result_len[r->result][r->why] > 0)
		return cli_catn(w, lim, c->result[r->result][r->why],
		    c->result_len[r->result][r->why]);
	w = cli_cat(w, lim, words[r->result].word, words[r->result].len);
	if (r->result >= DIP_FAILS) {
		w = cli_cat(w, lim, dip_why_table[r->why].word,
		    strlen(dip_why_table[r->why].word));
		w = cli_catc(w, lim, ')');
	}
	return w;
}

/* "DISLODGED FRA A PAR FROM BUR [CONVOYED]" */
static char *
cli_dislodged_line(const struct cli *c, char *w, const char *lim,
    const struct dip_retreat *d)
{
	w = CLI_CAT(w, lim, "DISLODGED ");
	w = cli_unit(c, w, lim, &d->unit);
	w = CLI_CAT(w, lim, " FROM ");
	w = cli_cat8(w, lim, c->map.loc[d->from].name, c->loc_len[d->from]);
	if (d->convoyed)
		w = CLI_CAT(w, lim, " CONVOYED");
	return w;
}

/* "RETREATS FRA A PAR : GAS PIC", or ": NONE" */
static char *
cli_retreats_line(const struct cli *c, char *w, const char *lim,
    const struct dip_retreat *d)
{
	int	 l, n = 0;

	w = CLI_CAT(w, lim, "RETREATS ");
	w = cli_unit(c, w, lim, &d->unit);
	w = CLI_CAT(w, lim, " :");
	for (l = dip_set_next(&d->options, 0); l >= 0 && l < c->map.nlocs;
	    l = dip_set_next(&d->options, l + 1), n++) {
		w = cli_catc(w, lim, ' ');
		w = cli_cat8(w, lim, c->map.loc[l].name, c->loc_len[l]);
	}
	return n > 0 ? w : CLI_CAT(w, lim, " NONE");
}

/* "OWNS FRA BRE MAR PAR" for power p, its centres (c->owned, made by
 * cli_gather) in the map's order. */
static char *
cli_owns_line(const struct cli *c, char *w, const char *lim, int p)
{
	const struct dip_set	*owned = &c->owned[p];
	int			 i;

	w = CLI_CAT(w, lim, "OWNS ");
	w = cli_cat8(w, lim, c->power_pad[p], c->power_len[p]);
	for (i = dip_set_next(owned, 0); i >= 0;
	    i = dip_set_next(owned, i + 1)) {
		w = cli_catc(w, lim, ' ');
		w = cli_cat8(w, lim, c->map.loc[i].name, c->loc_len[i]);
	}
	return w;
}

/* The kinds of output line, in the order they are printed. */
enum cli_kind {
	CLI_ORDER,
	CLI_DISLODGED,
	CLI_RETREATS,
	CLI_DISBANDED,
	CLI_AUTOREMOVE,
	CLI_AFTER,
	CLI_OWNS,
	CLI_WINNER,
	CLI_NKINDS
};

/* The line of kind k for item i (cli_gather) at w. */
static char *
cli_line_text(const struct cli *c, char *w, const char *lim, int k, int i)
{
	switch (k) {
	case CLI_ORDER:
		return cli_order_line(c, w, lim, i);
	case CLI_DISLODGED:
		return cli_dislodged_line(c, w, lim, &c->rep.dislodged[i]);
	case CLI_RETREATS:
		return cli_retreats_line(c, w, lim, &c->rep.dislodged[i]);
	case CLI_DISBANDED:
		w = CLI_CAT(w, lim, "DISBANDED ");
		return cli_unit(c, w, lim, &c->rep.disbanded[i]);
	case CLI_AUTOREMOVE:
		w = CLI_CAT(w, lim, "AUTOREMOVE ");
		return cli_unit(c, w, lim, &c->rep.autoremoved[i]);
	case CLI_AFTER:
		w = CLI_CAT(w, lim, "AFTER ");
		return cli_unit(c, w, lim, &c->st.unit[i]);
	case CLI_OWNS:
		return cli_owns_line(c, w, lim, i);
	default:
		w = CLI_CAT(w, lim, "WINNER ");
		return cli_cat8(w, lim, c->power_pad[i], c->power_len[i]);
	}
}

/*
 * The order of the n lines of one kind (their keys in key, power << 8 |
 * rank) into out: by key, and in the order they were made where keys are
 * equal. A list per key in use, and the keys in use visited by their
 * bits: linear in the lines.
 */
static void
cli_sort(struct cli_sort *s, const uint16_t *key, int n, uint16_t *out)
{
	uint64_t	 bits;
	int		 i, k, w, m = 0;

	if (n <= 1) {
		if (n == 1)
			out[0] = 0;
		return;
	}
	memset(s->used, 0, sizeof(s->used));
	for (i = 0; i < n; i++) {
		k = key[i];
		if (s->used[k >> 6] & (uint64_t)1 << (k & 63))
			s->next[s->tail[k]] = (int16_t)i;
		else {
			s->used[k >> 6] |= (uint64_t)1 << (k & 63);
			s->head[k] = (int16_t)i;
		}
		s->tail[k] = (int16_t)i;
		s->next[i] = -1;
	}
	for (w = 0; w < CLI_KEYS / 64; w++)
		for (bits = s->used[w]; bits != 0; bits &= bits - 1) {
			k = w * 64 + __builtin_ctzll(bits);
			for (i = s->head[k]; i >= 0; i = s->next[i])
				out[m++] = (uint16_t)i;
		}
}

/* The sort key of a line about power p at location loc (-1: none). */
static uint16_t
cli_key(const struct cli *c, int p, int loc)
{
	return (uint16_t)(p << 8 | (loc >= 0 ? c->loc_rank[loc] :
	    CLI_RANK_NONE));
}

/*
 * The lines of the phase, kind by kind, in the order they were always
 * made, each an item (what it shows: an index into the lines, the
 * report, the units, or a power) and a key; at most CLI_OUT_MAX, the
 * first ones. first[k] is where kind k begins in item and key.
 */
static void
cli_gather(struct cli *c, int first[CLI_NKINDS + 1])
{
	const struct dip_report	*r = &c->rep;
	int			 n = 0, i, p, kind, k;
	uint16_t		 item[2][DIP_MAX_UNITS], key[2][DIP_MAX_UNITS];
	int			 nk[2] = { 0, 0 };
	bool			 retreats;

#define CLI_ADD(it, ky) do {						\
	if (n < CLI_OUT_MAX) {						\
		c->item[n] = (uint16_t)(it);				\
		c->key[n++] = (ky);					\
	}								\
} while (0)

	first[CLI_ORDER] = n;
	for (i = 0; i < c->nlines; i++)
		CLI_ADD(i, cli_key(c, c->lines[i].power, c->lines[i].order >= 0 ?
		    c->orders[c->lines[i].order].uloc : -1));
	/* A dislodged unit's DISLODGED and RETREATS lines were made one
	 * after the other: the lines left out when there are too many are
	 * the same. */
	retreats = !(c->st.options & DIP_OPT_NO_RETREAT);
	for (i = 0; i < r->ndislodged; i++)
		for (kind = 0; kind < 1 + retreats; kind++)
			if (n + nk[0] + nk[1] < CLI_OUT_MAX) {
				item[kind][nk[kind]] = (uint16_t)i;
				key[kind][nk[kind]++] = cli_key(c,
				    r->dislodged[i].unit.power,
				    r->dislodged[i].unit.loc);
			}
	for (kind = 0; kind < 2; kind++) {
		first[CLI_DISLODGED + kind] = n;
		for (k = 0; k < nk[kind]; k++)
			CLI_ADD(item[kind][k], key[kind][k]);
	}
	first[CLI_DISBANDED] = n;
	for (i = 0; i < r->ndisbanded; i++)
		CLI_ADD(i, cli_key(c, r->disbanded[i].power,
		    r->disbanded[i].loc));
	first[CLI_AUTOREMOVE] = n;
	for (i = 0; i < r->nautoremoved; i++)
		CLI_ADD(i, cli_key(c, r->autoremoved[i].power,
		    r->autoremoved[i].loc));
	first[CLI_AFTER] = n;
	for (i = 0; i < c->st.nunits; i++)
		CLI_ADD(i, cli_key(c, c->st.unit[i].power,
		    c->st.unit[i].loc));
	first[CLI_OWNS] = n;
	if (r->owners_changed || c->st.winner >= 0) {
		/* Each power's centres, in one pass over the centres. */
		memset(c->owned, 0, sizeof(c->owned));
		for (i = dip_set_next(&c->map.centres, 0); i >= 0;
		    i = dip_set_next(&c->map.centres, i + 1))
			if ((p = c->st.owner[i]) >= 0 && p < DIP_MAX_POWERS)
				dip_set_add(&c->owned[p], i);
		for (p = 0; p < c->map.npowers; p++)
			if (!dip_set_empty(&c->owned[p]))
				CLI_ADD(p, cli_key(c, p, -1));
	}
	first[CLI_WINNER] = n;
	if (c->st.winner >= 0)
		CLI_ADD(c->st.winner, cli_key(c, c->st.winner, -1));
	first[CLI_NKINDS] = n;
#undef CLI_ADD
}

/* The phase just played (code) under its PHASE line, into the output. */
void
cli_print_phase(struct cli *c, const char *code)
{
	int		 first[CLI_NKINDS + 1], k, i, n;
	char		*w, *lim;

	cli_gather(c, first);
	cli_room(c);
	w = c->obuf + c->olen;
	lim = w + CLI_OUT_TEXT;
	w = CLI_CAT(w, lim, "PHASE ");
	w = cli_cat(w, lim, code, strlen(code));
	*w++ = '\n';
	c->olen = (size_t)(w - c->obuf);
	for (k = 0; k < CLI_NKINDS; k++) {
		n = first[k + 1] - first[k];
		cli_sort(&c->sort, c->key + first[k], n, c->sorted);
		for (i = 0; i < n; i++) {
			cli_room(c);
			w = c->obuf + c->olen;
			w = cli_line_text(c, w, w + CLI_OUT_TEXT, k,
			    c->item[first[k] + c->sorted[i]]);
			*w++ = '\n';
			c->olen = (size_t)(w - c->obuf);
		}
	}
}
