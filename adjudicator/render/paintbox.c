/*
 * paintbox.c - the fonts, the map's drawing and the map grounds the
 * pictures share (paintbox.h): opened once, then lent to each picture, so
 * that no picture reads a font file or checks the map's geometry again,
 * and maps alike start from one ground. Reads the font files at the
 * start; no other I/O.
 */
#include <stdlib.h>

#include "adjudicator/render/mappic_priv.h"
#include "adjudicator/render/paintbox.h"
#include "common/util.h"

struct paintbox {
	struct font		*font;
	struct mapgeo		*geo;		/* NULL until the first map */
	struct mappic_grounds	*grounds;
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
