/*
 * paintbox.c - the fonts, the map's drawing, the map grounds, the maps'
 * and the boards' bands the pictures share (paintbox.h): opened once, then lent to
 * each picture, so that no picture reads a font file or checks the map's
 * geometry again, maps alike start from one ground and boards alike share
 * their rows. Reads the font files at the
 * start; no other I/O.
 */
#include <stdlib.h>

#include "adjudicator/render/mappic_priv.h"
#include "adjudicator/render/paintbox.h"
#include "adjudicator/render/picture_priv.h"
#include "common/util.h"

struct paintbox {
	struct font		*font;
	struct mapgeo		*geo;		/* NULL until the first map */
	struct mappic_grounds	*grounds;
	struct picture_bands	*bands;
	struct mappic_bands	*mapbands;
};

struct paintbox *
paintbox_new(char *why, size_t whylen)
{
	struct paintbox	*p;

	p = xcalloc(1, sizeof(*p));
	if ((p->font = font_open(NULL, why, whylen)) == NULL) {
		free(p);
		return NULL;
	}
	p->grounds = mappic_grounds_new();
	p->bands = picture_bands_new();
	p->mapbands = mappic_bands_new();
	return p;
}

void
paintbox_free(struct paintbox *p)
{
	if (p == NULL)
		return;
	font_free(p->font);
	mapgeo_free(p->geo);
	mappic_grounds_free(p->grounds);
	picture_bands_free(p->bands);
	mappic_bands_free(p->mapbands);
	free(p);
}

const struct font *
paintbox_font(const struct paintbox *p)
{
	return p->font;
}

const struct mapgeo *
paintbox_map(struct paintbox *p, char *why, size_t whylen)
{
	if (p->geo == NULL)
		p->geo = mapgeo_standard(why, whylen);
	return p->geo;
}

struct mappic_grounds *
paintbox_grounds(struct paintbox *p)
{
	return p->grounds;
}

struct picture_bands *
paintbox_bands(struct paintbox *p)
{
	return p->bands;
}

struct mappic_bands *
paintbox_mapbands(struct paintbox *p)
{
	return p->mapbands;
}
