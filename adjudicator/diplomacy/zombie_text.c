/*
 * zombie_text.c - the Zombie-Diplomacy state as versioned text, and back.
 *
 * Layout, version 1 (each board as in board_text.c, its keys after the
 * prefix "nr." or "z."):
 *
 *	zombie 1
 *	options: undead | -
 *	seed: 16 hex digits
 *	started: 0 | 1
 *	zstarted: 0 | 1
 *	zfirst: S1901R | -		the phase the Zombie-board began in
 *	over: 0 | 1
 *	ply: N
 *	clock: S1901M			S/F/W, year, M/R/A (R: placement)
 *	wait: POW A|F LOC		zombies waiting (LOC: where they fell)
 *	risen: POW A|F LOC		zombies made in the last phase
 *	placed: POW A|F LOC FROM HOW	placements of the last phase
 *	rose: POW A|F LOC FROM HOW	undead units of the last phase
 *	nr.phase: ...			the NR-board
 *	z.phase: ...			the Zombie-board
 *
 * HOW is chosen, default, lost or lost_over. load refuses anything else
 * (STYLE.md 12). No I/O.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zombie.h"

#define ZT_VERSION_LINE	"zombie 1"

static const char *const how_words[] = {
	"chosen", "default", "lost", "lost_over"
};

static void
put_unit(const struct dip_map *m, const char *key, const struct dip_unit *u,
    struct statetext_out *o)
{
	statetext_put(o, "%s: %s %c %s", key, m->power[u->power],
	    u->kind == DIP_ARMY ? 'A' : 'F', m->loc[u->loc].name);
}

static void
put_placed(const struct dip_map *m, const char *key,
    const struct zombie_placed *p, struct statetext_out *o)
{
	put_unit(m, key, &p->unit, o);
	statetext_put(o, " %s %s\n", m->prov[p->from].abbr, how_words[p->how]);
}

size_t
zombie_save(const struct game_state *st, char *buf, size_t cap)
{
	struct statetext_out	 o = { buf, cap, 0 };
	char			 code[16];
	int			 i;

	if (cap > 0)
		buf[0] = '\0';
	zombie_code(st, code, sizeof(code));
	statetext_put(&o, "%s\noptions: %s\nseed: %016" PRIx64 "\nstarted: %d\n"
	    "zstarted: %d\nzfirst: %s\nover: %d\nply: %d\nclock: %s\n",
	    ZT_VERSION_LINE, st->undead ? "undead" : "-", st->seed,
	    st->started, st->zstarted, st->zfirst[0] ? st->zfirst : "-",
	    st->over, st->ply, code);
	for (i = 0; i < st->nwait; i++) {
		put_unit(&st->map, "wait", &st->wait[i].unit, &o);
		statetext_put(&o, "\n");
	}
	for (i = 0; i < st->nrisen; i++) {
		put_unit(&st->map, "risen", &st->risen[i].unit, &o);
		statetext_put(&o, "\n");
	}
	for (i = 0; i < st->nplaced; i++)
		put_placed(&st->map, "placed", &st->placed[i], &o);
	for (i = 0; i < st->nrose; i++)
		put_placed(&st->map, "rose", &st->rose[i], &o);
	dip_board_save(&st->nr, "nr.", &o);
	dip_board_save(&st->z, "z.", &o);
	return o.len + 1;
}

static int
unit_of(const struct dip_map *m, const char *v, struct dip_unit *u,
    char *rest, size_t restlen)
{
	char	 pw[8], k[4], loc[16];
	int	 p, l, n = 0;

	rest[0] = '\0';
	if (sscanf(v, "%7s %3s %15s %n", pw, k, loc, &n) != 3 ||
	    (p = dip_map_power(m, pw)) < 0 || (strcmp(k, "A") &&
	    strcmp(k, "F")) || (l = dip_map_locname(m, loc)) < 0)
		return -1;
	snprintf(rest, restlen, "%s", v + n);
	u->power = (int8_t)p;
	u->kind = k[0] == 'A' ? DIP_ARMY : DIP_FLEET;
	u->loc = (uint8_t)l;
	return 0;
}

static int
placed_of(const struct dip_map *m, const char *v, struct zombie_placed *p)
{
	char	 rest[64], from[8], how[16];
	int	 f, i;

	if (unit_of(m, v, &p->unit, rest, sizeof(rest)) < 0 ||
	    sscanf(rest, "%7s %15s", from, how) != 2 ||
	    (f = dip_map_locname(m, from)) < 0 || f >= m->nprov)
		return -1;
	p->from = (uint8_t)f;
	for (i = 0; i < 4 && strcmp(how, how_words[i]); i++)
		;
	p->how = (uint8_t)i;
	return i < 4 ? 0 : -1;
}

/* Whether a waiting zombie fell in loc's province: the placement slot
 * names a zombie by that province (zombie_parse.c). */
static bool
waits_in(const struct game_state *st, int loc)
{
	int	 i;

	for (i = 0; i < st->nwait; i++)
		if (st->map.loc[st->wait[i].unit.loc].prov ==
		    st->map.loc[loc].prov)
			return true;
	return false;
}

static int
clock_of(struct game_state *st, const char *v)
{
	struct dip_state	 s;

	memset(&s, 0, sizeof(s));
	if (dip_state_set_phase(&s, v) != 0)
		return -1;
	st->year = s.year;
	st->season = s.season;
	st->kind = s.phase;
	return 0;
}

static int
flag(const char *v, bool *out)
{
	*out = strcmp(v, "1") == 0;
	return *out || strcmp(v, "0") == 0 ? 0 : -1;
}

static int
header(struct game_state *st, const char *key, const char *v)
{
	char	 rest[64], *end;

	if (strcmp(key, "options") == 0) {
		st->undead = strcmp(v, "undead") == 0;
		return st->undead || strcmp(v, "-") == 0 ? 0 : -1;
	}
	if (strcmp(key, "seed") == 0) {
		st->seed = strtoull(v, &end, 16);
		return *end == '\0' && strlen(v) == 16 ? 0 : -1;
	}
	if (strcmp(key, "started") == 0)
		return flag(v, &st->started);
	if (strcmp(key, "zstarted") == 0)
		return flag(v, &st->zstarted);
	if (strcmp(key, "over") == 0)
		return flag(v, &st->over);
	if (strcmp(key, "zfirst") == 0) {
		if (strlen(v) >= sizeof(st->zfirst))
			return -1;
		snprintf(st->zfirst, sizeof(st->zfirst), "%s",
		    strcmp(v, "-") == 0 ? "" : v);
		return 0;
	}
	if (strcmp(key, "ply") == 0) {
		st->ply = (int)strtol(v, &end, 10);
		return *end == '\0' && st->ply >= 0 ? 0 : -1;
	}
	if (strcmp(key, "clock") == 0)
		return clock_of(st, v);
	if (strcmp(key, "wait") == 0 || strcmp(key, "risen") == 0) {
		struct zombie_wait *w = key[0] == 'w' ?
		    &st->wait[st->nwait] : &st->risen[st->nrisen];

		if ((key[0] == 'w' ? st->nwait : st->nrisen) == DIP_MAX_UNITS ||
		    unit_of(&st->map, v, &w->unit, rest, sizeof(rest)) < 0 ||
		    rest[0] != '\0')
			return -1;
		if (key[0] == 'w' && waits_in(st, w->unit.loc))
			return -1;	/* one unit falls per province */
		if (key[0] == 'w')
			st->nwait++;
		else
			st->nrisen++;
		return 0;
	}
	if (strcmp(key, "placed") == 0)
		return st->nplaced == DIP_MAX_UNITS ? -1 :
		    placed_of(&st->map, v, &st->placed[st->nplaced++]);
	if (strcmp(key, "rose") == 0)
		return st->nrose == DIP_MAX_UNITS ? -1 :
		    placed_of(&st->map, v, &st->rose[st->nrose++]);
	return 1;
}

static int
line(struct game_state *st, char *l)
{
	char	*key, *v;

	if ((v = statetext_kv(l, &key)) == NULL)
		return -1;
	if (strncmp(key, "nr.", 3) == 0)
		return dip_board_load_line(&st->nr, key + 3, v);
	if (strncmp(key, "z.", 2) == 0)
		return dip_board_load_line(&st->z, key + 2, v);
	return header(st, key, v);
}

int
zombie_load(const char *text, struct game_state **out, struct game_diag *why)
{
	struct game_state	*st;
	char			*copy = NULL, *l, *next;
	int			 rc = -1;

	*out = NULL;
	if ((st = calloc(1, sizeof(*st))) == NULL ||
	    (copy = strdup(text)) == NULL)
		goto out;
	dip_map_standard(&st->map);
	dip_board_init(&st->nr, &st->map, DIP_OPT_NO_RETREAT);
	dip_board_init(&st->z, &st->map, 0);
	dip_board_load_begin(&st->nr);
	dip_board_load_begin(&st->z);
	if ((next = strchr(copy, '\n')) == NULL ||
	    (*next = '\0', strcmp(copy, ZT_VERSION_LINE) != 0))
		goto out;
	for (l = next + 1; *l != '\0'; l = next + 1) {
		if ((next = strchr(l, '\n')) == NULL)
			goto out;
		*next = '\0';
		if (line(st, l) != 0)
			goto out;
	}
	if (dip_board_check(&st->nr) != 0 || dip_board_check(&st->z) != 0)
		goto out;
	*out = st;
	rc = 0;
out:
	if (rc != 0) {
		game_diag_set(why, "dip.err.state", 0);
		free(st);
	}
	free(copy);
	return rc;
}
