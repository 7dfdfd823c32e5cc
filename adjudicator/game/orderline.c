/*
 * orderline.c - case- and space-tolerant reading of an order line, and
 * the quote of that line a refusal carries.
 *
 * Used by the games whose orders are short tokens ("b1-c2", "III h8 N9
 * E2"): each reads the compacted line against its own notation. Nothing
 * here knows a game. Pure; no allocation.
 */
#include <ctype.h>
#include <string.h>

#include "adjudicator/game/orderline.h"

int
orderline_compact(const char *line, char *out, size_t outlen)
{
	size_t	 n = 0;

	for (; *line != '\0'; line++) {
		if (isspace((unsigned char)*line))
			continue;
		if (n + 1 >= outlen)
			return -1;
		out[n++] = (char)toupper((unsigned char)*line);
	}
	out[n] = '\0';
	return 0;
}

void
orderline_quote(const char *line, char out[GAME_ARG_MAX])
{
	size_t	 n;

	while (isspace((unsigned char)*line))
		line++;
	n = strlen(line);
	while (n > 0 && isspace((unsigned char)line[n - 1]))
		n--;
	if (n >= GAME_ARG_MAX) {
		n = GAME_ARG_MAX - 1;
		while (n > 0 && ((unsigned char)line[n] & 0xc0) == 0x80)
			n--;
	}
	memcpy(out, line, n);
	out[n] = '\0';
}
