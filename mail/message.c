/*
 * message.c - releasing a struct message (message.h).
 *
 * mime_parse() builds messages; anyone holding one frees it here.
 */
#include <stdlib.h>

#include "message.h"

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
	free(m->date);
	free(m->content_language);
	free(m->text);
	free(m);
}
