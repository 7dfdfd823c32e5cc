/*
 * html.h - the text a reader sees in an HTML mail, for mails without a
 * text/plain part.
 */
#ifndef PBEMD_HTML_H
#define PBEMD_HTML_H

#include <stddef.h>

#include "../common/util.h"

/*
 * Appends the text of the UTF-8 HTML in (len bytes) to out: tags removed,
 * script, style and title content dropped, entities decoded, <br> and block
 * elements as line breaks, white space collapsed outside <pre>. The content
 * of a <blockquote> is quoted text, not the sender's: it becomes one line
 * ">" so that body.c drops it together with its attribution line.
 */
void	html_to_text(const char *in, size_t len, struct buf *out);

#endif
