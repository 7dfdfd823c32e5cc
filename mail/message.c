/*
 * message.c - releasing a struct message (message.h).
 *
 * mime_parse() builds messages; anyone holding one frees it here. And
 * the rule for an address a player names, which the judge stores and
 * writes to as if a mail had come from it.
 */
#include <stdlib.h>
#include <string.h>

#include "message.h"
#include "mime_priv.h"

void
message_free(struct message *m)
{
	if (m == NULL)
		return;
	free(m->reply_to);
	free(m->from);
	free(m->from_name);
	free(m->subject);
	free(m->message_id);
	free(m->references);
	free(m->in_reply_to);
	free(m->date);
	free(m->content_language);
	free(m->text);
	free(m);
}

bool
message_addr_ok(const char *addr)
{
	const char	*at, *p;
	size_t		 len;

	if (addr == NULL || (len = strlen(addr)) == 0 ||
	    len > MESSAGE_ADDR_MAX || (at = strrchr(addr, '@')) == NULL ||
	    at == addr || at[1] == '\0')
		return false;
	for (p = addr; *p != '\0'; p++)
		if ((unsigned char)*p <= ' ' || *p == 0x7f ||
		    strchr("<>\",;()[]\\", *p) != NULL)
			return false;
	/* Raw 8-bit that is not UTF-8 names nobody a reply could reach. */
	return mime_utf8_valid(addr, len);
}
