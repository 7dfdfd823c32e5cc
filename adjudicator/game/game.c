/*
 * game.c - the registry of games and small helpers for their messages.
 *
 * Adding a game is one line in games[] and one folder under adjudicator/.
 * Nothing here does I/O.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/game/game.h"

extern const struct game_ops wkw_ops;
extern const struct game_ops kz_ops;
extern const struct game_ops dip_ops;
extern const struct game_ops wotk_ops;
extern const struct game_ops ari_ops;
extern const struct game_ops zombie_ops;

static const struct game_ops *const games[] = {
	&wkw_ops,
	&kz_ops,
	&dip_ops,
	&wotk_ops,
	&ari_ops,
	&zombie_ops,
};

/* Other words for a game in CREATE. */
static const struct {
	const char	*alias;
	const char	*name;
} aliases[] = {
	{ "diplomacy", "standard" },
	{ "way-of-the-knight", "wotk" },
	{ "wotn", "wotk" },
};

const struct game_ops *
game_find(const char *name)
{
	size_t	 i;

	for (i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
		if (strcasecmp(aliases[i].alias, name) == 0)
			name = aliases[i].name;
	for (i = 0; i < sizeof(games) / sizeof(games[0]); i++)
		if (strcasecmp(games[i]->name, name) == 0)
			return games[i];
	return NULL;
}

const struct game_ops *
game_at(int i)
{
	if (i < 0 || (size_t)i >= sizeof(games) / sizeof(games[0]))
		return NULL;
	return games[i];
}

static void
game_msg_vset(struct game_msg *m, const char *key, int nargs, va_list ap)
{
	int	 i;

	memset(m, 0, sizeof(*m));
	snprintf(m->key, sizeof(m->key), "%s", key);
	if (nargs > GAME_MSG_ARGS)
		nargs = GAME_MSG_ARGS;
	for (i = 0; i < nargs; i++)
		snprintf(m->args[i], sizeof(m->args[i]), "%s",
		    va_arg(ap, const char *));
	m->nargs = nargs;
}

/* The variadic arguments are nargs strings. */
void
game_msg_set(struct game_msg *m, const char *key, int nargs, ...)
{
	va_list	 ap;

	va_start(ap, nargs);
	game_msg_vset(m, key, nargs, ap);
	va_end(ap);
}

/* Appends one formatted argument; ignored past GAME_MSG_ARGS. */
void
game_msg_arg(struct game_msg *m, const char *fmt, ...)
{
	va_list	 ap;

	if (m->nargs >= GAME_MSG_ARGS)
		return;
	va_start(ap, fmt);
	vsnprintf(m->args[m->nargs], sizeof(m->args[0]), fmt, ap);
	va_end(ap);
	m->nargs++;
}

/* Returns -1 when the view is full (the message is dropped). */
int
game_view_add(struct game_view *v, const char *key, int nargs, ...)
{
	va_list	 ap;

	if (v->nmsgs >= GAME_VIEW_MSGS)
		return -1;
	va_start(ap, nargs);
	game_msg_vset(&v->msgs[v->nmsgs++], key, nargs, ap);
	va_end(ap);
	return 0;
}

void
game_diag_set(struct game_diag *d, const char *key, int nargs, ...)
{
	va_list	 ap;

	va_start(ap, nargs);
	game_msg_vset(&d->msg, key, nargs, ap);
	va_end(ap);
}
