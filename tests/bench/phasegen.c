/*
 * phasegen.c - random Diplomacy movement phases for the benchmarks
 * (issue 18), drawn from the seeded generator so every run of a bench
 * reads the same text. A phase is built in two passes, the moves and
 * holds first, then the convoys and supports that refer to them, so most
 * orders are possible and many units meet; then a few orders are spoilt
 * the ways players spoil them. Text only: nothing here adjudicates.
 */
#include <stdio.h>
#include <string.h>

#include "phasegen.h"

enum gen_what {
	GEN_NONE,		/* no order: the unit holds */
	GEN_HOLD,
	GEN_MOVE,
	GEN_VIA,		/* a move by convoy */
	GEN_SUPPORT,		/* of target's hold or move */
	GEN_CONVOY,		/* target to dest */
	GEN_BAD			/* text written as it is */
};

struct gen {
	struct rng		*r;
	const struct dip_map	*m;
	int			 n;
	int			 power[DIP_MAX_UNITS];
	int			 kind[DIP_MAX_UNITS];
	int			 loc[DIP_MAX_UNITS];
	int			 at[DIP_MAX_PROVINCES];	/* unit, or -1 */
	enum gen_what		 what[DIP_MAX_UNITS];
	int			 dest[DIP_MAX_UNITS];	/* location */
	int			 target[DIP_MAX_UNITS];	/* unit */
	char			 bad[DIP_MAX_UNITS][PHASEGEN_LINE];
};

static int
gen_prov(const struct gen *g, int u)
{
	return g->m->loc[g->loc[u]].prov;
}

/* A random member of s below limit, or -1 when it has none. */
static int
gen_pick(struct rng *r, const struct dip_set *s, int limit)
{
	int	 members[DIP_MAX_LOCS], n = 0, i;

	for (i = 0; i < limit; i++)
		if (dip_set_has(s, i))
			members[n++] = i;
	return n == 0 ? -1 : members[rng_below(r, (uint32_t)n)];
}

static void
gen_place(struct gen *g)
{
	const struct dip_map	*m = g->m;
	int			 perm[DIP_MAX_PROVINCES], i, j, t, p;

	for (i = 0; i < m->nprov; i++)
		perm[i] = i;
	for (i = m->nprov - 1; i > 0; i--) {
		j = (int)rng_below(g->r, (uint32_t)i + 1);
		t = perm[i], perm[i] = perm[j], perm[j] = t;
	}
	memset(g->at, -1, sizeof(g->at));
	g->n = 12 + (int)rng_below(g->r, 49);
	if (g->n > m->nprov)
		g->n = m->nprov;
	for (i = 0; i < g->n; i++) {
		p = perm[i];
		g->power[i] = (int)rng_below(g->r, (uint32_t)m->npowers);
		if (m->prov[p].terrain == DIP_LAND)
			g->kind[i] = DIP_ARMY;
		else if (m->prov[p].terrain == DIP_SEA)
			g->kind[i] = DIP_FLEET;
		else
			g->kind[i] = (int)rng_below(g->r, 2);
		g->loc[i] = p;
		if (g->kind[i] == DIP_FLEET && m->prov[p].ncoasts > 0)
			g->loc[i] = m->prov[p].coast[rng_below(g->r,
			    m->prov[p].ncoasts)];
		g->at[p] = i;
		g->what[i] = GEN_NONE;
	}
}

/* Pass one: holds and moves to a neighbour. */
static void
gen_moves(struct gen *g)
{
	const struct dip_map	*m = g->m;
	int			 u, x, d;

	for (u = 0; u < g->n; u++) {
		x = (int)rng_below(g->r, 100);
		if (x < 15)
			g->what[u] = GEN_HOLD;
		else if (x < 60) {
			d = g->kind[u] == DIP_ARMY ?
			    gen_pick(g->r, &m->army_adj[gen_prov(g, u)],
			    m->nprov) :
			    gen_pick(g->r, &m->fleet_adj[g->loc[u]], m->nlocs);
			if (d >= 0) {
				g->what[u] = GEN_MOVE;
				g->dest[u] = d;
			}
		}
	}
}

/* A fleet at sea carries an army of a coast it touches to another. */
static void
gen_convoys(struct gen *g)
{
	const struct dip_map	*m = g->m;
	struct dip_set		 armies, dests;
	int			 u, a, d, p;

	for (u = 0; u < g->n; u++) {
		if (g->kind[u] != DIP_FLEET || g->what[u] == GEN_CONVOY ||
		    m->prov[gen_prov(g, u)].terrain != DIP_SEA ||
		    rng_below(g->r, 100) >= 40)
			continue;
		memset(&armies, 0, sizeof(armies));
		memset(&dests, 0, sizeof(dests));
		for (p = 0; p < m->nprov; p++) {
			if (!dip_set_has(&m->fleet_reach[g->loc[u]], p) ||
			    m->prov[p].terrain != DIP_COAST)
				continue;
			dip_set_add(&dests, p);
			if (g->at[p] >= 0 && g->kind[g->at[p]] == DIP_ARMY)
				dip_set_add(&armies, p);
		}
		if ((p = gen_pick(g->r, &armies, m->nprov)) < 0)
			continue;
		a = g->at[p];
		dests.w[p >> 6] &= ~((uint64_t)1 << (p & 63));
		if ((d = gen_pick(g->r, &dests, m->nprov)) < 0)
			continue;
		g->what[a] = rng_below(g->r, 3) == 0 ? GEN_VIA : GEN_MOVE;
		g->dest[a] = d;
		g->what[u] = GEN_CONVOY;
		g->target[u] = a;
		g->dest[u] = d;
	}
}

/* Whether unit u could give support into province p. */
static bool
gen_reaches(const struct gen *g, int u, int p)
{
	if (g->kind[u] == DIP_ARMY)
		return dip_set_has(&g->m->army_adj[gen_prov(g, u)], p);
	return dip_set_has(&g->m->fleet_reach[g->loc[u]], p);
}

/* Pass two: most units without an order support the move or the hold
 * of a unit they can reach; one in ten of them any unit (likely void). */
static void
gen_supports(struct gen *g)
{
	int	 cand[DIP_MAX_UNITS], n, u, t, into;

	for (u = 0; u < g->n; u++) {
		if (g->what[u] != GEN_NONE || rng_below(g->r, 100) >= 85)
			continue;
		for (t = 0, n = 0; t < g->n; t++) {
			into = g->what[t] == GEN_MOVE || g->what[t] == GEN_VIA ?
			    g->m->loc[g->dest[t]].prov : gen_prov(g, t);
			if (t != u && into != gen_prov(g, u) &&
			    gen_reaches(g, u, into))
				cand[n++] = t;
		}
		if (n == 0 || rng_below(g->r, 10) == 0)
			t = (u + 1 + (int)rng_below(g->r,
			    (uint32_t)g->n - 1)) % g->n;
		else
			t = cand[rng_below(g->r, (uint32_t)n)];
		g->what[u] = GEN_SUPPORT;
		g->target[u] = t;
	}
}

static const char *
gen_unit(const struct gen *g, int u, char *buf, size_t len)
{
	snprintf(buf, len, "%c %s", g->kind[u] == DIP_ARMY ? 'A' : 'F',
	    g->m->loc[g->loc[u]].name);
	return buf;
}

/* Spoils about one order in twelve: impossible or unreadable. */
static void
gen_spoil(struct gen *g)
{
	const struct dip_map	*m = g->m;
	char			 u[16];
	int			 i, p;

	for (i = 0; i < g->n; i++) {
		if (rng_below(g->r, 12) != 0)
			continue;
		gen_unit(g, i, u, sizeof(u));
		p = (int)rng_below(g->r, (uint32_t)m->nprov);
		switch (rng_below(g->r, 6)) {
		case 0:		/* most likely not adjacent */
			snprintf(g->bad[i], PHASEGEN_LINE, "%s - %s", u,
			    m->prov[p].abbr);
			break;
		case 1:		/* a unit that is not there */
			snprintf(g->bad[i], PHASEGEN_LINE, "A %s H",
			    m->prov[p].abbr);
			break;
		case 2:
			snprintf(g->bad[i], PHASEGEN_LINE, "%s - XQZ", u);
			break;
		case 3:
			snprintf(g->bad[i], PHASEGEN_LINE, "%s Q %s", u,
			    m->prov[p].abbr);
			break;
		case 4:
			snprintf(g->bad[i], PHASEGEN_LINE, "%s S %s", u, u);
			break;
		default:	/* the other kind of unit */
			snprintf(g->bad[i], PHASEGEN_LINE, "%c %s H",
			    g->kind[i] == DIP_ARMY ? 'F' : 'A',
			    m->loc[g->loc[i]].name);
			break;
		}
		g->what[i] = GEN_BAD;
	}
}

/* A destination as players write it: mostly the abbreviation, now and
 * then the full name of a province without coasts. */
static const char *
gen_place_name(struct gen *g, int loc)
{
	const struct dip_map	*m = g->m;

	if (loc < m->nprov && m->prov[loc].ncoasts == 0 &&
	    rng_below(g->r, 10) == 0)
		return m->prov[loc].name;
	return m->loc[loc].name;
}

static void
gen_text(struct gen *g, int u, char *out)
{
	const struct dip_map	*m = g->m;
	char			 me[16], t[16];
	const char		*pw = m->power[g->power[u]];
	int			 tu = g->target[u];

	gen_unit(g, u, me, sizeof(me));
	switch (g->what[u]) {
	case GEN_HOLD:
		snprintf(out, PHASEGEN_LINE, "%s %s H", pw, me);
		break;
	case GEN_MOVE:
	case GEN_VIA:
		snprintf(out, PHASEGEN_LINE, "%s %s - %s%s", pw, me,
		    gen_place_name(g, g->dest[u]),
		    g->what[u] == GEN_VIA ? " VIA CONVOY" : "");
		break;
	case GEN_SUPPORT:
		gen_unit(g, tu, t, sizeof(t));
		if (g->what[tu] == GEN_MOVE || g->what[tu] == GEN_VIA)
			snprintf(out, PHASEGEN_LINE, "%s %s S %s - %s", pw, me,
			    t, m->prov[m->loc[g->dest[tu]].prov].abbr);
		else
			snprintf(out, PHASEGEN_LINE, "%s %s S %s", pw, me, t);
		break;
	case GEN_CONVOY:
		gen_unit(g, tu, t, sizeof(t));
		snprintf(out, PHASEGEN_LINE, "%s %s C %s - %s", pw, me, t,
		    m->loc[g->dest[u]].name);
		break;
	default:
		snprintf(out, PHASEGEN_LINE, "%s %s", pw, g->bad[u]);
		break;
	}
}

void
phasegen_next(struct rng *r, const struct dip_map *m,
    struct phasegen_phase *out)
{
	static const char	 seasons[] = "SF";
	struct gen		 g;
	char			 u[16];
	int			 i;

	memset(&g, 0, sizeof(g));
	g.r = r;
	g.m = m;
	snprintf(out->code, sizeof(out->code), "%c%dM",
	    seasons[rng_below(r, 2)], 1901 + (int)rng_below(r, 10));
	gen_place(&g);
	gen_moves(&g);
	gen_convoys(&g);
	gen_supports(&g);
	gen_spoil(&g);
	out->nunits = g.n;
	out->norders = 0;
	for (i = 0; i < g.n; i++) {
		snprintf(out->unit[i], PHASEGEN_LINE, "%s %s",
		    m->power[g.power[i]], gen_unit(&g, i, u, sizeof(u)));
		if (g.what[i] != GEN_NONE)
			gen_text(&g, i, out->order[out->norders++]);
	}
}

void
phasegen_print(const struct phasegen_phase *ph, int id, FILE *f)
{
	int	 i;

	fprintf(f, "CASE R%d\nPHASE %s\n", id, ph->code);
	for (i = 0; i < ph->nunits; i++)
		fprintf(f, "UNIT %s\n", ph->unit[i]);
	for (i = 0; i < ph->norders; i++)
		fprintf(f, "ORDER %s\n", ph->order[i]);
	fprintf(f, "END\n");
}
