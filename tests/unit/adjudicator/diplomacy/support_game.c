/*
 * support_game.c - the helpers of support_game.h. Assertions are Check's,
 * so a helper's failure fails the test that called it.
 */
#include "tests/unit/test.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/render/catalog.h"
#include "tests/unit/adjudicator/diplomacy/support_game.h"


struct dip_map	 tg_map;

void
tg_map_setup(void)
{
	struct game_diag	 why;

	ck_assert_int_eq(dip_map_load(dip_standard_map_text, &tg_map, &why),
	    0);
}

int
tg_loc(const char *name)
{
	int	 l = dip_map_locname(&tg_map, name);

	ck_assert_int_ge(l, 0);
	return l;
}

char *
tg_save(const struct tg *g)
{
	size_t	 n = g->ops->save(g->st, NULL, 0);
	char	*s = malloc(n + 1);

	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(g->ops->save(g->st, s, n + 1), n);
	ck_assert_uint_eq(strlen(s) + 1, n);
	return s;
}

/* save(load(save(s))) == save(s) (STYLE.md 12). */
void
tg_roundtrip(const struct tg *g)
{
	struct game_state	*copy;
	struct game_diag	 why;
	char			*a, *b;
	size_t			 n;

	a = tg_save(g);
	ck_assert_msg(g->ops->load(a, &copy, &why) == 0, "load: %s\n%s",
	    why.msg.key, a);
	n = g->ops->save(copy, NULL, 0);
	b = malloc(n + 1);
	ck_assert_ptr_nonnull(b);
	g->ops->save(copy, b, n + 1);
	ck_assert_str_eq(a, b);
	g->ops->free(copy);
	free(a);
	free(b);
}

struct tg *
tg_new(const struct game_ops *ops, const char *options)
{
	struct tg	*g = calloc(1, sizeof(*g));

	ck_assert_ptr_nonnull(g);
	g->ops = ops;
	ck_assert_int_eq(ops->create(options, 42, &g->st, &g->why), 0);
	tg_roundtrip(g);
	ck_assert_int_eq(ops->start(g->st, GAME_NOBODY, &g->why), 0);
	tg_roundtrip(g);
	return g;
}

struct tg *
tg_load(const struct game_ops *ops, const char *text)
{
	struct tg	*g = calloc(1, sizeof(*g));

	ck_assert_ptr_nonnull(g);
	g->ops = ops;
	ck_assert_msg(ops->load(text, &g->st, &g->why) == 0, "load: %s",
	    g->why.msg.key);
	tg_roundtrip(g);
	return g;
}

void
tg_free(struct tg *g)
{
	if (g == NULL)
		return;
	g->ops->free(g->st);
	free(g);
}

/* A new mail: the parse context starts empty. */
void
tg_mail(struct tg *g)
{
	g->ctx[0] = '\0';
}

/* One line as the judge hands it over; returns the parser's count. */
int
tg_order(struct tg *g, int seat, const char *line)
{
	struct game_order	 o[16];
	int			 n, i, j;

	memset(&g->why, 0, sizeof(g->why));
	n = g->ops->parse(g->st, seat, line, g->ctx, o, 16, &g->why);
	for (i = 0; i < n; i++) {
		for (j = 0; j < g->n; j++)
			if (g->o[j].seat == o[i].seat &&
			    strcmp(g->o[j].slot, o[i].slot) == 0)
				break;
		if (j == g->n) {
			ck_assert_int_lt(g->n, TG_MAX_ORDERS);
			g->n++;
		}
		g->o[j] = o[i];
	}
	return n;
}

void
tg_ok(struct tg *g, int seat, const char *line)
{
	int	 n = tg_order(g, seat, line);

	ck_assert_msg(n >= 0, "refused: \"%s\": %s (%s; %s)", line,
	    g->why.msg.key, g->why.msg.args[1], g->why.msg.args[2]);
}

void
tg_refused(struct tg *g, int seat, const char *line, const char *key)
{
	ck_assert_msg(tg_order(g, seat, line) < 0, "accepted: %s", line);
	ck_assert_str_eq(g->why.msg.key, key);
}

void
tg_play(struct tg *g)
{
	struct game_diag	 why;

	ck_assert_int_eq(g->ops->adjudicate(g->st, g->o, g->n, &why), 0);
	g->n = 0;
	tg_roundtrip(g);
}

const struct game_view *
tg_view(struct tg *g, int seat)
{
	g->ops->view(g->st, seat, &g->v);
	return &g->v;
}

/* Messages with key whose arguments include arg (NULL: any). */
/*
 * Whether a message argument reads as want for an English reader: each
 * catalog reference in it ("A VIE @dip.ord.hold", issue 16) in the words
 * of templates/en, so a test names a result as the report prints it
 * ("A VIE H"). The catalog is loaded once per test process and kept.
 */
static bool
tg_arg_is(const char *arg, const char *want)
{
	static struct catalog	*en;
	char			 out[512], key[64], why[256];
	const char		*s, *e, *t;
	size_t			 n = 0;

	if (strcmp(arg, want) == 0 || strchr(arg, '@') == NULL)
		return strcmp(arg, want) == 0;
	if (en == NULL)
		en = catalog_load("templates", "en", NULL, why, sizeof(why));
	ck_assert_msg(en != NULL, "templates/en: %s", why);
	for (s = arg; *s != '\0' && n + 1 < sizeof(out); s++) {
		for (e = s + 1; *s == '@' && (isalnum((unsigned char)*e) ||
		    *e == '.' || *e == '_'); e++)
			;
		while (e > s + 1 && e[-1] == '.')
			e--;
		t = NULL;
		if (*s == '@' && (s == arg || !isalnum((unsigned char)s[-1])) &&
		    (size_t)(e - s) < sizeof(key)) {
			snprintf(key, sizeof(key), "%.*s", (int)(e - s - 1),
			    s + 1);
			t = catalog_get(en, key);
		}
		if (t == NULL) {
			out[n++] = *s;
			continue;
		}
		n += (size_t)snprintf(out + n, sizeof(out) - n, "%s", t);
		s = e - 1;
	}
	out[n < sizeof(out) ? n : sizeof(out) - 1] = '\0';
	return strcmp(out, want) == 0;
}

int
tg_count(const struct game_view *v, const char *key, const char *arg)
{
	int	 i, j, n = 0;

	for (i = 0; i < v->nmsgs; i++) {
		if (strcmp(v->msgs[i].key, key) != 0)
			continue;
		if (arg == NULL)
			n++;
		else
			for (j = 0; j < v->msgs[i].nargs; j++)
				if (tg_arg_is(v->msgs[i].args[j], arg)) {
					n++;
					break;
				}
	}
	return n;
}

const struct game_msg *
tg_find(const struct game_view *v, const char *key, const char *arg)
{
	int	 i, j;

	for (i = 0; i < v->nmsgs; i++) {
		if (strcmp(v->msgs[i].key, key) != 0)
			continue;
		for (j = 0; j < v->msgs[i].nargs || arg == NULL; j++)
			if (arg == NULL || tg_arg_is(v->msgs[i].args[j], arg))
				return &v->msgs[i];
	}
	return NULL;
}

void
tg_state_roundtrip(const struct game_ops *ops, const struct game_state *st)
{
	struct game_state	*copy;
	struct game_diag	 why;
	char			*a, *b;
	size_t			 n;

	n = ops->save(st, NULL, 0);
	a = malloc(n);
	ck_assert_ptr_nonnull(a);
	ck_assert_uint_eq(ops->save(st, a, n), n);
	ck_assert_uint_eq(n, strlen(a) + 1);
	ck_assert_msg(ops->load(a, &copy, &why) == 0, "load: %s\n%s",
	    why.msg.key, a);
	/* Play judged the state already: settle() finds nothing to end. */
	if (ops->settle != NULL)
		ops->settle(copy);
	b = malloc(n);
	ck_assert_ptr_nonnull(b);
	ck_assert_uint_eq(ops->save(copy, b, n), n);
	ck_assert_str_eq(a, b);
	ops->free(copy);
	free(a);
	free(b);
}

int
tg_turn(const struct game_ops *ops, const struct game_state *st)
{
	struct game_view	 v;

	ops->view(st, GAME_SEAT_GM, &v);
	ck_assert_int_eq(v.status, GAME_STATUS_RUNNING);
	ck_assert(v.due[0] != v.due[1]);
	return v.due[0] ? 0 : 1;
}

void
tg_assert_over(const struct game_ops *ops, const struct game_state *st,
    int winner, const char *prefix, const char *reason)
{
	struct game_view	 v;
	const struct game_msg	*m;
	char			 key[GAME_KEY_MAX];

	ops->view(st, GAME_SEAT_GM, &v);
	ck_assert_int_eq(v.status, GAME_STATUS_OVER);
	ck_assert_int_eq(v.winner, winner);
	ck_assert(!v.due[0] && !v.due[1]);
	snprintf(key, sizeof(key), "%s.result.%s", prefix,
	    winner == GAME_DRAWN ? "draw" : "win");
	m = tg_find(&v, key, NULL);
	ck_assert_msg(m != NULL, "no %s", key);
	ck_assert_str_eq(m->args[m->nargs - 1], reason);
}

bool
tg_utf8_complete(const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	int			 need, i;

	while (*p != '\0') {
		need = *p < 0x80 ? 0 : *p >= 0xf0 ? 3 : *p >= 0xe0 ? 2 :
		    *p >= 0xc0 ? 1 : -1;
		if (need < 0)
			return false;
		for (i = 1; i <= need; i++)
			if ((p[i] & 0xc0) != 0x80)
				return false;
		p += need + 1;
	}
	return true;
}

void
tg_umlauts(char *out, size_t len, const char *head)
{
	int	 i;

	snprintf(out, len, "%s", head);
	for (i = 0; i < 40; i++)
		strncat(out, "ä", len - strlen(out) - 1);
}

void
tg_long_option_quoted(const struct game_ops *ops, const char *key,
    size_t len)
{
	struct game_state	*st;
	struct game_diag	 why;
	char			 opt[128];

	tg_umlauts(opt, sizeof(opt), "");
	ck_assert_int_eq(ops->create(opt, 1, &st, &why), -1);
	ck_assert_str_eq(why.msg.key, key);
	ck_assert_msg(tg_utf8_complete(why.msg.args[0]), "%s",
	    why.msg.args[0]);
	ck_assert_uint_eq(strlen(why.msg.args[0]), len);
}
