/*
 * registry.c - the games the judge knows, by name and by number.
 *
 * The top of the game layer: it names every game's ops table, and no game
 * names it back (the helpers the games share are in msg.c). Adding a game
 * is one line in games[] and one folder under adjudicator/. A word that
 * names no game is answered with the name it was nearest (CREATE g
 * diplomcy: diplomacy). Nothing here does I/O.
 */
#include <strings.h>

#include "adjudicator/game/game.h"
#include "common/nearest.h"

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

/* word becomes best when it is nearer to name than best so far (d). */
static void
game_nearer(const char *name, const char *word, const char **best, int *d)
{
	int	 n = nearest_distance(name, word);

	if (n < *d) {
		*d = n;
		*best = word;
	}
}

const char *
game_nearest(const char *name)
{
	const char	*best = NULL;
	size_t		 i;
	int		 d = nearest_limit(name) + 1;

	for (i = 0; i < sizeof(games) / sizeof(games[0]); i++)
		game_nearer(name, games[i]->name, &best, &d);
	for (i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
		game_nearer(name, aliases[i].alias, &best, &d);
	return best;
}
