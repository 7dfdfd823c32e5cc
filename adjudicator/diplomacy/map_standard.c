/*
 * map_standard.c - the standard map, maps/standard.map, as the loader
 * made it when the program was built (mapgen.c writes the bytes of that
 * struct dip_map into build/gen/dip_standard_image.c). A program or a
 * game state takes the map with one copy instead of reading the text at
 * every start (issue 18: 85 us a load, and the judge loads a game's map
 * for every state it reads). Apart from map.c, which the generator
 * links without this file. No I/O.
 */
#include <string.h>

#include "dip.h"

void
dip_map_standard(struct dip_map *out)
{
	memcpy(out, dip_standard_map_image, sizeof(*out));
}
